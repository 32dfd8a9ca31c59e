"""The refusals of a sale's tenders: `TenderError`, an English template with ``{name}`` fields and its params (as
`CartError`), so the window can translate it; every template is listed in `TENDER_MESSAGES`."""

from __future__ import annotations

__all__ = ["TENDER_MESSAGES", "TenderError"]

# -- the messages (templates for `TenderError`) --------------------------------------------------------------
NOT_A_NUMBER = "Amount {value} is not a number"
BAD_AMOUNT = "An amount must be above 0, below 10^12, with at most 2 decimals"
BAD_TOTAL = "The sale's total must be above 0, below 10^12, with at most 2 decimals"
NOTHING_DUE = "Nothing more is due: the sale is paid"
COMPLETED = "The sale is completed: its tenders cannot change"
NOT_COVERED = "{due} is still due"
OVER_DUE_CARD = "A card terminal gives no change: charge at most {due}"
OVER_DUE_QPAY = "A QPay payment may cover at most {due}"
OVER_DUE_CASH = "Cash applies at most {due} to the sale: the rest is change"
BAD_APPROVAL_CODE = "The approval code is 4 to 12 letters or digits, as on the terminal's slip"
NO_PAYMENT_ID = "A QPay tender needs the id of its payment"
BAD_PAYMENT_ID = "QPay payment id {value} is not valid"
TOO_MANY_PAYMENT_IDS = "A QPay tender holds at most {maximum} payments"
NO_TENDER = "There is no tender to take off"
BAD_CHANGE = "Only the tender that covers the sale gives change"
CASH_NOT_WHOLE = "Cash is whole tögrög: {value} has möngö"
BAD_ROUNDING = "Only the cash that covers the sale is rounded, and by at most 50 ₮"
ABSURD_CASH = "{given} in cash would leave {change} of change: no till hands that back. Type what the customer gave"

TENDER_MESSAGES = (NOT_A_NUMBER, BAD_AMOUNT, BAD_TOTAL, NOTHING_DUE, COMPLETED, NOT_COVERED, OVER_DUE_CARD,
                   OVER_DUE_QPAY, OVER_DUE_CASH, BAD_APPROVAL_CODE, NO_PAYMENT_ID, BAD_PAYMENT_ID,
                   TOO_MANY_PAYMENT_IDS, NO_TENDER, BAD_CHANGE, CASH_NOT_WHOLE, BAD_ROUNDING, ABSURD_CASH)


class TenderError(ValueError):
    """A tender the sale refuses, with a message fit to show the cashier.

    `template` (English, with ``{name}`` fields; one of `TENDER_MESSAGES`) and `params` let the window
    translate the message; ``str()`` is the English text.
    """

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))
