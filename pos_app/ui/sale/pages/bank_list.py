"""The banking apps that can pay the open invoice, each with its logo.

Each row starts with the initials badge and takes the real logo when it
arrives, so the list never waits on the network and never looks broken.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from pos_app.bank_names import bank_text
from pos_app.domain.sale import BankApp

from pos_app.ui.sale.pages.logos import LogoCache, fallback_icon

ICON_SIDE = 36
LOGO_URL_ROLE = Qt.ItemDataRole.UserRole


class BankList(QListWidget):
    def __init__(self, logos: LogoCache, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._logos = logos
        # A list to look at, not to use: the cashier's keyboard focus stays on the
        # sale (scanner input goes to the focused widget).
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setIconSize(QSize(ICON_SIDE, ICON_SIDE))
        self.setUniformItemSizes(True)
        self.setAccessibleName(self.tr("Bank apps that can pay this invoice"))
        logos.loaded.connect(self.on_logos_loaded)

    def set_banks(self, banks: tuple[BankApp, ...]) -> None:
        self.clear()
        for bank in banks:
            item = QListWidgetItem(QIcon(fallback_icon(bank.name, ICON_SIDE)), bank_text(bank.name))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setToolTip("\n".join(part for part in (bank.description, bank.link) if part))
            item.setData(LOGO_URL_ROLE, bank.logo_url)
            self.addItem(item)
            if bank.logo_url:
                logo = self._logos.request(bank.logo_url)   # None now means `loaded` later
                if logo is not None:
                    item.setIcon(QIcon(logo))

    def on_logos_loaded(self, url: str, logo: QPixmap) -> None:
        for row in range(self.count()):
            item = self.item(row)
            if item.data(LOGO_URL_ROLE) == url:
                item.setIcon(QIcon(logo))
