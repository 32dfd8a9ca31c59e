"""A line that is not in the catalog: description, quantity, unit price."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.cart import CartError, parse_price, parse_quantity
from pos_app.domain.entry import is_large
from pos_app.formats import money_text, quantity_text

from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.common.messages import cart_error_text
from pos_app.ui.common.questions import ask

translate = QCoreApplication.translate


class FreeLineDialog(QDialog):
    def __init__(self, model: CartModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(self.tr("Free line"))
        self.description = QLineEdit()
        self.description.setMaxLength(255)
        self.quantity = QLineEdit("1")
        self.price = QLineEdit()
        self.price.setPlaceholderText(self.tr("e.g. 2500 or 2500.50"))
        self.city_tax = QCheckBox(self.tr("City tax applies (alcohol, tobacco, fuel…)"))
        self.error = QLabel()
        self.error.setObjectName("fieldError")
        self.error.setWordWrap(True)
        self.error.hide()

        form = QFormLayout()
        form.addRow(self.tr("Description"), self.description)
        form.addRow(self.tr("Quantity"), self.quantity)
        form.addRow(self.tr("Unit price (₮)"), self.price)
        form.addRow("", self.city_tax)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Add line"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))   # Qt has no Mongolian
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.description.setFocus()

    def accept(self) -> None:
        if not self._quantity_meant():
            return
        try:
            self.model.add_free_line(self.description.text(), self.quantity.text().replace(",", "."),
                                     self.price.text().replace(" ", "").replace("₮", ""),
                                     self.city_tax.isChecked())
        except CartError as exc:
            self.error.setText(cart_error_text(exc))
            self.error.show()
            return
        super().accept()

    def _quantity_meant(self) -> bool:
        """A quantity the cashier may not have meant (`is_large`, as in the entry) is asked first: Enter and Esc
        go back to the dialog to change it; Ctrl+Enter adds it. Input that does not read is refused by the cart."""
        try:
            quantity = parse_quantity(self.quantity.text().replace(",", "."))
            price = parse_price(self.price.text().replace(" ", "").replace("₮", ""))
        except CartError:
            return True
        if not is_large(quantity, price):
            return True
        box, yes_button = ask(self, translate(
            "SalePage", "{quantity} × {item} at {price} comes to {amount}. Is the quantity right?").format(
            quantity=quantity_text(quantity), item=self.description.text().strip(), price=money_text(price),
            amount=money_text(quantity * price)),
            translate("SalePage", "Add {quantity}").format(quantity=quantity_text(quantity)),
            translate("SalePage", "Back to change it"))
        box.exec()
        meant = box.clickedButton() is yes_button
        box.deleteLater()
        if not meant:
            self.quantity.setFocus()
            self.quantity.selectAll()
        return meant
