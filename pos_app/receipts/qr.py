"""A QR code's modules, one way for every place that draws one (the payment screen, paper, PDF)."""

from __future__ import annotations

QUIET_ZONE = 4          # modules of white around a code, as ISO/IEC 18004 asks


def qr_matrix(text: str) -> list[list[bool]]:
    """The dark (True) and light modules of *text*'s QR code (error correction M), without a quiet zone.

    Raises ValueError when the text is empty or too long for any QR version.
    """
    if not text:
        raise ValueError("no text to encode as a QR code")
    import qrcode   # with the first code drawn, not before the till's first window
    from qrcode.constants import ERROR_CORRECT_M
    from qrcode.exceptions import DataOverflowError

    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0)
    code.add_data(text)
    try:
        code.make(fit=True)
    except (DataOverflowError, ValueError) as error:  # qrcode 8 overflows as "Invalid version (41)"
        raise ValueError(f"the text is too long for a QR code ({len(text)} characters)") from error
    return [list(row) for row in code.get_matrix()]
