"""The 8 event cards through play, and the 2-player ghost action each one shows
(rules/end_of_stage.py, data/scoundrel_bay/events.toml)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import GHOST, State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, options, top, waiting
from tests.engine.scoundrel_bay.test_stage import bid_all, end_turn, quiet_event, sail_past


def event_now(s: State, event: str, seat: int = 0) -> State:
    """`seat` ends stage 2 (reef 2: no reward for passing it) and `event` is revealed."""
    s.reefs_passed = [1]
    return end_turn(sail_past(s, seat, 2, event), seat)


def resources(s: State, seat: int, **have: int) -> None:
    s.players[seat].resources = {"ring": 0, "map": 0, "rum": 0, "food": 0, **have}


# ---- Too Good to be True ----------------------------------------------------------------

def test_sb_evt_01_02_too_good_to_be_true_one_resource_for_two_others() -> None:
    s = game(3)
    resources(s, 0, ring=1)
    resources(s, 1, map=1, rum=1)
    resources(s, 2)
    s = event_now(s, "too-good-to-be-true")
    assert isinstance(top(s), P.ExchangePrompt) and waiting(s) == (0, 1, 2)
    ring = [o for o in options(s, 0) if o != "decline"]
    assert sorted(ring) == sorted(f"exchange ring for {a}+{b}" for a, b in
                                  (("map", "map"), ("map", "rum"), ("map", "food"), ("rum", "rum"), ("rum", "food"), ("food", "food")))
    assert not any(o.endswith("ring") or "+ring" in o for o in options(s, 1))           # never a ring back
    assert not any(o.startswith("exchange map for map") or "+map" in o for o in options(s, 1) if o.startswith("exchange map"))
    assert "exchange map for rum+rum" in options(s, 1)                                 # both of one kind
    assert options(s, 2) == ["decline"]                                                 # nothing to give
    s = do(s, 0, "exchange ring for food+food")
    s = do(s, 1, "decline")                                                             # optional
    s = do(s, 2, "decline")
    assert s.players[0].resources["ring"] == 0 and s.players[0].resources["food"] >= 2
    assert s.players[1].resources["map"] == 1 and s.players[1].resources["rum"] == 1


# ---- Scoundrels' Arrival ----------------------------------------------------------------

def test_sb_evt_03_04_arrival_free_recruits_in_reputation_order_then_one_refill() -> None:
    s = game(3)
    s.reputation.advance(2, 3)
    s.reputation.advance(0, 1)                        # order: seat 2, seat 0, seat 1
    for seat in (0, 1, 2):
        resources(s, seat)                            # no rum at all: the recruit is free
    s = event_now(s, "scoundrels-arrival", seat=1)
    display = list(s.display)
    assert isinstance(top(s), P.DisplayRecruitPrompt) and waiting(s) == (2,)
    last = len(display)
    s = do(s, 2, f"recruit-slot {last}")               # the dearest slot, for no rum
    assert display[last - 1] in [c for cards in s.players[2].crew.values() for c in cards]
    assert s.display[last - 1] is None                # not refilled yet
    assert waiting(s) == (0,)
    assert f"recruit-slot {last}" not in options(s, 0)
    s = do(s, 0, "recruit-slot 1")
    assert s.display[0] is None and waiting(s) == (1,)
    s = do(s, 1, "decline")
    assert all(c is not None for c in s.display)      # refilled once all have chosen
    assert s.display[:2] == [display[i] for i in range(1, len(display) - 1)][:2]
    assert isinstance(top(s), P.FeedPrompt)


# ---- Scoundrels on the Move -------------------------------------------------------------

def test_sb_evt_05_06_on_the_move_two_moves_in_reputation_order_same_pirate_twice() -> None:
    s = game(3)
    s.reputation.advance(1, 2)
    s.regions["tarwick"].pirates = {0: 1}
    s.regions["cabyss"].pirates = {1: 1}
    s.players[0].tools["sword"] = 1
    s = event_now(s, "scoundrels-on-the-move")
    assert isinstance(top(s), P.MovePrompt) and waiting(s) == (1,)   # most reputation first
    s = do(s, 1, "done")                                             # 0 moves is allowed
    assert waiting(s) == (0,)
    assert "move tarwick crows-hollow" not in options(s, 0)          # a bridge needs 5 swords
    s = do(s, 0, "move tarwick gullsand-beach")
    s = do(s, 0, "move gullsand-beach port-harleem")                 # the same pirate again
    assert s.regions["port-harleem"].pirates[0] == 1 and s.regions["tarwick"].pirates[0] == 0
    assert isinstance(top(s), P.FeedPrompt)                          # two moves, no third


def test_sb_evt_05_on_the_move_a_bridge_is_open_with_5_swords() -> None:
    s = game(3)
    s.regions["tarwick"].pirates = {0: 1}
    s.players[0].tools["sword"] = 5
    s = event_now(s, "scoundrels-on-the-move")
    assert "move tarwick crows-hollow" in options(s, 0)


# ---- the reward bids ------------------------------------------------------------------------

CHOICES = {
    "the-dockmaster": ["ring + 2 ship repairs", "ring + ship repair", "ship repair"],
    "the-mysterious-merchant": ["2 reputation + 2 food", "reputation + food", "reputation"],
    "the-scoundrels-spoils": ["sword + 2 maps", "shield + 2 rum", "gun + 5 doubloons"],
}


def snapshot(s: State, seat: int, cooked: bool = False) -> dict[str, int]:
    p = s.players[seat]
    food = p.resources["food"] - (p.tools["food_production"] if cooked else 0)
    return {**p.resources, "food": food, **p.tools, "doubloons": p.doubloons, "damage": p.ship_damage,
            "reputation": s.reputation.space(seat)}


@pytest.mark.parametrize("event", sorted(CHOICES))
def test_sb_evt_07_08_09_reward_bids_pay_the_card_s_rewards(event: str) -> None:
    choices = defs().events.events[event].choices
    assert [[(r.gain, r.n) for r in c] for c in choices] == {
        "the-dockmaster": [[("ring", 1), ("ship_repair", 2)], [("ring", 1), ("ship_repair", 1)], [("ship_repair", 1)]],
        "the-mysterious-merchant": [[("reputation", 2), ("food", 2)], [("reputation", 1), ("food", 1)], [("reputation", 1)]],
        "the-scoundrels-spoils": [[("sword", 1), ("map", 2)], [("shield", 1), ("rum", 2)], [("gun", 1), ("doubloons", 5)]],
    }[event]
    s = game(3)
    for seat, p in enumerate(s.players):
        p.doubloons, p.ship_damage = 10, 4
        p.tools.update(sword=2, gun=2, shield=2)
        s.reputation.advance(seat, 5)                     # spaces 6 and 7 give no food nor tools
    s = event_now(s, event)
    s = bid_all(s, {0: 9, 1: 7, 2: 6})
    before = {seat: snapshot(s, seat) for seat in (0, 1, 2)}
    assert waiting(s) == (0,) and options(s, 0) == ["pick 1", "pick 2", "pick 3"]
    s = do(s, 0, "pick 3")
    assert waiting(s) == (1,) and options(s, 1) == ["pick 1", "pick 2"]
    s = do(s, 1, "pick 1")
    s = quiet_event(s)
    assert isinstance(top(s), P.FeedPrompt)
    got = {seat: {k: v - before[seat][k] for k, v in snapshot(s, seat, cooked=True).items() if v != before[seat][k]}
           for seat in (0, 1, 2)}
    want = {
        "the-dockmaster": ({"damage": -1}, {"ring": 1, "damage": -2}),
        "the-mysterious-merchant": ({"reputation": 1}, {"reputation": 2, "food": 2}),
        "the-scoundrels-spoils": ({"gun": 1, "doubloons": 5}, {"sword": 1, "map": 2}),
    }[event]
    # a reputation space's own bonus may come with the reputation: only the card's rewards are checked
    for seat, w in ((0, want[0]), (1, want[1])):
        assert {k: got[seat].get(k) for k in w} == w
    assert got[2] == {}                                   # the lowest bidder: no reward


def test_sb_evt_09_bid_15_16_17_the_spoils_example_through_play() -> None:
    """Taylor 9 pays the pot and takes gun + 5; Lisa 7 pays the supply for shield + 2 rum;
    David 6 keeps his 6 and gets nothing."""
    s = game(3)
    for p in s.players:
        p.doubloons = 10
    s = event_now(s, "the-scoundrels-spoils")
    gun, shield, rum = s.players[0].tools["gun"], s.players[1].tools["shield"], s.players[1].resources["rum"]
    s = bid_all(s, {0: 9, 1: 7, 2: 6})
    s = do(s, 0, "pick 3")
    s = do(s, 1, "pick 2")
    assert s.pot == 9
    assert (s.players[0].doubloons, s.players[0].tools["gun"]) == (10 - 9 + 5, gun + 1)
    assert (s.players[1].doubloons, s.players[1].tools["shield"], s.players[1].resources["rum"]) == (3, shield + 1, rum + 2)
    assert s.players[2].doubloons == 10
    assert isinstance(top(s), P.FeedPrompt)


# ---- the pardon bids ----------------------------------------------------------------------

def test_sb_evt_10_rat_kings_due_three_resources_of_the_lowest_s_choice() -> None:
    s = game(3)
    resources(s, 1, map=2, rum=1, food=1)
    damage = s.players[1].ship_damage
    s = event_now(s, "the-rat-kings-due")
    s = bid_all(s, {0: 1, 1: 0, 2: 1})
    assert waiting(s) == (1,) and options(s, 1) == ["give map", "give rum", "give food"]
    for r in ("food", "map", "map"):
        s = do(s, 1, f"give {r}")
    assert isinstance(top(s), P.FeedPrompt)          # everyone has cooked since
    assert s.players[1].resources == {"ring": 0, "map": 0, "rum": 1, "food": s.players[1].tools["food_production"]}
    assert s.players[1].ship_damage == damage


def test_sb_evt_11_rat_kings_due_nothing_to_give_is_3_ship_damage() -> None:
    s = game(3)
    resources(s, 2)
    damage = s.players[2].ship_damage
    s = event_now(s, "the-rat-kings-due")
    s = bid_all(s, {0: 1, 1: 1, 2: 0})
    assert s.players[2].ship_damage == damage + 3 and isinstance(top(s), P.FeedPrompt)


def test_sb_evt_12_13_walk_the_plank_two_pirates_active_or_sick() -> None:
    s = game(3)
    s.players[1].crew_space = Crew(captain="active", active=1, sick=2)
    s = event_now(s, "walk-the-plank")
    s = bid_all(s, {0: 1, 1: 0, 2: 1})
    assert isinstance(top(s), P.LosePrompt) and options(s, 1) == ["lose active", "lose sick"]
    s = do(s, 1, "lose sick")
    s = do(s, 1, "lose active")
    assert s.players[1].crew_space == Crew(captain="active", active=0, sick=1)
    assert s.graveyard[1] == 2 and s.players[0].crew_space.active > 0


def test_sb_evt_12_13_walk_the_plank_the_captain_goes_last_and_a_shortfall_is_damage() -> None:
    """Reading: the captain only when no other pirate is aboard; it counts 2 in the graveyard."""
    s = game(3)
    s.players[1].crew_space = Crew(captain="active", active=0, sick=0)
    damage = s.players[1].ship_damage
    s = event_now(s, "walk-the-plank")
    s = bid_all(s, {0: 1, 1: 0, 2: 1})
    assert s.players[1].captain_dead and s.graveyard[1] == 2
    assert s.players[1].ship_damage == damage + 1                   # the second pirate is missing
    s2 = game(3)
    s2.players[1].crew_space = Crew(captain="active", active=1, sick=0)
    s2 = event_now(s2, "walk-the-plank")
    s2 = bid_all(s2, {0: 1, 1: 0, 2: 1})
    assert s2.players[1].captain_dead and s2.graveyard[1] == 1 + 2  # the pirate first, then the captain


def test_sb_evt_13_walk_the_plank_nobody_aboard_is_2_ship_damage() -> None:
    s = game(3)
    s.players[1].crew_space = Crew(captain="away", active=0, sick=0)
    s.players[1].captain_at = "tarwick"
    damage = s.players[1].ship_damage
    s = event_now(s, "walk-the-plank")
    s = bid_all(s, {0: 1, 1: 0, 2: 1})
    assert s.players[1].ship_damage == damage + 2 and not s.graveyard.get(1)


# ---- 2 players: the ghost action of each card --------------------------------------------

@pytest.mark.parametrize("event", sorted(defs().events.events))
def test_sb_evt_15_each_event_s_ghost_action_after_the_event(event: str) -> None:
    s = game(2)
    ghost = defs().events.events[event].ghost
    reserve, there, dead = s.ghost_reserve, s.regions[ghost.harbor].pirates.get(GHOST, 0), s.graveyard.get(GHOST, 0)
    s = event_now(s, event)
    s = quiet_event(s)
    assert isinstance(top(s), P.FeedPrompt)
    harbor = s.regions[ghost.harbor]
    if ghost.action == "add":
        assert (s.ghost_reserve, harbor.pirates.get(GHOST, 0)) == (reserve - 1, there + 1)
    else:
        assert there > 0
        assert (harbor.pirates.get(GHOST, 0), s.graveyard.get(GHOST, 0), s.ghost_reserve) == (there - 1, dead + 1, reserve)


def test_sb_evt_15_no_ghost_action_with_3_players() -> None:
    s = game(3)
    s = quiet_event(event_now(s, "the-mysterious-merchant"))
    assert s.regions["arbega"].pirates.get(GHOST, 0) == 0 and s.ghost_reserve == 0
