"""Rumours and missions (engine/merchants_marauders/rules/rumours_missions.py): acquiring a rumour
with an Influence check and holding one, looking into it at its target, the missions on the board
with Module 1's tokens and third slot, claiming, attempting each kind, and the replacement draws.
Cards come from the data (card_defs.cards()) where a real one shows the rule best."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.card_effects import Effect, SpecialistKind
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import glory
from engine.merchants_marauders.rules import rumours_missions as rm
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.rumours_missions import Mission, Rumour, Slot
from engine.merchants_marauders.vocab import Face, Good, Nation, Zone

GOLD8 = Effect(do="gold", n=8)
AT_SEA = Rumour(id="r-sea", target="caracas", at="sea", truth=True, reward=GOLD8)
IN_PORT = Rumour(id="r-port", target="havana", at="port", truth=True, reward=GOLD8)
FALSE = Rumour(id="r-false", target="havana", at="port", truth=False, reward=GOLD8)


def card(i: str, good: Good) -> CargoCard:
    return CargoCard(id=i, good=good)


def mission(kind: str) -> Mission:
    """The first mission of that kind in the game's decks."""
    deck = cards().mission_deck(sog=True)
    return rm.mission_of(next(m for m in deck if m.kind == kind))


# ---- acquiring a rumour (MMB-PORT-17) ----
def test_mmb_port_17_a_passed_influence_check_draws_one_rumour_in_secret() -> None:
    held, deck = rm.acquire_rumour(None, True, [1, "skull"], ["r1", "r2"])
    assert held == "r1" and deck == ["r2"]
    held, deck = rm.acquire_rumour(None, True, [1, 4, 3], ["r1", "r2"])
    assert held is None and deck == ["r1", "r2"]            # failed: nothing drawn


def test_mmb_port_17_only_one_rumour_at_a_time_and_only_in_port() -> None:
    with pytest.raises(IllegalActionError, match="already hold a rumour"):
        rm.acquire_rumour("r0", True, ["skull"], ["r1"])
    with pytest.raises(IllegalActionError, match="in port"):
        rm.acquire_rumour(None, False, ["skull"], ["r1"])
    with pytest.raises(IllegalActionError, match="deck is empty"):
        rm.acquire_rumour(None, True, ["skull"], [])


def test_mmb_map_13_san_juan_adds_an_influence_die_for_rumours_only() -> None:
    zones = defs().map.zones
    san_juan = zones["san_juan"].property
    assert rm.extra_dice(san_juan, "influence", "rumour") == 1
    assert rm.extra_dice(san_juan, "influence", "mission") == 0
    assert rm.extra_dice(zones["havana"].property, "influence", "rumour") == 0
    assert rm.dice_for(2, rm.extra_dice(san_juan, "influence", "rumour")) == 3


def test_mmb_map_14_caracas_adds_an_influence_die_for_missions_only() -> None:
    caracas = defs().map.zones["caracas"].property
    assert rm.extra_dice(caracas, "influence", "mission") == 1
    assert rm.extra_dice(caracas, "influence", "rumour") == 0
    assert rm.extra_dice(caracas, "scouting", "mission") == 0


def test_a_captains_influence_ability_adds_its_die_as_a_port_does() -> None:
    ines = defs().captains.captains["ines_valcarcel"].ability.effects
    assert rm.extra_dice(ines, "influence", "mission") == 1
    assert rm.extra_dice(ines, "influence", "rumour") == 0


# ---- looking into a rumour (MMB-DECK-05) ----
def test_mmb_deck_05_a_sea_rumour_rolls_scouting_in_its_zone_a_port_rumour_influence_in_port() -> None:
    assert rm.investigation_skill(AT_SEA) == "scouting" and rm.investigation_skill(IN_PORT) == "influence"
    assert rm.may_investigate(AT_SEA, "caracas", in_port=False)
    assert not rm.may_investigate(AT_SEA, "caracas", in_port=True)       # its port is not the sea
    assert not rm.may_investigate(AT_SEA, "trinidad", in_port=False)
    assert rm.may_investigate(IN_PORT, "havana", in_port=True)
    assert not rm.may_investigate(IN_PORT, "havana", in_port=False)
    with pytest.raises(IllegalActionError, match="at sea in caracas"):
        rm.investigate(AT_SEA, "caracas", True, ["skull"])
    with pytest.raises(IllegalActionError, match="in the port of havana"):
        rm.investigate(IN_PORT, "nassau", True, ["skull"])


def test_mmb_deck_05_a_true_rumour_gives_one_glory_and_its_reward() -> None:
    r = rm.investigate(IN_PORT, "havana", True, [2, "skull"])
    assert r.revealed and r.true and r.glory == 1 and r.reward == GOLD8 and r.discard
    assert glory.draws_glory_cards("rumour")                 # that point draws a glory card


def test_mmb_deck_05_a_false_rumour_is_revealed_and_discarded_for_nothing() -> None:
    r = rm.investigate(FALSE, "havana", True, ["skull"])
    assert r.revealed and r.true is False and r.glory == 0 and r.reward is None and r.discard


def test_mmb_deck_05_a_failed_look_reveals_nothing_and_keeps_the_rumour() -> None:
    r = rm.investigate(FALSE, "havana", True, [1, 2, 3])
    assert not r.revealed and r.true is None and not r.discard and r.glory == 0


def test_the_data_rumours_are_looked_into_where_their_symbol_says() -> None:
    for d in cards().rumour_deck(sog=True):
        r = rm.rumour_of(d)
        assert rm.investigation_skill(r) == d.check
        assert rm.may_investigate(r, d.target, d.at == "port")


# ---- rumour rewards ----
def test_cargo_reward_draws_n_cards_and_distinct_goods_passes_over_repeats() -> None:
    deck = [card("a", "rum"), card("b", "rum"), card("c", "sugar"), card("d", "rum"), card("e", "coffee"), card("f", "spices")]
    taken, passed, rest = rm.cargo_reward(deck, 3)
    assert [c.id for c in taken] == ["a", "b", "c"] and passed == [] and [c.id for c in rest] == ["d", "e", "f"]
    taken, passed, rest = rm.cargo_reward(deck, 3, distinct_goods=True)
    assert [c.id for c in taken] == ["a", "c", "e"] and [c.id for c in passed] == ["b", "d"]
    assert [c.id for c in rest] == ["f"]
    taken, _, rest = rm.cargo_reward(deck[:2], 3, distinct_goods=True)
    assert [c.id for c in taken] == ["a"] and rest == []      # a short deck gives what it has


def test_the_replacement_cargo_rumour_draws_three_different_goods() -> None:
    swapped = {r.id: r for r in cards().rumour_deck(contraband=True)}
    new = swapped["sru-r1"]
    assert new.reward.distinct_goods and new.reward.n == 3
    goods: list[Good] = ["rum", "rum", "rum", "sugar", "sugar", "timber"]
    deck = [card(str(i), g) for i, g in enumerate(goods)]
    taken, passed, _ = rm.cargo_reward(deck, new.reward.n, new.reward.distinct_goods)
    assert [c.good for c in taken] == ["rum", "sugar", "timber"] and len(passed) == 3


def test_specialist_reward_takes_the_first_specialist_of_the_kind_asked() -> None:
    deck: list[tuple[str, SpecialistKind | None]] = [("g1", None), ("g2", "gunner"), ("g3", "surgeon"), ("g4", None)]
    assert rm.specialist_reward(deck) == ("g2", [("g1", None), ("g3", "surgeon"), ("g4", None)])
    assert rm.specialist_reward(deck, "surgeon") == ("g3", [("g1", None), ("g2", "gunner"), ("g4", None)])
    assert rm.specialist_reward(deck, "carpenter") == (None, deck)


def test_weapon_and_crew_rewards() -> None:
    kinds = rm.weapon_reward_kinds(["chain_shot"], {"chain_shot": 2, "grapeshot": 1, "boarding_hooks": 0})
    assert kinds == ["grapeshot"]
    assert rm.crew_reward(3) == 3


# ---- the mission board (MMB-DECK-07, MM-M1-08 to -11) ----
def test_mmb_deck_07_two_missions_in_play_and_a_finished_one_replaced_at_once() -> None:
    board, deck = rm.deal_missions(["m1", "m2", "m3", "m4"])
    assert [s.mission for s in board] == ["m1", "m2"] and deck == ["m3", "m4"]
    board, _ = rm.claim_mission(board, mission_stub("m2", "havana"), 1, "havana", ["skull"])
    assert [s.mission for s in board] == ["m1", "m2"]         # a claimed mission keeps its slot
    board, deck = rm.replace(board, "m2", deck)
    assert board == (Slot(mission="m1"), Slot(mission="m3")) and deck == ["m4"]
    board, deck = rm.replace(board, "m1", deck)
    assert board == (Slot(mission="m4"), Slot(mission="m3")) and deck == []
    board, deck = rm.replace(board, "m4", deck)
    assert board == (Slot(), Slot(mission="m3"))                  # an empty deck leaves the slot empty
    with pytest.raises(ValueError, match="not in play"):
        rm.replace(board, "m9", deck)


def test_mm_m1_11_the_mercenaries_event_adds_a_third_mission_once() -> None:
    board, deck = rm.deal_missions(["m1", "m2", "m3", "m4", "m5"])
    board, deck = rm.open_third_slot(board, deck)
    assert [s.mission for s in board] == ["m1", "m2", "m3"] and deck == ["m4", "m5"]
    board, deck = rm.replace(board, "m3", deck)
    assert [s.mission for s in board] == ["m1", "m2", "m4"]      # the third slot is refilled too
    again, deck2 = rm.open_third_slot(board, deck)
    assert again == board and deck2 == deck                     # no fourth slot
    mercenaries = [e for e in cards().event_deck(sog=True) if e.kind == "mercenaries"]
    assert mercenaries and mercenaries[0].effects[0].do == "extra_mission_slot"


def test_mm_m1_08_and_09_mission_tokens_mark_the_claim_zone_and_pair_with_the_card() -> None:
    board, _ = rm.deal_missions(["m1", "m2", "m3"])
    board, _ = rm.open_third_slot(board, ["m3"])
    ports: dict[str, Zone] = {"m1": "havana", "m2": "tortuga", "m3": "caracas"}
    assert rm.markers(board, ports) == {1: ("m1", "havana"), 2: ("m2", "tortuga"), 3: ("m3", "caracas")}
    board, _ = rm.claim_mission(board, mission_stub("m2", "tortuga"), 4, "tortuga", ["skull"])
    assert rm.markers(board, ports)[2] == ("m2", None)           # claimed: the map token comes off


# ---- claiming (MMB-PORT-18) ----
def mission_stub(mid: str, claim: str, kind: str = "envoy", target: str = "nassau", n: int = 2) -> Mission:
    test = Effect(do="passenger", n=n) if kind == "passenger" else Effect(do="check", skill="influence", n=n)
    return Mission.model_validate({"id": mid, "kind": kind, "claim": claim, "target": target, "test": test,
                                   "reward": Effect(do="gold", n=9)})


def test_mmb_port_18_a_mission_is_claimed_at_its_port_with_an_influence_check() -> None:
    m = mission_stub("m1", "havana")
    board, _ = rm.deal_missions(["m1", "m2"])
    after, ok = rm.claim_mission(board, m, 1, "havana", [3, "skull"])
    assert ok and rm.held_by(after, 1) == "m1" and after[0] == Slot(mission="m1", holder=1)
    failed, ok = rm.claim_mission(board, m, 1, "havana", [3, 4])
    assert not ok and failed == board and rm.held_by(failed, 1) is None
    with pytest.raises(IllegalActionError, match="claimed in the port of havana"):
        rm.claim_mission(board, m, 1, "nassau", ["skull"])
    with pytest.raises(IllegalActionError, match="claimed in the port of havana"):
        rm.claim_mission(board, m, 1, None, ["skull"])               # at sea off Havana
    with pytest.raises(IllegalActionError, match="not on offer"):
        rm.claim_mission(after, m, 2, "havana", ["skull"])           # taken by seat 1


def test_mmb_port_18_a_captain_holds_one_mission_at_most() -> None:
    board, _ = rm.deal_missions(["m1", "m2"])
    board, _ = rm.claim_mission(board, mission_stub("m1", "havana"), 1, "havana", ["skull"])
    with pytest.raises(IllegalActionError, match="already hold a mission"):
        rm.claim_mission(board, mission_stub("m2", "havana"), 1, "havana", ["skull"])
    board, ok = rm.claim_mission(board, mission_stub("m2", "havana"), 2, "havana", ["skull"])
    assert ok and rm.held_by(board, 2) == "m2"


def test_a_passenger_needs_its_hold_spaces_free_to_be_claimed() -> None:
    m = mission_stub("m1", "havana", kind="passenger", n=2)
    board, _ = rm.deal_missions(["m1"], slots=1)
    assert rm.passenger_space(m) == 2 and rm.passenger_space(mission_stub("m2", "havana")) == 0
    with pytest.raises(IllegalActionError, match="needs 2 free hold spaces; you have 1"):
        rm.claim_mission(board, m, 1, "havana", ["skull"], free_hold=1)
    _, ok = rm.claim_mission(board, m, 1, "havana", ["skull"], free_hold=2)
    assert ok


# ---- attempting, by kind ----
def test_a_delivery_hands_over_exactly_the_goods_asked_at_the_target_port() -> None:
    m = mission("delivery")
    good, n = m.test.good, m.test.n
    assert good is not None and m.target is not None
    hold = [card(f"c{i}", good) for i in range(n)] + [card("x", "timber" if good != "timber" else "rum")]
    ids = [c.id for c in hold[:n]]
    out = rm.attempt_mission(m, m.target, True, cargo=hold, delivering=ids)
    assert out.done and out.glory == 1 and out.gold == m.reward.n
    assert [c.id for c in out.delivered] == ids and [c.id for c in out.cargo] == ["x"]
    with pytest.raises(IllegalActionError, match=f"takes {n} {good}"):
        rm.attempt_mission(m, m.target, True, cargo=hold, delivering=ids[:-1])
    with pytest.raises(IllegalActionError, match=f"takes {n} {good}"):
        rm.attempt_mission(m, m.target, True, cargo=hold, delivering=[*ids[:-1], "x"])
    with pytest.raises(IllegalActionError, match="from your cargo"):
        rm.attempt_mission(m, m.target, True, cargo=hold, delivering=[*ids[:-1], "zz"])
    with pytest.raises(IllegalActionError, match=f"in the port of {m.target}"):
        rm.attempt_mission(m, m.claim, True, cargo=hold, delivering=ids)


def test_a_passenger_lands_at_the_target_port() -> None:
    m = mission("passenger")
    assert m.target is not None
    assert rm.attempt_mission(m, m.target, True).done
    assert not rm.may_attempt(m, m.target, False)               # at sea outside the port


def test_a_survey_passes_a_scouting_check_with_the_skulls_asked_at_sea() -> None:
    m = mission("survey")
    n, target = m.test.n, m.target
    assert target is not None and rm.attempt_skill(m) == "scouting" and n >= 2
    assert rm.attempt_mission(m, target, False, ["skull"] * n).done
    faces: list[Face] = ["skull"] * (n - 1)
    miss = rm.attempt_mission(m, target, False, [*faces, 4])
    assert not miss.done and miss.glory == 0 and miss.gold == 0
    with pytest.raises(IllegalActionError, match=f"at sea in {target}"):
        rm.attempt_mission(m, target, True, ["skull"] * n)


def test_an_envoy_passes_an_influence_check_with_the_skulls_asked_in_port() -> None:
    m = mission("envoy")
    n, target = m.test.n, m.target
    assert target is not None and rm.attempt_skill(m) == "influence"
    assert rm.attempt_mission(m, target, True, ["skull"] * n).done
    assert not rm.attempt_mission(m, target, True, ["skull"] * (n - 1)).done


def test_a_hunt_is_done_by_beating_the_npc_it_names_never_by_an_attempt() -> None:
    m = mission("hunt")
    assert m.test.npc is not None and m.test.ship is not None
    assert rm.hunt_done(m, m.test.npc, m.test.ship)
    assert not rm.hunt_done(m, m.test.npc, "galleon")
    assert not rm.may_attempt(m, m.claim, True) and rm.attempt_skill(m) is None
    with pytest.raises(IllegalActionError, match="beating the NPC"):
        rm.attempt_mission(m, m.claim, True)
    paid = rm.reward(m)
    assert paid.done and paid.glory == 1 and paid.gold == m.reward.n
    assert glory.draws_glory_cards("mission")


def test_a_raid_mission_is_done_by_plundering_a_merchant_of_its_nation_there() -> None:
    m = mission("raid")
    nation, target = m.test.nation, m.target
    assert target is not None and nation is not None and nation != "random"
    assert rm.raid_done(m, target, nation)
    other: Nation = "england" if nation != "england" else "france"
    assert not rm.raid_done(m, target, other)
    assert not rm.raid_done(m, m.claim, nation)
    assert not rm.may_attempt(m, target, False)


def test_every_data_mission_is_done_at_its_target_or_by_its_fight_or_raid() -> None:
    for d in cards().mission_deck(sog=True):
        m = rm.mission_of(d)
        if m.kind in ("hunt", "raid"):
            assert not any(rm.may_attempt(m, z, p) for z in (m.claim, m.target or m.claim) for p in (True, False))
        else:
            assert m.target is not None and rm.may_attempt(m, m.target, in_port=m.kind != "survey")
            assert not rm.may_attempt(m, m.claim, True)          # never where it was claimed
