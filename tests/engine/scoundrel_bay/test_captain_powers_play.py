"""Captain Powers variant through play: which back belongs to which front. One position where the
six backs would each pay a different amount; each captain, drafted and flipped by its own
invasion, pays the amount of its own back and no other."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.test_captains import BACKS, flip

CREW = ["black-01", "black-02", "black-03"]
# What each back pays in the position below (the captain lands in Tarwick with 1 pirate).
PAYS = {"crew_pirate_symbol": sum(card_def(c).pirates for c in CREW),   # 9
        "reputation_gained": 2 * 5,
        "pirate_on_board": 2 + 1 + 1 + 1,                                # Cabyss, Arbega, Crow's Hollow, Tarwick
        "harbor_occupied": 4 * 2,                                        # Cabyss and Arbega
        "sword_and_gun_level": 4 + 3,
        "hideout_occupied": 3 * 1}                                       # Crow's Hollow


def position(s: State) -> None:
    p = s.players[0]
    p.crew = {"black": list(CREW)}
    s.reputation.advance(0, 5)
    s.regions["cabyss"].pirates[0] = 2
    s.regions["arbega"].pirates[0] = 1
    s.regions["crows-hollow"].pirates[0] = 1
    p.tools.update(sword=4, gun=3)


def test_the_six_backs_pay_six_different_amounts_here() -> None:
    assert len(set(PAYS.values())) == 6 and set(PAYS) == set(BACKS.values())


@pytest.mark.parametrize("tile", sorted(BACKS))
def test_sb_cpow_28_each_captain_flipped_in_play_scores_its_own_back(tile: str) -> None:
    assert defs().captains.captains[tile].back.per == BACKS[tile]
    assert flip(tile, position) == PAYS[BACKS[tile]]
