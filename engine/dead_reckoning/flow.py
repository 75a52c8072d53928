"""Dead Reckoning FLOW: what happens after each decision, as a table of phases (engine.core.flow).

A turn: start (the level-up the seat owes, Achievements met, Pirates on the starting board) →
main (the menu; moves, battles and abilities push their own prompts above it) → Cleanup: refill
→ mode → sails → sleeve → draw → end_turn (the game-end check; the level-up opens) → next_turn.
Once every final turn is played: scoring → done. Before every step the effect queue is drained,
prompts with nothing left to choose close themselves, and the active seat's Achievements are
brought up to date."""
from __future__ import annotations

from typing import cast

from engine.core.flow import WAIT, Events, Flow
from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.rules import claims, cleanup, pirate_mode
from engine.dead_reckoning.rules.effects import resolve_effects
from engine.dead_reckoning.rules.final_score import score
from engine.dead_reckoning.rules.main_phase import level_options
from engine.dead_reckoning.state import HARBOR, Phase, State, Turn

# Prompts that close on their own once `done` is all that is left, or nothing at all.
SELF_CLOSING = (P.ProducePrompt, P.BuildPrompt, P.SleevePrompt, P.InfluencePrompt, P.UpgradePrompt)
TURN_PHASES = ("start", "main", "refill", "mode", "sails", "sleeve", "draw", "end_turn")


def _setup(s: State, ev: Events) -> str | None:
    if s.options.get("bonus_tokens") and all(p.token is None for p in s.players):
        s.stack.append(P.TokenPrompt(seats=list(s.order)))
    return "start"


def _start(s: State, ev: Events) -> str | None:
    seat = s.turn.seat
    s.turn = Turn(seat=seat, phase="main")
    claims.check(s, seat, True, ev)        # a starred one met off-turn is placed now, if still met (DR-ACH-04)
    pirate_mode.start_of_turn(s, seat)
    s.stack.append(P.MainPrompt(seats=[seat]))
    p = s.players[seat]
    if p.level_open:
        if level_options(s, seat):
            s.stack.append(P.LevelPrompt(seats=[seat]))
        else:
            p.level_open = False
    return WAIT


def _refill(s: State, ev: Events) -> str | None:
    cleanup.refill(s)
    return "mode"


def _mode(s: State, ev: Events) -> str | None:
    p = s.players[s.turn.seat]
    if p.ship.at == HARBOR:
        p.ship.mode = "mercantile"
        return "sails"
    s.stack.append(P.ModePrompt(seats=[s.turn.seat]))
    return WAIT


def _sails(s: State, ev: Events) -> str | None:
    s.players[s.turn.seat].ship.sails = 0
    return "sleeve"


def _sleeve(s: State, ev: Events) -> str | None:
    if cleanup.needs_sleeving(s, s.turn.seat):
        s.stack.append(P.SleevePrompt(seats=[s.turn.seat]))
        return WAIT
    return "draw"


def _draw(s: State, ev: Events) -> str | None:
    cleanup.draw(s, s.turn.seat, ev)
    return "end_turn"


def _end_turn(s: State, ev: Events) -> str | None:
    seat = s.turn.seat
    for other in range(len(s.players)):
        # starred Achievements met on this turn wait for their owner's turn (DR-ACH-04)
        claims.check(s, other, other == seat, ev)
    claims.end_of_turn(s, seat)
    s.players[seat].level_open = True      # the plan's fallback: answered at its next turn's start
    return "next_turn"


def _next_turn(s: State, ev: Events) -> str | None:
    if claims.over(s):
        return "scoring"
    i = s.order.index(s.turn.seat)
    s.turn = Turn(seat=s.order[(i + 1) % len(s.order)], phase="start")
    return "start"


def _scoring(s: State, ev: Events) -> str | None:
    score(s, ev)
    return "done"


def _before_each_step(s: State, ev: Events) -> None:
    """Resolve queued effects; close a prompt with nothing left but `done` (or nothing); bring the
    active seat's Achievements up to date (placed at once on its own turn, DR-ACH-02)."""
    for _ in range(100):
        resolve_effects(s, ev)
        top = s.stack[-1] if s.stack else None
        if not isinstance(top, SELF_CLOSING):
            break
        seat = top.seats[0]
        legal = top.legal(s, seat)         # its own options: rearranging beside it keeps nothing open
        if legal and legal != [A.Done()]:
            break
        s.stack.pop()
        if isinstance(top, P.SleevePrompt):
            s.turn.phase = "draw"
    if s.turn.phase in TURN_PHASES and s.turn.phase != "start":
        claims.check(s, s.turn.seat, True, ev)


def _set_phase(s: State, phase: str) -> None:
    s.turn.phase = cast(Phase, phase)


FLOW: Flow[State] = Flow(
    {"setup": _setup, "start": _start, "main": None, "refill": _refill, "mode": _mode, "sails": _sails,
     "sleeve": _sleeve, "draw": _draw, "end_turn": _end_turn, "next_turn": _next_turn, "scoring": _scoring,
     "done": None},
    phase=lambda s: s.turn.phase, set_phase=_set_phase,
    waits=lambda s: bool(s.stack) or bool(s.effects), always=_before_each_step)


def settle(s: State, ev: Events) -> None:
    """Run everything that needs no decision, until the game waits on someone or ends."""
    FLOW.settle(s, ev)
