"""How long finding a catalog item by name takes per key the cashier types, in a catalog of 10,000 items.

The catalog is synthetic and Mongolian-like: each name combines a product (the sample catalog's own and a
list below), a brand or a word that qualifies it, and a size, drawn with a seeded random, so every run
searches the same 10,000 names. `CatalogSearch` is built once (timed apart: the till builds it when the
catalog loads). Then about 200 keystroke prefixes are searched, as a cashier types 20 Cyrillic and 24 Latin
queries one letter at a time, from the second letter to the eighth; each `find()` is timed alone (wall
time, and the thread's CPU time beside it), in `--rounds` rounds after one unmeasured round, with the regex
cache emptied before each call (a new prefix compiles its patterns anew).

Goal (issue 19): well under one frame (16.7 ms at 60 Hz) at p95, so the list can follow every key.

    .venv/bin/python benchmarks/catalog_search.py [--items 10000] [--rounds 5] [--seed 1] [--limit 20]

Prints Markdown tables; writes JSON to benchmarks/results/catalog_search.json. No pass/fail on the numbers:
it exits 1 only if it could not measure (a query that should find items found none).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import re
import statistics
import sys
import time
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

from common import RESULTS, percentile

from pos_app import RESOURCES
from pos_app.domain.catalog import CatalogItem, load_catalog
from pos_app.domain.search import CatalogSearch

DEFAULT_OUTPUT = RESULTS / "catalog_search.json"
FRAME_MS = 1000 / 60
SHORTEST, LONGEST = 2, 8   # the prefixes searched: from the second key to the eighth

PRODUCTS = (
    "Аарц", "Ааруул", "Бяслаг", "Цөцгий", "Шар тос", "Өрөм", "Айраг", "Хоормог", "Үхрийн мах", "Хонины мах",
    "Ямааны мах", "Тахианы мах", "Загас", "Төмс", "Лууван", "Байцаа", "Сонгино", "Сармис", "Манжин",
    "Өргөст хэмх", "Улаан лооль", "Алим", "Жүрж", "Гадил", "Нимбэг", "Үзэм", "Чацаргана", "Нэрс", "Кофе",
    "Какао", "Жимсний шүүс", "Кетчуп", "Майонез", "Давс", "Перец", "Гоймон", "Бууз", "Банш", "Хуушуур", "Боов",
    "Жигнэмэг", "Вафли", "Зайрмаг", "Самар", "Наранцэцгийн тос", "Ургамлын тос", "Саван", "Шампунь",
    "Шүдний оо", "Шүдний сойз", "Салфетка", "Ариун цэврийн цаас", "Аяга таваг угаагч", "Хүүхдийн живх", "Зай",
    "Шүдэнз", "Лаа", "Хүнсний уут", "Мөөг", "Цуу", "Чихэр", "Бохь", "Рашаан ус", "Хүүхдийн хоол",
    "Нохойн хоол", "Муурны хоол", "Борц", "Хуурай сүү", "Ёотон", "Бялуу", "Пирожки", "Цуйван", "Гурилан боов",
)
QUALIFIERS = (
    "Сүү ХК", "Талх Чихэр", "Алтан тариа", "Говь", "Сэлэнгэ", "Номин", "Мах Импекс", "АПУ", "Витафит", "Монгол",
    "Эрдэнэт", "Хаан", "Шинэ", "Цагаан", "Хар", "Улаан", "Ногоон", "Шар", "Амтат", "Давсгүй", "Өөх багатай",
    "Өндөр тостой", "Байгалийн", "Гэрийн", "Хатаасан", "Хөлдөөсөн", "Шинэхэн", "Жимсний", "Ванилийн",
    "Гүзээлзгэнэтэй", "Шоколадтай", "Самартай", "Чихэргүй", "Эко", "Coca-Cola", "Pepsi", "Nestle", "Lipton",
)
SIZES = ("100г", "200г", "250г", "400г", "500г", "1кг", "2кг", "5кг", "0.33л", "0.5л", "1л", "1.5л", "2л", "5л",
         "6ш", "10ш", "20ш", "")

# What cashiers type, one letter at a time: Cyrillic, and the Latin spellings of the same kind of names.
TYPED = {
    "Cyrillic": ("сүү", "тараг", "талх", "өндөг", "гурил", "будаа", "элсэн чихэр", "шоколад", "угаалгын", "хиам",
                 "цөцгий", "бяслаг", "үхрийн мах", "төмс", "жүрж", "шампунь", "ааруул", "зайрмаг", "сармис",
                 "ундаа"),
    "Latin": ("suu", "tarag", "talh", "talkh", "undug", "ondog", "guril", "budaa", "elsen chiher", "shokolad",
              "hiam", "tsutsgii", "byaslag", "uhriin mah", "tums", "jurj", "shampun", "aaruul", "zairmag", "cai",
              "tsai", "coca", "svv", "nomin"),
}


def sample_products() -> list[str]:
    """The products of the sample catalog, without their sizes and brands: "Сүү 1л (Сүү ХК)" is Сүү."""
    names = [re.split(r"\s*[(\d]", item.name, maxsplit=1)[0].strip() for item in load_catalog(RESOURCES / "catalog.csv")]
    return [name for name in names if name]


def build_items(count: int, seed: int) -> list[CatalogItem]:
    chooser = random.Random(seed)
    products = [*sample_products(), *PRODUCTS]
    items = []
    for number in range(count):
        product, qualifier, size = chooser.choice(products), chooser.choice(QUALIFIERS), chooser.choice(SIZES)
        form = chooser.randrange(3)
        name = (f"{product} {qualifier}" if form == 0 else
                f"{product} ({qualifier})" if form == 1 else f"{qualifier} {product.lower()}")
        items.append(CatalogItem(f"29{number:011d}", f"{name} {size}".strip(), Decimal(500 + 50 * chooser.randrange(400)),
                                 "8401", "0122", False))
    return items


def keystrokes() -> list[tuple[str, str]]:
    """(script, prefix) for every key from the second to the eighth of each typed query, in typing order."""
    return [(script, text[:length]) for script, texts in TYPED.items() for text in texts
            for length in range(SHORTEST, min(LONGEST, len(text)) + 1)]


def _stats(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": statistics.median(ordered), "p95": percentile(ordered, 0.95), "max": ordered[-1],
            "min": ordered[0], "calls": len(ordered)}


def run(count: int, rounds: int, seed: int, limit: int) -> dict[str, Any]:
    items = build_items(count, seed)
    builds = []
    for _ in range(3):
        began = time.perf_counter()
        search = CatalogSearch(items)
        builds.append((time.perf_counter() - began) * 1000)
    keys = keystrokes()
    found = {prefix: len(search.find(prefix, count)) for _, prefix in keys}
    # Wall time per call, and this thread's CPU time: on a shared machine a call the scheduler set aside
    # shows as wall time far above its CPU time.
    wall: list[list[float]] = [[] for _ in keys]
    cpu: list[list[float]] = [[] for _ in keys]
    collections: list[tuple[int, str, float, float]] = []   # (generation, prefix, ms of the call, ms of the collection)
    collecting: list[float] = []

    def on_collection(phase: str, info: dict[str, int]) -> None:   # Python's cyclic garbage collector
        if phase == "start":
            collecting[:] = [time.perf_counter()]
        elif collecting:
            collecting.append(time.perf_counter() - collecting[0])
            collecting.append(info["generation"])

    gc.callbacks.append(on_collection)
    for number in range(rounds + 1):
        for place, (_, prefix) in enumerate(keys):
            re.purge()   # each key the cashier types is a new prefix: its word-start patterns are compiled anew
            collecting.clear()
            began, began_cpu = time.perf_counter(), time.thread_time()
            search.find(prefix, limit)
            elapsed, elapsed_cpu = (time.perf_counter() - began) * 1000, (time.thread_time() - began_cpu) * 1000
            if number > 0:   # the first round is unmeasured: imports, the interpreter's caches
                wall[place].append(elapsed)
                cpu[place].append(elapsed_cpu)
                if len(collecting) == 3:
                    collections.append((int(collecting[2]), prefix, elapsed, collecting[1] * 1000))
    gc.callbacks.remove(on_collection)
    calls = [{"script": script, "prefix": prefix, "found": found[prefix], "median_ms": statistics.median(wall[place]),
              "max_ms": max(wall[place]), "cpu_max_ms": max(cpu[place])}
             for place, (script, prefix) in enumerate(keys)]
    summary: dict[str, Any] = {}
    for name in (*TYPED, "all"):
        chosen = [place for place, (script, _) in enumerate(keys) if name in (script, "all")]
        summary[name] = _stats([ms for place in chosen for ms in wall[place]]) | {
            "cpu": _stats([ms for place in chosen for ms in cpu[place]])}
    summary["p95_over_frame"] = summary["all"]["p95"] / FRAME_MS
    summary["garbage_collections"] = [{"generation": generation, "prefix": prefix, "call_ms": call_ms,
                                       "collection_ms": collection_ms}
                                      for generation, prefix, call_ms, collection_ms in collections]
    missing = [text for texts in TYPED.values() for text in texts if not found[text[:LONGEST]]]
    return {"build_ms": {"median": statistics.median(builds), "runs": builds}, "summary": summary,
            "keystrokes": calls, "distinct_names": len({item.name for item in items}),
            "failure": f"typed queries that found nothing: {missing}" if missing else None}


def headline(result: dict[str, Any]) -> list[dict[str, str]]:
    s, settings = result["summary"], result["settings"]
    return [{"area": "Search", "measure": f"catalog search, {settings['items']:,} items, per key: median / p95",
             "value": f"{s['all']['median']:.2f} ms / {s['all']['p95']:.2f} ms",
             "note": f"{len(result['keystrokes'])} prefixes × {settings['rounds']} rounds, Cyrillic and Latin, "
                     f"{SHORTEST}–{LONGEST} letters; p95 {s['p95_over_frame']:.0%} of a 16.7 ms frame, "
                     f"max {s['all']['max']:.1f} ms; built once in {result['build_ms']['median']:.0f} ms"}]


def markdown(result: dict[str, Any]) -> str:
    s = result["summary"]
    lines = ["| keystrokes | calls | median ms | p95 ms | max ms | p95 / 16.7 ms frame | CPU p95 / max ms |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for name in (*TYPED, "all"):
        row = s[name]
        lines.append(f"| {name} | {row['calls']} | {row['median']:.2f} | {row['p95']:.2f} | {row['max']:.2f} | "
                     f"{row['p95'] / FRAME_MS:.1%} | {row['cpu']['p95']:.2f} / {row['cpu']['max']:.2f} |")
    slowest = sorted({call["prefix"]: call for call in result["keystrokes"]}.values(),
                     key=lambda call: -call["median_ms"])[:5]
    lines += ["", "| slowest prefixes | script | items holding it | median ms | max ms |", "|---|---|---:|---:|---:|"]
    lines += [f"| `{call['prefix']}` | {call['script']} | {call['found']:,} | {call['median_ms']:.2f} | "
              f"{call['max_ms']:.2f} |" for call in slowest]
    settings = result["settings"]
    lines.append(f"\n{settings['items']:,} items ({result['distinct_names']:,} distinct names), limit "
                 f"{settings['limit']}, seed {settings['seed']}; `CatalogSearch` built in "
                 f"{result['build_ms']['median']:.1f} ms (median of 3). Wall time per call; the CPU column is "
                 "this thread's CPU time for the same calls (a max far below the wall max: the machine, not "
                 "the search).")
    collected = s["garbage_collections"]
    if collected:
        slowest_collection = max(collected, key=lambda row: row["collection_ms"])
        lines.append(f"Python's garbage collector ran inside {len(collected)} of the {s['all']['calls']} calls "
                     f"(generations {', '.join(str(n) for n in sorted({row['generation'] for row in collected}))}); "
                     f"the longest collection took {slowest_collection['collection_ms']:.1f} ms of a "
                     f"{slowest_collection['call_ms']:.1f} ms call (`{slowest_collection['prefix']}`). They are in "
                     "the numbers above, as they would be in the till.")
    else:
        lines.append("Python's garbage collector ran inside none of the measured calls.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000, help="items in the synthetic catalog")
    parser.add_argument("--rounds", type=int, default=5, help="measured rounds over every prefix")
    parser.add_argument("--seed", type=int, default=1, help="which names the catalog gets")
    parser.add_argument("--limit", type=int, default=20, help="find()'s limit, as the till shows")
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    if args.items < 1 or args.rounds < 1 or args.limit < 1:
        parser.error("--items, --rounds and --limit must be at least 1")
    began = time.perf_counter()
    result: dict[str, Any] = {
        "benchmark": "catalog search by name: find() per keystroke prefix",
        "measured_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": {"items": args.items, "rounds": args.rounds, "seed": args.seed, "limit": args.limit,
                     "shortest": SHORTEST, "longest": LONGEST},
        "goals": {"p95_ms_well_under": FRAME_MS},
        "python": platform.python_version(), "cpus": os.cpu_count()}
    result |= run(args.items, args.rounds, args.seed, args.limit)
    result["headline"] = headline(result)
    result["elapsed_s"] = time.perf_counter() - began
    result["load_average"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(markdown(result))
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"\nJSON: {args.output}", file=sys.stderr)
    if result["failure"]:
        print(f"\n**Could not measure**: {result['failure']}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
