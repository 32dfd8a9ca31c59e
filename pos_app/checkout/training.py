"""Training mode's stand-in customer: pays the shown invoice through the sandbox's control API.

The control API is the sandbox's own, not QPay's, so this is the one place
outside the client library that speaks HTTP to it.
"""

from __future__ import annotations

from decimal import Decimal

import requests

from .errors import TrainingError

TIMEOUT = (3.0, 10.0)


class TrainingDesk:
    def __init__(self, sandbox_url: str, session: requests.Session | None = None) -> None:
        self.sandbox_url = sandbox_url.rstrip("/")
        self._session = session or requests.Session()

    def __repr__(self) -> str:
        return f"TrainingDesk({self.sandbox_url!r})"

    def pay(self, invoice_id: str, amount: Decimal | None = None, bank: str = "khanbank") -> str:
        """Pay the invoice (in full unless *amount*); returns the payment id."""
        body: dict[str, str] = {"bank": bank}
        if amount is not None:
            body["amount"] = str(amount)
        try:
            response = self._session.post(f"{self.sandbox_url}/_sandbox/invoices/{invoice_id}/pay",
                                          json=body, timeout=TIMEOUT)
        except requests.RequestException as exc:
            raise TrainingError(f"the training service did not answer ({type(exc).__name__})") from None
        if response.status_code != 200:
            try:
                message = response.json().get("message", response.text[:200])
            except ValueError:
                message = response.text[:200]
            raise TrainingError(f"the training service refused the payment: {message}")
        return str(response.json().get("payment_id", ""))

    def close(self) -> None:
        self._session.close()
