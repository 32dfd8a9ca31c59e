"""The journal's tenders table: cash and the bank's card terminal, one row a tender.

A tender counts once written (`counted`); it is `handed_back` when the sale was cancelled before its tenders
covered it (the cash given back, the terminal's charge voided there), and `refunded` when a finished sale was
returned. The functions here run inside the journal's own transactions; only the journal calls them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum

from pos_app.domain.sale import PaymentSeen
from pos_app.domain.tenders import CardTender, CashTender, TenderKind

from .schema import rows_by_sale

__all__ = ["CASH_TYPE", "TERMINAL_TYPE", "JournalTender", "TenderStatus", "insert", "move", "read", "tender_record"]

# How the day close names a tender's money beside QPay's payment types (CARD, P2P).
CASH_TYPE = "CASH"
TERMINAL_TYPE = "TERMINAL"
_KINDS = {TenderKind.CASH: "cash", TenderKind.CARD_TERMINAL: "card_terminal"}


class TenderStatus(str, Enum):
    COUNTED = "counted"
    HANDED_BACK = "handed_back"   # the sale was cancelled before it was covered
    REFUNDED = "refunded"         # the sale was returned


@dataclass(frozen=True)
class JournalTender:
    id: int
    tender: CashTender | CardTender
    status: TenderStatus
    at: datetime
    changed_at: datetime

    @property
    def kind(self) -> TenderKind:
        return self.tender.kind

    @property
    def amount(self) -> Decimal:
        return self.tender.amount

    @property
    def rounding(self) -> Decimal:
        """Cash: what it paid beyond the amount to be whole tögrög (it goes back with it); 0 for the card terminal."""
        return self.tender.rounding if isinstance(self.tender, CashTender) else Decimal(0)

    @property
    def is_kept(self) -> bool:
        return self.status is TenderStatus.COUNTED

    def as_payment(self) -> PaymentSeen:
        """The tender as the day close counts money: a payment of its own, typed CASH or TERMINAL."""
        kind = CASH_TYPE if self.kind is TenderKind.CASH else TERMINAL_TYPE
        return PaymentSeen(f"tender-{self.id}", self.amount, "", kind)


def tender_record(tender: JournalTender) -> dict[str, object]:
    """The tender in a step's detail, in the shape the day close reads payments."""
    payment = tender.as_payment()
    record: dict[str, object] = {"payment_id": payment.payment_id, "amount": str(payment.amount), "bank": "",
                                 "type": payment.kind}
    if isinstance(tender.tender, CashTender):
        record["given"] = str(tender.tender.given)
        if tender.tender.rounding:
            record["rounding"] = str(tender.tender.rounding)
    else:
        record["approval_code"] = tender.tender.approval_code
    return record


def insert(db: sqlite3.Connection, number: str, tender: CashTender | CardTender, at: str) -> int:
    given = tender.given if isinstance(tender, CashTender) else tender.amount
    rounding = tender.rounding if isinstance(tender, CashTender) else Decimal(0)
    code = tender.approval_code if isinstance(tender, CardTender) else ""
    cursor = db.execute("INSERT INTO tenders (number, kind, amount, given, approval_code, status, at, changed_at,"
                        " rounding) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (number, _KINDS[tender.kind], str(tender.amount), str(given), code,
                         TenderStatus.COUNTED.value, at, at, str(rounding)))
    assert cursor.lastrowid is not None
    return cursor.lastrowid


def move(db: sqlite3.Connection, number: str, before: TenderStatus, after: TenderStatus, at: str) -> int:
    return db.execute("UPDATE tenders SET status = ?, changed_at = ? WHERE number = ? AND status = ?",
                      (after.value, at, number, before.value)).rowcount


def read(db: sqlite3.Connection, numbers: list[str]) -> dict[str, tuple[JournalTender, ...]]:
    """Every tender of these sales, in the order they were taken."""
    found: dict[str, list[JournalTender]] = {}
    for row in rows_by_sale(db, "tenders", numbers):
        found.setdefault(row["number"], []).append(from_row(row))
    return {number: tuple(tenders) for number, tenders in found.items()}


def from_row(row: sqlite3.Row) -> JournalTender:
    amount = Decimal(row["amount"])
    tender: CashTender | CardTender
    if row["kind"] == "cash":
        # (rows shipped to the store by a till before migration 11 have no rounding)
        rounding = Decimal(row["rounding"]) if "rounding" in row.keys() else Decimal(0)
        tender = CashTender(amount, Decimal(row["given"]), rounding)
    else:
        tender = CardTender(amount, row["approval_code"])
    return JournalTender(row["id"], tender, TenderStatus(row["status"]), datetime.fromisoformat(row["at"]),
                         datetime.fromisoformat(row["changed_at"]))
