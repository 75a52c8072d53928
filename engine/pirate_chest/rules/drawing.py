"""Drawing cards into a hand, with LUCK (draw two, keep one) on single-card draws."""
from __future__ import annotations

from engine.pirate_chest.prompts import KeepPrompt, close_prompt
from engine.pirate_chest.rules.common import Events, card_names, discard_from_hand, has_ability, name, say, tell
from engine.pirate_chest.state import State


def draw(s: State, seat: int, n: int, ev: Events) -> None:
    """Draw n cards. Luck turns a single-card draw into 'draw two, keep one' (our reading:
    draws of two or more cards are not changed)."""
    if n == 1 and has_ability(s, seat, "luck"):
        drawn = s.deck.draw(s.rng, 2)
        if len(drawn) == 2:
            s.players[seat].hand += drawn
            s.stack.append(KeepPrompt(seats=[seat], cards=drawn))
            say(ev, f"{name(s, seat)} draws 2 cards (Luck: keeps one).")
            tell(ev, {seat}, f"You drew {card_names(drawn)}: keep one.")
            return
        s.players[seat].hand += drawn
    else:
        drawn = s.deck.draw(s.rng, n)
        s.players[seat].hand += drawn
    say(ev, f"{name(s, seat)} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}.")
    if drawn:
        tell(ev, {seat}, f"You drew {card_names(drawn)}.")


def keep(s: State, seat: int, kept: str, ev: Events) -> None:
    prompt = close_prompt(s, KeepPrompt)
    other = [c for c in prompt.cards if c != kept] or prompt.cards[1:]
    discard_from_hand(s, seat, other[:1])
    tell(ev, {seat}, f"You keep {card_names([kept])}.")
