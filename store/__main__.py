"""Maintenance: `python -m store --verify DB [GAME_ID ...]`.

Checks that each game's snapshot equals the replay of its action log (all active and finished
games when no id is given), prints one line per game, exits 1 if any differs, 2 on bad usage.
`--import MODULE` imports extra game packages first so they register themselves.
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import sys
from pathlib import Path

from store.errors import GameNotFoundError
from store.repository import Store


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m store", description="Parley store maintenance.")
    parser.add_argument("--verify", metavar="DB", required=True, help="database file to check")
    parser.add_argument("game_ids", metavar="GAME_ID", type=int, nargs="*",
                        help="games to check (default: every active and finished game)")
    parser.add_argument("--import", dest="imports", metavar="MODULE", action="append", default=[],
                        help="import a module that registers more games (repeatable)")
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


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not Path(args.verify).is_file():
        print(f"No database at {args.verify}.", file=sys.stderr)
        return 2
    for module in args.imports:
        importlib.import_module(module)
    return 0 if asyncio.run(verify_all(args.verify, args.game_ids)) else 1


if __name__ == "__main__":
    sys.exit(main())
