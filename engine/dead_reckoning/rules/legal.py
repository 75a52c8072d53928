"""The decisions a seat may take now: the answers to the prompt on top of the stack, plus the
anytime actions (rearranging and jettisoning, DR-HOLD-17, -19) on the prompts that allow them."""
from __future__ import annotations

from typing import Any

from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.rules.goods import rearrange_options
from engine.dead_reckoning.rules.pirate_mode import blockade_bars
from engine.dead_reckoning.state import State

# A main menu longer than one panel is split: these groups fold into one entry each, in order.
GROUPS: dict[str, tuple[type, ...]] = {"goods": (A.Load, A.Unload, A.Shift, A.Jettison), "use": (A.Use,),
                                       "play": (A.Play,)}


def grouped(options: list[Any], group: str) -> list[Any]:
    return [a for a in options if isinstance(a, GROUPS[group])]


def full_main(s: State, seat: int) -> list[Any]:
    from engine.dead_reckoning.rules.main_phase import main_options
    return main_options(s, seat) + rearrange_options(s, seat)


def fold(options: list[Any]) -> list[Any]:
    for group in GROUPS:
        if len(options) <= P.MAX_OPTIONS:
            break
        members = grouped(options, group)
        if len(members) > 1:
            at = options.index(members[0])
            rest = [a for a in options if not isinstance(a, GROUPS[group])]
            options = [*rest[:at], action(A.Menu, group=group), *rest[at:]]
    return options


def side_level(s: State, seat: int) -> list[Any]:
    """The level-up a seat may take between its turns, beside whatever the game waits on: open
    from the end of its turn, private, blocking nobody (engine.core side decisions)."""
    from engine.dead_reckoning.rules.main_phase import level_options
    if not s.stack or seat in s.stack[-1].seats or not s.players[seat].level_open or s.turn.phase == "setup":
        return []
    return level_options(s, seat)


def legal_actions(s: State, seat: int) -> list[Any]:
    if not s.stack:
        return []
    top = s.stack[-1]
    if seat not in top.seats:
        return side_level(s, seat)
    out: list[Any] = [a for a in top.legal(s, seat) if not blockade_bars(s, seat, a)]
    if isinstance(top, P.MainPrompt):
        return fold(out + rearrange_options(s, seat))
    if top.anytime:
        # beside another question only as many as one panel holds; the main menu offers them all
        out += rearrange_options(s, seat)[:max(0, P.MAX_OPTIONS - len(out))]
    return out
