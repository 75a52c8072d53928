"""Pirate Chest notation: canonical short texts, one per decision; parsing matches them.

Like SAN parsing in python-chess, `parse` reads text against the seat's legal decisions, so a
notation is exactly what the panel shows and what the action log stores.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.notation import match
from engine.pirate_chest import actions as A
from engine.pirate_chest.prompts import SailPrompt, open_prompt
from engine.pirate_chest.rules.board import slug, step
from engine.pirate_chest.rules.legal import legal_actions
from engine.pirate_chest.state import State

VERBS = {"captain", "home", "keep", "roll", "privateer", "sail", "stay", "never-land", "mutiny", "kraken",
         "curse", "play", "target", "to", "die", "attack", "broadsides", "boarding", "both", "steal-coin",
         "steal-card", "ram", "escape", "stand", "commit", "uncommit", "ready", "girl-power", "pass", "take",
         "discard", "doll", "keep-doll", "end"}


def _captain(s: State, seat: int) -> str:
    return s.players[seat].captain or f"seat-{seat + 1}"


def _sail(s: State, a: A.Sail) -> str:
    if a.distance == 0:
        return "stay"
    top = open_prompt(s, SailPrompt)
    if top is None:
        return f"sail {a.distance} {a.direction}"
    dest = step(s, s.players[top.ship].position, a.distance, a.direction)
    return f"sail {a.distance} {a.direction} to {slug(s, dest)}"


NOTATE: dict[type, Callable[[State, Any], str]] = {
    A.ChooseCaptain: lambda s, a: f"captain {a.captain}",
    A.ChooseHome: lambda s, a: f"home {slug(s, a.port)}",
    A.Keep: lambda s, a: f"keep {a.card}",
    A.Sail: _sail,
    A.NeverLand: lambda s, a: f"never-land {slug(s, a.port)}",
    A.MutinyTo: lambda s, a: f"mutiny {slug(s, a.island)}",
    A.Play: lambda s, a: f"play {a.card}",
    A.Target: lambda s, a: f"target {_captain(s, a.seat)}",
    A.ToSpace: lambda s, a: f"to {slug(s, a.space)}",
    A.Die: lambda s, a: f"die {a.value}",
    A.Attack: lambda s, a: f"attack {_captain(s, a.seat)}",
    A.Engage: lambda s, a: a.mode,
    A.Commit: lambda s, a: f"commit {a.card}",
    A.Uncommit: lambda s, a: f"uncommit {a.card}",
    A.GirlPower: lambda s, a: f"girl-power {a.card}",
    A.TakeCoin: lambda s, a: f"take {a.coin}",
    A.Discard: lambda s, a: f"discard {a.card}",
    A.Doll: lambda s, a: f"doll {_captain(s, a.seat)}",
}


def notate(s: State, a: A.Action) -> str:
    """Decisions with no argument (roll, privateer, kraken, escape, ready, end…) are their kind."""
    fn = NOTATE.get(type(a))
    return fn(s, a) if fn else a.kind


def parse(s: State, seat: int, text: str) -> A.Action:
    """A sail may leave out its 'to <space>' tail: the distance and direction alone decide where
    the ship goes, so the short form plays no more than was typed."""
    legal: dict[str, A.Action] = {}
    for a in legal_actions(s, seat):
        legal[notate(s, a)] = a
        if isinstance(a, A.Sail) and a.distance:
            legal.setdefault(f"sail {a.distance} {a.direction}", a)
    return match(text, legal, VERBS)
