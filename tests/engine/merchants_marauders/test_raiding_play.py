"""Raiding a merchant through play (base reconstruction 6.1; Module 2's weapon in a raid): the
active captain scouts the merchant token of its zone, names the nation, rolls Seamanship and
spends skulls on the cards, as a player does, with the cargo deck's top and every die scripted.
The pure rule tests (test_raid.py) stay beside these."""
from __future__ import annotations

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Weapon
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR, FULL_FRIGATE


def _raider(cards: list[str], weapons: list[Weapon] | None = None, seed: str = "raid") -> tuple[State, int]:
    """Pieter Hoogeveen (Seamanship 2) in a frigate at sea beside a Spanish merchant; `cards` are
    the three the merchant will show."""
    s = started(2, seed=seed)
    a = s.order[0]
    no_cards(s)
    p = s.players[a]
    p.captain = AGGRESSOR
    at_sea(s, a, "caribbean_sea")
    p.ship.type = "frigate"
    p.ship.points = maxima(p)
    p.ship.weapons = list(weapons or [])
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting = 0
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))
    return s, a


def _raid(s: State, a: int, *seamanship: int) -> State:
    dice(s, SKULL, 1)
    s = do(s, a, "scout merchant")
    dice(s, *seamanship)
    return do(s, a, "nation spain")


def test_mmb_raid_01_a_raid_needs_the_sea_a_merchant_and_no_location_at_0() -> None:
    s, a = _raider(["sugar-1", "rum-1", "rum-2"])
    assert "scout merchant" in options(s, a)
    s.players[a].ship.points["cannons"] = 0
    assert "scout merchant" not in options(s, a), "a location at 0: no raid"
    s.players[a].ship.points["cannons"] = 3
    s.zones["caribbean_sea"].merchant = None
    assert "scout merchant" not in options(s, a), "no merchant token in the zone"
    s.zones["caribbean_sea"].merchant = "spain"
    in_port(s, a, "caribbean_sea")
    assert "scout merchant" not in options(s, a), "in port: not at sea"


def test_mm_m2_03_mmb_raid_06_a_special_weapon_turns_a_failed_die_into_a_skull() -> None:
    s, a = _raider(["sugar-1", "rum-1", "rum-2"], ["chain_shot"])
    s = _raid(s, a, 1, 2)
    assert isinstance(top(s), P.RaidSkullPrompt) and options(s, a) == ["weapon chain_shot", "stop"]
    s = do(s, a, "weapon chain_shot")
    assert s.raid is not None and s.raid.dice == ["skull", 2] and s.raid.skulls == 1
    assert s.players[a].ship.weapons == []
    assert "discard rum-1" in options(s, a), "the new skull buys one change"
    s, a = _raider(["sugar-1", "rum-1", "rum-2"], seed="no-weapon")
    s = _raid(s, a, 1, 2)
    assert options(s, a) == ["stop"], "no skull and no weapon: nothing to change"


def test_mmb_raid_08_each_damage_icon_left_hits_the_raiders_ship_where_it_shows() -> None:
    s, a = _raider(["sugar-5", "sugar-6", "rum-8"])            # hull, masts and cannons icons
    s = _raid(s, a, 1, 2)
    s = do(s, a, "stop")
    assert s.players[a].ship.points == {**FULL_FRIGATE, "hull": 2, "masts": 2, "cannons": 2}
    assert s.players[a].ship.gold == 10 + 3 + 4 + 6


def test_mmb_raid_08_a_card_discarded_with_a_skull_hits_nothing() -> None:
    s, a = _raider(["sugar-5", "sugar-6", "rum-8"], seed="discard")
    s = _raid(s, a, SKULL, 2)
    s = do(s, a, "discard rum-8")
    s = do(s, a, "stop") if "stop" in options(s, a) else s
    assert s.players[a].ship.points == {**FULL_FRIGATE, "hull": 2, "masts": 2}
    assert s.players[a].ship.gold == 10 + 3 + 4


def test_mmb_raid_13_twelve_gold_of_plunder_earns_a_glory_and_eleven_does_not() -> None:
    s, a = _raider(["rum-8", "rum-7", "rum-2"])                # 6 + 5 + 1 = 12
    s = _raid(s, a, 1, 2)
    s = do(s, a, "stop")
    assert s.players[a].ship.gold == 10 + 12 and s.players[a].glory == 1
    s, a = _raider(["rum-8", "sugar-6", "rum-2"], seed="eleven")   # 6 + 4 + 1 = 11
    s = _raid(s, a, 1, 2)
    s = do(s, a, "stop")
    assert s.players[a].ship.gold == 10 + 11 and s.players[a].glory == 0


def test_mm_comp_08_a_captain_holding_seven_spanish_tokens_is_given_an_eighth() -> None:
    """Parley keeps no bounty pool (base section 6, no limit a nation): the eighth Spanish token
    comes though the box holds seven."""
    s, a = _raider(["rum-8", "rum-7", "rum-2"], seed="eighth")
    s.players[a].bounties, s.wars = {"spain": 7}, []
    s = _raid(s, a, 1, 2)
    s = do(s, a, "stop")
    assert s.players[a].bounties == {"spain": 8}
