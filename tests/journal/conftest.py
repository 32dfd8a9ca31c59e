"""The journal tests' clock and file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
import sqlite3
from pathlib import Path

import pytest

from pos_app.journal import Journal, schema


class SteppingClock:
    """A clock that moves one second per reading, so every step has its own time."""

    def __init__(self, start: datetime = datetime(2026, 11, 21, 9, 0, 0)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def clock() -> SteppingClock:
    return SteppingClock()


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "journal.sqlite3"


@pytest.fixture
def journal(path: Path, clock: SteppingClock) -> Iterator[Journal]:
    opened = Journal(path, "T1", clock=clock)
    yield opened
    opened.close()


def rewind(path: Path, version: int) -> None:
    """Take the journal file at `path` back to schema `version`, as a till of that version left it: the later
    migrations' additions undone (their tables, columns, indexes and triggers gone, a table they made anew made as
    it was, migration 9's receipts with its older CHECK), the rows kept in the columns both versions have, and
    `user_version` set. The schema `version` had is built afresh from `MIGRATIONS[:version]` and the file's
    tables are made to match it, so no test needs to know which migration added what (migrations appended in
    parallel, renumbered at merge, are undone too). Rows only a later version allows (a `corrected` receipt)
    must not be in the file: the older CHECK refuses them."""
    reference = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for migration in schema.MIGRATIONS[:version]:
            migration(reference)
        wanted = _objects(reference)
    finally:
        reference.close()
    db = sqlite3.connect(path, isolation_level=None)
    try:
        # Foreign keys off and references left as written while a table is renamed and made again.
        db.execute("PRAGMA foreign_keys=OFF")
        db.execute("PRAGMA legacy_alter_table=ON")
        db.execute("BEGIN IMMEDIATE")
        present = _objects(db)
        for kind, name in present:
            if kind == "table" and (kind, name) not in wanted:
                db.execute(f'DROP TABLE "{name}"')
        for (kind, name), sql in wanted.items():
            if kind != "table":
                continue
            if ("table", name) not in present:
                db.execute(sql)
            elif present[("table", name)] != sql:
                old = [row[1] for row in db.execute(f'PRAGMA table_info("{name}")')]
                db.execute(f'ALTER TABLE "{name}" RENAME TO "rewound_{name}"')   # its indexes and triggers go along
                db.execute(sql)
                new = [row[1] for row in db.execute(f'PRAGMA table_info("{name}")')]
                columns = ", ".join(f'"{column}"' for column in new if column in old)
                db.execute(f'INSERT INTO "{name}" ({columns}) SELECT {columns} FROM "rewound_{name}"')
                db.execute(f'DROP TABLE "rewound_{name}"')
        present = _objects(db)
        for (kind, name), sql in present.items():
            if kind in ("index", "trigger") and wanted.get((kind, name)) != sql:
                db.execute(f'DROP {kind.upper()} "{name}"')
        present = _objects(db)
        for (kind, name), sql in wanted.items():
            if kind in ("index", "trigger") and (kind, name) not in present:
                db.execute(sql)
        db.execute(f"PRAGMA user_version = {version:d}")
        db.execute("COMMIT")
    finally:
        db.close()


def version_before(migration: str) -> int:
    """The schema version a file had before the migration named `migration` (its function's name) ran."""
    return [step.__name__ for step in schema.MIGRATIONS].index(migration)


def _objects(db: sqlite3.Connection) -> dict[tuple[str, str], str]:
    """The file's own tables, indexes and triggers (kind, name) with the SQL that made them."""
    return {(kind, name): sql for kind, name, sql in db.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"
        " AND type IN ('table', 'index', 'trigger')")}
