"""Crash-test writer: `python crash_writer.py DB [--park KIND:N]` plays toy_race games until
it is killed.

It keeps a few races going (finishing half-built lobbies a previous run left behind), and
after every committed action prints `COMMITTED <game_id> <seq>`, so the test knows exactly
which actions were acknowledged before the SIGKILL. `--park KIND:N` stops it at that point
(inside the N-th write transaction, or the N-th action's) and prints `PARKED KIND N`, so the
test's kill lands exactly there however fast the machine is (tests/faults/killpoints.py).
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import uuid

from race_helpers import fill_and_start, play, setup

from store import Store
from tests.faults.killpoints import Parking, parking_store, say

RACES = 3


async def next_game(store: Store, turn: int) -> int:
    """A game to move: finish a lobby first, keep RACES races going, then round-robin."""
    lobby = await store.list_games(status="lobby")
    if lobby:
        await fill_and_start(store, lobby[0].id)
        return lobby[0].id
    active = await store.list_games(status="active")
    if len(active) < RACES:
        game_id = await store.create_game("toy_race", setup(players=2 + turn % 3, seed=f"crash-{turn}"))
        await fill_and_start(store, game_id)
        return game_id
    return active[turn % len(active)].id


async def run(path: str, parking: Parking) -> None:
    async with await parking_store(parking).open(path) as store:
        for turn in itertools.count():
            game_id = await next_game(store, turn)
            kind = "pass" if turn % 5 == 4 else "roll"
            await play(store, game_id, kind, interaction_id=uuid.uuid4().hex)
            seq = (await store.log_rows(game_id))[-1].seq
            say(f"COMMITTED {game_id} {seq}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("--park", help="KIND:N (write or commit), see tests/faults/killpoints.py")
    args = parser.parse_args()
    asyncio.run(run(args.db, Parking(args.park)))
