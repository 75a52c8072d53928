"""THE DECK — cards that move ships or stop them moving.

Scurvy, Trade Winds, Port of Call, Hit Reef, Doldrums, Gulfstream, Westerlies, Sargasso,
Pursuit, X Marks the Spot, Give Chase, Set Sail, Becalmed, Sandbar, Imprisoned, Captured,
Marooned, Catch the Wind (move roll), Lost. Each test builds its table with the scenario format
(engine.scenario.run) and plays the card through the engine.

Seats used throughout: Captain Kidd (home Pirate Island, 12), Captain Hook (home The Seven Seas,
24), Yellowbeard (home Pirate Island, 12), Long John Silver (home Pirate Island, 12). Their
abilities only add options of their own, so they do not disturb these cards.
"""
from __future__ import annotations

import pytest

from tests.engine.pirate_chest.scenario_helpers import discard, players, scenario, ship

OPEN_SEA = [n for n in range(1, 25) if n % 3]

# ---- Scurvy, Hit Reef, Doldrums, Sargasso, Imprisoned, Captured: "cannot move" -------------

def test_scurvy_chosen_opponent_cannot_move_on_his_next_turn() -> None:
    """PC-CARD-01 [ambiguous]: Scurvy is played on your own turn (no card is played out of turn in
    this engine), so 'cannot move this turn' stops the chosen opponent's next turn."""
    table = [ship("kidd", hand=["scurvy"]), ship("hook", at=20), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play scurvy")])
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    out = scenario(table, [(0, "play scurvy"), (0, "target hook"), (0, "roll"), (0, "sail 3 cw"), (0, "end")],
                   dice=[3], deck=["rumors", "knives"])
    ps = players(out)
    assert [p["position"] for p in ps] == [15, 20, 2]   # Kidd himself still moved
    assert discard(out) == ["scurvy"]
    assert out["state"]["turn"]["seat"] == 1 and out["state"]["turn"]["frozen"] is True
    assert ps[1]["frozen_next_turn"] is False and ps[2]["frozen_next_turn"] is False
    assert out["legal"] == {"1": ["end"]}   # no roll: Hook drew Knives, which cannot be played now
    out = scenario(table, [(0, "play scurvy"), (0, "target hook"), (0, "roll"), (0, "sail 3 cw"), (0, "end"),
                           (1, "end")], dice=[3], deck=["rumors", "knives"])
    assert out["state"]["turn"]["seat"] == 2 and out["state"]["turn"]["frozen"] is False
    assert "roll" in out["legal"]["2"]


@pytest.mark.parametrize(("card", "hook_at", "yellowbeard_at", "victim"), [
    ("hit-reef", 15, 20, 1),       # island counts as a special space; open sea does not
    ("hit-reef", 20, 6, 2),        # so does a port (The Caribbean is not Yellowbeard's home)
    ("doldrums", 20, 15, 1),       # only open sea
    ("imprisoned", 24, 20, 1),     # a port, even his own home port (nothing is destroyed)
    ("captured", 24, 9, 2),        # a deserted island only
])
def test_zone_card_stops_the_only_enemy_in_its_zone(card: str, hook_at: int, yellowbeard_at: int,
                                                     victim: int) -> None:
    """PC-CARD-09 Hit Reef (special space), PC-CARD-10 Doldrums (open sea), PC-CARD-31 Imprisoned
    (port), PC-CARD-32 Captured (deserted island): the one enemy in the zone is picked for you and
    cannot move on his next turn; an enemy elsewhere is untouched."""
    out = scenario([ship("kidd", at=13, hand=[card]), ship("hook", at=hook_at), ship("yellowbeard", at=yellowbeard_at)],
                   [(0, f"play {card}")])
    ps = players(out)
    assert [p["frozen_next_turn"] for p in ps] == [False, victim == 1, victim == 2]
    assert discard(out) == [card]
    assert out["legal"]["0"][0] == "roll"   # the card was not a move


@pytest.mark.parametrize(("card", "hook_at", "yellowbeard_at"), [
    ("hit-reef", 20, 22), ("doldrums", 15, 24), ("imprisoned", 20, 9), ("captured", 20, 12),
])
def test_zone_card_cannot_be_played_with_nobody_in_its_zone(card: str, hook_at: int, yellowbeard_at: int) -> None:
    """PC-CARD-09, PC-CARD-10, PC-CARD-31, PC-CARD-32: with no enemy in the zone the card is not offered."""
    out = scenario([ship("kidd", at=13, hand=[card]), ship("hook", at=hook_at), ship("yellowbeard", at=yellowbeard_at)])
    assert f"play {card}" not in out["legal"]["0"]
    scenario([ship("kidd", at=13, hand=[card]), ship("hook", at=hook_at), ship("yellowbeard", at=yellowbeard_at)],
             [(0, f"play {card}")], ok=False)


def test_target_cards_never_target_your_own_ship() -> None:
    """PC-CARD-66 [ambiguous]: our reading is that Doldrums and Hit Reef only target enemies: Kidd on
    open sea (Doldrums) or on an island (Hit Reef) with no enemy there cannot play them on himself."""
    out = scenario([ship("kidd", at=13, hand=["doldrums"]), ship("hook")])
    assert "play doldrums" not in out["legal"]["0"]
    out = scenario([ship("kidd", at=15, hand=["hit-reef"]), ship("hook", at=20)])
    assert "play hit-reef" not in out["legal"]["0"]


def test_doldrums_is_wind_and_cannot_touch_the_nautilus() -> None:
    """PC-CARD-10, PC-CARD-65: Doldrums is a Wind card, and the Nautilus is immune to Wind, so with
    Nemo the only ship on open sea the card is not offered."""
    out = scenario([ship("kidd", at=13, hand=["doldrums"]), ship("nemo", at=20), ship("hook", at=15)])
    assert "play doldrums" not in out["legal"]["0"]
    out = scenario([ship("kidd", at=13, hand=["doldrums"]), ship("nemo", at=20), ship("hook", at=19)],
                   [(0, "play doldrums")])
    assert [p["frozen_next_turn"] for p in players(out)] == [False, False, True]


def test_sargasso_stops_every_adjacent_enemy_on_open_sea() -> None:
    """PC-CARD-13: all enemies next to you (our reading of adjacent: one step either way or on your
    space) and on open sea lose their next move; one next to you in port, or two steps off, does not."""
    table = [ship("kidd", at=13, hand=["sargasso"]), ship("hook", at=14), ship("yellowbeard", at=12),
             ship("silver", at=13)]
    out = scenario(table, [(0, "play sargasso")])
    assert [p["frozen_next_turn"] for p in players(out)] == [False, True, False, True]
    out = scenario([ship("kidd", at=13, hand=["sargasso"]), ship("hook", at=16), ship("yellowbeard", at=12)])
    assert "play sargasso" not in out["legal"]["0"]


# ---- Trade Winds, Gulfstream, Westerlies, Catch the Wind: more movement ------------------

@pytest.mark.parametrize(("card", "extra"), [("trade-winds", 1), ("gulfstream", 2)])
def test_extra_moves_cards_add_whole_moves(card: str, extra: int) -> None:
    """PC-CARD-02 Trade Winds (+1 move), PC-CARD-11 Gulfstream (+2 moves): each extra move is a full
    rolled move; when they are used up only 'end' is left."""
    out = scenario([ship("kidd", hand=[card]), ship("hook")], [(0, f"play {card}")])
    assert out["state"]["turn"]["moves_left"] == 1 + extra
    rolls = [2, 3, 1][: 1 + extra]
    actions = [(0, f"play {card}")] + [a for r in rolls for a in ((0, "roll"), (0, f"sail {r} cw"))]
    out = scenario([ship("kidd", hand=[card]), ship("hook")], actions, dice=rolls)
    assert players(out)[0]["position"] == 12 + sum(rolls)
    assert out["state"]["turn"]["moves_left"] == 0
    assert out["legal"] == {"0": ["end"]}


def test_westerlies_is_an_extra_rolled_move_taken_at_once() -> None:
    """PC-CARD-12 [ambiguous]: our reading is a separate extra move of 1D6, sailed straight away in
    either direction; the normal move is still to come."""
    out = scenario([ship("kidd", hand=["westerlies"]), ship("hook")], [(0, "play westerlies")], dice=[4])
    assert out["legal"] == {"0": ["sail 4 cw to sea-16", "sail 4 ccw to sea-8"]}
    out = scenario([ship("kidd", hand=["westerlies"]), ship("hook")],
                   [(0, "play westerlies"), (0, "sail 4 ccw"), (0, "roll"), (0, "sail 1 ccw")], dice=[4, 1])
    assert players(out)[0]["position"] == 7
    assert out["state"]["turn"]["moves_left"] == 0


def test_westerlies_roll_takes_this_turns_move_penalty() -> None:
    """PC-CARD-12 with PC-CARD-21: a Sandbar on this turn takes 2 off the Westerlies roll too."""
    out = scenario([ship("kidd", hand=["westerlies"]), ship("hook")], [(0, "play westerlies")], dice=[5],
                   turn_state={"move_penalty": 2})
    assert out["legal"] == {"0": ["sail 3 cw to cutlass-key", "sail 3 ccw to parrot-cay"]}


def test_catch_the_wind_adds_one_to_the_move_roll() -> None:
    """PC-CARD-40: +1 on this turn's move roll (used once, then gone)."""
    out = scenario([ship("kidd", hand=["catch-the-wind"]), ship("hook")],
                   [(0, "play catch-the-wind"), (0, "roll")], dice=[3])
    assert out["legal"] == {"0": ["sail 4 cw to sea-16", "sail 4 ccw to sea-8"]}
    assert out["state"]["turn"]["roll_bonus"] == 0
    out = scenario([ship("kidd", hand=["catch-the-wind"]), ship("hook")], [(0, "roll"), (0, "sail 3 cw")], dice=[3])
    assert "play catch-the-wind" not in out["legal"]["0"]   # nothing left to add it to


# ---- Becalmed, Sandbar: a smaller move roll next turn ------------------------------------

@pytest.mark.parametrize(("card", "penalty", "sails"), [
    ("becalmed", 3, ["sail 2 cw to sea-22", "sail 2 ccw to graveyard"]),
    ("sandbar", 2, ["sail 3 cw to sea-23", "sail 3 ccw to sea-17"]),
])
def test_move_penalty_card_shortens_the_opponents_next_move_roll(card: str, penalty: int, sails: list[str]) -> None:
    """PC-CARD-20 Becalmed (-3), PC-CARD-21 Sandbar (-2) on the opponent's move roll next turn."""
    actions = [(0, f"play {card}"), (0, "roll"), (0, "sail 1 cw"), (0, "end"), (1, "roll")]
    out = scenario([ship("kidd", hand=[card]), ship("hook", at=20)], actions, dice=[1, 5], deck=["knives"])
    assert out["state"]["turn"]["seat"] == 1
    assert out["state"]["turn"]["move_penalty"] == penalty
    assert players(out)[1]["move_penalty_next_turn"] == 0
    assert out["legal"] == {"1": sails}   # Hook rolled 5


def test_becalmed_can_cut_a_move_roll_to_nothing() -> None:
    """PC-CARD-20: a roll of 2 under Becalmed leaves no move (never below zero): Hook stays put."""
    actions = [(0, "play becalmed"), (0, "roll"), (0, "sail 1 cw"), (0, "end"), (1, "roll")]
    out = scenario([ship("kidd", hand=["becalmed"]), ship("hook", at=20)], actions, dice=[1, 2], deck=["knives"])
    assert out["legal"] == {"1": ["stay"]}


# ---- Port of Call, Pursuit, Give Chase, X Marks the Spot, Set Sail: "as your move" ---------

def test_port_of_call_sails_home_as_the_move() -> None:
    """PC-CARD-03: as your move, straight back to your home port; not offered at home or after moving."""
    out = scenario([ship("kidd", at=17, hand=["port-of-call"]), ship("hook")], [(0, "play port-of-call")])
    assert players(out)[0]["position"] == 12
    assert out["state"]["turn"]["moves_left"] == 0 and out["state"]["turn"]["base_move_done"] is True
    assert out["legal"] == {"0": ["end"]}
    out = scenario([ship("kidd", hand=["port-of-call"]), ship("hook")])
    assert "play port-of-call" not in out["legal"]["0"]
    out = scenario([ship("kidd", at=17, hand=["port-of-call"]), ship("hook")], [(0, "roll"), (0, "sail 1 cw")], dice=[1])
    assert "play port-of-call" not in out["legal"]["0"]


@pytest.mark.parametrize("card", ["pursuit", "give-chase"])
def test_pursuit_and_give_chase_sail_onto_an_enemy_and_attack(card: str) -> None:
    """PC-CARD-15 Pursuit, PC-CARD-18 Give Chase: as your move, go to a chosen enemy's space; landing
    there starts the attack on him."""
    table = [ship("kidd", hand=[card]), ship("hook", at=20), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, f"play {card}")])
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    out = scenario(table, [(0, f"play {card}"), (0, "target hook")])
    assert players(out)[0]["position"] == 20
    assert out["state"]["turn"]["moves_left"] == 0
    assert out["state"]["stack"][-1]["kind"] == "engage" and out["state"]["stack"][-1]["defender"] == 1
    assert out["legal"] == {"0": ["broadsides", "boarding", "both"]}


def test_x_marks_the_spot_sails_to_any_island_and_takes_its_coin() -> None:
    """PC-CARD-17: as your move, to any deserted island; landing turns over and takes the coin there."""
    out = scenario([ship("kidd", hand=["x-marks-the-spot"]), ship("hook")], [(0, "play x-marks-the-spot")],
                   coins={21: ["key"]})
    assert out["legal"] == {"0": ["to skull-isle", "to parrot-cay", "to cutlass-key", "to rum-rock"]}
    out = scenario([ship("kidd", hand=["x-marks-the-spot"]), ship("hook")],
                   [(0, "play x-marks-the-spot"), (0, "to rum-rock")], coins={21: ["key"]})
    assert players(out)[0]["position"] == 21 and players(out)[0]["coins"] == ["key"]
    assert "21" not in out["state"]["islands"]
    assert out["legal"] == {"0": ["end"]}


def test_set_sail_goes_to_any_empty_open_sea_space() -> None:
    """PC-CARD-19: as your move, to an open sea space with no ship on it (Hook's 20 and Yellowbeard's
    1 are not offered, nor any port or island)."""
    table = [ship("kidd", hand=["set-sail"]), ship("hook", at=20), ship("yellowbeard", at=1)]
    out = scenario(table, [(0, "play set-sail")])
    assert out["legal"] == {"0": [f"to sea-{n}" for n in OPEN_SEA if n not in (1, 20)]}
    out = scenario(table, [(0, "play set-sail"), (0, "to sea-10")])
    assert players(out)[0]["position"] == 10 and out["legal"] == {"0": ["end"]}


# ---- Marooned -----------------------------------------------------------------------------

def test_marooned_opponent_misses_his_next_turn() -> None:
    """PC-CARD-39: the chosen opponent misses his next turn; play passes over him."""
    table = [ship("kidd", hand=["marooned"]), ship("hook", at=20), ship("yellowbeard", at=2)]
    out = scenario(table, [(0, "play marooned"), (0, "target hook")])
    assert [p["skip_turns"] for p in players(out)] == [0, 1, 0]
    out = scenario(table, [(0, "play marooned"), (0, "target hook"), (0, "roll"), (0, "sail 1 cw"), (0, "end")],
                   dice=[1], deck=["knives"])
    assert "Captain Hook misses this turn." in out["events"]
    assert out["state"]["turn"]["seat"] == 2
    assert [p["skip_turns"] for p in players(out)] == [0, 0, 0]
    assert players(out)[1]["hand"] == []   # a missed turn draws nothing


# ---- Lost ---------------------------------------------------------------------------------

def test_lost_pushes_an_enemy_ship_a_rolled_distance_either_way() -> None:
    """PC-CARD-42 [ambiguous]: as your move, roll and push an enemy that many spaces either way; our
    reading is that nothing happens where he stops: the hidden coin there stays hidden and untaken,
    and he does not fight the ship already there."""
    table = [ship("kidd", hand=["lost"]), ship("hook", at=19), ship("yellowbeard", at=15)]
    out = scenario(table, [(0, "play lost"), (0, "target hook")], dice=[4], coins={15: ["key"]})
    assert out["legal"] == {"0": ["sail 4 cw to sea-23", "sail 4 ccw to cutlass-key"]}
    out = scenario(table, [(0, "play lost"), (0, "target hook"), (0, "sail 4 ccw")], dice=[4], coins={15: ["key"]})
    ps = players(out)
    assert [p["position"] for p in ps] == [12, 15, 15]
    assert ps[1]["coins"] == [] and out["state"]["islands"]["15"] == [{"id": "key", "face_up": False}]
    assert out["state"]["fight"] is None and out["state"]["stack"] == []
    assert out["state"]["turn"]["moves_left"] == 0
    assert out["legal"] == {"0": ["end"]}
