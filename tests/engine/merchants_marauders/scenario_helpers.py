"""Helpers for Merchants & Marauders scenario tests: a game set up as a test needs it, decisions
made by their notation (as a player types them in /play), scripted dice.

Tests build a position by editing the state directly (it is a plain pydantic model), then play
through the engine with `do`, exactly as the bot layer does (engine.core.act_text). Dice are
scripted with `dice(s, ...)`: 1-4 are their faces, 5 and 6 the two skulls."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders.flow import settle
from engine.merchants_marauders.state import State
from tests.engine.play_helpers import ByNotation

_BY_NOTATION = ByNotation(GAME)
do = _BY_NOTATION.do              # a decision by its notation, as /play takes it: the new state
step = _BY_NOTATION.step          # the same, the whole Transition (events, reveals)
options = _BY_NOTATION.options    # the seat's legal notations
waiting = _BY_NOTATION.waiting    # the seats the game waits on
SKULL = 5


def game(players: int = 3, seed: str = "scenario", **opts: Any) -> State:
    """A new game, every seat still to pick its ship."""
    return GAME.setup(players, GAME.Options(**opts), seed)


def started(players: int = 3, seed: str = "scenario", ship: str = "sloop", **opts: Any) -> State:
    """A game past setup (every seat picked `ship`), the first player's action menu open."""
    s = game(players, seed, **opts)
    for seat in range(players):
        s = do(s, seat, f"ship {ship}")
    return s


def top(s: State) -> Any:
    return s.stack[-1] if s.stack else None


def active(s: State) -> int:
    return s.turn.seat


def dice(s: State, *faces: int) -> None:
    """Script the next die rolls (1-4 faces, 5 or 6 a skull)."""
    s.rng.forced = list(faces)


def at_sea(s: State, seat: int, zone: str) -> None:
    s.players[seat].zone, s.players[seat].in_port = zone, False  # type: ignore[assignment]


def in_port(s: State, seat: int, zone: str) -> None:
    s.players[seat].zone, s.players[seat].in_port = zone, True  # type: ignore[assignment]


def no_cards(s: State) -> None:
    """Empty every hand of glory cards, so no card window opens in a scripted fight."""
    for p in s.players:
        p.glory_cards = []


def resettle(s: State) -> State:
    """After editing a state by hand, let the flow run what needs no decision."""
    settle(s, [])
    return s
