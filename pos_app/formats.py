"""Money, dates and times as the till's language writes them: through QLocale, never by hand.

The window and the receipts both use these (the domain has no Qt: its `format_mnt` stays for logs and
files). Amounts stay exact: the whole tugriks go through `QLocale.toString(int)`, the cents are two
digits after the locale's decimal point, so no amount is ever a float.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

from PySide6.QtCore import QDate, QLocale, QTime

from pos_app.domain.discounts import Discount, DiscountKind
from pos_app.domain.money import CURRENCY_SIGN, parse_amount

__all__ = ["date_text", "datetime_text", "discount_text", "money_text", "quantity_text", "signed_money_text",
           "time_text"]

_CENT = Decimal("0.01")


def money_text(amount: Decimal | int | str) -> str:
    """``12,500 ₮`` / ``12,500.50 ₮`` in the current locale's digits and separators (half-up to cents)."""
    cents = parse_amount(amount).quantize(_CENT, rounding=ROUND_HALF_UP)
    whole, fraction = divmod(abs(int(cents * 100)), 100)
    locale = QLocale()
    text = locale.toString(whole)
    if fraction:
        text += locale.decimalPoint() + locale.toString(fraction).rjust(2, locale.zeroDigit())
    if cents < 0 and (whole or fraction):
        text = locale.negativeSign() + text
    return f"{text} {CURRENCY_SIGN}"


def signed_money_text(amount: Decimal) -> str:
    """An amount that may go either way (a cash rounding): ``+0.16 ₮``, ``-0.34 ₮``, ``0 ₮``."""
    text = money_text(amount)
    return QLocale().positiveSign() + text if parse_amount(amount) > 0 else text


def quantity_text(quantity: Decimal) -> str:
    """``2``, ``1.5``, ``0.125``: no trailing zeros, the locale's decimal point, exact."""
    text = f"{abs(quantity):f}"
    whole, _, fraction = text.partition(".")
    fraction = fraction.rstrip("0")
    locale = QLocale()
    result = locale.toString(int(whole)) + (locale.decimalPoint() + fraction if fraction else "")
    return locale.negativeSign() + result if quantity < 0 else result


def discount_text(discount: Discount) -> str:
    """``10 %`` or ``500 ₮``: what a discount is, as it was given."""
    if discount.kind is DiscountKind.PERCENT:
        return f"{quantity_text(discount.value)} %"
    return money_text(discount.value)


def date_text(day: date) -> str:
    return _plain_spaces(QLocale().toString(QDate(day.year, day.month, day.day), QLocale.FormatType.ShortFormat))


def time_text(moment: datetime, *, seconds: bool = False) -> str:
    locale = QLocale()
    short = locale.timeFormat(QLocale.FormatType.ShortFormat)
    text = locale.toString(QTime(moment.hour, moment.minute, moment.second),
                           _with_seconds(short) if seconds else short)
    return _plain_spaces(text)


def datetime_text(moment: datetime, *, seconds: bool = False) -> str:
    return f"{date_text(moment.date())} {time_text(moment, seconds=seconds)}"


def _with_seconds(short_format: str) -> str:
    """The locale's short time format with seconds after the minutes (Qt's long format adds a time zone)."""
    return short_format.replace("mm", "mm:ss", 1) if ":ss" not in short_format else short_format


def _plain_spaces(text: str) -> str:
    # CLDR puts narrow no-break spaces in times ("6:30\u202fPM"): no thermal printer's code page has them.
    return text.replace("\u202f", " ").replace("\u00a0", " ")
