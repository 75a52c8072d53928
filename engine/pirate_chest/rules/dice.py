"""ROLL THE BONES, with the abilities and curses that change a roll (Luck, Raider, curse 2)."""
from __future__ import annotations

from engine.pirate_chest.rules.common import Events, has_ability, name, say
from engine.pirate_chest.state import State

CURSE_PENALTY = 2   # curse 2: -2 on every die the victim rolls


def dice_penalty(s: State, seat: int) -> int:
    """What curse 2 takes off each die this seat rolls (0 when not cursed)."""
    return CURSE_PENALTY if s.players[seat].dice_penalty else 0


def roll_results(s: State, seat: int, ev: Events, purpose: str) -> list[int]:
    """Roll for `seat` and return every result it may choose from, lowest first.

    Luck rolls two dice and keeps either; Raider may add 1; curse 2 takes 2 off every roll.
    """
    luck = has_ability(s, seat, "luck")
    dice = [s.rng.die() for _ in range(2 if luck else 1)]
    raider = has_ability(s, seat, "raider")
    penalty = dice_penalty(s, seat)
    notes = [n for n, on in (("Luck: keeps one", luck), ("Raider: may add 1", raider),
                             ("cursed: -2", penalty)) if on]
    rolled = " and ".join(str(d) for d in dice)
    say(ev, f"{name(s, seat)} rolls {rolled} for {purpose}" + (f" ({'; '.join(notes)})" if notes else "") + ".")
    results = {d + bonus for d in dice for bonus in ((0, 1) if raider else (0,))}
    return sorted(r - penalty for r in results)


def best_roll(s: State, seat: int, ev: Events, purpose: str) -> int:
    """Rolls where higher is always better (fights, escapes): the best choice is taken for the player."""
    return roll_results(s, seat, ev, purpose)[-1]
