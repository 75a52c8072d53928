"""ACTIONS: every game's decisions are small frozen pydantic models, one per kind, discriminated
on `kind`. `action()` builds each distinct one once and shares it."""
from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any, TypeVar, cast

from pydantic import BaseModel, ConfigDict


class FrozenAction(BaseModel):
    model_config = ConfigDict(frozen=True)


T = TypeVar("T", bound=BaseModel)


@cache
def _action_cached(cls: type[Any], **fields: Any) -> Any:
    return cls(**fields)


def action(cls: type[T], **fields: Any) -> T:
    """Actions are frozen values, so each distinct one is built (and validated) once and shared:
    listing legal actions builds a dozen every decision. The memo only holds actions a game
    can offer (cards, seats, spaces, die faces), so it stays small."""
    result: T = _action_cached(cast(Hashable, cls), **fields)
    return result
