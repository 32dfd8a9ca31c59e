"""The till's people, its parked sales and the steps that belong to no sale, in the journal file.

* **people**: name, role and the PIN's scrypt hash (`pos_app.domain.people`); never the PIN. Nobody is ever
  deleted (their name stays on the sales they made): a person who left is marked inactive.
* **operator**: who is at the till now. Every step the journal logs from then on carries ``"by"``, and a sale
  begun, a shift opened or closed and cash put in or taken out record that name in their own row.
* **parked**: a cart put aside while its customer fetches their phone. It has no sale number yet (nothing
  was charged), so taking it back removes the row; the till's log keeps that it was parked and by whom.
* **till_events**: what happened at the till that is no sale's step (signed in, locked, the drawer opened
  without a sale, Settings opened, a price changed, someone added); append-only.
`JournalPeople` is a part of `Journal`.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING

from pos_app.domain.cart import CartLine
from pos_app.domain.discounts import Discount
from pos_app.domain.people import PIN_TAKEN, PeopleError, Person, Role, check_name, hash_pin, pin_matches

from .kept_cart import forget_kept_cart
from .record_text import dumps, line_record, sale_lines, time_text
from .schema import JournalError

if TYPE_CHECKING:
    from .journal import Journal

MAX_PARKED = 20
MAX_NOTE = 60


@dataclass(frozen=True)
class ParkedSale:
    id: int
    parked_at: datetime
    parked_by: str
    note: str
    total: Decimal                         # as the cart came to when parked
    lines: tuple[CartLine, ...]
    sale_discount: Discount | None


class JournalPeople:
    """People, the operator, parked carts and the till's log (mixed into `Journal`)."""

    operator: str = ""       # who is at the till: set when someone signs in, "" when nobody (or no PINs set up)

    # -- people --------------------------------------------------------------------------

    def people(self: Journal, *, everyone: bool = False) -> tuple[Person, ...]:
        rows = self._read("SELECT name, role, pin_hash, active FROM people ORDER BY name")
        return tuple(Person(row["name"], Role(row["role"]), row["pin_hash"]) for row in rows
                     if everyone or row["active"])

    def add_person(self: Journal, name: str, role: Role, pin: str) -> Person:
        """Someone new (or someone inactive back) with their PIN. A PIN another person uses is refused:
        the PIN alone says who signs in."""
        name = check_name(name)
        digest = hash_pin(pin)
        with self._writing() as db:
            self._refuse_taken_pin(db, pin, besides=name)
            now = time_text(self._now())
            db.execute("INSERT INTO people (name, role, pin_hash, active, changed_at) VALUES (?, ?, ?, 1, ?)"
                       " ON CONFLICT (name) DO UPDATE SET role = excluded.role, pin_hash = excluded.pin_hash,"
                       " active = 1, changed_at = excluded.changed_at", (name, Role(role).value, digest, now))
            self._till_event(db, "person_set", {"name": name, "role": Role(role).value})
        return Person(name, Role(role), digest)

    def retire_person(self: Journal, name: str) -> None:
        with self._writing() as db:
            if db.execute("UPDATE people SET active = 0, changed_at = ? WHERE name = ?",
                          (time_text(self._now()), name)).rowcount != 1:
                raise JournalError(f"There is nobody called {name!r}.")
            self._till_event(db, "person_retired", {"name": name})

    def _refuse_taken_pin(self: Journal, db: sqlite3.Connection, pin: str, besides: str) -> None:
        for row in db.execute("SELECT name, pin_hash FROM people WHERE active = 1 AND name != ?", (besides,)):
            if pin_matches(pin, row["pin_hash"]):
                raise PeopleError(PIN_TAKEN)

    # -- the till's own log --------------------------------------------------------------

    def note_till_event(self: Journal, kind: str, detail: dict[str, object] | None = None) -> None:
        with self._writing() as db:
            self._till_event(db, kind, detail or {})

    def _till_event(self: Journal, db: sqlite3.Connection, kind: str, detail: dict[str, object]) -> None:
        db.execute("INSERT INTO till_events (terminal, at, kind, by, detail_json) VALUES (?, ?, ?, ?, ?)",
                   (self.terminal_id, time_text(self._now()), kind, self.operator, dumps(detail)))

    def till_events(self: Journal, limit: int = 200) -> list[tuple[str, str, str, dict[str, object]]]:
        """The newest first: (time, kind, by, detail)."""
        rows = self._read("SELECT at, kind, by, detail_json FROM till_events WHERE terminal = ?"
                          " ORDER BY id DESC LIMIT ?", (self.terminal_id, limit))
        return [(row["at"], row["kind"], row["by"], json.loads(row["detail_json"])) for row in rows]

    # -- parked carts --------------------------------------------------------------------

    def park(self: Journal, lines: tuple[CartLine, ...], total: Decimal, sale_discount: Discount | None,
             note: str = "") -> int:
        if not lines:
            raise JournalError("An empty cart is not parked.")
        note = " ".join(str(note).split())[:MAX_NOTE]
        with self._writing() as db:
            (count,) = db.execute("SELECT count(*) FROM parked WHERE terminal = ?", (self.terminal_id,)).fetchone()
            if count >= MAX_PARKED:
                raise JournalError(f"{MAX_PARKED} sales are parked already: finish one first.")
            cursor = db.execute(
                "INSERT INTO parked (terminal, parked_at, parked_by, note, total, lines_json, discount_json)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (self.terminal_id, time_text(self._now()), self.operator, note, str(total),
                 dumps([line_record(line) for line in lines]),
                 dumps(sale_discount.record()) if sale_discount is not None else None))
            assert cursor.lastrowid is not None
            forget_kept_cart(db, self.terminal_id)      # parked: the parked row brings it back, not this one
            self._till_event(db, "sale_parked", {"parked": cursor.lastrowid, "total": str(total),
                                                 "lines": len(lines)})
            return cursor.lastrowid

    def parked(self: Journal) -> tuple[ParkedSale, ...]:
        rows = self._read("SELECT * FROM parked WHERE terminal = ? ORDER BY id", (self.terminal_id,))
        return tuple(_parked_from(row) for row in rows)

    def unpark(self: Journal, parked_id: int) -> ParkedSale:
        """Take a parked cart back (it leaves the list)."""
        with self._writing() as db:
            row = db.execute("SELECT * FROM parked WHERE id = ? AND terminal = ?",
                             (parked_id, self.terminal_id)).fetchone()
            if row is None:
                raise JournalError("That parked sale was taken back already.")
            db.execute("DELETE FROM parked WHERE id = ?", (parked_id,))
            self._till_event(db, "sale_resumed", {"parked": parked_id, "total": row["total"]})
        return _parked_from(row)


def _parked_from(row: sqlite3.Row) -> ParkedSale:
    discount = row["discount_json"]
    return ParkedSale(row["id"], datetime.fromisoformat(row["parked_at"]), row["parked_by"], row["note"],
                      Decimal(row["total"]), sale_lines(row["lines_json"]),
                      Discount.from_record(json.loads(discount)) if discount else None)
