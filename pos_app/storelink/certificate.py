"""The store's certificate as a till first meets it, at set-up: one an authority vouches for (nothing to pin), or
the store's own, whose SHA-256 fingerprint the owner compares with what `pos-store certificate` printed on the
store's computer before the till pins it (`Settings.store_certificate_sha256`)."""

from __future__ import annotations

import ssl
from urllib.parse import urlsplit

import requests

from pos_app.qpay import APIConnectionError
from pos_app.qpay.transport import certificate_sha256, http_session

PROBE_TIMEOUT_S = (3.0, 5.0)    # connect, read: the store is on the shop's own network


def certificate_to_pin(base_url: str) -> str | None:
    """The fingerprint (`AB:CD:...`) of the store's certificate when no authority vouches for it, for the owner to
    compare and pin; None when one does, or the address is plain http. APIConnectionError when the store cannot
    be reached. Blocking: call it on a worker."""
    parts = urlsplit(base_url.strip())
    if parts.scheme.lower() != "https" or not parts.hostname:
        return None
    try:
        with http_session() as session:
            session.get(base_url.rstrip("/") + "/store/health", timeout=PROBE_TIMEOUT_S).close()
        return None
    except requests.exceptions.SSLError:
        pass    # no authority vouches for it (or it speaks no TLS: the fetch below says so)
    except requests.RequestException as exc:
        raise APIConnectionError(f"could not reach the store: {type(exc).__name__}") from None
    try:
        pem = ssl.get_server_certificate((parts.hostname, parts.port or 443), timeout=PROBE_TIMEOUT_S[0])
    except (OSError, ValueError) as exc:
        raise APIConnectionError(f"the store's certificate could not be read: {type(exc).__name__}") from None
    return certificate_sha256(ssl.PEM_cert_to_DER_cert(pem))
