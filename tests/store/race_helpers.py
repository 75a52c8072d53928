"""Drive toy_race games through the store the way the table service will: load, act, commit."""
from __future__ import annotations

from typing import Any

from toy_game import GAME, Pass, Roll

from engine.core import Setup, act, setup_state
from store import OutboxItem, Store


def setup(players: int = 2, seed: str = "s1", goal: int = 20) -> Setup:
    return Setup(game="toy_race", players=players, seed=seed, options={"goal": goal})


async def fill_and_start(store: Store, game_id: int) -> int:
    """Seat bots in the free seats and start the game; return the new version."""
    record = await store.load(game_id)
    for n in range(len(record.seats), record.players):
        await store.seat_bot(game_id, "random", f"Bot {n}")
    record = await store.load(game_id)
    first = setup_state(GAME, record.setup)
    return await store.start_game(game_id, record.version, first.model_dump_json(), record.players,
                                  [OutboxItem("board", "thread")])


async def new_race(store: Store, players: int = 2, seed: str = "s1", goal: int = 20, **kw: Any) -> tuple[int, int]:
    """Create, seat bots, start: (game_id, version)."""
    game_id = await store.create_game("toy_race", setup(players, seed, goal), **kw)
    return game_id, await fill_and_start(store, game_id)


async def play(store: Store, game_id: int, kind: str = "roll", interaction_id: str | None = None) -> tuple[int, Any]:
    """The table's act → commit for whoever is pending: (new version, state after)."""
    record = await store.load(game_id)
    state = record.state()
    pending = GAME.pending(state)
    assert pending is not None, "the race is over"
    seat = pending.waiting_on[0]
    action = Roll() if kind == "roll" else Pass()
    t = act(GAME, state, seat, action)
    version = await store.commit_action(
        game_id, record.version, seat, GAME.notate(state, action), t.state.model_dump_json(),
        interaction_id=interaction_id, status="finished" if GAME.outcome(t.state) else None,
        outbox=[OutboxItem("board", "thread", {"texts": [e.text for e in t.events]})])
    return version, t.state
