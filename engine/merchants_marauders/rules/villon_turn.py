"""Alexander Villon's ability (effect `enter_closed`, MM-M10-23): `enter` towards a port closed
to him rolls his Influence check; a passed one takes him in free. After a failed one the usual
rerolls follow (Module 10's goodwill reroll, RerollPrompt `check = "enter"`), and when the check
still fails, with Module 10 he may enter for 1 goodwill (EnterPrompt with `villon`, `pay` or the
default `stay`). Reading chosen: the check is rolled once a turn (a failure, paid for or not, leaves
the move unspent); once it is rolled the port is offered again only at its ordinary goodwill price."""
from __future__ import annotations

from engine.core.flow import Events
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import goodwill as G
from engine.merchants_marauders.rules import rumours_missions as RM
from engine.merchants_marauders.rules.common import captain, closed, name, roll, say, show
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Face


def _skill(s: State, seat: int) -> str | None:
    return next((e.skill for e in captain(s.players[seat]).ability.effects if e.kind == "enter_closed"), None)


def may_try(s: State, seat: int) -> bool:
    """The ship is off a port closed to a captain with the ability, not yet tried this turn."""
    p = s.players[seat]
    return _skill(s, seat) is not None and not s.turn.tried_entry and closed(s, seat, p.zone)


def attempt(s: State, seat: int, ev: Events, again: list[Face] | None = None) -> None:
    """The Influence check (or its reroll's dice): passed, in he goes; failed, a reroll, then the
    goodwill entry."""
    from engine.merchants_marauders.rules import turn
    from engine.merchants_marauders.rules.rerolls import offer
    skill = _skill(s, seat)
    assert skill is not None
    s.turn.tried_entry = True
    faces = again if again is not None else roll(s, RM.dice_for(getattr(captain(s.players[seat]).skills, skill)))
    ok = RM.passes(faces)
    say(ev, f"{name(s, seat)} calls on friends ashore: {show(faces)}, {'the port lets him in' if ok else 'refused'}")
    if ok:
        s.turn.paid_entry = True
        turn.enter(s, seat, ev)
    elif again is not None or not offer(s, seat, skill, "enter", "", faces):
        failed(s, seat, ev)


def failed(s: State, seat: int, ev: Events) -> None:
    """The check failed for good: with Module 10's goodwill, the way in for 1 (EnterPrompt)."""
    from engine.merchants_marauders.rules.goodwill_turn import _spendable
    if _spendable(s, seat, "enter"):
        s.stack.append(P.EnterPrompt(seats=[seat], price=G.VILLON_ENTRY, villon=True))
    else:
        say(ev, f"{name(s, seat)} stays outside the port")


def pay(s: State, seat: int, ev: Events) -> None:
    """1 goodwill after the failed check, and in (MM-M10-23)."""
    from engine.merchants_marauders.rules import turn
    p = s.players[seat]
    p.goodwill = G.villon_enter(p.goodwill, False)
    s.turn.goodwill_spent.append("enter")
    s.turn.paid_entry = True
    say(ev, f"{name(s, seat)} spends {G.VILLON_ENTRY} goodwill to enter a closed port")
    turn.enter(s, seat, ev)
