"""What each of the QPay service's error codes means for the cashier, and what to do next.

The contract's table, the codes the live service was seen to send besides, the codes public SDKs list beyond
the contract, and the error classes of QPay's own API document (shared/spec/real-service-notes.md).
`pos_app.ui.common.messages.describe_error` puts these words between what failed and the code.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

translate = QCoreApplication.translate     # lupdate reads translate("Errors", "...") calls


def words_by_code() -> dict[str, str]:
    """Error code → the cashier's words (translated now, so call it when the words are shown)."""
    return {**_contract_words(), **_sdk_words(), **_class_words()}


def _contract_words() -> dict[str, str]:
    """The contract's table, and the codes the live service was seen to send besides."""
    return {
        "AUTHENTICATION_FAILED": translate("Errors", "The payment service refused the login. Check the username "
                                                     "and password in Settings."),
        "NO_CREDENDIALS": translate("Errors", "The till did not log in to the payment service. Try again; if it "
                                              "repeats, call support."),
        "NO_CREDENTIALS": translate("Errors", "The till did not log in to the payment service. Try again; if it "
                                              "repeats, call support."),
        "INVOICE_CODE_INVALID": translate("Errors", "The invoice code in Settings is not valid for this merchant. "
                                                    "Call the manager."),
        "INVOICE_LINE_REQUIRED": translate("Errors", "The invoice needs at least one line. Add an item and charge "
                                                     "again."),
        "MIN_AMOUNT_ERR": translate("Errors", "The amount is below the merchant's minimum."),
        "MAX_AMOUNT_ERR": translate("Errors", "The amount is above the merchant's maximum. Split the sale."),
        "INVALID_AMOUNT": translate("Errors", "The service refused the amount."),
        "MERCHANT_INACTIVE": translate("Errors", "The merchant account is disabled. Call the manager."),
        "MERCHANT_NOTFOUND": translate("Errors", "The merchant account does not exist. Check Settings."),
        "INVOICE_NOTFOUND": translate("Errors", "The service does not know this invoice. Check the sale in the "
                                                "history (F4)."),
        "INVOICE_PAID": translate("Errors", "The invoice is already paid."),
        "INVOICE_ALREADY_CANCELED": translate("Errors", "The invoice is already cancelled."),
        "INVALID_OBJECT_TYPE": translate("Errors", "The till asked the service in a way it does not accept. Call "
                                                   "support."),
        "PAYMENT_NOTFOUND": translate("Errors", "The service does not know this payment. Check the sale in the "
                                                "history (F4)."),
        "PAYMENT_NOT_PAID": translate("Errors", "The payment is not complete yet."),
        "PAYMENT_ALREADY_CANCELED": translate("Errors", "The payment was already given back."),
        "PAYMENT_SETTLED": translate("Errors", "Only a card payment can be given back here; a bank transfer is "
                                               "returned by the bank. Call the manager."),
        "EBARIMT_NOT_REGISTERED": translate("Errors", "The merchant is not registered for ebarimt. Call the "
                                                      "manager."),
        "EBARIMT_CANCEL_NOTSUPPERDED": translate("Errors", "This receipt cannot be cancelled through QPay. Call the "
                                                           "manager."),
        "BARIMT_NOT_FOUND": translate("Errors", "The service has no receipt for this payment."),
        "SYSTEM_BUSY": translate("Errors", "The service is busy. Wait a few seconds and try again."),
        "INVALID_PARAMETERS": translate("Errors", "The service refused the request's details."),
    }


def _sdk_words() -> dict[str, str]:
    """The codes public SDKs list beyond the contract."""
    return {
        # The sale and its payment.
        "TRANSACTION_NOT_APPROVED": translate("Errors", "The bank did not approve the payment. Ask the customer "
                                                        "for another payment (another card or bank app)."),
        "QRCODE_USED": translate("Errors", "That QR code was already paid or used. Charge again for a new QR "
                                           "code."),
        "QRCODE_NOTFOUND": translate("Errors", "The service does not know this QR code. Charge again for a new "
                                               "one."),
        "OBJECT_DATA_ERROR": translate("Errors", "The service found the sale's details wrong (an amount or an "
                                                 "item). Check the sale and charge again; if it repeats, call "
                                                 "support."),
        "TRANSACTION_REQUIRED": translate("Errors", "The invoice code expects bank transfer details the till does "
                                                    "not send. Call the manager to check the invoice code."),
        "PERMISSION_DENIED": translate("Errors", "The merchant account has no permission for this. Call the "
                                                 "manager to ask QPay for it."),
        # The tax receipt (ebarimt).
        "TAX_LINE_REQUIRED": translate("Errors", "The tax receipt needs each item's tax details. The manager "
                                                 "checks the items' taxes in the catalog; then charge again."),
        "TAX_PRODUCT_CODE_REQUIRED": translate("Errors", "An item lacks its tax product code (БҮНА code) in the "
                                                         "catalog. The manager adds it; then charge again."),
        "CUSTOMER_REGISTER_INVALID": translate("Errors", "The organisation's register number is wrong. Check its 7 "
                                                         "digits and enter it again."),
        "EBARIMT_QR_CODE_INVALID": translate("Errors", "The tax receipt's QR code is not valid. Issue the receipt "
                                                       "again; if it repeats, call support."),
        "CUSTOMER_NOTFOUND": translate("Errors", "The service does not know this customer. Check the buyer's "
                                                 "register number and try again."),
        "CUSTOMER_DUPLICATE": translate("Errors", "This customer is already registered at the service. Use the "
                                                  "registered customer; if unsure, call the manager."),
        # What the invoice code's set-up asks of every invoice.
        "INVOICE_RECEIVER_DATA_REQUIRED": translate("Errors", "This invoice code requires the buyer's details. Call "
                                                              "the manager: QPay can change the invoice code."),
        "INVOICE_RECEIVER_DATA_ADDRESS_REQUIRED": translate("Errors", "This invoice code requires the buyer's "
                                                                      "address. Call the manager: QPay can change "
                                                                      "the invoice code."),
        "INVOICE_RECEIVER_DATA_EMAIL_REQUIRED": translate("Errors", "This invoice code requires the buyer's e-mail "
                                                                    "address. Call the manager: QPay can change "
                                                                    "the invoice code."),
        "INVOICE_RECEIVER_DATA_PHONE_REQUIRED": translate("Errors", "This invoice code requires the buyer's phone "
                                                                    "number. Call the manager: QPay can change the "
                                                                    "invoice code."),
        "SENDER_BRANCH_DATA_REQUIRED": translate("Errors", "This invoice code requires the shop's branch details. "
                                                           "Call the manager: QPay can change the invoice code."),
        "INVOICE_CODE_REGISTERED": translate("Errors", "This invoice code is already registered to another use. "
                                                       "Call the manager to check the invoice code in Settings."),
        "INPUT_CODE_REGISTERED": translate("Errors", "An input code of this invoice code is already registered. "
                                                     "Call the manager to check the invoice code with QPay."),
        "INPUT_NOTFOUND": translate("Errors", "The service does not know an input of this invoice code. Call the "
                                              "manager to check the invoice code with QPay."),
        "INFORM_NOTFOUND": translate("Errors", "The service has no record of what was asked. Check the sale in "
                                               "the history (F4); if it repeats, call support."),
        # The merchant's account at QPay: the manager settles these with QPay.
        "CLIENT_NOTFOUND": translate("Errors", "The service does not know the till's QPay user. Check the user name "
                                               "in Settings."),
        "CLIENT_USERNAME_DUPLICATED": translate("Errors", "This QPay user name is already taken. Call the "
                                                          "manager."),
        "MERCHANT_ALREADY_REGISTERED": translate("Errors", "This merchant is already registered at QPay. Nothing to "
                                                           "change at the till; call the manager."),
        "QRACCOUNT_INACTIVE": translate("Errors", "The merchant's QR account is disabled. Call the manager to "
                                                  "contact QPay."),
        "QRACCOUNT_NOTFOUND": translate("Errors", "The merchant has no QR account at QPay. Call the manager to "
                                                  "contact QPay."),
        "CARD_TERMINAL_NOTFOUND": translate("Errors", "QPay does not know the merchant's card terminal. Call the "
                                                      "manager to contact QPay."),
        "P2P_TERMINAL_NOTFOUND": translate("Errors", "Payment by QPay bank transfer is not set up for the merchant. "
                                                     "Call the manager to contact QPay."),
        "BANK_ACCOUNT_NOTFOUND": translate("Errors", "QPay does not find the merchant's bank account. Call the "
                                                     "manager to check the bank account with QPay."),
        "ACCOUNT_SELECTION_INVALID": translate("Errors", "The bank account chosen for this payment is not valid for "
                                                         "the merchant. Call the manager to check the merchant's "
                                                         "bank accounts."),
        "ACCOUNT_BANK_DUPLICATED": translate("Errors", "The merchant's bank account is registered twice. Call the "
                                                       "manager to contact QPay."),
        "MCC_NOTFOUND": translate("Errors", "QPay does not know the merchant's business category (MCC). Call the "
                                            "manager to contact QPay."),
        "BANK_MCC_NOT_FOUND": translate("Errors", "The bank does not know the merchant's business category (MCC). "
                                                  "Call the manager to contact QPay."),
        "BANK_MCC_ALREADY_ADDED": translate("Errors", "The merchant's business category (MCC) is already added at "
                                                      "the bank. Call the manager to contact QPay."),
    }


def _class_words() -> dict[str, str]:
    """The error classes of QPay's API document (sent when no finer code is)."""
    return {
        "VALIDATION_ERROR": translate("Errors", "The service found a detail of the request missing or wrong. Check "
                                                "the sale and try again; if it repeats, call support."),
        "UNAUTHORIZED_ERROR": translate("Errors", "The service did not accept the till's login (another till may "
                                                  "have logged in with the same account). Try again; if it "
                                                  "repeats, check the user name and password in Settings."),
        "FORBIDDEN_ERROR": translate("Errors", "QPay does not allow this for the merchant account. Call the manager "
                                               "to ask QPay for it."),
        "UNIQUE_ERROR": translate("Errors", "The service already has this (sent twice?). Check the sale in the "
                                            "history (F4) before trying again."),
        "NOT_FOUND_ERROR": translate("Errors", "The service does not find what the till asked for. Check the sale "
                                               "in the history (F4)."),
        "INTERNAL_ERROR": translate("Errors", "The payment service had an internal error. Wait a minute and try "
                                              "again; if it repeats, call support."),
    }
