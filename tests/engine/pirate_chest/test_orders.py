"""Standing orders of Pirate Chest (engine/pirate_chest/orders.py): each answers its prompt with
a legal action, and declines where its wish is not legal or the prompt is not its own."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import act, get_game
from engine.core.orders import order_answer
from engine.pirate_chest import actions as A
from engine.pirate_chest.prompts import GirlPowerPrompt, fight_cards
from tests.engine.orders_checks import pick, reach, without

GAME = get_game("pirate_chest")


@cache
def at_escape() -> tuple[Any, int]:
    return reach(GAME, "escape")


@cache
def at_fight_cards() -> tuple[Any, int]:
    return reach(GAME, "fight-cards", also=lambda s, seat: bool(fight_cards(s, seat)))


def test_stand_never_tries_to_escape() -> None:
    s, seat = at_escape()
    assert pick(GAME, "stand", s, seat) == A.Stand()
    assert pick(GAME, "stand", s, seat, without(GAME, s, seat, A.Stand())) is None


def test_escape_rolls_to_escape() -> None:
    s, seat = at_escape()
    assert pick(GAME, "escape", s, seat) == A.Escape()
    assert pick(GAME, "escape", s, seat, without(GAME, s, seat, A.Escape())) is None


def test_an_order_answers_only_its_own_prompt() -> None:
    s, seat = at_escape()
    assert order_answer(GAME, s, seat, ["no-fight-cards", "no-girl-power"]) is None
    assert order_answer(GAME, s, seat, ["no-fight-cards", "stand"]) == ("stand", A.Stand())
    assert order_answer(GAME, s, (seat + 1) % 3, ["stand"]) is None   # another seat: not its prompt


def test_no_fight_cards_says_ready_with_nothing_sealed() -> None:
    s, seat = at_fight_cards()
    assert pick(GAME, "no-fight-cards", s, seat) == A.Ready()


def test_no_fight_cards_declines_once_a_card_is_sealed_by_hand() -> None:
    s, seat = at_fight_cards()
    s = act(GAME, s, seat, A.Commit(card=fight_cards(s, seat)[0])).state
    assert pick(GAME, "no-fight-cards", s, seat) is None


def test_no_girl_power_passes() -> None:
    s, seat = at_escape()
    s = s.model_copy(deep=True)
    s.stack.append(GirlPowerPrompt(seats=[seat]))
    assert pick(GAME, "no-girl-power", s, seat) == A.Pass()
    assert pick(GAME, "no-girl-power", s, seat, without(GAME, s, seat, A.Pass())) is None
