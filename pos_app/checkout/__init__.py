"""The sale's calls to the payment service, in the till's own terms (no Qt).

`Checkout` turns a cart into a full invoice, a check into a verdict, a paid
payment into a tax receipt; the window calls it from worker threads.
"""

from typing import TYPE_CHECKING

from pos_app.lazy import lazy_names

if TYPE_CHECKING:    # what type checkers and the installer's bundler read; loaded when first used
    from .service import (
        Checkout as Checkout,
        CheckoutConfig as CheckoutConfig,
        InvoiceState as InvoiceState,
        PaymentCheck as PaymentCheck,
    )
    from .training import (
        TrainingDesk as TrainingDesk,
    )

__getattr__, __dir__, __all__ = lazy_names(__name__, {
    "service": "Checkout CheckoutConfig InvoiceState PaymentCheck",
    "training": "TrainingDesk",
})
