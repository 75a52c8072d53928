"""Module 10 (goodwill) in the turn engine: bought in the port menu, gained for missions, spent on
a buy's redraw, on rerolling a failed check and an NPC's find (default `accept`), on entering a
closed port (default `stay`), lost with the captain; and a seeded game with the option on
finishing."""
from __future__ import annotations

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import death
from engine.merchants_marauders.rules.common import captain, port_nation
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
    waiting,
)
from tests.engine.play_helpers import bot_game

CARDS = ["rum-1", "tobacco-1", "cotton-1", "coffee-1", "spices-1", "timber-1", "textiles-1", "rum-2", "sugar-2"]


def _on(seed: str = "goodwill") -> tuple[State, int]:
    s = started(3, seed=seed, module_10=True)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    seat = active(s)
    s.players[seat].bounties = {}
    s.round.sale_bonus, s.round.embargo = 0, None
    return s, seat


def test_off_no_goodwill_part_and_no_view_field() -> None:
    s = started(3, seed="goodwill")
    seat = active(s)
    s.players[seat].ship.gold = 10
    s = do(s, seat, "port")
    assert "goodwill" not in options(s, seat)
    assert GAME.view(s, None).players[seat].goodwill is None


def test_mm_m10_06_goodwill_bought_in_port_for_2_gold_once() -> None:
    s, seat = _on()
    s.players[seat].ship.gold = 10
    s = do(s, seat, "port")
    s = do(s, seat, "goodwill")
    assert s.players[seat].goodwill == 1 and s.players[seat].ship.gold == 8
    assert "goodwill" not in options(s, seat)
    assert GAME.view(s, None).players[seat].goodwill == 1


def test_mm_m10_05_goodwill_never_bought_above_5() -> None:
    s, seat = _on()
    s.players[seat].ship.gold, s.players[seat].goodwill = 10, 5
    s = do(s, seat, "port")
    assert "goodwill" not in options(s, seat)


def test_mm_m10_10_goodwill_redraws_a_buy() -> None:
    s, seat = _on()
    zone = s.players[seat].zone
    s.zones[zone].demand = "sugar"
    s.players[seat].ship.gold, s.players[seat].goodwill = 10, 1
    s.players[seat].bought_at = None
    s.cargo.pile = [c for c in s.cargo.pile if c not in CARDS] + list(reversed(CARDS))
    s = do(s, seat, "port")
    s = do(s, seat, "buy")
    first = list(top(s).drawn)
    assert "goodwill redraw" in options(s, seat)
    s = do(s, seat, "goodwill redraw")
    assert s.players[seat].goodwill == 0 and top(s).drawn != first and set(first) <= set(s.cargo.discard)
    assert "goodwill redraw" not in options(s, seat)


def test_mm_m10_11_a_failed_scouting_may_be_rerolled_for_goodwill_default_accept() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.players[seat].goodwill = 1
    s.rng.forced = [1] * 10
    s = do(s, seat, "scout merchant")
    assert isinstance(top(s), P.RerollPrompt) and top(s).goodwill and tuple(waiting(s)) == (seat,)
    assert GAME.notate(s, GAME.default_action(s, seat)) == "accept"
    s = do(s, seat, "accept")
    assert s.players[seat].goodwill == 1 and isinstance(top(s), P.ActionPrompt)


def test_mm_m10_18_the_goodwill_reroll_is_spent_once_and_its_roll_stands() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.players[seat].goodwill = 2
    s.rng.forced = [1] * 10
    s = do(s, seat, "scout merchant")
    s.rng.forced = [1] * 10
    s = do(s, seat, "reroll")
    assert s.players[seat].goodwill == 1 and isinstance(top(s), P.ActionPrompt)


def test_mm_m10_14_an_npc_find_may_be_rolled_again() -> None:
    s, seat = _on()
    no_cards(s)
    at_sea(s, seat, "caribbean_sea")
    s.players[seat].goodwill = 1
    s.npcs = {"pirate_sloop": Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone="caribbean_sea",
                                  skills=Skills(seamanship=2, scouting=2, leadership=2))}
    s.turn.scout_queue = ["pirate_sloop"]
    s.turn.scouted = []
    s.rng.forced = [SKULL, 1]
    s.stack = []
    from tests.engine.merchants_marauders.scenario_helpers import resettle
    s = resettle(s)
    assert isinstance(top(s), P.RerollPrompt) and top(s).check == "npc"
    s.rng.forced = [1, 1]
    s = do(s, seat, "reroll")
    assert s.players[seat].goodwill == 0 and s.fight is None


def test_mm_m10_15_a_closed_port_entered_for_its_goodwill_price_default_stay() -> None:
    s, seat = _on()
    p = s.players[seat]
    zone: Zone = "havana"
    s.wars = []
    at_sea(s, seat, zone)
    nation = port_nation(zone)
    assert nation is not None
    p.bounties = {nation: 2}
    p.goodwill = 1
    assert "enter" not in options(s, seat)            # 2 bounty tokens: 2 goodwill
    p.goodwill = 2
    assert "enter" in options(s, seat)
    s = do(s, seat, "enter")
    assert isinstance(top(s), P.EnterPrompt) and top(s).price == 2 and tuple(waiting(s)) == (seat,)
    assert GAME.notate(s, GAME.default_action(s, seat)) == "stay"
    s = do(s, seat, "pay")
    assert s.players[seat].in_port and s.players[seat].goodwill == 0 and "port" in options(s, seat)


def test_mm_m10_15_staying_out_costs_nothing() -> None:
    s, seat = _on()
    p = s.players[seat]
    zone: Zone = "havana"
    s.wars = []
    at_sea(s, seat, zone)
    nation = port_nation(zone)
    assert nation is not None
    p.bounties, p.goodwill = {nation: 1}, 3
    actions = s.turn.actions
    s = do(s, seat, "enter")
    s = do(s, seat, "stay")
    assert not s.players[seat].in_port and s.players[seat].goodwill == 3 and s.turn.actions == actions


def test_mm_m10_22_goodwill_is_lost_with_the_captain() -> None:
    s, seat = _on()
    s.players[seat].goodwill = 4
    death.kill(s, seat, [])
    assert s.players[seat].goodwill == 0


def test_mm_m10_04_taking_a_mission_gains_goodwill() -> None:
    s, seat = _on()
    from engine.merchants_marauders.rules import missions_turn as MT
    slot = next(x for x in s.board if x.mission is not None)
    assert slot.mission is not None
    in_port(s, seat, MT.mission(slot.mission).claim)
    s.players[seat].bounties = {}
    s.rng.forced = [SKULL] * captain(s.players[seat]).skills.influence
    MT.claim(s, seat, slot.mission, [])
    assert s.players[seat].goodwill == 1


@pytest.mark.parametrize("seed", [4, 9])
def test_a_seeded_game_with_goodwill_finishes(seed: int) -> None:
    s, _, _ = bot_game(GAME, POLICIES, "greedy", seed, 3, {"module_10": True}, 40_000)
    assert GAME.outcome(s) is not None
