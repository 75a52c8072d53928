"""Pirate Chest decisions: one small frozen model per kind, built through `action()` (each distinct
one once). Notation lives in notation.py; the prompts that offer them, in prompts.py."""
from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import Any, Literal, TypeVar, cast

from pydantic import BaseModel, ConfigDict

FightMode = Literal["broadsides", "boarding", "both", "steal-coin", "steal-card", "ram"]
FIGHT_MODES: tuple[FightMode, ...] = ("broadsides", "boarding", "both")   # the attacks every captain has


class _A(BaseModel):
    model_config = ConfigDict(frozen=True)


class ChooseCaptain(_A):
    kind: Literal["captain"] = "captain"
    captain: str


class ChooseHome(_A):
    kind: Literal["home"] = "home"
    port: int


class Keep(_A):
    """Luck: keep one of the two cards drawn."""
    kind: Literal["keep"] = "keep"
    card: str


class Roll(_A):
    kind: Literal["roll"] = "roll"


class Privateer(_A):
    kind: Literal["privateer"] = "privateer"


class Sail(_A):
    """Sail `distance` spaces clockwise (cw) or counter-clockwise (ccw); 0 means stay put."""
    kind: Literal["sail"] = "sail"
    distance: int
    direction: Literal["cw", "ccw"] = "cw"


class NeverLand(_A):
    kind: Literal["never-land"] = "never-land"
    port: int


class MutinyTo(_A):
    kind: Literal["mutiny"] = "mutiny"
    island: int


class Kraken(_A):
    kind: Literal["kraken"] = "kraken"


class Curse(_A):
    kind: Literal["curse"] = "curse"


class Play(_A):
    kind: Literal["play"] = "play"
    card: str


class Target(_A):
    kind: Literal["target"] = "target"
    seat: int


class ToSpace(_A):
    kind: Literal["to"] = "to"
    space: int


class Die(_A):
    kind: Literal["die"] = "die"
    value: int


class Attack(_A):
    kind: Literal["attack"] = "attack"
    seat: int


class Engage(_A):
    kind: Literal["engage"] = "engage"
    mode: FightMode


class Escape(_A):
    kind: Literal["escape"] = "escape"


class Stand(_A):
    kind: Literal["stand"] = "stand"


class Commit(_A):
    kind: Literal["commit"] = "commit"
    card: str


class Uncommit(_A):
    kind: Literal["uncommit"] = "uncommit"
    card: str


class Ready(_A):
    kind: Literal["ready"] = "ready"


class GirlPower(_A):
    kind: Literal["girl-power"] = "girl-power"
    card: str


class Pass(_A):
    kind: Literal["pass"] = "pass"


class TakeCoin(_A):
    kind: Literal["take"] = "take"
    coin: str


class Discard(_A):
    kind: Literal["discard"] = "discard"
    card: str


class Doll(_A):
    kind: Literal["doll"] = "doll"
    seat: int


class KeepDoll(_A):
    kind: Literal["keep-doll"] = "keep-doll"


class End(_A):
    kind: Literal["end"] = "end"


Action = (
    ChooseCaptain | ChooseHome | Keep | Roll | Privateer | Sail | NeverLand | MutinyTo | Kraken | Curse
    | Play | Target | ToSpace | Die | Attack | Engage | Escape | Stand | Commit | Uncommit | Ready
    | GirlPower | Pass | TakeCoin | Discard | Doll | KeepDoll | End
)


T = TypeVar("T", bound=_A)


@cache
def _action_cached(cls: type[Any], **fields: Any) -> Any:
    return cls(**fields)


def action(cls: type[T], **fields: Any) -> T:
    """Actions are frozen values, so each distinct one is built (and validated) once and shared:
    listing legal actions builds a dozen every decision. The memo only holds actions this game
    can offer (cards, seats, spaces, die faces), so it stays small."""
    result: T = _action_cached(cast(Hashable, cls), **fields)
    return result
