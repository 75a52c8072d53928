"""Pirate Chest decisions: one small frozen model per kind, built through `action()` (each distinct
one once). Notation lives in notation.py; the prompts that offer them, in prompts.py."""
from __future__ import annotations

from typing import Literal

from engine.core.actions import FrozenAction
from engine.core.actions import action as action  # re-exported: the prompts build actions with it

FightMode = Literal["broadsides", "boarding", "both", "steal-coin", "steal-card", "ram"]
FIGHT_MODES: tuple[FightMode, ...] = ("broadsides", "boarding", "both")   # the attacks every captain has


class _A(FrozenAction):
    """Every decision of this game is one of these frozen values."""


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
