"""FIGHTING (PC-FIGHT-01 … PC-FIGHT-12) and the fight cards of THE DECK (PC-CARD-43 … PC-CARD-63).

Captain Kidd (home Pirate Island, 12) rolls a 2 and lands on Captain Hook (home The Seven Seas, 24)
on space 14; Hook does not try to escape ("stand"), so the next two forced dice are Kidd's and
Hook's fight rolls, in that order. Yellowbeard (home Pirate Island, 12) joins where a third ship is
needed.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import get_game
from engine.pirate_chest.defs import defs
from tests.engine.pirate_chest.scenario_helpers import discard, players, scenario, ship

LAND = [(0, "roll"), (0, "sail 2 cw")]   # Kidd 12 -> 14, with a forced 2


def fight(mode: str, kidd: Sequence[str] = (), hook: Sequence[str] = (), dice: tuple[int, int] | None = None,
          kidd_coins: Sequence[str] = (), hook_coins: Sequence[str] = ()) -> dict[str, Any]:
    """Kidd attacks Hook on 14 in `mode`, each holding and committing the listed cards; with `dice`
    (Kidd's roll, Hook's roll) both then say ready and the fight is resolved."""
    ships = [ship("kidd", hand=list(kidd), coins=list(kidd_coins)),
             ship("hook", at=14, hand=list(hook), coins=list(hook_coins))]
    actions = LAND + [(0, mode), (1, "stand")] + [(0, f"commit {c}") for c in kidd] + [(1, f"commit {c}") for c in hook]
    if dice is not None:
        actions += [(0, "ready"), (1, "ready")]
    return scenario(ships, actions, dice=[2, *(dice or ())], deck=["rum", "stowaway"])


def totals(kidd: int, hook: int) -> str:
    return f"Totals: Captain Kidd {kidd}, Captain Hook {hook}."


# ---- who fights, and how --------------------------------------------------------------------

def test_fight_01_landing_on_two_enemies_lets_the_attacker_pick_one() -> None:
    """PC-FIGHT-01: Hook and Yellowbeard share 14; Kidd picks Yellowbeard, and Hook is left alone."""
    ships = [ship("kidd"), ship("hook", at=14), ship("yellowbeard", at=14)]
    out = scenario(ships, LAND, dice=[2])
    assert out["legal"] == {"0": ["attack hook", "attack yellowbeard"]}
    out = scenario(ships, LAND + [(0, "attack yellowbeard"), (0, "boarding"), (2, "stand"), (0, "ready"), (2, "ready")],
                   dice=[2, 4, 1])
    ps = players(out)
    assert [(p["position"], p["times_sunk"]) for p in ps] == [(14, 0), (14, 0), (12, 1)]


def test_fight_02_a_ship_in_its_own_home_port_cannot_be_picked() -> None:
    """PC-FIGHT-02: on The Seven Seas (24) Hook is home and safe; only the visiting Yellowbeard can be
    attacked, so he is picked for Kidd. With Hook alone there, no fight starts at all."""
    ships = [ship("kidd", at=20), ship("hook"), ship("yellowbeard", at=24)]
    out = scenario(ships, [(0, "roll"), (0, "sail 4 cw")], dice=[4])
    assert out["state"]["stack"][-1]["kind"] == "engage" and out["state"]["stack"][-1]["defender"] == 2
    out = scenario([ship("kidd", at=20), ship("hook")], [(0, "roll"), (0, "sail 4 cw")], dice=[4])
    assert out["state"]["stack"] == [] and out["legal"] == {"0": ["end"]}


def test_fight_03_the_attacker_chooses_broadsides_boarding_or_both() -> None:
    """PC-FIGHT-03: the attacker's three choices; the choice is the fight's type."""
    out = scenario([ship("kidd"), ship("hook", at=14)], LAND, dice=[2])
    assert out["pending"]["waiting_on"] == [0] and out["legal"] == {"0": ["broadsides", "boarding", "both"]}
    for mode in ("broadsides", "boarding", "both"):
        out = scenario([ship("kidd"), ship("hook", at=14)], LAND + [(0, mode), (1, "stand")], dice=[2])
        assert out["state"]["fight"]["mode"] == mode


@pytest.mark.parametrize(("mode", "offered"), [
    ("broadsides", ["commit cannonballs", "commit swivel-guns"]),
    ("boarding", ["commit knives", "commit swivel-guns"]),
    ("both", ["commit cannonballs", "commit knives", "commit swivel-guns"]),
])
def test_fight_cards_count_only_in_their_fight_type(mode: str, offered: list[str]) -> None:
    """PC-FIGHT-04, PC-FIGHT-06, PC-FIGHT-07 [ambiguous]: boarding cards (Knives) only in boarding,
    broadside cards (Cannonballs) only in broadsides, dual cards (Swivel Guns) in either; our reading
    of a 'Both' fight is one roll each where every fight card counts. Non-fight cards (Rum) never."""
    ships = [ship("kidd", hand=["knives", "swivel-guns", "cannonballs", "rum"]), ship("hook", at=14)]
    out = scenario(ships, LAND + [(0, mode), (1, "stand")], dice=[2])
    assert out["legal"]["0"] == offered + ["ready"]


def test_fight_07_both_is_one_roll_each_with_every_fight_card_added() -> None:
    """PC-FIGHT-07 [ambiguous]: in 'Both', Kidd's Knives (+2, boarding) and Cannonballs (+2, broadsides)
    both count on a single roll: 1 + 4 = 5 against Hook's 4."""
    out = fight("both", kidd=["knives", "cannonballs"], dice=(1, 4))
    assert totals(5, 4) in out["events"]
    assert sum("rolls" in e and "for the fight" in e for e in out["events"]) == 2   # one die each


# ---- sealed, simultaneous fight cards -------------------------------------------------------

def test_fight_08_cards_are_chosen_sealed_and_simultaneously() -> None:
    """PC-FIGHT-08 [ambiguous]: our reading: both sides choose any number of fight cards at the same
    time (pending kind 'simultaneous', waiting on both), unseen by the other, changeable until
    'ready'; all are revealed together when the last side is ready."""
    out = fight("boarding", kidd=["knives", "pikes", "axes"], hook=["darkness"])
    assert out["pending"] == {"kind": "simultaneous", "waiting_on": [0, 1], "prompt": "choose fight cards (sealed)"}
    game = get_game("pirate_chest")
    s = game.State.model_validate(out["state"])
    assert game.view(s, 0).fight.my_cards == ["knives", "pikes", "axes"]
    assert game.view(s, 1).fight.my_cards == ["darkness"]
    assert game.view(s, None).fight.my_cards == []
    assert not any("Knives" in e or "Darkness" in e for e in out["events"])
    assert players(out)[0]["hand"] == ["knives", "pikes", "axes"]   # nothing spent yet
    ships = [ship("kidd", hand=["knives", "pikes"]), ship("hook", at=14, hand=["darkness"])]
    steps = LAND + [(0, "boarding"), (1, "stand"), (0, "commit knives"), (0, "commit pikes"), (0, "uncommit knives"),
                    (0, "ready")]
    out = scenario(ships, steps, dice=[2])
    assert out["pending"]["kind"] == "simultaneous" and out["pending"]["waiting_on"] == [1]
    assert game.legal_actions(game.State.model_validate(out["state"]), 0) == []   # ready is final
    out = scenario(ships, steps + [(1, "ready")], dice=[2, 3, 5])
    assert "Captain Kidd plays Pikes (+3)." in out["events"] and totals(6, 5) in out["events"]
    assert players(out)[0]["hand"] == ["knives"] and discard(out) == ["pikes"]
    assert players(out)[1]["hand"] == ["darkness"]   # Hook kept his card back


# ---- who wins, and what the loser pays ------------------------------------------------------

def test_fight_05_09_each_side_rolls_a_die_plus_its_cards_and_the_higher_total_wins() -> None:
    """PC-FIGHT-05, PC-FIGHT-09, PC-FIGHT-11, PC-FIGHT-12: Kidd 1 + Knives 2 + Pikes 3 = 6 against Hook's
    6 + Axes 3 = 9: the defender wins. Kidd, the attacker, is sunk (home, one missed turn, turn over)
    and his Map goes to Hook."""
    out = fight("boarding", kidd=["knives", "pikes"], hook=["axes"], dice=(1, 6), kidd_coins=["map"])
    assert totals(6, 9) in out["events"] and "Captain Hook wins the fight." in out["events"]
    kidd, hook = players(out)
    assert (kidd["position"], kidd["skip_turns"], kidd["times_sunk"], kidd["coins"]) == (12, 1, 1, [])
    assert (hook["position"], hook["coins"], hook["sinkings"]) == (14, ["map"], 1)
    assert discard(out) == ["knives", "pikes", "axes"]
    assert out["state"]["turn"]["seat"] == 1   # being sunk ended Kidd's turn


def test_fight_10_the_attacker_wins_ties() -> None:
    """PC-FIGHT-10, PC-FIGHT-11, PC-FIGHT-12: 4 against 4: Kidd, the attacker, wins; Hook is sunk and
    Kidd takes both his coins. Kidd's turn goes on."""
    out = fight("broadsides", dice=(4, 4), hook_coins=["key", "compass"])
    assert totals(4, 4) in out["events"] and "Captain Kidd wins the fight." in out["events"]
    kidd, hook = players(out)
    assert (hook["position"], hook["skip_turns"], hook["times_sunk"], hook["coins"]) == (24, 1, 1, [])
    assert (kidd["position"], kidd["coins"]) == (14, ["key", "compass"])
    assert out["legal"] == {"0": ["end"]}


def test_fight_12_a_loser_without_coins_gives_nothing() -> None:
    """PC-FIGHT-12: Hook wins 5 to 2 against a coinless Kidd; Hook's own coins stay his."""
    out = fight("boarding", dice=(2, 5), hook_coins=["key"])
    kidd, hook = players(out)
    assert kidd["coins"] == [] and hook["coins"] == ["key"] and kidd["times_sunk"] == 1


# ---- the 21 fight cards ----------------------------------------------------------------------

FIGHT_CARDS = [  # PC-CARD id, card, bonus, fight types
    (43, "knives", 2, ["boarding"]), (44, "axes", 3, ["boarding"]), (45, "pikes", 3, ["boarding"]),
    (46, "harpoons", 3, ["boarding"]), (47, "cutlasses", 3, ["boarding"]), (48, "pistols", 4, ["boarding"]),
    (49, "muskets", 4, ["boarding"]), (50, "grenades", 4, ["boarding"]), (51, "darkness", 5, ["boarding"]),
    (52, "swivel-guns", 1, ["boarding", "broadsides"]), (53, "grapeshot", 2, ["boarding", "broadsides"]),
    (54, "rally-the-men", 3, ["boarding", "broadsides"]), (55, "surprise", 4, ["boarding", "broadsides"]),
    (56, "cannonballs", 2, ["broadsides"]), (57, "run-out-the-guns", 3, ["broadsides"]),
    (58, "chain-shot", 3, ["broadsides"]), (59, "bar-shot", 3, ["broadsides"]), (60, "hot-shot", 3, ["broadsides"]),
    (61, "triple-cannons", 4, ["broadsides"]), (62, "rake-the-stern", 4, ["broadsides"]),
    (63, "blown-away", 5, ["broadsides"]),
]
CASES = [pytest.param(card, bonus, mode, id=f"PC-CARD-{n}-{card}-{mode}")
         for n, card, bonus, types in FIGHT_CARDS for mode in types]


@pytest.mark.parametrize(("card", "bonus", "mode"), CASES)
def test_fight_card_adds_its_bonus_in_its_fight_type(card: str, bonus: int, mode: str) -> None:
    """PC-CARD-43 … PC-CARD-63: Kidd rolls 1 and plays the card; Hook rolls 1 + bonus. The totals tie
    exactly, so the attacker wins, and the card is spent."""
    out = fight(mode, kidd=[card], dice=(1, 1 + bonus), hook_coins=["key"])
    assert f"Captain Kidd plays {defs().cards[card].name} (+{bonus})." in out["events"]
    assert totals(1 + bonus, 1 + bonus) in out["events"]
    assert players(out)[0]["coins"] == ["key"] and players(out)[1]["times_sunk"] == 1
    assert discard(out) == [card] and card not in players(out)[0]["hand"]


@pytest.mark.parametrize(("card", "mode"), [
    pytest.param(card, other, id=f"PC-CARD-{n}-{card}-not-{other}")
    for n, card, _, types in FIGHT_CARDS if len(types) == 1
    for other in ({"boarding", "broadsides"} - set(types))])
def test_fight_card_is_not_offered_in_the_other_fight_type(card: str, mode: str) -> None:
    """PC-CARD-43 … PC-CARD-51 (boarding only), PC-CARD-56 … PC-CARD-63 (broadsides only)."""
    out = scenario([ship("kidd", hand=[card]), ship("hook", at=14)], LAND + [(0, mode), (1, "stand")], dice=[2])
    assert out["legal"]["0"] == ["ready"]


def test_fight_cards_are_never_played_outside_a_fight() -> None:
    """PC-CARD-43 … PC-CARD-63: no fight card is offered as a play on your own turn."""
    out = scenario([ship("kidd", hand=[c for _, c, _, _ in FIGHT_CARDS]), ship("hook")])
    assert out["legal"] == {"0": ["roll", "privateer"]}
