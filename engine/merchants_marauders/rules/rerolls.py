"""A captain's once-a-round reroll of a failed check of its skill (Gaspard Ferrand's Scouting,
Noémie Arceneau's Influence; data/merchants_marauders/base/captains.toml): after the roll fails
the captain is asked (`reroll` or `pass`); a reroll rolls as many dice again and the check goes on
with them. The contest reroll once a fight is the fight's card window's (fight_cards.py)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, name, roll, say, show
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Face


def may_reroll(s: State, seat: int, skill: str) -> bool:
    p = s.players[seat]
    return seat not in s.round.rerolled and any(
        e.kind == "reroll" and e.skill == skill and e.per == "round" for e in captain(p).ability.effects)


def offer(s: State, seat: int, skill: str, check: str, target: str, faces: list[Face]) -> bool:
    """Push the reroll question after a failed check; False when the captain has none left."""
    if not may_reroll(s, seat, skill):
        from engine.merchants_marauders.rules.goodwill_turn import offer_reroll
        return offer_reroll(s, seat, check, target, len(faces))        # Module 10: goodwill's reroll
    s.stack.append(P.RerollPrompt(seats=[seat], check=check, target=target, dice=len(faces)))
    return True


def reroll(s: State, seat: int, pr: P.RerollPrompt, ev: Events) -> None:
    from engine.merchants_marauders.rules import goodwill_turn as GT
    from engine.merchants_marauders.rules import missions_turn as MT
    from engine.merchants_marauders.rules import turn
    from engine.merchants_marauders.rules import villon_turn as VT
    s.stack.pop()
    if pr.goodwill:
        GT.pay_reroll(s, seat, pr)
    else:
        s.round.rerolled.append(seat)
    faces = roll(s, pr.dice)
    say(ev, f"{name(s, seat)} rolls again: {show(faces)}")
    go: dict[str, Any] = {
        "scout": lambda: turn.scout(s, seat, pr.target, ev, faces),
        "rumour": lambda: MT.take_rumour(s, seat, ev, faces, deck=pr.target or "base"),   # Module 1's deck
        "investigate": lambda: MT.investigate(s, seat, ev, faces),
        "claim": lambda: MT.claim(s, seat, pr.target, ev, faces),
        "attempt": lambda: MT.attempt(s, seat, ev, faces),
        "npc": lambda: GT.rescout(s, seat, pr.target, faces, ev),
        "enter": lambda: VT.attempt(s, seat, ev, faces),
    }
    go[pr.check]()
