"""A discount on the line picked (Ctrl+D) or on the whole sale (Ctrl+Shift+D): ``10%`` or an amount, Enter.

What it takes off shows as it is typed, from the same arithmetic the cart uses; an empty field and Enter takes
the discount off again. The dialog only reads and checks: the window applies the result (`result_discount`,
None to remove), after a manager's PIN when it goes above the shop's limit.

Refused in words as typed (Give stays off, the text stays): an amount above what it is taken from (never capped
without a word), and a discount above the shop's limit when no manager is set up to approve it (the limit holds
whether or not PINs are set up; decisions §19).
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos_app.domain.discounts import Discount, DiscountError, DiscountKind, parse_discount
from pos_app.formats import discount_text, money_text

from pos_app.ui.common.messages import refusal_text


class DiscountDialog(QDialog):
    def __init__(self, what: str, base: Decimal, current: Discount | None, parent: QWidget | None = None, *,
                 limit: Decimal | None = None, managers: bool = True) -> None:
        """`limit`: the percent given without a manager's PIN (None: whoever is signed in may give any);
        `managers`: a manager is set up to approve more (else more is refused)."""
        super().__init__(parent)
        self.setObjectName("discountDialog")
        self.setWindowTitle(self.tr("Discount"))
        self.base = base
        self.limit, self.managers = limit, managers
        self.result_discount: Discount | None = current
        heading = QLabel(self.tr("{what}: {amount}").format(what=what, amount=money_text(base)))
        heading.setWordWrap(True)
        self.field = QLineEdit(f"{discount_text(current)}".replace(" ", "") if current else "")
        self.field.setObjectName("discountField")
        self.field.setPlaceholderText(self.tr("10% or an amount, such as 500"))
        self.field.selectAll()
        self.field.textChanged.connect(self.on_field_changed)
        self.preview = QLabel()
        self.preview.setObjectName("discountPreview")
        self.preview.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Give"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))   # Qt has no Mongolian
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.field)
        layout.addWidget(self.preview)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)
        self.field.setFocus(Qt.FocusReason.OtherFocusReason)
        self.on_field_changed(self.field.text())

    def read(self) -> Discount | None:
        """What the field holds (None: no discount); DiscountError when it is not one."""
        text = self.field.text().strip()
        return parse_discount(text.replace(" ", "").replace("₮", "")) if text else None

    def above_limit(self, discount: Discount | None) -> bool:
        """Above the percent given without a manager's PIN."""
        return discount is not None and self.limit is not None and discount.percent_of(self.base) > self.limit

    def refusal(self, discount: Discount | None) -> str:
        """Why the till does not give `discount` ("" when it does, maybe after a manager's PIN)."""
        if discount is None:
            return ""
        if discount.kind is DiscountKind.AMOUNT and discount.value > self.base:
            return self.tr("A discount of {discount} is more than the {amount} it is taken from: type at most "
                           "{amount} (or 100%).").format(discount=money_text(discount.value),
                                                          amount=money_text(self.base))
        if self.above_limit(discount) and not self.managers:
            return self.tr("A discount above {limit} % needs a manager's PIN, and no manager is set up: give at "
                           "most {limit} %, or have the owner set up a manager (Till → People and PINs) or raise "
                           "the limit in Settings.").format(limit=percent_text(self.limit))
        return ""

    def on_field_changed(self, _text: str) -> None:
        try:
            discount = self.read()
        except DiscountError as exc:
            self._show(refusal_text(exc), refused=True)
            return
        if discount is None:
            self._show(self.tr("No discount."))
            return
        refused = self.refusal(discount)
        if refused:
            self._show(refused, refused=True)
            return
        off = discount.off(self.base)
        text = self.tr("Takes off {off}: {total} to pay.").format(off=money_text(off),
                                                                   total=money_text(self.base - off))
        if self.above_limit(discount):
            text += " " + self.tr("Above the limit of {limit} %: a manager's PIN is asked.").format(
                limit=percent_text(self.limit))
        self._show(text)

    def _show(self, text: str, refused: bool = False) -> None:
        self.preview.setProperty("kind", "error" if refused else "")
        self.preview.style().unpolish(self.preview)
        self.preview.style().polish(self.preview)
        self.preview.setText(text)
        self.ok_button.setEnabled(not refused)

    def accept(self) -> None:
        try:
            discount = self.read()
        except DiscountError as exc:
            self._show(refusal_text(exc), refused=True)
            return
        refused = self.refusal(discount)
        if refused:                     # Enter on a refused discount: said again, the text kept
            self._show(refused, refused=True)
            return
        self.result_discount = discount
        super().accept()


def percent_text(value: Decimal | None) -> str:
    return f"{(value or Decimal(0)).normalize():f}"
