"""THE BOARD: a circular track of 24 spaces, every third one special; adjacency and distance."""
from __future__ import annotations

import pytest

from engine.pirate_chest.defs import defs
from tests.engine.pirate_chest.scenario_helpers import GAME, act, islands, legal, player, state, turn

SPECIAL = {
    3: ("PC-BOARD-03", "island", "Skull Isle"),
    6: ("PC-BOARD-04", "port", "The Caribbean"),
    9: ("PC-BOARD-05", "island", "Parrot Cay"),
    12: ("PC-BOARD-06", "port", "Pirate Island"),
    15: ("PC-BOARD-07", "island", "Cutlass Key"),
    18: ("PC-BOARD-08", "port", "Ship Graveyard"),
    21: ("PC-BOARD-09", "island", "Rum Rock"),
    24: ("PC-BOARD-10", "port", "The Seven Seas"),
}


def _at(captain: str, position: int, **extra):
    return {"players": [player(captain, position=position), player("lola")], **turn(0),
            "islands": islands(), **extra}


@pytest.mark.parametrize(("start", "direction", "end"), [(22, "cw", 2), (2, "ccw", 22), (24, "cw", 4)])
def test_board_track_is_a_closed_circle_of_24(start: int, direction: str, end: int) -> None:
    """PC-BOARD-01: space 24 is followed by space 1, both ways round."""
    s = state(_at("kidd", start, rng={"forced": [4]}), captains=["kidd", "lola"])
    assert s.board_size == 24
    s, _ = act(s, (0, "roll"), (0, f"sail 4 {direction}"))
    assert s.players[0].position == end


def test_board_every_third_space_is_special() -> None:
    """PC-BOARD-02, PC-BOARD-11: spaces 3, 6, …, 24 are special; the other 16 are open sea."""
    view = GAME.view(state(captains=["kidd", "lola"]), None)
    assert [sp.number for sp in view.spaces] == list(range(3, 25, 3))
    s = state(_at("kidd", 1), captains=["kidd", "lola"])
    s.players[0].hand = ["set-sail"]
    s, _ = act(s, (0, "play set-sail"))
    open_sea = sorted(o.removeprefix("to sea-") for o in legal(s, 0))
    # Set Sail goes to any empty open-sea space: all 16 but the one Kidd is on.
    assert sorted(int(n) for n in open_sea) == [n for n in range(2, 25) if n % 3]


@pytest.mark.parametrize("number", sorted(SPECIAL), ids=[SPECIAL[n][0] for n in sorted(SPECIAL)])
def test_board_special_space(number: int) -> None:
    """PC-BOARD-03 … PC-BOARD-10: each special space is the listed deserted island or port
    (the islands' names are Parley's own)."""
    _, kind, name = SPECIAL[number]
    view = GAME.view(state(captains=["kidd", "lola"]), None)
    sp = next(sp for sp in view.spaces if sp.number == number)
    assert (sp.kind, sp.name) == (kind, name)


def test_board_ports_and_islands_as_the_rules_use_them() -> None:
    """PC-BOARD-02 … PC-BOARD-10: Never Land reaches exactly the 4 ports, X Marks the Spot the 4
    deserted islands."""
    s = state(_at("hook", 1), captains=["hook", "lola"])
    assert [n for n in legal(s, 0) if n.startswith("never-land")] == [
        "never-land caribbean", "never-land pirate-island", "never-land graveyard", "never-land seven-seas"]
    s.players[0].hand = ["x-marks-the-spot"]
    s, _ = act(s, (0, "play x-marks-the-spot"))
    assert legal(s, 0) == ["to skull-isle", "to parrot-cay", "to cutlass-key", "to rum-rock"]


def test_board_port_names_each_mean_one_port() -> None:
    """PC-BOARD-12 (reading): 'Graveyard'/'Ship Graveyard', 'Pirates Island'/'Pirate Island',
    'Caribbean'/'The Caribbean' are one port each; every captain's home is one of the 4 ports."""
    ports = {d.slug: d.number for d in defs().boards.standard.spaces if d.kind == "port"}
    assert ports == {"caribbean": 6, "pirate-island": 12, "graveyard": 18, "seven-seas": 24}
    assert {c.home for c in defs().captains.values()} == set(ports)
    s = state(captains=["jones", "yellowbeard"])
    assert [p.home for p in s.players] == [18, 12]


def test_board_adjacent_means_same_space_or_one_step() -> None:
    """PC-BOARD-13 (reading): 'adjacent' is the same space or one step either way (24 and 1 touch);
    two steps away is not adjacent. Shown with Thief (steal a coin from an adjacent pawn)."""
    players = [player("kidd", position=1, hand=["thief"]), player("jones", position=24, coins=["map"]),
               player("hook", position=1, coins=["key"]), player("lola", position=3, coins=["compass"])]
    s = state({"players": players, **turn(0), "islands": islands()}, captains=["kidd", "jones", "hook", "lola"])
    s, _ = act(s, (0, "play thief"))
    assert legal(s, 0) == ["target jones", "target hook"]


def test_board_distance_counts_the_short_way_round() -> None:
    """PC-BOARD-14 (reading): distance runs along the track either way, the short way round:
    from space 2 the ships on 23 (3 back across space 24) and on 5 (3 ahead) are both 3 away."""
    players = [player("jones", position=2), player("kidd", position=23), player("hook", position=5),
               player("lola", position=8)]
    s = state({"players": players, **turn(0), "islands": islands(), "rng": {"forced": [3]}},
              captains=["jones", "kidd", "hook", "lola"])
    s, _ = act(s, (0, "kraken"))
    assert legal(s, 0) == ["target kidd", "target hook"]
    s, _ = act(s, (0, "target hook"))    # PC-KRAKEN-02 (reading): Davy Jones picks one; only it sinks
    assert [p.position for p in s.players[1:]] == [23, 24, 8]
