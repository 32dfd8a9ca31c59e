"""The Mongolian banking apps that open a QPay invoice, and their deep-link schemes."""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import quote

from PIL import Image, ImageDraw


@dataclass(frozen=True)
class BankApp:
    key: str
    name: str
    description: str
    scheme: str
    bank_code: str
    colour: str


BANK_APPS: tuple[BankApp, ...] = (
    BankApp("qpay", "qPay wallet", "qPay хэтэвч", "qpaywallet", "000000", "#00a0e3"),
    BankApp("khanbank", "Khan bank", "Хаан банк", "khanbank", "050000", "#00843d"),
    BankApp("statebank", "State bank", "Төрийн банк", "statebankmongolia", "340000", "#0b4ea2"),
    BankApp("xacbank", "Xac bank", "Хас банк", "xacbank", "320000", "#f7941d"),
    BankApp("tdbbank", "Trade and Development bank", "Худалдаа хөгжлийн банк", "tdbbank", "040000", "#003b7a"),
    BankApp("socialpay", "Social Pay", "Голомт банк", "socialpay-payment", "150000", "#1a1a5e"),
    BankApp("most", "Most money", "МОСТ мони", "most", "000500", "#e30613"),
    BankApp("nibank", "National investment bank", "Үндэсний хөрөнгө оруулалтын банк", "nibank", "290000", "#8b1d41"),
    BankApp("ckbank", "Chinggis khaan bank", "Чингис хаан банк", "ckbank", "330000", "#c8a951"),
    BankApp("capitronbank", "Capitron bank", "Капитрон банк", "capitronbank", "300000", "#d71920"),
    BankApp("bogdbank", "Bogd bank", "Богд банк", "bogdbank", "380000", "#5b2c83"),
    BankApp("transbank", "Trans bank", "Тээвэр хөгжлийн банк", "transbank", "190000", "#0067b1"),
    BankApp("mbank", "M bank", "М банк", "mbank", "390000", "#ff5a00"),
    BankApp("ard", "Ard App", "Ард апп", "ard", "000700", "#111111"),
    BankApp("toki", "Toki App", "Токи апп", "toki", "000800", "#ffcc00"),
    BankApp("arig", "Arig bank", "Ариг банк", "arig", "210000", "#00a651"),
    BankApp("monpay", "Monpay", "Мон пэй", "Monpay", "000900", "#00b0f0"),
)

BANKS_BY_CODE = {bank.bank_code: bank for bank in BANK_APPS}
BANKS_BY_KEY = {bank.key: bank for bank in BANK_APPS}


def deep_links(qr_text: str, base_url: str) -> list[dict[str, str]]:
    """The `urls` list of a creation response; logos are served by the sandbox itself."""
    code = quote(qr_text, safe="")
    return [{"name": bank.name, "description": bank.description,
             "logo": f"{base_url}/_sandbox/logos/{bank.key}.png",
             "link": f"{bank.scheme}://q?qPay_QRcode={code}"} for bank in BANK_APPS]


@lru_cache(maxsize=None)
def logo_png(key: str) -> bytes:
    """A plain 96 px logo (a coloured tile with the initials) so training mode works offline."""
    bank = BANKS_BY_KEY[key]
    image = Image.new("RGBA", (96, 96), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 95, 95), radius=20, fill=bank.colour)
    initials = "".join(word[0] for word in bank.name.split()[:2]).upper()
    draw.text((48, 48), initials, fill="white", anchor="mm", font_size=36)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
