"""store/limits.py on SQLite and PostgreSQL: the counts behind the limits on open games, read
in the transaction that adds one; stamps that let one caller of many through; delete_lobby."""
from __future__ import annotations

import asyncio

import pytest

from engine.core import Setup
from store import Store
from store.limits import LimitError, Limits

SMALL = Limits(games_per_member=2, lobbies_per_member=1, games_per_server=3, lobbies_per_server=2)


def setup(players: int = 2) -> Setup:
    return Setup(game="toy_race", players=players, seed="s", options={})


async def test_a_member_and_a_server_are_held_to_their_limits(store: Store) -> None:
    first = await store.create_game("toy_race", setup(), guild_id=1, host_user_id=10, limits=SMALL)
    with pytest.raises(LimitError, match="You host 1 lobbies already"):
        await store.create_game("toy_race", setup(), guild_id=1, host_user_id=10, limits=SMALL)
    second = await store.create_game("toy_race", setup(), guild_id=1, host_user_id=11, limits=SMALL)
    with pytest.raises(LimitError, match="This server has 2 lobbies waiting"):
        await store.create_game("toy_race", setup(), guild_id=1, host_user_id=12, limits=SMALL)
    await store.create_game("toy_race", setup(), guild_id=2, host_user_id=12, limits=SMALL)   # another server
    await store.set_status(first, "active")   # a running game is open, not a lobby
    third = await store.create_game("toy_race", setup(), guild_id=1, host_user_id=14, limits=SMALL)
    with pytest.raises(LimitError, match="This server has 3 open games"):
        await store.create_game("toy_race", setup(), guild_id=1, host_user_id=13, limits=SMALL)
    await store.seat_user(second, 12, "m", limits=SMALL)   # member 12: hosts one lobby, seated in another
    with pytest.raises(LimitError, match="You are in 2 open games already"):
        await store.seat_user(third, 12, "m", limits=SMALL)
    assert (await store.load(third)).seats == ()
    await store.set_status(second, "finished")   # a finished game no longer counts
    await store.seat_user(third, 12, "m", limits=SMALL)


async def test_of_many_stamps_at_once_one_is_taken_until_its_cooldown(store: Store) -> None:
    game_id = await store.create_game("toy_race", setup())
    taken = await asyncio.gather(*(store.take_stamp(game_id, "k", f"caller{i}", 60, at=1000.0) for i in range(10)))
    assert sum(taken) == 1
    holder = f"caller{taken.index(True)}"
    assert await store.take_stamp(game_id, "k", holder, 60, at=1001.0)      # its holder again
    assert not await store.take_stamp(game_id, "k", "other", 60, at=1059.0)
    assert await store.take_stamp(game_id, "k", "other", 60, at=1062.0)     # the cooldown passed
    await store.drop_stamp(game_id, "k", holder)                          # not the holder any more: kept
    assert not await store.take_stamp(game_id, "k", holder, 60, at=1063.0)
    await store.drop_stamp(game_id, "k", "other")
    assert await store.take_stamp(game_id, "k", holder, 60, at=1064.0)
    await store.update_settings(game_id, {"done": 1})
    assert not await store.take_stamp(game_id, "k2", "x", 60, at=1064.0, unless="done")


async def test_delete_lobby_removes_only_a_lobby(store: Store) -> None:
    lobby = await store.create_game("toy_race", setup())
    await store.seat_user(lobby, 1, "a")
    running = await store.create_game("toy_race", setup())
    await store.set_status(running, "active")
    assert await store.delete_lobby(lobby) and not await store.delete_lobby(running)
    assert [g.id for g in await store.list_games()] == [running]
    assert await store.games_of_user(1) == []
