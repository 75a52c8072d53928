"""Contraband that comes aboard other than by buying (Module 7), and the smuggler's hold in play
(Module 3 with Module 7). The pure rules are contraband.py (compartments_for, stow, hide,
smugglers_hold_lost); the compartment itself and the searches are contraband_turn.py's.

- Plunder and rewards (MM-M7-08): the cargo a raid, a boarded navy ship, a location raid or a
  rumour's reward offers (KeepCargoPrompt, `plunder`) may be kept as contraband, card by card,
  with `contraband <card>` beside `keep <card>`: such a card goes into the compartment, and the
  two compartments share the room the prompt gives (MM-M7-25). None of these rewards names an
  ordinary good, so none is held to the ordinary hold (that would be MM-M7-23).
- Plunder of a player beaten in a crew clash (MM-M7-21): the victor takes cards from the
  loser's ordinary hold and contraband compartment alike, each into either of its own
  compartments as the keep prompts allow (`take cargo <card>`, `take contraband <card>`), within
  the shared room. Parley's reading: the smuggler's hold is not found by the boarders either,
  so its card is never offered.
- The smuggler's hold (MM-M3-09 to -11): `Player.hidden`, secret to its owner. Parley's
  reading of MM-M3-10: an empty smuggler's hold takes a contraband card as soon as one is in the
  compartment (no captain leaves it empty: the newest card), and `hide <card>`, a free decision
  in the action menu, swaps another card of the compartment in. The hidden card takes no room,
  no warship finds it, and no hit, dump or card touches it (contraband_turn keeps it apart); it
  sells at its port like any contraband and is lost with the captain. A ship that loses the
  modification puts the card back in the compartment.
Every hook is a no-op with Module 7 off."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import contraband as K
from engine.merchants_marauders.rules import contraband_turn as CT
from engine.merchants_marauders.rules.common import hold, name, say
from engine.merchants_marauders.state import State

SMUGGLERS_HOLD = "smugglers_hold"


# ---- plunder and rewards (MM-M7-08) ----
def room(s: State, seat: int) -> int:
    """Cards a ship may still take aboard: the hold less both compartments (MM-M7-25)."""
    return max(0, hold(s.players[seat]) - CT.carried(s, seat))


def keep_room(s: State, seat: int, pr: P.KeepCargoPrompt) -> int:
    """The cards a keep prompt may still take in all: leaving port, the hold; plunder, no more
    than the room both compartments leave now (what raiding.keep_plunder checks), should the
    ship have changed since the prompt was asked."""
    return pr.room if pr.why == "leave" else min(pr.room, room(s, seat))


def keep_options(s: State, seat: int, pr: P.KeepCargoPrompt) -> list[Any]:
    """`contraband <card>` for each card of the contraband deck the plunder offers."""
    if not CT.on(s) or pr.why != "plunder":
        return []
    return [action(A.Smuggle, card=c) for c in pr.cards if c not in pr.kept and c not in pr.smuggled
            and "contraband" in K.compartments_for(CT.card(c))]


def smuggle(s: State, seat: int, pr: P.KeepCargoPrompt, card_id: str) -> bool:
    """One card kept as contraband; True once the room is full (the prompt is then done)."""
    pr.smuggled.append(card_id)
    return len(pr.kept) + len(pr.smuggled) >= keep_room(s, seat, pr)


def stow(s: State, seat: int, pr: P.KeepCargoPrompt, ev: Events) -> list[str]:
    """The cards kept as contraband go into the compartment (contraband.stow); the prompt's
    other cards are returned for the ordinary keep."""
    if not pr.smuggled:
        return list(pr.cards)
    h = K.stow(CT._hold(s, seat), [CT.card(c) for c in pr.smuggled], pr.smuggled, CT.carried(s, seat) + pr.room)
    CT._store(s, seat, h)
    say(ev, f"{name(s, seat)} keeps {', '.join(pr.smuggled)} as contraband")
    fill(s, seat)
    return [c for c in pr.cards if c not in pr.smuggled]


# ---- a player beaten in a crew clash (MM-M7-21) ----
def plunder_options(s: State, seat: int, loser: int) -> list[Any]:
    """`take cargo <card>` for each card of the loser's ordinary hold and, with Module 7, of its
    contraband compartment (into the victor's ordinary hold); `take contraband <card>` for each
    card of the contraband deck in either (into the victor's compartment), while the victor's
    two compartments have room. The smuggler's hold is not searched: its card stays hidden."""
    q = s.players[loser]
    if not room(s, seat):
        return []
    out = [action(A.Take, what="cargo", item=c) for c in [*q.ship.cargo, *q.contraband]]
    if CT.on(s):
        out += [action(A.Take, what="contraband", item=c) for c in [*q.ship.cargo, *q.contraband]
                if "contraband" in K.compartments_for(CT.card(c))]
    return out


def take_plunder(s: State, seat: int, loser: int, what: str, card_id: str) -> None:
    """One card across, from whichever compartment of the loser holds it."""
    me, q = s.players[seat], s.players[loser]
    (q.contraband if card_id in q.contraband else q.ship.cargo).remove(card_id)
    (me.contraband if what == "contraband" else me.ship.cargo).append(card_id)


# ---- the smuggler's hold (MM-M3-09 to -11) ----
def hold_works(s: State, seat: int) -> bool:
    """A smuggler's hold aboard does something only with Module 7 (MM-M3-08)."""
    return CT.on(s) and SMUGGLERS_HOLD in s.players[seat].ship.modifications


def fill(s: State, seat: int) -> None:
    """An empty smuggler's hold takes the newest card of the compartment."""
    p = s.players[seat]
    if hold_works(s, seat) and p.hidden is None and p.contraband:
        CT._store(s, seat, K.hide(CT._hold(s, seat), p.contraband[-1], True))


def hide_options(s: State, seat: int) -> list[Any]:
    """`hide <card>`: another card of the compartment under the smuggler's hold (MM-M3-10)."""
    if not hold_works(s, seat):
        return []
    return [action(A.Hide, card=c) for c in dict.fromkeys(s.players[seat].contraband)]


def hide(s: State, seat: int, card_id: str, ev: Events) -> None:
    CT._store(s, seat, K.hide(CT._hold(s, seat), card_id, hold_works(s, seat)))
    say(ev, f"{name(s, seat)} moves a card into the smuggler's hold")


def tidy(s: State) -> None:
    """After every decision: a smuggler's hold that came aboard is filled, and the card of one
    that left the ship (sold, lost with the old ship) is back in the compartment."""
    if not CT.on(s):
        return
    for seat, p in enumerate(s.players):
        if p.hidden is not None and not hold_works(s, seat):
            CT._store(s, seat, K.smugglers_hold_lost(CT._hold(s, seat)))
        fill(s, seat)
