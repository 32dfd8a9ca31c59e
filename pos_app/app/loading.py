"""The till's work behind the window: loading at start, rebuilding on new settings, which callback hints
earn a check, and the command line.

No widgets and no texts for the cashier here: `pos_app.app.root` builds the window, runs these on its worker
and says what they found.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, SignalInstance

from pos_app.app.paths import AppPaths
from pos_app.config.checks import check_language
from pos_app.config.environment import Environment
from pos_app.config.settings_file import SettingsFileError, read_settings_file
from pos_app.domain.sale import Sale
from pos_app.journal.lock import JournalLock, JournalLockedError
from pos_app.app.start.problems import SETTINGS_FILE_PROBLEM, SETTINGS_INVALID_PROBLEM, StartupProblem, StartupRecovery
from pos_app.ui.common.messages import settings_problem_text

# The backend (the clients, pydantic, requests, PyJWT, the keyring) is imported by the worker that builds it,
# after the first window is up, and the settings' checks by the worker that reads them: issue 21, the start.
if TYPE_CHECKING:
    from pos_app.app.start.payment_side import Backend
    from pos_app.domain.scale import ScaleFormat
    from pos_app.config.settings import Settings
    from pos_app.app.start.books import TillBooks
    from pos_app.config.secrets import SecretStore
    from pos_app.qpay.callbacks import CallbackHint

STARTUP_REPORT_VARIABLE = "POS_APP_REPORT_STARTUP"  # benchmarks: print when the window is shown / ready
HINT_SPACING_S = 1.0       # callbacks are unsigned: a flood of them may not turn into a flood of checks


@dataclass
class Loaded:
    settings: Settings
    secrets: SecretStore | None
    backend: Backend | None                # None: another pos-app holds the data folder
    problems: list[StartupProblem] = field(default_factory=list)
    recovery: StartupRecovery = field(default_factory=StartupRecovery)
    locked: JournalLockedError | None = None


@dataclass
class Opened:
    """The start's first half: the till's books, enough to take a sale (the payment side comes next)."""

    settings: Settings
    books: TillBooks | None                 # None: another pos-app holds the data folder
    problems: list[StartupProblem] = field(default_factory=list)
    locked: JournalLockedError | None = None


def open_till(paths: AppPaths, lock: JournalLock, *, instant: Callable[[], datetime] | None) -> Opened:
    """The start's first half, on the worker: the data folder's lock, the settings, the journal and the catalog
    (no network, no payment clients)."""
    from pos_app.config.settings import Settings, load_settings   # (their checks: after the first window)
    from pos_app.app.start.books import open_books

    try:
        lock.acquire()
    except JournalLockedError as exc:
        return Opened(Settings(), None, locked=exc)
    problems: list[StartupProblem] = []
    try:
        settings = load_settings(paths.settings_file)
    except SettingsFileError as exc:
        problems.append(StartupProblem(SETTINGS_FILE_PROBLEM, str(exc)))
        settings = Settings(language=saved_language(paths))
    if settings.problems():
        problems.append(StartupProblem(SETTINGS_INVALID_PROBLEM,
                                       "; ".join(settings_problem_text(p) for p in settings.problems())))
        settings = Settings(language=saved_language(paths))
    return Opened(settings, open_books(settings, paths, instant), problems)


def load_till(opened: Opened, paths: AppPaths, secrets: SecretStore | None, *, sandbox_url: str | None,
              on_hint: Callable[[CallbackHint], None], posapi_url: str | None = None) -> Loaded:
    """The start's second half, on the worker: the keyring, the payment side around the books (the clients,
    training's sandboxes), and the journal's unfinished sales settled."""
    if opened.books is None:
        return Loaded(opened.settings, None, None, locked=opened.locked)
    from pos_app.app.start.payment_side import build_backend, recover_sales
    from pos_app.config.secrets import open_secret_store

    secrets = secrets or open_secret_store()
    backend = build_backend(opened.settings, secrets, paths, sandbox_url=sandbox_url, on_hint=on_hint,
                            posapi_url=posapi_url, books=opened.books)
    # Before the cashier sees an empty cart: what a crash left unfinished is settled first.
    recovery = recover_sales(backend)
    return Loaded(opened.settings, secrets, backend, opened.problems + backend.problems, recovery)


def settings_applier(settings: Settings, password: str | None, secrets: SecretStore, paths: AppPaths, *,
                     current: Backend | None, current_settings: Settings | None, sandbox_url: str | None,
                     on_hint: Callable[[CallbackHint], None], instant: Callable[[], datetime] | None,
                     posapi_url: str | None = None, direct_password: str | None = None
                     ) -> Callable[[], tuple[Backend, StartupRecovery]]:
    """The worker's job that saves new settings and builds their backend (read from `current` now, on the
    GUI thread). Training's running sandboxes are kept (the app hands them to the new backend). At a store,
    `direct_password` is the direct QPay account's, newly typed (kept as that account's production password)."""
    keep_sandbox = current.base_url if current and current.training else sandbox_url
    keep_posapi = posapi_url
    if current is not None and current.posapi_sandbox is not None:
        keep_posapi = current.posapi_sandbox.url  # type: ignore[attr-defined]
    if current is not None and current.sandbox is not None and current_settings is not None \
            and (settings.city_tax_rate, settings.training_profile) != (current_settings.city_tax_rate,
                                                                         current_settings.training_profile):
        keep_sandbox = None     # the embedded sandbox starts again with the shop's new city tax rate or profile
    old_receiver = current.receiver if current else None
    from pos_app.app.start.payment_side import build_backend, recover_sales
    from pos_app.config.secrets import direct_account, secret_account
    from pos_app.config.settings import save_settings

    def apply() -> tuple[Backend, StartupRecovery]:
        save_settings(settings, paths.settings_file)
        if old_receiver is not None:
            old_receiver.stop()    # frees its port for the new one (polling goes on meanwhile)
        if password is not None and settings.environment is not Environment.TRAINING:
            secrets.set_password(secret_account(settings.environment, settings.base_url, settings.effective_username),
                                 password)
        direct = direct_password if settings.uses_store and settings.store_direct_allowed else None
        if direct is not None:
            secrets.set_password(direct_account(settings), direct)
        training = settings.environment is Environment.TRAINING
        backend = build_backend(settings, secrets, paths, password=password, on_hint=on_hint, instant=instant,
                                sandbox_url=keep_sandbox if training else None,
                                posapi_url=keep_posapi if training else None, direct_password=direct)
        # Another environment has its own journal (and a new password may open one): settle it too.
        return backend, recover_sales(backend)

    return apply


class HintGate:
    """Whether a callback hint is worth checking the open sale now (a hint is never trusted as payment)."""

    def __init__(self) -> None:
        self._last_check = float("-inf")

    def lets_through(self, hint: object, waiting: Sale | None) -> bool:
        """`waiting`: the sale awaiting its payment, if any. True: check it now."""
        if waiting is None or waiting.invoice is None:
            return False
        invoice_id = getattr(hint, "invoice_id", None)
        if invoice_id and invoice_id != waiting.invoice.invoice_id:
            return False    # another invoice (an old sale, another till): nothing to check here
        now = time.monotonic()
        if now - self._last_check < HINT_SPACING_S:
            return False
        self._last_check = now
        return True


def report_startup(opened: SignalInstance, ready: SignalInstance, started: float) -> None:
    """For the start benchmark: when the first window is painted, when the cart takes sales, when all is up."""
    def first_shown() -> None:
        print(f"window-shown {time.perf_counter() - started:.4f}", flush=True)

    QTimer.singleShot(0, first_shown)
    opened.connect(lambda: print(f"open {time.perf_counter() - started:.4f}", flush=True))
    ready.connect(lambda: print(f"ready {time.perf_counter() - started:.4f}", flush=True))


def saved_language(paths: AppPaths) -> str:
    """The settings' language, read before the window exists ("" when the file is missing or unusable).

    That field alone: the settings are read and checked in full on the worker once the window is up (their
    checks load what the window does not need, such as the time zone database). Settings that cannot be used
    give way to the defaults in this language, the one the window was first shown in."""
    try:
        data = read_settings_file(paths.settings_file)
    except SettingsFileError:
        return ""
    language = (data or {}).get("language", "")
    return language if isinstance(language, str) and check_language(language) is None else ""


def scale_format_of(settings: Settings) -> ScaleFormat | None:
    """How the shop's scale labels read; None when no prefix is set (or a setting is wrong: it is reported)."""
    try:
        scale = settings.scale_format
    except ValueError:
        return None
    return scale if scale.prefixes else None


def parse_arguments(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]]:
    """pos-app's own options, and the rest (left for Qt)."""
    parser = argparse.ArgumentParser(prog="pos-app", description="QPay point of sale")
    parser.add_argument("--quit-when-ready", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--self-test", action="store_true",
                        help="run one training sale, cart to receipt, by itself and exit (0: it worked)")
    parser.add_argument("--screenshot", metavar="PNG", help="with --self-test: save the window at the end")
    return parser.parse_known_args(argv)
