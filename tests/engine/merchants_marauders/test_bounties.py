"""Bounties, closed ports and war (engine/merchants_marauders/rules/bounties.py): base
reconstruction 7.1 (pirates, bounty tokens, the pirate hunter's reward), 7.2 (closed ports, with
Tortuga's property of section 2), 7.3 (the war or peace card, men-o'-war in a war, no bounty from
an enemy's merchants or navy), the bounties of 6.1 and 6.2, and Seas of Glory's named war
(MM-M1-04). Random nations are scripted with Rng.forced: a forced value k takes the k-th nation."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.core.rng import Rng
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules.bounties import (
    CLOSED_PORT_ACTIONS,
    add_bounty,
    attack_gain,
    check_enter,
    closed_by,
    drop_bounties,
    hunter_reward,
    opens_to_bounties,
    pirate,
    port_actions,
    raid_gain,
    start_war,
    war_or_peace,
    war_pair,
)
from engine.merchants_marauders.rules.glory import Holdings, captain_death
from engine.merchants_marauders.rules.npc import Npc, Skills, War, war_changes
from engine.merchants_marauders.vocab import NATIONS, Nation

ACTIONS = ("leave", "port", "investigate", "attempt")


def navy(nation: Nation) -> Npc:
    return Npc(slot=f"navy_{nation}", side="navy", nation=nation, ship="frigate", zone="caribbean_sea",
               skills=Skills(seamanship=3, scouting=3, leadership=3))


# ---- 7.1: pirates and bounty tokens ----
def test_mmb_bounty_01_one_token_of_any_nation_makes_a_pirate() -> None:
    assert not pirate({}) and not pirate({"spain": 0})
    assert pirate({"netherlands": 1})


def test_mmb_bounty_02_a_nation_may_want_a_captain_any_number_of_times() -> None:
    bounties: dict[Nation, int] = {}
    for _ in range(9):
        bounties = add_bounty(bounties, "spain")
    assert bounties == {"spain": 9} and add_bounty(bounties, None) == bounties


def test_mmb_bounty_03_tokens_go_only_with_the_captain_or_through_a_card() -> None:
    held: dict[Nation, int] = {"spain": 2, "france": 1}
    assert raid_gain(held, "spain", "england")["spain"] == 3                  # more tokens, never fewer
    assert attack_gain(held, "pirate_npc", None, True, "england") == held
    assert drop_bounties(held, ["spain"]) == {"spain": 1, "france": 1}
    assert drop_bounties(held, ["france", "spain", "spain"]) == {}
    with pytest.raises(IllegalActionError, match="no netherlands bounty token"):
        drop_bounties(held, ["netherlands"])
    death = captain_death(Holdings(home_port="nassau", bounties=["spain", "spain", "france"]))
    assert death.kept.bounties == [] and death.lost.bounties == ["spain", "spain", "france"]


def test_6_1_a_raid_gives_a_token_of_the_merchants_nation() -> None:
    assert raid_gain({}, "france", "england") == {"france": 1}
    assert raid_gain({}, "france", "england", [("spain", "netherlands")]) == {"france": 1}


def test_6_2_an_attack_gives_the_navys_or_an_honest_players_nation_and_nothing_for_a_pirate() -> None:
    assert attack_gain({}, "navy", "spain", False, "england") == {"spain": 1}
    assert attack_gain({}, "player", "france", False, "england") == {"france": 1}
    assert attack_gain({}, "player", "france", True, "england") == {}
    assert attack_gain({}, "pirate_npc", None, True, "england") == {}


def test_mmb_war_05_an_enemys_merchants_and_navy_give_no_bounty_but_its_honest_captains_do() -> None:
    war: list[War] = [("france", "england")]
    assert raid_gain({}, "france", "england", war) == {}
    assert attack_gain({}, "navy", "france", False, "england", war) == {}
    assert attack_gain({}, "navy", "spain", False, "england", war) == {"spain": 1}
    assert attack_gain({}, "player", "france", False, "england", war) == {"france": 1}


def test_mmb_bounty_04_the_pirate_hunter_is_paid_5_a_token_less_the_exceptions() -> None:
    loser: dict[Nation, int] = {"spain": 2, "france": 1}
    assert hunter_reward(loser, {}, "england") == 15
    assert hunter_reward(loser, {}, "england", [("france", "england")]) == 10     # France fights the winner
    assert hunter_reward(loser, {}, "netherlands", [("france", "england")]) == 15
    assert hunter_reward(loser, {"spain": 1}, "england") == 0                      # a pirate is paid nothing
    assert hunter_reward({}, {}, "england") == 0


# ---- 7.2: closed ports ----
def test_mmb_bounty_05_a_port_is_closed_to_a_captain_its_nation_wants() -> None:
    assert closed_by("spain", "england", {"spain": 1}) == "bounty"
    assert closed_by("spain", "england", {"spain": 0, "france": 3}) is None
    with pytest.raises(IllegalActionError, match="Havana is closed to you: spain has a bounty on you"):
        check_enter("Havana", "spain", "england", {"spain": 1})
    check_enter("Havana", "spain", "england", {"france": 1})


def test_mmb_bounty_06_mmb_war_04_a_war_closes_each_nations_ports_to_the_others_captains() -> None:
    war: list[War] = [("spain", "england")]
    assert closed_by("spain", "england", {}, war) == "war"
    assert closed_by("england", "spain", {}, war) == "war"
    assert closed_by("france", "england", {}, war) is None
    assert closed_by("spain", "spain", {}, war) is None
    with pytest.raises(IllegalActionError, match="Nassau is closed to you: england is at war with spain"):
        check_enter("Nassau", "england", "spain", {}, war)


def test_mmb_map_08_tortuga_stays_open_to_bounties_but_not_in_a_war() -> None:
    zones = defs().map.zones
    tortuga = opens_to_bounties(zones["tortuga"].property)
    assert tortuga and not any(opens_to_bounties(z.property) for k, z in zones.items() if k != "tortuga")
    assert closed_by("france", "spain", {"france": 4}, open_to_bounties=tortuga) is None
    assert closed_by("france", "england", {"france": 4}, [("france", "england")], tortuga) == "war"


def test_the_caribbean_sea_has_no_port_to_close() -> None:
    assert closed_by(None, "england", {"spain": 3}, [("spain", "england")]) is None


def test_mmb_bounty_07_in_a_port_that_closed_the_only_action_is_to_leave() -> None:
    assert port_actions(closed=True, actions=ACTIONS) == CLOSED_PORT_ACTIONS == ("leave",)
    assert port_actions(closed=False, actions=ACTIONS) == ACTIONS


# ---- 7.3: war ----
def test_mmb_war_01_the_war_card_puts_two_nations_drawn_at_random_at_war() -> None:
    change = war_or_peace((), Rng(seed="w", forced=[2, 3]))
    assert change.wars == (("england", "netherlands"),) and change.started == ("england", "netherlands")
    pairs = {war_or_peace((), Rng(seed=str(i))).started for i in range(60)}
    assert len(pairs) == 6 and all(p is not None and p[0] != p[1] for p in pairs)


def test_mmb_war_02_the_next_war_card_ends_the_war() -> None:
    war = war_or_peace((), Rng(seed="w", forced=[1, 1]))
    assert war.wars == (("spain", "england"),)
    peace = war_or_peace(war.wars, Rng(seed="w"))
    assert peace.wars == () and peace.ended == (("spain", "england"),) and peace.started is None


def test_mmb_war_03_a_war_makes_both_navies_frigates_men_o_war_and_peace_undoes_it() -> None:
    npcs = {f"navy_{n}": navy(n) for n in NATIONS}
    war = war_or_peace((), Rng(seed="w", forced=[3, 3]))
    assert war.wars == (("france", "netherlands"),)
    at_war = war_changes(npcs, war.wars)
    assert {k: v.ship for k, v in at_war.items()} == {"navy_spain": "frigate", "navy_england": "frigate",
                                                        "navy_france": "man_o_war", "navy_netherlands": "man_o_war"}
    at_peace = war_changes(at_war, war_or_peace(war.wars, Rng(seed="w")).wars)
    assert all(v.ship == "frigate" for v in at_peace.values())


def test_mm_m1_04_a_card_naming_a_war_starts_it_as_the_war_card_would() -> None:
    named = start_war((), "england", "spain")
    assert named.wars == (("spain", "england"),) == (war_pair("england", "spain"),)
    npcs = war_changes({f"navy_{n}": navy(n) for n in NATIONS}, named.wars)
    assert [k for k, v in npcs.items() if v.ship == "man_o_war"] == ["navy_spain", "navy_england"]
    assert war_or_peace(named.wars, Rng(seed="p")).wars == ()                    # the next war card ends it
    assert start_war(named.wars, "spain", "england") == start_war(named.wars, "england", "spain")
    assert start_war(named.wars, "spain", "england").started is None


def test_mm_m1_04_a_named_war_ends_a_war_between_other_nations() -> None:
    change = start_war((("france", "netherlands"),), "england", "spain")
    assert change.wars == (("spain", "england"),) and change.ended == (("france", "netherlands"),)
    with pytest.raises(ValueError, match="two different nations"):
        start_war((), "spain", "spain")
