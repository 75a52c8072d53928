"""Real games for the benchmarks: bot playouts, service-driven bot games, and many stored
games inserted directly (for the memory and startup benchmarks).

Benchmarks of one game (render, engine) run once per registered game; those that measure the
store and the service (commit, throughput, memory, ready) use `GAME`, the reference game: the one
whose class sets `bench_reference` (the first game by id if none does). They time what the store
does with a state, so they keep one game as others are added, and their figures stay comparable."""
from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.core import Setup, act, all_games, setup_state
from engine.core.game import Game
from engine.core.policy import Policy, get_policy
from store import Store
from table import TableService

GAME = next((g for g in all_games() if getattr(g, "bench_reference", False)), all_games()[0])
GAME_ID = GAME.id
SEATS = max(GAME.min_players, min(4, GAME.max_players))


def seats_for(game: Game[Any, Any, Any], wanted: int = 4) -> int:
    return max(game.min_players, min(wanted, game.max_players))


def bots(game_id: str, seed: str, players: int) -> list[Policy]:
    return [get_policy(game_id, "greedy", f"{seed}-{seat}") for seat in range(players)]


def playout(seed: str, players: int = SEATS, max_steps: int = 5000,
            game: Game[Any, Any, Any] = GAME) -> Iterator[tuple[Any, int, Any]]:
    """Greedy bots play one game through engine.core.act; yields (state before, seat, action)."""
    s = setup_state(game, Setup(game=game.id, players=players, seed=seed))
    policies = bots(game.id, seed, players)
    for _ in range(max_steps):
        pending = game.pending(s)
        if pending is None:
            return
        seat = pending.waiting_on[0]
        action = policies[seat].choose(game, s, seat)
        yield s, seat, action
        s = act(game, s, seat, action).state


def mid_game_states(count: int, players: int = SEATS, every: int = 25, skip: int = 40,
                    game: Game[Any, Any, Any] = GAME) -> list[Any]:
    """`count` states from real games, taken every `every` decisions after the first `skip`
    (past any draft at the start), over as many seeded games as that needs."""
    states: list[Any] = []
    n = 0
    while len(states) < count:
        for i, (s, _seat, _a) in enumerate(playout(f"mid-{n}", players, game=game)):
            if i >= skip and i % every == 0:
                states.append(s)
                if len(states) == count:
                    break
        n += 1
    return states


async def new_bot_game(svc: TableService, seed: str, players: int = SEATS) -> int:
    """A started game whose every seat is a greedy bot."""
    game_id = await svc.create(GAME_ID, players, seed=seed)
    for _ in range(players):
        await svc.add_bot(game_id, "greedy")
    await svc.start(game_id)
    return game_id


async def bot_move(svc: TableService, game_id: int) -> tuple[int, str] | None:
    """What the waiting bot would play now (as TableService.run_bots picks it), or None at the end."""
    record, s = await svc.load(game_id)
    pending = GAME.pending(s)
    if pending is None:
        return None
    seat = pending.waiting_on[0]
    bot = get_policy(record.game_type, "greedy", f"{game_id}:{seat}:{record.version}")
    return seat, GAME.notate(s, bot.choose(GAME, s, seat))


async def template_game(path: Path, steps: int, humans: int = 0) -> int:
    """One real game on `path`, played `steps` bot decisions in (seats 0..humans-1 human, seats
    not played by bots then), to copy into many rows with `clone_games`."""
    async with await Store.open(path) as store:
        svc = TableService(store)
        game_id = await svc.create(GAME_ID, SEATS, seed="template", channel_id=1)
        for seat in range(SEATS):
            if seat < humans:
                await svc.join(game_id, 1000 + seat, f"Player {seat}")
            else:
                await svc.add_bot(game_id, "greedy")
        await svc.start(game_id)
        for _ in range(steps):
            move = await bot_move(svc, game_id)
            if move is None:
                break
            await svc.act(game_id, *move)
        return game_id


def clone_games(path: Path, template_id: int, copies: int) -> list[int]:
    """Insert `copies` copies of a stored game (row, seats and action log) in one transaction.
    Each copy keeps the template's seed, so its snapshot still equals the replay of its log."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.row_factory = sqlite3.Row
        game = dict(conn.execute("SELECT * FROM games WHERE id = ?", (template_id,)).fetchone())
        seats = [dict(r) for r in conn.execute("SELECT * FROM seats WHERE game_id = ?", (template_id,))]
        actions = [dict(r) for r in conn.execute("SELECT * FROM actions WHERE game_id = ?", (template_id,))]
        game.pop("id")
        stamp = time.time()
        ids = []
        conn.execute("BEGIN IMMEDIATE")
        for _ in range(copies):
            row = {**game, "created_at": stamp, "updated_at": stamp}
            cur = conn.execute(f"INSERT INTO games ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                               tuple(row.values()))
            ids.append(cur.lastrowid)
            _insert_children(conn, "seats", seats, cur.lastrowid)
            _insert_children(conn, "actions", [{**a, "interaction_id": None} for a in actions], cur.lastrowid)
        conn.execute("COMMIT")
        return [i for i in ids if i is not None]
    finally:
        conn.close()


def _insert_children(conn: sqlite3.Connection, table: str, rows: list[dict[str, Any]], game_id: int | None) -> None:
    if not rows:
        return
    columns = list(rows[0])
    conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})",
                     [tuple(game_id if c == "game_id" else r[c] for c in columns) for r in rows])


def snapshot_json(s: Any) -> str:
    """The bytes the store writes for a state (as store.repository._json makes them)."""
    return json.dumps(s.model_dump(mode="json"), separators=(",", ":"))
