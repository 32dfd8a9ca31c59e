"""Return a part of a sale: the lines the customer still has, a quantity typed for each one going back, the
reason, and what the till will do (the money per tender, the tax receipt) before the cashier confirms.

Keyboard first: Up and Down choose a line; digits (and the decimal point, for a weight) type its quantity; Space
returns the whole line (or none of it); Backspace takes the last digit off; Alt+S goes to the reason; Ctrl+Enter
returns (a bare Enter, a scanner's too, does not); Esc goes back. The dialog only asks: after `accepted` the
history reads `result_quantities` and `result_reason` and does the work on the money worker. The plan it shows is
`checkout.partial_returns.plan_return`, the one the journal then records.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from pos_app.checkout.partial_returns import ReceiptAfter, ReturnPlan, plan_return
from pos_app.domain.cart import CartLine
from pos_app.domain.returns import MoneyBack, ReturnError, TenderSource
from pos_app.domain.validators import MAX_REVERSAL_REASON, check_reversal_reason
from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.formats import money_text, quantity_text, signed_money_text
from pos_app.journal import JournalError, JournalSale
from pos_app.journal.return_rows import kept_after

from pos_app.ui.common.questions import confirmed_by_ctrl_enter

translate = QCoreApplication.translate     # lupdate reads translate("ReturnItems", "...") calls

# The domain's refusals, for lupdate (the texts are `ReturnError.template`s).
_REFUSALS = (
    QT_TRANSLATE_NOOP("ReturnItems", "Quantity {value} is not a number"),
    QT_TRANSLATE_NOOP("ReturnItems", "A quantity returned must be above 0"),
    QT_TRANSLATE_NOOP("ReturnItems", "Line {line}: at most {quantity} can be returned"),
    QT_TRANSLATE_NOOP("ReturnItems", "Line {line}: {item} is returned in whole pieces"),
    QT_TRANSLATE_NOOP("ReturnItems", "Line {line}: a weight has at most 3 decimals"),
    QT_TRANSLATE_NOOP("ReturnItems", "Line {line} was returned already"),
    QT_TRANSLATE_NOOP("ReturnItems", "{amount} is more than the sale has left to give back"),
)
_TYPED = "0123456789.,"


def refusal_words(error: ReturnError) -> str:
    return translate("ReturnItems", error.template).format(**error.params)


def money_words(part: MoneyBack) -> str:
    """One part of a return's money in the cashier's words: what to do with it (cash: the whole tögrög to hand
    over, and the rounding that made them whole)."""
    amount = money_text(part.handed)
    rounding = signed_money_text(part.rounding)
    if part.via is TenderSource.CASH and part.source is TenderSource.QPAY:
        if part.rounding:
            return translate("ReturnItems", "{amount} in cash from the drawer (QPay gives back whole payments only; "
                                            "rounding {rounding})").format(amount=amount, rounding=rounding)
        return translate("ReturnItems", "{amount} in cash from the drawer (QPay gives back whole payments only)"
                         ).format(amount=amount)
    if part.via is TenderSource.CASH:
        if part.rounding:
            return translate("ReturnItems", "{amount} in cash from the drawer (rounding {rounding})").format(
                amount=amount, rounding=rounding)
        return translate("ReturnItems", "{amount} in cash from the drawer").format(amount=amount)
    if part.via is TenderSource.CARD_TERMINAL:
        return translate("ReturnItems", "{amount} to the card: refund it on the bank's terminal").format(
            amount=amount)
    return translate("ReturnItems", "{amount} back to the card through QPay (payment {payment})").format(
        amount=amount, payment=part.ref)


def receipt_words(after: ReceiptAfter) -> str:
    return {
        ReceiptAfter.NONE: translate("ReturnItems", "The sale has no valid tax receipt."),
        ReceiptAfter.CORRECTED: translate("ReturnItems", "The tax receipt is corrected: a new one for what the "
                                                         "customer keeps replaces it (same lottery)."),
        ReceiptAfter.REISSUED: translate("ReturnItems", "QPay's tax receipt is voided and what the customer keeps "
                                                        "gets a new one through PosAPI."),
        ReceiptAfter.VOIDED: translate("ReturnItems", "Everything is returned: the tax receipt is voided."),
        ReceiptAfter.LEFT: translate("ReturnItems", "The till cannot correct this tax receipt: it stays valid. "
                                                    "Correct it in the ebarimt portal, then a manager marks it "
                                                    "settled here."),
    }[after]


class _LinesTable(QTableWidget):
    """The lines; typed keys go to the dialog (the quantity of the current line)."""

    def __init__(self, dialog: ReturnItemsDialog) -> None:
        super().__init__()
        self._dialog = dialog

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._dialog.typed(event.key(), event.text()):
            super().keyPressEvent(event)


class ReturnItemsDialog(QDialog):
    """Widgets tests may use: `table`, `plan_label`, `error_label`, `reason`, `ok_button`, `back_button`;
    `set_quantity(row, text)` types a row's quantity."""

    ITEM, KEPT, PRICE, AMOUNT, RETURNED = range(5)

    def __init__(self, sale: JournalSale, parent: QWidget | None = None, *, posapi_set: bool = True,
                 cash_step: Decimal = DEFAULT_CASH_STEP) -> None:
        super().__init__(parent)
        self.sale = sale
        self.posapi_set = posapi_set
        self.cash_step = cash_step        # the shop's: cash goes back in whole tögrög, rounded by it
        self.result_quantities: tuple[tuple[int, str], ...] = ()
        self.result_reason = ""
        self.plan: ReturnPlan | None = None
        kept = kept_after(sale.lines, sale.part_returns)
        self._lines: list[tuple[int, CartLine]] = [(index, line) for index, line in enumerate(kept) if line is not None]
        self._typed = ["" for _ in self._lines]
        self.setWindowTitle(self.tr("Return items"))

        title = QLabel(self.tr("Sale {number}: the customer has {amount}").format(
            number=sale.number, amount=money_text(sale.kept_total)))
        title.setStyleSheet("font-size: 13pt; font-weight: 600;")
        title.setWordWrap(True)
        hint = QLabel(self.tr("Up/Down: a line · digits: how many go back (a weight: kg) · Space: the whole line · "
                              "Ctrl+Enter: return · Esc: back"))
        hint.setObjectName("muted")
        hint.setWordWrap(True)

        self.table = _LinesTable(self)
        self.table.setObjectName("lines")
        self.table.setColumnCount(5)
        self.table.setHorizontalHeaderLabels([self.tr("Item"), self.tr("Has"), self.tr("Price"), self.tr("Amount"),
                                              self.tr("Return")])
        self.table.setRowCount(len(self._lines))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.ITEM, QHeaderView.ResizeMode.Stretch)
        for row, (_index, line) in enumerate(self._lines):
            cells = (line.description, quantity_text(line.quantity), money_text(line.unit_price),
                     money_text(line.total), "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column != self.ITEM:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        if self._lines:
            self.table.setCurrentCell(0, self.RETURNED)

        self.plan_label = QLabel()
        self.plan_label.setObjectName("plan")
        self.plan_label.setWordWrap(True)
        self.error_label = QLabel()
        self.error_label.setObjectName("fieldError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #ba2525;")

        reason_label = QLabel(self.tr("Reason (required, Alt+S):"))
        self.reason = QLineEdit()
        self.reason.setObjectName("reason")
        self.reason.setMaxLength(MAX_REVERSAL_REASON)
        self.reason.setPlaceholderText(self.tr("for example: item returned"))
        reason_label.setBuddy(self.reason)

        buttons = QDialogButtonBox()
        self.ok_button = buttons.addButton(self.tr("Return  (Ctrl+Enter)"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setObjectName("ok")
        self.back_button = buttons.addButton(self.tr("Back  (Esc)"), QDialogButtonBox.ButtonRole.RejectRole)
        self.back_button.setObjectName("back")
        self.back_button.setAutoDefault(False)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        for widget in (title, hint, self.table, self.plan_label, self.error_label, reason_label, self.reason):
            layout.addWidget(widget)
        layout.addWidget(buttons)
        self.setMinimumWidth(640)
        self.resize(760, 520)
        QShortcut(QKeySequence("Alt+S"), self, self.reason.setFocus)
        self.reason.textChanged.connect(lambda _text: self._update())
        confirmed_by_ctrl_enter(self)
        self._update()
        self.table.setFocus()

    # -- typing ---------------------------------------------------------------------------------------------------

    def typed(self, key: int, text: str) -> bool:
        """A key on the table: True when it changed the current line's quantity."""
        row = self.table.currentRow()
        if row < 0:
            return False
        current = self._typed[row]
        if key == Qt.Key.Key_Space:
            whole = quantity_text(self._lines[row][1].quantity)
            self.set_quantity(row, "" if current else whole)
        elif key in (Qt.Key.Key_Backspace,):
            self.set_quantity(row, current[:-1])
        elif key == Qt.Key.Key_Delete:
            self.set_quantity(row, "")
        elif text and text in _TYPED:
            self.set_quantity(row, current + ("." if text == "," else text))
        else:
            return False
        return True

    def set_quantity(self, row: int, text: str) -> None:
        self._typed[row] = text
        item = self.table.item(row, self.RETURNED)
        if item is not None:
            item.setText(text)
        self._update()

    def quantities(self) -> tuple[tuple[int, str], ...]:
        """(the line's place in the sale, the quantity typed) of each line with a quantity."""
        return tuple((index, self._typed[row]) for row, (index, _line) in enumerate(self._lines)
                     if self._typed[row])

    # -- the plan -----------------------------------------------------------------------------------------------

    def problem(self) -> str:
        """Why Ctrl+Enter cannot return yet, in the cashier's words ("" when it can)."""
        if not self.quantities():
            return self.tr("Type how many of a line go back (Space: the whole line).")
        if self.plan is None:
            return self.error_label.text()
        try:
            check_reversal_reason(self.reason.text())
        except ValueError:
            return self.tr("Say why the items are returned (for example: item returned).")
        return ""

    def _update(self) -> None:
        self.plan, error = None, ""
        if self.quantities():
            try:
                self.plan = plan_return(self.sale, self.quantities(), posapi_set=self.posapi_set,
                                        cash_step=self.cash_step)
            except ReturnError as exc:
                error = refusal_words(exc)
            except JournalError as exc:
                error = str(exc)
        if self.plan is None:
            self.plan_label.setText("")
        else:
            lines = [self.tr("Give back {amount}:").format(amount=money_text(self.plan.amount))]
            lines += ["• " + money_words(part) for part in self.plan.money]
            lines.append(receipt_words(self.plan.receipt))
            self.plan_label.setText("\n".join(lines))
        self.error_label.setText(error)
        self.error_label.setVisible(bool(error))
        # Ctrl+Enter with no reason yet says so (`accept`); with no plan there is nothing to confirm.
        self.ok_button.setEnabled(self.plan is not None)
        self.ok_button.setToolTip(self.problem())

    def accept(self) -> None:
        problem = self.problem()
        if problem:
            self.error_label.setText(problem)
            self.error_label.setVisible(True)
            return
        self.result_quantities = self.quantities()
        self.result_reason = check_reversal_reason(self.reason.text())
        super().accept()

