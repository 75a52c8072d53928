"""`python -m table.rerate DB [--import MODULE]`: rebuild every board's ratings from the finished
games, in the order they ended (ratings are derived data: see table/ratings.py). Prints one
line per board; exits 2 when there is no such database."""
from __future__ import annotations

import argparse
import asyncio
import importlib
import sys

from store import Store
from store.db import missing_database
from table.ratings import rerate


async def run(path: str) -> None:
    async with await Store.open(path) as store:
        done = await rerate(store)
    for board, (games, _rebuilt) in done:
        print(f"guild {board.guild_id} {board.game_type}: {games} finished games taken in", flush=True)
    if not done:
        print("no finished games to rate")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m table.rerate", description="Rebuild Parley's ratings.")
    parser.add_argument("db", metavar="DB", help="the database: a SQLite file or a postgresql:// URL")
    parser.add_argument("--import", dest="imports", metavar="MODULE", action="append", default=[],
                        help="import a module that registers more games (repeatable)")
    args = parser.parse_args(argv)
    if missing_database(args.db):
        print(f"No database at {args.db}.", file=sys.stderr)
        return 2
    for module in args.imports:
        importlib.import_module(module)
    asyncio.run(run(args.db))
    return 0


if __name__ == "__main__":
    sys.exit(main())
