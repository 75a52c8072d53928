"""Module 9, location tokens, in the turn engine: one token face up in each zone with a port
(setup), the `visit` action from the zone at sea once a round, and what each kind gives. The
pure rules are rules/locations.py; the token data is seas_of_glory/locations.toml.

Raiding a token is rules/location_raid_turn.py. Wired so far: the Pirate Haven (crew refilled, a rumour with no check) and the Prison (a
specialist for 5 gold) take effect at once; the Missionary (`pay <nation>`, a token at a time)
and the Native Village (`give <card>`) open a VisitPrompt whose default is `stop`; the Naval Fort and the
Reefs are rules/location_visits.py, and so is the Trading Post (sell, then buy); the Town, whose
visit is one port sub-action, is rules/town_turn.py."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import location_visits as LV
from engine.merchants_marauders.rules import locations as L
from engine.merchants_marauders.rules import town_turn as TT
from engine.merchants_marauders.rules.common import cargo_cards, maxima, name, say
from engine.merchants_marauders.rules.npc import Neighbours
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS

WIRED = frozenset({"pirate_haven", "prison", "missionary", "native_village", "naval_fort", "reefs",
                   "trading_post", "town"})
PROMPTED = frozenset({"missionary", "native_village"})


def on(s: State) -> bool:
    return bool(s.options.get("module_9"))


def _sea() -> Neighbours:
    return {z: {str(i): n for i, n in enumerate(zd.neighbours)} for z, zd in defs().map.zones.items()}  # type: ignore[misc]


def setup(s: State) -> None:
    """The 16 tokens shuffled, one to each zone with a port, the kinds kept apart not next to
    one of their own (MM-M9-03, -04)."""
    if not on(s):
        return
    data = defs().locations
    tokens = data.tokens()
    s.rng.shuffle(tokens)
    placed = L.keep_apart(L.lay_out(tokens, PORTS), _sea(), data.apart, s.rng)
    s.locations = {z: str(k) for z, k in placed.items()}


def here(s: State, seat: int) -> str | None:
    p = s.players[seat]
    return s.locations.get(p.zone) if on(s) else None


def may_visit(s: State, seat: int) -> bool:
    kind = here(s, seat)
    if kind is None or kind not in WIRED:
        return False
    p = s.players[seat]
    try:
        L.check_can_visit(kind, defs().locations.locations[kind].visitors, not p.in_port,  # type: ignore[index,arg-type]
                          sum(p.bounties.values()), seat in s.round.visited, s.turn.actions)
    except ValueError:
        return False
    return _useful(s, seat, kind)


def _useful(s: State, seat: int, kind: str) -> bool:
    """Offer only a visit that can give something (no empty menus)."""
    p = s.players[seat]
    if kind == "missionary":
        return bool(_payable(s, seat))
    if kind == "native_village":
        hurt = any(p.ship.points[loc] < m for loc, m in maxima(p).items() if loc != "crew")
        return bool(p.ship.cargo) and hurt
    if kind == "prison":
        return p.ship.gold >= _price(kind) and len(p.specialists) < L.SPECIALISTS_ABOARD
    return True


def _price(kind: str) -> int:
    return defs().locations.locations[kind].visit[0].n  # type: ignore[index]


def _payable(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    return [n for n, k in p.bounties.items() if k > 0 and p.ship.gold >= _price("missionary")]


def visit(s: State, seat: int, ev: Events) -> None:
    """One action, once a round; the kind decides what follows (MM-M9-05 to -08)."""
    kind = here(s, seat)
    assert kind is not None
    s.turn.actions -= L.VISIT_ACTIONS
    s.round.visited.append(seat)
    say(ev, f"{name(s, seat)} visits the {defs().locations.locations[kind].name}")  # type: ignore[index]
    if kind == "pirate_haven":
        _haven(s, seat, ev)
    elif kind == "prison":
        prison_hire(s, seat, ev)
    elif kind == "naval_fort":
        LV.fort(s, seat, ev)
    elif kind == "reefs":
        LV.reefs(s, seat, ev)
    elif kind == "trading_post":
        LV.post(s, seat)
    elif kind == "town":
        TT.town(s, seat)
    elif kind in PROMPTED:
        s.stack.append(P.VisitPrompt(seats=[seat], location=kind))


def _haven(s: State, seat: int, ev: Events) -> None:
    """The crew refilled with no roll, and a rumour with no check if none is held (MM-M9-36, -37)."""
    p = s.players[seat]
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_by_effect
    got = L.pirate_haven(maxima(p)["crew"], p.rumour is not None, list(reversed(s.rumours.pile)))
    free = free_by_effect(s, seat)              # Module 11: no free hands from Restless down
    if free:
        p.ship.points["crew"] = got.crew
    s.rumours.pile = list(reversed(got.rumours))
    if got.rumour is not None:
        p.rumour = got.rumour
        say(ev, f"You hear a rumour: {got.rumour}", to=seat)
        from engine.merchants_marauders.rules.goodwill_redraws_turn import offer_rumour
        offer_rumour(s, seat)                       # Module 10
    say(ev, f"{name(s, seat)} " + ("fills the crew" if free else "finds no free hands") + (" and hears a rumour" if got.rumour else ""))


def prison_hire(s: State, seat: int, ev: Events, free: bool = False) -> None:
    """5 gold (nothing as a raid's prize) for the first specialist in the glory deck of a kind
    not aboard (MM-M9-61 to -63, -65)."""
    from engine.merchants_marauders.rules.glory_cards import card
    p = s.players[seat]
    if len(p.specialists) >= L.SPECIALISTS_ABOARD:
        return
    deck = list(reversed(s.glory.pile))
    kinds = {c: k for c in deck if (k := card(c).specialist) is not None and card(c).family == "specialist"}
    aboard = [k for c in p.specialists if (k := card(c).specialist) is not None]
    hire = L.prison(p.ship.gold, aboard, deck, kinds, s.rng, _price("prison"), free)
    p.ship.gold -= hire.cost
    s.glory.pile = list(reversed(hire.deck))
    s.glory.throw_away(hire.discarded)
    if hire.specialist is None:
        say(ev, "The prison holds no specialist to hire")
        return
    s.reveals += 1
    p.specialists.append(hire.specialist)
    say(ev, f"{name(s, seat)} hires {card(hire.specialist).name} from the prison for {hire.cost} gold")


# ---- the VisitPrompt ----
def options(s: State, seat: int, pr: P.VisitPrompt) -> list[Any]:
    p = s.players[seat]
    if pr.location == "naval_fort":
        return LV.fort_options(s, seat, pr)
    if pr.location == "reefs":
        return LV.reefs_options(s, seat, pr)
    if pr.location == "trading_post":
        return LV.post_options(s, seat, pr)
    if pr.location == "town":
        return TT.town_options(s, seat, pr)
    out: list[Any] = []
    if pr.location == "missionary":
        out = [action(A.PayOff, nation=n) for n in _payable(s, seat)]
    elif pr.location == "native_village":
        out = [action(A.Give, card=c) for c in p.ship.cargo][:P.MAX_OPTIONS - 1]
    return [*out, action(A.Stop)]


def answer(s: State, seat: int, pr: P.VisitPrompt, a: Any, ev: Events) -> None:
    """A choice on the VisitPrompt."""
    if isinstance(a, A.PayOff):
        pay(s, seat, a.nation, ev)
    elif isinstance(a, A.Give):
        give(s, seat, pr, a.card, ev)
    elif isinstance(a, (A.Warship, A.To)):
        LV.fort_choose(s, seat, pr, a, ev)
    elif isinstance(a, (A.Sell, A.Buy)):
        LV.post_pick(s, seat, pr, a.card)
    elif isinstance(a, A.Part):
        TT.town_part(s, seat, pr, a.part, ev)
    elif isinstance(a, A.Done):
        LV.post_done(s, seat, pr, ev)
    elif isinstance(a, A.Salvage):
        LV.reefs_take(s, seat, pr, a, ev)
    elif pr.location == "reefs":
        LV.reefs_done(s, seat, pr, ev)
    else:
        s.stack.remove(pr)


def pay(s: State, seat: int, nation: str, ev: Events) -> None:
    """One bounty token of `nation` bought off (MM-M9-40); the prompt stays for more."""
    p = s.players[seat]
    p.ship.gold, p.bounties = L.missionary(p.ship.gold, p.bounties, nation, 1, _price("missionary"))  # type: ignore[arg-type]
    say(ev, f"{name(s, seat)} buys off a {nation} bounty token for {_price('missionary')} gold")
    if not _payable(s, seat):
        s.stack.pop()


def give(s: State, seat: int, pr: P.VisitPrompt, c: str, ev: Events) -> None:
    """One cargo card given: every location but the crew repaired (MM-M9-52)."""
    p = s.players[seat]
    points, cargo = L.native_village(p.ship.points, maxima(p), cargo_cards(p.ship.cargo), c)
    p.ship.points = points
    p.ship.cargo = [k.id for k in cargo]
    s.cargo.throw_away([c])
    say(ev, f"{name(s, seat)} gives a cargo card to the village and the ship is repaired")
    s.stack.pop()
