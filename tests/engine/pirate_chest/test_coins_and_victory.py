"""VICTORY, PIECES OF EIGHT, THE MAP, THE KEY, THE CHEST, THE MAGIC COMPASS, EXTRA MOVES."""
from __future__ import annotations

import pytest

from tests.engine.pirate_chest.scenario_helpers import act, islands, legal, player, run, state, turn

KIDD_JONES = ["kidd", "jones"]


def _kidd(position: int, coins: list[str] | None = None, on_islands: dict | None = None, forced=(), **kidd) -> dict:
    """Kidd (seat 0, home Pirate Island 12) to play; Davy Jones at home (18)."""
    return {"players": [player("kidd", position=position, coins=coins or [], **kidd), player("jones")],
            **turn(0), "islands": islands(on_islands), "rng": {"forced": list(forced)}}


def test_win_chest_brought_home_wins_at_once() -> None:
    """PC-WIN-01, PC-CHEST-04, PC-COIN-03 (reading: the 'Dead Man's Chest' coin is the Chest):
    sailing into your own home port holding the Chest ends the game with you the winner."""
    out = run(_kidd(10, ["map", "key", "chest"], forced=[2]), [(0, "roll"), (0, "sail 2 cw")], captains=KIDD_JONES)
    assert out["outcome"]["winners"] == [0]
    assert out["outcome"]["reason"] == "Captain Kidd brought the Dead Man's Chest home"
    assert out["pending"] is None and out["legal"] == {}
    assert out["state"]["winner"] == 0


def test_chest_passing_through_home_port_does_not_win() -> None:
    """PC-CHEST-04 (reading: you must end a move in your home port; sailing through it is not enough)."""
    out = run(_kidd(10, ["map", "key", "chest"], forced=[4]), [(0, "roll"), (0, "sail 4 cw")], captains=KIDD_JONES)
    assert out["state"]["players"][0]["position"] == 14
    assert out["outcome"] is None and out["state"]["winner"] is None


def test_chest_in_another_home_port_does_not_win() -> None:
    """PC-WIN-01: only your own port counts (Kidd's is Pirate Island, not the Caribbean)."""
    out = run(_kidd(4, ["map", "key", "chest"], forced=[2]), [(0, "roll"), (0, "sail 2 cw")], captains=KIDD_JONES)
    assert out["state"]["players"][0]["position"] == 6 and out["outcome"] is None


@pytest.mark.parametrize("coin", ["map", "key", "compass"], ids=["PC-TMAP-01", "PC-TKEY-01", "PC-COMPASS-01"])
def test_landing_on_a_coin_takes_it(coin: str) -> None:
    """PC-TMAP-01, PC-TKEY-01, PC-COMPASS-01: stopping on the Map, Key or Compass takes it."""
    s = state(_kidd(7, on_islands={9: [coin]}, forced=[2]), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == [coin]
    assert 9 not in s.islands


@pytest.mark.parametrize("held", [[], ["map"], ["key"]])
def test_chest_stays_without_map_and_key(held: list[str]) -> None:
    """PC-CHEST-02, PC-TMAP-02, PC-TKEY-02: without both Map and Key the Chest is only turned over."""
    s = state(_kidd(7, held, on_islands={9: ["chest"]}, forced=[2]), captains=KIDD_JONES)
    s, events = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == held
    assert [(c.id, c.face_up) for c in s.islands[9]] == [("chest", True)]
    assert "Dead Man's Chest stays at Parrot Cay: it needs the Map and the Key." in events


def test_chest_taken_with_map_and_key_which_are_kept() -> None:
    """PC-CHEST-01, PC-CHEST-03: holding Map and Key, stopping on the Chest takes it; Map and Key stay."""
    s = state(_kidd(7, ["map", "key"], on_islands={9: ["chest"]}, forced=[2]), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == ["map", "key", "chest"]
    assert 9 not in s.islands and s.winner is None


@pytest.mark.parametrize(("held", "on_island", "taken"), [
    (["map", "key"], ["chest"], ["chest"]),              # both already aboard: the Chest comes too
    (["map"], ["chest", "key"], ["key"]),                # the Key comes aboard at this stop: too late
    (["key"], ["chest", "map"], ["map"]),                # the Map likewise
    ([], ["chest", "key", "map"], ["map", "key"]),       # all three together: the Chest stays
], ids=["both-held", "map-held-key-here", "key-held-map-here", "none-held-all-here"])
def test_chest_01_needs_map_and_key_already_aboard(held: list[str], on_island: list[str], taken: list[str]) -> None:
    """PC-CHEST-01, PC-CHEST-02 (not tagged, recorded: 'already' means before this stop): the Map
    and Key found on the Chest's island are taken, but the Chest is only turned over and stays."""
    s = state(_kidd(7, held, on_islands={9: on_island}, forced=[2]), captains=KIDD_JONES)
    s, events = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == held + taken
    if "chest" in taken:
        assert 9 not in s.islands
    else:
        assert [(c.id, c.face_up) for c in s.islands[9]] == [("chest", True)]
        assert "Dead Man's Chest stays at Parrot Cay: it needs the Map and the Key already aboard on landing." in events


def test_chest_01_left_behind_is_taken_on_the_next_stop() -> None:
    """PC-CHEST-01: Kidd picks up the Key beside the Chest (Map already aboard); the Chest stays face
    up. Sailing off and back onto the island next turn, with both aboard, he takes it."""
    s = state(_kidd(7, ["map"], on_islands={9: ["key", "chest"]}, forced=[2, 1, 1]), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"), (0, "end"), (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert s.players[0].coins == ["map", "key"] and [c.id for c in s.islands[9]] == ["chest"]
    s, _ = act(s, (0, "privateer"), (0, "sail 1 cw"), (0, "end"), (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert s.players[0].position == 10
    s, _ = act(s, (0, "privateer"), (0, "sail 1 ccw"))
    assert s.players[0].coins == ["map", "key", "chest"] and 9 not in s.islands


def test_chest_arriving_while_in_home_port_wins() -> None:
    """PC-CHEST-05 (reading: holding the Chest in your home port wins at once however it arrives):
    Kidd, at home, steals the Chest with Thief from the ship next to him and wins."""
    players = [player("kidd", hand=["thief"]), player("jones", position=13, coins=["chest"])]
    out = run({"players": players, **turn(0), "islands": islands()}, [(0, "play thief")], captains=KIDD_JONES)
    assert out["outcome"]["winners"] == [0]


def test_chest_port_of_call_home_wins() -> None:
    """PC-CHEST-06: Port of Call (home as your move) with the Chest wins at once."""
    out = run(_kidd(20, ["map", "key", "chest"], hand=["port-of-call"]), [(0, "play port-of-call")],
              captains=KIDD_JONES)
    assert out["state"]["players"][0]["position"] == 12
    assert out["outcome"]["winners"] == [0]


def test_compass_gives_one_extra_move_every_turn() -> None:
    """PC-COMPASS-02 (reading: the holder's turn starts with one move more; a Compass picked up
    during a turn adds its move from the next turn on)."""
    s = state(_kidd(7, on_islands={9: ["compass"]}, forced=[2, 1, 1, 1]), captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == ["compass"] and legal(s, 0) == ["end"]
    s, _ = act(s, (0, "end"), (1, "roll"), (1, "sail 1 cw"), (1, "end"))
    assert (s.turn.seat, s.turn.moves_left) == (0, 2)
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"))
    assert legal(s, 0) == ["roll", "privateer", "end"]   # the extra move may be left unused
    s, _ = act(s, (0, "roll"), (0, "sail 1 cw"))
    assert s.players[0].position == 11 and legal(s, 0) == ["end"]


def test_extra_move_can_turn_over_coins_and_start_a_fight() -> None:
    """PC-EXTRA-01: the Compass's extra move lands like any move: it turns over a coin and, on an
    enemy, starts a fight."""
    players = [player("kidd", position=1, coins=["compass"]), player("jones", position=5)]
    s = state({"players": players, **turn(0, moves_left=2), "islands": islands({3: ["key"]}),
               "rng": {"forced": [2, 2]}}, captains=KIDD_JONES)
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert s.players[0].coins == ["compass", "key"]
    s, _ = act(s, (0, "roll"), (0, "sail 2 cw"))
    assert legal(s, 0) == ["broadsides", "boarding", "both"]


def test_coins_change_owner_by_landing_and_by_fighting() -> None:
    """PC-COIN-04: landing on an island takes its coin, and the loser of the fight that follows
    hands his coins to the winner (scattering outside fights: test_sinking.py)."""
    players = [player("kidd", position=7), player("jones", position=9, coins=["map"])]
    out = run({"players": players, **turn(0), "islands": islands({9: ["compass"]}), "rng": {"forced": [2, 6, 1]}},
              [(0, "roll"), (0, "sail 2 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")],
              captains=KIDD_JONES)
    assert [p["coins"] for p in out["state"]["players"]] == [["compass", "map"], []]
