"""The day close's "Whole shop" view: at a store, the shop's figures beside this till's.

A part of `DayCloseDialog` (see dialog.py). With a `shop_days` reader (the store link's, a blocking
call), the dialog shows two buttons, "This till" and "Whole shop"; the shop's day is read from the store on the
task runner, never on the GUI thread, and shown in the same tables (the shop's total: every till's figures
added). The shop's view only shows: closing the day, printing and the CSV stay this till's. A store that does not
answer is said in one line, and the dialog goes back to this till's figures. Texts keep the "DayCloseDialog"
translation context.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from datetime import date, datetime
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QPushButton, QWidget

from pos_app.formats import time_text
from pos_app.journal.day_summary import DaySummary

from pos_app.ui.common.tasks import TaskRunner

translate = QCoreApplication.translate     # lupdate reads translate("DayCloseDialog", "...") calls

ShopDayReader = Callable[[date], Any]      # the store's day of this till's shop: `.shop`, `.tills`, `.total`


class DayCloseShop:
    """The "This till" and "Whole shop" buttons, added to the dialog's *top* row (shown only with *shop_days*), and
    the shop's figures read from the store.

    The dialog's *terminal_label* names the shop while its figures are shown. *selected_day* is the day shown,
    *now* the shop's time; *is_closed* says whether the dialog was closed (a late answer is then not shown).
    *show_till* shows this till's own figures again, *show_summary* a summary's in the tables; *set_status(text,
    kind)* says what happened and *update_buttons* enables what applies. *on_loaded(shop_day)* and
    *on_failed(text)* hear how each read of the shop went.
    """

    def __init__(self, parent: QWidget, top: QHBoxLayout, shop_days: ShopDayReader | None, runner: TaskRunner,
                 terminal_label: QLabel, *, selected_day: Callable[[], date], now: Callable[[], datetime],
                 is_closed: Callable[[], bool], show_till: Callable[[], None],
                 show_summary: Callable[[DaySummary | None], None], set_status: Callable[..., None],
                 update_buttons: Callable[[], None], on_loaded: Callable[[Any], None],
                 on_failed: Callable[[str], None]) -> None:
        self._runner = runner
        self._terminal_label = terminal_label
        self._selected_day = selected_day
        self._now = now
        self._is_closed = is_closed
        self._show_till = show_till
        self._show_summary = show_summary
        self._set_status = set_status
        self._update_buttons = update_buttons
        self._on_loaded = on_loaded
        self._on_failed = on_failed
        self.whole_shop = False                        # the shop's figures are asked for (or shown)
        self.shop_summary: DaySummary | None = None    # the shop's total, as shown
        self._shop_loading = False
        self._build_scope(parent, top, shop_days)

    def _build_scope(self, parent: QWidget, top: QHBoxLayout, shop_days: ShopDayReader | None) -> None:
        self._shop_days = shop_days
        self.this_till_button = QPushButton(translate("DayCloseDialog", "This till"))
        self.this_till_button.setObjectName("thisTill")
        self.whole_shop_button = QPushButton(translate("DayCloseDialog", "Whole shop"))
        self.whole_shop_button.setObjectName("wholeShop")
        self.whole_shop_button.setToolTip(translate("DayCloseDialog", "Every till of the shop added up, as the "
                                                                      "store has their journals"))
        self._scope_group = QButtonGroup(parent)
        for button in (self.this_till_button, self.whole_shop_button):
            button.setCheckable(True)
            button.setAutoDefault(False)
            button.setVisible(shop_days is not None)
            self._scope_group.addButton(button)
            top.addWidget(button)
        self.this_till_button.setChecked(True)
        self.this_till_button.clicked.connect(self.on_this_till_button_clicked)
        self.whole_shop_button.clicked.connect(self.on_whole_shop_button_clicked)

    def on_this_till_button_clicked(self) -> None:
        if not self.whole_shop:
            return
        self.whole_shop = False
        self.shop_summary = None
        self._show_till()
        self._set_status("")
        self._update_buttons()

    def on_whole_shop_button_clicked(self) -> None:
        if self.whole_shop or self._shop_days is None:
            return
        self.whole_shop = True
        self._update_buttons()
        self._load_shop()

    def show_current(self) -> bool:
        """After this till's day was read: read the shop's too when it is the one shown (True: it is on its way)."""
        if self.whole_shop:
            self._load_shop()
            return True
        return False

    def _load_shop(self) -> None:
        reader = self._shop_days
        if reader is None or self._shop_loading:
            return
        day = self._selected_day()
        self._shop_loading = True
        self._update_buttons()
        self._set_status(translate("DayCloseDialog", "Reading the shop's figures from the store…"))
        self._runner.run_in_background(lambda: reader(day), lambda future: self.on_shop_load_finished(day, future))

    def on_shop_load_finished(self, day: date, future: Future[Any]) -> None:
        self._shop_loading = False
        if self._is_closed() or not self.whole_shop:
            self._update_buttons()
            return
        if day != self._selected_day():
            self._load_shop()                # the date moved while reading
            return
        try:
            shop_day = future.result()
        except Exception:  # noqa: BLE001 - whatever went wrong, the words are the same and this till stays
            self.whole_shop = False
            self.this_till_button.setChecked(True)
            self._show_till()
            text = translate("DayCloseDialog", "The store did not answer: showing this till only.")
            self._set_status(text, "error")
            self._update_buttons()
            self._on_failed(text)
            return
        self.shop_summary = shop_day.total
        name = shop_day.shop or translate("DayCloseDialog", "this shop")
        self._terminal_label.setText(translate("DayCloseDialog", "Shop: {shop}, {tills} till(s)").format(
            shop=name, tills=len(shop_day.tills)))
        self._show_summary(shop_day.total)
        self._set_status(translate("DayCloseDialog", "The whole shop, as the store had it at {}.").format(
            time_text(self._now())))
        self._update_buttons()
        self._on_loaded(shop_day)

    def scope_allows(self) -> bool:
        """Closing, printing and the CSV are this till's: not while the shop is shown or being read."""
        return not self.whole_shop and not self._shop_loading


__all__ = ["DayCloseShop", "ShopDayReader"]
