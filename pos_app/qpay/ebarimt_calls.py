"""The ebarimt (tax receipt) calls of `QPayClient`, as a base class of it.

Neither call is resent after a lost answer, and an answer the client cannot
read is an unknown outcome (`UnreadableAnswerError`, an `OutcomeUnknownError`),
never a refusal: the receipt may well have been registered (or voided). The
contract has no endpoint to read a receipt back; the caller settles the
outcome by asking again when it decides to: Create Ebarimt for a payment that
has its receipt answers with that receipt (a payment has at most one active
receipt), and Cancel Ebarimt for a voided one answers ``EBARIMT_NOT_REGISTERED``.
"""

from __future__ import annotations

from typing import Any

from .builders import EbarimtRequest
from .models import Ebarimt, EbarimtCancelResult
from .transport import NO_BODY
from .wire import segment, send_for_outcome

__all__ = ["EbarimtCalls"]

_ASK_EBARIMT_AGAIN = "ask Create Ebarimt again for this payment (it answers with the receipt it holds)"
_ASK_VOID_AGAIN = "ask Cancel Ebarimt again (a voided receipt answers EBARIMT_NOT_REGISTERED)"


class EbarimtCalls:
    def _call(self, method: str, path: str, *, json_body: Any = NO_BODY, safe_to_repeat: bool) -> Any:
        raise NotImplementedError  # QPayClient's

    # -- ebarimt ----------------------------------------------------------------

    def create_ebarimt(
        self,
        payment_id: str | EbarimtRequest,
        ebarimt_receiver_type: str = "83",
        ebarimt_receiver: str | None = None,
        *,
        district_code: str | None = None,
        classification_code: str | None = None,
    ) -> Ebarimt:
        """POST /v2/ebarimt_v3/create: the tax receipt of a paid payment.

        Pass an `EbarimtRequest` or its fields. Never resent after a lost
        answer (a receipt is registered with the tax system, and there is no
        endpoint to look it up): `OutcomeUnknownError` is raised then. An
        answer the client cannot read raises `UnreadableAnswerError` (an
        `OutcomeUnknownError`): the receipt may well exist. Settle either by
        asking Create Ebarimt again for the same payment when the caller
        decides to (a payment has at most one active receipt: the service
        answers with the existing one), never by taking it as refused.
        """
        request = (
            payment_id
            if isinstance(payment_id, EbarimtRequest)
            else EbarimtRequest.model_validate(
                {
                    "payment_id": payment_id,
                    "ebarimt_receiver_type": ebarimt_receiver_type,
                    "ebarimt_receiver": ebarimt_receiver,
                    "district_code": district_code,
                    "classification_code": classification_code,
                }
            )
        )
        path, payload = "/v2/ebarimt_v3/create", request.to_payload()
        return send_for_outcome(
            lambda: self._call("POST", path, json_body=payload, safe_to_repeat=False),
            Ebarimt, "POST", path, _ASK_EBARIMT_AGAIN,
        )

    def cancel_ebarimt(self, payment_id: str) -> EbarimtCancelResult:
        """DELETE /v2/ebarimt_v3/{payment_id}: void the receipt of a payment
        (the id is the payment's, not the receipt's). Not resent after a lost answer; an unreadable
        answer raises `UnreadableAnswerError` (ask again: a voided receipt answers EBARIMT_NOT_REGISTERED)."""
        path = f"/v2/ebarimt_v3/{segment(payment_id)}"
        return send_for_outcome(
            lambda: self._call("DELETE", path, safe_to_repeat=False),
            EbarimtCancelResult, "DELETE", path, _ASK_VOID_AGAIN,
        )
