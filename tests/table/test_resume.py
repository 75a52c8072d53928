"""After a restart only games waiting on a bot are set going again (TableService.waiting_on_bots)."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from engine.core import get_game
from store import Store
from table import TableService

CAPTAINS = {"captains": ["kidd", "jones", "lola"]}
GAME = get_game("pirate_chest")


async def _game(svc: TableService, seats: str) -> int:
    """`seats`: one letter per seat, h for a player, b for a bot; seat 0 moves first."""
    game_id = await svc.create("pirate_chest", len(seats), {"captains": CAPTAINS["captains"][:len(seats)]}, seed="r")
    for i, kind in enumerate(seats):
        if kind == "h":
            await svc.join(game_id, 100 + i, f"P{i}")
        else:
            await svc.add_bot(game_id)
    await svc.start(game_id)
    return game_id


async def test_only_games_waiting_on_a_bot_are_resumed(tmp_path: Path) -> None:
    async with await Store.open(tmp_path / "r.db") as store:
        svc = TableService(store)
        mixed = {seats: await _game(svc, seats) for seats in ("bh", "hb")}   # same seed: same first seat
        humans_only = await _game(svc, "hh")
        bots_only = await _game(svc, "bbb")
        await store.set_status(bots_only, "finished")
        lobby = await svc.create("pirate_chest", 2, seed="l")
        await svc.add_bot(lobby)
        _, state = await svc.load(mixed["bh"])
        pending = GAME.pending(state)
        assert pending is not None
        first = pending.waiting_on[0]
        on_bot = [game_id for seats, game_id in mixed.items() if seats[first] == "b"]
        assert len(on_bot) == 1
        assert await TableService(store).waiting_on_bots(batch=2) == on_bot
        assert humans_only not in await svc.waiting_on_bots()


async def test_an_unreadable_snapshot_does_not_stop_the_others(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async with await Store.open(tmp_path / "r.db") as store:
        svc = TableService(store)
        games = [await _game(svc, seats) for seats in ("bh", "hb")]
        expected = await svc.waiting_on_bots()
        broken = await _game(svc, "bb")
        with sqlite3.connect(tmp_path / "r.db") as raw:
            raw.execute("UPDATE games SET snapshot = '{\"players\": \"none\"}' WHERE id = ?", (broken,))
        assert await TableService(store).waiting_on_bots() == expected
        assert set(expected) <= set(games) and f"game {broken}" in caplog.text
