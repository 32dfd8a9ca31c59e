"""A catalog item's name and price, changed at the till by a manager (Ctrl+E on its line).

The barcode and the tax codes stay as the catalog has them (the receipt needs those); the window puts the item
back into the shop's catalog file and the line on screen takes the new price.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from pos_app.domain.cart import CartError, parse_price
from pos_app.domain.catalog import CatalogItem

from pos_app.ui.common.messages import refusal_text

MAX_NAME = 255


class ItemEditDialog(QDialog):
    def __init__(self, item: CatalogItem, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("itemEditDialog")
        self.setWindowTitle(self.tr("Item"))
        self.item = item
        self.result_item: CatalogItem | None = None
        self.name = QLineEdit(item.name)
        self.name.setObjectName("itemName")
        self.name.setMaxLength(MAX_NAME)
        self.price = QLineEdit(f"{item.price:f}")
        self.price.setObjectName("itemPrice")
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.hide()
        form = QFormLayout()
        form.addRow(self.tr("Barcode"), QLabel(item.barcode))
        form.addRow(self.tr("Name"), self.name)
        form.addRow(self.tr("Price"), self.price)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Save"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))   # Qt has no Mongolian
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.price.setFocus()
        self.price.selectAll()

    def accept(self) -> None:
        name = " ".join(self.name.text().split())
        if not name:
            self.message.setText(self.tr("Type the item's name."))
            self.message.show()
            return
        try:
            price = parse_price(self.price.text().strip().replace(",", "").replace(" ", ""))
        except CartError as exc:
            self.message.setText(refusal_text(exc))
            self.message.show()
            return
        self.result_item = replace(self.item, name=name, price=price)
        super().accept()
