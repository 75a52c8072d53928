"""Module 9's Town in the turn engine: a visit (locations_turn.py) opens the VisitPrompt on the
Town's menu, and the visitor takes exactly one port sub-action (MM-M9-67, -84): `sell` or `buy`
on the Trading Post's terms (location_visits.py: the zone port's demand, no contraband, 4 cards
or 3 after buying here the round before), or `shipyard`, `recruit`, `rumour`, `goodwill`
(Module 10) or `loyalty` (Module 11), each the port's own sub-action (port.open_part), so it
plays exactly as in a port.

What a Town refuses (MM-M9-71 to -78) follows from its being at sea: the port's properties hold
only in the port (port._here: no cheaper repairs, no Tortuga recruiting, no Santo Domingo redraw),
its modification is not for sale, a rumour that names the port is looked into only in port, and
the menu has no mission, no stash and no port specialist. Only each choice that can give
something is offered."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import goodwill_turn as GT
from engine.merchants_marauders.rules import location_visits as LV
from engine.merchants_marauders.rules import locations as L
from engine.merchants_marauders.rules import loyalty_levels_turn as LL
from engine.merchants_marauders.rules import loyalty_turn as LT
from engine.merchants_marauders.rules import port
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.state import State

TRADE = ("sell", "buy")         # the two choices that go on the VisitPrompt's sale or purchase


def town(s: State, seat: int) -> None:
    s.stack.append(P.VisitPrompt(seats=[seat], location="town"))


def in_town(s: State, seat: int) -> bool:
    """The seat is on its Town visit: at sea in a Town's zone, its visit of the round made
    (a check there counts as made in port, e.g. a rumour's Influence, MM-M9-84)."""
    from engine.merchants_marauders.rules.locations_turn import here
    p = s.players[seat]
    return not p.in_port and here(s, seat) == "town" and seat in s.round.visited


def menu(s: State, seat: int) -> list[L.TownChoice]:
    """The Town's sub-actions this visitor can use now (Modules 10 and 11's only with them on)."""
    p = s.players[seat]
    useful: dict[L.TownChoice, bool] = {
        "sell": bool(p.ship.cargo),
        "buy": True,
        "shipyard": len(port.shipyard_options(s, seat)) > 1,
        "recruit": p.ship.points["crew"] < maxima(p)["crew"] and (p.ship.gold >= port.CREW_PRICE or LL.free_crew(s, seat)),
        "rumour": p.rumour is None and bool(s.rumours.pile),
        "goodwill": GT.may_buy(s, seat),
        "loyalty": LT.may_raise(s, seat),
    }
    return [c for c in L.town_menu(GT.on(s), LT.on(s)) if useful[c]]


def town_options(s: State, seat: int, pr: P.VisitPrompt) -> list[Any]:
    if pr.step:
        return LV.post_options(s, seat, pr)
    return [*(action(A.Part, part=c) for c in menu(s, seat)), action(A.Stop)]


def town_part(s: State, seat: int, pr: P.VisitPrompt, part: str, ev: Events) -> None:
    """The one sub-action: trade stays on the VisitPrompt; the rest are the port's own."""
    L.check_town_choice(part, [], GT.on(s), LT.on(s))
    if part == "sell":
        pr.step = "sell"
    elif part == "buy":
        LV.offer(s, seat, pr, ev)
    else:
        s.stack.remove(pr)
        port.open_part(s, seat, P.PortPrompt(seats=[seat]), part, ev)
