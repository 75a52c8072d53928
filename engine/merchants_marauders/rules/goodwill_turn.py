"""Module 10 in the turn engine: each player's goodwill (`Player.goodwill`, public, 0 to 5) by
the pure rules of rules/goodwill.py. Gained: bought in the port menu (`goodwill`, 2 gold, once a
port action), for taking a mission and for completing one. Spent, 1 a situation (the turn's
`goodwill_spent` keys): on redrawing a buy's cards (`favour redraw`), on rolling a failed check
of the captain's skills again (RerollPrompt with `goodwill`, default `accept`), on making an NPC
that found the captain roll its Scouting again (the same prompt, `check = "npc"`), and on a way
into a port closed to the captain (EnterPrompt, `pay` or the default `stay`). Lost with the
captain. Everything here is a no-op with the option off."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import goodwill as G
from engine.merchants_marauders.rules.common import at_war, captain, closed, name, port_nation, say
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Face, Zone


def on(s: State) -> bool:
    return bool(s.options.get("module_10"))


def points(s: State, seat: int) -> int:
    return s.players[seat].goodwill


def _spendable(s: State, seat: int, situation: str) -> bool:
    return on(s) and points(s, seat) > 0 and situation not in s.turn.goodwill_spent


def _spend(s: State, seat: int, situation: str) -> None:
    p = s.players[seat]
    p.goodwill, spent = G.spend(p.goodwill, situation, s.turn.goodwill_spent, seat, seat)
    s.turn.goodwill_spent = list(spent)


# ---- gaining ----
def may_buy(s: State, seat: int) -> bool:
    return on(s) and points(s, seat) < G.BOARD.max and s.players[seat].ship.gold >= G.BOARD.price


def buy(s: State, seat: int, ev: Events) -> None:
    """The port menu's `goodwill`: 1 for 2 gold; the part is taken once a port action (MM-M10-06)."""
    p = s.players[seat]
    p.goodwill, p.ship.gold = G.buy(p.goodwill, p.ship.gold, False)
    say(ev, f"{name(s, seat)} buys goodwill ({p.goodwill})")


def on_mission(s: State, seat: int, source: G.GainSource, ev: Events) -> None:
    """A mission taken or completed: 1 goodwill more (MM-M10-03 to -05)."""
    if on(s):
        p = s.players[seat]
        p.goodwill = G.gain(p.goodwill, source)
        say(ev, f"{name(s, seat)} gains goodwill ({p.goodwill})")


def on_death(s: State, seat: int) -> None:
    """A dead captain's goodwill is all lost (MM-M10-22)."""
    s.players[seat].goodwill = G.after_death(s.players[seat].goodwill)


# ---- redraws and rerolls ----
def redraw_options(s: State, seat: int, pr: P.BuyPrompt) -> list[Any]:
    return [action(A.Favour, on="redraw")] if not pr.bought and _spendable(s, seat, "buy") else []


def redraw(s: State, seat: int, pr: P.BuyPrompt, ev: Events) -> None:
    """The whole draw goes and as many come again, for 1 goodwill (MM-M10-07, -10)."""
    from engine.merchants_marauders.rules import port
    _spend(s, seat, "buy")
    say(ev, f"{name(s, seat)} spends goodwill on a redraw")
    port.redraw(s, seat, pr, ev, free=True)


def offer_reroll(s: State, seat: int, check: str, target: str, dice: int) -> bool:
    """After a failed check away from battles and raids (MM-M10-11 to -13): the reroll prompt,
    paid with goodwill; False when none is left or this situation had its goodwill."""
    if not _spendable(s, seat, f"{check}:{target}"):
        return False
    s.stack.append(P.RerollPrompt(seats=[seat], check=check, target=target, dice=dice, goodwill=True))
    return True


def pay_reroll(s: State, seat: int, pr: P.RerollPrompt) -> None:
    _spend(s, seat, f"{pr.check}:{pr.target}")


def offer_rescout(s: State, seat: int, slot: str, dice: int) -> bool:
    """An NPC's scouting found the captain: it may be made to roll again (MM-M10-14), once (-18)."""
    return offer_reroll(s, seat, "npc", slot, dice)


def accept(s: State, seat: int, pr: P.RerollPrompt, ev: Events) -> None:
    """The roll stands: an NPC's find goes on to the card window or the fight."""
    from engine.merchants_marauders.rules import turn
    if pr.check == "npc":
        turn.found_by_npc(s, seat, pr.target, ev)
    elif pr.check == "enter":
        from engine.merchants_marauders.rules.villon_turn import failed
        failed(s, seat, ev)


# ---- a closed port ----
def _terms(s: State, seat: int, z: Zone) -> tuple[int, bool, bool] | None:
    """(bounty tokens of the port's nation, at war, bounties close it); None: open, or no port."""
    nation = port_nation(z)
    if nation is None or not defs().map.zones[z].port or not closed(s, seat, z):
        return None
    p = s.players[seat]
    bounties_close = not any(e.kind == "open_to_bounties" for e in defs().map.zones[z].property)
    return p.bounties.get(nation, 0), at_war(s, nation, captain(p).nation), bounties_close


def entry_price(s: State, seat: int, z: Zone) -> int:
    """1 per bounty token of the port's nation, plus 1 at war (MM-M10-15); 0: open (or no port)."""
    terms = _terms(s, seat, z)
    return G.entry_price(*terms) if terms else 0


def may_enter(s: State, seat: int, z: Zone) -> bool:
    """A closed port is offered when the goodwill covers its price (MM-M10-17)."""
    price = entry_price(s, seat, z)
    return on(s) and price > 0 and _spendable(s, seat, "enter") and points(s, seat) >= price


def ask_entry(s: State, seat: int) -> bool:
    """`enter` towards a closed port: ask to pay (EnterPrompt); False when the port is open."""
    z = s.players[seat].zone
    if not on(s) or not closed(s, seat, z):
        return False
    s.stack.append(P.EnterPrompt(seats=[seat], price=entry_price(s, seat, z)))
    return True


def pay_entry(s: State, seat: int, pr: P.EnterPrompt, ev: Events) -> None:
    """The whole price at once (MM-M10-17); inside, the port action as usual."""
    from engine.merchants_marauders.rules import turn
    if pr.villon:
        from engine.merchants_marauders.rules.villon_turn import pay
        pay(s, seat, ev)
        return
    p = s.players[seat]
    terms = _terms(s, seat, p.zone)
    assert terms is not None
    p.goodwill = G.enter_closed_port(p.goodwill, *terms)
    s.turn.goodwill_spent.append("enter")
    s.turn.paid_entry = True
    say(ev, f"{name(s, seat)} spends {pr.price} goodwill to enter a closed port")
    turn.enter(s, seat, ev)


def closed_now(s: State, seat: int) -> bool:
    """The port the ship is in is closed to it, unless goodwill or Villon's check opened it this turn."""
    p = s.players[seat]
    return closed(s, seat, p.zone) and not s.turn.paid_entry


def rescout(s: State, seat: int, slot: str, faces: list[Face], ev: Events) -> None:
    """The NPC's second Scouting roll stands (MM-M10-14, -18)."""
    from engine.merchants_marauders.rules import turn
    from engine.merchants_marauders.rules.npc import scout_found
    found = scout_found(faces)
    say(ev, f"The {slot.replace('_', ' ')} scouts again: {'found' if found else 'not found'}")
    if found:
        turn.found_by_npc(s, seat, slot, ev)
