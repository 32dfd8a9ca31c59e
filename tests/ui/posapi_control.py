"""The PosAPI sandbox's control API, as the till tests use it: faults, its receipts, its request log."""

from __future__ import annotations

from typing import Any

import requests


class PosApiControl:
    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        answer = requests.request(method, f"{self.url}/_sandbox{path}", json=body, timeout=10)
        answer.raise_for_status()
        return answer.json() if answer.content else None

    def fault(self, path_prefix: str = "/rest/receipt", *, method: str | None = "POST", count: int = 1,
              status: int | None = None, delay_ms: int = 0, drop: bool = False,
              after_processing: bool = False) -> None:
        body: dict[str, Any] = {"path_prefix": path_prefix, "count": count, "delay_ms": delay_ms, "drop": drop,
                                "after_processing": after_processing}
        if method:
            body["method"] = method
        if status is not None:
            body["status"] = status
        self._call("POST", "/faults", body)

    def clear_faults(self) -> None:
        self._call("DELETE", "/faults")

    def receipts(self) -> list[dict[str, Any]]:
        found = self._call("GET", "/receipts")
        return found if isinstance(found, list) else list(found.get("receipts", []))

    def requests_seen(self) -> list[dict[str, Any]]:
        found = self._call("GET", "/requests")
        return found if isinstance(found, list) else list(found.get("requests", []))
