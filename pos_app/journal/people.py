"""The till's people in the journal file: name, role and the PIN's scrypt hash (`pos_app.domain.people`); never
the PIN.

Nobody is ever deleted (their name stays on the sales they made): a person who left is marked inactive. Who is at
the till now is the GUI's to say (`acting`): every step the journal logs from then on carries ``"by"``.
"""

from __future__ import annotations

import sqlite3

from pos_app.domain.people import PIN_TAKEN, PeopleError, Person, Role, check_name, hash_pin, pin_matches

from .record_text import time_text
from .schema import JournalError
from .store import JournalStore
from .till_log import TillLog

__all__ = ["People"]


class People:
    """The people of `store`'s file; each change is noted in `till_log`."""

    def __init__(self, store: JournalStore, till_log: TillLog) -> None:
        self.store = store
        self.till_log = till_log

    def read(self, *, everyone: bool = False) -> tuple[Person, ...]:
        """The active people by name (`everyone`: those who left too)."""
        rows = self.store.read("SELECT name, role, pin_hash, active FROM people ORDER BY name")
        return tuple(Person(row["name"], Role(row["role"]), row["pin_hash"]) for row in rows
                     if everyone or row["active"])

    def add(self, name: str, role: Role, pin: str) -> Person:
        """Someone new (or someone inactive back) with their PIN. A PIN another person uses is refused:
        the PIN alone says who signs in."""
        name = check_name(name)
        digest = hash_pin(pin)
        with self.store.writing() as db:
            _refuse_taken_pin(db, pin, besides=name)
            now = time_text(self.store.now())
            db.execute("INSERT INTO people (name, role, pin_hash, active, changed_at) VALUES (?, ?, ?, 1, ?)"
                       " ON CONFLICT (name) DO UPDATE SET role = excluded.role, pin_hash = excluded.pin_hash,"
                       " active = 1, changed_at = excluded.changed_at", (name, Role(role).value, digest, now))
            self.till_log.write(db, "person_set", {"name": name, "role": Role(role).value})
        return Person(name, Role(role), digest)

    def retire(self, name: str) -> None:
        with self.store.writing() as db:
            if db.execute("UPDATE people SET active = 0, changed_at = ? WHERE name = ?",
                          (time_text(self.store.now()), name)).rowcount != 1:
                raise JournalError(f"There is nobody called {name!r}.")
            self.till_log.write(db, "person_retired", {"name": name})


def _refuse_taken_pin(db: sqlite3.Connection, pin: str, besides: str) -> None:
    for row in db.execute("SELECT name, pin_hash FROM people WHERE active = 1 AND name != ?", (besides,)):
        if pin_matches(pin, row["pin_hash"]):
            raise PeopleError(PIN_TAKEN)
