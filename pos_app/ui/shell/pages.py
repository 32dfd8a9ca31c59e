"""The till window's later pages: the tender page, the payment page (the QR code), the receipt page and the
customer's display. The cart is what the first window needs; these are built once the cart is open (the app
asks, `build_later_pages`), or at their first use if that is sooner, so the window shows without waiting for
them and the till's books open meanwhile (issue 21, the start). A part of `MainWindow`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from pos_app.ui.sale.pages.customer_display import CustomerDisplay
    from pos_app.ui.sale.pages.logos import LogoCache
    from pos_app.ui.sale.pages.payment_page import PaymentPage
    from pos_app.ui.sale.pages.receipt_page import ReceiptPage
    from pos_app.ui.sale.pages.tender_page import TenderPage


Page = TypeVar("Page")


class LaterPage(Generic[Page]):
    """One of the later pages, read as the window's attribute: the first reading builds them all."""

    def __init__(self, index: int) -> None:
        self.index = index

    def __get__(self, window: WindowPages | None, owner: type | None = None) -> Page:
        if window is None:
            return self  # type: ignore[return-value]   # (read on the class: the descriptor itself)
        window.build_later_pages()
        return window._later_pages[self.index]  # type: ignore[index,return-value]


class WindowPages:
    """Mixed into `MainWindow`: adds its later pages to `pages` (after the sale page, in the sale's order) and
    wires them to the flow, the scanner's router and the window's own slots."""

    _later_pages: tuple[TenderPage, PaymentPage, ReceiptPage, CustomerDisplay] | None = None
    _shop_name = ""
    tender_page: LaterPage[TenderPage] = LaterPage(0)
    payment_page: LaterPage[PaymentPage] = LaterPage(1)
    receipt_page: LaterPage[ReceiptPage] = LaterPage(2)
    customer_display: LaterPage[CustomerDisplay] = LaterPage(3)

    def defer_later_pages(self, logos: Callable[[], LogoCache]) -> None:
        """`logos()`: the banks' logo cache, asked for when the payment page is built."""
        self._logos = logos

    def build_later_pages(self) -> None:
        """Idempotent: the first call builds them."""
        if self._later_pages is not None:
            return
        from pos_app.ui.sale.pages.customer_display import CustomerDisplay
        from pos_app.ui.sale.pages.payment_page import PaymentPage
        from pos_app.ui.sale.pages.receipt_page import ReceiptPage
        from pos_app.ui.sale.pages.tender_page import TenderPage

        tender, payment, receipt = TenderPage(), PaymentPage(self._logos()), ReceiptPage()
        self._later_pages = (tender, payment, receipt, CustomerDisplay(self._shop_name))
        for page in (tender, payment, receipt):
            self.pages.addWidget(page)
        self._connect_later_pages(tender, payment, receipt)

    def _connect_later_pages(self, tender: TenderPage, payment: PaymentPage, receipt: ReceiptPage) -> None:
        payment.check_requested.connect(self.flow.check_now)
        payment.cancel_requested.connect(self.on_cancel_triggered)
        payment.show_customer_requested.connect(self.on_customer_triggered)
        payment.simulate_requested.connect(self.on_simulate_triggered)
        self.flow.connection_changed.connect(payment.set_trouble)
        receipt.issue_requested.connect(self.flow.issue_receipt)
        receipt.organization_asked.connect(self.flow.look_up_organization)
        self.flow.organization_looked_up.connect(receipt.on_flow_organization_looked_up)
        receipt.reissue_requested.connect(self.flow.reissue_receipt)
        receipt.print_requested.connect(self.on_print_triggered)
        receipt.preview_requested.connect(self.on_preview_triggered)
        receipt.new_sale_requested.connect(self.on_new_sale_triggered)
        self.scan_router.waiting_changed.connect(receipt.show_waiting)
        self.flow.receipt_receiver_differed.connect(receipt.show_receiver_differs)
        self.flow.receipt_failed.connect(receipt.show_error)
        tender.cash_entered.connect(self.on_tender_page_cash_entered)
        tender.card_entered.connect(self.on_tender_page_card_entered)
        tender.qpay_requested.connect(self.on_charge_triggered)
        tender.back_requested.connect(self.on_tender_back_requested)

    def set_shop_name(self, name: str) -> None:
        """The shop's name atop the customer's display (kept for it until it is built)."""
        self._shop_name = name
        if self._later_pages is not None:
            self._later_pages[3].set_shop_name(name)

    def close_customer_display(self) -> None:
        if self._later_pages is not None:     # (never built: nothing to close)
            self._later_pages[3].close()
