"""The test databases themselves: both backends of `store_db_url` work with SQLAlchemy 2 Core, each test has
a database of its own, and the PostgreSQL server starts, answers and goes away as tests/pg_server.py says."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from tests.pg_server import PostgresServer, PostgresUnavailable, find_binaries

seen_urls: list[str] = []


def items_table(metadata: sa.MetaData) -> sa.Table:
    return sa.Table(
        "items", metadata,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("price", sa.Numeric(12, 2), nullable=False),
    )


def test_a_table_is_created_written_and_read_back(store_db_url: str, request: pytest.FixtureRequest) -> None:
    engine = sa.create_engine(store_db_url)
    try:
        assert engine.dialect.name == request.node.callspec.id.split("-")[0]
        metadata = sa.MetaData()
        items = items_table(metadata)
        metadata.create_all(engine)
        with engine.begin() as connection:
            connection.execute(sa.insert(items), [{"name": "Сүү 1л", "price": "3500.00"},
                                                  {"name": "Талх", "price": "2200.50"}])
        with engine.connect() as connection:
            rows = connection.execute(sa.select(items.c.name, items.c.price).order_by(items.c.id)).all()
        assert [(name, str(price)) for name, price in rows] == [("Сүү 1л", "3500.00"), ("Талх", "2200.50")]
    finally:
        engine.dispose()


@pytest.mark.parametrize("turn", [1, 2])
def test_each_test_starts_on_an_empty_database_of_its_own(store_db_url: str, turn: int) -> None:
    # Both turns leave a table behind: the second would find the first's if the database were shared.
    assert store_db_url not in seen_urls
    seen_urls.append(store_db_url)
    engine = sa.create_engine(store_db_url)
    try:
        assert sa.inspect(engine).get_table_names() == []
        metadata = sa.MetaData()
        items_table(metadata)
        metadata.create_all(engine)
        assert sa.inspect(engine).get_table_names() == ["items"]
    finally:
        engine.dispose()


def test_the_session_server_is_postgresql_on_the_loopback_address(postgres_server: PostgresServer) -> None:
    url = sa.make_url(postgres_server.url)
    assert (url.drivername, url.host, url.port) == ("postgresql+psycopg", "127.0.0.1", postgres_server.port)
    assert (postgres_server.socket_directory / f".s.PGSQL.{postgres_server.port}").is_socket()
    assert postgres_server.version == find_binaries().parent.name
    engine = sa.create_engine(postgres_server.url)
    try:
        with engine.connect() as connection:
            major = connection.execute(sa.text("SHOW server_version_num")).scalar_one()
            assert int(major) >= 150000
            assert connection.execute(sa.text("SHOW fsync")).scalar_one() == "off"
            assert connection.execute(sa.text("SELECT current_database()")).scalar_one() == "pos_test"
    finally:
        engine.dispose()


def test_a_dropped_database_is_gone_even_with_a_connection_left_open(postgres_server: PostgresServer) -> None:
    url = postgres_server.create_database("dropped")
    name = sa.make_url(url).database
    left_open = psycopg.connect(host="127.0.0.1", port=postgres_server.port, user="postgres", dbname=name)
    try:
        left_open.execute("SELECT 1")
        postgres_server.drop_database(url)
    finally:
        left_open.close()
    engine = sa.create_engine(url)
    try:
        with pytest.raises(sa.exc.OperationalError, match="does not exist"):
            engine.connect()
    finally:
        engine.dispose()


def test_a_server_of_its_own_stops_and_leaves_nothing_behind() -> None:
    with PostgresServer() as server:
        directory, port = server.directory, server.port
        assert directory is not None and (directory / "data" / "PG_VERSION").is_file()
        with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="pos_test") as connection:
            assert connection.execute("SELECT 1").fetchone() == (1,)
    assert not directory.exists() and not server.running
    with pytest.raises(psycopg.OperationalError):
        psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="pos_test", connect_timeout=5)


def test_missing_binaries_are_an_error_that_says_how_to_install_them(tmp_path: Path) -> None:
    with pytest.raises(PostgresUnavailable, match=r"make system-test-packages.*postgresql"):
        PostgresServer(root=tmp_path / "no-postgresql").start()
