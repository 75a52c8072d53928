"""Standing orders of Dead Reckoning (engine/dead_reckoning/orders.py): answering an attack with
every cube, passing on Battle abilities, the level-up between turns, and declining."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import get_game, side_decisions
from engine.core.orders import order_answer
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.rules.leveling import default_choice
from engine.dead_reckoning.rules.main_phase import hand_cards
from tests.engine.orders_checks import pick, reach, without

GAME = get_game("dead_reckoning")


@cache
def at(kind: str, side: bool = False) -> tuple[Any, int]:
    return reach(GAME, kind, also=lambda s, seat: not side or seat in side_decisions(GAME, s))


def test_full_defence_drops_every_cube_and_plays_no_card() -> None:
    s, seat = at("response")
    cubes = [a for a in GAME.legal_actions(s, seat) if isinstance(a, A.Cubes)]
    best = max(cubes, key=lambda a: a.n)
    assert pick(GAME, "full-defence", s, seat) == best
    assert pick(GAME, "full-defence", s, seat, without(GAME, s, seat, best)) in cubes   # the most left
    assert pick(GAME, "full-defence", s, seat, [a for a in GAME.legal_actions(s, seat) if a not in cubes]) is None


def test_no_abilities_passes() -> None:
    s, seat = at("ability")
    assert pick(GAME, "no-abilities", s, seat) == A.Pass()
    assert pick(GAME, "no-abilities", s, seat, without(GAME, s, seat, A.Pass())) is None


def test_level_lowest_answers_the_side_decision_between_turns() -> None:
    s, seat = at("level", side=True)
    wanted = A.Level(card=default_choice(hand_cards(s, seat)) or "")
    assert order_answer(GAME, s, seat, ["level-lowest"]) == ("level-lowest", wanted)
    assert pick(GAME, "level-lowest", s, seat, without(GAME, s, seat, wanted)) is None


def test_level_lowest_declines_with_nothing_to_level() -> None:
    s, seat = at("level", side=True)
    s = s.model_copy(deep=True)
    s.players[seat].hand = []
    assert pick(GAME, "level-lowest", s, seat) is None
