"""The till's people, catalog and kept cart, a part `PosApp` owns: who is signed in (the PIN screen at
start and after the idle time), a manager's PIN before Settings and the history's refunds and voids, the people set up
(People and PINs…), a catalog imported or an item's price changed (written to the shop's catalog file, then
the till reloads it), the unpaid cart kept in the journal as it changes (`ui/sale/cart/cart_keeper.py`), and
the window's size. Texts keep the "PosApp" translation context."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from decimal import Decimal
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

from pos_app.config.checks import check_discount_limit, check_idle_lock_minutes
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.people import Permission
from pos_app.formats import money_text
from pos_app.ui.sale.cart.cart_keeper import CartKeeper
from pos_app.ui.common.messages import describe_error
from pos_app.ui.people.till_people import TillPeople

if TYPE_CHECKING:
    from pos_app.app.paths import AppPaths
    from pos_app.app.start.payment_side import Backend
    from pos_app.app.start.books import TillBooks
    from pos_app.config import Settings
    from pos_app.journal.kept_cart import KeptCart
    from pos_app.ui.sale.cart.cart_model import CartModel
    from pos_app.ui.sale.flow.flow import SaleFlow
    from pos_app.ui.shell.main_window import MainWindow
    from pos_app.ui.common.tasks import TaskRunner

logger = logging.getLogger("pos_app.app.root")
translate = QCoreApplication.translate     # lupdate reads translate("PosApp", "...") calls
CATALOG_FILE = "catalog.csv"               # in the data folder: the catalog the till imported or edited


SMALLEST_SCREEN = (1024, 700)      # the window's least size: 1024×768 less a taskbar


def window_state(mode: str, width: int, height: int) -> Qt.WindowState:
    """How the till takes its screen: maximized or full screen as the shop set, unless the screen is smaller than
    the window's least size (it then keeps that size, to be moved around)."""
    if width < SMALLEST_SCREEN[0] or height < SMALLEST_SCREEN[1]:
        return Qt.WindowState.WindowNoState
    return {"full_screen": Qt.WindowState.WindowFullScreen,
            "maximized": Qt.WindowState.WindowMaximized}.get(mode, Qt.WindowState.WindowNoState)


def counter_limits(settings: Settings) -> tuple[int, Decimal]:
    """The idle lock's minutes and the discount limit; a setting not valid (reported with the others) takes the
    careful side: the lock after 5 minutes, and no discount without a manager."""
    minutes = int(settings.idle_lock_minutes) if check_idle_lock_minutes(settings.idle_lock_minutes) is None else 5
    limit = Decimal(settings.discount_limit) if check_discount_limit(settings.discount_limit) is None else Decimal(0)
    return minutes, limit


class PeopleAndCatalog(QObject):
    """Who works the till and what it sells: the sign-in and the people set up, the catalog imported or edited,
    the cart kept as it changes, the window's size at the first books.

    `window`, `backend` and `settings` give the ones of the moment: a language change rebuilds the window, new
    settings replace the backend and the settings."""

    catalog_file_chosen = Signal(str)    # the till's catalog is this file from now on (saved with the settings)

    def __init__(self, window: Callable[[], MainWindow], runner: TaskRunner, model: CartModel, flow: SaleFlow,
                 people: TillPeople, paths: AppPaths, *, backend: Callable[[], Backend | None],
                 settings: Callable[[], Settings | None], last_key: Callable[[], float],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.window = window
        self.runner = runner
        self.model = model
        self.flow = flow
        self.people = people
        self.paths = paths
        self.backend = backend
        self.settings = settings
        self.last_key = last_key      # when the scanner last saw a key (the idle lock counts from it)
        self.cart_keeper: CartKeeper | None = None     # made with the first books opened
        self.sized = False       # the window's size setting applied once (a language change keeps its geometry)

    def use_people(self, settings: Settings, backend: TillBooks | Backend) -> None:
        """The backend's people and journal; the PIN screen when PINs are set up and nobody is signed in."""
        idle, limit = counter_limits(settings)
        self.people.use(backend.people, backend.journal, idle, last_key=self.last_key)
        window = self.window()
        window.counter_keys.set_discount_limit(limit)
        window.update_actions()
        if not self.sized:
            self.sized = True
            screen = window.screen()
            area = screen.availableGeometry() if screen is not None else None
            state = window_state(settings.window_mode, area.width() if area else 0, area.height() if area else 0)
            if state is not Qt.WindowState.WindowNoState:
                window.setWindowState(state)
        if self.people.guarded and self.people.operator is None:
            self.people.lock(window)
        elif not self.people.guarded:
            window.statusBar().showMessage(translate(
                "PosApp", "No manager's PIN is set up: anyone at this till may give money back and open Settings. "
                          "Set up people in Till → People and PINs."), 15000)

    # -- the cart kept as it changes ------------------------------------------------------------------

    def open_kept_cart(self, books: TillBooks | Backend) -> None:
        """The cart is kept in these books' journal from now on; the one kept at the last stop comes back."""
        if self.cart_keeper is None:
            self.cart_keeper = CartKeeper(self.runner, self.model, self.flow, self)
            self.cart_keeper.restored.connect(self.on_cart_keeper_restored)
            self.cart_keeper.parked.connect(self.on_cart_keeper_parked)
        self.cart_keeper.use(books.journal, books.kept_cart)

    def on_cart_keeper_restored(self, _kept: KeptCart) -> None:
        self.window().sale_page.show_info(translate(
            "PosApp", "The cart from before the till stopped is back ({total}). Go on with the sale, or F2 to clear "
                      "it.").format(total=money_text(self.model.total)))

    def on_cart_keeper_parked(self, _kept: KeptCart) -> None:
        self.window().sale_page.show_info(translate(
            "PosApp", "The cart from before the till stopped is parked: F10 with an empty cart brings it back."))

    def on_people_signed_in(self, person: object) -> None:
        window = self.window()
        window.restore_focus()      # the keyboard back to the sale, as it was before the lock
        window.statusBar().showMessage(translate("PosApp", "Signed in: {name}.").format(
            name=getattr(person, "name", "")), 8000)

    def approved(self, permission: Permission, then: Callable[[], None]) -> None:
        """`then()` once whoever is signed in may, or a manager's PIN says so (the window is the parent)."""
        self.people.approve(permission, then, self.window())

    # -- people -------------------------------------------------------------------------------------

    def on_window_people_requested(self) -> None:
        backend = self.backend()
        if backend is None:
            return
        journal = backend.journal

        def show() -> None:
            from pos_app.ui.people.people_dialog import PeopleDialog   # opened by the owner: loaded then

            dialog = PeopleDialog(self.runner, journal, self.window())
            dialog.changed.connect(self.on_people_dialog_changed)
            dialog.finished.connect(lambda _result: self.dialog_done(dialog))
            dialog.open()

        self.approved(Permission.USERS, show)

    def on_people_dialog_changed(self, people: object) -> None:
        backend, settings = self.backend(), self.settings()
        if backend is None or settings is None:
            return
        first = None if self.people.guarded else next((p for p in people if p.is_manager), None)  # type: ignore
        backend.set_people(people)      # type: ignore[arg-type]
        if first is not None:
            # The first manager, just saved with their PIN typed twice: they stay at the till, mid-task (the
            # dialog says PINs are asked from now on); the lock comes when they leave it (decisions §19).
            self.people.sign_in(first)
        self.use_people(settings, backend)

    # -- the catalog ------------------------------------------------------------------------------------

    def on_window_catalog_import_requested(self) -> None:
        def show() -> None:
            from pos_app.ui.settings.catalog_import import CatalogImportDialog

            dialog = CatalogImportDialog(self.runner, self.paths.data_dir, self.window())
            dialog.imported.connect(self.catalog_file_chosen)
            dialog.finished.connect(lambda _result: self.dialog_done(dialog))
            dialog.open()

        self.approved(Permission.SETTINGS, show)

    def on_window_catalog_item_edited(self, before: CatalogItem, after: CatalogItem) -> None:
        """A manager changed an item at the till: the whole catalog is written with it (atomically), then used."""
        backend = self.backend()
        if backend is None:
            return
        items = [after if item.barcode == before.barcode else item for item in backend.catalog]
        target = self.paths.data_dir / CATALOG_FILE

        def written(done: Future[object]) -> None:
            try:
                path = done.result()
            except Exception as exc:  # noqa: BLE001 - the cart took the price; the file says why not
                self.window().show_problem(describe_error(exc, translate("PosApp",
                                                                         "The catalog file was not saved.")))
                return
            self.catalog_file_chosen.emit(str(path))

        from pos_app.config.catalog_files import write_catalog_csv

        self.runner.run_in_background(lambda: write_catalog_csv(items, target), written)

    def dialog_done(self, dialog: QObject) -> None:
        dialog.deleteLater()
        self.window().restore_focus()
