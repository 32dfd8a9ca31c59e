"""Which till owns which invoice: written before the create is forwarded (so a till that asks again after a
lost answer finds its own invoice, and no other till can take its `sender_invoice_no`)."""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Engine, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from .db import invoices
from .jsonio import usable_text

logger = logging.getLogger(__name__)


class TakenByAnotherTill(Exception):
    """The `sender_invoice_no` is another till's."""


@dataclass(frozen=True)
class InvoiceRow:
    ref: str
    till: str
    sender_invoice_no: str
    invoice_id: str | None
    till_callback_url: str


def _row(found: object) -> InvoiceRow | None:
    if found is None:
        return None
    return InvoiceRow(found.ref, found.till, found.sender_invoice_no, found.invoice_id,  # type: ignore[attr-defined]
                      found.till_callback_url)  # type: ignore[attr-defined]


OWNERS_REMEMBERED = 50_000    # invoices whose till is remembered (a few MB): a busy chain's day and more


class InvoiceRows:
    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        # An invoice's till never changes once its id is on a row (`made` and `take_on` set it once, nothing
        # deletes a row), so every copy of the store may remember it: one database read less on each call.
        self._owners: OrderedDict[str, str] = OrderedDict()
        # Rows whose invoice is made (nothing on them changes after: a callback's look-up by reference), kept
        # as the owners are, up to `OWNERS_REMEMBERED`.
        self._made_rows: OrderedDict[str, InvoiceRow] = OrderedDict()
        self._owners_lock = threading.Lock()

    def claim(self, till: str, sender_invoice_no: str, till_callback_url: str, holder: str | None = None,
              until: float | None = None) -> tuple[InvoiceRow, bool]:
        """This till's row for `sender_invoice_no` and whether it is new (it was there: ask QPay first). A new
        row is written with its create lease already `holder`'s (until `until`), so nobody else sends it."""
        row = InvoiceRow(secrets.token_urlsafe(18), till, sender_invoice_no, None, till_callback_url)
        try:
            with self._engine.begin() as db:
                db.execute(insert(invoices).values(
                    ref=row.ref, till=till, sender_invoice_no=sender_invoice_no,
                    till_callback_url=till_callback_url, created_at=datetime.now(UTC).isoformat(),
                    sending_by=holder, sending_until=until))
            return row, True
        except IntegrityError:
            there = self.by_sender(sender_invoice_no)
            if there is None or there.till != till:
                raise TakenByAnotherTill(sender_invoice_no) from None
            return there, False

    def take_lease(self, ref: str, holder: str, now: float, until: float) -> bool:
        """The claim's create lease for `holder` until `until`, if its invoice is not made yet and nobody holds
        a lease that is still running at `now`: one statement, so of copies asking at once one gets it."""
        with self._engine.begin() as db:
            return bool(db.execute(update(invoices).where(
                invoices.c.ref == ref, invoices.c.invoice_id.is_(None),
                or_(invoices.c.sending_until.is_(None), invoices.c.sending_until < now),
            ).values(sending_by=holder, sending_until=until)).rowcount == 1)

    def release_lease(self, ref: str, holder: str) -> None:
        """Give the lease back (a lease taken over by another since is theirs: left alone)."""
        with self._engine.begin() as db:
            db.execute(update(invoices).where(invoices.c.ref == ref, invoices.c.sending_by == holder)
                       .values(sending_by=None, sending_until=None))

    def lease_of(self, ref: str) -> tuple[str | None, float | None]:
        """Who holds the claim's create lease, and until when (None, None: nobody)."""
        with self._engine.connect() as db:
            found = db.execute(select(invoices.c.sending_by, invoices.c.sending_until)
                               .where(invoices.c.ref == ref)).first()
        return (found.sending_by, found.sending_until) if found is not None else (None, None)

    def made(self, ref: str, invoice_id: str) -> bool:
        """QPay's id for the claim, kept once: a claim never changes its invoice (False: it had another). The same
        statement ends the claim's create lease, which means nothing once the invoice is made (`take_lease`)."""
        with self._engine.begin() as db:
            changed = db.execute(update(invoices).where(invoices.c.ref == ref, invoices.c.invoice_id.is_(None))
                                 .values(invoice_id=invoice_id, sending_by=None, sending_until=None)
                                 .returning(*invoices.c)).first()
        if changed is not None:
            self._remember(_row(changed))
            return True
        row = self.by_ref(ref)
        if row is not None and row.invoice_id != invoice_id:
            logger.warning("claim %s has invoice %s; QPay answered with %s as well", row.sender_invoice_no,
                           row.invoice_id, invoice_id)
            return False
        return row is not None

    def take_on(self, till: str, sender_invoice_no: str, invoice_id: str) -> bool:
        """Claim an invoice the till made without the store (its own number): False when it is claimed."""
        if not (usable_text(sender_invoice_no) and usable_text(invoice_id)):
            return False                      # QPay's answer held what no database keeps: no claim
        try:
            with self._engine.begin() as db:
                db.execute(insert(invoices).values(
                    ref=secrets.token_urlsafe(18), till=till, sender_invoice_no=sender_invoice_no,
                    invoice_id=invoice_id, till_callback_url="", created_at=datetime.now(UTC).isoformat()))
            return True
        except IntegrityError:
            return self.owner(invoice_id) == till

    # A value no row can hold (a NUL, which PostgreSQL refuses even to compare) finds nothing: never a 500.
    def by_ref(self, ref: str) -> InvoiceRow | None:
        remembered = self.remembered_ref(ref)
        if remembered is not None:
            return remembered
        row = self._one(invoices.c.ref == ref) if usable_text(ref) else None
        self._remember(row)
        return row

    def remembered_ref(self, ref: str) -> InvoiceRow | None:
        """The row of a made invoice by its reference, if remembered (asks the database nothing)."""
        with self._owners_lock:
            return self._made_rows.get(ref)

    def by_sender(self, sender_invoice_no: str) -> InvoiceRow | None:
        if not usable_text(sender_invoice_no):
            return None
        return self._one(invoices.c.sender_invoice_no == sender_invoice_no)

    def by_invoice(self, invoice_id: str) -> InvoiceRow | None:
        return self._one(invoices.c.invoice_id == invoice_id) if usable_text(invoice_id) else None

    def remembered_owner(self, invoice_id: str) -> str | None:
        """The till of an invoice whose owner was looked up lately (`owner`), asking the database nothing."""
        with self._owners_lock:
            return self._owners.get(invoice_id)

    def owner(self, invoice_id: str) -> str | None:
        with self._owners_lock:
            till = self._owners.get(invoice_id)
            if till is not None:
                self._owners.move_to_end(invoice_id)
                return till
        row = self.by_invoice(invoice_id)
        if row is None:
            return None            # not known yet: never remembered, so a claim made later is found
        self._remember(row)
        return row.till

    def _remember(self, row: InvoiceRow | None) -> None:
        """A row whose invoice is made: its till and reference (a claim not made yet is never remembered)."""
        if row is None or row.invoice_id is None:
            return
        with self._owners_lock:
            self._owners[row.invoice_id] = row.till
            self._owners.move_to_end(row.invoice_id)
            self._made_rows[row.ref] = row
            self._made_rows.move_to_end(row.ref)
            for remembered in (self._owners, self._made_rows):
                while len(remembered) > OWNERS_REMEMBERED:
                    remembered.popitem(last=False)

    def _one(self, condition: object) -> InvoiceRow | None:
        with self._engine.connect() as db:
            return _row(db.execute(select(invoices).where(condition)).first())  # type: ignore[arg-type]
