"""Every example answer in the spec reads into its model; the receipt answer's secrets stay out of reprs."""

from __future__ import annotations

import logging
import pickle
from decimal import Decimal
from typing import Any

import pytest
from pydantic import BaseModel

from pos_app.posapi import models
from pos_app.posapi.models import ReceiptIssued, parse_service_time

from .helpers import RECEIPT_ANSWER, json_content, operation, response_examples, schema_problems

MODEL_FOR_PATH: dict[str, Any] = {
    "/rest/info": models.PosInfo,
    "/rest/bankAccounts": models.BankAccount,
    "/api/tpi/receipt/saveOprMerchants": models.OperatorAnswer,
    "/api/inventory/stock/getStockQr": models.StockQrInfo,
    "/api/info/check/getBranchInfo": models.BranchInfo,
    "/api/info/check/getTinInfo": models.TinInfo,
    "/api/info/check/getInfo": models.OrgInfo,
    "/api/receipt/receipt/getProductTaxCode": models.ProductTaxCodes,
}
EXAMPLES = list(response_examples())


def test_the_spec_has_examples_for_every_answer_the_client_reads() -> None:
    assert {path for path, *_ in EXAMPLES} >= set(MODEL_FOR_PATH)
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize(("path", "method", "name", "value"), EXAMPLES, ids=[f"{p} {n}" for p, _, n, _ in EXAMPLES])
def test_every_example_answer_parses(path: str, method: str, name: str, value: Any) -> None:
    if path.startswith("/api/info/check/barcode/v2/"):
        rows = models.CLASSIFICATION_ROWS.validate_python(value)
        assert rows and all(row for row in rows)
        return
    model = MODEL_FOR_PATH[path]
    parsed = [model.model_validate(element) for element in value] if isinstance(value, list) else [
        model.model_validate(value)]
    for one in parsed:
        assert isinstance(one, BaseModel)
        # Nothing lost: every field of the example is either a declared field or kept as an extra.
        dumped = one.model_dump(by_alias=True)
        assert set(value[0] if isinstance(value, list) else value) <= set(dumped)


def test_info_example_reads_its_numbers_and_flags() -> None:
    value = next(v for p, _, _, v in EXAMPLES if p == "/rest/info")
    info = models.PosInfo.model_validate(value)
    assert info.leftLotteries == 0 and info.posId == 0
    assert info.appInfo is not None and info.appInfo.database_host == "f"
    assert info.merchants[0].customers[0].vatPayer is False  # "f": the spec types it string, means a flag
    assert info.last_sent_at is None  # "f" is no date: unknown, never a crash


def test_branch_info_reads_the_object_example_and_the_array_schema() -> None:
    one = models.BranchInfo.model_validate({"status": 200, "data": {"branchCode": "01", "subBranchCode": "02"}})
    many = models.BranchInfo.model_validate({"status": 200, "data": [{"branchCode": "01", "subBranchCode": "02"}]})
    assert one.data == many.data and one.data[0].district_code == "0102"


def test_tin_info_reads_the_tin_as_text_whether_number_or_string() -> None:
    for value in (31654321554, "31654321554"):
        assert models.TinInfo.model_validate({"status": 200, "data": value}).data == "31654321554"


def test_org_info_example_reads_flags() -> None:
    value = next(v for p, _, n, v in EXAMPLES if p == "/api/info/check/getInfo" and not n.startswith("x-"))
    data = models.OrgInfo.model_validate(value).data
    assert data is not None and data.vatPayer is True and data.cityPayer is True and data.isGovernment is False


def test_a_receipt_answer_shaped_as_the_schema_says_is_valid_and_reads() -> None:
    schema = json_content(operation("/rest/receipt", "post")["responses"]["200"])["schema"]
    as_schema = {**{k: v for k, v in RECEIPT_ANSWER.items() if k != "qrData"}, "qrDate": RECEIPT_ANSWER["qrData"]}
    assert schema_problems(as_schema, schema) == []
    for body in (RECEIPT_ANSWER, as_schema):  # qrData (described) and qrDate (schema) both read
        issued = ReceiptIssued.model_validate(body)
        assert issued.succeeded and issued.qr_data == "1234567890QRDATA" and issued.lottery == "AB 12345678"
        assert issued.easy is False and issued.posId == 10008331
        assert issued.receipts[0].bankAccountId == 4
        assert issued.printed_at is not None and issued.printed_at.year == 2025


def test_unknown_fields_are_kept() -> None:
    issued = ReceiptIssued.model_validate({**RECEIPT_ANSWER, "version": "3.0.12", "newThing": {"a": 1}})
    assert issued.model_extra == {"version": "3.0.12", "newThing": {"a": 1}}


def test_lottery_and_qr_data_never_show_in_repr_str_or_logs(caplog: pytest.LogCaptureFixture) -> None:
    issued = ReceiptIssued.model_validate({**RECEIPT_ANSWER, "lotteryCopy": "AB 12345678"})
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("pos_app.posapi").info("issued %r / %s", issued, issued)
    for text in (repr(issued), str(issued), caplog.text):
        assert "AB 12345678" not in text and "QRDATA" not in text
    assert issued.id is not None and issued.id in repr(issued)


def test_money_reads_as_decimal() -> None:
    info = models.StockQrInfo.model_validate({"productPercent": Decimal("37.5"), "productSize": "750"})
    assert info.productPercent == Decimal("37.5") and info.productSize == Decimal(750)
    assert isinstance(info.productSize, Decimal)


@pytest.mark.parametrize(("text", "expected"), [
    ("2025-03-31 10:15:00", (2025, 3, 31, 10, 15)), ("2025-03-31T10:15:00", (2025, 3, 31, 10, 15)),
    ("2025-03-31", (2025, 3, 31, 0, 0)), ("f", None), ("", None), (None, None),
])
def test_service_times(text: str | None, expected: tuple[int, ...] | None) -> None:
    parsed = parse_service_time(text)
    assert (None if parsed is None else (parsed.year, parsed.month, parsed.day, parsed.hour, parsed.minute)) == expected


def test_models_pickle_for_worker_queues() -> None:
    issued = ReceiptIssued.model_validate(RECEIPT_ANSWER)
    assert pickle.loads(pickle.dumps(issued)) == issued
