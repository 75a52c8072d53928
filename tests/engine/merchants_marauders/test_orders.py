"""Standing orders of Merchants & Marauders (engine/merchants_marauders/orders.py): sealed combat
orders for the player's own ship only (never an NPC's), glory-card windows, the Cutthroat
ambush, and declining where the wish is not legal."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import get_game
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.rules.fight import roles_of
from tests.engine.orders_checks import pick, reach, without

GAME = get_game("merchants_marauders")
FLEE, SHOOT = A.Order(order="flee"), A.Order(order="shoot")


def own(s: Any, seat: int) -> bool:
    return all(s.fight.sides[r].npc is None for r in roles_of(s, seat))


@cache
def at_orders(flee: bool) -> tuple[Any, int]:
    return reach(GAME, "orders", also=lambda s, seat: own(s, seat) and (FLEE in GAME.legal_actions(s, seat)) == flee)


@cache
def at_npc_orders() -> tuple[Any, int]:
    return reach(GAME, "orders", also=lambda s, seat: not own(s, seat))


def test_always_shoot_shoots() -> None:
    s, seat = at_orders(flee=True)
    assert pick(GAME, "always-shoot", s, seat) == SHOOT
    assert pick(GAME, "always-shoot", s, seat, without(GAME, s, seat, SHOOT)) is None


def test_flee_escapes_when_it_may() -> None:
    s, seat = at_orders(flee=True)
    assert pick(GAME, "flee", s, seat) == FLEE


def test_flee_shoots_when_escape_is_not_allowed_and_declines_without_either() -> None:
    s, seat = at_orders(flee=False)
    assert pick(GAME, "flee", s, seat) == SHOOT
    assert pick(GAME, "flee", s, seat, without(GAME, s, seat, SHOOT)) is None


def test_combat_orders_never_answer_for_an_npc_the_player_runs() -> None:
    s, seat = at_npc_orders()
    assert SHOOT in GAME.legal_actions(s, seat)
    assert pick(GAME, "always-shoot", s, seat) is None
    assert pick(GAME, "flee", s, seat) is None


def test_no_glory_cards_passes() -> None:
    s, seat = reach(GAME, "card")
    assert pick(GAME, "no-glory-cards", s, seat) == A.Pass()
    assert pick(GAME, "no-glory-cards", s, seat, without(GAME, s, seat, A.Pass())) is None


def test_no_ambush_stays_put() -> None:
    s, seat = reach(GAME, "ambush", options={"variant_5": True})
    assert pick(GAME, "no-ambush", s, seat) == A.Pass()
    assert pick(GAME, "no-ambush", s, seat, without(GAME, s, seat, A.Pass())) is None
