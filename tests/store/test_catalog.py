"""One catalog for every till: the store serves its catalog file with an ETag (304 when unchanged), an edit on
disk reaches the tills' fetchers, an owner may upload a new one (checked first), a till may not."""

from __future__ import annotations

import queue
from decimal import Decimal
from pathlib import Path

import requests

from pos_app.app.start.books import load_shop_catalog
from pos_app.config import Environment, Settings
from pos_app.domain.catalog import Catalog
from pos_app.storelink.catalog_feed import CatalogFeed

from .helpers import Shop, running_shop

MILK = "8656000010011"
HEADER = "barcode,name,price,tax_product_code,classification_code,city_tax,pinned,unit\n"


def write_catalog(path: Path, milk_price: str) -> None:
    path.write_text(HEADER + f"{MILK},Сүү 1л,{milk_price},8401,0122,no,yes,ш\n"
                             "8656000010028,Тараг 500г,2800,8401,0122,no,no,ш\n", encoding="utf-8")


def with_catalog(shop: Shop, path: Path) -> str:
    shop.store.context.catalog_file = str(path)
    return f"{shop.store.url}/store/catalog"


def test_the_catalog_is_served_with_an_etag_and_304_when_unchanged(store_db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    write_catalog(path, "3500")
    with running_shop(store_db_url, ("T1",)) as shop:
        url = with_catalog(shop, path)
        first = requests.get(url, auth=("T1", shop.keys["T1"]), timeout=10)
        assert first.status_code == 200, first.text
        assert first.headers["content-type"].startswith("text/csv")
        etag = first.headers["ETag"]
        assert etag.startswith('"') and not etag.startswith('W/')
        assert f"{MILK},Сүү 1л,3500," in first.content.decode("utf-8")
        again = requests.get(url, auth=("T1", shop.keys["T1"]), headers={"If-None-Match": etag}, timeout=10)
        assert (again.status_code, again.content, again.headers["ETag"]) == (304, b"", etag)
        other = requests.get(url, auth=("T1", shop.keys["T1"]), headers={"If-None-Match": '"x"'}, timeout=10)
        assert other.status_code == 200 and other.content == first.content
        assert requests.get(url, auth=("T1", "wrong"), timeout=10).status_code == 401
        assert requests.get(url, timeout=10).status_code == 401


def test_an_edit_on_disk_reaches_a_tills_fetcher_and_its_copy(store_db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    write_catalog(path, "3500")
    copy = tmp_path / "till" / "store-catalog.csv"
    with running_shop(store_db_url, ("T1",)) as shop:
        with_catalog(shop, path)
        heard: queue.Queue[Catalog] = queue.Queue()
        feed = CatalogFeed(shop.store.url, "T1", shop.keys["T1"], copy, every_s=600)
        feed.listen(heard.put)
        feed.start()
        try:
            assert price(heard.get(timeout=10)) == Decimal(3500)
            feed.fetch_now()
            assert feed.wait_rounds(2, 10)
            assert heard.empty()                  # unchanged: a 304, nothing new
            write_catalog(path, "36000")          # the owner edits the file (another size: another stamp)
            feed.fetch_now()
            assert price(heard.get(timeout=10)) == Decimal(36000)
            assert shop.keys["T1"] not in repr(feed)
        finally:
            feed.stop()
    # The store is down now: a till at it starts with the copy it kept.
    settings = Settings(environment=Environment.STORE, base_url="http://127.0.0.1:9")
    catalog, problems = load_shop_catalog(settings, copy)
    assert problems == [] and price(catalog) == Decimal(36000)


def test_an_owner_uploads_a_catalog_and_a_till_may_not(store_db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    write_catalog(path, "3500")
    with running_shop(store_db_url, ("T1",)) as shop:
        url = with_catalog(shop, path)
        owner = ("owner", shop.add_owner("owner"))
        new = HEADER + f"{MILK},Сүү 1л,4100,8401,0122,no,yes,ш\n"
        refused = requests.put(url, auth=("T1", shop.keys["T1"]), data=new.encode("utf-8"), timeout=10)
        assert refused.status_code == 403
        assert "3500" in path.read_text(encoding="utf-8")
        before = requests.get(url, auth=owner, timeout=10).headers["ETag"]
        answer = requests.put(url, auth=owner, data=new.encode("utf-8"), headers={"Content-Type": "text/csv"},
                              timeout=10)
        assert answer.status_code == 204, answer.text
        served = requests.get(url, auth=("T1", shop.keys["T1"]), timeout=10)
        assert served.headers["ETag"] == answer.headers["ETag"] != before
        assert f"{MILK},Сүү 1л,4100," in served.content.decode("utf-8")
        assert "4100" in path.read_text(encoding="utf-8")


def test_a_bad_catalog_is_refused_with_the_loaders_words_and_nothing_is_lost(store_db_url: str,
                                                                            tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    write_catalog(path, "3500")
    with running_shop(store_db_url, ("T1",)) as shop:
        url = with_catalog(shop, path)
        owner = ("owner", shop.add_owner("owner"))
        before = path.read_bytes()
        bad = HEADER + f"{MILK},Сүү 1л,not a price,8401,0122,no,yes,ш\n"
        answer = requests.put(url, auth=owner, data=bad.encode("utf-8"), timeout=10)
        assert answer.status_code == 400
        assert answer.json()["error_code"] == "INVALID_CATALOG"
        assert "line 2" in answer.json()["message"] and "not a price" in answer.json()["message"]
        not_utf8 = requests.put(url, auth=owner, data=b"barcode,name\n\xff\xfe", timeout=10)
        assert not_utf8.status_code == 400 and "UTF-8" in not_utf8.json()["message"]
        assert path.read_bytes() == before
        assert "3500" in requests.get(url, auth=owner, timeout=10).content.decode("utf-8")


def test_a_file_broken_by_an_edit_keeps_the_last_good_copy_served(store_db_url: str, tmp_path: Path) -> None:
    path = tmp_path / "shop.csv"
    write_catalog(path, "3500")
    with running_shop(store_db_url, ("T1",)) as shop:
        url = with_catalog(shop, path)
        auth = ("T1", shop.keys["T1"])
        good = requests.get(url, auth=auth, timeout=10)
        path.write_text(HEADER + f"{MILK},Сүү 1л,,8401\n", encoding="utf-8")
        still = requests.get(url, auth=auth, timeout=10)
        assert (still.status_code, still.content, still.headers["ETag"]) == (200, good.content, good.headers["ETag"])


def test_no_catalog_set_is_a_clear_404(store_db_url: str) -> None:
    with running_shop(store_db_url, ("T1",)) as shop:
        answer = requests.get(f"{shop.store.url}/store/catalog", auth=("T1", shop.keys["T1"]), timeout=10)
        assert answer.status_code == 404
        assert "--catalog" in answer.json()["message"]


def test_a_workbook_is_served_as_the_tills_csv(store_db_url: str, tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(HEADER.strip().split(","))
    sheet.append([int(MILK), "Сүү 1л", 3700, "8401", "0122", "no", "yes", "ш"])
    path = tmp_path / "shop.xlsx"
    book.save(path)
    with running_shop(store_db_url, ("T1",)) as shop:
        url = with_catalog(shop, path)
        answer = requests.get(url, auth=("T1", shop.keys["T1"]), timeout=10)
        assert answer.status_code == 200, answer.text
        assert answer.content.decode("utf-8") == HEADER + f"{MILK},Сүү 1л,3700,8401,0122,no,yes,ш\n"


def price(catalog: Catalog) -> Decimal:
    item = catalog.find(MILK)
    assert item is not None
    return item.price
