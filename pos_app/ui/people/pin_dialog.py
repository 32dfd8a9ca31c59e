"""The PIN pad: the till's lock screen, and a manager's approval of one thing.

Typed (digits, Enter) or touched (big keys). The PIN is shown as dots, kept in the field only until it is
checked, and never logged: `entered` hands it to whoever checks it (on a worker: scrypt takes a moment), who
then calls `accept()` or `refuse(text)`. A lock screen cannot be closed without a PIN (Esc does nothing).
"""

from __future__ import annotations

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeyEvent, QRegularExpressionValidator
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from pos_app.domain.people import PIN

KEY_SIZE = 64        # px: the pad's keys, for a finger
PAD_WIDTH = 360


class PinDialog(QDialog):
    entered = Signal(str)       # a PIN of the right shape, to be checked

    def __init__(self, prompt: str, parent: QWidget | None = None, *, locking: bool = False) -> None:
        super().__init__(parent)
        self.locking = locking
        self.setObjectName("lockScreen" if locking else "pinDialog")
        self.setWindowTitle(self.tr("Locked") if locking else self.tr("Manager's PIN"))
        self.setModal(True)
        self.prompt = QLabel(prompt)
        self.prompt.setObjectName("pinPrompt")
        self.prompt.setWordWrap(True)
        self.prompt.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pin = QLineEdit()
        self.pin.setObjectName("pin")
        self.pin.setEchoMode(QLineEdit.EchoMode.Password)
        self.pin.setMaxLength(8)
        self.pin.setValidator(QRegularExpressionValidator(QRegularExpression("[0-9]{0,8}"), self.pin))
        self.pin.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pin.returnPressed.connect(self.on_ok_clicked)
        self.message = QLabel()
        self.message.setObjectName("pinMessage")
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.message.hide()

        pad = QGridLayout()
        for index, key in enumerate("123456789C0"):
            button = self._key(key)
            pad.addWidget(button, index // 3, index % 3)
        self.ok_button = self._key(self.tr("OK"))
        self.ok_button.setObjectName("pinOk")
        self.ok_button.clicked.disconnect()
        self.ok_button.clicked.connect(self.on_ok_clicked)
        pad.addWidget(self.ok_button, 3, 2)

        # The pad keeps a finger's size whatever the window's: centred on a lock screen over the whole till.
        pad_box = QWidget()
        pad_box.setMaximumWidth(PAD_WIDTH)
        column = QVBoxLayout(pad_box)
        column.addWidget(self.prompt)
        column.addWidget(self.pin)
        column.addWidget(self.message)
        column.addLayout(pad)
        if not locking:
            cancel = QPushButton(self.tr("Cancel (Esc)"))
            cancel.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            cancel.clicked.connect(self.reject)
            column.addWidget(cancel)
        layout = QGridLayout(self)
        layout.addWidget(pad_box, 1, 1)
        layout.setRowStretch(0, 1)
        layout.setRowStretch(2, 1)
        layout.setColumnStretch(0, 1)
        layout.setColumnStretch(2, 1)
        self.pin.setFocus()

    def _key(self, text: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName("pinKey")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)      # the keyboard stays in the field
        button.setMinimumSize(KEY_SIZE, KEY_SIZE)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        button.clicked.connect(lambda _checked=False, key=text: self.on_key_clicked(key))
        return button

    def on_key_clicked(self, key: str) -> None:
        if key == "C":
            self.pin.clear()
        else:
            self.pin.insert(key)
        self.pin.setFocus()

    def on_ok_clicked(self) -> None:
        pin = self.pin.text()
        if not PIN.match(pin):
            self.refuse(self.tr("A PIN is 4 to 8 digits."))
            return
        self.set_checking(True)
        self.entered.emit(pin)

    def set_checking(self, checking: bool) -> None:
        """While the PIN is checked: the pad waits (a second Enter checks nothing twice)."""
        self.pin.setReadOnly(checking)
        self.ok_button.setEnabled(not checking)

    def refuse(self, text: str) -> None:
        """The PIN did not do it: say why, and take the next one."""
        self.set_checking(False)
        self.pin.clear()
        self.message.setText(text)
        self.message.show()
        self.pin.setFocus()

    def reject(self) -> None:
        if not self.locking:          # a locked till opens with a PIN only
            super().reject()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt's name
        if self.locking and event.key() == Qt.Key.Key_Escape:
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.locking and not self.isHidden() and self.result() != QDialog.DialogCode.Accepted:
            event.ignore()
            return
        super().closeEvent(event)
