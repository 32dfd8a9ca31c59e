"""One catalog for every till: `GET /store/catalog` serves the shop's catalog file (`pos-store serve --catalog`,
CSV or XLSX, read as the till reads an import) as the till's own CSV, with a strong `ETag` (the SHA-256 of what
is sent) and `304 Not Modified` when the till already has it. The file is read again when it changes on disk
(its modification time, size or inode), so an owner's edit reaches every till at its next fetch; a file that
breaks in an edit keeps the last good copy served (the tills go on with it) until it is fixed.

`PUT /store/catalog` (an owner's key only) replaces it with a new CSV, checked with the till's own loader first:
a bad one is refused with the loader's words, and nothing is replaced.
"""

from __future__ import annotations

import csv
import hashlib
import io
import logging
import os
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from pos_app.config.catalog_files import MAX_FILE_BYTES, XLSX_SUFFIXES, read_catalog_file, write_catalog_csv
from pos_app.domain.catalog import ALL_COLUMNS, CatalogCheck, CatalogItem, check_csv_text

from .callers import any_caller
from .credentials import OWNER
from .errors import StoreError

logger = logging.getLogger(__name__)
router = APIRouter(prefix="/store")

SOURCE = "catalog"          # the store context's `extras` key of its CatalogSource
CSV_TYPE = "text/csv; charset=utf-8"
MAX_PROBLEMS_SAID = 5       # a refusal names the first few problems, not thousands


@dataclass(frozen=True)
class Served:
    body: bytes
    etag: str                                   # quoted, as the header carries it
    stamp: tuple[int, int, int]                 # the file's (mtime_ns, size, inode) when it was read


class CatalogSource:
    """The catalog file as the tills get it, read again only when it changed on disk."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._served: Served | None = None
        self._broken: tuple[int, int, int] | None = None    # a stamp already found broken: not read again

    def __repr__(self) -> str:
        return f"CatalogSource({str(self.path)!r})"

    def current(self) -> Served:
        with self._lock:
            try:
                info = os.stat(self.path)
            except OSError as exc:
                return self._last_good(f"the catalog file cannot be read: {exc.strerror or type(exc).__name__}")
            stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
            if self._served is not None and self._served.stamp == stamp:
                return self._served
            if stamp == self._broken:
                return self._last_good("the catalog file has problems")
            check = read_catalog_file(self.path)
            if not check.ok:
                self._broken = stamp
                return self._last_good(f"the catalog file has problems: {problem_words(check)}")
            body = catalog_csv(check.items)
            self._served = Served(body, f'"{hashlib.sha256(body).hexdigest()}"', stamp)
            self._broken = None
            return self._served

    def replace(self, text: str) -> Served:
        """The catalog is `text` (CSV) from now on, once the till's loader takes it (400 with its words if not)."""
        if self.path.suffix.lower() in XLSX_SUFFIXES:
            raise StoreError(409, "CATALOG_IS_A_WORKBOOK", f"the store's catalog is the Excel workbook "
                                                           f"{self.path.name}: change it there")
        check = check_csv_text(text)
        if not check.ok:
            raise StoreError(400, "INVALID_CATALOG", f"the catalog was not changed: {problem_words(check)}")
        with self._lock:
            write_catalog_csv(check.items, self.path)      # atomic: the old file stays whole until it is done
            self._served = None
        return self.current()

    def _last_good(self, reason: str) -> Served:
        if self._served is None:
            raise StoreError(503, "CATALOG_UNUSABLE", reason)
        logger.warning("%s; the last good copy is served", reason)
        return self._served


def problem_words(check: CatalogCheck) -> str:
    said = [f"line {problem.line}: {problem.message}" if problem.line else problem.message
            for problem in check.problems[:MAX_PROBLEMS_SAID]]
    more = len(check.problems) - len(said)
    return "; ".join(said) + (f" (and {more} more)" if more > 0 else "")


def catalog_csv(items: Iterable[CatalogItem]) -> bytes:
    """The catalog as the CSV the till loads (the columns and words `write_catalog_csv` writes)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ALL_COLUMNS)
    for item in items:
        writer.writerow([item.barcode, item.name, format(item.price, "f"), item.tax_product_code,
                         item.classification_code, _yes_no(item.city_tax), _yes_no(item.pinned), item.unit])
    return out.getvalue().encode("utf-8")


def _yes_no(flag: bool) -> str:
    return "yes" if flag else "no"


def _source(request: Request) -> CatalogSource:
    store = request.app.state.store
    if not store.catalog_file:
        raise StoreError(404, "NO_CATALOG", "the store has no catalog: start it with --catalog FILE "
                                            "(a CSV or XLSX file) to serve one to every till")
    return store.extras.setdefault(SOURCE, CatalogSource(store.catalog_file))   # type: ignore[no-any-return]


def _matches(if_none_match: str, etag: str) -> bool:
    tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
    return "*" in tags or etag in tags


def _answer(served: Served, request: Request) -> Response:
    headers = {"ETag": served.etag, "Cache-Control": "no-cache"}
    if _matches(request.headers.get("if-none-match", ""), served.etag):
        return Response(status_code=304, headers=headers)
    return Response(served.body, media_type=CSV_TYPE, headers=headers)


@router.get("/catalog")
def get_catalog(request: Request) -> Response:
    any_caller(request)
    return _answer(_source(request).current(), request)


@router.put("/catalog")
async def put_catalog(request: Request) -> Response:
    caller = await run_in_threadpool(any_caller, request)
    if caller.role != OWNER:
        raise StoreError(403, "FORBIDDEN", "only the shop's owner may change the catalog")
    source = _source(request)
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_FILE_BYTES:
        raise StoreError(413, "CATALOG_TOO_BIG", f"a catalog is at most {MAX_FILE_BYTES // (1024 * 1024)} MB")
    body = await request.body()
    if len(body) > MAX_FILE_BYTES:
        raise StoreError(413, "CATALOG_TOO_BIG", f"a catalog is at most {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise StoreError(400, "INVALID_CATALOG", "the catalog was not changed: it is not UTF-8 text "
                                                 "(save it as CSV UTF-8)") from None
    served = await run_in_threadpool(source.replace, text)
    return Response(status_code=204, headers={"ETag": served.etag})
