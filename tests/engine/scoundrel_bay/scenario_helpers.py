"""Helpers for Scoundrel Bay scenario tests: a game set up as a test needs it, decisions made by
their notation (as a player types them in /play), and scripted monster-die faces.

Tests build a position by editing the state directly (it is a plain pydantic model), then play
through the engine with `do`, exactly as the bot layer does (engine.core.act_text)."""
from __future__ import annotations

from typing import Any

from engine.core.pieces import Piece
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.flow import settle
from engine.scoundrel_bay.state import State
from tests.engine.play_helpers import ByNotation


def game(players: int = 3, seed: str = "scenario", boards: list[int] | None = None, **variants: bool) -> State:
    """A new game; `boards` fixes the player boards by seat (default 1, 2, 3, 4: seat 0 starts)."""
    options = GAME.Options(boards=boards or list(range(1, players + 1)), **variants)
    return GAME.setup(players, options, seed)


_BY_NOTATION = ByNotation(GAME)
do = _BY_NOTATION.do              # a decision by its notation, as /play takes it: the new state
step = _BY_NOTATION.step          # the same, the whole Transition (events, reveals)
options = _BY_NOTATION.options    # the seat's legal notations
waiting = _BY_NOTATION.waiting    # the seats the game waits on


def top(s: State) -> Any:
    return s.stack[-1] if s.stack else None


def die_faces(*faces: int | str) -> list[int]:
    """Scripted monster-die rolls, by face (1, 2, 3, 'critical', 'miss')."""
    all_faces: list[int | str] = list(defs().monsters.die.faces)
    return [all_faces.index(f) + 1 for f in faces]


def force_die(s: State, *faces: int | str) -> None:
    s.rng.forced = die_faces(*faces)


def put_monster(s: State, space: int, monster: str) -> None:
    s.monsters[space] = Piece(id=monster)


def hand(s: State, seat: int, *cards: str) -> None:
    s.players[seat].hand = list(cards)


def resettle(s: State) -> State:
    """After editing a state by hand, let the flow run what needs no decision."""
    settle(s, [])
    return s


def cards_of(flag: str, pirates: int | None = None) -> list[str]:
    """Pirate card ids of a flag (and a number of pirate symbols), in id order."""
    return [c.id for c in defs().cards.cards.values()
            if c.flag == flag and (pirates is None or c.pirates == pirates)]
