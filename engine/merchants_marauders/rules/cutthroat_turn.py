"""Variant 5, Cutthroat, in the turn engine: when the active player arrives in a zone (a move in
or out of its port) every other captain at sea there with its card face up is asked, sealed and
all at once, whether to scout out of turn (AmbushPrompt, `scout p<n>` or `pass`, default pass).
The scouts turn their captain card over and owe 2 actions of their next turn; they all roll,
the roll-off runs at once with no decision, and the finder attacks the active player as the
aggressor (a fight like any other: the attack's bounty included). The NPCs of the zone scout
afterwards: their queue waits until this prompt and any fight are done (MM-V5-10).
A found captain holding any glory card first has the glory-card window of a captain an NPC found
(`CardPrompt`, window `scouted`, its `slot` the finder's seat label): an evasion card makes the
out-of-turn scouting fail as it makes an NPC's (Parley's reading: the scout lies in wait outside
its own turn, like an NPC), and `pass` starts the fight. The scouts pay their penalty either way.
The pure rules are rules/cutthroat.py."""
from __future__ import annotations

import re
from typing import Any, Literal

from engine.core.flow import Events
from engine.core.sealed import Sealed
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import cutthroat as CT
from engine.merchants_marauders.rules.common import ability, captain, name, roll, say, show
from engine.merchants_marauders.rules.crows_nest import scouting_dice
from engine.merchants_marauders.state import State, label, seat_of
from engine.merchants_marauders.vocab import Face

SCOUT, PASS = "scout", "pass"
ROLL_OFFS = 50                  # a guard only: level scouts roll again until one is ahead


def on(s: State) -> bool:
    return bool(s.options.get("variant_5"))


def captains(s: State) -> list[CT.Captain]:
    return [CT.Captain(seat=i, zone=p.zone, in_port=p.in_port, card_turned=p.card_turned, penalty=p.owed_actions)
            for i, p in enumerate(s.players)]


def on_arrival(s: State, seat: int, moment: str) -> None:
    """The active seat arrived: ask the eligible captains, if any (MM-V5-04)."""
    if not on(s) or s.ambush is not None:
        return
    p = s.players[seat]
    seats = CT.eligible(captains(s), seat, p.zone, moment)
    if not seats:
        return
    s.ambush = Sealed[str](seats=list(seats))
    s.stack.append(P.AmbushPrompt(seats=list(seats), active=seat))


def on_turn_start(s: State, seat: int) -> None:
    """The captain card turns back and the 2 actions owed are lost (MM-V5-05, -08)."""
    if not on(s):
        return
    p = s.players[seat]
    actions, c = CT.start_turn(captains(s)[seat], s.turn.actions)
    s.turn.actions = actions
    p.card_turned, p.owed_actions = c.card_turned, c.penalty


def answer(s: State, seat: int, pr: P.AmbushPrompt, choice: str, ev: Events) -> None:
    """A sealed wish; once every eligible captain is in, the scouts are shown and roll."""
    assert s.ambush is not None
    s.ambush.choose(seat, choice)
    pr.seats.remove(seat)
    say(ev, "Your choice is in; nobody sees it until every captain asked has answered.", to=seat)
    if not s.ambush.lock(seat):
        return
    s.stack.remove(pr)
    wishes = s.ambush.revealed()
    s.ambush = None
    s.reveals += 1
    scouts = [x for x, w in sorted(wishes.items()) if w == SCOUT]
    if not scouts:
        say(ev, "No captain scouts out of turn")
        return
    for x in scouts:                          # the card turns over, 2 actions owed (MM-V5-05, -08)
        c = CT.declare(captains(s)[x])
        s.players[x].card_turned, s.players[x].owed_actions = c.card_turned, c.penalty
    _roll_off(s, scouts, pr.active, ev)


def _dice(s: State, seat: int) -> list[Face]:
    p = s.players[seat]
    extra = ability(p, "extra_die", "scout_player")
    return roll(s, scouting_dice(captain(p).skills.scouting, modifier=s.round.scouting + extra))


def _roll_off(s: State, scouts: list[int], active: int, ev: Events) -> None:
    """Every scout rolls; level ones roll again (MM-V5-11, -13); the finder attacks (MM-V5-06)."""
    from engine.merchants_marauders.rules.fight import start_fight
    rolling, everyone = list(scouts), tuple(scouts)
    for _ in range(ROLL_OFFS):
        rolls = {x: _dice(s, x) for x in rolling}
        say(ev, "Out-of-turn scouting for " + name(s, active) + ": "
            + "; ".join(f"{name(s, x)} {show(f)}" for x, f in rolls.items()))
        res = CT.ambush(rolls, everyone)
        if not res.reroll:
            break
        rolling = list(res.reroll)
    if res.finder is None:
        say(ev, f"{name(s, active)} is not found")
        return
    say(ev, f"{name(s, res.finder)} finds {name(s, active)} and attacks")
    if s.players[active].glory_cards:         # the found captain's window first, as for an NPC's find
        s.stack.append(P.CardPrompt(seats=[active], window="scouted", slot=label(res.finder)))
        return
    roles = CT.ambush_roles(res.finder, active)
    start_fight(s, aggressor=("seat", roles["aggressor"]), defender=("seat", roles["defender"]), ev=ev)


def finder(slot: str) -> tuple[Literal["seat", "npc"], Any]:
    """Who found the captain of a `scouted` window: a seat (`p2`, out-of-turn scouting) or an NPC."""
    return ("seat", seat_of(slot)) if re.fullmatch(r"p\d", slot) else ("npc", slot)


def finder_name(s: State, slot: str) -> str:
    who = finder(slot)
    return name(s, who[1]) if who[0] == "seat" else f"the {slot.replace('_', ' ')}"
