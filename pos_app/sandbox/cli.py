"""`pos-sandbox` / `python -m pos_app.sandbox`: the sandbox as a program."""

from __future__ import annotations

import argparse
import sys
from decimal import Decimal, InvalidOperation

from .service import SandboxOptions
from .callbacks import CALLBACK_STYLES
from .live import PROFILES
from .server import SandboxServer
from .serving import serve_until_signalled


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="pos-sandbox",
                                     description="A local stand-in for the QPay merchant API v2.")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    parser.add_argument("--port", type=int, default=8765, help="port (0 picks a free one)")
    parser.add_argument("--state", metavar="FILE", help="SQLite file that keeps state across restarts")
    parser.add_argument("--merchants", metavar="FILE", help="JSON list of merchant accounts")
    parser.add_argument("--profile", choices=PROFILES, default="contract",
                        help="contract: answer as the contract says (default); live: as the live service "
                             "answers (docs/sandbox.md, 'The live profile'; implies --single-session "
                             "and --callback-style get)")
    parser.add_argument("--callback-style", choices=CALLBACK_STYLES, default="post",
                        help="post: JSON {invoice_id} (contract); get: ?qpay_payment_id= (live variant)")
    parser.add_argument("--single-session", action="store_true",
                        help="a new login ends the account's other sessions (live variant)")
    parser.add_argument("--city-tax-rate", type=_percent, default=Decimal(2), metavar="PERCENT",
                        help="city tax (НХАТ) on receipts, in percent: 1 or 2 (default 2)")
    return parser.parse_args(argv)


def _percent(text: str) -> Decimal:
    try:
        value = Decimal(text.strip().rstrip("%"))
    except InvalidOperation:
        raise argparse.ArgumentTypeError(f"not a percentage: {text!r}") from None
    if not value.is_finite() or not Decimal(0) <= value < Decimal(100):
        raise argparse.ArgumentTypeError(f"a percentage from 0 to below 100, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    options = SandboxOptions(merchants_file=args.merchants, state_file=args.state,
                             callback_style=args.callback_style, single_session=args.single_session,
                             city_tax_rate=args.city_tax_rate / 100, profile=args.profile)
    try:
        server = SandboxServer(args.host, args.port, options).start()
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"pos-sandbox: cannot start: {exc}", file=sys.stderr)
        return 1
    serve_until_signalled(server, ready_line=f"sandbox listening on {server.url}")
    return 0
