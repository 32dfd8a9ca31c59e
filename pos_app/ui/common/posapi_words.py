"""What each PosAPI failure means for the cashier, and what to do next (as `error_words` does for QPay's codes).

PosAPI 3.0 has no error codes: a refusal is a `message` in free text, in English or Mongolian, which the journal
keeps for the manager (the history's details). The cashier reads the till's words instead, chosen by what the
message is about: the first rule whose words all appear in it (lower case) wins; a refusal none names gets words
that still say what to do.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from pos_app.posapi import errors as posapi_errors

translate = QCoreApplication.translate     # lupdate reads translate("Errors", "...") calls


def _refusal_rules() -> tuple[tuple[tuple[str, ...], str], ...]:
    """(words the message holds, the cashier's words), the more particular first; translated when called."""
    organization = translate("Errors", "The tax system does not know this organization: check the register number "
                                       "with the customer, or issue the receipt to an individual.")
    return (
        (("customertin",), organization),
        (("regno",), organization),
        (("бүртгэлгүй",), organization),
        (("merchanttin",), translate("Errors", "PosAPI does not know this shop as set in Settings: the manager checks "
                                               "the shop's TIN, POS and branch number (Settings, Tax receipt).")),
        (("billidsuffix",), translate("Errors", "Another till used this bill number today: give each till its own "
                                                "number on receipts (Settings, Tax receipt, Till), then try again.")),
        (("lotter",), translate("Errors", "PosAPI has no lottery numbers left: send its data to the tax system "
                                          "(PosAPI's sendData) and try again.")),
        (("not been sent",), translate("Errors", "PosAPI has not sent its receipts to the tax system for too long: "
                                                 "send its data (sendData) and try again.")),
        (("senddata",), translate("Errors", "PosAPI has not sent its receipts to the tax system for too long: send "
                                            "its data (sendData) and try again.")),
        (("districtcode",), translate("Errors", "PosAPI refused the shop's district code: the manager sets it "
                                                "(Settings, Tax receipt), then try again.")),
        (("bankaccount",), translate("Errors", "PosAPI has no bank account of the shop for this payment: the manager "
                                               "registers it with the tax system, then try again.")),
        (("taxproductcode",), translate("Errors", "An item's tax type needs its product tax code: the manager checks "
                                                  "the item's tax settings, then try again.")),
        (("only b2c",), translate("Errors", "PosAPI voids receipts to individuals only: an organization's receipt is "
                                            "corrected by returning its items in the history (Shift+F7).")),
        (("already",), translate("Errors", "PosAPI says the receipt was voided or corrected already: look at the "
                                           "sale in the history (F4).")),
        (("not issued at",), translate("Errors", "PosAPI does not find the receipt at its date: void it in PosAPI "
                                                 "itself, then mark it in the history.")),
        (("reportmonth",), translate("Errors", "A receipt for last month can be issued on the first seven days of a "
                                               "month only: issue it for this month.")),
        (("payment",), translate("Errors", "PosAPI refused the sale's payments: check that they cover the total in "
                                           "the history (F4); if it repeats, call support with the sale number.")),
        (("add up",), translate("Errors", "PosAPI found the receipt's sums do not add up: the sale is kept; call "
                                          "support with the sale number.")),
    )


def posapi_words(error: posapi_errors.PosApiError) -> str:
    """Why PosAPI failed, and what to do, in the till's words (never PosAPI's own text)."""
    if isinstance(error, posapi_errors.OutcomeUnknownError):
        return translate("Errors", "PosAPI's answer was lost. The till asks it again by itself, with the same "
                                   "bill number, so the receipt is never made twice.")
    if isinstance(error, posapi_errors.PosApiConnectionError):
        return translate("Errors", "PosAPI is not answering. The sale is saved; its receipt is issued as soon as "
                                   "PosAPI answers again.")
    if isinstance(error, posapi_errors.LotteriesExhaustedError):
        return translate("Errors", "PosAPI has no lottery numbers left: send its data to the tax system (PosAPI's "
                                   "sendData) and try again.")
    if isinstance(error, posapi_errors.DataNotSentError):
        return translate("Errors", "PosAPI has not sent its receipts to the tax system for too long: send its data "
                                   "(sendData) and try again.")
    if isinstance(error, posapi_errors.ServerError):
        return translate("Errors", "PosAPI has a problem on its side. Try again in a minute.")
    if isinstance(error, posapi_errors.NotFoundError | posapi_errors.InvalidRequestError):
        text = (error.message or "").lower()
        for words, said in _refusal_rules():
            if all(word in text for word in words):
                return said
        if isinstance(error, posapi_errors.NotFoundError):
            return translate("Errors", "PosAPI does not know this receipt: look it up in PosAPI before trying again.")
        return translate("Errors", "PosAPI refused it: the sale is kept. The manager reads PosAPI's reason in the "
                                   "history's details (F4); if it repeats, call support with the sale number.")
    return translate("Errors", "PosAPI answered in a way the till cannot read. Try again; if it repeats, call "
                               "support.")


def organization_look_up_words(error: BaseException, register: str) -> str:
    """Why the organization with `register` could not be named, and what to do (the receipt step's hint)."""
    if isinstance(error, posapi_errors.NotFoundError):
        return translate("Errors", "No organization has the register number {register} in the tax system: check "
                                   "the number with the customer.").format(register=register)
    if isinstance(error, posapi_errors.PosApiConnectionError | posapi_errors.OutcomeUnknownError
                  | posapi_errors.ServerError):
        return translate("Errors", "The tax system's look-up is not answering: check the network, then press Enter "
                                   "to look again.")
    return translate("Errors", "The tax system's look-up answered in a way the till cannot read: press Enter to "
                               "look again; if it repeats, call support.")
