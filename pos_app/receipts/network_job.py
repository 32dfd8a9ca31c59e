"""A job on a network ESC/POS printer, and whether the printer took all of it.

`socket.sendall` returns once the job is in this computer's send buffer, not in the printer: a printer that
accepts the connection and never reads, or drops it after 2 KiB, would leave most of a receipt in the till's
buffer while the till said "printed". So the job is written within a deadline and then confirmed:

- a printer that answers ESC/POS's real-time status (DLE EOT 4, asked before the job) is asked again after
  it; its answer comes only once it has read everything sent before the question, i.e. the whole job.
  Where the system tells how much of the sent data the printer has not acknowledged yet (Linux's SIOCOUTQ),
  that must be none too (a status byte inside a picture's data could bring an answer early);
- a printer that never answers is waited for until it has acknowledged every byte (SIOCOUTQ), then the job
  is "sent, not confirmed": the printer has it, but nothing says it printed. Elsewhere it is only sent.

Everything is bounded by one deadline (`seconds`), and a job not taken by then raises `JobNotTaken`, which
names that deadline and how much was taken: the time named is the one that ran out.
"""

from __future__ import annotations

import select
import socket
import struct
import sys
import time

from escpos.constants import RT_STATUS_PAPER

__all__ = ["JobNotTaken", "abort", "deliver", "status_byte", "unacknowledged"]

_POLL_SECONDS = 0.05


class JobNotTaken(Exception):
    """The printer did not take the whole job: `closed` it dropped the connection, else the deadline passed
    (`seconds`). `taken` bytes of `total` reached it, when the system can tell (else None)."""

    def __init__(self, total: int, taken: int | None, seconds: float, *, closed: bool) -> None:
        super().__init__(f"{taken} of {total} bytes taken" + (" before the connection closed" if closed else
                                                               f" within {seconds:g} s"))
        self.total, self.taken, self.seconds, self.closed = total, taken, seconds, closed


def status_byte(reply: bytes) -> int | None:
    """The last real-time status byte in `reply` (bits 1 and 4 set, 0 and 7 clear), if any."""
    for byte in reversed(reply):
        if byte & 0x93 == 0x12:
            return byte
    return None


def unacknowledged(sock: socket.socket) -> int | None:
    """Bytes written to `sock` that its peer has not acknowledged yet (Linux's SIOCOUTQ); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import fcntl
    import termios

    try:
        return int(struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.TIOCOUTQ, b"\0\0\0\0"))[0])
    except OSError:
        return None


def abort(sock: socket.socket) -> None:
    """Drop what is still unsent (a reset on close): a job said not to have printed must not come out later."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass


def deliver(sock: socket.socket, data: bytes, seconds: float, *, ask_status: bool) -> int | None:
    """Write `data` and confirm the printer took it, all within `seconds`. Returns the status byte the printer
    answered after the job (`ask_status`: it answered before it), None when it is only sent. Raises
    JobNotTaken, or OSError from the socket."""
    deadline = time.monotonic() + seconds
    total = len(data)
    message = data + RT_STATUS_PAPER if ask_status else data
    view, sent = memoryview(message), 0
    try:
        while sent < len(message):
            left = deadline - time.monotonic()
            if left <= 0:
                raise _not_taken(sock, total, sent, seconds)
            sock.settimeout(left)
            try:
                sent += sock.send(view[sent:])
            except (socket.timeout, TimeoutError):
                continue
        return _confirm(sock, total, deadline, seconds, ask_status=ask_status)
    except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError):
        raise JobNotTaken(total, None, seconds, closed=True) from None


def _not_taken(sock: socket.socket, total: int, sent: int, seconds: float) -> JobNotTaken:
    waiting = unacknowledged(sock)
    taken = None if waiting is None else max(0, min(total, sent - waiting))
    return JobNotTaken(total, taken, seconds, closed=False)


def _confirm(sock: socket.socket, total: int, deadline: float, seconds: float, *, ask_status: bool) -> int | None:
    sent = total + (len(RT_STATUS_PAPER) if ask_status else 0)
    answer: int | None = None
    while True:
        waiting = unacknowledged(sock)
        if waiting == 0 or (waiting is None and not ask_status) or (waiting is None and answer is not None):
            if _closed(sock, 0):          # a reset empties the send buffer too: it is not the printer taking it
                raise JobNotTaken(total, None, seconds, closed=True)
            if answer is not None or not ask_status:
                return answer
        left = deadline - time.monotonic()
        if left <= 0:
            raise _not_taken(sock, total, sent, seconds)
        readable, _, _ = select.select([sock], [], [], min(left, _POLL_SECONDS))
        if readable:
            reply = sock.recv(64)
            if not reply:
                raise JobNotTaken(total, None, seconds, closed=True)
            answer = status_byte(reply) if status_byte(reply) is not None else answer


def _closed(sock: socket.socket, wait: float) -> bool:
    """Whether the printer has closed or reset the connection (what it sent is left unread)."""
    readable, _, _ = select.select([sock], [], [], wait)
    if not readable:
        return False
    try:
        return not sock.recv(64, socket.MSG_PEEK)
    except (ConnectionResetError, ConnectionAbortedError, BrokenPipeError):
        return True
    except OSError:
        return False
