"""The least CPU a sale through the store can cost on this machine with the store's own stack, measured in the
same run as `store_scale.py`'s figure, so the goal "store CPU <= 1.5 ms per call" can be read against it.

A sale through the store is two till calls (the create, then the check after the hint) and one QPay callback.
Whatever the store does, it serves those three requests, sends two calls on to QPay (the create, the check) and
writes the claim twice (before the create is sent, and the invoice it made). The floor is the cheapest of each,
measured here bare, one at a time, with no work of the store's in it:

- a request served: uvicorn (httptools) with a FastAPI `async` route that answers a constant, no middleware;
- a call sent on to QPay: the cheaper of `requests` (the QPay client's) and `aiohttp` (the store's reads), to a
  bare server, the client's CPU only;
- a statement written: SQLAlchemy Core, one `UPDATE` by primary key in a transaction of its own, on a real
  PostgreSQL (tests/pg_server.py: the binaries make test installs), the client's CPU only.

floor per call = (3 requests + 2 sends + 2 statements) / 2 till calls. For context, the same parts without the
chosen libraries (a bare ASGI app under uvicorn; `psycopg` alone), and the store's own `/store/health/live`
(every middleware of the store, no database). Each part is measured in `--rounds` rounds of `--calls` and the
median round kept. Reads benchmarks/results/store_scale.json, when there, for the ratio.

    .venv/bin/python benchmarks/store_floor.py [--calls 1000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import requests

sys.path.insert(0, str(Path(__file__).resolve().parent))   # as `-m benchmarks.store_floor` too
from common import RESULTS, ROOT, SandboxProcess, ServerProcess, report  # noqa: E402
from store import StoreProcess  # noqa: E402

sys.path.insert(0, str(ROOT))
DEFAULT_OUTPUT = RESULTS / "store_floor.json"
READY_PREFIX = "floor server listening on "
GOAL_CPU_MS = 1.5
REQUESTS, SENDS, STATEMENTS, TILL_CALLS = 3, 2, 2, 2   # a sale through the store (see the docstring)
ANSWER = b'{"ok":true}'


# -- the bare servers (run as `store_floor.py --serve KIND` in a process of their own) -----------------------

async def bare_asgi(scope: dict[str, Any], receive: Callable[..., Any], send: Callable[..., Any]) -> None:
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"application/json"),
                                                                     (b"content-length", str(len(ANSWER)).encode())]})
    await send({"type": "http.response.body", "body": ANSWER})


def fastapi_app() -> Any:
    from fastapi import FastAPI

    app = FastAPI()

    @app.post("/answer")
    async def answer() -> dict[str, bool]:
        return {"ok": True}

    return app


def serve(kind: str) -> None:
    import uvicorn

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets)
            port = self.servers[0].sockets[0].getsockname()[1]
            print(f"{READY_PREFIX}http://127.0.0.1:{port}", flush=True)

    app = bare_asgi if kind == "asgi" else fastapi_app()
    Server(uvicorn.Config(app, host="127.0.0.1", port=0, http="httptools", loop="asyncio", access_log=False,
                          log_level="warning", timeout_keep_alive=60)).run()


class BareServer(ServerProcess):
    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__("benchmarks.store_floor", ["--serve", kind], READY_PREFIX, label=f"the bare {kind} server")


# -- the measurements ----------------------------------------------------------------------------------------

def median_round(rounds: int, calls: int, one_round: Callable[[int], float]) -> float:
    """ms of CPU per call: the median of `rounds` rounds (one_round(calls) gives the round's CPU seconds)."""
    return statistics.median(one_round(calls) for _ in range(rounds)) * 1000 / calls


def served(server: ServerProcess, path: str, method: str = "POST") -> Callable[[int], float]:
    """A server's CPU for `calls` requests on one keep-alive connection, one at a time."""
    session = requests.Session()
    url = server.url + path
    for _ in range(50):
        session.request(method, url, data=b"{}", timeout=10).raise_for_status()

    def one_round(calls: int) -> float:
        before = server.cpu_seconds() or 0.0
        for _ in range(calls):
            session.request(method, url, data=b"{}", timeout=10)
        return (server.cpu_seconds() or 0.0) - before

    return one_round


def sent_with_requests(url: str) -> Callable[[int], float]:
    """This process's CPU for `calls` POSTs through one `requests` session (the server is another process)."""
    session = requests.Session()
    session.post(url, json={"object_id": "x"}, timeout=10).raise_for_status()

    def one_round(calls: int) -> float:
        before = time.process_time()
        for _ in range(calls):
            session.post(url, json={"object_id": "x"}, timeout=10).json()
        return time.process_time() - before

    return one_round


def sent_with_aiohttp(url: str, closing: ExitStack) -> Callable[[int], float]:
    """The same through one `aiohttp` session on an event loop of this process's."""
    import aiohttp

    loop = asyncio.new_event_loop()
    closing.callback(loop.close)
    session = loop.run_until_complete(_aiohttp_session(aiohttp))
    closing.callback(lambda: loop.run_until_complete(session.close()))

    async def posts(calls: int) -> None:
        for _ in range(calls):
            async with session.post(url, data=b'{"object_id":"x"}',
                                    headers={"Content-Type": "application/json"}) as answer:
                json.loads(await answer.read())

    loop.run_until_complete(posts(20))

    def one_round(calls: int) -> float:
        before = time.process_time()
        loop.run_until_complete(posts(calls))
        return time.process_time() - before

    return one_round


async def _aiohttp_session(aiohttp: Any) -> Any:
    return aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=10))


class Statements:
    """One `UPDATE` by primary key, each in a transaction of its own, on a real PostgreSQL (stopped with
    `closing`)."""

    def __init__(self, closing: ExitStack) -> None:
        from tests.pg_server import PostgresServer

        postgres = PostgresServer()
        postgres.start()
        closing.callback(postgres.stop)
        self.url = postgres.create_database()

    def with_sqlalchemy(self, closing: ExitStack) -> Callable[[int], float]:
        from sqlalchemy import Column, MetaData, String, Table, create_engine, insert, update

        table = Table("claims", MetaData(), Column("ref", String, primary_key=True), Column("invoice_id", String))
        engine = create_engine(self.url, pool_size=2)
        closing.callback(engine.dispose)
        table.metadata.create_all(engine)
        with engine.begin() as db:
            db.execute(insert(table).values(ref="r1", invoice_id=None))

        def one_round(calls: int) -> float:
            before = time.thread_time()
            for number in range(calls):
                with engine.begin() as db:
                    db.execute(update(table).where(table.c.ref == "r1").values(invoice_id=f"i{number}"))
            return time.thread_time() - before

        return one_round

    def with_psycopg(self, closing: ExitStack) -> Callable[[int], float]:
        import psycopg

        connection = closing.enter_context(psycopg.connect(self.url.replace("postgresql+psycopg://",
                                                                            "postgresql://")))

        def one_round(calls: int) -> float:
            before = time.thread_time()
            for number in range(calls):
                with connection.transaction():
                    connection.execute("UPDATE claims SET invoice_id = %s WHERE ref = %s", (f"p{number}", "r1"))
            return time.thread_time() - before

        return one_round


def measure(calls: int, rounds: int) -> dict[str, float]:
    with ExitStack() as closing:
        asgi, fast, sandbox = BareServer("asgi"), BareServer("fastapi"), SandboxProcess()
        for server in (asgi, fast, sandbox):
            closing.callback(server.stop)
        folder = tempfile.mkdtemp(prefix="store-floor-")
        closing.callback(shutil.rmtree, folder, ignore_errors=True)
        store = StoreProcess(f"sqlite:///{folder}/store.sqlite3", sandbox.url)
        closing.callback(store.stop)
        statements = Statements(closing)
        # Each part warmed up right before its rounds (an idle keep-alive connection would be closed meanwhile).
        made: dict[str, Callable[[], Callable[[int], float]]] = {
            "request_fastapi": lambda: served(fast, "/answer"), "request_asgi": lambda: served(asgi, "/answer"),
            "request_store_live": lambda: served(store, "/store/health/live", "GET"),
            "send_requests": lambda: sent_with_requests(asgi.url + "/answer"),
            "send_aiohttp": lambda: sent_with_aiohttp(asgi.url + "/answer", closing),
            "statement_sqlalchemy": lambda: statements.with_sqlalchemy(closing),
            "statement_psycopg": lambda: statements.with_psycopg(closing)}
        return {name: median_round(rounds, calls, make()) for name, make in made.items()}


def floors(parts: dict[str, float]) -> dict[str, float]:
    send = min(parts["send_requests"], parts["send_aiohttp"])
    per_sale = REQUESTS * parts["request_fastapi"] + SENDS * send + STATEMENTS * parts["statement_sqlalchemy"]
    bare = REQUESTS * parts["request_asgi"] + SENDS * send + STATEMENTS * parts["statement_psycopg"]
    return {"floor_ms_per_call": per_sale / TILL_CALLS, "bare_floor_ms_per_call": bare / TILL_CALLS}


def measured_at_scale(path: Path) -> float | None:
    """store_scale.py's CPU per call at 100 tills through one copy, when it ran before this."""
    try:
        result = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for run in result.get("runs", []):
        if run.get("tills") == 100:
            return run.get("legs", {}).get("1 copy", {}).get("cpu_ms_per_call")
    return None


def markdown(result: dict[str, Any]) -> str:
    parts, floor = result["parts"], result["floors"]
    lines = ["| part of a sale through the store | CPU ms each |", "|---|---:|"]
    names = {"request_fastapi": "a request: FastAPI async route, no middleware",
             "request_asgi": "a request: bare ASGI app (context)",
             "request_store_live": "a request: the store's /store/health/live (context)",
             "send_requests": "a call sent on: requests", "send_aiohttp": "a call sent on: aiohttp",
             "statement_sqlalchemy": "a statement: SQLAlchemy Core on PostgreSQL",
             "statement_psycopg": "a statement: psycopg alone (context)"}
    lines += [f"| {names[name]} | {value:.3f} |" for name, value in parts.items()]
    lines.append("")
    lines.append(f"Floor per till call ({REQUESTS} requests + {SENDS} sends + {STATEMENTS} statements, over "
                 f"{TILL_CALLS} calls): **{floor['floor_ms_per_call']:.2f} ms** with the store's stack, "
                 f"{floor['bare_floor_ms_per_call']:.2f} ms without FastAPI and SQLAlchemy; goal {GOAL_CPU_MS:g} ms.")
    if result.get("store_scale_cpu_ms_per_call") is not None:
        lines.append(f"store_scale.py measured {result['store_scale_cpu_ms_per_call']:.2f} ms per call at 100 tills "
                     f"through one copy: {result['store_scale_cpu_ms_per_call'] / floor['floor_ms_per_call']:.1f}x "
                     f"this floor.")
    return "\n".join(lines)


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    floor, scale = result["floors"], result.get("store_scale_cpu_ms_per_call")
    note = f"goal {GOAL_CPU_MS:g} ms; without FastAPI and SQLAlchemy {floor['bare_floor_ms_per_call']:.2f} ms"
    if scale is not None:
        note += f"; measured at 100 tills {scale / floor['floor_ms_per_call']:.1f}x this floor"
    return [{"area": "Store at scale", "measure": "least store CPU per till call with the store's stack "
                                                  "(3 requests, 2 sends to QPay, 2 statements a sale)",
             "value": f"{floor['floor_ms_per_call']:.2f} ms", "note": note}]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--serve", choices=("asgi", "fastapi"), help=argparse.SUPPRESS)
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve)
        return 0
    began = time.perf_counter()
    parts = measure(args.calls, args.rounds)
    result: dict[str, Any] = {"calls": args.calls, "rounds": args.rounds, "parts": parts, "floors": floors(parts),
                              "goal_cpu_ms_per_call": GOAL_CPU_MS, "cpus": os.cpu_count(),
                              "store_scale_cpu_ms_per_call": measured_at_scale(RESULTS / "store_scale.json")}
    result["headline"] = headline(result)
    result["elapsed_s"] = time.perf_counter() - began
    report(result, markdown(result), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
