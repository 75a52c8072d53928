"""How a legal decision reads on a button: plain words, seats as {0} placeholders."""
from __future__ import annotations

from typing import Any

from engine.core import ActionText
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.scoring import CATEGORIES as SCORING_CATEGORIES
from engine.dead_reckoning.state import State

CATEGORIES = dict(SCORING_CATEGORIES)


def _card(card: str) -> str:
    return defs().advancements.cards[card].name if card in defs().advancements.cards else card.replace("-", " ").title()


def describe(s: State, seat: int, a: Any) -> ActionText:
    from engine.dead_reckoning.notation import notate
    if isinstance(a, A.End):
        return ActionText(label="End the main phase", style="end")
    if isinstance(a, (A.Attack, A.Fight)):
        verb = "Attack" if isinstance(a, A.Attack) else "Fight the Pirate"
        return ActionText(label=f"{verb} {{0}}", seats=(a.target,), style="danger")
    if isinstance(a, A.Play):
        return ActionText(label=f"Play {_card(a.card)}")
    if isinstance(a, A.Sleeve):
        return ActionText(label=f"Sleeve {_card(a.advancement)} on {_card(a.card)}")
    if isinstance(a, (A.Raid, A.AttackBuildings)):
        return ActionText(label=notate(s, a).capitalize(), style="danger")
    return ActionText(label=notate(s, a).capitalize()[:80])
