"""Ship modifications (engine/merchants_marauders/rules/modifications.py): base reconstruction
sections 3 and 5 (one token to each port, bonuses raising a maximum) and Seas of Glory Module 3
(the new tokens mixed in, the reserve, tokens returning to free ports at random, the optional
selling rule). Random picks are scripted with Rng.forced: a forced value k picks the k-th item."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.modifications import (
    deal,
    free_ports,
    leaving_kinds,
    manoeuvre,
    maxima,
    modification_pool,
    offer_from_reserve,
    refit,
    return_chosen,
    return_to_reserve,
    stat_bonuses,
)
from engine.merchants_marauders.rules.ship import Fitted, card_from_def, new_ship
from engine.merchants_marauders.vocab import PORTS, Zone

BONUSES = stat_bonuses(defs().all_modifications())
FRIGATE = card_from_def(defs().all_ships()["frigate"])
NEEDS = {k: m.needs_module for k, m in defs().all_modifications().items()}


def pool(**options: bool) -> list[str]:
    return modification_pool(defs().modifications.tokens(), defs().sog_modifications.tokens(), NEEDS, **options)


# ---- bonuses (MMB-SHIP-12) ----
def test_mmb_ship_12_a_bonus_raises_the_maximum_and_damage_can_still_reach_0() -> None:
    top = maxima(FRIGATE, ["reinforced_hull", "extra_cannon_port"], BONUSES)
    assert (top["hull"], top["cannons"], top["masts"]) == (4, 4, 3)
    armoured = refit(new_ship(FRIGATE), FRIGATE, [Fitted(kind="reinforced_hull")], BONUSES)
    assert armoured.points["hull"] == 4
    sunk = armoured.model_copy(update={"points": {**armoured.points, "hull": 0}})
    assert sunk.points["hull"] == 0 and maxima(FRIGATE, sunk.kinds(), BONUSES)["hull"] == 4


def test_mmb_ship_12_trimmed_rigging_raises_manoeuvrability_which_takes_no_damage() -> None:
    assert manoeuvre(FRIGATE, [], BONUSES) == 3
    assert manoeuvre(FRIGATE, ["trimmed_rigging"], BONUSES) == 4
    assert manoeuvre(FRIGATE, ["long_guns"], BONUSES) == 3      # no stat bonus


def test_mmb_ship_12_removing_a_modification_brings_the_value_down_to_the_card() -> None:
    armoured = refit(new_ship(FRIGATE), FRIGATE, [Fitted(kind="reinforced_hull")], BONUSES)
    assert refit(armoured, FRIGATE, [], BONUSES).points["hull"] == 3
    dented = armoured.model_copy(update={"points": {**armoured.points, "hull": 2}})
    assert refit(dented, FRIGATE, [], BONUSES).points["hull"] == 2


def test_a_ship_holds_no_more_modifications_than_its_slots() -> None:
    three = [Fitted(kind="hammocks"), Fitted(kind="long_guns"), Fitted(kind="figurehead")]
    refit(new_ship(FRIGATE), FRIGATE, three[:2], BONUSES)
    with pytest.raises(IllegalActionError, match="room for 2"):
        refit(new_ship(FRIGATE), FRIGATE, three, BONUSES)


# ---- the pool and the deal (MM-M3-02, -03, -08, -12) ----
def test_the_base_game_deals_its_16_tokens_one_to_each_port_and_keeps_no_reserve() -> None:
    base = pool()
    dealt = deal(base, PORTS, Rng(seed="base"))
    assert len(base) == len(PORTS) == 16 and dealt.reserve == []
    assert sorted(t for t in dealt.ports.values() if t) == sorted(base)


def test_mm_m3_02_03_the_new_tokens_mix_in_and_the_leftovers_are_the_reserve() -> None:
    everything = pool(new_modifications=True, contraband=True, loyalty=True)
    assert len(everything) == 24
    dealt = deal(everything, PORTS, Rng(seed="sog"))
    assert set(dealt.ports) == set(PORTS) and all(dealt.ports.values()) and len(dealt.reserve) == 8
    assert Counter(dealt.reserve) + Counter(t for t in dealt.ports.values() if t) == Counter(everything)
    assert deal(everything, PORTS, Rng(seed="sog")) == dealt
    with pytest.raises(ValueError, match="15 modification tokens for 16 ports"):
        deal(everything[:15], PORTS, Rng(seed="x"))


def test_mm_m3_08_12_the_smugglers_hold_needs_module_7_and_the_plank_module_11() -> None:
    plain = Counter(pool(new_modifications=True))
    assert plain["smugglers_hold"] == plain["plank"] == 0 and plain["crows_nest"] == plain["cleaned_hull"] == 2
    assert sum(plain.values()) == 20
    assert Counter(pool(new_modifications=True, contraband=True))["smugglers_hold"] == 2
    assert Counter(pool(new_modifications=True, loyalty=True))["plank"] == 2
    assert Counter(pool(new_modifications=True, loyalty=True))["smugglers_hold"] == 0


# ---- returning tokens ----
def ports_with(free: list[Zone]) -> dict[Zone, str | None]:
    return {p: (None if p in free else "hammocks") for p in PORTS}


def test_base_6_3_a_token_leaving_a_ship_goes_to_a_free_port_its_owner_names() -> None:
    ports = ports_with(["havana", "nassau"])
    after = return_chosen(["long_guns"], ["nassau"], ports)
    assert after["nassau"] == "long_guns" and free_ports(after) == ["havana"]
    with pytest.raises(IllegalActionError, match="tortuga already has a modification"):
        return_chosen(["long_guns"], ["tortuga"], ports)
    with pytest.raises(IllegalActionError, match="Name 2 different free ports"):
        return_chosen(["long_guns", "figurehead"], ["nassau", "nassau"], ports)


def test_mm_m3_16_17_18_leaving_tokens_join_the_reserve_and_as_many_come_out_at_random() -> None:
    ports = ports_with(["havana", "nassau", "tortuga"])
    reserve = ["plank", "crows_nest"]
    # Two tokens leave play (a sunk ship's). The pile is plank, crows_nest, long_guns, figurehead;
    # the first pick takes its 2nd token onto the 3rd free port, the second its 1st onto the 1st.
    back = return_to_reserve(["long_guns", "figurehead"], reserve, ports, Rng(seed="x", forced=[2, 3, 1, 1]))
    assert back.placed == {"tortuga": "crows_nest", "nassau": "plank"}
    assert sorted(back.reserve) == ["figurehead", "long_guns"]
    assert free_ports(back.ports) == ["havana"]


def test_mm_m3_17_with_no_free_port_the_tokens_stay_in_the_reserve() -> None:
    one_free = return_to_reserve(["long_guns", "figurehead"], ["plank"], ports_with(["havana"]), Rng(seed="y"))
    assert len(one_free.placed) == 1 and len(one_free.reserve) == 2
    none_free = return_to_reserve(["long_guns"], ["plank"], ports_with([]), Rng(seed="y"))
    assert none_free.placed == {} and sorted(none_free.reserve) == ["long_guns", "plank"]


def test_mm_m3_18_the_random_return_is_the_seeded_dice_not_a_choice() -> None:
    ports = ports_with(list(PORTS))
    runs = {tuple(return_to_reserve(["long_guns"], ["plank", "figurehead"], ports, Rng(seed=str(i))).placed.items())
            for i in range(40)}
    assert len(runs) > 5
    assert return_to_reserve(["long_guns"], ["plank"], ports, Rng(seed="same")) == \
        return_to_reserve(["long_guns"], ["plank"], ports, Rng(seed="same"))


def test_a_token_taken_from_an_npc_does_not_go_to_the_ports() -> None:
    fitted = [Fitted(kind="hammocks"), Fitted(kind="crows_nest", npc_token="crows_nest")]
    assert leaving_kinds(fitted) == ["hammocks"]


# ---- optional selling rule (MM-M3-19, -20) ----
def test_mm_m3_19_a_port_action_at_an_empty_port_draws_a_token_from_the_reserve() -> None:
    ports = ports_with(["havana"])
    offer = offer_from_reserve("havana", ports, ["plank", "crows_nest", "cleaned_hull"], Rng(seed="z", forced=[2]))
    assert offer.drawn == "crows_nest" and offer.ports["havana"] == "crows_nest"
    assert offer.reserve == ["plank", "cleaned_hull"]


def test_mm_m3_19_nothing_is_drawn_without_the_rule_at_a_stocked_port_or_from_an_empty_reserve() -> None:
    ports = ports_with(["havana"])
    assert offer_from_reserve("havana", ports, ["plank"], Rng(seed="z"), selling=False).drawn is None
    assert offer_from_reserve("nassau", ports, ["plank"], Rng(seed="z")).drawn is None
    assert offer_from_reserve("havana", ports, [], Rng(seed="z")).drawn is None


def test_mm_m3_20_an_unbought_drawn_token_stays_face_up_at_that_port() -> None:
    ports = ports_with(["havana"])
    offer = offer_from_reserve("havana", ports, ["plank"], Rng(seed="z"))
    # The next visitor finds it there and is not offered another from the reserve.
    again = offer_from_reserve("havana", offer.ports, ["figurehead"], Rng(seed="z"))
    assert again.drawn is None and again.ports["havana"] == "plank" and again.reserve == ["figurehead"]
