"""The journal's receipts table: one row per ebarimt the service made for a sale.

A sale paid in several payments has one receipt for each payment, and a
receipt voided while the money was kept stays beside the one issued again
after it. Each row keeps the receiver the service recorded (which after a lost
answer may differ from the one the cashier chose last). The functions here run
inside the journal's own transactions (`JournalStore.writing`); only the journal
calls them.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from enum import Enum
from typing import Any, Iterable, Mapping

from pos_app.domain.sale import IssuedReceipt, Receiver, ReceiverKind

from .schema import rows_by_sale


QPAY = "qpay"
POSAPI = "posapi"


class ReceiptStatus(str, Enum):
    """A sale's receipt summary (the `sales.receipt_status` column); rows use ISSUED, CANCELLING, CANCELLED."""

    PENDING = "pending"
    ISSUED = "issued"
    FAILED = "failed"
    CANCELLING = "cancelling"
    CANCELLED = "cancelled"
    CORRECTED = "corrected"     # a row only: a newer receipt replaced it (PosAPI's inactiveId); no longer valid


@dataclass(frozen=True)
class JournalReceipt:
    """One receipt row: what the service issued, and where it stands in the tax system."""

    receipt: IssuedReceipt
    status: ReceiptStatus
    issued_at: datetime
    changed_at: datetime
    failure: str = ""            # why the last void of it was refused
    kind: str = QPAY             # QPAY: QPay's ebarimt of one payment; POSAPI: the whole sale's, through PosAPI
    printed_at: str = ""         # PosAPI: the `date` it answered (its void names the receipt by id and date)
    bill: str = ""               # PosAPI: the till's bill number sent with it (billIdSuffix)
    row_id: int = 0
    replaces: int | None = None  # the row of the receipt this one corrected (PosAPI's inactiveId)
    settled: str = ""            # a manager said it was put right outside the till (who, when, what they said)

    @property
    def is_posapi(self) -> bool:
        return self.kind == POSAPI

    @property
    def details_lost(self) -> bool:
        """PosAPI issued it (asking again found its bill number taken) but its answer, id and lottery were lost."""
        return self.is_posapi and not self.receipt.receipt_id

    @property
    def voidable_at_till(self) -> bool:
        """The till can ask its void: PosAPI's DELETE takes receipts to individuals (B2C) only; one to an
        organization is corrected (`inactiveId`) or put right in the ebarimt portal."""
        return not (self.is_posapi and self.receipt.receiver.kind is ReceiverKind.ORGANIZATION)

    @property
    def payment_id(self) -> str:
        return self.receipt.payment_id

    @property
    def is_valid(self) -> bool:
        """Counts in the tax system: issued, or being voided (until the void is confirmed)."""
        return self.status in (ReceiptStatus.ISSUED, ReceiptStatus.CANCELLING)


def insert(db: sqlite3.Connection, number: str, receipt: IssuedReceipt, at: str,
           money: dict[str, str], *, kind: str = QPAY, printed_at: str = "", bill: str = "",
           replaces: int | None = None) -> None:
    """A receipt issued. A PosAPI receipt's lottery and QR data are never written: the spec allows them only on
    the printed receipt (they are printed from memory, `pos_app.checkout.print_only`)."""
    lottery, qr_data = ("", "") if kind == POSAPI else (receipt.lottery, receipt.qr_data)
    db.execute("INSERT INTO receipts (number, payment_id, receipt_id, lottery, qr_data, amount, vat, city_tax,"
               " receiver_kind, receiver_register, receiver_name, status, issued_at, changed_at, kind, printed_at,"
               " bill, replaces) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
               (number, receipt.payment_id, receipt.receipt_id, lottery, qr_data, money["amount"],
                money["vat"], money["city_tax"], receipt.receiver.kind.value, receipt.receiver.register,
                receipt.receiver.name, ReceiptStatus.ISSUED.value, at, at, kind, printed_at, bill, replaces))


def rows_of(db: sqlite3.Connection, number: str) -> list[sqlite3.Row]:
    return db.execute("SELECT * FROM receipts WHERE number = ? ORDER BY id", (number,)).fetchall()


def move(db: sqlite3.Connection, number: str, before: ReceiptStatus, after: ReceiptStatus, at: str,
         payment_id: str | None = None, failure: str = "") -> int:
    """Move the sale's rows in `before` (only `payment_id`'s, when given) to `after`; returns how many moved."""
    sql = "UPDATE receipts SET status = ?, changed_at = ?, failure = ? WHERE number = ? AND status = ?"
    params: list[object] = [after.value, at, failure, number, before.value]
    if payment_id is not None:
        sql += " AND payment_id = ?"
        params.append(payment_id)
    return db.execute(sql, params).rowcount


def summary_status(rows: Iterable[sqlite3.Row]) -> ReceiptStatus:
    """The sale's receipt summary after its rows changed: a void still asked wins, then a valid receipt."""
    statuses = {row["status"] for row in rows}
    if ReceiptStatus.CANCELLING.value in statuses:
        return ReceiptStatus.CANCELLING
    if ReceiptStatus.ISSUED.value in statuses:
        return ReceiptStatus.ISSUED
    return ReceiptStatus.CANCELLED


def read(db: sqlite3.Connection, numbers: list[str]) -> dict[str, tuple[JournalReceipt, ...]]:
    """Every receipt of these sales, in the order they were recorded."""
    found: dict[str, list[JournalReceipt]] = {}
    for row in rows_by_sale(db, "receipts", numbers):
        found.setdefault(row["number"], []).append(from_row(row))
    return {number: tuple(receipts) for number, receipts in found.items()}


def from_row(row: sqlite3.Row | Mapping[str, Any]) -> JournalReceipt:
    """The receipt of one row (anything indexable by column name: the store rebuilds shipped rows with it)."""
    receipt = IssuedReceipt(
        receipt_id=row["receipt_id"], lottery=row["lottery"], qr_data=row["qr_data"],
        amount=Decimal(row["amount"]), vat=Decimal(row["vat"]), city_tax=Decimal(row["city_tax"]),
        receiver=Receiver(ReceiverKind(row["receiver_kind"]), row["receiver_register"],
                          row["receiver_name"] if "receiver_name" in row.keys() else ""),
        payment_id=row["payment_id"])
    names = set(row.keys())      # a row shipped before the columns of issue 31 lacks them
    return JournalReceipt(receipt, ReceiptStatus(row["status"]), datetime.fromisoformat(row["issued_at"]),
                          datetime.fromisoformat(row["changed_at"]), row["failure"], row["kind"], row["printed_at"],
                          row["bill"], int(row["id"]) if "id" in names else 0,
                          row["replaces"] if "replaces" in names else None,
                          row["settled"] if "settled" in names else "")


def corrected_row(db: sqlite3.Connection, number: str, request: str) -> sqlite3.Row | None:
    """The valid PosAPI receipt of the sale that `request` names as the one it replaces (`inactiveId`), if any."""
    try:
        inactive = json.loads(request).get("inactiveId") if request else None
    except (ValueError, AttributeError):
        return None
    if not inactive:
        return None
    found: sqlite3.Row | None = db.execute(
        "SELECT * FROM receipts WHERE number = ? AND receipt_id = ? AND kind = ? AND status = ?",
        (number, inactive, POSAPI, ReceiptStatus.ISSUED.value)).fetchone()
    return found
