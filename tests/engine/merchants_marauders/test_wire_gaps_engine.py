"""Small gaps closed between modules: Module 10's redraw of a true rumour's goods cards, Module
11's Restless barring a plundered specialist and Pleased's free specialist refused in a Town,
Module 4's NPC tokens going with a ship taken from a player, and an NPC token sent back only from
the ship that is leaving. Each with its option on and off, at its boundary from both sides."""
from __future__ import annotations

from typing import Any

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import upgrades_turn as UT
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
    waiting,
)

CARGO_RUMOUR = "ru-09"          # true, at sea in the Caribbean Sea, Scouting, 3 goods cards


# ---- Module 10: a true rumour's goods cards ----
def _look(goodwill: int, **opts: Any) -> tuple[State, int]:
    """The active seat looks into the cargo rumour and turns it up (its hold empty)."""
    s = started(3, seed="gaps-goods", **opts)
    me = active(s)
    p = s.players[me]
    p.bounties, p.goodwill, p.glory_cards, p.ship.cargo = {}, goodwill, [], []
    p.rumour = CARGO_RUMOUR
    s.npcs, s.round.embargo = {}, None
    s.glory.pile, s.glory.discard = [], []          # no glory card drawn: only the goods' redraw
    at_sea(s, me, "caribbean_sea")
    dice(s, *[SKULL] * int(captain(p).skills.scouting))
    return do(s, me, "investigate"), me


def _keep(s: State) -> P.KeepCargoPrompt:
    return next(x for x in reversed(s.stack) if isinstance(x, P.KeepCargoPrompt))


@pytest.mark.parametrize("module_7", [False, True])
def test_mm_m10_07_a_true_rumours_goods_cards_may_be_redrawn_for_goodwill(module_7: bool) -> None:
    s, me = _look(1, module_10=True, module_7=module_7)
    first = list(_keep(s).cards)
    assert len(first) == 3 and isinstance(top(s), P.RedrawPrompt) and top(s).draw == "cargo" and waiting(s) == (me,)
    assert options(s, me) == ["goodwill redraw", "accept"]
    assert GAME.notate(s, GAME.default_action(s, me)) == "accept"
    s = do(s, me, "goodwill redraw")
    again = _keep(s).cards
    assert len(again) == 3 and not set(again) & set(first) and set(first) <= set(s.cargo.discard)
    assert s.players[me].goodwill == 0 and isinstance(top(s), P.KeepCargoPrompt), "once: the new goods stand"


def test_mm_m10_07_accepting_the_rumours_goods_keeps_them_and_the_goodwill() -> None:
    s, me = _look(1, module_10=True)
    first = list(_keep(s).cards)
    s = do(s, me, "accept")
    assert _keep(s).cards == first and s.players[me].goodwill == 1 and isinstance(top(s), P.KeepCargoPrompt)


@pytest.mark.parametrize(("goodwill", "module_10"), [(0, True), (1, False)])
def test_no_goodwill_or_option_off_no_redraw_of_a_rumours_goods(goodwill: int, module_10: bool) -> None:
    s, me = _look(goodwill, module_10=module_10)
    assert isinstance(top(s), P.KeepCargoPrompt) and len(top(s).cards) == 3


# ---- Module 11: Restless and a beaten captain's specialist ----
def _plunder(level: str, **opts: Any) -> tuple[State, int, int]:
    s = started(3, seed="gaps-plunder", **opts)
    a, d = s.order[0], s.order[1]
    s.players[a].loyalty, s.players[a].specialists = level, []
    s.players[d].specialists = ["gl-gunner-1"]
    s.stack.append(P.PlunderPrompt(seats=[a], loser=d))
    return s, a, d


@pytest.mark.parametrize(("level", "takes"), [("pleased", True), ("content", True), ("restless", False),
                                               ("angry", False)])
def test_mm_m11_21_from_restless_down_no_specialist_is_taken_as_plunder(level: str, takes: bool) -> None:
    s, a, _ = _plunder(level, module_11=True)
    assert ("take specialist gl-gunner-1" in options(s, a)) is takes
    assert "take ship" in options(s, a) and "done" in options(s, a), "the rest of the plunder is still there"


def test_with_module_11_off_the_specialist_is_plundered_whatever_the_field_says() -> None:
    s, a, d = _plunder("restless")
    s = do(s, a, "take specialist gl-gunner-1")
    assert s.players[a].specialists == ["gl-gunner-1"] and not s.players[d].specialists


# ---- Module 11 with Module 9: Pleased's free specialist and a Town ----
def _pleased() -> tuple[State, int]:
    s = started(3, seed="gaps-town", module_9=True, module_11=True)
    me = active(s)
    p = s.players[me]
    p.loyalty, p.bounties, p.ship.gold, p.specialists, p.glory_cards = "pleased", {}, 0, [], []
    s.npcs, s.locations["havana"] = {}, "town"
    return s, me


def test_mm_m11_18_pleaseds_free_specialist_is_a_port_hire_not_a_towns() -> None:
    s, me = _pleased()
    at_sea(s, me, "havana")
    s = do(s, me, "visit")
    assert isinstance(top(s), P.VisitPrompt) and "specialist" not in options(s, me), \
        "the Town's one sub-action menu has no specialist hire"
    s, me = _pleased()
    in_port(s, me, "havana")
    s = do(s, me, "port")
    assert "specialist" in options(s, me), "in the port of the same zone it is offered, free"


# ---- Module 4: a player's ship taken with NPC tokens aboard ----
def _prize(**opts: Any) -> tuple[State, int, int]:
    """The loser's sloop carries hammocks and grapeshot, both taken from an NPC (with Module 4)."""
    s = started(3, seed="gaps-prize", **opts)
    a, d = s.order[0], s.order[1]
    q = s.players[d]
    q.ship.modifications, q.ship.weapons = ["hammocks"], ["grapeshot"]
    if UT.on(s):
        q.ship.npc_tokens = ["hammocks", "grapeshot_1"]
        s.npc_reserve = [t for t in s.npc_reserve if t not in q.ship.npc_tokens]      # taken out of it
    s.players[a].ship.weapons = []
    s.stack.append(P.PlunderPrompt(seats=[a], loser=d))
    return s, a, d


def test_mm_m4_20_npc_tokens_on_a_players_ship_go_with_it_and_back_to_the_reserve_when_it_sinks() -> None:
    s, a, d = _prize(module_4=True)
    s = do(s, a, "take weapon grapeshot")
    assert s.players[a].ship.npc_tokens == ["grapeshot_1"] and s.players[d].ship.npc_tokens == ["hammocks"]
    s = do(s, a, "take ship")
    me = s.players[a]
    assert me.ship.modifications == ["hammocks"] and sorted(me.ship.npc_tokens) == ["grapeshot_1", "hammocks"]
    assert s.players[d].ship.npc_tokens == []
    UT.settle_tokens(s)
    kill(s, d, [])                                  # the beaten captain dies: nothing of theirs goes back
    assert "hammocks" not in s.npc_reserve and "grapeshot_1" not in s.npc_reserve
    ports = [s.zones[z].modification for z in PORTS]
    kill(s, a, [])                                  # the prize sinks with its new captain
    assert {"hammocks", "grapeshot_1"} <= set(s.npc_reserve)
    assert [s.zones[z].modification for z in PORTS] == ports, "an NPC token goes to the NPC reserve, not a port"


def test_without_module_4_a_prizes_modification_is_an_ordinary_one() -> None:
    s, a, d = _prize()
    s = do(s, a, "take ship")
    assert s.players[a].ship.modifications == ["hammocks"] and s.players[a].ship.npc_tokens == []
    for z in PORTS:
        s.zones[z].modification = None
    kill(s, a, [])
    assert "hammocks" in [s.zones[z].modification for z in PORTS] and s.npc_reserve == []


# ---- Module 4: only the leaving ship's tokens go back ----
def _two_hammocks(**opts: Any) -> tuple[State, int, int]:
    """The active seat sells its sloop in Havana (the one free port), its hammocks bought in a
    port; another seat's hammocks came from an NPC."""
    s = started(2, seed="gaps-claim", **opts)
    me = s.turn.seat
    other = 1 - me
    in_port(s, me, "havana")
    s.players[me].ship.gold = 60
    s.players[me].ship.modifications = ["hammocks"]
    s.players[other].ship.modifications = ["hammocks"]
    if UT.on(s):
        s.players[other].ship.npc_tokens = ["hammocks"]
        s.npc_reserve.remove("hammocks")            # the one hammocks token, taken from an NPC
    s.zones["havana"].modification = None
    s.stack.pop()
    s.stack.append(P.ShipyardPrompt(seats=[me]))
    return s, me, other


def test_mm_m4_18_a_sold_ship_sends_back_its_own_npc_tokens_not_another_ships() -> None:
    s, me, other = _two_hammocks(module_4=True)
    reserve = list(s.npc_reserve)
    s = do(s, me, "ship frigate")
    assert s.players[other].ship.npc_tokens == ["hammocks"], "the other ship keeps its NPC token"
    assert s.npc_reserve == reserve and s.zones["havana"].modification == "hammocks", \
        "the seller's own hammocks go to a port as usual"


def test_mm_m4_18_a_sold_ship_sends_its_own_npc_token_to_the_npc_reserve() -> None:
    s, me, other = _two_hammocks(module_4=True)
    s.players[me].ship.npc_tokens, s.players[other].ship.npc_tokens = ["hammocks"], []
    s = do(s, me, "ship frigate")
    assert "hammocks" in s.npc_reserve and s.zones["havana"].modification is None


def test_without_module_4_the_sold_hammocks_go_to_a_port() -> None:
    s, me, other = _two_hammocks()
    s = do(s, me, "ship frigate")
    assert s.zones["havana"].modification == "hammocks" and s.players[other].ship.modifications == ["hammocks"]
