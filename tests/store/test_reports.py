"""The day close across tills at the store: each till's day as the till has it, each shop's total the sum of its
tills, the chain's the sum of its shops; as JSON, CSV and a web page (read back in headless Chromium); and each
caller sees only what is theirs.

Three tills in two shops ship real journal files through real shippers to a real store (SQLite and PostgreSQL).
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest
import requests

from pos_app.domain.cart import DEFAULT_RATES, Cart
from pos_app.domain.catalog import CatalogItem
from pos_app.domain.sale import ReceiptVia
from pos_app.domain.tenders import Tendering
from pos_app.journal import Journal, ReversalKind
from pos_app.journal.closed_days import summary_from_json
from pos_app.journal.day_combine import combine
from pos_app.journal.day_summary import DaySummary, Tally, load_day
from pos_app.store.report_page import money_text

from .helpers import Shop, running_shop
from tests.journal.test_day_given_back import as_an_older_till_finished_it, refused_half_way
from tests.journal.test_day_summary import GOLOMT, KHAN, pay

from .till_journals import DAY, DAYS, SettableClock, at, mixed_day, shipper_for, till_journal

WAIT_S = 30
CENTRE, ZAISAN = "Төв дэлгүүр", "Зайсан"
TILLS = {"T1": (CENTRE, 1, True), "T2": (CENTRE, 2, False), "T3": (ZAISAN, 5, True)}   # shop, scale, aware times
CHROMIUM = "/usr/bin/chromium"


@dataclass
class Chain:
    shop: Shop
    journals: dict[str, Journal]

    def get(self, path: str, who: str) -> requests.Response:
        return requests.get(f"{self.shop.store.url}{path}", auth=(who, self.shop.keys[who]), timeout=30)

    def own_day(self, till: str, day: object = DAY) -> DaySummary:
        return load_day(self.journals[till].queries, day).summary  # type: ignore[arg-type]


@pytest.fixture
def chain(store_db_url: str, tmp_path: Path) -> Iterator[Chain]:
    with running_shop(store_db_url, ()) as shop:
        journals: dict[str, Journal] = {}
        shippers = []
        try:
            for till, (shop_name, scale, aware) in TILLS.items():
                shop.add_till(till, shop_name)
                clock = SettableClock(at(DAY, 8))
                journal = journals[till] = till_journal(tmp_path / f"{till}.sqlite3", till, clock)
                mixed_day(journal, clock, aware=aware, scale=scale)
                shippers.append(shipper_for(shop.store.url, till, shop.keys[till], journal).start())
            shop.add_owner("boss")                  # the whole chain
            shop.add_owner("centre-manager", CENTRE)
            assert all(shipper.wait_caught_up(WAIT_S) for shipper in shippers)
            yield Chain(shop, journals)
        finally:
            for shipper in shippers:
                shipper.stop()
            for journal in journals.values():
                journal.close()


def _summary(record: dict) -> DaySummary:
    return summary_from_json(json.dumps(record))


def test_each_tills_day_is_its_own_and_each_total_is_the_sum(chain: Chain) -> None:
    for day in DAYS:
        said = chain.get(f"/store/day/{day.isoformat()}", "boss")
        assert said.status_code == 200, said.text
        report = said.json()
        assert report["day"] == day.isoformat() and [shop["shop"] for shop in report["shops"]] == [ZAISAN, CENTRE]
        shop_totals = []
        for shop in report["shops"]:
            tills = [_summary(record) for record in shop["tills"]]
            assert [till.terminal for till in tills] == [t for t, (s, *_rest) in TILLS.items() if s == shop["shop"]]
            for till in tills:
                assert till == chain.own_day(till.terminal, day), (day, till.terminal)
            total = _summary(shop["total"])
            assert total == combine(tills, terminal=shop["shop"])
            assert total.paid == sum((till.paid for till in tills), Tally())
            assert total.net == sum((till.net for till in tills), Decimal(0))
            assert total.vat == sum((till.vat for till in tills), Decimal(0))
            shop_totals.append(total)
        chain_total = _summary(report["total"])
        assert chain_total == combine(shop_totals)
        assert chain_total.net == sum((chain.own_day(till, day).net for till in TILLS), Decimal(0))
    # The figures are real: the centre's day brought money in, by cash, card terminal and QPay alike.
    record = chain.get(f"/store/day/{DAY}", "boss").json()["shops"][1]["total"]
    centre = _summary(record)
    assert centre.paid.amount == Decimal("34900.00") * 3 and centre.sales_count == 18
    assert {kind for kind, _tally in centre.by_payment_type} == {"CASH", "TERMINAL", "CARD", "P2P"}
    # What went back, by tender: the cash handed back is cash's (3,000 at T1, 6,000 at T2), QPay's card payments
    # cancelled or refunded are QPay's (11,000 a scale): each tender with its net.
    assert dict(centre.given_back_by_type) == {"CASH": Tally(2, Decimal("9000.00")),
                                               "CARD": Tally(4, Decimal("33000.00"))}
    assert record["by_tender"] == [{"tender": tender.kind, "paid": {"count": tender.paid.count,
                                                                    "amount": str(tender.paid.amount)},
                                    "given_back": {"count": tender.given_back.count,
                                                   "amount": str(tender.given_back.amount)},
                                    "net": str(tender.net)} for tender in centre.by_tender]
    assert [tender.kind for tender in centre.by_tender] == ["CASH", "TERMINAL", "CARD", "P2P"]
    assert sum((tender.net for tender in centre.by_tender), Decimal(0)) == centre.net


def test_a_till_and_a_shops_owner_see_only_their_shop(chain: Chain) -> None:
    for who, shops in (("T1", [CENTRE]), ("T2", [CENTRE]), ("centre-manager", [CENTRE]), ("T3", [ZAISAN]),
                       ("boss", [ZAISAN, CENTRE])):   # shops by name
        report = chain.get(f"/store/day/{DAY}", who).json()
        assert [shop["shop"] for shop in report["shops"]] == shops, who
        if len(shops) == 1:
            assert report["total"] == {**report["shops"][0]["total"], "terminal": ""}
    # A till with the store's token (as its QPay client logs in) reads the same.
    token = requests.post(f"{chain.shop.store.url}/v2/auth/token", auth=("T3", chain.shop.keys["T3"]),
                          timeout=10).json()["access_token"]
    with_token = requests.get(f"{chain.shop.store.url}/store/day/{DAY}", headers={"Authorization": f"Bearer {token}"},
                              timeout=30)
    assert with_token.status_code == 200 and [s["shop"] for s in with_token.json()["shops"]] == [ZAISAN]
    for path in (f"/store/day/{DAY}", f"/store/day/{DAY}.csv", f"/store/day/{DAY}.html"):
        assert requests.get(f"{chain.shop.store.url}{path}", timeout=10).status_code == 401
        assert requests.get(f"{chain.shop.store.url}{path}", auth=("boss", "wrong"), timeout=10).status_code == 401


@pytest.mark.parametrize("path", ["/store/day/21-11-2026", "/store/day/2026-13-01", "/store/day/2026-11-21.pdf",
                                  "/store/day/2026-11-21?format=xml", "/store/day/today"])
def test_a_day_not_written_as_a_day_is_refused_in_words(chain: Chain, path: str) -> None:
    answer = chain.get(path, "boss")
    assert answer.status_code in (400, 404), answer.text
    if answer.status_code == 400:
        assert "YYYY-MM-DD" in answer.json()["message"] or "format" in answer.json()["message"]


def _csv_rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_has_a_row_a_till_and_a_total_row_a_shop(chain: Chain) -> None:
    by_suffix = chain.get(f"/store/day/{DAY}.csv", "boss")
    by_query = chain.get(f"/store/day/{DAY}?format=csv", "boss")
    assert by_suffix.status_code == 200 and by_suffix.content == by_query.content
    assert by_suffix.headers["content-type"].startswith("text/csv")
    assert f'filename="store-day-{DAY}.csv"' in by_suffix.headers["content-disposition"]
    text = by_suffix.content.decode("utf-8-sig")
    rows = _csv_rows(text)
    assert [(row["row"], row["shop"], row["till"]) for row in rows] == [
        ("till", ZAISAN, "T3"), ("shop total", ZAISAN, ""),
        ("till", CENTRE, "T1"), ("till", CENTRE, "T2"), ("shop total", CENTRE, ""), ("chain total", "", "")]
    for row in rows:
        assert row["day"] == DAY.isoformat()
        if row["row"] == "till":
            own = chain.own_day(row["till"])
            assert int(row["sales_count"]) == own.sales_count
            assert Decimal(row["paid"]) == own.paid.amount and Decimal(row["net"]) == own.net
            assert Decimal(row["given_back"]) == own.given_back.amount and Decimal(row["vat"]) == own.vat
            assert int(row["receipts_issued"]) == own.receipts_issued
            assert int(row["without_receipt_count"]) == own.without_receipt.count
            assert int(row["cancelled_count"]) == own.cancelled.count
        # Each tender's columns add up to the row's paid, given back and net.
        for figure in ("paid", "given_back", "net"):
            tenders = [f"{figure}_{name}" for name in ("cash", "terminal", "qpay_card", "qpay_transfer", "other")]
            assert sum((Decimal(row[column]) for column in tenders), Decimal(0)) == Decimal(row[figure]), figure
    t1 = next(row for row in rows if row["till"] == "T1")
    assert (t1["paid_cash"], t1["given_back_cash"], t1["net_cash"]) == ("7000.00", "3000.00", "4000.00")
    assert (t1["given_back_qpay_card"], t1["given_back_terminal"], t1["paid_other"]) == ("11000.00", "0.00", "0.00")
    centre = [row for row in rows if row["shop"] == CENTRE]
    for column in ("paid", "net", "vat", "city_tax", "given_back", "without_receipt"):
        assert Decimal(centre[2][column]) == Decimal(centre[0][column]) + Decimal(centre[1][column]), column
    assert Decimal(rows[-1]["net"]) == Decimal(rows[1]["net"]) + Decimal(rows[4]["net"])
    assert "e" not in rows[-1]["paid"].lower() and "," not in rows[-1]["paid"]       # exact, plain decimals


def test_the_page_escapes_what_it_shows_and_defuses_the_csv(store_db_url: str, tmp_path: Path) -> None:
    hostile = '=HYPERLINK("http://evil","<script>alert(1)</script>")'
    with running_shop(store_db_url, ()) as shop:
        shop.add_till("T1", hostile)
        clock = SettableClock(at(DAY, 8))
        with till_journal(tmp_path / "T1.sqlite3", "T1", clock) as journal:
            mixed_day(journal, clock)
            shipper = shipper_for(shop.store.url, "T1", shop.keys["T1"], journal).start()
            try:
                assert shipper.wait_caught_up(WAIT_S)
            finally:
                shipper.stop()
        page = requests.get(f"{shop.store.url}/store/day/{DAY}.html", auth=("T1", shop.keys["T1"]), timeout=30)
        assert page.status_code == 200 and "<script>" not in page.text and "&lt;script&gt;" in page.text
        sheet = requests.get(f"{shop.store.url}/store/day/{DAY}.csv", auth=("T1", shop.keys["T1"]), timeout=30)
        shops = {row["shop"] for row in _csv_rows(sheet.content.decode("utf-8-sig"))}
        assert "'" + hostile in shops and hostile not in shops


def test_a_give_back_finished_after_a_refusal_counts_once_at_the_store(store_db_url: str, tmp_path: Path) -> None:
    """Issue 31, point 6: the store rebuilds each till's day with the till's own code, so a give-back refused
    half-way and finished later counts each payment once there too: in a journal written now, and in one an
    older till wrote (its last step logged the give-back's running total)."""
    with running_shop(store_db_url, ("T1",)) as shop:
        clock = SettableClock(at(DAY, 9))
        path = tmp_path / "T1.sqlite3"
        with till_journal(path, "T1", clock) as journal:
            now = refused_half_way(journal)
            journal.reversals.started(now, ReversalKind.CANCEL, "customer returned it")
            journal.reversals.done(now, Decimal("5000.00"))
            older = refused_half_way(journal, (pay("2000.00", KHAN, "CARD"), pay("5000.00", GOLOMT, "CARD")))
            as_an_older_till_finished_it(path, older, at(DAY, 12))
            shipper = shipper_for(shop.store.url, "T1", shop.keys["T1"], journal).start()
            try:
                assert shipper.wait_caught_up(WAIT_S)
            finally:
                shipper.stop()
            own = load_day(journal.queries, DAY).summary
        said = requests.get(f"{shop.store.url}/store/day/{DAY}", auth=("T1", shop.keys["T1"]), timeout=30)
    [till] = said.json()["shops"][0]["tills"]
    assert _summary(till) == own
    assert own.paid == Tally(2, Decimal("14000.00")) and own.given_back == Tally(2, Decimal("14000.00"))
    assert own.net == 0 and own.given_back_by_type == (("CARD", Tally(4, Decimal("14000.00"))),)


def test_the_vat_of_what_was_kept_without_receipt_is_the_same_at_the_store(store_db_url: str, tmp_path: Path) -> None:
    """The store rebuilds each till's day with the till's own code from the shipped rows: a return's parts keep
    their taxes in its row, so the VAT without receipt of what the customer kept is the till's there too (exact,
    and shared by amount for a return recorded without the shop's rates)."""
    cart = Cart()
    cart.add_item(CatalogItem("1", "Талх", Decimal(2500), "", "", False), 2)
    cart.add_item(CatalogItem("2", "Сүү", Decimal(3500), "", "", True), 1)
    with running_shop(store_db_url, ("T1",)) as shop:
        clock = SettableClock(at(DAY, 9))
        with till_journal(tmp_path / "T1.sqlite3", "T1", clock) as journal:
            for rates in (DEFAULT_RATES, None):
                number = journal.tenders.begin(cart.lines, cart.total, cart.taxes,
                                               Tendering(cart.total).cash_tender(Decimal(8500)), ReceiptVia.NONE)
                journal.returns.started(number, [(1, 1)], "returned", rates=rates)
            shipper = shipper_for(shop.store.url, "T1", shop.keys["T1"], journal).start()
            try:
                assert shipper.wait_caught_up(WAIT_S)
            finally:
                shipper.stop()
            own = load_day(journal.queries, DAY).summary
        said = requests.get(f"{shop.store.url}/store/day/{DAY}", auth=("T1", shop.keys["T1"]), timeout=30)
    [till] = said.json()["shops"][0]["tills"]
    assert _summary(till) == own
    # Exact: two breads' 454.55; by amount: 767.05 less 3,500/8,500 of it (315.84).
    assert own.without_receipt == Tally(2, Decimal(10000)) and own.no_receipt_vat == Decimal("454.55") + Decimal(
        "451.21")


def test_money_on_the_page_reads_as_the_tills_does() -> None:
    assert money_text(Decimal("12500")) == "12,500 ₮"
    assert money_text(Decimal("1234567.5")) == "1,234,567.50 ₮"
    assert money_text(Decimal("-1600.00")) == "-1,600 ₮"
    assert money_text(Decimal("0.005")) == "0.01 ₮" and money_text(Decimal(0)) == "0 ₮"


def _chromium(url: str, tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    profile = tmp_path / "chromium-profile"
    profile.mkdir(exist_ok=True)
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           f"--user-data-dir={profile}", "--window-size=1280,900", *extra, url],
                          capture_output=True, text=True, timeout=90, check=False)


def test_the_owner_reads_the_page_in_a_browser(chain: Chain, tmp_path: Path) -> None:
    assert shutil.which(CHROMIUM), "chromium is missing (make system-test-packages installs it)"
    port = chain.shop.store.port
    url = f"http://boss:{chain.shop.keys['boss']}@127.0.0.1:{port}/store/day/{DAY}.html"
    dom = _chromium(url, tmp_path, "--dump-dom")
    assert dom.returncode == 0, dom.stderr[-2000:]
    shown = dom.stdout
    assert f"Day close — {DAY}" in shown and CENTRE in shown and ZAISAN in shown
    assert "<script" not in shown
    for till in ("T1", "T2", "T3"):
        own = chain.own_day(till)
        assert f"<td>{till}</td>" in shown and money_text(own.net) in shown
    report = chain.get(f"/store/day/{DAY}", "boss").json()
    for shop in report["shops"]:
        assert money_text(_summary(shop["total"]).net) in shown
    assert money_text(_summary(report["total"]).paid.amount) in shown
    assert "By tender" in shown and "QPay bank transfer" in shown and "Card (QPay)" not in shown
    assert chain.shop.keys["boss"] not in shown

    picture = tmp_path / "store-day-close.png"
    shot = _chromium(url, tmp_path, f"--screenshot={picture}")
    assert shot.returncode == 0 and picture.stat().st_size > 10_000, shot.stderr[-2000:]
