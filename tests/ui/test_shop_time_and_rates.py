"""The till's dates are its shop's (Ulaanbaatar) whatever the computer's time zone, and its tax rates are the
settings': the cart, the journal, the training sandbox's receipts and the dialogs agree."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal

import pytest
from PySide6.QtCore import QDate, Qt

from pos_app.config import Settings, save_settings
from pos_app.domain.sale import Stage
from pos_app.domain.taxes import TaxSplit

from .conftest import MILK, VODKA, WAIT_MS, Ticking, Till
from .test_till_dialogs import open_history, sell

HALF_PAST_MIDNIGHT = datetime(2026, 11, 20, 16, 30, tzinfo=timezone.utc)   # 00:30 on the 21st in Ulaanbaatar
SHOP_DAY = date(2026, 11, 21)




@pytest.fixture
def far_away() -> Iterator[None]:
    """The computer set to New York's time (13 hours behind Ulaanbaatar): there it is still the 20th."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    try:
        assert datetime.fromtimestamp(HALF_PAST_MIDNIGHT.timestamp()).date() == date(2026, 11, 20)
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()


def test_a_sale_at_half_past_midnight_has_ulaanbaatars_day_in_its_number_history_and_day_close(
        make_till, far_away: None) -> None:
    till: Till = make_till(instant=Ticking(HALF_PAST_MIDNIGHT))
    number = sell(till)
    assert number.startswith(f"T1-{SHOP_DAY:%Y%m%d}-")
    sale = till.app.backend.journal.queries.get(number)  # type: ignore[union-attr]
    assert (sale.created_at.date(), sale.created_at.hour, sale.created_at.utcoffset()) == (
        SHOP_DAY, 0, timedelta(hours=8))
    assert till.app.printing.clock().date() == SHOP_DAY           # "Printed ..." on the slips

    history = open_history(till)
    assert history.start_date.date() == history.end_date.date() == QDate(2026, 11, 21)
    assert history.model.rowCount() == 1
    till.qtbot.waitUntil(lambda: history.selected_sale() is not None, timeout=WAIT_MS)
    assert history.selected_sale().number == number  # type: ignore[union-attr]
    history.reject()
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)

    till.key(Qt.Key.Key_F6)
    till.qtbot.waitUntil(lambda: till.app.back_office.day_close_dialog is not None, timeout=WAIT_MS)
    close = till.app.back_office.day_close_dialog
    till.qtbot.waitUntil(lambda: close.summary is not None or close.status.property("kind") == "error",
                         timeout=WAIT_MS)
    assert close.status.property("kind") != "error", close.status.text()
    assert close.summary.day == SHOP_DAY and close.selected_day() == SHOP_DAY
    assert close.summary.paid.count == 1 and close.summary.paid.amount == 3500
    close.reject()


def pay_in_training(till: Till) -> str:
    """Charge the cart, let the training customer pay (Ctrl+Shift+P), issue the receipt; the sale's number."""
    till.charge()
    number = till.flow.sale.number  # type: ignore[union-attr]
    till.key(Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    till.wait_stage(Stage.PAID)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    return number


def test_a_training_till_at_1_percent_city_tax_gets_receipts_with_the_carts_taxes(make_till, tmp_path) -> None:
    save_settings(Settings(city_tax_rate="1"), tmp_path / "config" / "settings.json")
    till: Till = make_till(embedded_sandbox=True)
    backend = till.app.backend
    assert backend is not None and backend.training is not None and backend.sandbox is not None
    till.scan(VODKA)            # 3,900 ₮ with city tax: / 1.11
    till.scan(MILK)             # 3,500 ₮, VAT only
    cart = till.flow.cart.taxes
    assert cart == TaxSplit(Decimal("351.35") + Decimal("318.18"), Decimal("35.14"))   # not 2 %'s 69.64

    number = pay_in_training(till)
    sale = backend.journal.queries.get(number)
    assert sale.taxes == cart                                              # the journal keeps the cart's split
    assert sale.receipt is not None
    assert (sale.receipt.vat, sale.receipt.city_tax) == (cart.vat, cart.city_tax)   # the sandbox agrees


def test_a_new_city_tax_rate_restarts_the_training_sandbox_with_it(make_till) -> None:
    till: Till = make_till(embedded_sandbox=True)
    old = till.app.backend
    assert old is not None and old.sandbox.sandbox.state.city_tax_rate == Decimal("0.02")  # type: ignore[union-attr]
    till.window.settings_action.trigger()
    till.qtbot.waitUntil(lambda: till.app.settings_dialog is not None and till.app.settings_dialog.isVisible(),
                         timeout=WAIT_MS)
    dialog = till.app.settings_dialog
    assert (dialog.sections.fields["vat_rate"].text(), dialog.sections.fields["city_tax_rate"].text()) == ("10", "2")
    dialog.sections.fields["city_tax_rate"].setText("3")
    assert not dialog.save_button.isEnabled()
    assert dialog.sections.error_labels["city_tax_rate"].text() == "The city tax rate must be 1 or 2 (percent)."
    dialog.sections.fields["time_zone"].setText("Asia/Ulan Bator")
    assert "time zone name such as Asia/Ulaanbaatar" in dialog.sections.error_labels["time_zone"].text()
    dialog.sections.fields["time_zone"].setText("Asia/Ulaanbaatar")
    dialog.sections.fields["city_tax_rate"].setText("1")
    assert dialog.save_button.isEnabled()
    dialog.accept()
    till.qtbot.waitUntil(lambda: till.app.backend is not old, timeout=WAIT_MS)
    new = till.app.backend
    assert new.sandbox is not None and new.sandbox is not old.sandbox  # type: ignore[union-attr]
    assert new.sandbox.sandbox.state.city_tax_rate == Decimal("0.01")  # type: ignore[union-attr]
    assert till.flow.cart.cart.rates.city == Decimal("0.01")

    till.control = type(till.control)(new.base_url)  # type: ignore[union-attr]
    till.qtbot.waitUntil(till.window.sale_page.entry.isEnabled, timeout=WAIT_MS)
    till.qtbot.waitUntil(till.window.sale_page.entry.hasFocus, timeout=WAIT_MS)
    till.scan(VODKA)
    number = pay_in_training(till)
    receipt = new.journal.queries.get(number).receipt  # type: ignore[union-attr]
    assert receipt is not None and (receipt.vat, receipt.city_tax) == (Decimal("351.35"), Decimal("35.14"))
