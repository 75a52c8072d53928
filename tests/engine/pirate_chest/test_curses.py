"""CURSE TABLE — each result 1 to 6, rolled by Mama Lola's Curses, the Voodoo Magic card and the
Voodoo Doll (PC-CURSE-01 … PC-CURSE-07, PC-CARD-04). The curse die is forced in the scenario.

Seats: Mama Lola (home Ship Graveyard, 18) curses Captain Kidd (home Pirate Island, 12; his
Privateer ability shows when abilities are blocked); Captain Hook (home The Seven Seas, 24) and
Yellowbeard (home Pirate Island, 12) look on.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import Event, act_text, get_game
from tests.engine.pirate_chest.scenario_helpers import discard, hidden_coins, players, scenario, ship


def table(kidd_at: int = 20, kidd_hand: Sequence[str] = (), kidd_coins: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Lola (seat 0) at home on 18, Kidd (seat 1) on open sea at 20, Hook (seat 2) on 2."""
    return [ship("lola"), ship("kidd", at=kidd_at, hand=list(kidd_hand), coins=list(kidd_coins)), ship("hook", at=2)]


CURSE = [(0, "curse"), (0, "target kidd")]
LOLA_MOVES_AND_ENDS = [(0, "roll"), (0, "sail 2 ccw"), (0, "end")]   # Lola 18 -> 16, away from Kidd


def test_curse_picks_an_opponent_then_rolls() -> None:
    """How every curse below is cast (Curses): Lola names any opponent first; the roll comes after."""
    out = scenario(table(), [(0, "curse")])
    assert out["legal"] == {"0": ["target kidd", "target hook"]}
    assert out["state"]["rng"]["forced"] == []   # nothing rolled yet


def test_curse_1_victim_cannot_move_on_his_next_turn() -> None:
    """PC-CURSE-01: Kidd's next turn comes with no move; only 'end'."""
    out = scenario(table(), CURSE, dice=[1])
    assert players(out)[1]["frozen_next_turn"] is True
    out = scenario(table(), CURSE + LOLA_MOVES_AND_ENDS, dice=[1, 2], deck=["knives"])
    assert out["state"]["turn"]["seat"] == 1 and out["state"]["turn"]["frozen"] is True
    assert out["legal"] == {"1": ["end"]}
    assert players(out)[1]["position"] == 20


def test_curse_2_minus_two_on_every_roll_until_the_end_of_his_next_turn() -> None:
    """PC-CURSE-02: at once Kidd's fight roll is 2 lower (Lola lands on him: her 3 beats his 5-2 on the
    attacker's tie), his move roll next turn is 2 lower, and the curse ends with that turn."""
    fight = CURSE + [(0, "roll"), (0, "sail 2 cw"), (0, "broadsides"), (1, "stand"), (0, "ready"), (1, "ready")]
    out = scenario(table(), fight, dice=[2, 2, 3, 5])
    assert "Totals: Mama Lola 3, Captain Kidd 3." in out["events"]
    assert players(out)[1]["times_sunk"] == 1
    out = scenario(table(), CURSE + LOLA_MOVES_AND_ENDS + [(1, "roll")], dice=[2, 2, 5], deck=["knives"])
    assert players(out)[1]["dice_penalty"] is True
    assert out["legal"] == {"1": ["sail 3 cw to sea-23", "sail 3 ccw to sea-17"]}   # rolled 5
    out = scenario(table(), CURSE + LOLA_MOVES_AND_ENDS + [(1, "roll"), (1, "sail 3 cw"), (1, "end")],
                   dice=[2, 2, 5], deck=["rum", "knives"])
    assert out["state"]["turn"]["seat"] == 2
    assert players(out)[1]["dice_penalty"] is False


@pytest.mark.parametrize(("captain", "mode", "ability"), [
    ("dragon-lady", "broadsides", "rockets"), ("barbossa", "boarding", "undead"),
])
@pytest.mark.parametrize(("curse_roll", "totals", "lola_sunk"), [
    (2, (6, 5), False),   # cursed: (5 - 2) + (4 - 2) = 5 loses to Lola's 6 (-2 on the fight die only: 7)
    (4, (6, 9), True),    # curse 4 instead: 5 + 4 = 9 beats her 6
], ids=["cursed", "not-cursed"])
def test_curse_2_comes_off_the_rockets_and_undead_die_too(captain: str, mode: str, ability: str, curse_roll: int,
                                                          totals: tuple[int, int], lola_sunk: bool) -> None:
    """PC-CURSE-02, PC-ROCKET-01, PC-UNDEAD-01: -2 on every die the victim rolls, so the extra die of
    Rockets or Undead loses 2 as well as the fight die."""
    ships = [ship("lola"), ship(captain, at=20), ship("hook", at=2)]
    steps = [(0, "curse"), (0, f"target {captain}"), (0, "roll"), (0, "sail 2 cw"), (0, mode),
             (1, "stand"), (0, "ready"), (1, "ready")]
    out = scenario(ships, steps, dice=[curse_roll, 2, 6, 5, 4])
    name = {"dragon-lady": "The Dragon Lady", "barbossa": "Captain Barbossa"}[captain]
    assert f"Totals: Mama Lola {totals[0]}, {name} {totals[1]}." in out["events"]
    extra = f"{name} adds 2 ({ability}; cursed: -2)." if curse_roll == 2 else f"{name} adds 4 ({ability})."
    assert extra in out["events"]
    assert (players(out)[0]["times_sunk"], players(out)[1]["times_sunk"]) == ((1, 0) if lola_sunk else (0, 1))


def test_curse_2_on_the_roller_can_push_a_curse_roll_off_the_table() -> None:
    """PC-CURSE-02 [reading]: a cursed Lola rolling 2 gets 0, which has no line on the table: nothing."""
    ships = table()
    ships[0]["dice_penalty"] = True
    out = scenario(ships, CURSE, dice=[2])
    assert "The curse roll of 0 has no effect." in out["events"]
    assert players(out)[1] == ship("kidd", at=20)


def test_curse_3_victim_discards_one_random_card() -> None:
    """PC-CURSE-03: one card, at random, goes to the discard pile (with one card, that one)."""
    out = scenario(table(kidd_hand=["knives"]), CURSE, dice=[3])
    assert players(out)[1]["hand"] == [] and discard(out) == ["knives"]
    out = scenario(table(kidd_hand=["knives", "axes"]), CURSE, dice=[3])
    hand, pile = players(out)[1]["hand"], discard(out)
    assert len(hand) == 1 and len(pile) == 1 and sorted(hand + pile) == ["axes", "knives"]


def test_curse_4_victim_shows_his_hand_to_everyone() -> None:
    """PC-CURSE-04: the hand is named in a public event; Kidd keeps his cards."""
    out = scenario(table(kidd_hand=["knives", "axes"]), CURSE[:1])
    s = get_game("pirate_chest").State.model_validate(out["state"] | {"rng": out["state"]["rng"] | {"forced": [4]}})
    events: list[Event] = act_text(get_game("pirate_chest"), s, 0, "target kidd").events
    assert [e.visible_to for e in events if e.text == "Captain Kidd's hand: Knives, Axes."] == [None]
    out = scenario(table(kidd_hand=["knives", "axes"]), CURSE, dice=[4])
    assert players(out)[1]["hand"] == ["knives", "axes"] and discard(out) == []


def test_curse_5_victim_loses_his_ability_until_the_end_of_his_next_turn() -> None:
    """PC-CURSE-05: Kidd's next turn offers no Privateer; the block ends with that turn."""
    out = scenario(table(), CURSE + LOLA_MOVES_AND_ENDS, dice=[5, 2], deck=["knives"])
    assert out["state"]["turn"]["seat"] == 1 and players(out)[1]["ability_blocked"] is True
    assert out["legal"] == {"1": ["roll"]}
    out = scenario(table(), CURSE + LOLA_MOVES_AND_ENDS + [(1, "roll"), (1, "sail 1 cw"), (1, "end")],
                   dice=[5, 2, 1], deck=["rum", "knives"])
    assert out["state"]["turn"]["seat"] == 2 and players(out)[1]["ability_blocked"] is False


def test_curse_6_sinks_the_victim_and_scatters_his_coins() -> None:
    """PC-CURSE-06: Kidd is sunk outside a fight: home, one missed turn, his Key hidden on an island,
    nothing for Lola."""
    out = scenario(table(kidd_coins=["key"]), CURSE, dice=[6])
    lola, kidd = players(out)[:2]
    assert (kidd["position"], kidd["skip_turns"], kidd["times_sunk"], kidd["coins"]) == (12, 1, 1, [])
    assert lola["coins"] == [] and list(hidden_coins(out)) == ["key"]
    assert lola["sinkings"] == 1   # credited to Lola, though the coins scatter


CURSERS = {   # who curses Kidd (on 20) with a 6, and how
    "curses": ([ship("lola"), ship("kidd", at=20)], CURSE, [6]),
    "voodoo-magic": ([ship("hook", hand=["voodoo-magic"]), ship("kidd", at=20)], [(0, "play voodoo-magic")], [6]),
    "luck-chooses-6": ([ship("sparrow", hand=["voodoo-magic"]), ship("kidd", at=20)],
                       [(0, "play voodoo-magic"), (0, "die 6")], [6, 3]),
    "voodoo-doll": ([ship("hook", coins=["voodoo-doll"]), ship("kidd", at=20)],
                    [(0, "roll"), (0, "sail 1 cw"), (0, "end"), (0, "doll kidd")], [1, 6]),
}


@pytest.mark.parametrize("how", list(CURSERS))
def test_curse_6_sinking_is_credited_to_the_curser(how: str) -> None:
    """PC-CURSE-06, PC-CURSE-07: a ship sunk by curse 6 counts as sunk by the one who cursed it,
    whatever cursed it (Curses, Voodoo Magic, a Luck choice, the Voodoo Doll); its coins still
    scatter. The same curse on a ship in its home port sinks nothing and credits nobody."""
    ships, steps, dice = CURSERS[how]
    out = scenario(ships, steps, dice=dice)
    curser, kidd = players(out)
    assert (curser["sinkings"], kidd["times_sunk"], kidd["position"]) == (1, 1, 12)
    at_home = [ships[0], ship("kidd")]
    out = scenario(at_home, steps, dice=dice)
    assert (players(out)[0]["sinkings"], players(out)[1]["times_sunk"]) == (0, 0)


def test_curse_6_cannot_sink_a_ship_in_its_home_port() -> None:
    """PC-CURSE-06: Kidd in Pirate Island, his home port, is safe."""
    out = scenario(table(kidd_at=12, kidd_coins=["key"]), CURSE, dice=[6])
    kidd = players(out)[1]
    assert (kidd["position"], kidd["skip_turns"], kidd["times_sunk"], kidd["coins"]) == (12, 0, 0, ["key"])
    assert players(out)[0]["sinkings"] == 0


def test_voodoo_magic_card_rolls_on_the_curse_table() -> None:
    """PC-CARD-04, PC-CURSE-07: Kidd plays Voodoo Magic on Hook (chosen among opponents) and rolls a 6:
    Hook is sunk."""
    ships = [ship("kidd", hand=["voodoo-magic"]), ship("hook", at=20), ship("yellowbeard", at=2)]
    out = scenario(ships, [(0, "play voodoo-magic")])
    assert out["legal"] == {"0": ["target hook", "target yellowbeard"]}
    out = scenario(ships, [(0, "play voodoo-magic"), (0, "target hook")], dice=[6])
    ps = players(out)
    assert (ps[1]["position"], ps[1]["skip_turns"]) == (24, 1)
    assert discard(out) == ["voodoo-magic"] and out["legal"]["0"][0] == "roll"


def test_voodoo_doll_rolls_on_the_same_table_at_the_end_of_the_turn() -> None:
    """PC-CURSE-07: the Voodoo Doll's curse uses the same table (a 1 here: Hook cannot move next turn);
    the doll then hides again on an island."""
    ships = [ship("kidd", coins=["voodoo-doll"]), ship("hook", at=20), ship("yellowbeard", at=2)]
    moves = [(0, "roll"), (0, "sail 1 cw"), (0, "end")]
    out = scenario(ships, moves, dice=[1])
    assert out["legal"] == {"0": ["doll hook", "doll yellowbeard", "keep-doll"]}
    out = scenario(ships, moves + [(0, "doll hook")], dice=[1, 1], deck=["knives"])
    ps = players(out)
    assert out["state"]["turn"]["seat"] == 1 and out["state"]["turn"]["frozen"] is True   # Hook's turn, no move
    assert out["legal"] == {"1": ["end"]}
    assert ps[0]["coins"] == [] and list(hidden_coins(out)) == ["voodoo-doll"]
