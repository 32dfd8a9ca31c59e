"""The parked sales (F10 with an empty cart): oldest first, ↑/↓ and Enter bring one back, Esc leaves them."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from pos_app.formats import money_text, time_text
from pos_app.journal.parked import ParkedSale

ID_ROLE = Qt.ItemDataRole.UserRole + 1


class ParkedDialog(QDialog):
    def __init__(self, parked: Sequence[ParkedSale], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("parkedDialog")
        self.setWindowTitle(self.tr("Parked sales"))
        self.parked = {sale.id: sale for sale in parked}
        self.chosen: ParkedSale | None = None
        self.list = QListWidget()
        self.list.setObjectName("parkedList")
        for sale in parked:
            first = sale.lines[0].description if sale.lines else ""
            text = self.tr("{time}  ·  {total}  ·  %n line(s): {first}", "", len(sale.lines)).format(
                time=time_text(sale.parked_at), total=money_text(sale.total), first=first)
            if sale.parked_by:
                text += "  ·  " + sale.parked_by
            if sale.note:
                text += f"  ·  {sale.note}"
            row = QListWidgetItem(text)
            row.setData(ID_ROLE, sale.id)
            self.list.addItem(row)
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _row: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Resume"))
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(self.tr("Cancel"))   # Qt has no Mongolian
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Pick the sale to bring back (Enter). It leaves the list.")))
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(560, 320)
        self.list.setFocus()

    def accept(self) -> None:
        row = self.list.currentItem()
        self.chosen = self.parked.get(row.data(ID_ROLE)) if row is not None else None
        super().accept()
