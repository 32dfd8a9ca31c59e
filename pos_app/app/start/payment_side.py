"""Everything behind the window, built from the settings (no Qt; run on a worker).

Training mode starts the embedded sandbox on a loopback port and uses its
built-in merchant, so a fresh machine can sell at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal

from pos_app.app.paths import AppPaths
from pos_app.lazy import build_deferred_models
from pos_app.checkout import Checkout, CheckoutConfig, TrainingDesk
from pos_app.checkout.callback_receiver import CallbackReceiver
from pos_app.checkout.partial import resumable_sale
from pos_app.checkout.posapi_desk import PosApiDesk, PosApiSetup
from pos_app.checkout.recovery import Recovered, recover_all, sale_to_resume
from pos_app.config import (
    TRAINING_PASSWORD,
    Environment,
    SecretStore,
    Settings,
    parse_listen_address,
    secret_account,
)
from pos_app.domain.catalog import Catalog, CatalogItem
from pos_app.domain.people import Person
from pos_app.domain.receipt_bills import till_number_from
from pos_app.domain.search import CatalogSearch
from pos_app.domain.shop_time import ShopClock
from pos_app.journal import Journal
from pos_app.journal.kept_cart import KeptCart
from pos_app.posapi import EBARIMT_API_URL, EbarimtLookupClient, PosApiClient, PosIdentity, PosInfo
from pos_app.qpay import CallbackHint, QPayClient
from pos_app.storelink.direct import direct_checkout, store_answers
from pos_app.storelink.link import StoreLink
from pos_app.app.start.books import TillBooks, open_books, store_catalog_copy
from pos_app.app.start.problems import (
    CALLBACK_PROBLEM,
    NO_PASSWORD_PROBLEM,
    StartupProblem,
    StartupRecovery,
)

logger = logging.getLogger(__name__)

# Nothing listens here: with the callback receiver off, polling alone finds the payment.
PLACEHOLDER_CALLBACK_URL = "http://127.0.0.1:9/qpay/callback"


class BackendError(RuntimeError):
    """The backend could not be built; the message says why in a shop owner's words."""


@dataclass
class Backend:
    settings: Settings
    checkout: Checkout | None           # None until the account's password is known
    journal: Journal
    catalog: Catalog
    base_url: str
    training: TrainingDesk | None = None
    sandbox: object | None = field(default=None, repr=False)  # the embedded SandboxServer
    problems: list[StartupProblem] = field(default_factory=list)
    receiver: CallbackReceiver | None = None
    clock: ShopClock = field(default_factory=ShopClock)   # the shop's time: the journal's, the dialogs', the slips'
    posapi: PosApiDesk | None = None                      # every sale's receipt through PosAPI, when one is set
    posapi_sandbox: object | None = field(default=None, repr=False)   # training's embedded PosApiSandboxServer
    shift_open: bool = False                              # a cashier's shift is open on this till (read at build)
    search: CatalogSearch | None = field(default=None, repr=False)   # the catalog by name (built on the worker)
    people: tuple[Person, ...] = field(default=(), repr=False)       # who may sign in (read at build)
    quick_keys: tuple[CatalogItem, ...] = ()              # pinned, then most sold (read at build)
    store_link: StoreLink | None = None                   # at a store: its pushed hints, the journal shipped
    # At a store: `checkout` is one of these. Through the store while it answers; QPay directly with the shop's
    # own account (when the owner allows it and its password is known) while it does not (`sell_directly`).
    store_checkout: Checkout | None = None
    direct_checkout: Checkout | None = None
    kept_cart: KeptCart | None = field(default=None, repr=False)   # the unpaid cart of the last stop (read at build)

    @property
    def direct(self) -> bool:
        """At a store, selling with QPay directly (the store does not answer)."""
        return self.direct_checkout is not None and self.checkout is self.direct_checkout

    def sell_directly(self, direct: bool) -> bool:
        """At a store: QPay directly (True) or through the store again; whether the checkout changed. Both stay
        open for the backend's life, so a call already under way ends on the client it began with."""
        wanted = self.direct_checkout if direct else self.store_checkout
        if wanted is None or wanted is self.checkout:
            return False
        self.checkout = wanted
        return True

    def set_catalog(self, catalog: Catalog, search: CatalogSearch, quick_keys: tuple[CatalogItem, ...]) -> None:
        """The catalog the till sells from now on (the store's, as it changes), with its search and quick keys."""
        self.catalog, self.search, self.quick_keys = catalog, search, quick_keys

    def start_store_link(self, link: StoreLink) -> None:
        """At a store: its pushed hints and the journal shipped, from now on (stopped with the backend)."""
        self.store_link = link.start()

    def set_people(self, people: tuple[Person, ...]) -> None:
        """Who may sign in from now on (People and PINs saved them)."""
        self.people = people

    def take_sandboxes_from(self, old: Backend) -> None:
        """Training's running sandboxes go on with this backend when it uses them (the old one stops what it
        keeps)."""
        if old.sandbox is not None and self.training and self.sandbox is None:
            self.sandbox, old.sandbox = old.sandbox, None
        if old.posapi_sandbox is not None and self.training and self.posapi is not None and self.posapi_sandbox is None:
            self.posapi_sandbox, old.posapi_sandbox = old.posapi_sandbox, None

    def close(self) -> None:
        if self.receiver is not None:
            self.receiver.stop()
        if self.store_link is not None:
            self.store_link.stop()
        self.journal.close()
        for checkout in {id(one): one for one in (self.checkout, self.store_checkout, self.direct_checkout)
                         if one is not None}.values():
            checkout.client.close()
        if self.posapi is not None:
            self.posapi.close()
        if self.posapi_sandbox is not None:
            self.posapi_sandbox.stop()  # type: ignore[attr-defined]
        if self.training is not None:
            self.training.close()
        if self.sandbox is not None:
            self.sandbox.stop()  # type: ignore[attr-defined]


def start_training_sandbox(paths: AppPaths, city_tax_rate: Decimal, profile: str = "contract") -> object:
    """The embedded sandbox, its records kept in the data folder across restarts. Its receipts take the shop's
    city tax rate, so a training receipt's taxes match the cart's; it answers as the settings' *profile* says
    ("contract" or "live")."""
    from pos_app.sandbox.service import SandboxOptions
    from pos_app.sandbox.server import SandboxServer

    options = SandboxOptions(state_file=paths.sandbox_state_file, city_tax_rate=city_tax_rate, profile=profile)
    return SandboxServer("127.0.0.1", 0, options).start()


# Training's PosAPI registration: the sandbox's sample merchant (docs/posapi-sandbox.md).
TRAINING_POSAPI_TIN = "37900846788"
TRAINING_DISTRICT = "2501"


def start_training_posapi() -> object:
    """The embedded PosAPI sandbox (its receipts live as long as it runs)."""
    from pos_app.sandbox.posapi import PosApiSandboxServer

    return PosApiSandboxServer("127.0.0.1", 0).start()


def posapi_desk(settings: Settings, url: str, lookups_url: str) -> PosApiDesk:
    """The till's PosAPI at `url`, registered as the settings say (training: the sandbox's sample merchant);
    `lookups_url` answers the tax authority's public look-ups (an organization's TIN)."""
    if settings.environment is Environment.TRAINING:
        district = settings.district_code
        identity = PosIdentity(TRAINING_POSAPI_TIN, settings.posapi_pos_no or settings.terminal_id,
                               settings.posapi_branch_no or "1",
                               district if len(district) == 4 and district.isdigit() else TRAINING_DISTRICT)
    else:
        identity = PosIdentity(settings.posapi_tin, settings.posapi_pos_no, settings.posapi_branch_no,
                               settings.district_code)
    client = PosApiClient(url, allow_plain_http=True)
    lookups = EbarimtLookupClient(lookups_url)
    till = till_number_from(settings.posapi_till_number, settings.terminal_id)
    if till is None:
        if settings.environment is not Environment.TRAINING:
            # (The settings' own checks refuse this: a shop's PosAPI needs each till's number on its bills.)
            raise ValueError("This till has no number on its receipts (Settings, Tax receipt, Till).")
        till = 1        # training's PosAPI serves this till alone
    return PosApiDesk(client, lookups, PosApiSetup(identity, settings.tax_rates, till))


def start_callback_receiver(settings: Settings, on_hint: Callable[[CallbackHint], None] | None
                            ) -> tuple[CallbackReceiver | None, list[StartupProblem]]:
    """The local callback receiver when the settings ask for one; a busy port is a problem, not a failure."""
    if not settings.callback_listen:
        return None, []
    host, port = parse_listen_address(settings.callback_listen)
    try:
        return CallbackReceiver(on_hint or (lambda hint: None), host, port).start(), []
    except OSError as exc:
        detail = f"{settings.callback_listen}: {exc.strerror or type(exc).__name__}"
        return None, [StartupProblem(CALLBACK_PROBLEM, detail)]


def build_backend(settings: Settings, secrets: SecretStore | None, paths: AppPaths,
                  *, sandbox_url: str | None = None, password: str | None = None,
                  on_hint: Callable[[CallbackHint], None] | None = None,
                  instant: Callable[[], datetime] | None = None, posapi_url: str | None = None,
                  direct_password: str | None = None, books: TillBooks | None = None) -> Backend:
    """Build client, checkout, journal and catalog. `sandbox_url` and `posapi_url` reuse running
    sandboxes for training (tests) instead of starting the embedded ones; `on_hint` hears
    the callback receiver (on its thread), when the settings turn it on. The shop's clock
    reads `instant` (tests) or the system clock, in the settings' time zone. At a store whose
    owner lets the till sell directly, the direct account's checkout is built too (its password
    `direct_password` or the keyring's), and used from the start when the store cannot be reached. `books`: the
    till's journal and catalog opened already for these settings (the start's first half), else opened here."""
    books = books if books is not None else open_books(settings, paths, instant)
    try:
        return _connect(books, secrets, paths, sandbox_url=sandbox_url, password=password, on_hint=on_hint,
                        posapi_url=posapi_url, direct_password=direct_password)
    except BaseException:
        books.journal.close()
        raise


def _connect(books: TillBooks, secrets: SecretStore | None, paths: AppPaths, *, sandbox_url: str | None,
             password: str | None, on_hint: Callable[[CallbackHint], None] | None, posapi_url: str | None,
             direct_password: str | None) -> Backend:
    """The payment side around the till's books: the clients, training's sandboxes, the callback receiver."""
    build_deferred_models()      # before any call: the clients' validators, built on this worker (lazy.py)
    settings = books.settings
    problems = list(books.problems)
    sandbox = None
    training = None
    if settings.environment is Environment.TRAINING:
        if sandbox_url is None:
            sandbox = start_training_sandbox(paths, settings.tax_rates.city, settings.training_profile)
            sandbox_url = sandbox.url  # type: ignore[attr-defined]
        base_url = sandbox_url
        password = TRAINING_PASSWORD
        training = TrainingDesk(base_url)
    else:
        base_url = settings.base_url
        if password is None and secrets is not None:
            password = secrets.get_password(secret_account(settings.environment, base_url,
                                                           settings.effective_username))
    posapi, posapi_sandbox = None, None
    if settings.uses_posapi:
        if settings.environment is Environment.TRAINING:
            if posapi_url is None:
                posapi_sandbox = start_training_posapi()
                posapi_url = posapi_sandbox.url  # type: ignore[attr-defined]
            posapi = posapi_desk(settings, posapi_url, posapi_url)
        else:
            posapi = posapi_desk(settings, settings.posapi_url, EBARIMT_API_URL)
    receiver, receiver_problems = (None, []) if settings.uses_store else start_callback_receiver(settings, on_hint)
    problems += receiver_problems
    callback_url = settings.callback_url or (receiver.url if receiver else PLACEHOLDER_CALLBACK_URL)
    checkout = None
    if password:
        client = QPayClient(base_url, settings.effective_username, password,
                            certificate_sha256=settings.pinned_certificate_sha256)
        checkout = Checkout(client, CheckoutConfig.for_shop(settings, settings.effective_invoice_code, callback_url))
    else:
        # No login is tried without a password: a wrong one could lock the account.
        problems.append(StartupProblem(NO_PASSWORD_PROBLEM, settings.effective_username))
    at_store = settings.uses_store and bool(password)
    direct = direct_checkout(settings, secrets, direct_password, callback_url) if at_store else None
    backend = Backend(settings, checkout, books.journal, books.catalog, base_url, training, sandbox, problems,
                      receiver, books.clock, posapi, posapi_sandbox, books.shift_open, books.search, books.people,
                      books.quick_keys, store_checkout=checkout if at_store else None, direct_checkout=direct,
                      kept_cart=books.kept_cart)
    if direct is not None and not store_answers(base_url, settings.pinned_certificate_sha256):
        backend.sell_directly(True)
    if at_store:
        backend.start_store_link(StoreLink(base_url, settings.effective_username, password, books.journal,
                                           on_hint or (lambda hint: None), store_catalog_copy(paths),
                                           certificate_sha256=settings.pinned_certificate_sha256))
    return backend


def recover_sales(backend: Backend, only: frozenset[str] | None = None) -> StartupRecovery:
    """Settle the journal's unfinished sales with the service (worker thread, money queue)."""
    if backend.checkout is None:
        return StartupRecovery()   # no account yet: nothing can be asked; the next backend will
    try:
        outcomes = tuple(recover_all(backend.journal, backend.checkout, only, backend.posapi))
        resumable = sale_to_resume(backend.journal) if only is None else None
        # A partly paid sale comes back waiting on its newest remainder invoice, when it has one.
        resume = resumable_sale(backend.journal, resumable) if resumable is not None else None
    except Exception as exc:  # noqa: BLE001 - the till still starts; the sales stay unfinished in the journal
        logger.exception("recovery failed")
        return StartupRecovery(problem=str(exc))
    unsettled = frozenset(outcome.number for outcome in outcomes if outcome.result is Recovered.UNSETTLED)
    if resume is not None:
        unsettled -= {resume.number}   # on screen: its own polling and buttons settle it
    return StartupRecovery(outcomes, resume, unsettled)


def check_connection(settings: Settings, password: str, *, sandbox_url: str | None = None) -> PosInfo | None:
    """Log in once with these settings, and ask the shop's PosAPI (when one is set) whether it can issue receipts
    now; raises the client's error when either fails. Returns what PosAPI said (None without one)."""
    if settings.environment is Environment.TRAINING:
        if sandbox_url is None:
            raise BackendError("The training service is not running.")
        base_url, password = sandbox_url, TRAINING_PASSWORD
    else:
        base_url = settings.base_url
    with QPayClient(base_url, settings.effective_username, password,
                    certificate_sha256=settings.pinned_certificate_sha256) as client:
        client.authenticate()
    if settings.environment is Environment.TRAINING or not settings.posapi_url:
        return None
    with PosApiClient(settings.posapi_url, allow_plain_http=True) as posapi:
        return posapi.check_ready(settings.clock().now().replace(tzinfo=None))
