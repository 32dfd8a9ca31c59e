"""The sale's calls to the payment service, in the till's own terms (no Qt).

`Checkout` turns a cart into a full invoice, a check into a verdict, a paid
payment into a tax receipt; the window calls it from worker threads.
"""

from .service import Checkout, CheckoutConfig, InvoiceState, PaymentCheck
from .training import TrainingDesk

__all__ = ["Checkout", "CheckoutConfig", "InvoiceState", "PaymentCheck", "TrainingDesk"]
