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

from typing import TYPE_CHECKING

from pos_app.lazy import lazy_names

if TYPE_CHECKING:    # what type checkers and the installer's bundler read; loaded when first used
    from .builders import (
        PosIdentity as PosIdentity,
        ReceiptLine as ReceiptLine,
        build_receipt as build_receipt,
        line_amount as line_amount,
        line_taxes as line_taxes,
    )
    from .client import (
        DEFAULT_LOCAL_URL as DEFAULT_LOCAL_URL,
        EBARIMT_API_URL as EBARIMT_API_URL,
        EBARIMT_STAGING_URL as EBARIMT_STAGING_URL,
        EbarimtLookupClient as EbarimtLookupClient,
        PosApiClient as PosApiClient,
    )
    from .errors import (
        DataNotSentError as DataNotSentError,
        InvalidRequestError as InvalidRequestError,
        InvalidResponseError as InvalidResponseError,
        LotteriesExhaustedError as LotteriesExhaustedError,
        NotFoundError as NotFoundError,
        OutcomeUnknownError as OutcomeUnknownError,
        PaymentIncompleteError as PaymentIncompleteError,
        PosApiConnectionError as PosApiConnectionError,
        PosApiError as PosApiError,
        PosNotReadyError as PosNotReadyError,
        ReceiptRefusedError as ReceiptRefusedError,
        ServerError as ServerError,
        error_for as error_for,
    )
    from .models import (
        BankAccount as BankAccount,
        Branch as Branch,
        OrgData as OrgData,
        PosInfo as PosInfo,
        ProductTaxCode as ProductTaxCode,
        ReceiptIssued as ReceiptIssued,
    )
    from .readiness_rules import (
        DEFAULT_MAX_UNSENT as DEFAULT_MAX_UNSENT,
        Readiness as Readiness,
        check_ready as check_ready,
        readiness as readiness,
    )
    from .receipt_request import (
        BarCodeType as BarCodeType,
        CardData as CardData,
        PaymentEntry as PaymentEntry,
        ReceiptRequest as ReceiptRequest,
        ReceiptType as ReceiptType,
        TaxType as TaxType,
        VoidRequest as VoidRequest,
    )
    from .retry import (
        DEFAULT_RETRY_POLICY as DEFAULT_RETRY_POLICY,
        CallKind as CallKind,
        RetryPolicy as RetryPolicy,
        call_kind as call_kind,
        retry_delay as retry_delay,
    )

__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "builders": "PosIdentity ReceiptLine build_receipt line_amount line_taxes",
    "client": "DEFAULT_LOCAL_URL EBARIMT_API_URL EBARIMT_STAGING_URL EbarimtLookupClient PosApiClient",
    "errors": "DataNotSentError InvalidRequestError InvalidResponseError LotteriesExhaustedError NotFoundError "
              "OutcomeUnknownError PaymentIncompleteError PosApiConnectionError PosApiError PosNotReadyError "
              "ReceiptRefusedError ServerError error_for",
    "models": "BankAccount Branch OrgData PosInfo ProductTaxCode ReceiptIssued",
    "readiness_rules": "DEFAULT_MAX_UNSENT Readiness check_ready readiness",
    "receipt_request": "BarCodeType CardData PaymentEntry ReceiptRequest ReceiptType TaxType VoidRequest",
    "retry": "DEFAULT_RETRY_POLICY CallKind RetryPolicy call_kind retry_delay",
})
