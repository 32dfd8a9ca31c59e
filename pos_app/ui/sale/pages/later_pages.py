"""The sale's later pages: the tender page, the payment page (the QR code), the receipt page and the customer's
display. The cart is what the first window needs; these are built once the cart is open (the app asks, `build`),
or at their first use if that is sooner, so the window shows without waiting for them and the till's books open
meanwhile (issue 21, the start)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QStackedWidget

if TYPE_CHECKING:
    from pos_app.ui.sale.pages.customer_display import CustomerDisplay
    from pos_app.ui.sale.pages.logos import LogoCache
    from pos_app.ui.sale.pages.payment_page import PaymentPage
    from pos_app.ui.sale.pages.receipt_page import ReceiptPage
    from pos_app.ui.sale.pages.tender_page import TenderPage


class LaterPages:
    """Adds the later pages to the window's `pages` (after the sale page, in the sale's order) when first built;
    `on_built` wires them (the window's, the flow's and the keys' slots). Each page, read as an attribute, builds
    them all first: nothing can reach one before it exists."""

    def __init__(self, pages: QStackedWidget, logos: Callable[[], LogoCache],
                 on_built: Callable[[TenderPage, PaymentPage, ReceiptPage], None]) -> None:
        """`logos()`: the banks' logo cache, asked for when the payment page is built."""
        self.pages = pages
        self.logos = logos
        self.on_built = on_built
        self._built: tuple[TenderPage, PaymentPage, ReceiptPage, CustomerDisplay] | None = None
        self._shop_name = ""

    def build(self) -> None:
        """Idempotent: the first call builds them."""
        self._all()

    def _all(self) -> tuple[TenderPage, PaymentPage, ReceiptPage, CustomerDisplay]:
        if self._built is not None:
            return self._built
        from pos_app.ui.sale.pages.customer_display import CustomerDisplay
        from pos_app.ui.sale.pages.payment_page import PaymentPage
        from pos_app.ui.sale.pages.receipt_page import ReceiptPage
        from pos_app.ui.sale.pages.tender_page import TenderPage

        tender, payment, receipt = TenderPage(), PaymentPage(self.logos()), ReceiptPage()
        self._built = (tender, payment, receipt, CustomerDisplay(self._shop_name))
        for page in (tender, payment, receipt):
            self.pages.addWidget(page)
        self.on_built(tender, payment, receipt)
        return self._built

    @property
    def tender_page(self) -> TenderPage:
        return self._all()[0]

    @property
    def payment_page(self) -> PaymentPage:
        return self._all()[1]

    @property
    def receipt_page(self) -> ReceiptPage:
        return self._all()[2]

    @property
    def customer_display(self) -> CustomerDisplay:
        return self._all()[3]

    def set_shop_name(self, name: str) -> None:
        """The shop's name atop the customer's display (kept for it until it is built)."""
        self._shop_name = name
        if self._built is not None:
            self._built[3].set_shop_name(name)

    def close_customer_display(self) -> None:
        if self._built is not None:     # (never built: nothing to close)
            self._built[3].close()
