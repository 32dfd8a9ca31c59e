"""A discount on the line picked (Ctrl+D) or on the whole sale (Ctrl+Shift+D): ``10%`` or an amount, Enter.

What it takes off shows as it is typed, from the same arithmetic the cart uses; an empty field and Enter takes
the discount off again. The dialog only reads and checks: the window applies the result (`result_discount`,
None to remove), after a manager's PIN when it goes above the shop's limit.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos_app.domain.discounts import Discount, DiscountError, parse_discount
from pos_app.formats import discount_text, money_text

from .messages import refusal_text


class DiscountDialog(QDialog):
    def __init__(self, what: str, base: Decimal, current: Discount | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("discountDialog")
        self.setWindowTitle(self.tr("Discount"))
        self.base = base
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

    def on_field_changed(self, _text: str) -> None:
        try:
            discount = self.read()
        except DiscountError as exc:
            self.preview.setProperty("kind", "error")
            self.preview.setText(refusal_text(exc))
            self.ok_button.setEnabled(False)
            return
        self.preview.setProperty("kind", "")
        self.ok_button.setEnabled(True)
        if discount is None:
            self.preview.setText(self.tr("No discount."))
            return
        off = discount.off(self.base)
        self.preview.setText(self.tr("Takes off {off}: {total} to pay.").format(
            off=money_text(off), total=money_text(self.base - off)))

    def accept(self) -> None:
        try:
            self.result_discount = self.read()
        except DiscountError as exc:
            self.preview.setText(refusal_text(exc))
            return
        super().accept()
