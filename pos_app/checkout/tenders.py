"""Cash and the bank's card terminal (no Qt; the money worker): a tender recorded, and the tenders handed back.

A tender counts once the journal has it: the first one begins the sale (`journal.tenders.begin`: its number
taken in the same transaction), each later one is added (`journal.tenders.take`), and the one that covers the total
makes the sale paid. Nothing is called: the cashier took the cash, or the bank's own terminal charged the card, before
the step is written. The tenders handed back (`hand_back`) end a sale the customer left before it was covered. The
rest by QPay is `charging.charge_rest`.
"""

from __future__ import annotations

from decimal import Decimal

from pos_app.domain.sale import Sale
from pos_app.domain.tenders import CardTender, CashTender
from pos_app.journal import Journal

__all__ = ["HANDED_BACK_REASON", "hand_back", "take_tender"]

# Recorded with tenders handed back: the customer left before the sale was covered.
HANDED_BACK_REASON = "The sale was cancelled before it was paid in full"


def take_tender(journal: Journal, sale: Sale, tender: CashTender | CardTender) -> str:
    """Record `tender` for `sale`: the first one begins it (`sale.number` empty), a later one is added. Returns
    the sale's number."""
    if not sale.number:
        return journal.tenders.begin(sale.lines, sale.total, sale.taxes, tender, sale.receipt_via,
                                     sale_discount=sale.sale_discount)
    journal.tenders.take(sale.number, tender)
    return sale.number


def hand_back(journal: Journal, number: str, reason: str = HANDED_BACK_REASON) -> Decimal:
    """The customer left before the sale was covered: its cash handed back, the terminal's charges voided on the
    terminal; the sale ends CANCELLED. Returns the amount handed back."""
    return journal.tenders.handed_back(number, reason)
