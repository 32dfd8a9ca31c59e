"""The till's receipts are the tax system's (issue 16): the receiver the service recorded, a receipt
issued again when the money was kept, answers that prove nothing left pending. Whole sales from the
keyboard against the sandbox; each ends in the fault matrix's invariant check, which compares every
receipt's status and receiver in the journal with the service's own records."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt

from pos_app.domain.sale import Receiver, ReceiverKind, Stage
from pos_app.journal import JournalStatus, ReceiptStatus
from pos_app.sandbox import SandboxServer

from .conftest import WAIT_MS, Till
from .fault_matrix_helpers import Outcomes, assert_sale_kept, charge, receipts_of
from .test_history_dialog import press
from .test_fault_matrix import fast_till, pay, scan_lines, token_clock  # noqa: F401 - fixtures

ORGANIZATION = Receiver.organization("1234567")
EBARIMT = "/v2/ebarimt_v3/create"


def paid_sale(till: Till) -> tuple[str, Outcomes]:
    outcomes = Outcomes.watch(till)
    scan_lines(till)
    charge(till, outcomes)
    pay(till, till.control)
    assert till.flow.sale is not None
    return till.flow.sale.number, outcomes


def test_the_receipt_records_the_receiver_the_service_made_and_offers_to_issue_again(
        fast_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:  # noqa: F811
    till = fast_till()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    number, outcomes = paid_sale(till)
    # The individual's receipt is made, its answer lost: the step stays pending (never "refused").
    till.control.fault(EBARIMT, method="POST", drop=True, after_processing=True, count=1)
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: len(outcomes.receipt_failed) == 1, timeout=WAIT_MS)
    assert till.flow.stage is Stage.PAID and journal.queries.get(number).status is JournalStatus.RECEIPT_PENDING
    assert len(receipts_of(sandbox_server, [p.payment_id for p in journal.queries.get(number).payments])) == 1

    # The cashier now picks the organization; the service answers with the receipt it already made.
    differed: list[Receiver] = []
    till.flow.receipt_receiver_differed.connect(lambda _sale, asked: differed.append(asked))
    till.key(Qt.Key.Key_O, Qt.KeyboardModifier.AltModifier)
    till.type(till.window.receipt_page.register, "1234567")
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: differed == [ORGANIZATION], timeout=WAIT_MS)
    sale = assert_sale_kept(till, sandbox_server, number, issue=False)
    assert sale.status is JournalStatus.COMPLETED and sale.receiver == ORGANIZATION
    assert [row.receipt.receiver for row in sale.receipts] == [Receiver()] and sale.receiver_differs
    page = till.window.receipt_page
    assert page.differs_card.isVisible() and "Individual" in page.differs.text()
    assert "Individual" in page.receipt_facts.text() and "1234567" not in page.receipt_facts.text()

    # Alt+V: voided and issued again, for the organization.
    till.key(Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)
    till.qtbot.waitUntil(lambda: [r.status for r in journal.queries.get(number).receipts]
                         == [ReceiptStatus.CANCELLED, ReceiptStatus.ISSUED], timeout=WAIT_MS)
    till.wait_stage(Stage.COMPLETED)
    sale = assert_sale_kept(till, sandbox_server, number)
    assert sale.receipt is not None and sale.receipt.receiver == ORGANIZATION and not sale.receiver_differs
    assert "1234567" in page.receipt_facts.text() and not page.differs_card.isVisible()


def test_a_server_error_on_the_receipt_leaves_it_pending_and_asking_again_finds_it(
        fast_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:  # noqa: F811
    till = fast_till()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    number, outcomes = paid_sale(till)
    # The service made the receipt and then failed its answer with a 500: that proves nothing.
    till.control.fault(EBARIMT, method="POST", status=500, after_processing=True, count=1)
    till.key(Qt.Key.Key_Return)
    till.qtbot.waitUntil(lambda: len(outcomes.receipt_failed) == 1, timeout=WAIT_MS)
    sale = journal.queries.get(number)
    assert sale.status is JournalStatus.RECEIPT_PENDING and sale.receipt_status is ReceiptStatus.PENDING
    made = receipts_of(sandbox_server, [p.payment_id for p in sale.payments])
    assert len(made) == 1
    assert_sale_kept(till, sandbox_server, number, issue=False)
    till.key(Qt.Key.Key_Return)                          # asked again: the same receipt, recorded once
    till.wait_stage(Stage.COMPLETED)
    sale = assert_sale_kept(till, sandbox_server, number)
    assert [row.receipt.receipt_id for row in sale.receipts] == [made[0]["id"]]


def test_a_voided_receipt_on_a_sale_whose_money_was_kept_is_issued_again_from_the_history(
        fast_till: Callable[..., Till], sandbox_server: SandboxServer) -> None:  # noqa: F811
    till = fast_till()
    journal = till.app.backend.journal  # type: ignore[union-attr]
    number, _outcomes = paid_sale(till)
    till.key(Qt.Key.Key_Return)
    till.wait_stage(Stage.COMPLETED)
    till.key(Qt.Key.Key_F2)
    till.wait_stage(None)
    till.key(Qt.Key.Key_F4)
    till.qtbot.waitUntil(lambda: till.app.back_office.history_dialog is not None, timeout=WAIT_MS)
    dialog = till.app.back_office.history_dialog
    assert dialog is not None
    till.qtbot.waitUntil(lambda: dialog.selected_sale() is not None and dialog.cancel_receipt_button.isEnabled(),
                         timeout=WAIT_MS)
    assert not dialog.issue_receipt_button.isEnabled()          # it has its receipt
    press(till.qtbot, dialog, Qt.Key.Key_F8)                  # void it; the money is kept
    till.qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None, timeout=WAIT_MS)
    till.qtbot.keyClick(dialog.sale_actions.confirmation, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    till.qtbot.waitUntil(lambda: journal.queries.get(number).receipt_status is ReceiptStatus.CANCELLED, timeout=WAIT_MS)
    sale = assert_sale_kept(till, sandbox_server, number, issue=False)
    assert sale.status is JournalStatus.COMPLETED and sale.owes_receipt

    till.qtbot.waitUntil(dialog.issue_receipt_button.isEnabled, timeout=WAIT_MS)
    press(till.qtbot, dialog, Qt.Key.Key_F9)                    # issue it again, for the organization
    till.qtbot.waitUntil(lambda: dialog.sale_actions.confirmation is not None, timeout=WAIT_MS)
    box = dialog.sale_actions.confirmation
    box.setTextValue("1234567")
    box.accept()
    till.qtbot.waitUntil(lambda: journal.queries.get(number).has_active_receipt, timeout=WAIT_MS)
    sale = assert_sale_kept(till, sandbox_server, number)
    assert not sale.owes_receipt and sale.receipt is not None
    assert sale.receipt.receiver.kind is ReceiverKind.ORGANIZATION
    assert [row.status for row in sale.receipts] == [ReceiptStatus.CANCELLED, ReceiptStatus.ISSUED]
    till.qtbot.waitUntil(lambda: not dialog.issue_receipt_button.isEnabled() and not dialog.action_runner.busy,
                         timeout=WAIT_MS)
    dialog.reject()
