"""A till at a store selling with QPay directly while the store does not answer, when the owner allows it
(Settings: `store_direct_allowed` and the shop's own QPay account): the checkout it then uses, and whether the
store answers at all when the backend is built. The switch itself is the backend's (`Backend.sell_directly`),
made by the window between sales (`pos_app.app.store_bridge`)."""

from __future__ import annotations

import logging

import requests

from pos_app.checkout import Checkout, CheckoutConfig
from pos_app.config import SecretStore, SecretStoreError, Settings, direct_account
from pos_app.qpay import QPayClient
from pos_app.qpay.transport import http_session

logger = logging.getLogger(__name__)


def direct_checkout(settings: Settings, secrets: SecretStore | None, password: str | None,
                    callback_url: str) -> Checkout | None:
    """At a store: the checkout with the shop's own QPay account, for when the store does not answer; None when
    the owner does not allow it or its password is not known (no login is tried without one)."""
    if not (settings.uses_store and settings.store_direct_allowed):
        return None
    if password is None and secrets is not None:
        try:
            password = secrets.get_password(direct_account(settings))
        except SecretStoreError:
            logger.warning("the direct QPay account's password could not be read from the keyring")
            password = None
    if not password:
        return None
    client = QPayClient(settings.direct_base_url, settings.direct_username, password)
    return Checkout(client, CheckoutConfig.for_shop(settings, settings.direct_invoice_code, callback_url))


STORE_PROBE_TIMEOUT_S = (2.0, 3.0)   # connect, read: the store is on the shop's own network


def store_answers(base_url: str, certificate_sha256: str = "") -> bool:
    """Whether the store answers at all (any HTTP answer counts): asked once, at build, before selling directly."""
    try:
        with http_session(certificate_sha256) as session:
            session.get(base_url.rstrip("/") + "/store/health", timeout=STORE_PROBE_TIMEOUT_S).close()
    except requests.RequestException:
        return False
    return True
