"""Client of PosAPI 3.0, the tax authority's local receipt service (ebarimt) a shop runs beside its tills.

Example::

    from decimal import Decimal
    from pos_app.posapi import PaymentEntry, PosApiClient, PosIdentity, ReceiptLine, build_receipt

    pos = PosIdentity(merchant_tin="37900846788", pos_no="001", branch_no="001", district_code="2501")
    request = build_receipt(pos, [ReceiptLine("Талх", Decimal(1), Decimal("5600"), city_taxed=True)],
                            [PaymentEntry.cash(Decimal("5600"))], bill_id_suffix="000123")
    with PosApiClient("http://localhost:7080") as posapi:   # from a worker thread
        issued = posapi.issue_receipt(request)              # OutcomeUnknownError: settle, never resend

No Qt here: the GUI calls it from its worker threads.
"""

from .builders import PosIdentity, ReceiptLine, build_receipt, line_amount, line_taxes
from .client import (
    DEFAULT_LOCAL_URL,
    EBARIMT_API_URL,
    EBARIMT_STAGING_URL,
    EbarimtLookupClient,
    PosApiClient,
)
from .errors import (
    DataNotSentError,
    InvalidRequestError,
    InvalidResponseError,
    LotteriesExhaustedError,
    NotFoundError,
    OutcomeUnknownError,
    PaymentIncompleteError,
    PosApiConnectionError,
    PosApiError,
    PosNotReadyError,
    ReceiptRefusedError,
    ServerError,
    error_for,
)
from .models import BankAccount, Branch, OrgData, PosInfo, ProductTaxCode, ReceiptIssued
from .readiness import DEFAULT_MAX_UNSENT, Readiness, check_ready, readiness
from .receipt_request import (
    BarCodeType,
    CardData,
    PaymentEntry,
    ReceiptRequest,
    ReceiptType,
    TaxType,
    VoidRequest,
)
from .retry import DEFAULT_RETRY_POLICY, CallKind, RetryPolicy, call_kind, retry_delay

__all__ = [
    "DEFAULT_LOCAL_URL", "DEFAULT_MAX_UNSENT", "DEFAULT_RETRY_POLICY", "EBARIMT_API_URL", "EBARIMT_STAGING_URL",
    "BankAccount", "BarCodeType", "Branch", "CallKind", "CardData", "DataNotSentError", "EbarimtLookupClient",
    "InvalidRequestError", "InvalidResponseError", "LotteriesExhaustedError", "NotFoundError", "OrgData",
    "OutcomeUnknownError", "PaymentEntry", "PaymentIncompleteError", "PosApiClient", "PosApiConnectionError",
    "PosApiError", "PosIdentity", "PosInfo", "PosNotReadyError", "ProductTaxCode", "Readiness",
    "ReceiptIssued", "ReceiptLine", "ReceiptRefusedError", "ReceiptRequest", "ReceiptType", "RetryPolicy",
    "ServerError", "TaxType", "VoidRequest", "build_receipt", "call_kind", "check_ready", "error_for",
    "line_amount", "line_taxes", "readiness", "retry_delay",
]
