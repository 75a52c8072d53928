"""A missed move deadline: what the host's policy does (table/pace.py), and doing it once.

The policies: `remind` tells the player again; `default` plays the seat's default move for it;
`bot` lets a bot stand in until the player is back. Where the policy plays for the seat, its
standing orders answer first (table/orders.py), and a prompt they answer needs no bot.

What a deadline does is a *firing*: a plain dict pinned in the timer before anything is done
(cogs/turns.py), so a process that takes a dead one's timer over does the same thing again:
  version, seat, user   where the game was when it was decided, and whose deadline it was;
  timer                 the firing's own key (the timer and its due time);
  then one of: auto + move + sealed (a move played for the seat), stand_in, remind.
A move or a stand-in writes its notice, the outbox rows of kind `deadline` (one for the thread,
one for the seat's DM), in the same transaction as the move or the stand-in: the notice can
neither be lost (a process dying between the two) nor come without what it tells. A notice row
found in the outbox is therefore the proof that a firing was carried out. A reminder moves
nothing: the timer sends it itself, under the timer's nonces.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core import get_game
from store import THREAD, GameRecord, OutboxItem, TimerRow, seat_target
from table.leases import firing_key
from table.outbox import NOTICE

if TYPE_CHECKING:
    from table.service import TableService

Firing = dict[str, Any]
TOLD = ("timer", "seat", "user", "move", "sealed", "stand_in")   # what a notice row carries of its firing


def sealed(game: Any, state: Any, seat: int) -> bool:
    """Whether the seat's decision now is a sealed choice (its answer must not be posted)."""
    pending = game.pending(state)
    return pending is not None and pending.kind == "simultaneous" and seat in pending.waiting_on


async def decide(table: TableService, timer: TimerRow, record: GameRecord, state: Any, seat: int,
                 user_id: int, policy: str) -> Firing:
    """What the deadline of `seat` (played by `user_id`) does now, under the host's `policy`."""
    game = get_game(record.game_type)
    firing: Firing = {"version": record.version, "seat": seat, "user": user_id, "timer": firing_key(timer)}
    ordered = await table.deadline_order(record.id, seat) if policy != "remind" else None
    if ordered is not None:
        firing.update(auto=ordered[0], move=ordered[1])
    elif policy == "default":
        firing.update(auto="deadline", move=game.notate(state, game.default_action(state, seat)))
    elif policy == "bot":
        firing["stand_in"] = True
    else:
        firing["remind"] = True
    if "move" in firing:
        firing["sealed"] = sealed(game, state, seat)
    return firing


def notice_items(firing: Firing) -> list[OutboxItem]:
    """The notice of a move or stand-in: the thread's post and the player's DM. They carry what
    they tell and the firing's key, not why the table moved (an order's name stays unwritten)."""
    told = {k: firing[k] for k in TOLD if k in firing}
    return [OutboxItem(kind=NOTICE, target=THREAD, payload=told),
            OutboxItem(kind=NOTICE, target=seat_target(int(firing["seat"])), payload=told)]


async def carry_out(table: TableService, game_id: int, firing: Firing) -> None:
    """The firing's move (refused if the game moved on since it was decided) or stand-in, with
    its notice in the same transaction. A reminder has nothing to carry out."""
    if "move" in firing:
        await table.act(game_id, int(firing["seat"]), str(firing["move"]), auto=str(firing["auto"]),
                        expected_version=int(firing["version"]), notice=notice_items(firing))
    elif firing.get("stand_in"):   # refused, as the move is, if the player moved since it was decided
        await table.store.stand_in(game_id, int(firing["seat"]), outbox=notice_items(firing),
                                   expected_version=int(firing["version"]))


async def resumed(table: TableService, game_id: int, firing: Firing) -> bool:
    """A firing pinned by an earlier run, whose process may have died before it was done:
    True when it is carried out now (its notice is in the outbox, or it is made here because
    the game is still where it was decided); False: the deadline is decided afresh (a reminder,
    always: decided again to the same text and nonces)."""
    if firing.get("remind") or "timer" not in firing:   # (no key: pinned before the notice rows existed)
        return False
    record = await table.store.load(game_id)
    version = int(firing["version"])
    notices = await table.store.outbox_between(game_id, NOTICE, version - 1, record.version)
    if any(row.payload.get("timer") == firing["timer"] for row in notices):
        return True
    if record.version != version:
        return False
    await carry_out(table, game_id, firing)
    return True
