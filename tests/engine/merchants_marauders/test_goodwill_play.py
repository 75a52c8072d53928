"""Goodwill through play (Seas of Glory Module 10): bought in port, offered as a reroll after a
failed check outside fights and raids, only to its owner, whatever the bounties and wars; never
against an event. The pure rule tests (test_goodwill.py) stay beside these.

The captain is Pieter Hoogeveen (Seamanship 2, Scouting 2), Dutch, home port Curaçao."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import home_port
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR, _duel, _round


def _favoured(goodwill: int, seed: str = "favour") -> tuple[State, int]:
    s = started(2, seed=seed, module_10=True)
    me = active(s)
    no_cards(s)
    p = s.players[me]
    p.captain, p.goodwill, p.bounties = AGGRESSOR, goodwill, {}
    at_sea(s, me, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting, s.wars, s.npcs = 0, [], {}
    return s, me


def test_mm_m10_01_every_captain_starts_with_no_goodwill() -> None:
    s = started(4, seed="none", module_10=True)
    assert [p.goodwill for p in s.players] == [0, 0, 0, 0]


def test_mm_m10_13_no_goodwill_reroll_of_a_raids_roll() -> None:
    s, me = _favoured(3, seed="raid")
    dice(s, SKULL, 1)
    s = do(s, me, "scout merchant")
    dice(s, 1, 2)                                            # the raid's Seamanship: no skull
    s = do(s, me, "nation spain")
    assert isinstance(top(s), P.RaidSkullPrompt) and not any("reroll" in o for o in options(s, me)), \
        "no reroll of the dice (the cards' redraw, MM-M10-07, is another use)"
    assert s.players[me].goodwill == 3


def test_mm_m10_13_no_goodwill_reroll_in_a_naval_combat() -> None:
    s, a, d = _duel(seed="fight", module_10=True)
    s.players[a].goodwill = s.players[d].goodwill = 3
    s = _round(s, a, d, ("shoot", "shoot"), 1, 1, 1, 1)     # nobody wins the contest
    assert isinstance(top(s), P.OrdersPrompt) and s.fight is not None and s.fight.round_no == 2
    assert s.players[a].goodwill == 3


def test_mm_m10_11_21_a_failed_scouting_is_offered_again_only_for_its_own_goodwill() -> None:
    s, me = _favoured(1, seed="mine")
    dice(s, 1, 2)
    s = do(s, me, "scout merchant")
    assert isinstance(top(s), P.RerollPrompt) and top(s).goodwill
    s, me = _favoured(0, seed="theirs")
    other = next(x for x in s.order if x != me)
    s.players[other].goodwill = 5
    dice(s, 1, 2)
    s = do(s, me, "scout merchant")
    assert not isinstance(top(s), P.RerollPrompt), "another captain's goodwill helps no one else"


def test_mm_m10_20_a_wanted_captain_at_war_still_buys_and_spends_goodwill() -> None:
    s, me = _favoured(0, seed="wanted")
    p = s.players[me]
    p.bounties = {"spain": 2}
    s.wars = [("england", "netherlands")]
    in_port(s, me, home_port(p))
    p.ship.gold = 10
    s = do(s, me, "port")
    s = do(s, me, "goodwill")
    assert p.goodwill == 0 and s.players[me].goodwill == 1 and s.players[me].ship.gold == 8
    s = do(s, me, "done")
    s = do(s, me, "leave")
    s.zones[s.players[me].zone].merchant = "spain"
    dice(s, 1, 2)
    s = do(s, me, "scout merchant")
    assert isinstance(top(s), P.RerollPrompt), "and spends it"
    dice(s, SKULL, 1)
    s = do(s, me, "reroll")
    assert s.players[me].goodwill == 0 and s.raid is not None


def test_mm_m10_08_an_event_turned_at_a_rounds_start_is_never_offered_again() -> None:
    s, me = _favoured(5, seed="event")
    in_port(s, me, home_port(s.players[me]))
    first = s.round.number
    while s.round.number == first:
        s = do(s, active(s), "end")
    assert isinstance(top(s), P.ActionPrompt) and not any("redraw" in o for o in options(s, active(s)))
    assert s.players[me].goodwill == 5


def test_mm_m10_03_04_taking_a_mission_and_completing_it_each_give_1_goodwill() -> None:
    from engine.merchants_marauders.rules.rumours_missions import Slot
    s, me = _favoured(0, seed="mission")
    p = s.players[me]
    p.specialists, p.rumour, p.ship.cargo = [], None, []
    s.board = [Slot(mission="mi-02"), Slot(mission="mi-03")]      # mi-02: 2 rum, Port Royal to Old Providence
    in_port(s, me, "port_royal")
    s = do(s, me, "port")
    dice(s, SKULL, 1, 1)
    s = do(s, me, f"claim {s.board[0].mission}")
    assert s.players[me].goodwill == 1, "taken: 1"
    s = do(s, me, "done")
    in_port(s, me, "old_providence")
    s.players[me].ship.cargo = ["rum-1", "rum-2"]
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("rum-1", "rum-2")]
    s = do(s, me, "attempt")
    assert s.players[me].goodwill == 2 and s.players[me].glory == 1, "completed: 1 more"


def test_mm_m10_09_the_mission_an_event_draws_onto_the_board_is_never_offered_again() -> None:
    """The mercenaries event draws a third mission: no redraw is offered to anyone, however much
    goodwill they hold."""
    s = started(2, seed="merc-goodwill", module_1=True, module_10=True)
    for p in s.players:
        p.goodwill = 5
    s.events.pile.append("sev-10")
    first = s.round.number
    while s.round.number == first:
        s = do(s, active(s), "end")
    assert len(s.board) == 3 and all(x.mission for x in s.board), "the event drew a third mission"
    assert isinstance(top(s), P.ActionPrompt)
    assert not any("redraw" in o for seat in s.order for o in options(s, seat))
    assert [p.goodwill for p in s.players] == [5, 5]
