"""Builds settings, secrets, backend and window, and wires them.

The window shows at once; the settings, the keyring, the catalog and (in
training) the embedded sandbox are prepared on a worker, then handed over.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import replace
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from pos_app.ui.common import feature_scan  # noqa: F401 - before the till's own modules: PySide6's scan of each, cheaper
from pos_app import RESOURCES
from pos_app.app.paths import AppPaths
from pos_app.app.people_and_catalog import PeopleAndCatalog
from pos_app.app.back_office import BackOffice
from pos_app.app.recovery import RecoveryWatch
from pos_app.app.store_bridge import AppStore
from pos_app.app.loading import (STARTUP_REPORT_VARIABLE, HintGate, Loaded, Opened, load_till, open_till,
                               parse_arguments, report_startup, saved_language, scale_format_of, settings_applier)
from pos_app.config.environment import Environment
from pos_app.domain.people import Permission
from pos_app.domain.poll import PollSchedule
from pos_app.domain.sale import Sale, Stage
from pos_app.app.start.problems import (
    CALLBACK_PROBLEM,
    CATALOG_PROBLEM,
    NO_PASSWORD_PROBLEM,
    SETTINGS_FILE_PROBLEM,
    SETTINGS_INVALID_PROBLEM,
    StartupProblem,
    StartupRecovery,
)
from pos_app.journal.lock import JournalLockedError
from pos_app.ui.sale.cart.cart_model import CartModel
from pos_app.ui.common.language import Language, choose_language
from pos_app.ui.shell.main_window import MainWindow
from pos_app.ui.printing.printing import ReceiptPrinting
from pos_app.ui.sale.scanning.scanner import ScanRecognizer
from pos_app.ui.common.messages import describe_error, secrets_problem_text
from pos_app.checkout.sale_services import SaleServices
from pos_app.ui.sale.flow.flow import SaleFlow
from pos_app.ui.common.style import STYLESHEET
from pos_app.ui.common.tasks import TaskRunner
from pos_app.ui.people.till_people import TillPeople

# Loaded where first used, after the first window is up (issue 21, the start): the backend (built on a worker)
# and the dialogs (opened by the cashier or the owner).
if TYPE_CHECKING:
    from pos_app.app.start.payment_side import Backend
    from pos_app.config.settings import Settings
    from pos_app.config.secrets import SecretStore
    from pos_app.app.start.books import TillBooks
    from pos_app.ui.sale.pages.logos import LogoCache
    from pos_app.ui.settings.dialog import SettingsDialog

logger = logging.getLogger(__name__)


class PosApp(QObject):
    """The running till: one runner, one flow, one window; the backend swapped on new settings. It builds the
    till's parts and connects them; a part takes the window and the backend of the moment through a function."""

    opened = Signal()   # the cart takes sales (the till's books are open; the payment side may still be coming)
    ready = Signal()    # all of it: the payment side too, the journal settled
    hint_arrived = Signal(object)   # a CallbackHint, emitted on the receiver's thread, handled on the GUI thread

    def __init__(self, paths: AppPaths, *, runner: TaskRunner | None = None, sandbox_url: str | None = None,
                 secrets: SecretStore | None = None, schedule: PollSchedule | None = None,
                 language: Language | None = None, instant: Callable[[], datetime] | None = None,
                 posapi_url: str | None = None) -> None:
        super().__init__()
        self.paths = paths
        self.posapi_url = posapi_url     # a running PosAPI sandbox for training (tests); None: the embedded one
        self.instant = instant      # the moment the shop's clock reads (tests); None: the system clock
        self.runner = runner or TaskRunner()
        self.sandbox_url = sandbox_url
        self.secrets = secrets
        self.settings: Settings | None = None
        self.backend: Backend | None = None
        self.counter_journal: object | None = None   # the journal the cart was opened with
        self.model = CartModel()
        self.flow = SaleFlow(self.runner, self.model, schedule=schedule)
        self._logos: LogoCache | None = None
        self.printing = ReceiptPrinting(self.runner, self)
        self.language = language
        self.people = TillPeople(self.runner, self)
        self.people_and_catalog = PeopleAndCatalog(
            lambda: self.window, self.runner, self.model, self.flow, self.people, paths,
            backend=lambda: self.backend, settings=lambda: self.settings,
            last_key=lambda: self.scanner.last_key_at, parent=self)
        self.people.signed_in.connect(self.people_and_catalog.on_people_signed_in)
        self.people_and_catalog.catalog_file_chosen.connect(self.on_people_and_catalog_catalog_file_chosen)
        self.back_office = BackOffice(lambda: self.window, self.flow, self.runner, self.printing, self.people,
                                      backend=lambda: self.backend)    # the history (F4), day close (F6), shift
        self.window = self._make_window()
        # One application-wide scanner: a scan is known by its shape whatever has focus
        # (pos_app/ui/sale/scanning/scanner.py).
        self.scanner = ScanRecognizer(QApplication.instance(), self)  # type: ignore[arg-type]
        self.scanner.set_home(self.window)
        self.scanner.scanned.connect(self.on_scanner_scanned)
        self.flow.receipt_issued.connect(self.on_flow_receipt_issued)
        self.recovery_watch = RecoveryWatch(lambda: self.window, self.flow, self.runner, self.printing,
                                            backend=lambda: self.backend, parent=self)
        self.flow.receipt_queued.connect(self.recovery_watch.on_flow_receipt_queued)
        self.settings_dialog: SettingsDialog | None = None
        self.lock = paths.instance_lock()
        self.hint_gate = HintGate()
        self.hint_arrived.connect(self.on_receiver_hint_arrived)
        # At a store: its catalog as it changes, and whether it answers.
        self.store = AppStore(lambda: self.window, self.flow, self.runner, backend=lambda: self.backend, parent=self)

    @property
    def logos(self) -> LogoCache:
        """The banks' logos, one cache for every window (made with the first payment page, after the start)."""
        if self._logos is None:
            from pos_app.ui.sale.pages.logos import LogoCache
            self._logos = LogoCache(self.runner, self.paths.logo_cache_dir)
        return self._logos

    def _make_window(self) -> MainWindow:
        window = MainWindow(self.runner, self.flow, lambda: self.logos, printing=self.printing, people=self.people)
        self.people.set_window(window)      # where the idle lock shows
        people_and_catalog, back_office = self.people_and_catalog, self.back_office
        window.people_requested.connect(people_and_catalog.on_window_people_requested)
        window.catalog_import_requested.connect(people_and_catalog.on_window_catalog_import_requested)
        window.catalog_item_edited.connect(people_and_catalog.on_window_catalog_item_edited)
        window.settings_requested.connect(self.on_window_settings_requested)
        window.history_requested.connect(back_office.on_window_history_requested)
        window.day_close_requested.connect(back_office.on_window_day_close_requested)
        window.shift_requested.connect(back_office.on_window_shift_requested)
        return window

    def _speak(self, settings: Settings) -> bool:
        """Another language chosen: every text is made anew in it, so the window is rebuilt around the same
        flow and cart (settings open only between sales, so nothing on screen is lost). True: rebuilt."""
        if self.language is None:
            return False
        code = choose_language(settings.language)
        if code == self.language.code:
            return False
        self.language.use(code)
        old = self.window
        window = self._make_window()
        window.take_over(old)
        window.setGeometry(old.geometry())
        self.window = window
        self.scanner.set_home(window)     # (else keys in the new window would be taken for another till's)
        window.show()
        old.later_pages.close_customer_display()
        old.set_ask_before_quit(False)
        old.close()
        old.deleteLater()
        window.show_stage(self.flow.sale)
        return True

    # -- start -----------------------------------------------------------------------------

    def start(self) -> None:
        """The window at once; then, on the money worker and in order, the till's books (the cart opens with
        them) and the payment side (the clients, training's sandboxes, the journal settled): a charge asked in
        between is told the payment service is still starting."""
        self.window.show()
        QTimer.singleShot(0, self._begin_loading)     # once the window is painted: the worker would hold it back

    def _begin_loading(self) -> None:
        if self.runner.closed:
            return      # shut down before the window was ever painted
        opening = self.runner.run_in_background(self._open, self._on_opened, money=True)
        self.runner.run_in_background(lambda: self._load(opening.result()), self._on_loaded, money=True)

    def _open(self) -> Opened:
        return open_till(self.paths, self.lock, instant=self.instant)

    def _load(self, opened: Opened) -> Loaded:
        return load_till(opened, self.paths, self.secrets, sandbox_url=self.sandbox_url,
                         on_hint=self.hint_arrived.emit, posapi_url=self.posapi_url)

    def _on_opened(self, done: Future[Opened]) -> None:
        # The window's later pages (the payment, the receipt...) once the cart is open, while the payment side
        # comes up: built sooner, they would hold back the first window or the cart (ui/sale/pages/later_pages.py).
        QTimer.singleShot(0, lambda: self.window.later_pages.build())
        try:
            opened = done.result()
        except Exception:  # noqa: BLE001 - the second half fails alike and says it
            return
        if opened.books is None or opened.books.unfinished:
            return    # another pos-app holds the folder; or a crash left a sale: the cart opens once it is settled
        self._speak(opened.settings)      # (rebuilt now, not under a PIN screen the cart may open with)
        self.window.set_starting(True)
        self._open_counter(opened.settings, opened.books)
        self.opened.emit()

    def _on_loaded(self, done: Future[Loaded]) -> None:
        try:
            loaded = done.result()
        except Exception as exc:  # noqa: BLE001 - the window stays up and says what is wrong
            logger.exception("start-up failed")
            text = describe_error(exc, self.tr("The till could not start its payment service."))
            self.flow.set_unavailable(text)
            self.people.stop()
            self.counter_journal = None
            self.window.set_starting(False)
            self.window.set_ready(False)     # the books it may have opened are closed with the failed backend
            self.window.show_problem(text)
            return
        if loaded.backend is None or loaded.secrets is None:
            self._refuse_to_start(loaded.locked)
            self.ready.emit()
            return
        self.secrets = loaded.secrets
        was_open = self.counter_journal is loaded.backend.journal
        self._use(loaded.settings, loaded.backend)
        self._show_problems(loaded.problems)
        if loaded.secrets.problem and loaded.settings.environment is not Environment.TRAINING:
            self.window.statusBar().showMessage(secrets_problem_text(loaded.secrets.problem), 15000)
        self.recovery_watch.use(loaded.recovery)
        if not was_open:
            self.opened.emit()
        self.ready.emit()

    def _refuse_to_start(self, locked: JournalLockedError | None) -> None:
        pid = locked.pid if locked is not None and locked.pid else None
        text = (self.tr("Another pos-app is already running on this computer (process {pid}). "
                        "Use that window, or close it and start again.").format(pid=pid) if pid
                else self.tr("Another pos-app is already running on this computer. "
                             "Use that window, or close it and start again."))
        logger.error("another pos-app holds the data folder (pid %s)", pid)
        self.flow.set_unavailable(text)
        self.window.show_problem(text)
        self.window.statusBar().showMessage(text)

    def _use(self, settings: Settings, backend: Backend) -> None:
        old = self.backend
        self.settings, self.backend = settings, backend
        rebuilt = self._speak(settings)
        if backend.checkout is None:
            self.flow.use_services(None)
            self.flow.set_unavailable(self.tr("No password is stored for this account: enter it in "
                                              "Settings (Ctrl+,) before charging."))
        else:
            self.flow.use_services(SaleServices(backend.checkout, backend.journal, backend.training, backend.posapi,
                                                settings.cash_step, settings.tax_rates))
            self.flow.set_unavailable("")
        self.window.set_starting(False)
        if rebuilt or self.counter_journal is not backend.journal:
            self._open_counter(settings, backend)     # (else opened with these books already: the cart goes on)
        self.window.update_actions()
        from pos_app.receipts.printers import PrinterChoice, shop_header   # (after the first window: issue 21)
        self.printing.configure(PrinterChoice.from_settings(settings), shop_header(settings), backend.journal,
                                backend.clock.now, backend.posapi.print_only if backend.posapi else None)
        self.store.use(backend)
        if old is not None and old is not backend:
            self.runner.run_in_background(old.close)

    def _open_counter(self, settings: Settings, books: TillBooks | Backend) -> None:
        """The cart takes sales: the catalog, the rates, the scanner, who may sign in, the shift."""
        self.counter_journal = books.journal
        self.scanner.configure(settings.scanner_prefix, settings.scanner_suffix)
        training = settings.environment is Environment.TRAINING
        till = self.tr("Terminal {terminal}").format(terminal=settings.terminal_id)
        if settings.shop_name:
            till = f"{settings.shop_name} · {till}"
        self.model.set_rates(settings.tax_rates)
        self.window.set_ready(True, books.catalog, training=training, till=till, search=books.search,
                              scale_format=scale_format_of(settings), quick_keys=books.quick_keys)
        self.people_and_catalog.use_people(settings, books)
        self.people_and_catalog.open_kept_cart(books)
        self.window.tender_keys.set_shift_open(books.shift_open)
        self.window.later_pages.set_shop_name(settings.shop_name)

    def on_receiver_hint_arrived(self, hint: object) -> None:
        """A callback says a payment may have arrived: check the open sale now (never trusted as payment)."""
        if self.hint_gate.lets_through(hint, self.flow.sale if self.flow.stage is Stage.AWAITING_PAYMENT else None):
            self.flow.check_now()

    def on_flow_receipt_issued(self, sale: Sale) -> None:
        """The ebarimt is issued: print it at once when a printer is set and the shop wants that."""
        choice = self.printing.choice
        if choice.is_set and choice.auto_print:
            self.window.receipt_keys.print_receipt(sale.number, copy=False)

    # -- settings ----------------------------------------------------------------------------

    def on_window_settings_requested(self) -> None:
        if self.settings is None or self.secrets is None or self.backend is None:
            return
        self.people.approve(Permission.SETTINGS, self._open_settings, self.window)

    def _open_settings(self) -> None:
        if self.settings is None or self.secrets is None or self.backend is None:
            return
        sandbox_url = self.backend.base_url if self.backend.training else self.sandbox_url
        from pos_app.app.start.payment_side import check_connection   # loaded already: it built `self.backend`
        from pos_app.ui.settings.dialog import SettingsDialog

        dialog = SettingsDialog(self.settings, self.secrets, self.runner,
                                partial(check_connection, sandbox_url=sandbox_url), self.window)
        dialog.accepted.connect(lambda: self._apply_settings(dialog))
        dialog.finished.connect(lambda _result: self.window.restore_focus())
        self.settings_dialog = dialog
        dialog.open()

    def _apply_settings(self, dialog: SettingsDialog) -> None:
        assert dialog.result_settings is not None
        self.apply_new_settings(dialog.result_settings, dialog.result_password, dialog.result_direct_password)

    def on_people_and_catalog_catalog_file_chosen(self, path: str) -> None:
        """The till's catalog is this file from now on: saved in the settings and loaded with them."""
        if self.settings is None:
            return
        self.apply_new_settings(replace(self.settings, catalog_file=str(path)), None)

    def apply_new_settings(self, settings: Settings, password: str | None, direct: str | None = None) -> None:
        assert self.secrets is not None
        apply = settings_applier(settings, password, self.secrets, self.paths, current=self.backend,
                                 current_settings=self.settings, sandbox_url=self.sandbox_url, direct_password=direct,
                                 on_hint=self.hint_arrived.emit, instant=self.instant, posapi_url=self.posapi_url)
        self.window.statusBar().showMessage(self.tr("Applying the new settings…"))
        self.runner.run_in_background(apply, lambda done: self._on_settings_applied(settings, done), money=True)

    def _on_settings_applied(self, settings: Settings, done: Future[tuple[Backend, StartupRecovery]]) -> None:
        try:
            backend, recovery = done.result()
        except Exception as exc:  # noqa: BLE001
            self.window.show_problem(describe_error(exc, self.tr("The new settings could not be applied.")))
            return
        if self.backend is not None:
            backend.take_sandboxes_from(self.backend)
        self._use(settings, backend)
        self._show_problems(backend.problems)
        self.recovery_watch.use(recovery)

    def _show_problems(self, problems: list[StartupProblem]) -> None:
        if problems:
            self.window.show_problem("\n".join(self.describe_problem(problem) for problem in problems))

    def describe_problem(self, problem: StartupProblem) -> str:
        texts = {
            SETTINGS_FILE_PROBLEM: self.tr("The settings file could not be read ({detail}). The till runs in "
                                           "training mode until the settings are saved again."),
            SETTINGS_INVALID_PROBLEM: self.tr("The settings need fixing ({detail}). The till runs in training "
                                              "mode until they are saved again."),
            CATALOG_PROBLEM: self.tr("The catalog could not be read ({detail}); the sample catalog is used."),
            NO_PASSWORD_PROBLEM: self.tr("No password is stored for {detail}: enter it in Settings (Ctrl+,)."),
            CALLBACK_PROBLEM: self.tr("The callback receiver could not start ({detail}); payments are found by "
                                      "checking, a little later. Choose another port in Settings."),
        }
        return texts.get(problem.kind, "{detail}").format(detail=problem.detail)

    # -- stop ----------------------------------------------------------------------------------

    def on_scanner_scanned(self, code: str) -> None:
        self.window.scan_router.on_scanner_scanned(code)   # the window of the moment (rebuilt for a language)

    def shutdown(self) -> None:
        self.scanner.stop()
        self.people.stop()
        self.flow.stop()
        self.recovery_watch.stop()
        self.runner.shutdown(wait=True)
        if self.backend is not None:
            self.backend.close()
            self.backend = None
        self.lock.release()


def main(argv: Sequence[str] | None = None) -> int:
    started = time.perf_counter()
    args, qt_args = parse_arguments(argv if argv is not None else sys.argv[1:])
    # force: importing python-escpos already called logging.basicConfig() (WARNING, bare format).
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s", force=True)
    qt_app = QApplication([sys.argv[0], *qt_args])
    qt_app.setApplicationName("pos-app")
    qt_app.setStyleSheet(STYLESHEET)
    qt_app.setWindowIcon(QIcon(str(RESOURCES / "icons" / "pos-app.png")))
    paths = AppPaths.default()
    language = Language(qt_app)
    language.use(choose_language(saved_language(paths)))   # before any widget: they take their texts when built
    app = PosApp(paths, language=language)
    if os.environ.get(STARTUP_REPORT_VARIABLE):
        report_startup(app.opened, app.ready, started)
    if args.quit_when_ready:
        app.ready.connect(lambda: QTimer.singleShot(0, qt_app.quit))
    if args.self_test:
        from pos_app.app.self_test import SelfTest

        app.window.set_ask_before_quit(False)
        screenshot = Path(args.screenshot) if args.screenshot else None
        self_test = SelfTest(app.flow, app.model, lambda: app.window, screenshot, parent=app)
        app.ready.connect(lambda: self_test.begin(app.settings, app.backend))
    app.start()
    QTimer.singleShot(0, gc.enable)   # the window is up: the collector again (pos_app/launch.py held it)
    try:
        return qt_app.exec()
    finally:
        app.shutdown()


if __name__ == "__main__":
    raise SystemExit(main())
