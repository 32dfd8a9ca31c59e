"""What a sale's calls go through: the checkout, the journal, the receipt service and the shop's rates.

The sale flow and the sales history are both handed one `SaleServices`; the till replaces it as a whole when the
settings change. Only types are imported here: the checkout itself loads on a worker, after the first window
(issue 21, the start).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from pos_app.domain.cart import DEFAULT_RATES
from pos_app.domain.cash import DEFAULT_CASH_STEP
from pos_app.domain.taxes import TaxRates

if TYPE_CHECKING:
    from pos_app.checkout.posapi_desk import PosApiDesk
    from pos_app.checkout.service import Checkout
    from pos_app.checkout.training import TrainingDesk
    from pos_app.journal import Journal


@dataclass
class SaleServices:
    """What the flow calls; replaced as a whole when the settings change."""

    checkout: Checkout
    journal: Journal
    training: TrainingDesk | None = None
    posapi: PosApiDesk | None = None      # every sale's receipt through the shop's PosAPI, when it has one
    cash_step: Decimal = DEFAULT_CASH_STEP   # cash is paid to a multiple of this (the shop's cash rounding)
    tax_rates: TaxRates = DEFAULT_RATES      # the shop's VAT and city tax rates (what a return's parts hold)
