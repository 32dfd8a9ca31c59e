"""Status values of the contract and the live service, and their normal forms.

Models keep statuses as the plain strings the service sent (an unknown value
must never break parsing); code that decides something compares normalised
values from these helpers against these constants.
"""

from __future__ import annotations

__all__ = [
    "BarimtStatus",
    "InvoiceStatus",
    "PaymentStatus",
    "ReceiverType",
    "normalize_barimt_status",
    "normalize_invoice_status",
    "normalize_payment_status",
    "normalize_receiver_type",
]


class InvoiceStatus:
    OPEN = "OPEN"
    CLOSED = "CLOSED"  # fully paid
    CANCELLED = "CANCELLED"
    EXPIRED = "EXPIRED"  # made with enable_expiry and past its expiry_date: takes no more payment


class PaymentStatus:
    PAID = "PAID"
    PENDING = "PENDING"
    CANCELLED = "CANCELLED"
    REFUNDED = "REFUNDED"
    # Seen on the live service only.
    NEW = "NEW"
    FAILED = "FAILED"
    PARTIAL = "PARTIAL"


class BarimtStatus:
    CREATED = "CREATED"
    CANCELLED = "CANCELLED"


class ReceiverType:
    INDIVIDUAL = "83"
    ORGANIZATION = "84"


def _upper(value: object) -> str:
    return str(value).strip().upper() if value is not None else ""


# The live service spells it with one L in some places.
_COMMON = {"CANCELED": "CANCELLED"}


def normalize_invoice_status(value: object) -> str:
    """``PAID`` (some integrations) becomes ``CLOSED``; ``CANCELED`` becomes ``CANCELLED``."""
    status = _upper(value)
    if status == "PAID":
        return InvoiceStatus.CLOSED
    return _COMMON.get(status, status)


def normalize_payment_status(value: object) -> str:
    status = _upper(value)
    return _COMMON.get(status, status)


def normalize_barimt_status(value: object) -> str:
    """``REGISTERED`` (live) is ``CREATED``; ``CANCELED`` is ``CANCELLED``."""
    status = _upper(value)
    if status == "REGISTERED":
        return BarimtStatus.CREATED
    return _COMMON.get(status, status)


def normalize_receiver_type(value: object) -> str:
    """``CITIZEN``/``COMPANY`` (live) become the contract's ``83``/``84``."""
    kind = _upper(value)
    return {"CITIZEN": ReceiverType.INDIVIDUAL, "COMPANY": ReceiverType.ORGANIZATION}.get(kind, kind)
