"""A job in CUPS: handed to `lp`, then followed by its state until it completed (or the wait ends).

`lp`'s exit status says whether the spooler took the job (a queue that rejects jobs, an unknown queue: lp
fails, and its words are turned into ours); the job's id it prints is then looked up with IPP's
Get-Job-Attributes, asked of the CUPS server lp talks to (CUPS_SERVER, client.conf, else the local socket),
in a few lines of IPP over HTTP (pycups is a C extension with libcups headers to build: see decisions §7).
Completed is "printed"; cancelled or aborted is a failure; still pending or processing when the wait ends
is "sent, not confirmed", with the job's state in words.
"""

from __future__ import annotations

import http.client
import os
import re
import socket
import struct
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from .delivery import Delivery
from .errors import PrinterUnavailable

__all__ = ["CupsJob", "JOB_SECONDS", "follow", "job_id", "job_state", "lp_refusal", "submit_file"]

JOB_SECONDS = 10.0          # how long a job is followed before it is "sent, not confirmed"
_POLL_SECONDS = 0.05
_REQUEST_ID = re.compile(r"request id is (?P<queue>\S+)-(?P<id>\d+)")
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls

# IPP job states (RFC 8011 5.3.7)
PENDING, HELD, PROCESSING, STOPPED, CANCELED, ABORTED, COMPLETED = range(3, 10)


@dataclass(frozen=True)
class CupsJob:
    queue: str
    id: int


def job_id(lp_output: str) -> CupsJob | None:
    """The job lp made ("request id is POS-80-12 (1 file(s))"), if it said."""
    found = _REQUEST_ID.search(lp_output or "")
    return CupsJob(found["queue"], int(found["id"])) if found else None


def lp_refusal(stderr: str, status: int) -> str:
    """Why lp did not take the job, in the till's words (lp's own English never reaches the cashier)."""
    text = (stderr or "").lower()
    if "not accepting jobs" in text:
        return translate("Printing", "its CUPS queue does not accept jobs (turn it back on with cupsaccept or in "
                                     "the printer settings)")
    if "does not exist" in text or "not found" in text or "unknown destination" in text:
        return translate("Printing", "CUPS has no queue of that name")
    if "connect" in text or "unable to" in text:
        return translate("Printing", "the CUPS service does not answer")
    return translate("Printing", "lp ended with status {status}").format(status=status)


def submit_file(queue: str, path: Path, title: str, options: dict[str, str], seconds: float = JOB_SECONDS) -> CupsJob:
    """`lp` the file to `queue`; the job it made. PrinterUnavailable when lp does not take it."""
    command = ["lp", "-d", queue, "-t", title[:100]]
    for name, value in options.items():
        command += ["-o", f"{name}={value}"]
    try:
        done = subprocess.run([*command, "--", str(path)], capture_output=True, text=True, timeout=seconds,  # noqa: S603
                              check=False)
    except FileNotFoundError:
        raise _refused(queue, translate("Printing", "CUPS's lp and lpstat commands are not installed")) from None
    except subprocess.TimeoutExpired:
        raise _refused(queue, translate("Printing", "lp did not finish in time")) from None
    if done.returncode:
        raise _refused(queue, lp_refusal(done.stderr, done.returncode))
    job = job_id(done.stdout)
    if job is None:                       # lp took it but did not say its number: it is sent, not followed
        return CupsJob(queue, 0)
    return job


def _refused(queue: str, reason: str) -> PrinterUnavailable:
    return PrinterUnavailable(translate("Printing", 'The printer "{printer}" did not take the job: {reason}. Check '
                                                    "the printer, then print again.").format(printer=queue,
                                                                                             reason=reason))


def follow(job: CupsJob, printer: str, seconds: float = JOB_SECONDS) -> Delivery:
    """Wait up to `seconds` for the job to complete: Delivery.printed(), or unconfirmed saying its state.
    PrinterUnavailable when CUPS cancelled or aborted it. `printer` names the printer in messages."""
    if not job.id:
        return Delivery.unconfirmed(translate("Printing", "CUPS took the job without saying its number"))
    deadline = time.monotonic() + seconds
    state: int | None = None
    while True:
        try:
            state = job_state(job)
        except (OSError, ValueError, http.client.HTTPException):
            return Delivery.unconfirmed(translate("Printing", "CUPS took the job but does not say how it went"))
        if state == COMPLETED:
            return Delivery.printed()
        if state in (CANCELED, ABORTED):
            raise PrinterUnavailable(translate("Printing", "The printer {printer} did not print: CUPS stopped the "
                                                           "job ({state}). Check the printer, then print again.")
                                     .format(printer=printer, state=_state_words(state)))
        if time.monotonic() >= deadline:
            return Delivery.unconfirmed(translate("Printing", "the job is still in CUPS's queue ({state})").format(
                state=_state_words(state)))
        time.sleep(_POLL_SECONDS)


def _state_words(state: int | None) -> str:
    return {PENDING: translate("Printing", "waiting"), HELD: translate("Printing", "held"),
            PROCESSING: translate("Printing", "printing"),
            STOPPED: translate("Printing", "the printer is stopped"),
            CANCELED: translate("Printing", "cancelled"), ABORTED: translate("Printing", "aborted"),
            }.get(state or 0, translate("Printing", "unknown"))


# -- IPP ------------------------------------------------------------------------------

def job_state(job: CupsJob, timeout: float = 2.0) -> int:
    """The job's IPP state, asked of the CUPS server (ValueError when it has no such job)."""
    request = struct.pack(">BBHI", 2, 0, 0x0009, 1) + b"\x01"     # Get-Job-Attributes, operation attributes
    request += _attribute(0x47, "attributes-charset", b"utf-8")
    request += _attribute(0x48, "attributes-natural-language", b"en")
    request += _attribute(0x45, "printer-uri", f"ipp://localhost/printers/{job.queue}".encode())
    request += _attribute(0x21, "job-id", struct.pack(">i", job.id))
    request += _attribute(0x44, "requested-attributes", b"job-state") + b"\x03"
    connection = _connection(timeout)
    try:
        connection.request("POST", "/", body=request, headers={"Content-Type": "application/ipp"})
        response = connection.getresponse()
        body = response.read()
    finally:
        connection.close()
    if response.status != 200 or len(body) < 8:
        raise ValueError(f"CUPS answered HTTP {response.status}")
    status = struct.unpack(">H", body[2:4])[0]
    if status >= 0x0400:
        raise ValueError(f"CUPS answered IPP status {status:#06x}")
    state = _read_attributes(body[8:]).get("job-state")
    if state is None:
        raise ValueError("CUPS did not say the job's state")
    return state


def _attribute(tag: int, name: str, value: bytes) -> bytes:
    encoded = name.encode()
    return bytes((tag,)) + struct.pack(">H", len(encoded)) + encoded + struct.pack(">H", len(value)) + value


def _read_attributes(data: bytes) -> dict[str, int]:
    """The integer and enum attributes of an IPP answer (what job_state needs)."""
    found: dict[str, int] = {}
    at = 0
    while at < len(data):
        tag = data[at]
        at += 1
        if tag == 0x03:
            break
        if tag < 0x10:                    # a group begins
            continue
        name_length = struct.unpack(">H", data[at:at + 2])[0]
        name = data[at + 2:at + 2 + name_length].decode(errors="replace")
        at += 2 + name_length
        value_length = struct.unpack(">H", data[at:at + 2])[0]
        value = data[at + 2:at + 2 + value_length]
        at += 2 + value_length
        if tag in (0x21, 0x23) and value_length == 4 and name:
            found[name] = struct.unpack(">i", value)[0]
    return found


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def _server() -> str:
    """The CUPS server as lp finds it: CUPS_SERVER, else ServerName in client.conf, else the local socket."""
    server = os.environ.get("CUPS_SERVER", "").strip()
    if not server:
        for conf in (Path.home() / ".cups" / "client.conf", Path("/etc/cups/client.conf")):
            try:
                for line in conf.read_text(errors="replace").splitlines():
                    key, _, value = line.strip().partition(" ")
                    if key.lower() == "servername" and value.strip():
                        server = value.strip()
                        break
            except OSError:
                continue
            if server:
                break
    if not server:
        server = "/run/cups/cups.sock" if Path("/run/cups/cups.sock").exists() else "localhost"
    return server


def _connection(timeout: float) -> http.client.HTTPConnection:
    server = _server()
    if server.startswith("/"):
        return _UnixConnection(server, timeout)
    host, port = server, 631
    if server.startswith("["):
        host, _, rest = server[1:].partition("]")
        port = int(rest[1:]) if rest.startswith(":") else 631
    elif server.count(":") == 1:
        host, _, port_text = server.partition(":")
        port = int(port_text)
    return http.client.HTTPConnection(host, port, timeout=timeout)
