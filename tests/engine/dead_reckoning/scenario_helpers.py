"""Helpers for Dead Reckoning scenario tests: a game set up as a test needs it, decisions made by
their notation (as a player types them in /play), and scripted tower landings.

Tests build a position by editing the state directly (it is a plain pydantic model), then play
through the engine with `do`, exactly as the bot layer does (engine.core.act_text)."""
from __future__ import annotations

from typing import Any

from engine.dead_reckoning import GAME
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.flow import settle
from engine.dead_reckoning.rules.load_unload import stow
from engine.dead_reckoning.state import State
from tests.engine.play_helpers import ByNotation


def game(players: int = 3, seed: str = "scenario", **variants: bool) -> State:
    return GAME.setup(players, GAME.Options(**variants), seed)


_BY_NOTATION = ByNotation(GAME)
do = _BY_NOTATION.do              # a decision by its notation, as /play takes it: the new state
step = _BY_NOTATION.step          # the same, the whole Transition (events, reveals)
options = _BY_NOTATION.options    # the seat's legal notations
waiting = _BY_NOTATION.waiting    # the seats the game waits on


def top(s: State) -> Any:
    return s.stack[-1] if s.stack else None


def active(s: State) -> int:
    return s.turn.seat


def hand(s: State, seat: int, *cards: str) -> None:
    """Give `seat` exactly these cards in hand (taken out of its deck and discard)."""
    p = s.players[seat]
    pool = [c for c in [*p.hand, *p.deck.pile, *p.deck.discard] if c not in cards]
    p.hand = list(cards)
    p.deck.pile, p.deck.discard = pool, []


def cargo_aboard(s: State, seat: int, n: int, res: str = "cargo") -> None:
    hull = s.players[seat].ship.hull
    s.players[seat].ship.hull = stow(hull, res, {"A": min(n, 4), "D": max(0, n - 4)})   # type: ignore[arg-type]


def land(s: State, *zones: str) -> None:
    """Script the next tower landings, by zone id (rules/tower.py)."""
    s.tower.script = list(zones)


def resettle(s: State) -> State:
    """After editing a state by hand, let the flow run what needs no decision."""
    settle(s, [])
    return s


def main_seat(s: State) -> int:
    """The active seat, with its main menu on top: a level-up owed at the turn's start is answered
    first (its first option), `s` taking the answer's state in place."""
    seat = active(s)
    if isinstance(top(s), P.LevelPrompt):
        after = do(s, seat, options(s, seat)[0])
        for name in type(s).model_fields:
            setattr(s, name, getattr(after, name))
    assert isinstance(top(s), P.MainPrompt), top(s)
    return seat
