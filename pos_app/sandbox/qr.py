"""EMVCo merchant-presented QR payloads (as the live service's `qr_text`) and their PNG."""

from __future__ import annotations

import base64
import io
from decimal import Decimal

import qrcode
from qrcode.constants import ERROR_CORRECT_M


def crc16_ccitt(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the checksum EMVCo tag 63 carries."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
            crc &= 0xFFFF
    return crc


def _tlv(tag: str, value: str) -> str:
    if len(value) > 99:
        raise ValueError(f"EMV field {tag} longer than 99 characters")
    return f"{tag}{len(value):02d}{value}"


def _ascii(text: str, limit: int) -> str:
    cleaned = "".join(ch for ch in text.upper() if ch.isascii() and (ch.isalnum() or ch in " .-"))
    return (cleaned or "MERCHANT")[:limit]


def emv_payload(*, invoice_id: str, amount: Decimal, merchant_name: str,
                reference: str, city: str = "ULAANBAATAR") -> str:
    """A dynamic EMVCo payload: tag 53 = 496 (MNT), tag 54 the amount, tag 63 the CRC."""
    body = "".join([
        _tlv("00", "01"),                      # payload format indicator
        _tlv("01", "12"),                      # dynamic: one payment, this amount
        _tlv("26", _tlv("00", "MN.QPAY") + _tlv("01", invoice_id.replace("-", "").upper())),
        _tlv("52", "5999"),                    # merchant category: miscellaneous retail
        _tlv("53", "496"),                     # ISO 4217 numeric for MNT
        _tlv("54", f"{amount:.2f}"),
        _tlv("58", "MN"),
        _tlv("59", _ascii(merchant_name, 25)),
        _tlv("60", _ascii(city, 15)),
        _tlv("62", _tlv("01", _ascii(reference, 25))),
    ])
    body += "6304"
    return body + f"{crc16_ccitt(body.encode('ascii')):04X}"


def parse_emv(payload: str) -> dict[str, str]:
    """Top-level tags of a payload; raises ValueError when it is malformed."""
    fields: dict[str, str] = {}
    pos = 0
    while pos < len(payload):
        if pos + 4 > len(payload):
            raise ValueError("truncated EMV field header")
        tag, length = payload[pos:pos + 2], int(payload[pos + 2:pos + 4])
        value = payload[pos + 4:pos + 4 + length]
        if len(value) != length:
            raise ValueError(f"truncated EMV field {tag}")
        fields[tag] = value
        pos += 4 + length
    return fields


def crc_is_valid(payload: str) -> bool:
    if len(payload) < 8 or payload[-8:-4] != "6304":
        return False
    return f"{crc16_ccitt(payload[:-4].encode('ascii')):04X}" == payload[-4:].upper()


def qr_png_base64(text: str) -> str:
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, box_size=6, border=2)
    code.add_data(text)
    code.make(fit=True)
    buffer = io.BytesIO()
    code.make_image().save(buffer, format="PNG")
    return base64.b64encode(buffer.getvalue()).decode("ascii")
