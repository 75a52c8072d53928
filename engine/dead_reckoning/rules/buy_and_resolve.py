"""Buy Advancements / Resolve Encounters: the card on the Ship's board, paid in cargo from the
Ship and set aside for Cleanup; a Merchant ship traded (bought, its back never seen) or attacked
(its back flipped: a battle, or a win when it has no cubes); at most 2 a turn (DR-BUY-01 to -16)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.core.types import Event
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import battle, merchants
from engine.dead_reckoning.rules import gain_and_spend as gs
from engine.dead_reckoning.rules.common import name, on_ship
from engine.dead_reckoning.state import HARBOR, State


def card_here(s: State, seat: int) -> str | None:
    at = s.players[seat].ship.at
    return None if at == HARBOR else s.grid[at].card


def options(s: State, seat: int) -> list[Any]:
    card = card_here(s, seat)
    if card is None or s.turn.buys >= defs().rules.turn.buys_per_turn:
        return []
    c = defs().advancements.cards[card]
    out: list[Any] = []
    if on_ship(s.players[seat], "cargo") >= c.cost:
        out.append(action(A.Buy if c.kind == "advancement" else A.Trade))
    if c.kind == "merchant" and card not in s.turn.battled:
        out.append(action(A.Raid))
    return out


def buy(s: State, seat: int, ev: Events) -> None:
    p, card = s.players[seat], card_here(s, seat)
    assert card is not None
    p.ship.hull = gs.take_from_ship(p.ship.hull, "cargo", defs().advancements.cards[card].cost)
    s.grid[p.ship.at].card = None
    p.aside.append(card)
    s.turn.buys += 1
    ev.append(Event(text=f"{name(seat)} takes {defs().advancements.cards[card].name}"))


def raid(s: State, seat: int, ev: Events) -> None:
    p, card = s.players[seat], card_here(s, seat)
    assert card is not None
    s.turn.buys += 1
    s.reveals += 1
    back = merchants.reveal(s, card)
    ev.append(Event(text=f"{name(seat)} attacks {defs().advancements.cards[card].name}: {back.cubes} cubes"))
    battle.start(s, "merchant", seat, p.ship.at, card=card, why="merchant")
    if back.cubes == 0:      # it strikes its colours: no battle, the attacker wins (DR-BUY-12)
        s.stack.pop()
        battle.resolve(s, ev)
