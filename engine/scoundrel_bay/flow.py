"""Scoundrel Bay FLOW: what happens after each decision, as a table of phases (engine.core.flow).

A turn: start → action (play a card) → sail → shoot → fight, or invade → after_action (milestones)
→ card (add a card) → end_turn → next_turn. A reef passed first sends end_turn to the END OF THE
STAGE: stage (reveal the event) → event (its prompts, in reputation order) → ghost (2 players) →
cook → feed → next_turn. Once every seat has played its last turn: final (crates) → scoring →
done. Before every step, queued rewards and losses are resolved (rules/effects.py) and prompts
with nothing left to decide close themselves.
"""
from __future__ import annotations

from typing import cast

from engine.core.flow import WAIT, Events, Flow
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.actions import Done
from engine.scoundrel_bay.rules import captains, end_of_stage, sail
from engine.scoundrel_bay.rules.add_card import refill_display
from engine.scoundrel_bay.rules.apply import HANDLERS, offer_reroll
from engine.scoundrel_bay.rules.common import me
from engine.scoundrel_bay.rules.effects import resolve_effects
from engine.scoundrel_bay.rules.final import game_over, score
from engine.scoundrel_bay.rules.milestones import check_milestones
from engine.scoundrel_bay.rules.setup import captain_draft
from engine.scoundrel_bay.state import Phase, State, Turn

# Prompts that close on their own once `done` is all that is left to choose.
SELF_CLOSING = (P.LandPrompt, P.DigPrompt, P.PlunderPrompt, P.HarborPrompt, P.MovePrompt, P.SellPrompt)


def _setup(s: State, ev: Events) -> str | None:
    if s.options.get(captains.VARIANT) and all(p.captain_tile is None for p in s.players):
        tiles, order = captain_draft(s)
        s.stack.append(P.CaptainPrompt(seats=[order[0]], tiles=tiles, after=order[1:]))
    return "start"


def _start(s: State, ev: Events) -> str | None:
    seat = s.turn.seat
    s.turn = Turn(seat=seat, phase="action")
    if not me(s, seat).hand:
        return "after_action"
    s.stack.append(P.ActionPrompt(seats=[seat]))
    return WAIT


def _shoot(s: State, ev: Events) -> str | None:
    seat = s.turn.seat
    s.turn.phase = "fight"
    if me(s, seat).ship not in s.monsters:
        return "after_action"
    if captains.can_beastbane(s, seat):
        s.stack.append(P.ShootPrompt(seats=[seat]))
        return WAIT
    sail.start_fight(s, seat, ev)
    offer_reroll(s, seat)
    return None


def _fight(s: State, ev: Events) -> str | None:
    if s.turn.fight is not None:
        sail.resolve_fight(s, ev)
    return "after_action"


def _after_action(s: State, ev: Events) -> str | None:
    check_milestones(s, s.turn.seat, ev)
    return "card"


def _card(s: State, ev: Events) -> str | None:
    s.stack.append(P.CardPrompt(seats=[s.turn.seat]))
    s.turn.phase = "adding"
    return WAIT


def _end_turn(s: State, ev: Events) -> str | None:
    me(s, s.turn.seat).turns += 1
    if s.turn.reefs:
        end_of_stage.begin_stage(s, s.turn.reefs[0])
        return "stage"
    return "next_turn"


def _next_turn(s: State, ev: Events) -> str | None:
    if game_over(s):
        return "final"
    i = s.order.index(s.turn.seat)
    for step in range(1, len(s.order) + 1):
        seat = s.order[(i + step) % len(s.order)]
        if s.end_turns is None or me(s, seat).turns < s.end_turns:
            s.turn = Turn(seat=seat, phase="start")
            return "start"
    return "final"


def _stage(s: State, ev: Events) -> str | None:
    end_of_stage.reveal_event(s, ev)
    end_of_stage.open_event(s)
    return "event"


def _event(s: State, ev: Events) -> str | None:
    assert s.stage is not None
    if s.stage.order:
        end_of_stage.next_in_order(s)
        return None
    return "ghost"


def _ghost(s: State, ev: Events) -> str | None:
    if end_of_stage.event_def(s).kind == "display-recruit":
        refill_display(s)
    if len(s.players) == 2:
        end_of_stage.ghost_action(s, ev)
    return "cook"


def _cook(s: State, ev: Events) -> str | None:
    end_of_stage.cook_all(s, ev)
    end_of_stage.open_feeding(s)
    s.turn.phase = "feed"
    return WAIT


def _feed(s: State, ev: Events) -> str | None:
    end_of_stage.finish_stage(s, ev)
    return "next_turn"


def _final(s: State, ev: Events) -> str | None:
    holders = [seat for seat, p in enumerate(s.players) if p.undelivered]
    s.turn.phase = "scoring"
    if holders:
        s.stack.append(P.FinalCratesPrompt(seats=holders))
        return WAIT
    return None


def _scoring(s: State, ev: Events) -> str | None:
    score(s, ev)
    return "done"


def _before_each_step(s: State, ev: Events) -> None:
    """Resolve queued rewards and losses; close a prompt that has only `done` left."""
    for _ in range(100):
        resolve_effects(s, ev)
        top = s.stack[-1] if s.stack else None
        if not isinstance(top, SELF_CLOSING):
            return
        seat = top.seats[0]
        if top.legal(s, seat) != [Done()]:
            return
        HANDLERS[(type(top), Done)](s, seat, top, Done(), ev)


def _set_phase(s: State, phase: str) -> None:
    s.turn.phase = cast(Phase, phase)


FLOW: Flow[State] = Flow(
    {"setup": _setup, "start": _start, "action": None, "sail": None, "shoot": _shoot, "fight": _fight,
     "invade": None, "after_action": _after_action, "card": _card, "adding": None, "end_turn": _end_turn,
     "next_turn": _next_turn, "stage": _stage, "event": _event, "ghost": _ghost, "cook": _cook, "feed": _feed,
     "final": _final, "scoring": _scoring, "done": None},
    phase=lambda s: s.turn.phase, set_phase=_set_phase,
    waits=lambda s: bool(s.stack) or bool(s.effects), always=_before_each_step)


def settle(s: State, ev: Events) -> None:
    """Run everything that needs no decision, until the game waits on someone or ends."""
    FLOW.settle(s, ev)
