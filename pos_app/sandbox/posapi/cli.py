"""`pos-posapi-sandbox` / `python -m pos_app.sandbox.posapi`: the PosAPI 3.0 sandbox as a program."""

from __future__ import annotations

import argparse
import sys

from .service import LOTTERIES_OUT, PosApiOptions
from ..serving import serve_until_signalled
from .server import PosApiSandboxServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="pos-posapi-sandbox",
                                     description="A local stand-in for the tax authority's PosAPI 3.0.")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    parser.add_argument("--port", type=int, default=7080, help="port (default 7080 as PosAPI; 0 picks a free one)")
    parser.add_argument("--lotteries", type=int, default=1000, help="lottery numbers held (default 1000)")
    parser.add_argument("--max-unsent-hours", type=int, default=72,
                        help="refuse receipts when data was not sent for longer (default 72)")
    parser.add_argument("--lotteries-out", choices=LOTTERIES_OUT, default="refuse",
                        help="when lotteries run out: refuse B2C receipts (default) or issue them without one")
    parser.add_argument("--receipt-error-status", type=int, default=200,
                        help="HTTP status of a refused receipt (default 200, status ERROR, as the spec)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        options = PosApiOptions(lotteries=args.lotteries, max_unsent_hours=args.max_unsent_hours,
                                lotteries_out=args.lotteries_out, receipt_error_status=args.receipt_error_status)
        server = PosApiSandboxServer(args.host, args.port, options).start()
    except (OSError, ValueError, RuntimeError) as exc:
        print(f"pos-posapi-sandbox: cannot start: {exc}", file=sys.stderr)
        return 1
    serve_until_signalled(server, ready_line=f"posapi sandbox listening on {server.url}")
    return 0
