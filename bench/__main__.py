"""`python -m bench [--quick] [--only NAME]`: run the benchmarks, one JSON line per figure.

Exits 1 if any figure misses its target, 2 on bad usage. NAME is a benchmark (see --list) or
one of the figures it prints; with a figure name only that line is printed.
"""
from __future__ import annotations

import argparse
import importlib
import sys
import time
from types import ModuleType

MODULES = ("commit", "render", "loop_lag", "engine", "engine_games", "throughput", "pg_throughput", "memory", "ready", "bots", "handoffs",
           "timelapse")


def benchmarks() -> list[ModuleType]:
    return [importlib.import_module(f"bench.{m}") for m in MODULES]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description="Parley benchmarks (see docs/performance.md).")
    parser.add_argument("--quick", action="store_true", help="smaller sizes, for a CI smoke run (< 60 s)")
    parser.add_argument("--only", metavar="NAME", action="append", default=[],
                        help="run only this benchmark or figure (repeatable)")
    parser.add_argument("--list", action="store_true", help="list benchmarks and the figures they print")
    return parser.parse_args(argv)


def selected(modules: list[ModuleType], only: list[str]) -> list[tuple[ModuleType, set[str] | None]]:
    """(module, figure names to print or None for all) for each module picked by --only."""
    if not only:
        return [(m, None) for m in modules]
    picked: list[tuple[ModuleType, set[str] | None]] = []
    for m in modules:
        if m.NAME in only:
            picked.append((m, None))
        elif wanted := {n for n in only if n in m.EMITS}:
            picked.append((m, wanted))
    return picked


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    modules = benchmarks()
    if args.list:
        for m in modules:
            print(f"{m.NAME}: {', '.join(m.EMITS)}")
        return 0
    known = {m.NAME for m in modules} | {n for m in modules for n in m.EMITS}
    if unknown := [n for n in args.only if n not in known]:
        print(f"Unknown benchmark {', '.join(unknown)}; see python -m bench --list.", file=sys.stderr)
        return 2
    all_ok = True
    for module, wanted in selected(modules, args.only):
        t0 = time.perf_counter()
        for result in module.run(args.quick):
            if wanted is None or result.name in wanted:
                print(result.line(), flush=True)
                all_ok = all_ok and result.ok
        print(f"# {module.NAME}: {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
