"""The PosAPI's rules, one by one: lotteries, B2B customers, VAT and city tax, returns, lastSentDate."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
import requests

from pos_app.sandbox.posapi import PosApiOptions, PosApiSandboxServer

from .conftest import B2B_REGISTER, B2B_TIN, PosApi, b2b, sale

LOTTERY = re.compile(r"^[A-Z]{2} [0-9]{8}$")


def refused(posapi: PosApi, body: dict[str, Any], *words: str, status: str = "ERROR") -> dict[str, Any]:
    result = posapi.receipt(body)
    assert result["status"] == status, result
    assert all(word in result["message"] for word in words), result["message"]
    return result


def dec(value: Any) -> Decimal:
    return Decimal(str(value))


# -- individuals: lotteries ------------------------------------------------------------------------

def test_b2c_receipt_gets_a_lottery_and_the_left_count_goes_down(posapi: PosApi) -> None:
    assert posapi.info()["leftLotteries"] == 1000
    first = posapi.issued(sale((5600, 500, 100)))
    second = posapi.issued(sale((1100, 100, 0)))
    assert LOTTERY.match(first["lottery"]) and LOTTERY.match(second["lottery"])
    assert first["id"] != second["id"] and len(first["id"]) == 33
    assert posapi.info()["leftLotteries"] == 998
    assert posapi.issued(b2b((1100, 100, 0)))["lottery"] == ""     # organisations get none
    assert posapi.info()["leftLotteries"] == 998


def test_lotteries_run_out_then_send_data_brings_new_ones(posapi: PosApi) -> None:
    posapi.control("POST", "/state", {"left_lotteries": 1})
    posapi.issued(sale((1100, 100, 0)))
    assert posapi.info()["leftLotteries"] == 0
    refused(posapi, sale((1100, 100, 0)), "no lottery numbers left")
    posapi.issued(b2b((1100, 100, 0)))                                # B2B needs no lottery
    assert posapi.call("GET", "/rest/sendData").status_code == 200
    assert posapi.info()["leftLotteries"] == 1000
    assert LOTTERY.match(posapi.issued(sale((1100, 100, 0)))["lottery"])


def test_the_no_lottery_option_issues_b2c_receipts_without_one() -> None:
    with PosApiSandboxServer(options=PosApiOptions(lotteries=0, lotteries_out="no_lottery")) as server:
        result = PosApi(server.url).issued(sale((1100, 100, 0)))
        assert result["lottery"] == ""


def test_an_easy_consumer_number_marks_the_receipt_easy(posapi: PosApi) -> None:
    assert posapi.issued(sale((1100, 100, 0), consumerNo="11038071"))["easy"] is True
    assert posapi.issued(sale((1100, 100, 0), consumerNo="10038071"))["easy"] is False
    refused(posapi, sale((1100, 100, 0), consumerNo="1003"), "consumerNo")


# -- organisations: the customer's TIN -----------------------------------------------------------

def test_b2b_customer_found_through_get_tin_info(posapi: PosApi) -> None:
    found = posapi.call("GET", "/api/info/check/getTinInfo", params={"regNo": B2B_REGISTER}).json()
    assert found["status"] == 200 and str(found["data"]) == B2B_TIN
    info = posapi.call("GET", "/api/info/check/getInfo", params={"tin": B2B_TIN}).json()
    assert info["data"]["found"] is True and info["data"]["vatPayer"] is True
    result = posapi.issued(b2b((5600, 500, 100), customer=str(found["data"])))
    assert result["customerTin"] == B2B_TIN and result["type"] == "B2B_RECEIPT"


def test_unknown_registers_and_tins(posapi: PosApi) -> None:
    missing = posapi.call("GET", "/api/info/check/getTinInfo", params={"regNo": "9999999"}).json()
    assert missing["status"] == 404 and missing["data"] is None
    bad = posapi.call("GET", "/api/info/check/getTinInfo", params={"regNo": "12"}).json()
    assert bad["status"] == 400
    info = posapi.call("GET", "/api/info/check/getInfo", params={"tin": "99999999999"}).json()
    assert info["status"] == 200 and info["data"]["found"] is False


def test_b2b_with_an_unknown_or_missing_customer_is_refused(posapi: PosApi) -> None:
    refused(posapi, b2b((1100, 100, 0), customer="99999999999"), "customerTin 99999999999")
    refused(posapi, b2b((1100, 100, 0), customer=None), "customerTin is required")
    refused(posapi, sale((1100, 100, 0), customerTin=B2B_TIN), "customerTin is for B2B")
    refused(posapi, sale((1100, 100, 0), merchantTin="31654321554"), "not registered on this PosAPI")


# -- VAT and city tax ----------------------------------------------------------------------------

@pytest.mark.parametrize("item", [(5600, 500, 100), (5550, 500, 50), (1120, 100, 20), (1100, 100, 0),
                                  ("1234.56", "112.23", 0), (0, 0, 0)])
def test_consistent_taxes_are_accepted(posapi: PosApi, item: tuple[Any, Any, Any]) -> None:
    result = posapi.issued(sale(item))
    assert dec(result["totalVAT"]) == dec(item[1]) and dec(result["totalCityTax"]) == dec(item[2])


@pytest.mark.parametrize(("item", "words"), [
    ((5600, 400, 100), "totalVAT 400"),
    ((5600, 500, 300), "totalCityTax 300"),
    ((1100, 0, 0), "totalVAT 0"),
    ((1100, 100, -1), "negative"),
])
def test_inconsistent_item_taxes_are_refused(posapi: PosApi, item: tuple[Any, Any, Any], words: str) -> None:
    refused(posapi, sale(item), "receipts[0].items[0].", words)


def test_totals_must_add_up(posapi: PosApi) -> None:
    refused(posapi, sale((5600, 500, 100), (1100, 100, 0), totalAmount=6800), "totalAmount is 6800", "6700")
    refused(posapi, sale((5600, 500, 100), totalVAT=600), "totalVAT is 600")
    refused(posapi, sale((5600, 500, 100), totalCityTax=0), "totalCityTax is 0")
    body = sale((5600, 500, 100))
    body["receipts"][0]["totalAmount"] = 5000
    refused(posapi, body, "receipts[0].totalAmount is 5000")


def test_null_taxes_are_computed(posapi: PosApi) -> None:
    result = posapi.issued(sale((5600, None, None), totalVAT=None, totalCityTax=None))
    assert dec(result["totalVAT"]) == Decimal("509.09") and dec(result["totalCityTax"]) == 0
    assert dec(result["receipts"][0]["items"][0]["totalVAT"]) == Decimal("509.09")


def test_vat_free_goods(posapi: PosApi) -> None:
    posapi.issued(sale((5000, 0, 0), tax_type="VAT_FREE"))
    refused(posapi, sale((5000, 450, 0), tax_type="VAT_FREE"), "totalVAT must be 0")
    body = sale((5000, 0, 0), tax_type="VAT_ZERO")
    del body["receipts"][0]["items"][0]["taxProductCode"]
    refused(posapi, body, "taxProductCode is required")


def test_money_is_exact(posapi: PosApi) -> None:
    raw = (b'{"branchNo":"001","posNo":"001","merchantTin":"37900846788","type":"B2C_RECEIPT",'
           b'"billIdSuffix":"X1","totalAmount":0.30,"totalVAT":0.03,"totalCityTax":0,"receipts":[{'
           b'"totalAmount":0.30,"totalVAT":0.03,"totalCityTax":0,"taxType":"VAT_ABLE","merchantTin":"37900846788",'
           b'"items":[{"name":"a","measureUnit":"sh","qty":1,"unitPrice":0.1,"totalAmount":0.1,"totalVAT":0.01},'
           b'{"name":"b","measureUnit":"sh","qty":1,"unitPrice":0.2,"totalAmount":0.2,"totalVAT":0.02}]}]}')
    answer = posapi.http.post(f"{posapi.url}/rest/receipt", data=raw, timeout=10,
                              headers={"Content-Type": "application/json"})
    assert answer.json()["status"] == "SUCCESS", answer.text   # 0.1 + 0.2 == 0.30 in Decimal


def test_payments_that_do_not_cover_the_total(posapi: PosApi) -> None:
    refused(posapi, sale((5600, 500, 100), payments=[{"code": "CASH", "status": "PAID", "paidAmount": 5000}]),
            "do not cover", status="PAYMENT")
    refused(posapi, sale((5600, 500, 100), payments=[{"code": "QPAY", "status": "PAID", "paidAmount": 5600}]),
            "payments[0].code")
    card = {"code": "PAYMENT_CARD", "status": "PAID", "paidAmount": 5600, "data": {"terminalID": "1"}}
    refused(posapi, sale((5600, 500, 100), payments=[card]), "payments[0].data.rrn")


# -- requests: unknown fields, malformed bodies, billIdSuffix --------------------------------------

def test_unknown_fields_are_accepted_and_kept(posapi: PosApi) -> None:
    body = sale((1100, 100, 0), shopNote={"till": 3, "cashier": "Бат"})
    body["receipts"][0]["myTag"] = "x"
    body["receipts"][0]["items"][0]["data"] = {"lotNo": "L-7", "extra": [1, 2]}
    result = posapi.issued(body)
    assert result["shopNote"] == {"till": 3, "cashier": "Бат"}
    assert result["receipts"][0]["myTag"] == "x"
    assert result["receipts"][0]["items"][0]["data"] == {"lotNo": "L-7", "extra": [1, 2]}


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"", b'{"a": NaN}'])
def test_malformed_bodies_get_the_error_shape(posapi: PosApi, raw: bytes) -> None:
    answer = posapi.http.post(f"{posapi.url}/rest/receipt", data=raw, timeout=10,
                              headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    body = answer.json()
    assert body["status"] == "ERROR" and body["message"] and body["date"]


def test_missing_or_wrong_fields_are_refused(posapi: PosApi) -> None:
    refused(posapi, sale((1100, 100, 0), receipts=[]), "receipts must be a non-empty array")
    refused(posapi, sale((1100, 100, 0), type="B2C_"), "type must be one of")
    refused(posapi, sale((1100, 100, 0), totalAmount="many"), "totalAmount must be a number")
    refused(posapi, sale((1100, 100, 0), districtCode="25"), "districtCode")


def test_bill_id_suffix_is_unique_within_the_day(posapi: PosApi) -> None:
    posapi.issued(sale((1100, 100, 0), billIdSuffix="01"))
    refused(posapi, sale((1100, 100, 0), billIdSuffix="01"), "billIdSuffix 01 was already used today")
    posapi.advance(24)
    posapi.issued(sale((1100, 100, 0), billIdSuffix="01"))


def test_the_refusal_status_can_be_an_http_error() -> None:
    with PosApiSandboxServer(options=PosApiOptions(receipt_error_status=400)) as server:
        answer = PosApi(server.url).call("POST", "/rest/receipt", sale((1100, 100, 0), type="B2C_"))
        assert answer.status_code == 400 and answer.json()["status"] == "ERROR"


# -- corrections and returns -----------------------------------------------------------------------

def return_body(result: dict[str, Any]) -> dict[str, str]:
    return {"id": result["id"], "date": result["date"]}


def test_return_then_return_twice(posapi: PosApi) -> None:
    issued = posapi.issued(sale((5600, 500, 100)))
    answer = posapi.call("DELETE", "/rest/receipt", return_body(issued))
    assert answer.status_code == 200 and answer.content == b""
    states = {r["id"]: r["state"] for r in posapi.control("GET", "/receipts")["receipts"]}
    assert states[issued["id"]] == "RETURNED"
    again = posapi.call("DELETE", "/rest/receipt", return_body(issued))
    assert again.status_code == 400
    assert again.json()["status"] == "ERROR" and "already returned" in again.json()["message"]


def test_returns_that_are_refused(posapi: PosApi) -> None:
    issued = posapi.issued(sale((1100, 100, 0)))
    unknown = posapi.call("DELETE", "/rest/receipt", {"id": "1" * 33, "date": issued["date"]})
    assert unknown.status_code == 404 and unknown.json()["status"] == "ERROR"
    for wrong in ({"id": issued["id"]}, {"id": issued["id"], "date": "2020-01-01"},
                  {"id": issued["id"], "date": "2020-01-01 10:00:00"}):
        assert posapi.call("DELETE", "/rest/receipt", wrong).status_code == 400, wrong
    organisation = posapi.issued(b2b((1100, 100, 0)))
    answer = posapi.call("DELETE", "/rest/receipt", return_body(organisation))
    assert answer.status_code == 400 and "inactiveId" in answer.json()["message"]


def test_an_easy_receipt_waits_for_the_citizen(posapi: PosApi) -> None:
    issued = posapi.issued(sale((1100, 100, 0), consumerNo="11038071"))
    assert posapi.call("DELETE", "/rest/receipt", return_body(issued)).status_code == 200
    states = {r["id"]: r["state"] for r in posapi.control("GET", "/receipts")["receipts"]}
    assert states[issued["id"]] == "UNCONFIRMED_RETURN"


def test_a_correction_keeps_the_lottery_and_replaces_the_receipt(posapi: PosApi) -> None:
    first = posapi.issued(sale((5600, 500, 100)))
    left = posapi.info()["leftLotteries"]
    corrected = posapi.issued(sale((1100, 100, 0), inactiveId=first["id"]))
    assert corrected["lottery"] == first["lottery"] and posapi.info()["leftLotteries"] == left
    refused(posapi, sale((1100, 100, 0), inactiveId=first["id"]), "already corrected")
    assert posapi.call("DELETE", "/rest/receipt", return_body(first)).status_code == 400
    refused(posapi, sale((1100, 100, 0), inactiveId="123"), "inactiveId 123")


# -- lastSentDate and sendData ---------------------------------------------------------------------

def test_receipts_are_refused_when_data_was_not_sent_for_72_hours(posapi: PosApi) -> None:
    started = posapi.info()["lastSentDate"]
    posapi.issued(sale((1100, 100, 0)))
    posapi.advance(71)
    posapi.issued(sale((1100, 100, 0)))
    posapi.advance(1.01)
    refused(posapi, sale((1100, 100, 0)), "72 hours", started, "/rest/sendData")
    before = posapi.control("GET", "/clock")["now"]
    assert posapi.call("GET", "/rest/sendData").status_code == 200
    now = posapi.control("GET", "/clock")["now"]
    assert before <= posapi.info()["lastSentDate"] <= now      # the sandbox's clock runs: a second may pass
    assert all(r["sent"] for r in posapi.control("GET", "/receipts")["receipts"])
    posapi.issued(sale((1100, 100, 0)))


def test_last_sent_date_can_be_set_through_the_control_api(posapi: PosApi) -> None:
    posapi.control("POST", "/state", {"last_sent_hours_ago": 100})
    refused(posapi, sale((1100, 100, 0)), "72 hours")


# -- faults and the request log --------------------------------------------------------------------

def test_faults_and_the_request_log(posapi: PosApi) -> None:
    posapi.control("POST", "/faults", {"path_prefix": "/rest/receipt", "status": 503, "method": "POST"})
    answer = posapi.call("POST", "/rest/receipt", sale((1100, 100, 0)))
    assert answer.status_code == 503 and answer.json()["status"] == "ERROR"
    posapi.control("POST", "/faults", {"path_prefix": "/rest/info", "drop": True})
    with pytest.raises(requests.ConnectionError):
        posapi.call("GET", "/rest/info")
    posapi.control("POST", "/faults", {"path_prefix": "/rest/receipt", "drop": True, "after_processing": True})
    with pytest.raises(requests.ConnectionError):
        posapi.call("POST", "/rest/receipt", sale((1100, 100, 0)))
    assert len(posapi.control("GET", "/receipts")["receipts"]) == 1   # issued, but the answer was lost
    log = posapi.control("GET", "/requests")["requests"]
    assert [(e["method"], e["path"], e["status"]) for e in log] == [
        ("POST", "/rest/receipt", 503), ("GET", "/rest/info", "dropped"), ("POST", "/rest/receipt", "dropped")]
    assert posapi.control("GET", "/faults")["faults"] == []


def test_a_delay_fault_still_answers(posapi: PosApi) -> None:
    posapi.control("POST", "/faults", {"path_prefix": "/rest/info", "delay_ms": 50})
    assert posapi.call("GET", "/rest/info").status_code == 200
    assert posapi.control("GET", "/requests")["requests"][-1]["fault"] is True
