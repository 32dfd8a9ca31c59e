"""Every error code of the service's contract is told to the cashier in words, with what to do next; the code
itself stays visible for support."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from pos_app.qpay.errors import error_class_for
from pos_app.ui.common.messages import describe_error

# The contract's error table (QPay merchant API v2, "Error codes"), with the HTTP status it comes with.
CONTRACT_CODES = {
    "AUTHENTICATION_FAILED": 401, "NO_CREDENDIALS": 401, "INVOICE_CODE_INVALID": 400,
    "INVOICE_LINE_REQUIRED": 400, "INVALID_AMOUNT": 400, "MIN_AMOUNT_ERR": 400, "MAX_AMOUNT_ERR": 400,
    "MERCHANT_NOTFOUND": 404, "MERCHANT_INACTIVE": 403, "INVOICE_NOTFOUND": 404, "INVOICE_ALREADY_CANCELED": 400,
    "INVOICE_PAID": 400, "INVALID_OBJECT_TYPE": 400, "PAYMENT_NOTFOUND": 404, "PAYMENT_NOT_PAID": 400,
    "PAYMENT_ALREADY_CANCELED": 400, "EBARIMT_NOT_REGISTERED": 400, "EBARIMT_CANCEL_NOTSUPPERDED": 400,
}
# Seen from the live service besides (shared/spec/real-service-notes.md).
LIVE_CODES = {"NO_CREDENTIALS": 401, "PAYMENT_SETTLED": 400, "SYSTEM_BUSY": 400, "BARIMT_NOT_FOUND": 400}
FALLBACKS = ("The service refused it.", "The merchant account may not do this.", "Unexpected error.")


@pytest.mark.parametrize("code, status", sorted({**CONTRACT_CODES, **LIVE_CODES}.items()))
def test_each_code_has_its_own_words_and_stays_visible(code: str, status: int) -> None:
    error = error_class_for(status, code)(status, code, "raw text from the service")
    text = describe_error(error, "The sale could not be charged.")
    assert text.startswith("The sale could not be charged. ") and text.endswith(f"({code})")
    assert "raw text from the service" not in text and not any(fallback in text for fallback in FALLBACKS)


def test_every_refusal_the_domain_raises_is_marked_for_translation() -> None:
    import ast
    from pathlib import Path

    from pos_app.ui.common.messages import CART_TEMPLATES

    domain = Path(__file__).resolve().parents[2] / "pos_app" / "domain"
    raised = {node.args[0].value for path in domain.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "CartError"
              and node.args and isinstance(node.args[0], ast.Constant)}
    assert raised and raised <= set(CART_TEMPLATES)


def test_every_discount_pin_and_scale_refusal_is_marked_for_translation() -> None:
    import ast
    from pathlib import Path

    from pos_app.domain.people import PIN_TAKEN
    from pos_app.domain.scale import SCALE_MESSAGES
    from pos_app.ui.common.messages import COUNTER_TEMPLATES

    domain = Path(__file__).resolve().parents[2] / "pos_app" / "domain"
    raised = {node.args[0].value for path in domain.rglob("*.py") for node in ast.walk(ast.parse(path.read_text()))
              if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("DiscountError", "PeopleError")
              and node.args and isinstance(node.args[0], ast.Constant)}
    assert raised and raised | set(SCALE_MESSAGES) | {PIN_TAKEN} == set(COUNTER_TEMPLATES)


def test_every_tender_and_shift_refusal_is_marked_for_translation() -> None:
    from pos_app.domain.shift import SHIFT_MESSAGES
    from pos_app.domain.tenders import TENDER_MESSAGES
    from pos_app.ui.common.messages import TENDER_TEMPLATES
    from pos_app.ui.shift.actions import SHIFT_TEMPLATES

    assert set(TENDER_TEMPLATES) == set(TENDER_MESSAGES)
    assert set(SHIFT_TEMPLATES) == set(SHIFT_MESSAGES)


def test_a_tender_refusal_is_shown_in_mongolian(language) -> None:
    from pos_app.domain.tenders import Tendering, TenderError
    from pos_app.ui.common.messages import describe_error

    language.use("mn")
    with pytest.raises(TenderError) as raised:
        Tendering(Decimal(1000)).card_tender("1000", "x")
    text = describe_error(raised.value, "")
    assert text and text != str(raised.value) and re.search("[а-яөүА-ЯӨҮ]", text)


def test_a_cart_refusal_is_shown_in_mongolian(language) -> None:
    from pos_app.domain.cart import CartError
    from pos_app.ui.common.messages import cart_error_text

    assert language.use("mn")
    text = cart_error_text(CartError("There is no line {number}", number=7))
    assert "7" in text and "There is no line" not in text


def test_every_settings_problem_and_field_name_is_marked_for_translation() -> None:
    import ast
    from pathlib import Path

    from pos_app.config.settings import FIELD_LABELS
    from pos_app.ui.common.messages import FIELD_NAMES, SETTINGS_TEMPLATES

    config = Path(__file__).resolve().parents[2] / "pos_app" / "config"
    templates = {node.value for source in (config / "settings.py", config / "checks.py")
                 for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
                 if isinstance(node, ast.Constant) and isinstance(node.value, str) and "{label}" in node.value}
    assert templates and templates <= set(SETTINGS_TEMPLATES)
    assert FIELD_NAMES == FIELD_LABELS


def test_a_settings_problem_reads_the_same_in_english_through_its_template() -> None:
    from pos_app.config.settings import Settings
    from pos_app.ui.common.messages import settings_problem_text

    problems = Settings(shop_name="x" * 101, printer="bogus", callback_url="ftp://x").problems()
    assert problems and all(settings_problem_text(problem) == problem.message for problem in problems)
    assert any("at most 100 characters" in settings_problem_text(problem) for problem in problems)


def test_the_keyring_problem_is_marked_for_translation() -> None:
    from pos_app.config.secrets import NO_KEYRING_PROBLEM
    from pos_app.ui.common.messages import SECRETS_PROBLEMS

    assert NO_KEYRING_PROBLEM in SECRETS_PROBLEMS
