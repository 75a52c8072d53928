"""INTRODUCTION, PIRATE VESSELS, PIECES OF EIGHT, THE DECK (components) and SETUP."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError, Setup, setup_state
from engine.pirate_chest.defs import defs
from tests.engine.pirate_chest.scenario_helpers import GAME, legal, pending_of, run, state

BASE_ISLANDS = {3, 9, 15, 21}
PLAIN = ["kidd", "jones", "hook", "bart", "silver", "lola"]   # no ability touches setup dice or draws


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_intro_2_to_6_players_can_play(players: int) -> None:
    """PC-INTRO-01: every table size from 2 to 6 sets up."""
    out = run(captains=PLAIN[:players])
    assert len(out["state"]["players"]) == players


@pytest.mark.parametrize("players", [1, 7])
def test_intro_fewer_than_2_or_more_than_6_players_refused(players: int) -> None:
    """PC-INTRO-01: 1 or 7 players are refused with a sentence naming the range."""
    with pytest.raises(IllegalActionError, match="2 to 6 players"):
        setup_state(GAME, Setup(game="pirate_chest", players=players, seed="t"))
    assert run(players=players, ok=False)["code"] == 2


def test_setup_captains_chosen_in_seat_order_each_only_once() -> None:
    """PC-SETUP-01, PC-SHIP-23: seats choose a captain one after another (all 19 offered to the
    first); a captain already taken is not offered again, and a preset list may not repeat one."""
    s = state(players=3)
    assert pending_of(s).waiting_on == (0,)
    assert len(legal(s, 0)) == 19
    out = run(actions=[(0, "captain sparrow")], players=3)
    assert out["pending"]["waiting_on"] == [1]
    assert "captain sparrow" not in out["legal"]["1"]
    assert len(out["legal"]["1"]) == 18
    assert run(actions=[(0, "captain sparrow"), (1, "captain sparrow")], players=3, ok=False)["code"] == 1
    assert run(captains=["kidd", "kidd"], ok=False)["code"] == 2


def test_setup_each_pawn_starts_on_its_home_port() -> None:
    """PC-SETUP-02, PC-VESSEL-01: one pawn per player, on its captain's home port."""
    out = run(captains=["sparrow", "kidd", "jones", "hook", "lola", "yellowbeard"], options={"larger_board": False})
    ships = [(p["captain"], p["home"], p["position"]) for p in out["state"]["players"]]
    assert ships == [("sparrow", 6, 6), ("kidd", 12, 12), ("jones", 18, 18), ("hook", 24, 24),
                     ("lola", 18, 18), ("yellowbeard", 12, 12)]


def test_setup_each_player_draws_2_cards() -> None:
    """PC-SETUP-03, PC-DECK-01: two cards each from the one shared deck; the first player has
    then drawn his turn's card too."""
    out = run(captains=["kidd", "jones", "hook"])
    st = out["state"]
    first = st["turn"]["seat"]
    assert [len(p["hand"]) for p in st["players"]] == [3 if i == first else 2 for i in range(3)]
    assert len(st["deck"]["pile"]) == 63 - 7


def test_deck_one_copy_of_each_listed_card() -> None:
    """PC-DECK-02 (data): the rulebook gives no counts; our deck has one copy of each of the 63 cards."""
    st = run(captains=["kidd", "jones"])["state"]
    cards = st["deck"]["pile"] + [c for p in st["players"] for c in p["hand"]] + st["deck"]["discard"]
    assert sorted(cards) == sorted(defs().cards)
    assert len(cards) == 63


def test_setup_four_coins_one_face_down_on_each_deserted_island() -> None:
    """PC-SETUP-04, PC-SETUP-05, PC-COIN-01, PC-COIN-02: the Compass, Map, Key and Chest lie one per
    island, mark side down; nobody sees which is which."""
    s = state(captains=["kidd", "jones"])
    assert set(s.islands) == BASE_ISLANDS
    assert sorted(c.id for coins in s.islands.values() for c in coins) == ["chest", "compass", "key", "map"]
    assert all(len(coins) == 1 and not coins[0].face_up for coins in s.islands.values())
    for viewer in (None, 0, 1):
        view = GAME.view(s, viewer)
        assert {sp.number: sp.coins for sp in view.spaces if sp.coins} == {n: ["hidden"] for n in BASE_ISLANDS}


def test_setup_coins_placed_at_random() -> None:
    """PC-SETUP-04: different seeds put the coins on different islands."""
    layouts = {tuple(sorted((n, c[0].id) for n, c in state(captains=["kidd", "jones"], seed=f"s{i}").islands.items()))
               for i in range(8)}
    assert len(layouts) > 1


def test_setup_highest_start_roll_goes_first() -> None:
    """PC-SETUP-06: each player rolls 1D6 once the captains are chosen; the highest starts."""
    out = run({"rng": {"forced": [2, 5, 3]}},
              [(0, "captain kidd"), (1, "captain jones"), (2, "captain hook")], players=3)
    st = out["state"]
    assert (st["turn"]["seat"], st["rotation"]) == (1, 1)
    assert "Davy Jones goes first." in out["events"]
    assert out["pending"]["waiting_on"] == [1]


def test_setup_start_roll_uses_luck() -> None:
    """PC-SETUP-06, PC-LUCK-01: the start roll is made once captains are known, so Jack Sparrow
    rolls two dice and the better counts (1 and 6 beat Kidd's 5)."""
    out = run({"rng": {"forced": [1, 6, 5]}}, [(0, "captain sparrow"), (1, "captain kidd")], players=2)
    assert "Jack Sparrow goes first." in out["events"]


def test_setup_tied_start_rolls_roll_again_then_play_goes_up_the_seats() -> None:
    """PC-SETUP-07 (reading): only the tied players roll again; afterwards play passes to the next
    seat number, wrapping round (seat 1 → 2 → 0)."""
    forced = [6, 6, 2, 3, 5, 1, 1]   # 6-6-2: seats 0 and 1 tie; 3-5: seat 1 starts; then two moves of 1
    out = run({"rng": {"forced": forced}},
              [(0, "captain kidd"), (1, "captain jones"), (2, "captain hook"),
               (1, "roll"), (1, "sail 1 cw"), (1, "end"), (2, "roll"), (2, "sail 1 cw"), (2, "end")], players=3)
    assert out["events"].count("Captain Kidd rolls 3 for first player.") == 1
    assert "Davy Jones goes first." in out["events"]
    assert out["state"]["turn"]["seat"] == 0
    assert out["state"]["turn"]["number"] == 3
