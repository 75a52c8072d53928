"""Scouting dice with a crow's nest (Seas of Glory Module 3; base reconstruction 5 and 4 Scout).

A crow's nest gives its ship's captain 1 Scouting die more, when declared before rolling
(MM-M3-05), and takes 1 Scouting die from anyone scouting for that ship, never below 1 die
(MM-M3-06). It works only while the masts are repaired (MM-M3-07); Parley reads that as the masts
taking no damage at all (at their full value), not merely standing above 0. A scouting check
finds its target on one skull or more [design]."""
from __future__ import annotations

from collections.abc import Sequence

from engine.merchants_marauders.rules.combat import check_dice, skulls
from engine.merchants_marauders.vocab import Face


def nest_works(has_nest: bool, masts: int, masts_full: int) -> bool:
    """Does this ship's crow's nest work now? Only with undamaged masts (the MM-M3-07 reading)."""
    return has_nest and masts >= masts_full


def scouting_dice(scouting: int, own_nest: bool = False, target_nest: bool = False, modifier: int = 0) -> int:
    """Dice for a Scouting check: the skill, +1 when the scout declares its working crow's nest,
    -1 when the target's working crow's nest hides it, plus `modifier`; never below 1 die."""
    return check_dice(scouting, (1 if own_nest else 0) - (1 if target_nest else 0) + modifier)


def scouted(faces: Sequence[Face]) -> bool:
    """The target is found on one skull or more [design]."""
    return skulls(faces) > 0
