"""PosAPI's bill numbers (the spec's `billIdSuffix`) and when a request whose answer was lost may be asked again.

PosAPI 3.0 gives no way to look a receipt up; what it does say is that a bill number "may not repeat within the
day". That rule is what makes a lost answer safe to settle: the same request, with the same number, asked again
the same day cannot make a second receipt. Two things must hold for it:

- **The number is unique for the merchant that day, across its tills.** Tills sharing one PosAPI each count their
  bills from 1 every day, so the number carries the till's own number first: `TTSSSS`, the till (01-99) and its
  day's sequence (0001-9999). Six digits, the limit the client keeps (docs/decisions.md, section 11).
- **"The same day" is PosAPI's day.** Its clock may run ahead of the till's or behind it. A request sent within
  `SAME_DAY_MARGIN` of midnight (before *or* after it, by the till's clock) may have been dated on the other day
  by PosAPI; asked again after PosAPI's midnight its number is free again and a second receipt is made. So a
  request is asked again by itself only when it was sent at least the margin after the day began, and it is asked
  before the margin before the day ends.

Plain Python: the journal takes numbers with it and the checkout decides with it.
"""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta

__all__ = ["MAX_SEQUENCE", "MAX_TILL", "SAME_DAY_MARGIN", "asking_again_is_safe", "bill_number",
           "till_number_from"]

MAX_TILL = 99
MAX_SEQUENCE = 9_999
# The largest difference between the till's clock and PosAPI's the till allows for around midnight.
SAME_DAY_MARGIN = timedelta(minutes=10)

_TRAILING_DIGITS = re.compile(r"([0-9]+)\Z")


def bill_number(till: int, sequence: int) -> str:
    """The day's bill number `sequence` of till `till`: `TTSSSS` (ValueError outside 1-99 and 1-9999)."""
    if isinstance(till, bool) or not isinstance(till, int) or not 1 <= till <= MAX_TILL:
        raise ValueError(f"a till's number for its receipts is 1 to {MAX_TILL}, not {till!r}")
    if isinstance(sequence, bool) or not isinstance(sequence, int) or not 1 <= sequence <= MAX_SEQUENCE:
        raise ValueError(f"a till numbers at most {MAX_SEQUENCE:,} receipts a day, not {sequence!r}")
    return f"{till:02d}{sequence:04d}"


def till_number(digits: str) -> int | None:
    """`digits` as a till's number when they make 1 to 99 (leading zeros allowed: "07" is 7), else None. A long
    run of digits is never converted: it is not a till's number, and Python refuses to read one past 4,300 digits."""
    if not digits.isdecimal():
        return None
    significant = digits.lstrip("0")
    if len(significant) > len(str(MAX_TILL)):
        return None
    number = int(significant or "0")
    return number if 1 <= number <= MAX_TILL else None


def till_number_from(text: str, terminal_id: str) -> int | None:
    """The till's number for its receipts: `text` when set ("1" to "99"), else the digits the terminal id ends in
    (T1 → 1, KASS03 → 3) when they make 1 to 99; None when neither gives one."""
    text = (text or "").strip()
    if text:
        return till_number(text)
    match = _TRAILING_DIGITS.search(terminal_id or "")
    return None if match is None else till_number(match.group(1))


def asking_again_is_safe(sent_at: datetime, now: datetime, margin: timedelta = SAME_DAY_MARGIN) -> bool:
    """A request sent at `sent_at` (the till's time) can be asked again at `now` with its bill number: both on one
    day, the request not within `margin` after that day began and `now` not within `margin` of its end."""
    if sent_at.date() != now.date():
        return False
    start_of_day = datetime.combine(now.date(), time(), tzinfo=now.tzinfo)
    end_of_day = start_of_day + timedelta(days=1)
    return sent_at - start_of_day >= margin and end_of_day - now > margin
