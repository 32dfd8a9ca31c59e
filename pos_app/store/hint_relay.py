"""Payment hints across the store's copies: a callback heard at any copy reaches the till's stream at any other.

A callback (`push`) hands its hint to the till's streams at this copy; when the till has none open here (a
till listens at one copy), `send_on` sends the hint to the other copies with `NOTIFY` on PostgreSQL (channel
`pos_store_hints`: the till, the hint and this copy's id). Each copy runs one thread with a connection
of its own that `LISTEN`s there and hands what other copies sent to its own streams. That connection is
opened again after the database went away (waiting longer each time, up to `MAX_BACKOFF_S`; said once in the
log per outage); hints sent meanwhile are lost, which a hint may be: the till's polling finds the payment.
On SQLite (one process) the copy's own streams are all there is.
"""

from __future__ import annotations

import json
import logging
import threading
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

from .push import Hub

logger = logging.getLogger(__name__)

CHANNEL = "pos_store_hints"
MAX_PAYLOAD_BYTES = 4000       # PostgreSQL takes up to 8000; a hint is an invoice id and a payment id
FIRST_BACKOFF_S = 0.5
MAX_BACKOFF_S = 5.0
LISTEN_TICK_S = 1.0            # how often the listening thread looks whether it should stop
CONNECT_TIMEOUT_S = 3
# TCP keepalives: a database host that vanished (no reset ever comes) is noticed in about 20 s.
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5, "keepalives_count": 2}


class HintRelay:
    """This copy's part in the hints across copies: `send_on` (any thread) to the others, and the thread that
    hands theirs to the streams here."""

    def __init__(self, hub: Hub, engine: Engine, copy_id: str) -> None:
        self.hub = hub
        self.copy_id = copy_id
        self.across_copies = engine.dialect.name == "postgresql"
        self.listening = threading.Event()    # set while the thread listens (a test waits for it)
        self.relayed = 0                      # hints other copies sent that reached a stream here
        self._engine = engine
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def __repr__(self) -> str:
        return f"HintRelay(copy_id={self.copy_id!r}, across_copies={self.across_copies!r})"

    def send_on(self, till: str, hint: dict[str, Any]) -> None:
        """The hint to the other copies' streams (on PostgreSQL; one database round trip). A database that does
        not answer loses it (logged), never raises."""
        if not self.across_copies:
            return
        payload = self._payload(till, hint)
        if payload is None:
            logger.warning("a hint for %s is too long to send to the other copies: dropped", till[:64])
            return
        try:
            with self._engine.begin() as db:
                db.execute(text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload})
        except SQLAlchemyError as exc:
            logger.warning("a hint for %s did not reach the other copies (%s)", till[:64], type(exc).__name__)

    def start(self) -> HintRelay:
        if self.across_copies and self._thread is None:
            self._stopping.clear()
            self._thread = threading.Thread(target=self._listen, name="store-hint-relay", daemon=True)
            self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
        self.listening.clear()

    def _payload(self, till: str, hint: dict[str, Any]) -> str | None:
        for sent in (hint, {"invoice_id": hint.get("invoice_id")}):   # a payment id too long: the id alone
            payload = json.dumps({"origin": self.copy_id, "till": till, "hint": sent}, default=str)
            if len(payload.encode()) <= MAX_PAYLOAD_BYTES:
                return payload
        return None

    def _hand_on(self, payload: str) -> None:
        try:
            said = json.loads(payload)
            origin, till, hint = said["origin"], said["till"], said["hint"]
        except (ValueError, KeyError, TypeError):
            return                          # not one of ours: nothing to hand on
        if origin == self.copy_id or not isinstance(till, str) or not isinstance(hint, dict):
            return                          # this copy's own: handed to its streams before it was sent
        self.relayed += self.hub.publish(till, hint)

    def _connect(self) -> Any:
        import psycopg   # the PostgreSQL driver, only where the store runs on PostgreSQL

        _args, options = self._engine.dialect.create_connect_args(self._engine.url)
        options.pop("context", None)
        options.setdefault("connect_timeout", CONNECT_TIMEOUT_S)
        for name, value in KEEPALIVES.items():
            options.setdefault(name, value)
        return psycopg.connect(autocommit=True, **options)

    def _listen(self) -> None:
        backoff, outage = FIRST_BACKOFF_S, False
        while not self._stopping.is_set():
            try:
                with self._connect() as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if outage:
                        logger.warning("the hint relay listens to the other copies again")
                    backoff, outage = FIRST_BACKOFF_S, False
                    while not self._stopping.is_set():
                        for note in connection.notifies(timeout=LISTEN_TICK_S):
                            self._hand_on(note.payload)
            except Exception as exc:   # noqa: BLE001 - whatever broke the connection, listening goes on
                self.listening.clear()
                if not outage:
                    logger.warning("the hint relay lost the database (%s): hints from other copies wait until "
                                   "it is back", type(exc).__name__)
                    outage = True
                self._stopping.wait(backoff)
                backoff = min(backoff * 2, MAX_BACKOFF_S)
        self.listening.clear()
