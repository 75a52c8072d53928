"""THE DECK — cards that sink, rob or attack an enemy, and the escape cards.

Typhoon, Hurricane, Whirl Pool, Tidal Wave, Shipwrecked (sinking, PC-CARD-67), Thief, Scoundrel,
Landing Party, Cannibals, Buccaneers, Head Hunters, Mutiny, Sea Monster (forced boarding fights),
Flee and Catch the Wind (escape rolls). Tables are built with the scenario format.

Seats: Captain Kidd (home Pirate Island, 12), Captain Hook (home The Seven Seas, 24), Yellowbeard
and Long John Silver (home Pirate Island, 12); Davy Jones (home Ship Graveyard, 18) where storm
immunity matters.
"""
from __future__ import annotations

from typing import Any

import pytest

from tests.engine.pirate_chest.scenario_helpers import discard, hidden_coins, players, scenario, ship


def assert_sunk(p: dict[str, Any], skip: int = 1) -> None:
    assert p["position"] == p["home"] and p["skip_turns"] == skip and p["times_sunk"] == 1


# ---- Typhoon, Hurricane (Storm), Whirl Pool, Tidal Wave: sinking cards ---------------------

def test_typhoon_sinks_the_enemy_farthest_away_counted_the_short_way() -> None:
    """PC-CARD-05 [ambiguous], PC-CARD-67: distance is counted the short way round the track. From 2,
    Yellowbeard on 13 is 11 away; Hook on 4 and Silver on 24 are 2 away (though 22 one way round), so
    Yellowbeard sinks: home, one missed turn, his Key hidden again on an island."""
    table = [ship("kidd", at=2, hand=["typhoon"]), ship("hook", at=4), ship("yellowbeard", at=13, coins=["key"]),
             ship("silver", at=24)]
    out = scenario(table, [(0, "play typhoon")])
    ps = players(out)
    assert [(p["position"], p["times_sunk"]) for p in ps] == [(2, 0), (4, 0), (12, 1), (24, 0)]
    assert_sunk(ps[2])
    assert ps[2]["coins"] == [] and ps[0]["coins"] == []
    assert list(hidden_coins(out)) == ["key"]
    assert discard(out) == ["typhoon"]
    assert out["legal"]["0"][0] == "roll"   # not a move


def test_typhoon_tie_for_farthest_lets_the_player_choose() -> None:
    """PC-CARD-05 [ambiguous]: with two enemies equally far (10 each way), the player picks."""
    table = [ship("kidd", hand=["typhoon"]), ship("hook", at=2), ship("yellowbeard", at=22)]
    out = scenario(table, [(0, "play typhoon")])
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    out = scenario(table, [(0, "play typhoon"), (0, "target hook")])
    assert_sunk(players(out)[1])
    assert players(out)[2]["position"] == 22


def test_typhoon_passes_over_ships_it_cannot_sink() -> None:
    """PC-CARD-05 [ambiguous], PC-CARD-65, PC-CARD-67: the Flying Dutchman (storm-immune) on 24 and Hook
    in his home port on 24 are farther, but the storm strikes the farthest ship it can sink."""
    table = [ship("kidd", hand=["typhoon"]), ship("hook"), ship("jones", at=24), ship("yellowbeard", at=20)]
    out = scenario(table, [(0, "play typhoon")])
    ps = players(out)
    assert [p["position"] for p in ps] == [12, 24, 24, 12]
    assert_sunk(ps[3])


def test_hurricane_sinks_a_random_enemy_among_those_it_can_sink() -> None:
    """PC-CARD-06 [ambiguous], PC-CARD-65, PC-CARD-67: random among sinkable enemies only. Hook is home
    and Davy Jones is storm-immune, so the one possible victim, Yellowbeard, sinks."""
    table = [ship("kidd", hand=["hurricane"]), ship("hook"), ship("jones", at=22), ship("yellowbeard", at=20)]
    out = scenario(table, [(0, "play hurricane")])
    ps = players(out)
    assert [p["position"] for p in ps] == [12, 24, 22, 12]
    assert_sunk(ps[3])
    out = scenario([ship("kidd", hand=["hurricane"]), ship("hook"), ship("jones", at=22)])
    assert "play hurricane" not in out["legal"]["0"]


def test_whirl_pool_sinks_an_adjacent_enemy_on_open_sea_and_is_no_storm() -> None:
    """PC-CARD-07, PC-CARD-65: Davy Jones next to Kidd on open sea sinks (Whirl Pool is not a Storm);
    Yellowbeard next to him on an island and Hook two spaces off are safe."""
    table = [ship("kidd", at=10, hand=["whirl-pool"]), ship("jones", at=11), ship("yellowbeard", at=9),
             ship("hook", at=13)]
    out = scenario(table, [(0, "play whirl-pool")])
    ps = players(out)
    assert_sunk(ps[1])
    assert [p["position"] for p in ps] == [10, 18, 9, 13]
    out = scenario([ship("kidd", at=10, hand=["whirl-pool"]), ship("yellowbeard", at=9), ship("hook", at=13)])
    assert "play whirl-pool" not in out["legal"]["0"]


def test_tidal_wave_sinks_a_chosen_enemy_on_open_sea() -> None:
    """PC-CARD-08, PC-CARD-67: any enemy on open sea, however far; not one on an island. Sunk outside a
    fight, Yellowbeard's Compass goes face down to an island, not to Kidd."""
    table = [ship("kidd", hand=["tidal-wave"]), ship("hook", at=2), ship("yellowbeard", at=20, coins=["compass"]),
             ship("silver", at=15)]
    out = scenario(table, [(0, "play tidal-wave")])
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    out = scenario(table, [(0, "play tidal-wave"), (0, "target yellowbeard")])
    ps = players(out)
    assert_sunk(ps[2])
    assert ps[0]["coins"] == [] and ps[2]["coins"] == []
    assert list(hidden_coins(out)) == ["compass"]
    assert [p["position"] for p in ps] == [12, 2, 12, 15]


def test_card_sinking_misses_a_turn_and_spares_a_ship_in_its_home_port() -> None:
    """PC-CARD-67, PC-CARD-38: a card-sunk ship misses its next turn (play passes to the seat after);
    a ship in its own home port is never offered as a victim (Hook at 24 with Tidal Wave)."""
    out = scenario([ship("kidd", hand=["tidal-wave"]), ship("hook")])
    assert "play tidal-wave" not in out["legal"]["0"]
    table = [ship("kidd", hand=["tidal-wave"]), ship("hook", at=20), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play tidal-wave"), (0, "target hook"), (0, "roll"), (0, "sail 1 cw"), (0, "end")],
                   dice=[1], deck=["knives"])
    assert "Captain Hook misses this turn." in out["events"]
    assert out["state"]["turn"]["seat"] == 2 and players(out)[1]["skip_turns"] == 0


# ---- Shipwrecked ---------------------------------------------------------------------------

def test_shipwrecked_sinks_the_next_player_to_go() -> None:
    """PC-CARD-38, PC-CARD-67: Hook sails next after Kidd, so Hook sinks (coins scatter, turn missed)."""
    table = [ship("kidd", hand=["shipwrecked"]), ship("hook", at=20, coins=["key"]), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play shipwrecked")])
    ps = players(out)
    assert_sunk(ps[1])
    assert ps[2]["position"] == 2 and ps[2]["times_sunk"] == 0
    assert list(hidden_coins(out)) == ["key"]


def test_shipwrecked_skips_a_ship_that_would_miss_its_turn() -> None:
    """PC-CARD-38: Hook is already missing his next turn, so the next to go is Yellowbeard: he sinks."""
    table = [ship("kidd", hand=["shipwrecked"]), ship("hook", at=20, skip_turns=1), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play shipwrecked")])
    ps = players(out)
    assert ps[1]["position"] == 20 and ps[1]["times_sunk"] == 0
    assert_sunk(ps[2])


def test_shipwrecked_cannot_sink_the_next_player_in_his_home_port() -> None:
    """PC-CARD-38 [reading], PC-CARD-67: Hook, next to go, lies in his home port: nothing sinks and the
    card does not pass on to anyone else."""
    table = [ship("kidd", hand=["shipwrecked"]), ship("hook"), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play shipwrecked")])
    assert [(p["position"], p["times_sunk"], p["skip_turns"]) for p in players(out)] == [(12, 0, 0), (24, 0, 0), (2, 0, 0)]
    assert "Captain Hook is safe in its home port and cannot be destroyed." in out["events"]


# ---- Thief, Scoundrel, Landing Party: coins ------------------------------------------------

@pytest.mark.parametrize("card", ["thief", "scoundrel"])
def test_thief_and_scoundrel_take_one_coin_from_an_adjacent_ship(card: str) -> None:
    """PC-CARD-25 Thief, PC-CARD-26 Scoundrel: Kidd takes one coin of his choice from Hook next to him;
    Yellowbeard, with a coin but three spaces off, cannot be robbed."""
    table = [ship("kidd", at=13, hand=[card]), ship("hook", at=14, coins=["map", "key"]),
             ship("yellowbeard", at=16, coins=["compass"])]
    out = scenario(table, [(0, f"play {card}")])
    assert out["legal"] == {"0": ["take key", "take map"]}
    out = scenario(table, [(0, f"play {card}"), (0, "take key")])
    ps = players(out)
    assert [p["coins"] for p in ps] == [["key"], ["map"], ["compass"]]
    assert discard(out) == [card]


def test_thief_reaches_a_ship_in_its_home_port_and_needs_a_coin_to_take() -> None:
    """PC-CARD-25: stealing does not attack or destroy, so Yellowbeard in his home port next to Kidd
    loses his only coin (taken at once); with no coin nearby the card is not offered."""
    out = scenario([ship("kidd", at=13, hand=["thief"]), ship("yellowbeard", coins=["compass"])], [(0, "play thief")])
    assert [p["coins"] for p in players(out)] == [["compass"], []]
    out = scenario([ship("kidd", at=13, hand=["thief"]), ship("yellowbeard", at=14)])
    assert "play thief" not in out["legal"]["0"]


def test_landing_party_turns_over_and_takes_the_coin_on_an_adjacent_island() -> None:
    """PC-CARD-27: from 10, the party lands on Parrot Cay (9) and brings back the Key; Kidd stays on 10."""
    out = scenario([ship("kidd", at=10, hand=["landing-party"]), ship("hook")], [(0, "play landing-party")],
                   coins={9: ["key"], 15: ["map"]})
    p = players(out)[0]
    assert p["position"] == 10 and p["coins"] == ["key"]
    assert out["state"]["islands"] == {"15": [{"id": "map", "face_up": False}]}
    assert out["legal"]["0"][0] == "roll"


def test_landing_party_only_reveals_the_chest_without_map_and_key() -> None:
    """PC-CARD-27: the Chest is turned face up but stays on the island when Kidd lacks Map and Key; with
    both, he takes it. No island next to Kidd: the card is not offered."""
    out = scenario([ship("kidd", at=8, hand=["landing-party"]), ship("hook")], [(0, "play landing-party")],
                   coins={9: ["chest"]})
    assert players(out)[0]["coins"] == [] and out["state"]["islands"] == {"9": [{"id": "chest", "face_up": True}]}
    out = scenario([ship("kidd", at=8, hand=["landing-party"], coins=["map", "key"]), ship("hook")],
                   [(0, "play landing-party")], coins={9: ["chest"]})
    assert players(out)[0]["coins"] == ["map", "key", "chest"] and out["state"]["islands"] == {}
    out = scenario([ship("kidd", at=13, hand=["landing-party"]), ship("hook")], coins={15: ["chest"]})
    assert "play landing-party" not in out["legal"]["0"]


def test_card_27_landing_party_takes_only_a_hidden_coin() -> None:
    """PC-CARD-27: the party brings back only a coin that lay face down. With a face-up Chest on 9
    and Map and Key aboard, Kidd cannot send it (nothing hidden there); with a hidden Compass beside
    the face-up Chest, it brings back the Compass and leaves the Chest. Sailing onto 9 himself, he
    takes the face-up Chest."""
    kidd = ship("kidd", at=8, hand=["landing-party"], coins=["map", "key"])
    out = scenario([kidd, ship("hook")], shown={9: ["chest"]})
    assert "play landing-party" not in out["legal"]["0"]
    out = scenario([kidd, ship("hook")], [(0, "play landing-party")], coins={9: ["compass"]}, shown={9: ["chest"]})
    assert players(out)[0]["coins"] == ["map", "key", "compass"]
    assert out["state"]["islands"] == {"9": [{"id": "chest", "face_up": True}]}
    out = scenario([kidd, ship("hook")], [(0, "privateer"), (0, "sail 1 cw")], shown={9: ["chest"]})
    assert players(out)[0]["coins"] == ["map", "key", "chest"] and out["state"]["islands"] == {}


def test_card_27_landing_party_chest_needs_map_and_key_already_aboard() -> None:
    """PC-CARD-27, PC-CHEST-01: a party finding the hidden Key beside the hidden Chest brings back
    the Key; the Chest, now face up, stays, since the Key was not aboard when the party landed."""
    out = scenario([ship("kidd", at=8, hand=["landing-party"], coins=["map"]), ship("hook")],
                   [(0, "play landing-party")], coins={9: ["key", "chest"]})
    assert players(out)[0]["coins"] == ["map", "key"]
    assert out["state"]["islands"] == {"9": [{"id": "chest", "face_up": True}]}


# ---- Cannibals, Buccaneers, Head Hunters, Mutiny, Sea Monster: forced boarding fights --------

@pytest.mark.parametrize(("card", "target_at", "elsewhere"), [
    ("cannibals", 15, 20),       # deserted island; not open sea
    ("head-hunters", 9, 6),      # deserted island; not a port
    ("buccaneers", 20, 15),      # open sea; not an island
    ("sea-monster", 2, 24),      # open sea; not a port
    ("mutiny", 6, 24),           # anywhere, but not in his own home port (Hook at 24)
])
def test_forced_boarding_card_makes_the_target_fight_a_boarding_fight(card: str, target_at: int,
                                                                       elsewhere: int) -> None:
    """PC-CARD-28 Cannibals, PC-CARD-29 Buccaneers, PC-CARD-30 Head Hunters, PC-CARD-36 Mutiny,
    PC-CARD-37 Sea Monster [ambiguous]: our reading is that the player of the card attacks the target
    wherever both ships are, in a boarding fight, with no escape roll (nobody landed on him). Yellowbeard
    is the only ship in the zone; Hook, outside it, is not offered. Only boarding cards can be added:
    Kidd may commit Knives, not Cannonballs. Kidd wins 5 to 2 and takes Yellowbeard's Key."""
    table = [ship("kidd", hand=[card, "knives", "cannonballs"]), ship("hook", at=elsewhere),
             ship("yellowbeard", at=target_at, coins=["key"])]
    out = scenario(table, [(0, f"play {card}")])
    fight = out["state"]["fight"]
    assert (fight["attacker"], fight["defender"], fight["mode"], fight["landed"]) == (0, 2, "boarding", False)
    assert out["pending"] == {"kind": "simultaneous", "waiting_on": [0, 2], "prompt": "choose fight cards (sealed)"}
    assert out["legal"] == {"0": ["commit knives", "ready"], "2": ["ready"]}
    out = scenario(table, [(0, f"play {card}"), (0, "ready"), (2, "ready")], dice=[5, 2])
    ps = players(out)
    assert ps[0]["position"] == 12 and ps[0]["coins"] == ["key"]   # Kidd never moved
    assert_sunk(ps[2])
    assert ps[1]["position"] == elsewhere and ps[1]["times_sunk"] == 0
    assert discard(out) == [card]
    assert out["legal"]["0"][0] == "roll"   # the card was not a move


@pytest.mark.parametrize(("card", "hook_at"), [
    ("cannibals", 20), ("head-hunters", 24), ("buccaneers", 15), ("sea-monster", 9), ("mutiny", 24),
])
def test_forced_boarding_card_needs_a_target_in_its_zone(card: str, hook_at: int) -> None:
    """PC-CARD-28, PC-CARD-29, PC-CARD-30, PC-CARD-36, PC-CARD-37: with the only enemy outside the zone
    (or safe in his home port) the card is not offered."""
    out = scenario([ship("kidd", hand=[card]), ship("hook", at=hook_at)])
    assert f"play {card}" not in out["legal"]["0"]


# ---- Flee, Catch the Wind: escape rolls ------------------------------------------------------

@pytest.mark.parametrize(("card", "escape_roll"), [("flee", 3), ("catch-the-wind", 4)])
def test_escape_card_adds_to_the_escape_roll(card: str, escape_roll: int) -> None:
    """PC-CARD-16 Flee (+2), PC-CARD-40 Catch the Wind (+1) played by the defender when attacked: a 3
    (Flee) or a 4 (Catch the Wind) becomes 5 and Hook escapes; no fight, Hook stays on 14."""
    table = [ship("kidd"), ship("hook", at=14, hand=[card])]
    out = scenario(table, [(0, "roll"), (0, "sail 2 cw"), (0, "boarding")], dice=[2])
    assert out["pending"]["kind"] == "reaction" and out["pending"]["waiting_on"] == [1]
    assert out["legal"] == {"1": [f"play {card}", "escape", "stand"]}
    out = scenario(table, [(0, "roll"), (0, "sail 2 cw"), (0, "boarding"), (1, f"play {card}"), (1, "escape")],
                   dice=[2, escape_roll])
    assert "Captain Hook escapes with 5!" in out["events"]
    assert out["state"]["fight"] is None and discard(out) == [card]
    assert [p["position"] for p in players(out)] == [14, 14]
    assert out["legal"] == {"0": ["end"]}


def test_escape_without_the_card_fails_on_the_same_roll() -> None:
    """PC-CARD-16: the same roll of 3 without Flee is not enough; the fight goes ahead."""
    out = scenario([ship("kidd"), ship("hook", at=14, hand=["flee"])],
                   [(0, "roll"), (0, "sail 2 cw"), (0, "boarding"), (1, "escape")], dice=[2, 3])
    assert "Captain Hook fails to escape (3)." in out["events"]
    assert out["pending"]["kind"] == "simultaneous" and players(out)[1]["hand"] == ["flee"]


def test_flee_cannot_be_played_on_your_own_turn() -> None:
    """PC-CARD-16: Flee only helps an escape roll, so it is never offered as a main-phase play."""
    out = scenario([ship("kidd", hand=["flee"]), ship("hook")])
    assert "play flee" not in out["legal"]["0"]
