"""Paid, then the tax receipt: Individual or Organization, Issue receipt, the
lottery number large, the receipt QR, Print and New sale."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from pos_app.bank_names import banks_text
from pos_app.domain.sale import ReceiptVia, Receiver, ReceiverKind, Sale, Stage
from pos_app.domain.tenders import TenderKind
from pos_app.domain.validators import InputState, is_citizen_register, organization_register_state
from pos_app.formats import money_text

from pos_app.ui.common.posapi_words import organization_look_up_words
from pos_app.ui.common.qr_widget import QRWidget
from pos_app.ui.common.receipt_words import receiver_text


class ReceiptPage(QWidget):
    issue_requested = Signal(object)     # a Receiver
    organization_asked = Signal(str)     # a whole register typed: name its organization (the flow looks it up)
    reissue_requested = Signal(object)   # a Receiver: void the receipts made for another, issue them again
    print_requested = Signal()
    preview_requested = Signal()
    new_sale_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.paid_title = QLabel()
        self.paid_title.setObjectName("paidTitle")
        self.paid_details = QLabel()
        self.paid_details.setObjectName("muted")
        self.change = QLabel()              # cash given beyond what was due: handed back, shown large
        self.change.setObjectName("change")
        self.change.hide()
        self.no_receipt = QLabel(self.tr("No tax receipt: this shop has no PosAPI set, so a sale paid by cash or "
                                         "the card terminal gets none. Set PosAPI in Settings (Ctrl+,)."))
        self.no_receipt.setObjectName("banner")
        self.no_receipt.setWordWrap(True)
        self.no_receipt.hide()

        # -- the ebarimt step
        self.individual = QRadioButton(self.tr("Individual  (Alt+I)"))
        self.organization = QRadioButton(self.tr("Organization  (Alt+O)"))
        self.individual.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.individual)
        group.addButton(self.organization)
        self.register = QLineEdit()
        self.register.setObjectName("register")
        self.register.setPlaceholderText(self.tr("Organization's register number: 7 digits"))
        self.register.setMaxLength(12)     # a digit too many is shown and refused in words, never cut off
        self._named: Receiver | None = None          # the organization the tax system named for the register typed
        self._look_up: str | Exception | None = None  # the register being looked up, or why it could not be
        self.register.textChanged.connect(self.on_register_changed)
        self.register.returnPressed.connect(self.on_issue_clicked)
        self.register_hint = QLabel()
        self.register_hint.setObjectName("fieldHint")
        self.organization.toggled.connect(self.on_organization_toggled)
        self.issue_button = QPushButton(self.tr("Issue receipt  (Enter)"))
        self.issue_button.setObjectName("primary")
        self.issue_button.clicked.connect(self.on_issue_clicked)
        self.error = QLabel()
        self.error.setObjectName("banner")
        self.error.setWordWrap(True)
        self.error.hide()

        step = QFrame()
        step.setObjectName("card")
        step_layout = QVBoxLayout(step)
        title = QLabel(self.tr("Tax receipt (ebarimt)"))
        title.setObjectName("sectionTitle")
        step_layout.addWidget(title)
        kinds = QHBoxLayout()
        kinds.addWidget(self.individual)
        kinds.addWidget(self.organization)
        kinds.addStretch(1)
        step_layout.addLayout(kinds)
        step_layout.addWidget(self.register)
        step_layout.addWidget(self.register_hint)
        step_layout.addWidget(self.error)
        step_layout.addWidget(self.issue_button)
        self.step = step

        # -- the service recorded another receiver than the one asked (after a lost answer)
        self.differs = QLabel()
        self.differs.setObjectName("banner")
        self.differs.setWordWrap(True)
        self.reissue_button = QPushButton()
        self.reissue_button.setObjectName("primary")
        self.reissue_button.clicked.connect(self.on_reissue_clicked)
        differs = QFrame()
        differs.setObjectName("card")
        differs_layout = QVBoxLayout(differs)
        differs_layout.addWidget(self.differs)
        differs_layout.addWidget(self.reissue_button)
        differs.hide()
        self.differs_card = differs
        self._asked: Receiver | None = None

        # -- the issued receipt
        self.lottery = QLabel()
        self.lottery.setObjectName("lottery")
        self.lottery.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.lottery.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.receipt_qr = QRWidget()
        self.receipt_qr.setMinimumSize(180, 180)
        self.receipt_facts = QLabel()
        self.receipt_facts.setObjectName("facts")
        self.receipt_facts.setTextFormat(Qt.TextFormat.PlainText)
        self.print_button = QPushButton(self.tr("Print  (Ctrl+P)"))
        self.print_button.clicked.connect(self.print_requested)
        self.preview_button = QPushButton(self.tr("Preview  (Alt+P)"))
        self.preview_button.clicked.connect(self.preview_requested)
        self.waiting = QLabel()             # items scanned meanwhile for the next customer
        self.waiting.setObjectName("waiting")
        self.waiting.hide()
        self.print_status = QLabel()
        self.print_status.setObjectName("printStatus")
        self.print_status.setWordWrap(True)
        self.print_status.hide()
        result = QFrame()
        result.setObjectName("card")
        grid = QGridLayout(result)
        self.lottery_head = QLabel(self.tr("Lottery number"))
        self.lottery_head.setObjectName("muted")
        self.lottery_head.setAlignment(Qt.AlignmentFlag.AlignCenter)
        left = QVBoxLayout()
        left.addStretch(1)
        left.addWidget(self.lottery_head)
        left.addWidget(self.lottery)
        left.addStretch(1)
        left.addWidget(self.receipt_facts)
        grid.addLayout(left, 0, 0)
        grid.addWidget(self.receipt_qr, 0, 1)
        grid.setColumnStretch(0, 1)
        self.result = result

        self.new_sale_button = QPushButton(self.tr("New sale  (F2)"))
        self.new_sale_button.clicked.connect(self.new_sale_requested)
        for button in (self.print_button, self.preview_button, self.new_sale_button, self.issue_button,
                       self.reissue_button):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        buttons = QHBoxLayout()
        buttons.addWidget(self.waiting)
        buttons.addWidget(self.print_status, 1)
        buttons.addWidget(self.preview_button)
        buttons.addWidget(self.print_button)
        buttons.addWidget(self.new_sale_button)

        layout = QVBoxLayout(self)
        layout.addWidget(self.paid_title)
        layout.addWidget(self.paid_details)
        layout.addWidget(self.change)
        layout.addWidget(self.no_receipt)
        layout.addWidget(step)
        layout.addWidget(differs)
        layout.addWidget(result, 1)
        layout.addStretch(0)
        layout.addLayout(buttons)
        self.on_organization_toggled(False)

    # -- showing the sale ---------------------------------------------------------------------

    def show_sale(self, sale: Sale) -> None:
        self.paid_title.setText(self.tr("✓ Paid  {amount}").format(amount=money_text(sale.paid_amount)))
        details = [self.tr("Sale {number}").format(number=sale.number)]
        if sale.overpaid > 0:
            details.append(self.tr("{amount} more than the total {total}").format(
                amount=money_text(sale.overpaid), total=money_text(sale.total)))
        kinds = {tender.kind for tender in sale.tenders}
        if TenderKind.CASH in kinds:
            details.append(self.tr("cash"))
        if TenderKind.CARD_TERMINAL in kinds:
            details.append(self.tr("card terminal"))
        if sale.bank:
            details.append(self.tr("via {bank}").format(bank=banks_text(p.bank for p in sale.payments)))
        details.append(self.tr("incl. VAT {vat}, city tax {city_tax}").format(
            vat=money_text(sale.taxes.vat), city_tax=money_text(sale.taxes.city_tax)))
        self.paid_details.setText("  ·  ".join(details))
        self.change.setText(self.tr("Change  {amount}").format(amount=money_text(sale.change)))
        self.change.setVisible(sale.change > 0)
        issuing = sale.stage is Stage.ISSUING_RECEIPT
        no_receipt = sale.receipt_via is ReceiptVia.NONE
        done = sale.stage is Stage.COMPLETED and (sale.receipt is not None or no_receipt)
        self.no_receipt.setVisible(no_receipt)
        self.step.setVisible(not done and not no_receipt)
        self.result.setVisible(done and not no_receipt)
        self.print_button.setVisible(done)
        self.preview_button.setVisible(done)
        for widget in (self.individual, self.organization, self.register):
            widget.setEnabled(not issuing)
        self.issue_button.setText(self.tr("Issuing…") if issuing else self.tr("Issue receipt  (Enter)"))
        self.on_register_changed(self.register.text())
        if issuing:
            self.issue_button.setEnabled(False)
            self.error.hide()
            self.differs_card.hide()
        self.reissue_button.setEnabled(not issuing)
        if done and sale.receipt is not None:
            self._show_receipts(sale)

    def _show_receipts(self, sale: Sale) -> None:
        """Every receipt of the sale (one a payment): each lottery number, the first one's QR, the sums."""
        receipts = sale.receipts
        first = receipts[0]
        # A receipt to an organization has no lottery: its heading and number stay away, the receiver says whose.
        lotteries = [receipt.lottery or "—" for receipt in receipts
                     if receipt.lottery or receipt.receiver.kind is ReceiverKind.INDIVIDUAL]
        self.lottery.setText("\n".join(lotteries))
        self.lottery_head.setVisible(bool(lotteries))
        self.lottery.setVisible(bool(lotteries))
        try:
            self.receipt_qr.setData(b"", first.qr_data)
            self.receipt_qr.show()
        except ValueError:
            self.receipt_qr.hide()
        receivers = ", ".join(dict.fromkeys(self.receiver_text(receipt.receiver) for receipt in receipts))
        self.receipt_facts.setText("\n".join([
            self.tr("Amount:    {amount}").format(amount=money_text(sum(r.amount for r in receipts))),
            self.tr("VAT:       {amount}").format(amount=money_text(sum(r.vat for r in receipts))),
            self.tr("City tax:  {amount}").format(amount=money_text(sum(r.city_tax for r in receipts))),
            self.tr("Receiver:  {receiver}").format(receiver=receivers),
            self.tr("Receipt:   {id}").format(id=", ".join(receipt.receipt_id for receipt in receipts)),
        ]))

    def receiver_text(self, receiver: Receiver) -> str:
        return receiver_text(receiver)

    def show_receiver_differs(self, sale: Sale, asked: Receiver) -> None:
        """The service kept the receipt it had made for another receiver: say so, offer to issue it again."""
        made = sale.receipt.receiver if sale.receipt is not None else Receiver()
        self._asked = asked
        self.differs.setText(self.tr(
            "The tax system already had this sale's receipt for {made}, not for {asked} as chosen. "
            "It is the valid receipt now. To give the customer a receipt for {asked}, void it and issue "
            "it again.").format(made=self.receiver_text(made), asked=self.receiver_text(asked)))
        self.reissue_button.setText(self.tr("Void and issue for {asked}  (Alt+V)").format(
            asked=self.receiver_text(asked)))
        self.differs_card.show()

    def on_reissue_clicked(self) -> None:
        if self._asked is not None and self.differs_card.isVisible() and self.reissue_button.isEnabled():
            self.differs_card.hide()
            self.reissue_requested.emit(self._asked)

    def reset(self) -> None:
        self.individual.setChecked(True)
        self.register.clear()
        self._named = self._look_up = None
        self.error.hide()
        self.differs_card.hide()
        self._asked = None
        self.show_print_status("")

    def show_waiting(self, count: int) -> None:
        """How many items were scanned for the next customer (they start the next sale)."""
        self.waiting.setText(self.tr("Next customer: %n item(s) waiting", "", count))
        self.waiting.setVisible(count > 0)

    def show_print_status(self, text: str, ok: bool = True) -> None:
        """How the last print of this sale went ("" hides it); a failure stands out, a success is quiet."""
        self.print_status.setText(text)
        self.print_status.setProperty("failed", not ok)
        self.print_status.setStyleSheet("" if ok else "color: #b00020; font-weight: bold;")
        self.print_status.setVisible(bool(text))

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()

    def focus_step(self) -> None:
        if self.organization.isChecked():
            self.register.setFocus()
        else:
            self.setFocus()

    # -- the receiver ----------------------------------------------------------------------------

    def receiver(self) -> Receiver | None:
        if not self.organization.isChecked():
            return Receiver()
        named = self._named
        return named if named is not None and named.register == self.register.text().strip() else None

    def choose_individual(self) -> None:
        self.individual.setChecked(True)

    def choose_organization(self) -> None:
        self.organization.setChecked(True)

    def on_organization_toggled(self, checked: bool) -> None:
        self.register.setVisible(checked)
        self.register_hint.setVisible(checked)
        self.on_register_changed(self.register.text())
        if checked:
            self.register.setFocus()

    def on_register_changed(self, text: str) -> None:
        """Validated as typed: seven digits, then the organization named by the tax system (looked up by the flow)
        before Enter issues; a digit too many or a citizen's register is said, never cut off."""
        if not self.organization.isChecked():
            self.issue_button.setEnabled(True)
            return
        value = text.strip()
        state = organization_register_state(text)
        if state is InputState.VALID and (self._named is None or self._named.register != value):
            self._named = None
            if self._look_up != value:
                self._look_up = value
                self.organization_asked.emit(value)
        if state is InputState.VALID:
            self._show_named(value)
            return
        self._named = self._look_up = None
        hints = {
            InputState.EMPTY: self.tr("Type the organization's 7-digit register number."),
            InputState.INCOMPLETE: self.tr("{count} of 7 digits").format(count=len(value)),
            InputState.INVALID: self._invalid_hint(value),
        }
        self._hint(hints[state], state.value)
        self.issue_button.setEnabled(False)

    def _invalid_hint(self, value: str) -> str:
        if is_citizen_register(value):
            return self.tr("That is a person's register number: an organization's has 7 digits. For a person, "
                           "choose Individual (Alt+I).")
        if value.isascii() and value.isdigit():
            return self.tr("{count} digits: an organization's register number has 7. Delete the extra.").format(
                count=len(value))
        return self.tr("A register number is 7 digits, nothing else.")

    def _show_named(self, register: str) -> None:
        named, looking = self._named, self._look_up
        if named is not None:
            self._hint(self.tr("✓ {name}: read it to the customer, then Enter issues the receipt.").format(
                name=named.name) if named.name else self.tr("✓ 7 digits (the tax system was not asked its name)."),
                InputState.VALID.value)
        elif isinstance(looking, Exception):
            self._hint(organization_look_up_words(looking, register), InputState.INVALID.value)
        else:
            self._hint(self.tr("Looking up {register} in the tax system…").format(register=register),
                       InputState.INCOMPLETE.value)
        self.issue_button.setEnabled(named is not None)

    def _hint(self, text: str, state: str) -> None:
        self.register_hint.setText(text)
        self.register_hint.setProperty("state", state)
        self.register_hint.style().unpolish(self.register_hint)
        self.register_hint.style().polish(self.register_hint)

    def on_flow_organization_looked_up(self, register: str, found: object) -> None:
        """The tax system's answer for `register`: the named organization (a Receiver), why not (an Exception), or
        None: no look-up here (no PosAPI), the register stands alone. Late answers for another register are dropped."""
        if register != self._look_up or register != self.register.text().strip():
            return
        if isinstance(found, Exception):
            self._look_up = found
        else:
            self._named = found if isinstance(found, Receiver) else Receiver.organization(register)
        self._show_named(register)

    def on_issue_clicked(self) -> None:
        if self.organization.isChecked() and organization_register_state(self.register.text()) is InputState.VALID \
                and self._named is None:
            if isinstance(self._look_up, Exception):      # Enter looks again
                self._look_up = None
                self.on_register_changed(self.register.text())
            else:
                self.show_error(self.tr("Wait for the organization's name, read it to the customer, then Enter."))
            return
        receiver = self.receiver()
        if receiver is None:
            self.show_error(self.tr("Check the register number: an organization's has exactly 7 digits."))
            return
        self.error.hide()
        self.issue_requested.emit(receiver)
