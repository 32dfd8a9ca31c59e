"""The error factory: one family per answer, the spec's refusals in 200 answers, readiness from /rest/info."""

from __future__ import annotations

import pickle
from datetime import datetime, timedelta
from typing import Any

import pytest

from pos_app.posapi import (
    DataNotSentError,
    InvalidRequestError,
    LotteriesExhaustedError,
    NotFoundError,
    OutcomeUnknownError,
    PaymentIncompleteError,
    PosApiError,
    PosInfo,
    ReceiptRefusedError,
    ServerError,
    check_ready,
    error_for,
    readiness,
)
from pos_app.posapi.errors import refusal_from_answer


@pytest.mark.parametrize(("status", "body", "may_issue", "expected"), [
    (500, {"status": "ERROR", "message": "db locked"}, True, OutcomeUnknownError),
    (502, "<html>Bad Gateway</html>", True, OutcomeUnknownError),
    (503, None, False, ServerError),
    (500, {"message": "boom"}, False, ServerError),
    (404, None, True, NotFoundError),
    (404, {"status": 404, "msg": "Олдсонгүй"}, False, NotFoundError),
    (400, {"status": "ERROR", "message": "totalAmount буруу"}, True, ReceiptRefusedError),
    (422, None, True, ReceiptRefusedError),
    (400, {"msg": "regNo буруу"}, False, InvalidRequestError),
    (409, "conflict", False, InvalidRequestError),
])
def test_error_for_picks_the_family(status: int, body: Any, may_issue: bool, expected: type[PosApiError]) -> None:
    error = error_for(status, body, method="POST", path="/rest/receipt", may_issue=may_issue, bill_id_suffix="42")
    assert type(error) is expected and isinstance(error, PosApiError)
    assert error.status == status
    if isinstance(error, OutcomeUnknownError):
        assert error.bill_id_suffix == "42"


def test_messages_and_service_status_are_kept() -> None:
    error = error_for(404, {"status": 404, "msg": "Олдсонгүй"}, method="GET", path="/api/info/check/getInfo")
    assert error.message == "Олдсонгүй" and error.service_status == 404
    assert "Олдсонгүй" in str(error) and "HTTP 404" in str(error) and "/api/info/check/getInfo" in str(error)


@pytest.mark.parametrize(("status", "expected"), [("ERROR", ReceiptRefusedError), ("PAYMENT", PaymentIncompleteError),
                                                  ("payment", PaymentIncompleteError)])
def test_a_200_answer_with_a_refusal_status(status: str, expected: type[ReceiptRefusedError]) -> None:
    error = refusal_from_answer({"status": status, "message": "Сугалаа дууссан"}, status=200, method="POST",
                                path="/rest/receipt")
    assert type(error) is expected and error.service_status == status and error.message == "Сугалаа дууссан"
    assert isinstance(error, InvalidRequestError)


def test_tokens_and_long_pages_are_masked_and_cut() -> None:
    error = error_for(500, {"message": "Bearer abc.def.ghi failed " + "x" * 2000})
    assert "abc.def" not in str(error) and len(error.message) < 600


def test_errors_pickle_across_worker_queues() -> None:
    error = error_for(500, None, method="POST", path="/rest/receipt", may_issue=True, bill_id_suffix="9")
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is OutcomeUnknownError and again.bill_id_suffix == "9" and str(again) == str(error)


NOW = datetime(2030, 1, 10, 12, 0, 0)  # a fixed moment: nothing here reads today's date


def _info(**changes: Any) -> PosInfo:
    return PosInfo.model_validate({"leftLotteries": 500, "lastSentDate": "2030-01-10 09:00:00", **changes})


def test_ready_when_lotteries_are_left_and_data_was_sent_lately() -> None:
    state = readiness(_info(), NOW)
    assert state.ready and not state.low_lotteries and state.unsent_for == timedelta(hours=3)
    assert check_ready(_info(), NOW).leftLotteries == 500


def test_lotteries_exhausted() -> None:
    with pytest.raises(LotteriesExhaustedError):
        check_ready(_info(leftLotteries=0), NOW)
    assert readiness(_info(leftLotteries=10), NOW).low_lotteries


def test_data_not_sent_for_too_long() -> None:
    stale = _info(lastSentDate="2030-01-07 11:59:59")   # 72 h and a second
    with pytest.raises(DataNotSentError):
        check_ready(stale, NOW)
    assert check_ready(stale, NOW, max_unsent=timedelta(days=4)) is stale


def test_unknown_facts_do_not_block_a_sale() -> None:
    assert readiness(PosInfo.model_validate({}), NOW).ready
    assert readiness(_info(lastSentDate="f"), NOW).unsent_for is None


def test_an_aware_now_is_refused() -> None:
    from datetime import timezone
    with pytest.raises(ValueError, match="wall time"):
        readiness(_info(), NOW.replace(tzinfo=timezone.utc))
