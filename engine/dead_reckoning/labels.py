"""How a legal decision reads on a button: plain words (at most 80 characters), seats as {0}
placeholders, a short description where the notation alone says little."""
from __future__ import annotations

from typing import Any

from engine.core import ActionText
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.scoring import CATEGORIES as SCORING_CATEGORIES
from engine.dead_reckoning.state import HARBOR, State

CATEGORIES = dict(SCORING_CATEGORIES)
RES = {"cargo": "cargo", "coin": "coins"}


def card_name(card: str) -> str:
    """An Advancement by its name, a Sailor card by its role and copy (Gunner 2)."""
    if card in defs().advancements.cards:
        return defs().advancements.cards[card].name
    if card.startswith("hull-"):
        return f"Upgrade on hull {card[-1].upper()}"
    return card.replace("-", " ").title()


def board_name(s: State, at: str) -> str:
    if at == HARBOR:
        return "the Harbor"
    space = s.grid[at]
    return f"{at} ({defs().ocean.boards[space.board].name})" if space.face_up else f"{at} (unexplored)"


def _label(s: State, a: Any) -> ActionText | None:
    if isinstance(a, A.End):
        return ActionText(label="End the main phase", style="end")
    if isinstance(a, (A.Attack, A.Fight)):
        verb = "Attack" if isinstance(a, A.Attack) else "Fight the Pirate"
        return ActionText(label=f"{verb} {{0}}", seats=(a.target,), style="danger")
    if isinstance(a, (A.Raid, A.AttackBuildings)):
        what = "the Merchant ship" if isinstance(a, A.Raid) else "the Buildings here"
        return ActionText(label=f"Attack {what}", style="danger")
    if isinstance(a, A.Play):
        return ActionText(label=f"Play {card_name(a.card)}")
    if isinstance(a, A.Use):
        option = f", option {a.option}" if a.option else ""
        return ActionText(label=f"Use {card_name(a.source)}: ability {a.n}{option}")
    if isinstance(a, (A.Load, A.Unload, A.Jettison)):
        verb = {"load": "Load", "unload": "Unload", "jettison": "Jettison"}[a.kind]
        return ActionText(label=f"{verb} {RES[a.res]} {'into' if a.kind == 'load' else 'from'} hold {a.hold}")
    if isinstance(a, A.Shift):
        return ActionText(label=f"Move {RES[a.res]} from hold {a.hold} to hold {a.to}")
    if isinstance(a, A.Move):
        return ActionText(label=f"Sail to {board_name(s, a.to)}")
    if isinstance(a, A.Sleeve):
        return ActionText(label=f"Sleeve {card_name(a.advancement)} on {card_name(a.card)}")
    if isinstance(a, (A.Buy, A.Trade)):
        at = s.players[s.turn.seat].ship.at
        card = s.grid[at].card if at != HARBOR else None
        name = card_name(card) if card else "the card here"
        return ActionText(label=f"{'Buy' if isinstance(a, A.Buy) else 'Trade for'} {name}")
    if isinstance(a, A.Cubes):
        return ActionText(label=f"Battle with {a.n} cube{'s' if a.n != 1 else ''}")
    if isinstance(a, A.Level):
        return ActionText(label=f"Level up {card_name(a.card)}")
    return None


def describe(s: State, seat: int, a: Any) -> ActionText:
    from engine.dead_reckoning.notation import notate
    text = _label(s, a)
    if text is None:
        text = ActionText(label=notate(s, a).capitalize())
    return text.model_copy(update={"label": text.label[:80]})
