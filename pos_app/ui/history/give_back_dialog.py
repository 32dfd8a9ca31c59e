"""Give a card payment back: cancel it (same day) or refund it, with the reason
the cashier types, and optionally void the tax receipt with it.

The dialog only asks. It calls nothing: after `accepted` the history reads
`result_kind`, `result_reason` and `result_void_receipt` and does the work in
the background. Open it with `open()` (non-blocking).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from html import escape

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.bank_names import bank_text
from pos_app.domain.tenders import TenderKind
from pos_app.domain.validators import MAX_REVERSAL_REASON, check_reversal_reason
from pos_app.formats import money_text
from pos_app.journal import JournalSale, ReversalKind

from pos_app.ui.common.questions import confirmed_by_ctrl_enter
from pos_app.ui.common.receipt_words import receipt_named


class GiveBackDialog(QDialog):
    """Widgets tests may use: `cancel_choice`, `refund_choice`, `reason`, `reason_error`,
    `void_receipt`, `ok_button`, `back_button`."""

    def __init__(self, sale: JournalSale, parent: QWidget | None = None, *,
                 today: Callable[[], date] = date.today) -> None:
        super().__init__(parent)
        self.sale = sale
        self.result_kind: ReversalKind | None = None
        self.result_reason = ""
        self.result_void_receipt = False
        self._edited = False
        self.setWindowTitle(self.tr("Give back payment"))

        title = QLabel(self.tr("Sale {number}: {amount}").format(number=sale.number, amount=money_text(sale.total)))
        title.setObjectName("title")
        title.setStyleSheet("font-size: 13pt; font-weight: 600;")
        self.at_counter = sale.can_return_tenders     # cash and the card terminal: given back by the cashier
        lines = [self.tr("Card payment, {bank}: <b>{amount}</b> <span style='color:#616e7c'>({payment_id})</span>")
                 .format(bank=escape(bank_text(payment.bank) or self.tr("bank not given")),
                         amount=money_text(payment.amount),
                         payment_id=escape(payment.payment_id)) for payment in sale.payments]
        for tender in sale.tenders_kept:
            if tender.kind is TenderKind.CASH:
                lines.append(self.tr("Cash <b>{amount}</b>: give it back from the drawer").format(
                    amount=money_text(tender.amount + tender.rounding)))     # whole tögrög, as it was taken
            else:
                lines.append(self.tr("Card terminal: <b>{amount}</b> (approval {code}): refund it on the bank's "
                                     "terminal").format(amount=money_text(tender.amount),
                                                        code=escape(getattr(tender.tender, "approval_code", ""))))
        payments = QLabel("<br>".join(lines) or self.tr("No payments recorded."))
        payments.setObjectName("payments")
        payments.setWordWrap(True)

        # -- cancel or refund ---------------------------------------------------
        self.cancel_choice = QRadioButton(self.tr("Cancel the card payment  (Alt+C)"))
        self.cancel_choice.setObjectName("cancel_choice")
        cancel_note = self._note(self.tr("The same day, before the bank settles it: the charge disappears "
                                         "from the customer's card."))
        self.refund_choice = QRadioButton(self.tr("Refund the card payment  (Alt+R)"))
        self.refund_choice.setObjectName("refund_choice")
        refund_note = self._note(self.tr("After the bank has settled it (usually from the next day): the money "
                                         "goes back to the customer's card within a few days."))
        choices = QButtonGroup(self)
        choices.addButton(self.cancel_choice)
        choices.addButton(self.refund_choice)
        same_day = sale.created_at.date() == today()
        (self.cancel_choice if same_day else self.refund_choice).setChecked(True)
        kind_box = QGroupBox(self.tr("Cancel or refund"))
        kind_layout = QVBoxLayout(kind_box)
        for widget in (self.cancel_choice, cancel_note, self.refund_choice, refund_note):
            kind_layout.addWidget(widget)
        if self.at_counter:       # no card payment through QPay to cancel or refund: the cashier gives it back
            self.refund_choice.setChecked(True)
            kind_box.hide()
            self.setWindowTitle(self.tr("Return sale"))

        # -- reason -------------------------------------------------------------
        reason_label = QLabel(self.tr("Reason (required, Alt+S):"))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setMaxLength(MAX_REVERSAL_REASON)
        self.reason.setPlaceholderText(self.tr("for example: item returned"))
        reason_label.setBuddy(self.reason)
        self.reason_error = QLabel()
        self.reason_error.setObjectName("reason_error")
        self.reason_error.setWordWrap(True)

        # -- receipt ------------------------------------------------------------
        self.void_receipt = QCheckBox(self.tr("Also cancel the tax receipt ({receipt})  (Alt+T)").format(
            receipt=receipt_named(sale.receipt)))
        self.void_receipt.setObjectName("void_receipt")
        self.void_receipt.setToolTip(self.tr("Voids the ebarimt in the tax system, so the tax record matches "
                                             "the money given back."))
        self.void_receipt.setChecked(sale.has_active_receipt)
        self.void_receipt.setVisible(sale.has_active_receipt)

        buttons = QDialogButtonBox()
        self.ok_button = buttons.addButton(self.tr("Give back"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setObjectName("ok")
        self.back_button = buttons.addButton(self.tr("Back  (Esc)"), QDialogButtonBox.ButtonRole.RejectRole)
        self.back_button.setObjectName("back")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(payments)
        layout.addWidget(kind_box)
        layout.addWidget(reason_label)
        layout.addWidget(self.reason)
        layout.addWidget(self.reason_error)
        layout.addWidget(self.void_receipt)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

        self.reason.textChanged.connect(self.on_reason_text_changed)
        self.cancel_choice.toggled.connect(self._update)
        # The keys the texts name, whatever the language: a Cyrillic "&" mnemonic would need Alt+Cyrillic.
        QShortcut(QKeySequence("Alt+C"), self, lambda: self.cancel_choice.setChecked(True))
        QShortcut(QKeySequence("Alt+R"), self, lambda: self.refund_choice.setChecked(True))
        QShortcut(QKeySequence("Alt+S"), self, self.reason.setFocus)
        QShortcut(QKeySequence("Alt+T"), self, self.on_void_shortcut_activated)
        # Money goes back for good: Enter (a scanner's too) and Esc keep it; Ctrl+Enter gives it back.
        confirmed_by_ctrl_enter(self)
        self._update()
        self.reason.setFocus()

    def on_void_shortcut_activated(self) -> None:
        if self.void_receipt.isVisible() and self.void_receipt.isEnabled():
            self.void_receipt.toggle()

    def _note(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setObjectName("muted")
        label.setWordWrap(True)
        label.setContentsMargins(24, 0, 0, 6)
        return label

    @property
    def kind(self) -> ReversalKind:
        return ReversalKind.CANCEL if self.cancel_choice.isChecked() else ReversalKind.REFUND

    def reason_problem(self) -> str:
        """Why the typed reason cannot be sent, in the cashier's words ("" when it can)."""
        try:
            check_reversal_reason(self.reason.text())
        except ValueError:
            if not " ".join(self.reason.text().split()):
                return self.tr("Say why the payment is given back (for example: item returned).")
            return self.tr("The reason is too long: at most %n characters.", "", MAX_REVERSAL_REASON)
        return ""

    def on_reason_text_changed(self, _text: str) -> None:
        self._edited = True
        self._update()

    def _update(self) -> None:
        problem = self.reason_problem()
        self.ok_button.setEnabled(not problem)
        self.ok_button.setToolTip(problem)
        if self.at_counter:
            self.ok_button.setText(self.tr("Record as given back  (Ctrl+Enter)"))
        else:
            self.ok_button.setText(self.tr("Cancel the payment  (Ctrl+Enter)") if self.kind is ReversalKind.CANCEL
                                   else self.tr("Refund the payment  (Ctrl+Enter)"))
        self.reason_error.setText(problem)
        # Red once the cashier has typed something wrong; a calm hint before that.
        self.reason_error.setStyleSheet("color: #ba2525;" if problem and self._edited else "color: #616e7c;")
        self.reason_error.setVisible(bool(problem))

    def accept(self) -> None:
        problem = self.reason_problem()
        if problem:          # Ctrl+Enter pressed with a bad reason: keep the text, say why
            self._edited = True
            self._update()
            self.reason.setFocus()
            return
        self.result_kind = self.kind
        self.result_reason = check_reversal_reason(self.reason.text())
        self.result_void_receipt = self.sale.has_active_receipt and self.void_receipt.isChecked()
        super().accept()
