"""Pirate Chest FLOW: what happens after each decision, as a table of phases (engine.core.flow).

draft → main → ending → main … → done. The DRAFT asks each seat in turn for a captain, then SETUP
lays out the board and the first turn begins; MAIN is moved on only by decisions (ending the
turn, being sunk); ENDING steps through the end of a turn and starts the next one; DONE is the
end of the game. Before every step, VICTORY is checked; the game waits while a prompt is open.
"""
from __future__ import annotations

from typing import cast

from engine.core.flow import WAIT, Events, Flow
from engine.pirate_chest.rules.setup import begin_play, draft_done, draft_next
from engine.pirate_chest.rules.sinking import check_win
from engine.pirate_chest.rules.turn import end_turn
from engine.pirate_chest.state import Phase, State


def _draft(s: State, ev: Events) -> str | None:
    """SETUP: captains chosen in turn; once all are chosen, the board is laid out and play begins."""
    if not draft_done(s):
        draft_next(s)
        return WAIT
    begin_play(s, ev)
    return None


def _ending(s: State, ev: Events) -> str | None:
    """TURN SEQUENCE: the next step of the end of a turn (which in the end starts the next turn)."""
    end_turn(s, ev)
    return None


def _set_phase(s: State, phase: str) -> None:
    s.turn.phase = cast(Phase, phase)


FLOW: Flow[State] = Flow({"draft": _draft, "main": None, "ending": _ending, "done": None},
                         phase=lambda s: s.turn.phase, set_phase=_set_phase,
                         waits=lambda s: s.winner is not None or bool(s.stack), always=check_win)


def settle(s: State, ev: Events) -> None:
    """Run everything that needs no decision, until the game waits on someone or ends."""
    FLOW.settle(s, ev)
