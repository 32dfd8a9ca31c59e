"""Where an ESC/POS printer is, as the settings write it (one line of text, see `connections`): `parse_target`
reads it into an `EscposTarget`, which describes itself in words and writes itself back."""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication

from .errors import PrinterSetupError
from .printer_words import how_written, setting_examples

__all__ = ["DEFAULT_BAUDRATE", "DEFAULT_PORT", "ESC_POS_KINDS", "EscposTarget", "parse_target", "printer_models"]

ESC_POS_KINDS = ("usb", "serial", "network", "win32", "cups", "file")
DEFAULT_BAUDRATE = 9600
DEFAULT_PORT = 9100
translate = QCoreApplication.translate     # lupdate reads translate("Printing", "...") calls


_HEX_ID = re.compile(r"(?:0x)?([0-9a-fA-F]{1,4})")
_DIGITS = re.compile(r"[0-9]{1,7}")     # a port or a baud rate
_HOSTNAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}"
                       r"[A-Za-z0-9])?)*\.?")


@dataclass(frozen=True)
class EscposTarget:
    """A parsed connection setting. `kind` is one of ESC_POS_KINDS; the other fields belong to it."""

    kind: str
    host: str = ""                 # network
    port: int = 0                  # network
    device: str = ""               # serial: the port; file: the path
    baudrate: int = 0              # serial
    vendor_id: int = 0             # usb
    product_id: int = 0            # usb
    in_ep: int | None = None       # usb, when the setting names the endpoints
    out_ep: int | None = None
    name: str = ""                 # win32, cups: the system's printer name

    def describe(self) -> str:
        """The printer in words, for messages ("network printer 192.168.1.50:9100"), in the till's language."""
        if self.kind == "usb":
            return translate("Printing", "USB printer {vendor}:{product}").format(
                vendor=f"{self.vendor_id:04x}", product=f"{self.product_id:04x}")
        if self.kind == "serial":
            return translate("Printing", "serial printer {port} at {baudrate} baud").format(
                port=self.device, baudrate=self.baudrate)
        if self.kind == "network":
            return translate("Printing", "network printer {address}").format(address=self._address())
        if self.kind == "win32":
            return translate("Printing", 'Windows printer "{name}"').format(name=self.name)
        if self.kind == "cups":
            return translate("Printing", 'CUPS printer "{name}"').format(name=self.name)
        return translate("Printing", "printer device {path}").format(path=self.device)

    @property
    def setting(self) -> str:
        """The setting's text, written in full (parse_target(t.setting) == t)."""
        if self.kind == "usb":
            endpoints = f":{self.in_ep:02x}:{self.out_ep:02x}" if self.in_ep is not None else ""
            return f"usb:{self.vendor_id:04x}:{self.product_id:04x}{endpoints}"
        if self.kind == "serial":
            return f"serial:{self.device}:{self.baudrate}"
        if self.kind == "network":
            return f"network:{self._address()}"
        if self.kind in ("win32", "cups"):
            return f"{self.kind}:{self.name}"
        return f"file:{self.device}"

    def _address(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


def printer_models() -> tuple[str, ...]:
    """The printer models python-escpos has a profile for, by name (the generic "default" left out: an empty
    model setting means it). python-escpos's printer database loads here, when first asked for, not at start."""
    from .escpos_out import ESC_POS_MODELS

    return tuple(model for model in ESC_POS_MODELS if model != "default")


# -- parsing ---------------------------------------------------------------------

def _invalid(text: str, how: str) -> PrinterSetupError:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return PrinterSetupError(translate("Printing", 'The printer setting "{setting}" cannot be used: {how}.').format(
        setting=shown, how=how))


def _usb(text: str, rest: str) -> EscposTarget:
    parts = rest.split(":")
    matches = [_HEX_ID.fullmatch(part.strip()) for part in parts]
    if len(parts) not in (2, 4) or not all(matches):
        raise _invalid(text, how_written("usb"))
    numbers = [int(match.group(1), 16) for match in matches if match]
    vendor, product = numbers[:2]
    if not vendor or not product:
        raise _invalid(text, how_written("usb"))
    if len(numbers) == 2:
        return EscposTarget("usb", vendor_id=vendor, product_id=product)
    in_ep, out_ep = numbers[2:]
    if not (0x81 <= in_ep <= 0x8F and 0x01 <= out_ep <= 0x0F):
        raise _invalid(text, translate("Printing", "{how} (an in endpoint is 81 to 8f, an out endpoint 01 to 0f)")
                       .format(how=how_written("usb")))
    return EscposTarget("usb", vendor_id=vendor, product_id=product, in_ep=in_ep, out_ep=out_ep)


def _serial(text: str, rest: str) -> EscposTarget:
    device, baudrate = rest.strip(), DEFAULT_BAUDRATE
    head, sep, tail = device.rpartition(":")
    if sep and tail.strip().isdigit():
        # str.isdigit() also takes "²" and runs of thousands of digits, which int() refuses with a ValueError.
        if not _DIGITS.fullmatch(tail.strip()):
            raise _invalid(text, how_written("serial"))
        device, baudrate = head.strip(), int(tail.strip())
    if not device or not 50 <= baudrate <= 4_000_000:
        raise _invalid(text, how_written("serial"))
    return EscposTarget("serial", device=device, baudrate=baudrate)


def _valid_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return len(host) <= 253 and bool(_HOSTNAME.fullmatch(host))


def _network(text: str, rest: str) -> EscposTarget:
    rest = rest.strip()
    port_text = ""
    if rest.startswith("["):                          # [IPv6] or [IPv6]:port
        host, bracket, after = rest[1:].partition("]")
        if not bracket or (after and not after.startswith(":")):
            raise _invalid(text, how_written("network"))
        port_text = after[1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise _invalid(text, how_written("network")) from None
    elif rest.count(":") == 1:
        host, _, port_text = rest.partition(":")
    else:                                             # a host, or a bare IPv6 address without a port
        host = rest
    if port_text or rest.endswith(":"):
        if not _DIGITS.fullmatch(port_text) or not 1 <= int(port_text) <= 65535:
            raise _invalid(text, how_written("network"))
    if not host or not _valid_host(host):
        raise _invalid(text, how_written("network"))
    return EscposTarget("network", host=host, port=int(port_text) if port_text else DEFAULT_PORT)


def parse_target(text: str) -> EscposTarget:
    """The connection setting read (see the module's doc); PrinterSetupError saying how it is written when
    it cannot be used."""
    text = (text or "").strip()
    if not text:
        raise PrinterSetupError(translate("Printing", "No ESC/POS printer connection is set: write one such as "
                                                      "{examples}.").format(examples=setting_examples()))
    kind, sep, rest = text.partition(":")
    kind = kind.strip().lower()
    if not sep or kind not in ESC_POS_KINDS:
        raise _invalid(text, translate("Printing", "it must start with usb:, serial:, network:, win32:, cups: or "
                                                   "file:, as in {examples}").format(examples=setting_examples()))
    if kind == "usb":
        return _usb(text, rest)
    if kind == "serial":
        return _serial(text, rest)
    if kind == "network":
        return _network(text, rest)
    value = rest.strip()
    if not value or any(ord(char) < 0x20 for char in value):
        raise _invalid(text, how_written(kind))
    if kind == "file":
        return EscposTarget("file", device=value)
    return EscposTarget(kind, name=value)
