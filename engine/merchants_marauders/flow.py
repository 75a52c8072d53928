"""Merchants & Marauders FLOW: what happens after each decision, as a table of phases
(engine.core.flow; docs/merchants_marauders-plan.md, section 3).

setup (the sealed ship picks) → round_start (merchant refill, the event card, NPC movement) →
turn_start (the next seat clockwise: its 3 actions, hunting NPCs queued to scout) → actions (a
fight or an NPC's scouting runs here whenever no prompt is open; otherwise the action menu) →
end_turn → … → round_end (NPC arrivals, the victory check) → ranking → done. Under
`victory = "immediate"` a captain reaching 10 glory ends the game after the decision that got
it there."""
from __future__ import annotations

from typing import cast

from engine.core.flow import WAIT, Events, Flow
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import fight, round, turn, variants_turn, weather_turn
from engine.merchants_marauders.state import Phase, State


def _round_start(s: State, ev: Events) -> str | None:
    round.start_round(s, ev)
    return "turn_start"


def _turn_start(s: State, ev: Events) -> str | None:
    if not s.round.to_play:
        return "round_end"
    turn.start_turn(s, variants_turn.next_seat(s))
    weather_turn.strike(s, s.turn.seat, "turn_start", ev)
    return "actions"


def _immediate(s: State) -> bool:
    return s.options.get("victory") == "immediate" and round.reached(s)


def _actions(s: State, ev: Events) -> str | None:
    if _immediate(s):
        return "ranking"
    if s.fight is not None:
        fight.step(s, ev)
        return None
    seat = s.turn.seat
    if s.turn.scout_queue and not s.turn.ended:
        turn.npc_scout(s, seat, ev)
        return None
    if s.turn.ended or (s.turn.actions <= 0 and not weather_turn.wind_moves(s, seat)):
        return "end_turn"
    s.stack.append(P.ActionPrompt(seats=[seat]))
    return WAIT


def _end_turn(s: State, ev: Events) -> str | None:
    s.players[s.turn.seat].bought_at = s.turn.bought_here
    from engine.merchants_marauders.rules.loyalty_turn import turn_end
    turn_end(s, s.turn.seat, ev)                   # Module 11: a turn begun and ended in one port
    return "ranking" if _immediate(s) else "turn_start"


def _round_end(s: State, ev: Events) -> str | None:
    return "ranking" if round.end_round(s, ev) else "round_start"


def _ranking(s: State, ev: Events) -> str | None:
    s.stack = []
    round.rank(s, ev)
    return "done"


def _set_phase(s: State, phase: str) -> None:
    s.turn.phase = cast(Phase, phase)


FLOW: Flow[State] = Flow(
    {"setup": None, "round_start": _round_start, "turn_start": _turn_start, "actions": _actions,
     "end_turn": _end_turn, "round_end": _round_end, "ranking": _ranking, "done": None},
    phase=lambda s: s.turn.phase, set_phase=_set_phase, waits=lambda s: bool(s.stack))


def settle(s: State, ev: Events) -> None:
    """Run everything that needs no decision, until the game waits on someone or ends."""
    from engine.merchants_marauders.rules.smuggling_turn import tidy
    tidy(s)                                        # Modules 3 and 7: the smuggler's hold filled or emptied
    FLOW.settle(s, ev)
