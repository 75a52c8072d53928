"""NOTATION: every game writes each decision as one short canonical text; `match` reads what a
player typed against the notations of their legal decisions (like SAN parsing in python-chess),
so a notation is exactly what the panel shows and what the action log stores."""
from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypeVar

from engine.core.errors import IllegalActionError, InvalidActionError

A = TypeVar("A")


def normalize(text: str) -> str:
    return " ".join(text.lower().split())


def match(text: str, legal: Mapping[str, A], verbs: Collection[str]) -> A:
    """Exactly the notation typed (spaces and case aside), never more: a leading part of longer
    ones ('land cabyss 2' of 'land cabyss 2 +captain') is offered back, never played, since the
    rest may decide more than was typed. A first word that is no verb of the game is not
    understood; a known verb not allowed now is refused. Both errors list the options."""
    wanted = normalize(text)
    if wanted in legal:
        return legal[wanted]
    longer = [n for n in legal if n.startswith(wanted + " ")] if wanted else []
    if longer:
        shown = ", ".join(f"'{n}'" for n in longer[:5]) + (f" and {len(longer) - 5} more" if len(longer) > 5 else "")
        raise IllegalActionError(f"'{text}' is only the start of a move: did you mean {shown}? "
                                 "Type the whole move, or pick it from the list.")
    options = ", ".join(legal) or "nothing right now"
    if not wanted or wanted.split()[0] not in verbs:
        raise InvalidActionError(f"I don't understand '{text}'. Your options: {options}.")
    raise IllegalActionError(f"'{text}' is not one of your options now. Your options: {options}.")
