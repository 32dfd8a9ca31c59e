"""The store's PostgreSQL pool: a connection that lay idle is pinged before use (one broken meanwhile is
replaced, nobody sees it fail); one used a moment ago is not (the round trip a ping costs, saved on each query
at a chain's peak), and if an outage broke it, its one failed query makes the pool replace every connection."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from pos_app.store.db import make_engine
from tests.pg_server import PostgresServer


@pytest.fixture
def pg_url(postgres_server: PostgresServer) -> Iterator[str]:
    url = postgres_server.create_database()
    yield url
    postgres_server.drop_database(url)


def _pings(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Each ping the pool sends, counted (the dialect's own ping, still sent)."""
    pings: list[Any] = []
    ping = engine.dialect.do_ping

    def counted(dbapi_connection: Any) -> bool:
        pings.append(dbapi_connection)
        return ping(dbapi_connection)

    monkeypatch.setattr(engine.dialect, "do_ping", counted)
    return pings


def _backend_pid(engine: Engine) -> int:
    with engine.connect() as db:
        return int(db.execute(text("SELECT pg_backend_pid()")).scalar_one())


def _end_backend(url: str, pid: int) -> None:
    """What an outage or a database restart does to a connection idle in the pool: its server side ends."""
    other = make_engine(url)
    try:
        with other.connect() as db:
            assert db.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar_one()
    finally:
        other.dispose()


def test_a_connection_used_a_moment_ago_is_not_pinged(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine(pg_url, ping_after_idle_s=3600)
    try:
        pings = _pings(engine, monkeypatch)
        pids = {_backend_pid(engine) for _ in range(20)}
        assert len(pids) == 1 and pings == []          # one connection, borrowed 20 times, never pinged
    finally:
        engine.dispose()


def test_an_idle_connection_broken_meanwhile_is_replaced_before_use(pg_url: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    engine = make_engine(pg_url, ping_after_idle_s=0)      # every borrow counts as after an idle spell
    try:
        pings = _pings(engine, monkeypatch)
        first = _backend_pid(engine)
        _end_backend(pg_url, first)
        second = _backend_pid(engine)                      # no error: the ping failed, a new connection served
        assert second != first and len(pings) >= 2
    finally:
        engine.dispose()


def test_a_connection_broken_right_after_use_fails_once_then_all_are_replaced(pg_url: str) -> None:
    engine = make_engine(pg_url, ping_after_idle_s=3600)    # never idle long enough to be pinged
    try:
        first = _backend_pid(engine)
        _end_backend(pg_url, first)
        with pytest.raises(DBAPIError) as failed:
            _backend_pid(engine)
        assert failed.value.connection_invalidated        # a disconnect: the pool let go of its connections
        assert _backend_pid(engine) != first
    finally:
        engine.dispose()
