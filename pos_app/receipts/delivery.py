"""How far a print job got, when it did not fail: the one answer every printer's back end gives.

The till says "printed" only when the printer or the spooler says it took the whole job (an ESC/POS printer's
status answer after the job, CUPS's job completed); otherwise the job was sent and nothing confirms it printed,
and `note` says why (in the till's language, made when the job ended). A job that failed raises a `PrintError`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Delivery"]


@dataclass(frozen=True)
class Delivery:
    confirmed: bool
    note: str = ""            # why it is not confirmed (a sentence), when it is not

    @classmethod
    def printed(cls) -> Delivery:
        return cls(True)

    @classmethod
    def unconfirmed(cls, note: str) -> Delivery:
        return cls(False, note)
