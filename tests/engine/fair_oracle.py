"""The slow fairness check, as engine/core/fair.py made it before it was made cheap (2026-12-04):
every model field walked for a `Sealed`, and every decision compared with another of its kind
(an apply and two public views), whatever its kind. Kept here as the oracle the fast check must
agree with at every step of the conformance playouts (test_conformance.py), so a game's
`public_kinds` that names a kind the public cannot always tell apart fails a test."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel

from engine.core.fair import ALTERNATIVES
from engine.core.runner import copy_state, side_decisions
from engine.core.sealed import Sealed
from engine.core.types import Transition

_LEAVES = (str, int, float, bool, bytes, type(None))


def every_sealed_part(value: Any, path: str = "") -> Iterator[tuple[str, Sealed[Any]]]:
    if isinstance(value, Sealed):
        yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            if not isinstance(child := getattr(value, name), _LEAVES):
                yield from every_sealed_part(child, f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            if not isinstance(item, _LEAVES):
                yield from every_sealed_part(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(item, _LEAVES):
                yield from every_sealed_part(item, f"{path}[{key}]")


def touches_sealed(before: Any, after: Any, seat: int) -> bool:
    open_to_seat = [(path, sealed) for path, sealed in every_sealed_part(before)
                    if seat in sealed.seats and seat not in sealed.locked]
    if not open_to_seat:
        return False
    later = dict(every_sealed_part(after))
    for path, sealed in open_to_seat:
        now = later.get(path)
        if now is None:
            if seat in sealed.choices:
                return True
        elif seat in now.locked or now.choices.get(seat) != sealed.choices.get(seat):
            return True
    return False


def hidden_decision(game: Any, before: Any, seat: int, action: Any, t: Transition[Any]) -> bool:
    if t.events and all(e.visible_to is not None for e in t.events):
        return True
    pending = game.pending(before)
    if pending is not None and pending.kind == "simultaneous":
        return True
    if pending is not None and seat not in pending.waiting_on and seat in side_decisions(game, before):
        return True
    hook = getattr(game, "hidden_decision", None)
    if hook is not None and hook(before, seat, action):
        return True
    return touches_sealed(before, t.state, seat) or indistinguishable(game, before, seat, action, t)


def indistinguishable(game: Any, before: Any, seat: int, action: Any, t: Transition[Any]) -> bool:
    kind = getattr(action, "kind", None)
    others = [a for a in game.legal_actions(before, seat) if a != action and getattr(a, "kind", None) == kind]
    if not others:
        return False
    mine = _public(game, t)
    for other in others[:ALTERNATIVES]:
        try:
            alternative = game.apply(copy_state(before), seat, other)
        except ValueError:
            continue
        if _public(game, alternative) == mine:
            return True
    return False


def _public(game: Any, t: Transition[Any]) -> tuple[Any, list[str]]:
    return game.view(t.state, None), [e.text for e in t.events if e.visible(None)]
