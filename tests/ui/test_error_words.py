"""Every error code public SDKs list beyond the contract, and every error class of QPay's API document, is told
to the cashier in its own words with what to do next, in English and in Mongolian; the code stays visible."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pos_app.qpay.errors import error_class_for
from pos_app.ui.common.messages import describe_error

# shared/spec/real-service-notes.md, "Error codes listed by public SDKs beyond the contract".
SDK_CODES = (
    "ACCOUNT_BANK_DUPLICATED", "ACCOUNT_SELECTION_INVALID", "BANK_ACCOUNT_NOTFOUND", "BANK_MCC_ALREADY_ADDED",
    "BANK_MCC_NOT_FOUND", "CARD_TERMINAL_NOTFOUND", "CLIENT_NOTFOUND", "CLIENT_USERNAME_DUPLICATED",
    "CUSTOMER_DUPLICATE", "CUSTOMER_NOTFOUND", "CUSTOMER_REGISTER_INVALID", "EBARIMT_QR_CODE_INVALID",
    "INFORM_NOTFOUND", "INPUT_CODE_REGISTERED", "INPUT_NOTFOUND", "INVOICE_CODE_REGISTERED",
    "INVOICE_RECEIVER_DATA_ADDRESS_REQUIRED", "INVOICE_RECEIVER_DATA_EMAIL_REQUIRED",
    "INVOICE_RECEIVER_DATA_PHONE_REQUIRED", "INVOICE_RECEIVER_DATA_REQUIRED", "MCC_NOTFOUND",
    "MERCHANT_ALREADY_REGISTERED", "OBJECT_DATA_ERROR", "P2P_TERMINAL_NOTFOUND", "PERMISSION_DENIED",
    "QRACCOUNT_INACTIVE", "QRACCOUNT_NOTFOUND", "QRCODE_NOTFOUND", "QRCODE_USED", "SENDER_BRANCH_DATA_REQUIRED",
    "TAX_LINE_REQUIRED", "TAX_PRODUCT_CODE_REQUIRED", "TRANSACTION_NOT_APPROVED", "TRANSACTION_REQUIRED",
)
# The document's error classes, with the HTTP status each comes with.
CLASSES = {"VALIDATION_ERROR": 400, "UNAUTHORIZED_ERROR": 401, "FORBIDDEN_ERROR": 403, "UNIQUE_ERROR": 409,
           "NOT_FOUND_ERROR": 422, "INTERNAL_ERROR": 500}
CODES = (*SDK_CODES, *CLASSES)
# Every status a refusal may come with (429 is told as "busy" whatever the code).
STATUSES = (400, 401, 403, 404, 409, 422, 500, 503)
FAILED = "The sale could not be charged."
RAW = "raw text from the service"
NOTES = Path(__file__).resolve().parents[3] / "shared" / "spec" / "real-service-notes.md"


def why(code: str, status: int, failed: str = FAILED) -> str:
    """describe_error's words between what failed and the code, for *code* as the client raises it."""
    text = describe_error(error_class_for(status, code)(status, code, RAW), failed)
    assert text.startswith(f"{failed} ") and text.endswith(f" ({code})"), text
    return text[len(failed) + 1:-len(f" ({code})")]


def fallbacks(failed: str = FAILED) -> set[str]:
    """What a code without words of its own gets, at every status."""
    return {why("SOME_FUTURE_CODE", status, failed) for status in STATUSES}


def test_the_list_is_the_notes_list() -> None:
    if not NOTES.is_file():
        pytest.skip("shared/spec/real-service-notes.md is not beside the repository")
    notes = " ".join(NOTES.read_text(encoding="utf-8").split())
    section = notes.split("**Error codes listed by public SDKs beyond the contract:**")[1].split(" - **")[0]
    assert sorted(re.findall(r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b", section)) == sorted(SDK_CODES)
    assert all(f"{status} {code}" in notes for code, status in CLASSES.items())


@pytest.mark.parametrize("code", CODES)
def test_each_code_has_its_own_words_at_any_status(code: str) -> None:
    generic = fallbacks()
    for status in STATUSES:
        words = why(code, status)
        assert words not in generic and RAW not in words, (status, words)
        assert re.search(r"[.;:] [A-Z]", words), f"what it means, then what to do: {words}"


def test_no_two_codes_share_their_words() -> None:
    words = {code: why(code, CLASSES.get(code, 400)) for code in CODES}
    assert len(set(words.values())) == len(CODES)


@pytest.mark.parametrize("code, expected", [
    ("TAX_PRODUCT_CODE_REQUIRED", "tax product code (БҮНА code)"),
    ("CUSTOMER_REGISTER_INVALID", "7 digits"),
    ("QRCODE_USED", "Charge again"),
    ("TRANSACTION_NOT_APPROVED", "another payment"),
    ("UNAUTHORIZED_ERROR", "user name and password in Settings"),
])
def test_the_words_say_what_to_do(code: str, expected: str) -> None:
    assert expected in why(code, CLASSES.get(code, 400))


def test_each_code_is_told_in_mongolian(language) -> None:
    english = {code: why(code, CLASSES.get(code, 400)) for code in CODES}
    assert language.use("mn")
    failed = "Борлуулалтын төлбөрийг авч чадсангүй."
    generic = fallbacks(failed)
    for code in CODES:
        words = why(code, CLASSES.get(code, 400), failed)
        assert words not in generic and words != english[code], code
        assert re.search("[А-Яа-яӨөҮү]{4}", words), (code, words)
        latin = re.findall(r"[A-Za-z]{3,}", words)
        assert set(latin) <= {"QPay", "MCC", "P2P"}, (code, latin)
