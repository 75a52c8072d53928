"""Module 11 in the turn engine: the crew's loyalty track on each player (`Player.loyalty`,
public), moved by the pure rules of rules/loyalty.py at their moments: a step up per glory point
received (not the stash's), one bought in the port menu (`loyalty`); a step down for each NPC
event card (the plank's owner asked first, PlankPrompt), for declaring a stash, for a turn begun
and ended in the same port, and for a Fierce Loyalty that worked (`fierce` in the action menu,
once a round). Reaching Mutiny rolls the mutiny check at once: a failure kills the captain
(death.kill), a success leaves the crew Angry. Everything here is a no-op with the option off."""
from __future__ import annotations

from typing import Any, cast

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import loyalty as L
from engine.merchants_marauders.rules.combat import check_dice, skulls
from engine.merchants_marauders.rules.common import captain, name, roll, say, show
from engine.merchants_marauders.rules.glory import GlorySource
from engine.merchants_marauders.state import State

PLANK = "plank"


def on(s: State) -> bool:
    return bool(s.options.get("module_11"))


def level(s: State, seat: int) -> L.Level:
    return cast(L.Level, s.players[seat].loyalty)


def _set(s: State, seat: int, lv: L.Level, ev: Events) -> None:
    if s.players[seat].loyalty != lv:
        s.players[seat].loyalty = lv
        say(ev, f"{name(s, seat)}'s crew is now {lv}")


# ---- gains ----
def on_glory(s: State, seat: int, n: int, source: GlorySource, ev: Events) -> None:
    """A step up per glory point received on the track (MM-M11-06); the stash's raises nothing."""
    if on(s):
        _set(s, seat, L.gain_for_glory(level(s, seat), n, source), ev)


def may_raise(s: State, seat: int) -> bool:
    lv = level(s, seat)
    return on(s) and lv in L.RAISE_PRICES and s.players[seat].ship.gold >= L.RAISE_PRICES[lv]


def raise_loyalty(s: State, seat: int, ev: Events) -> None:
    """The port menu's `loyalty`: this level's price for one step up (MM-M11-07, -08); the part is
    taken once, so once a port action."""
    p = s.players[seat]
    lv, p.ship.gold = L.pay_to_raise(level(s, seat), p.ship.gold, False)
    _set(s, seat, lv, ev)


# ---- losses ----
def lose(s: State, seat: int, cause: L.LossCause, ev: Events) -> bool:
    """One step down (MM-M11-10 to -13); at Mutiny the check is rolled at once (MM-M11-25).
    True: the mutiny killed the captain."""
    if not on(s):
        return False
    loss = L.lose(level(s, seat), cause)
    say(ev, f"{name(s, seat)}'s crew loses loyalty ({cause.replace('_', ' ')})")
    if not loss.mutiny:
        _set(s, seat, loss.level, ev)
        return False
    s.players[seat].loyalty = "mutiny"
    faces = roll(s, L.mutiny_dice(captain(s.players[seat]).skills.leadership))
    settled = L.resolve_mutiny(skulls(faces) > 0)
    say(ev, f"Mutiny aboard {name(s, seat)}'s ship: {show(faces)}")
    if settled is not None:
        _set(s, seat, settled, ev)
        return False
    from engine.merchants_marauders.rules.death import kill
    say(ev, f"The crew throws {name(s, seat)} overboard")      # MM-M11-27: the usual death follows
    s.stack = [x for x in s.stack if seat not in x.seats]      # the dead captain's port menus go
    kill(s, seat, ev)
    return True


def new_captain(s: State, seat: int) -> None:
    """A new captain's crew starts Content, as at setup (MM-M11-02)."""
    s.players[seat].loyalty = L.setup()


def npc_event(s: State, ev: Events) -> None:
    """An NPC event card costs every crew a step (MM-M11-10); a plank's owner is asked first
    (MM-M3-13), and loses its step when it answers."""
    if not on(s):
        return
    for seat, p in enumerate(s.players):
        if PLANK in p.ship.modifications:
            s.stack.append(P.PlankPrompt(seats=[seat]))
        else:
            lose(s, seat, "npc_event", ev)


def plank(s: State, seat: int, a: Any, ev: Events) -> None:
    """The plank's answer (MM-M3-14, -15): a Leadership check, or at sea a hand overboard; a
    failed check, or `accept`, leaves the loss."""
    p = s.players[seat]
    passed: bool | None = None
    if isinstance(a, A.Check):
        faces = roll(s, check_dice(captain(p).skills.leadership))
        passed = skulls(faces) > 0
        say(ev, f"{name(s, seat)} tries the plank: {show(faces)}")
    answer: L.PlankAnswer = "check" if isinstance(a, A.Check) else "crew" if isinstance(a, A.Crew) else "accept"
    out = L.plank(answer, p.ship.points["crew"], not p.in_port, passed)
    p.ship.points["crew"] = out.crew
    if out.cancelled:
        say(ev, f"{name(s, seat)}'s plank keeps the crew in line")
    else:
        lose(s, seat, "npc_event", ev)


def turn_start(s: State, seat: int) -> None:
    p = s.players[seat]
    s.turn.start_port = p.zone if p.in_port else None


def turn_end(s: State, seat: int, ev: Events) -> None:
    """A turn begun and ended in the same port costs a step (MM-M11-12)."""
    p = s.players[seat]
    if on(s) and L.same_port(s.turn.start_port, p.zone if p.in_port else None):
        lose(s, seat, "same_port", ev)


# ---- Fierce Loyalty ----
def fierce_options(s: State, seat: int) -> list[Any]:
    if not on(s) or seat in s.round.fierce or s.turn.ended:
        return []
    return [action(A.Fierce)]


def fierce(s: State, seat: int, ev: Events) -> None:
    """Once a round, free: a Leadership check; passed, 1 action more for a step down (MM-M11-13
    to -15)."""
    s.round.fierce.append(seat)
    faces = roll(s, check_dice(captain(s.players[seat]).skills.leadership))
    passed = skulls(faces) > 0
    say(ev, f"{name(s, seat)} calls on the crew's fierce loyalty: {show(faces)}, {'passed' if passed else 'failed'}")
    out = L.fierce_loyalty(level(s, seat), passed, False)
    if out.extra_actions:
        s.turn.actions += out.extra_actions
        lose(s, seat, "fierce", ev)
