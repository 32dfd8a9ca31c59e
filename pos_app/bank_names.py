"""A paying bank's name in the till's language, for the window and the slips.

QPay names the banks in English ("Khan bank") in its invoices' deep links and its payments (the contract), or as
their apps in Mongolian ("Хаан банк апп", the live service); the till says each as its own language does. The names
QPay is known to send are translated (context "Banks"); any other is shown as QPay sent it.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

__all__ = ["bank_text", "banks_text"]

KNOWN_BANKS = (
    QT_TRANSLATE_NOOP("Banks", "qPay wallet"),
    QT_TRANSLATE_NOOP("Banks", "Khan bank"),
    QT_TRANSLATE_NOOP("Banks", "State bank"),
    QT_TRANSLATE_NOOP("Banks", "Xac bank"),
    QT_TRANSLATE_NOOP("Banks", "Trade and Development bank"),
    QT_TRANSLATE_NOOP("Banks", "Social Pay"),
    QT_TRANSLATE_NOOP("Banks", "Most money"),
    QT_TRANSLATE_NOOP("Banks", "National investment bank"),
    QT_TRANSLATE_NOOP("Banks", "Chinggis khaan bank"),
    QT_TRANSLATE_NOOP("Banks", "Capitron bank"),
    QT_TRANSLATE_NOOP("Banks", "Bogd bank"),
    QT_TRANSLATE_NOOP("Banks", "Trans bank"),
    QT_TRANSLATE_NOOP("Banks", "M bank"),
    QT_TRANSLATE_NOOP("Banks", "Ard App"),
    QT_TRANSLATE_NOOP("Banks", "Toki App"),
    QT_TRANSLATE_NOOP("Banks", "Arig bank"),
    QT_TRANSLATE_NOOP("Banks", "Monpay"),
    QT_TRANSLATE_NOOP("Banks", "Golomt bank"),
)


def bank_text(name: str) -> str:
    """`name` as the till's language says it (unchanged when it is not a bank QPay is known to send)."""
    return QCoreApplication.translate("Banks", name) if name in KNOWN_BANKS else name


def banks_text(names: object) -> str:
    """Several banks' names, each once, in the till's language."""
    return ", ".join(dict.fromkeys(bank_text(name) for name in names if name))  # type: ignore[attr-defined]
