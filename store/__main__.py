"""Maintenance: `python -m store --verify DB [GAME_ID ...]` and `python -m store copy SOURCE TARGET`.

--verify checks that each game's snapshot equals the replay of its action log (all active and
finished games when no id is given), prints one line per game, exits 1 if any differs, 2 on
bad usage. `--import MODULE` imports extra game packages first so they register themselves.
copy moves every row of a SQLite database into an empty one (PostgreSQL: docs/deployment.md).
DB, SOURCE and TARGET are SQLite files (a path or sqlite:///path) or postgresql:// URLs.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import sys

from store.copy import CopyError, copy_database
from store.db import missing_database
from store.errors import GameNotFoundError
from store.pg import redact
from store.repository import Store


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m store", description="Parley store maintenance.")
    parser.add_argument("--verify", metavar="DB", required=True, help="database file or postgresql:// URL to check")
    parser.add_argument("game_ids", metavar="GAME_ID", type=int, nargs="*",
                        help="games to check (default: every active and finished game)")
    parser.add_argument("--import", dest="imports", metavar="MODULE", action="append", default=[],
                        help="import a module that registers more games (repeatable)")
    return parser.parse_args(argv)


def parse_copy_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m store copy",
                                     description="Copy every row of a SQLite database into an empty database.")
    parser.add_argument("source", help="the SQLite file to copy from (a path or sqlite:///path)")
    parser.add_argument("target", help="the empty database to copy into (postgresql://… or a SQLite file)")
    return parser.parse_args(argv)


async def verify_all(path: str, game_ids: list[int]) -> bool:
    """Print one line per game; True when every game verified."""
    all_ok = True
    async with await Store.open(path) as store:
        if not game_ids:
            game_ids = [g.id for g in await store.list_games(status=("active", "finished"))]
        for game_id in game_ids:
            try:
                record = await store.load(game_id)
                ok, why = await store.verify(game_id)
                label = f"game {game_id} ({record.game_type}, {record.status}, v{record.version})"
            except GameNotFoundError as e:
                ok, why, label = False, str(e), f"game {game_id}"
            all_ok = all_ok and ok
            print(f"{'ok      ' if ok else 'MISMATCH'} {label}: {why}", flush=True)
    if not game_ids:
        print("no active or finished games to verify")
    return all_ok


def copy_main(argv: list[str]) -> int:
    args = parse_copy_args(argv)
    if missing_database(args.source):
        print(f"No database at {args.source}.", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(copy_database(args.source, args.target))
    except CopyError as e:
        print(str(e), file=sys.stderr)
        return 1
    for table, count in counts.items():
        print(f"{table}: {count} rows")
    print(f"copied {sum(counts.values())} rows into {redact(args.target)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["copy"]:
        return copy_main(argv[1:])
    args = parse_args(argv)
    if missing_database(args.verify):
        print(f"No database at {args.verify}.", file=sys.stderr)
        return 2
    for module in args.imports:
        importlib.import_module(module)
    return 0 if asyncio.run(verify_all(args.verify, args.game_ids)) else 1


if __name__ == "__main__":
    sys.exit(main())
