"""The store's database: its tables (SQLAlchemy Core) and their migrations (Alembic, `migrations/`).

One URL picks the engine: a SQLite file (the default, one shop) or `postgresql+psycopg://...` (a chain).
`open_database` migrates to the newest revision before anything else touches it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    Index,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    make_url,
    text,
)
from sqlalchemy.exc import DisconnectionError, StatementError

metadata = MetaData()

# Who may call the store: tills (and owners, who read the reports). The key is shown once, kept hashed.
credentials = Table(
    "credentials", metadata,
    Column("name", String(64), primary_key=True),
    Column("role", String(16), nullable=False),            # "till" or "owner"
    Column("shop", String(64), nullable=False, default=""),  # the shop a till stands in (a chain has several)
    Column("key_hash", String(128), nullable=False),
    Column("created_at", String(40), nullable=False),
)

# The store's own secrets (the key its till tokens are signed with), made at first start.
store_secrets = Table(
    "store_secrets", metadata,
    Column("name", String(64), primary_key=True),
    Column("value", Text, nullable=False),
)

# Every invoice the store forwarded: whose it is, and the reference its callback URL carries.
invoices = Table(
    "invoices", metadata,
    Column("ref", String(64), primary_key=True),
    Column("till", String(64), nullable=False, index=True),
    Column("sender_invoice_no", String(64), nullable=False, unique=True),
    Column("invoice_id", String(128), unique=True),        # None until QPay answered (or was asked again)
    Column("till_callback_url", Text, nullable=False, default=""),
    Column("created_at", String(40), nullable=False),
    Column("sending_by", String(64)),        # the copy sending this create to QPay now ...
    Column("sending_until", Float),          # ... and until when (epoch s): the create lease
)

# The QPay session every copy of the store uses (one per merchant account), and QPay's 429 wait.
qpay_sessions = Table(
    "qpay_sessions", metadata,
    Column("account", String(300), primary_key=True),
    Column("access_token", Text, nullable=False, default=""),
    Column("access_expires_at", Float, nullable=False, default=0.0),
    Column("refresh_token", Text, nullable=False, default=""),
    Column("refresh_expires_at", Float, nullable=False, default=0.0),
    Column("version", BigInteger, nullable=False, default=0),
    Column("not_before", Float, nullable=False, default=0.0),
    Column("logins", BigInteger, nullable=False, default=0),
    Column("refreshes", BigInteger, nullable=False, default=0),
    Column("updated_at", String(40), nullable=False, default=""),
)

# Refresh tokens are used once: each one used is kept (by its id) until it would have run out anyway.
used_refresh_tokens = Table(
    "used_refresh_tokens", metadata,
    Column("jti", String(64), primary_key=True),
    Column("expires_at", Float, nullable=False),
    Index("used_refresh_tokens_by_expiry", "expires_at"),
)

# The tills' journals: their step log, append-only, one row an event (idempotent by terminal and number) ...
journal_events = Table(
    "journal_events", metadata,
    Column("terminal", String(64), primary_key=True),
    Column("event_id", BigInteger, primary_key=True, autoincrement=False),
    Column("number", String(64), nullable=False),
    Column("at", String(40), nullable=False),
    Column("kind", String(64), nullable=False),
    Column("detail_json", Text, nullable=False),
    Index("journal_events_by_time", "terminal", "at"),    # a day's steps (`at` is fixed-width ISO text)
    Index("journal_events_by_sale", "terminal", "number"),
)

# ... and each sale as its till last shipped it (rebuilt into the till's own records for the day close).
journal_sales = Table(
    "journal_sales", metadata,
    Column("terminal", String(64), primary_key=True),
    Column("number", String(64), primary_key=True),
    Column("shop", String(64), nullable=False, default=""),
    Column("created_at", String(40), nullable=False),
    Column("last_event_id", BigInteger, nullable=False),
    Column("snapshot_json", Text, nullable=False),
    Column("attention", Boolean, nullable=False, default=False),   # the till would list it as needing attention
    Index("journal_sales_needing_attention", "terminal", "attention"),
)

MIGRATIONS = Path(__file__).with_name("migrations")
MIGRATION_LOCK = 0x706F_7353_0001      # PostgreSQL advisory lock keys of the store ("posS" ...)
SESSION_LOCK = 0x706F_7353_0002
CONNECT_TIMEOUT_S = 3
# PostgreSQL connections a copy keeps, and opens beyond them at a peak. A worker thread holds one for a query at
# a time, never while it waits on QPay (but for a login), so the store's 128 threads share a few dozen; kept
# open rather than overflow (each overflow one is opened and closed again, a connect's CPU per call at a peak);
# three copies stay within PostgreSQL's default of 100.
POOL_SIZE, POOL_OVERFLOW = 20, 10
PING_AFTER_IDLE_S = 1.0     # a pooled connection idle this long is pinged before use (`_ping_when_idle`)


@contextmanager
def parameters_hidden() -> Iterator[None]:
    """A database error's text names its statement's parameters: around statements that carry a secret (a
    token, a key), keep them out."""
    try:
        yield
    except StatementError as exc:
        exc.hide_parameters = True
        raise


def default_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'store.sqlite3'}"


def make_engine(url: str, *, ping_after_idle_s: float = PING_AFTER_IDLE_S) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_settings(connection, _record) -> None:  # type: ignore[no-untyped-def]
            # WAL: the tills' readers never wait for a writer; a killed store loses nothing committed.
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.close()

        return engine
    # A database that went away fails a request at once (503), never hangs it: connecting gives up after a few
    # seconds (unless the URL says how long itself), and a connection idle in the pool is pinged before use
    # (`_ping_when_idle`).
    connect_args = {} if "connect_timeout" in make_url(url).query else {"connect_timeout": CONNECT_TIMEOUT_S}
    engine = create_engine(url, pool_size=POOL_SIZE, max_overflow=POOL_OVERFLOW, connect_args=connect_args)
    _ping_when_idle(engine, ping_after_idle_s)
    return engine


def _ping_when_idle(engine: Engine, idle_s: float) -> None:
    """Ping a pooled connection before use only when it lay idle `idle_s` or longer. SQLAlchemy's
    `pool_pre_ping` pings at every borrow: a round trip more on each of the store's queries, a tenth of its CPU
    at a chain's peak. A connection used within `idle_s` that an outage broke fails its query instead, and that
    failure (a disconnect) makes the pool replace every connection it holds: one 503 more, in an outage that
    answers 503s anyway. A failed ping replaces the connection (SQLAlchemy's `DisconnectionError`: the pool
    tries a fresh one, up to three times)."""

    @event.listens_for(engine, "connect")
    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _borrowed(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("idle_since", -math.inf) < idle_s:
            return
        try:
            engine.dialect.do_ping(dbapi_connection)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError(f"the database did not answer a ping ({type(exc).__name__})") from exc


def migrate(engine: Engine) -> None:
    """Bring the database to the newest revision (a new one is made from nothing)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Copies starting at once on one database migrate one at a time: the others wait here, then find
            # it done (the lock ends with this transaction).
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_database(url: str) -> Engine:
    engine = make_engine(url)
    migrate(engine)
    return engine
