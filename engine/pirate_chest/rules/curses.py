"""CURSES (Mama Lola), the CURSE TABLE, Voodoo Magic and the Voodoo Doll."""
from __future__ import annotations

from engine.pirate_chest.defs import defs
from engine.pirate_chest.prompts import CurseDiePrompt
from engine.pirate_chest.rules.common import Events, card_names, name, random_cards, say
from engine.pirate_chest.rules.dice import roll_results
from engine.pirate_chest.rules.sinking import sink
from engine.pirate_chest.state import State


def roll_curse(s: State, roller: int, victim: int, ev: Events) -> None:
    """Roll on the Curse Table; Luck or Raider leave the roller a choice of result."""
    results = roll_results(s, roller, ev, f"a curse on {name(s, victim)}")
    if len(results) > 1:
        s.stack.append(CurseDiePrompt(seats=[roller], results=results, victim=victim))
    else:
        apply_curse(s, roller, victim, results[0], ev)


def apply_curse(s: State, roller: int, victim: int, roll: int, ev: Events) -> None:
    """A result outside 1–6 (a cursed roller's -2) has no entry on the table: nothing happens.
    A ship sunk by curse 6 counts as a sinking by the one who cursed it (its coins still scatter)."""
    curse = defs().curses.get(roll)
    if curse is None:
        say(ev, f"The curse roll of {roll} has no effect.")
        return
    say(ev, f"Curse {roll}: {name(s, victim)} {curse.text}.")
    p = s.players[victim]
    if curse.effect == "no-move":
        p.frozen_next_turn = True
    elif curse.effect == "dice-penalty":
        p.dice_penalty = True
    elif curse.effect == "discard-random":
        lost = random_cards(s, victim, 1)
        p.hand = [c for c in p.hand if c not in lost]
        s.deck.throw_away(lost)
        if lost:
            say(ev, f"{name(s, victim)} discards {card_names(lost)}.")
    elif curse.effect == "reveal-hand":
        say(ev, f"{name(s, victim)}'s hand: {card_names(p.hand)}.")
    elif curse.effect == "ability-blocked":
        p.ability_blocked = True
    else:
        sink(s, victim, ev, by=roller)
