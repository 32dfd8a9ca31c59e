"""Response models of the ebarimt (tax receipt) endpoints; re-exported by `pos_app.qpay.models`.

The contract and QPay's own API document name some fields differently; both are read.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import AliasChoices, BeforeValidator, Field, model_validator

from .fields import OptionalAmount
from .model_base import Flag, QPayModel, StatusValue, fill_pairs, list_or_empty
from .statuses import BarimtStatus, normalize_barimt_status, normalize_receiver_type

__all__ = ["BarimtHistory", "BarimtItem", "Ebarimt", "EbarimtCancelResult"]


class BarimtItem(QPayModel):
    """A receipt item. The contract says `vat`, `city_tax`, `barcode`; QPay's document `vat_amount`,
    `city_tax_amount`, `bar_code` (and a boolean `status`): each pair is filled from the other."""

    name: str | None = None
    amount: OptionalAmount = None
    barcode: str | None = None
    measure_unit: str | None = None
    quantity: OptionalAmount = None
    unit_price: OptionalAmount = None
    vat: OptionalAmount = None
    city_tax: OptionalAmount = None
    vat_amount: OptionalAmount = None
    city_tax_amount: OptionalAmount = None
    bar_code: str | None = None
    status: Flag = None

    @model_validator(mode="after")
    def _same_fields_other_names(self) -> BarimtItem:
        fill_pairs(self, (("vat", "vat_amount"), ("city_tax", "city_tax_amount"), ("barcode", "bar_code")))
        return self


class BarimtHistory(QPayModel):
    """A step of the receipt's history. The contract: `{status: string, status_date}`; QPay's document:
    a boolean `status` with `barimt_status`, `barimt_status_date`, `ebarimt_bill_id`, `ebarimt_lottery`."""

    status: StatusValue = None
    status_date: str | None = None
    barimt_status: str | None = None
    barimt_status_date: str | None = None
    ebarimt_bill_id: str | None = None
    ebarimt_lottery: str | None = None

    @property
    def state(self) -> str:
        """The receipt state of this step, normalised (``REGISTERED`` -> ``CREATED``)."""
        text = self.barimt_status if self.barimt_status is not None else self.status
        return normalize_barimt_status(text) if isinstance(text, str) else ""


class EbarimtCancelResult(QPayModel):
    """Answer of Cancel Ebarimt; `status` says whether the cancel succeeded."""

    id: str | None = None
    ebarimt_by: str | None = None
    barimt_status: str | None = None
    barimt_status_date: str | None = None
    status: Flag = None

    # QPay's document uses this in places (``"SUCCESS"``) where the contract has `barimt_status`.
    ebarimt_status: str | None = None

    @property
    def state(self) -> str:
        """`barimt_status` normalised (``REGISTERED`` -> ``CREATED``, ``CANCELED`` -> ``CANCELLED``).
        Without it, `ebarimt_status` ``SUCCESS`` reads as the state the operation leads to."""
        if self.barimt_status is None and normalize_barimt_status(self.ebarimt_status) == "SUCCESS":
            return self._success_state
        return normalize_barimt_status(self.barimt_status)

    _success_state: ClassVar[str] = BarimtStatus.CANCELLED


class Ebarimt(EbarimtCancelResult):
    """Answer of Create Ebarimt; `status` says whether the receipt is active.

    Besides the contract's fields, QPay's document's answer carries `g_payment_id`, `paid_by` (``"P2P"``),
    `ebarimt_receipt_id` (33 digits: kept as text), `merchant_tin`, `ebarimt_receiver_phone` (masked),
    `tax_type` (``"1"``); its field table spells the receiver type `ebarim_receiver_type` (read too)."""

    _success_state: ClassVar[str] = BarimtStatus.CREATED

    ebarimt_receiver_type: str | None = Field(
        default=None, validation_alias=AliasChoices("ebarimt_receiver_type", "ebarim_receiver_type")
    )
    ebarimt_receiver: str | None = None
    ebarimt_receiver_phone: str | None = None
    g_payment_id: str | None = None
    paid_by: str | None = None
    ebarimt_receipt_id: str | None = None
    merchant_tin: str | None = None
    tax_type: str | None = None
    amount: OptionalAmount = None
    vat_amount: OptionalAmount = None
    city_tax_amount: OptionalAmount = None
    ebarimt_qr_data: str | None = None
    ebarimt_lottery: str | None = None
    barimt_items: Annotated[list[BarimtItem], BeforeValidator(list_or_empty)] = Field(default_factory=list)
    barimt_transactions: Annotated[list[Any], BeforeValidator(list_or_empty)] = Field(default_factory=list)
    barimt_histories: Annotated[list[BarimtHistory], BeforeValidator(list_or_empty)] = Field(default_factory=list)

    @property
    def receiver_type(self) -> str:
        """``83``/``84`` also when the service said ``CITIZEN``/``COMPANY``."""
        return normalize_receiver_type(self.ebarimt_receiver_type)
