"""How the till names a tax receipt, its receiver and its lottery: in questions, the paid screen and the history.

A receipt is named by its id (ДДТД), which the journal keeps; its lottery only while the till still holds it
(PosAPI's lottery lives in memory until printed, decisions §12). A receipt to an organization has no lottery: it
is named by the organization, its name beside its register.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from pos_app.domain.sale import IssuedReceipt, Receiver, ReceiverKind

translate = QCoreApplication.translate     # lupdate reads translate("ReceiptWords", "...") calls


def receiver_text(receiver: Receiver | None) -> str:
    """"ДЭЭЖ СҮҮ ХХК (register 6235972)", "Organization 6235972" when no name is known, or "Individual"."""
    if receiver is None or receiver.kind is not ReceiverKind.ORGANIZATION:
        return translate("ReceiptWords", "Individual")
    if receiver.name:
        return translate("ReceiptWords", "{name} (register {register})").format(name=receiver.name,
                                                                                register=receiver.register)
    return translate("ReceiptWords", "Organization {register}").format(register=receiver.register)


def receipt_named(receipt: IssuedReceipt | None) -> str:
    """The receipt as a question names it: its id, and its lottery when the till holds it."""
    if receipt is None:
        return ""
    if receipt.lottery:
        return translate("ReceiptWords", "receipt id {id}, lottery {lottery}").format(id=receipt.receipt_id,
                                                                                      lottery=receipt.lottery)
    return translate("ReceiptWords", "receipt id {id}").format(id=receipt.receipt_id)


def lottery_text(receipt: IssuedReceipt, *, posapi: bool) -> str:
    """What the history's Lottery column says of one receipt: its lottery; none for an organization's; a PosAPI
    lottery the till no longer holds is on the paper receipt only."""
    if receipt.lottery:
        return receipt.lottery
    if receipt.receiver.kind is ReceiverKind.ORGANIZATION:
        return translate("ReceiptWords", "none (organization)")
    if posapi and receipt.receipt_id:
        return translate("ReceiptWords", "on the paper receipt")
    return ""
