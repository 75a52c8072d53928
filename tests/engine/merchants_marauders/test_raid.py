"""Merchant raid (engine/merchants_marauders/rules/raid.py), base reconstruction section 6.1, and a
special weapon spent on a raid die (MM-M2-03). Rolls and cards are given exactly; the ships are
the reconstruction's sloop (hull 2, masts 2, crew 2, cannons 1, cargo 2, manoeuvre 4), flute
(cargo 4, manoeuvre 2) and the manoeuvrability-1 galleon of Module 5."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import raid
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.raid import DiscardCard, DrawCard, ExchangeCard
from engine.merchants_marauders.vocab import HitLocation, RaidIcon

SLOOP: dict[HitLocation, int] = {"hull": 2, "masts": 2, "crew": 2, "cannons": 1, "cargo": 2}
FLUTE: dict[HitLocation, int] = {"hull": 3, "masts": 2, "crew": 1, "cannons": 1, "cargo": 4}
GALLEON: dict[HitLocation, int] = {"hull": 4, "masts": 3, "crew": 3, "cannons": 3, "cargo": 5}


def card(cid: str, plunder: int = 3, icon: RaidIcon = "blank") -> CargoCard:
    return CargoCard(id=cid, good="rum", plunder=plunder, icon=icon)


# ---- 1-2: the token, its nation and the bounty ----
def test_a_raid_needs_the_sea_a_merchant_and_no_location_at_0() -> None:
    raid.check_can_raid(at_sea=True, merchant_in_zone=True, locations=SLOOP)
    with pytest.raises(IllegalActionError, match="only at sea"):
        raid.check_can_raid(at_sea=False, merchant_in_zone=True, locations=SLOOP)
    with pytest.raises(IllegalActionError, match="no merchant token"):
        raid.check_can_raid(at_sea=True, merchant_in_zone=False, locations=SLOOP)
    with pytest.raises(IllegalActionError, match="cannons is at 0"):
        raid.check_can_raid(at_sea=True, merchant_in_zone=True, locations={**SLOOP, "cannons": 0})


def test_scouting_finds_the_merchant_with_one_skull_and_not_with_none() -> None:
    assert raid.found([1, "skull", 4])
    assert not raid.found([1, 2, 3, 4])
    assert not raid.found([])


def test_the_merchant_sails_for_the_tokens_nation_or_the_ports_and_at_open_sea_the_tokens() -> None:
    assert raid.nation_choices("spain", "england") == ("spain", "england")
    assert raid.nation_choices("spain", "spain") == ("spain",)
    assert raid.nation_choices("france", None) == ("france",)          # the Caribbean Sea


def test_raiding_gives_a_bounty_of_the_chosen_nation_unless_it_is_at_war_with_yours() -> None:
    wars = {raid.war("spain", "england")}
    assert raid.raid_bounty("spain", captain="england", wars=wars) is None
    assert raid.raid_bounty("spain", captain="france", wars=wars) == "spain"
    assert raid.raid_bounty("netherlands", captain="england") == "netherlands"


# ---- 3: the cards and the skulls ----
def test_a_raid_lays_3_cargo_cards_face_up_from_the_deck() -> None:
    deck = [card(c) for c in "abcde"]
    laid, rest = raid.draw_raid_cards(deck)
    assert ([c.id for c in laid], [c.id for c in rest]) == (["a", "b", "c"], ["d", "e"])
    assert raid.draw_raid_cards(deck[:2]) == (deck[:2], [])


def test_mm_m2_03_a_special_weapon_turns_one_failed_die_into_a_skull() -> None:
    faces, left = raid.spend_weapon([1, "skull", 3], ["chain_shot", "double_shot"], "double_shot")
    assert faces == ["skull", "skull", 3]
    assert left == ["chain_shot"]
    assert raid.skulls(faces) == 2
    faces, left = raid.spend_weapon(faces, left, "chain_shot")        # a second weapon, a second die
    assert (raid.skulls(faces), left) == (3, [])
    with pytest.raises(IllegalActionError, match="already shows a skull"):
        raid.spend_weapon(["skull"], ["grapeshot"], "grapeshot")
    with pytest.raises(IllegalActionError, match="no boarding hooks aboard"):
        raid.spend_weapon([1], ["grapeshot"], "boarding_hooks")


def test_each_skull_draws_discards_or_exchanges_one_card() -> None:
    start = [card("a"), card("b"), card("c")]
    deck = [card("d"), card("e"), card("f")]
    out = raid.spend_skulls(start, [DrawCard(), DiscardCard(card="a"), ExchangeCard(card="b")], 3, deck)
    assert [c.id for c in out.cards] == ["c", "d", "e"]
    assert [c.id for c in out.discarded] == ["a", "b"]
    assert [c.id for c in out.deck] == ["f"]
    unspent = raid.spend_skulls(start, [], 2, deck)                   # skulls need not be spent
    assert unspent.cards == start


def test_spending_skulls_is_limited_by_the_roll_the_cards_and_the_deck() -> None:
    start = [card("a")]
    with pytest.raises(IllegalActionError, match="rolled 1 skulls; you cannot spend 2"):
        raid.spend_skulls(start, [DrawCard(), DrawCard()], 1, [card("d"), card("e")])
    with pytest.raises(IllegalActionError, match="zz is not among"):
        raid.spend_skulls(start, [DiscardCard(card="zz")], 1, [])
    with pytest.raises(IllegalActionError, match="deck is empty"):
        raid.spend_skulls(start, [ExchangeCard(card="a")], 1, [])


# ---- 4-5: resolve ----
def test_each_damage_icon_hits_the_location_it_shows() -> None:
    out = raid.resolve([card("a", icon="masts"), card("b", icon="crew"), card("c")], GALLEON, 2)
    assert out.hits == {"masts": 1, "crew": 1}
    assert out.locations == {**GALLEON, "masts": 2, "crew": 2}
    assert not out.failed


def test_a_location_brought_to_0_fails_the_raid_and_the_hull_at_0_sinks_the_ship() -> None:
    crew_lost = raid.resolve([card("a", 5, "crew"), card("b", 5), card("c", 5)], FLUTE, 2)
    assert crew_lost.failed and not crew_lost.sunk
    assert crew_lost.gold == 0 and crew_lost.glory == 0
    sunk = raid.resolve([card("a", icon="hull"), card("b", icon="hull"), card("c")], SLOOP, 4)
    assert sunk.failed and sunk.sunk
    overkill = raid.resolve([card("a", icon="hull"), card("b", icon="hull"), card("c", icon="hull")], SLOOP, 4)
    assert overkill.hits == {"hull": 2} and overkill.sunk        # a sunk hull takes no third hit
    one_left = raid.resolve([card("a", icon="hull"), card("b"), card("c")], SLOOP, 4)
    assert not one_left.failed and one_left.locations["hull"] == 1


def test_a_hit_on_a_spent_location_strikes_the_hull() -> None:
    out = raid.resolve([card("a", icon="cannons"), card("b", icon="cannons"), card("c")], FLUTE, 2)
    assert out.hits == {"cannons": 1, "hull": 1}
    assert out.locations["hull"] == 2 and out.failed


def test_escape_icons_at_least_the_manoeuvrability_fail_the_raid() -> None:
    two = [card("a", icon="escape"), card("b", icon="escape"), card("c")]
    assert raid.resolve(two, FLUTE, 2).failed                        # 2 escapes, manoeuvre 2
    assert not raid.resolve(two, FLUTE, 3).failed                    # manoeuvre 3
    assert raid.resolve(two, FLUTE, 2).escapes == 2


def test_mm_m5_11_a_manoeuvrability_1_galleon_loses_a_raid_to_one_escape() -> None:
    one = [card("a", 4, "escape"), card("b", 4), card("c", 4)]
    assert raid.resolve(one, GALLEON, 1).failed
    assert not raid.resolve(one, GALLEON, 2).failed


def test_success_takes_the_plunder_sum_and_12_gold_or_more_earns_1_glory() -> None:
    rich = raid.resolve([card("a", 6), card("b", 4), card("c", 2)], SLOOP, 4)
    assert (rich.gold, rich.glory) == (12, 1)
    poor = raid.resolve([card("a", 6), card("b", 4), card("c", 1)], SLOOP, 4)
    assert (poor.gold, poor.glory) == (11, 0)


def test_after_success_keep_the_cards_that_fit_the_hold_and_discard_the_rest() -> None:
    aboard = [card("x")]
    won = [card("a"), card("b"), card("c")]
    cargo, gone = raid.keep_plunder(aboard, won, ["b"], hold=2)
    assert ([c.id for c in cargo], [c.id for c in gone]) == (["x", "b"], ["a", "c"])
    with pytest.raises(IllegalActionError, match="room for 1 more cargo cards; you chose 2"):
        raid.keep_plunder(aboard, won, ["a", "b"], hold=2)
    with pytest.raises(IllegalActionError, match="raid's own cards"):
        raid.keep_plunder(aboard, won, ["x"], hold=4)
    assert raid.keep_plunder([], won, [], hold=2) == ([], won)


def test_a_cargo_hit_shrinks_the_hold_the_raids_cards_must_fit() -> None:
    out = raid.resolve([card("a", icon="cargo"), card("b"), card("c")], FLUTE, 2)
    assert out.locations["cargo"] == 3 and not out.failed
    with pytest.raises(IllegalActionError, match="room for 1"):
        raid.keep_plunder([card("x"), card("y")], [card("b"), card("c")], ["b", "c"], hold=out.locations["cargo"])
