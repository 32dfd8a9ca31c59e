"""The till's own books, opened from its files alone: the settings' journal, the shop's catalog and what is
read from them to take a sale (no network, no payment clients: the first half of the start, done before the
clients and the training sandboxes are loaded, so the cashier can begin a sale while they come up)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from pos_app import RESOURCES
from pos_app.app.paths import AppPaths
from pos_app.config.settings import Settings
from pos_app.domain.catalog import Catalog, CatalogItem, load_catalog
from pos_app.domain.people import Person
from pos_app.domain.quick_keys import quick_key_items
from pos_app.domain.search import CatalogSearch
from pos_app.domain.shop_time import ShopClock, time_zone, utc_now
from pos_app.journal.journal import Journal
from pos_app.journal.kept_cart import KeptCart, kept_cart
from pos_app.journal.shifts import current_shift
from pos_app.app.start.problems import CATALOG_PROBLEM, StartupProblem

logger = logging.getLogger(__name__)


@dataclass
class TillBooks:
    settings: Settings
    journal: Journal
    catalog: Catalog
    clock: ShopClock                                      # the shop's time: the journal's, the dialogs', the slips'
    problems: list[StartupProblem] = field(default_factory=list)
    search: CatalogSearch | None = field(default=None, repr=False)   # the catalog by name
    people: tuple[Person, ...] = field(default=(), repr=False)       # who may sign in
    quick_keys: tuple[CatalogItem, ...] = ()              # pinned, then most sold
    shift_open: bool = False                              # a cashier's shift is open on this till
    unfinished: bool = False                              # a sale a crash left: settled before the cart opens
    kept_cart: KeptCart | None = None                     # the unpaid cart on screen when the till last stopped


def open_books(settings: Settings, paths: AppPaths, instant: Callable[[], datetime] | None = None) -> TillBooks:
    """The journal of the settings' environment (made when new) and the shop's catalog. The shop's clock reads
    `instant` (tests) or the system clock, in the settings' time zone."""
    clock = ShopClock(time_zone(settings.time_zone), instant or utc_now)
    catalog, problems = load_shop_catalog(settings, store_catalog_copy(paths))
    # Sales are the shop's business: the data folder is the user's alone.
    paths.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    journal = Journal(paths.journal_file(settings.environment), settings.terminal_id, clock=clock)
    try:
        return TillBooks(settings, journal, catalog, clock, problems, CatalogSearch(catalog), journal.people.read(),
                         quick_keys_of(catalog, journal), current_shift(journal.store) is not None,
                         bool(journal.queries.unfinished() or journal.queries.unsettled()), kept_cart(journal.store))
    except BaseException:
        journal.close()
        raise


def resource_path(name: str) -> Path:
    return RESOURCES / name


def store_catalog_copy(paths: AppPaths) -> Path:
    """The last catalog the store served this till (pos_app/storelink/catalog_feed.py keeps it)."""
    return paths.data_dir / "store-catalog.csv"


def load_shop_catalog(settings: Settings, store_copy: Path | None = None) -> tuple[Catalog, list[StartupProblem]]:
    """The shop's catalog, or the sample one with a plain reason when it cannot be read. At a store, the copy of
    the store's catalog the till holds comes first (the store may be down at start)."""
    if store_copy is not None and settings.uses_store and store_copy.exists():
        try:
            return load_catalog(store_copy), []
        except (OSError, ValueError):
            logger.warning("the store's catalog kept at %s cannot be read; the till's own is used", store_copy)
    sample = resource_path("catalog.csv")
    if settings.catalog_file:
        try:
            return load_catalog(settings.catalog_file), []
        except (OSError, ValueError) as exc:
            return load_catalog(sample), [StartupProblem(CATALOG_PROBLEM, f"{settings.catalog_file}: {exc}")]
    return load_catalog(sample), []


def quick_keys_of(catalog: Catalog, journal: Journal) -> tuple[CatalogItem, ...]:
    """The quick keys: the catalog's pinned items, then this till's most sold (reads the journal)."""
    sold = [item for item in (catalog.find(code) for code in journal.queries.most_sold()) if item is not None]
    return tuple(quick_key_items([item for item in catalog if item.pinned], sold))
