"""Seas of Glory Module 9, raiding a location (engine/merchants_marauders/rules/location_raid.py):
the cards laid out, the bombardment, the damage, the land battle and its plunder, the bounty
flags and which glory cards apply. Each kind's numbers come from the token data
(data/merchants_marauders/seas_of_glory/locations.toml); the ships are the reconstruction's
frigate (3 everywhere, manoeuvre 3) and sloop (hull 2, masts 2, crew 2, cannons 1, cargo 2,
manoeuvre 4); rolls and cards are given exactly."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.defs import DATA_DIR, load_file
from engine.merchants_marauders.defs_sog import LocationKind, LocationsFile
from engine.merchants_marauders.rules import location_raid as lr
from engine.merchants_marauders.rules import locations
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.vocab import HIT_LOCATIONS, WEAPONS, Face, HitLocation, RaidIcon

FRIGATE: dict[HitLocation, int] = {"hull": 3, "masts": 3, "crew": 3, "cannons": 3, "cargo": 3}
SLOOP: dict[HitLocation, int] = {"hull": 2, "masts": 2, "crew": 2, "cannons": 1, "cargo": 2}


def data() -> LocationsFile:
    f = load_file(DATA_DIR, "locations")
    assert isinstance(f, LocationsFile)
    return f


def card(cid: str, icon: RaidIcon = "blank", plunder: int = 3) -> CargoCard:
    return CargoCard(id=cid, good="rum", plunder=plunder, icon=icon)


def defence(k: LocationKind) -> int | None:
    r = data().locations[k].raid
    return r.defence if r else None


# ---- Before the cards ----
def test_mm_m9_02_every_kind_has_a_visit_and_all_but_the_reefs_a_raid() -> None:
    kinds = data().locations
    assert all(k.visit for k in kinds.values())
    raidable = [k for k in kinds if defence(k) is not None]
    assert sorted(set(kinds) - set(raidable)) == ["reefs"] and len(raidable) == 7
    for k in raidable:
        lr.check_can_raid(defence(k), True, FRIGATE, 1)


def test_mm_m9_12_a_raid_takes_an_action_at_sea_and_no_scouting() -> None:
    lr.check_can_raid(defence("town"), at_sea=True, points=FRIGATE, actions_left=1)
    with pytest.raises(IllegalActionError, match="only from the sea"):
        lr.check_can_raid(defence("town"), at_sea=False, points=FRIGATE, actions_left=3)
    with pytest.raises(IllegalActionError, match="takes an action"):
        lr.check_can_raid(defence("town"), at_sea=True, points=FRIGATE, actions_left=0)


def test_mm_m9_13_a_visit_earlier_in_the_turn_does_not_stop_a_raid() -> None:
    locations.check_can_visit("prison", "anyone", True, 0, False, 3)
    record = locations.Record().visit(1)
    with pytest.raises(IllegalActionError, match="already visited"):     # the visit is spent for the round ...
        locations.check_can_visit("prison", "anyone", True, 0, 1 in record.visited, 2)
    lr.check_can_raid(defence("prison"), at_sea=True, points=FRIGATE, actions_left=2)   # ... the raid is not


@pytest.mark.parametrize("broken", HIT_LOCATIONS)
def test_mm_m9_14_no_hit_location_may_be_at_0(broken: HitLocation) -> None:
    with pytest.raises(IllegalActionError, match=f"{broken} is at 0"):
        lr.check_can_raid(4, True, {**FRIGATE, broken: 0}, 3)
    lr.check_can_raid(4, True, {**FRIGATE, broken: 1}, 3)


def test_mm_m9_82_the_reefs_cannot_be_raided() -> None:
    assert defence("reefs") is None
    with pytest.raises(IllegalActionError, match="cannot be raided"):
        lr.check_can_raid(defence("reefs"), True, FRIGATE, 3)


@pytest.mark.parametrize(("k", "cards"), [("pirate_haven", 4), ("missionary", 3), ("trading_post", 5),
                                          ("native_village", 4), ("naval_fort", 6), ("prison", 4), ("town", 5)])
def test_mm_m9_15_the_defence_number_of_cards_is_laid_out(k: LocationKind, cards: int) -> None:
    deck = [card(f"c{i}") for i in range(8)]
    d = defence(k)
    assert d == cards
    laid, rest = lr.draw_defence(deck, d)
    assert ([c.id for c in laid], len(rest)) == ([f"c{i}" for i in range(cards)], 8 - cards)
    assert lr.draw_defence(deck[:2], d) == (deck[:2], [])


# ---- Bounties ----
@pytest.mark.parametrize(("rule", "k", "attack", "success"), [
    ("MM-M9-38", "pirate_haven", 0, 0), ("MM-M9-42", "missionary", 1, 1), ("MM-M9-49", "trading_post", 1, 1),
    ("MM-M9-53", "native_village", 0, 0), ("MM-M9-58", "naval_fort", 1, 1), ("MM-M9-64", "prison", 1, 1),
    ("MM-M9-70", "town", 1, 1)])
def test_mm_m9_29_the_flags_on_each_token_give_bounties_of_the_zones_nation(rule: str, k: LocationKind, attack: int,
                                                                             success: int) -> None:
    r = data().locations[k].raid
    assert r is not None
    assert lr.attack_bounties(r.bounties, "france") == ["france"] * attack
    assert lr.success_bounties(r.bounties, "france", won=True) == ["france"] * success
    assert lr.success_bounties(r.bounties, "france", won=False) == []


def test_mm_m9_34_the_attack_token_is_due_even_when_the_raid_fails() -> None:
    """A Town raided by a sloop: the attack costs 1 Spanish token at once; 2 hull icons sink the
    sloop, so the success token never comes."""
    flags = (1, 1)
    owed = lr.attack_bounties(flags, "spain")
    d = lr.take_damage([card("a", "hull"), card("b", "hull")], SLOOP, manoeuvre=4)
    assert d.sunk and not d.may_land
    assert owed + lr.success_bounties(flags, "spain", won=False) == ["spain"]


# ---- Bombardment ----
def test_mm_m9_16_17_one_die_per_gun_and_each_skull_discards_a_card_of_choice() -> None:
    cards = [card("hull", "hull"), card("esc", "escape"), card("blank")]
    b = lr.begin_bombardment(cards, cannons=FRIGATE["cannons"])
    assert b.dice_left == 3
    b = lr.fire(b, 2)
    assert (b.dice_left, b.to_discard, len(b.cards)) == (2, 0, 3)
    b = lr.discard(lr.fire(b, "skull"), "esc")
    assert ([c.id for c in b.cards], [c.id for c in b.discarded]) == (["hull", "blank"], ["esc"])
    with pytest.raises(IllegalActionError, match="Only a skull"):
        lr.discard(b, "hull")
    b = lr.fire(b, "skull")
    with pytest.raises(IllegalActionError, match="Discard a card for the skull"):
        lr.fire(b, 1)
    with pytest.raises(IllegalActionError, match="nope is not among"):
        lr.discard(b, "nope")
    b = lr.discard(b, "hull")
    assert b.over and [c.id for c in b.cards] == ["blank"]
    with pytest.raises(IllegalActionError, match="bombardment is over"):
        lr.fire(b, "skull")


def test_mm_m9_17_the_bombardment_ends_when_no_card_is_left() -> None:
    b = lr.fire(lr.begin_bombardment([card("a")], 2), "skull")
    assert not b.over
    b = lr.discard(b, "a")
    assert (b.over, b.dice_left, b.cards) == (True, 1, [])
    assert lr.begin_bombardment([], 3).over


def test_mm_m9_18_the_raider_may_stop_before_any_die() -> None:
    cards = [card("a", "escape"), card("b")]
    b = lr.stop(lr.begin_bombardment(cards, 3))
    assert b.over and b.cards == cards and b.dice_left == 3
    b = lr.fire(lr.begin_bombardment(cards, 3), "skull")
    with pytest.raises(IllegalActionError, match="Discard a card"):
        lr.stop(b)
    b = lr.stop(lr.discard(b, "a"))
    assert (b.over, [c.id for c in b.cards], b.dice_left) == (True, ["b"], 2)
    with pytest.raises(IllegalActionError, match="over"):
        lr.fire(b, 1)


@pytest.mark.parametrize("weapon", WEAPONS)
def test_mm_m9_19_special_weapons_do_nothing_in_a_bombardment(weapon: str) -> None:
    with pytest.raises(IllegalActionError, match="no effect on a bombardment"):
        lr.check_weapon(weapon)     # type: ignore[arg-type]


# ---- Damage ----
def test_mm_m9_20_one_damage_per_icon_while_the_escapes_stay_below_the_manoeuvrability() -> None:
    cards = [card("m", "masts"), card("c", "cannons"), card("e1", "escape"), card("e2", "escape")]
    d = lr.take_damage(cards, FRIGATE, manoeuvre=3)
    assert (d.escapes, d.doubled, d.hits) == (2, False, {"masts": 1, "cannons": 1})
    assert d.points == {**FRIGATE, "masts": 2, "cannons": 2} and d.may_land


def test_mm_m9_20_two_damage_per_icon_when_the_escapes_reach_the_manoeuvrability() -> None:
    cards = [card("m", "masts"), card("c", "cannons"), card("e1", "escape"), card("e2", "escape"), card("e3", "escape")]
    d = lr.take_damage(cards, FRIGATE, manoeuvre=3)
    assert (d.escapes, d.doubled, d.hits) == (3, True, {"masts": 2, "cannons": 2})
    assert d.points == {**FRIGATE, "masts": 1, "cannons": 1} and d.may_land


def test_mm_m9_21_a_hull_at_0_sinks_the_ship() -> None:
    d = lr.take_damage([card("h", "hull"), card("e", "escape")], SLOOP, manoeuvre=1)     # doubled: 2 on the hull
    assert (d.points["hull"], d.sunk, d.failed, d.may_land) == (0, True, True, False)
    assert not lr.take_damage([card("h", "hull")], SLOOP, manoeuvre=4).sunk


def test_mm_m9_22_any_other_location_at_0_fails_the_raid() -> None:
    d = lr.take_damage([card("c", "cannons")], SLOOP, manoeuvre=4)
    assert (d.points["cannons"], d.sunk, d.failed, d.may_land) == (0, False, True, False)


def test_mm_m9_22_a_double_hit_past_0_passes_to_the_hull() -> None:
    d = lr.take_damage([card("c", "cannons"), card("e", "escape")], SLOOP, manoeuvre=1)
    assert d.hits == {"cannons": 1, "hull": 1} and d.points["hull"] == 1 and d.failed


def test_mm_m9_23_with_nothing_at_0_the_raider_may_land_or_withdraw() -> None:
    d = lr.take_damage([card("m", "masts"), card("b")], FRIGATE, manoeuvre=3)
    assert d.may_land and not d.failed


def test_mm_m9_41_the_missionarys_damage_icons_do_nothing() -> None:
    r = data().locations["missionary"].raid
    assert r is not None and r.damage is False
    cards = [card("h", "hull"), card("m", "masts"), card("e1", "escape"), card("e2", "escape")]
    d = lr.take_damage(cards, SLOOP, manoeuvre=2, damage_icons=r.damage)
    assert (d.hits, d.points, d.escapes, d.may_land) == ({}, SLOOP, 2, True)


# ---- Land battle ----
def test_mm_m9_24_each_escape_costs_a_crew_less_one_per_leadership_skull() -> None:
    cards = [card("e1", "escape"), card("e2", "escape"), card("e3", "escape"), card("b")]
    assert lr.land_battle_dice(leadership=3) == 3
    one: list[Face] = ["skull", 2, 4]
    b = lr.land_battle(cards, crew=3, faces=one)
    assert (b.crew_lost, b.crew, b.won) == (2, 1, True)
    many: list[Face] = ["skull"] * 4
    assert lr.land_battle(cards, crew=3, faces=many).crew_lost == 0


def test_mm_m9_25_a_crew_at_0_kills_the_captain_and_wins_nothing() -> None:
    cards = [card("e1", "escape", 6), card("e2", "escape", 6), card("e3", "escape", 6)]
    b = lr.land_battle(cards, crew=2, faces=[1, 2])
    assert (b.crew_lost, b.crew, b.killed, b.won, b.gold, b.glory) == (2, 0, True, False, 0, 0)
    survived = lr.land_battle(cards, crew=2, faces=["skull", "skull"])
    assert (survived.crew, survived.killed, survived.won) == (1, False, True)


def test_mm_m9_26_the_land_battle_is_a_clash_round_for_cards_and_abilities() -> None:
    """A card of 2 extra crew-clash dice raises the Leadership roll; a surgeon's ignored first
    crew loss lowers the crew lost; a penalty never leaves fewer than 1 die."""
    assert (lr.land_battle_dice(2, modifier=2), lr.land_battle_dice(1, modifier=-3)) == (4, 1)
    cards = [card("e1", "escape"), card("e2", "escape")]
    assert lr.land_battle(cards, crew=2, faces=[1], ignored=1).crew_lost == 1
    assert lr.land_battle(cards, crew=2, faces=[1], ignored=0).crew_lost == 2
    assert lr.card_usable("crew_clash", "land_battle")


def test_mm_m9_27_a_win_pays_the_cards_laid_out_when_the_battle_starts() -> None:
    laid = [card("a", "escape", 5), card("b", plunder=4), card("c", plunder=6)]
    b = lr.discard(lr.fire(lr.begin_bombardment(laid, 1), "skull"), "c")     # the 6 gold card is bombarded away
    battle = lr.land_battle(b.cards, crew=3, faces=[1, 1, 1])
    assert (battle.won, battle.gold, battle.glory) == (True, 9, 0)


def test_mm_m9_28_the_goods_left_come_aboard_if_the_hold_has_room() -> None:
    left = [card("a"), card("b"), card("c")]
    won = lr.land_battle(left, crew=2, faces=[1])
    cargo, gone = lr.keep_goods(won, [card("x")], left, ["a", "c"], hold=3)
    assert ([c.id for c in cargo], [c.id for c in gone]) == (["x", "a", "c"], ["b"])
    with pytest.raises(IllegalActionError, match="room for 2 more"):
        lr.keep_goods(won, [card("x")], left, ["a", "b", "c"], hold=3)
    lost = lr.land_battle([card("e", "escape")], crew=1, faces=[1])
    with pytest.raises(IllegalActionError, match="Only a won raid"):
        lr.keep_goods(lost, [], [card("e", "escape")], ["e"], hold=3)


def test_mm_m9_30_twelve_gold_or_more_earns_a_glory_point() -> None:
    assert data().glory_plunder == 12
    twelve = lr.land_battle([card("a", plunder=6), card("b", plunder=6)], crew=1, faces=[1])
    eleven = lr.land_battle([card("a", plunder=6), card("b", plunder=5)], crew=1, faces=[1])
    assert (twelve.gold, twelve.glory, eleven.gold, eleven.glory) == (12, 1, 11, 0)


# ---- Glory cards and abilities ----
def test_mm_m9_31_merchant_raid_cards_never_apply() -> None:
    assert not any(lr.card_usable("merchant_raid", s) for s in ("bombardment", "damage", "land_battle"))


def test_mm_m9_32_cards_for_the_whole_fight_apply_throughout() -> None:
    assert all(lr.card_usable(None, s) for s in ("bombardment", "damage", "land_battle"))
    assert not any(lr.card_usable("seamanship_contest", s) for s in ("bombardment", "damage", "land_battle"))


def test_mm_m9_33_crew_clash_cards_apply_once_the_land_battle_begins() -> None:
    assert [lr.card_usable("crew_clash", s) for s in ("bombardment", "damage", "land_battle")] == [False, False, True]


# ---- A whole raid ----
def test_a_frigate_raids_a_naval_fort() -> None:
    """Six cards; two skulls from three guns discard the hull icon and one escape; the masts and
    the escapes left (2, under manoeuvre 3) deal 1 to the masts; one Leadership skull leaves 1
    crew lost; the win pays the 12 gold left on the cards and 1 glory, with 2 French tokens in all."""
    laid = [card("h", "hull", 2), card("m", "masts", 3), card("e1", "escape", 4), card("e2", "escape", 1),
            card("e3", "escape", 2), card("b", plunder=4)]
    d = defence("naval_fort")
    assert d is not None
    lr.check_can_raid(d, True, FRIGATE, 2)
    owed = lr.attack_bounties((1, 1), "france")
    b = lr.begin_bombardment(lr.draw_defence(laid, d)[0], FRIGATE["cannons"])
    b = lr.discard(lr.fire(b, "skull"), "h")
    b = lr.discard(lr.fire(lr.fire(b, 3), "skull"), "e3")
    assert b.over
    dmg = lr.take_damage(b.cards, FRIGATE, manoeuvre=3)
    assert dmg.hits == {"masts": 1} and dmg.may_land
    battle = lr.land_battle(b.cards, dmg.points["crew"], faces=["skull", 1, 2])
    assert (battle.crew, battle.gold, battle.glory) == (2, 12, 1)
    owed += lr.success_bounties((1, 1), "france", battle.won)
    assert owed == ["france", "france"]
