"""THE END OF THE STAGE, after the turn of the first ship past a reef: 1 reveal and resolve the
event (blind bids, the reputation-order events, the 2-player ghost action), 2 cook and feed.
Then play goes on with the player left of the one who passed the reef."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.core.sealed import Sealed
from engine.scoundrel_bay.defs import EventDef, defs
from engine.scoundrel_bay.rules.blind_bid import settle_bids
from engine.scoundrel_bay.rules.board import region
from engine.scoundrel_bay.rules.common import me, name, plural, say, seats
from engine.scoundrel_bay.rules.effects import queue_losses
from engine.scoundrel_bay.rules.feed import cook, feed
from engine.scoundrel_bay.state import GHOST, Stage

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State


def event_def(s: State) -> EventDef:
    assert s.stage is not None and s.stage.event is not None
    return defs().events.events[s.stage.event]


def reveal_event(s: State, ev: list[Event]) -> None:
    assert s.stage is not None
    s.stage.event = s.events.pop()
    s.events_done.append(s.stage.event)
    s.reveals += 1
    e = event_def(s)
    say(s, ev, f"End of stage {s.stages_done + 1} (reef {s.stage.reef}). Event: {e.name}. {e.summary}")


def begin_stage(s: State, reef: int) -> None:
    s.stage = Stage(reef=reef)


def open_event(s: State) -> None:
    """Put the event's decisions on the stack: a sealed bid, a prompt per seat in reputation
    order, or one exchange prompt answered by every seat."""
    from engine.scoundrel_bay import prompts as P
    assert s.stage is not None
    e = event_def(s)
    everyone = seats(s)
    if e.kind in ("bid-rewards", "bid-pardon"):
        s.stage.bids = Sealed[int](seats=everyone)
        s.stack.append(P.BidPrompt(seats=everyone))
    elif e.kind == "exchange":
        s.stack.append(P.ExchangePrompt(seats=everyone))
    else:
        s.stage.order = s.reputation.order(everyone)
        next_in_order(s)


def next_in_order(s: State) -> None:
    """Scoundrels' Arrival and On the Move: from most to least reputation, one seat at a time."""
    from engine.scoundrel_bay import prompts as P
    assert s.stage is not None
    e = event_def(s)
    while s.stage.order:
        seat = s.stage.order.pop(0)
        if e.kind == "display-recruit" and any(c is not None for c in s.display):
            s.stack.append(P.DisplayRecruitPrompt(seats=[seat]))
            return
        if e.kind == "pirate-moves":
            from engine.scoundrel_bay.rules.moves import pirate_moves
            if pirate_moves(s, seat):
                s.stack.append(P.MovePrompt(seats=[seat], moves=e.moves, optional=True))
                return
    if e.kind == "display-recruit":
        from engine.scoundrel_bay.rules.add_card import refill_display
        refill_display(s)


def resolve_bids(s: State, ev: list[Event]) -> None:
    """BLIND BID step 4-5: one public reveal, the payments, then rewards or the pardon."""
    from engine.scoundrel_bay import prompts as P
    assert s.stage is not None and s.stage.bids is not None
    bids = s.stage.bids.revealed()
    result = settle_bids(bids, s.reputation.order(seats(s)))
    s.reveals += 1
    say(s, ev, "The bids are revealed: " + ", ".join(f"{name(seat)} {bids[seat]}" for seat in result.ranking) + ".")
    for seat, paid in result.to_supply.items():
        me(s, seat).doubloons -= paid
    me(s, result.highest).doubloons -= result.to_pot
    s.pot += result.to_pot
    say(s, ev, f"{name(result.highest)} pays {plural(result.to_pot, 'doubloon')} into Scoundrel Bay; {name(result.lowest)} keeps the bid.")
    e = event_def(s)
    if e.kind == "bid-rewards":
        s.stack.append(P.PickPrompt(seats=[result.choosers()[0]], after=result.choosers()[1:]))
    else:
        say(s, ev, f"{name(result.lowest)} bid lowest and is not pardoned.")
        queue_losses(s, result.lowest, e.punishment, e.name)


def ghost_action(s: State, ev: list[Event]) -> None:
    """1-2 PLAYER GAMES: after the event, a ghost joins a harbor from the reserve or leaves one
    for the graveyard."""
    e = event_def(s)
    harbor = s.regions[e.ghost.harbor]
    if e.ghost.action == "add" and s.ghost_reserve:
        s.ghost_reserve -= 1
        harbor.pirates[GHOST] = harbor.pirates.get(GHOST, 0) + 1
        say(s, ev, f"A ghost pirate joins {region(e.ghost.harbor).name}.")
    elif e.ghost.action == "remove" and harbor.pirates.get(GHOST, 0):
        harbor.pirates[GHOST] -= 1
        s.graveyard[GHOST] = s.graveyard.get(GHOST, 0) + 1
        say(s, ev, f"A ghost pirate leaves {region(e.ghost.harbor).name} for the graveyard.")


def cook_all(s: State, ev: list[Event]) -> None:
    """COOK AND FEED step 1: everyone gains food equal to their food production."""
    for seat in seats(s):
        p = me(s, seat)
        p.resources["food"] = cook(p.resources["food"], p.tools["food_production"])
    say(s, ev, "Everyone cooks: food equal to their food production.")


def open_feeding(s: State) -> None:
    from engine.scoundrel_bay import prompts as P
    assert s.stage is not None
    everyone = seats(s)
    s.stage.feed = Sealed[int](seats=everyone)
    s.stack.append(P.FeedPrompt(seats=everyone))


def resolve_feeding(s: State, ev: list[Event]) -> None:
    """COOK AND FEED steps 2-6, for every seat at once."""
    assert s.stage is not None and s.stage.feed is not None
    for seat, fed in s.stage.feed.revealed().items():
        p = me(s, seat)
        r = feed(p.crew_space, p.resources["food"], p.resources["ring"], fed)
        p.crew_space, p.resources["food"], p.resources["ring"] = r.crew, r.food, r.rings
        dead = r.died + (defs().rules.captain.strength if r.captain_died else 0)
        if r.captain_died:
            p.captain_dead = True
        if dead:
            s.graveyard[seat] = s.graveyard.get(seat, 0) + dead
        say(s, ev, f"{name(seat)} feeds {fed}: {plural(r.fell_sick, 'pirate')} fall sick, {plural(r.died, 'pirate')} die" + (" and the captain dies." if r.captain_died else "."))


def finish_stage(s: State, ev: list[Event]) -> None:
    assert s.stage is not None
    reef = s.stage.reef
    s.stage = None
    s.stages_done += 1
    if reef == defs().rules.end["trigger_reef"] and s.end_turns is None:
        s.end_turns = max(p.turns for p in s.players) + defs().rules.end["extra_turns"]
        say(s, ev, f"The game end is triggered: everyone plays until they have taken {s.end_turns} turns.")
