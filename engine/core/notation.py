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
    """Exact notation, or a unique leading part of one ('sail 4 cw' for 'sail 4 cw to parrot-cay').
    A first word that is no verb of the game is not understood; a known verb not allowed now is
    refused. Both errors list the options."""
    wanted = normalize(text)
    if wanted in legal:
        return legal[wanted]
    starts = [a for n, a in legal.items() if n.startswith(wanted + " ")]
    if len(starts) == 1:
        return starts[0]
    options = ", ".join(legal) or "nothing right now"
    if not wanted or wanted.split()[0] not in verbs:
        raise InvalidActionError(f"I don't understand '{text}'. Your options: {options}.")
    raise IllegalActionError(f"'{text}' is not one of your options now. Your options: {options}.")
