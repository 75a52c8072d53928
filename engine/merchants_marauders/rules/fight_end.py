"""After a naval combat (base reconstruction 6.3, 7.1; the pure rules are aftermath.py, combat.py
and glory.py): the victor's glory point, the bank's 5 gold per bounty token of a beaten pirate
player, a pirate NPC's reward, a navy's plunder (3 cargo cards' gold, one lost at random per Cargo
hit, the rest kept if they fit), a crew clash won over a player (the victor takes what it likes,
the ship too), then the dead captains and the beaten NPCs leave the board; NPCs that survive
repair (their damage lived only in the fight)."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.rules import aftermath as AM
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import upgrades_turn as UT
from engine.merchants_marauders.rules.common import (
    captain,
    cargo_cards,
    gain_glory,
    name,
    pirate,
    say,
    wars,
)
from engine.merchants_marauders.rules.death import kill
from engine.merchants_marauders.rules.port import _deck_top, _take_top
from engine.merchants_marauders.state import State


def aftermath(s: State, ev: Events) -> None:
    f = s.fight
    assert f is not None
    f.step = "end"
    v = f.victor
    if v is None:
        return
    win, lose = f.sides[v], f.sides[C.other(v)]
    if win.seat is None:
        return
    seat = win.seat
    gain_glory(s, seat, C.glory_for(v, v), "victory", ev)
    me = s.players[seat]
    if lose.seat is not None:
        q = s.players[lose.seat]
        enemies = {n for w in wars(s) if captain(me).nation in w for n in w if n != captain(me).nation}
        gold = AM.bounty_reward(q.bounties, me.bounties, enemies)
        if gold:
            me.ship.gold += gold
            say(ev, f"{name(s, seat)} collects {gold} gold in bounties")
        if f.boarded:
            s.stack.append(P.PlunderPrompt(seats=[seat], loser=lose.seat))
        return
    npc = s.npcs[str(lose.npc)]
    UT.spoils(s, seat, str(lose.npc), f.boarded)   # Module 4: its unspent upgrades
    from engine.merchants_marauders.rules.missions_turn import beat_npc
    beat_npc(s, seat, npc.nation or "pirate", npc.ship, ev)
    if npc.side == "pirate":
        gold = AM.pirate_npc_reward(npc.ship, pirate(me))
        me.ship.gold += gold
        if gold:
            say(ev, f"{name(s, seat)} is paid {gold} gold for the pirate")
    elif npc.side == "treasure":
        from engine.merchants_marauders.rules.treasure_turn import spoils
        spoils(s, seat, f.boarded, ev)
    elif npc.side == "navy" and f.boarded:
        deck = _deck_top(s, AM.NAVY_PLUNDER_DRAW + 2)
        drawn = cargo_cards(deck[:AM.NAVY_PLUNDER_DRAW])
        _take_top(s, len(drawn))
        loot = AM.navy_plunder(drawn, f.npc_cargo_hits, s.rng)
        me.ship.gold += loot.gold
        s.cargo.throw_away([c.id for c in drawn if c not in loot.cards])
        s.reveals += 1
        say(ev, f"{name(s, seat)} plunders {loot.gold} gold from the navy ship")
        from engine.merchants_marauders.rules.smuggling_turn import room as free_room
        room = free_room(s, seat)                    # both compartments share it (Module 7)
        if loot.cards and room:
            s.stack.append(P.KeepCargoPrompt(seats=[seat], why="plunder", cards=[c.id for c in loot.cards], room=room))
        else:
            s.cargo.throw_away([c.id for c in loot.cards])
    if f.boarded:
        from engine.merchants_marauders.rules.capture_turn import offer
        offer(s, seat, str(lose.npc))              # on top, so asked first: take the NPC's ship?


def close(s: State, ev: Events) -> None:
    """The dead captains die, the beaten NPCs leave the board (MMB-CLASH-11, -12)."""
    f = s.fight
    assert f is not None
    s.fight = None
    for r in C.ROLES:
        x = f.sides[r]
        beaten = (f.victor is not None and r != f.victor) or f.npc_points.get("hull", 1) == 0
        if x.npc is not None and beaten and x.npc in s.npcs:
            s.npcs = N.remove(s.npcs, x.npc)
            UT.on_removed(s, x.npc)                # Module 4: its tokens back to the reserve
            say(ev, f"The {N.slot_name(x.npc)} leaves the board")
    from engine.merchants_marauders.rules.glory_cards import after_fight
    for x in f.sides.values():
        if x.seat is not None and x.seat not in f.dead:
            after_fight(s.players[x.seat])
    for seat in f.dead:
        kill(s, seat, ev)
    UT.settle_tokens(s)                            # Module 4: NPC tokens spent or lost go back


# ---- plunder of a player beaten in a crew clash ----
def plunder_options(s: State, seat: int, loser: int) -> list[Any]:
    me, q = s.players[seat], s.players[loser]
    out: list[Any] = []
    if q.ship.gold:
        out.append(action(A.Take, what="gold"))
    from engine.merchants_marauders.rules.smuggling_turn import plunder_options as smuggled
    out += smuggled(s, seat, loser)              # the cargo, and Module 7's contraband (MM-M7-21)
    if q.glory_cards:
        out.append(action(A.Take, what="card"))
    out += [action(A.Take, what="weapon", item=w) for w in q.ship.weapons if w not in me.ship.weapons]
    if q.rumour is not None and me.rumour is None:
        out.append(action(A.Take, what="rumour"))
    from engine.merchants_marauders.rules.loyalty_levels_turn import free_by_effect
    if len(me.specialists) < 2 and free_by_effect(s, seat):       # Module 11: none from Restless down
        out += [action(A.Take, what="specialist", item=c) for c in dict.fromkeys(q.specialists)]
    out.append(action(A.Take, what="ship"))
    return [*out[:P.MAX_OPTIONS - 1], action(A.Done)]


def take(s: State, seat: int, pr: P.PlunderPrompt, a: A.Take, ev: Events) -> None:
    me, q = s.players[seat], s.players[pr.loser]
    if a.what == "gold":
        me.ship.gold, q.ship.gold = me.ship.gold + q.ship.gold, 0
    elif a.what in ("cargo", "contraband"):
        from engine.merchants_marauders.rules.smuggling_turn import take_plunder
        take_plunder(s, seat, pr.loser, a.what, a.item)
    elif a.what == "card":
        card = q.glory_cards.pop(s.rng.choice(list(range(len(q.glory_cards)))))
        me.glory_cards.append(card)
        say(ev, f"You take {card}", to=seat)
        if len(me.glory_cards) > 4:
            s.stack.append(P.DiscardGloryPrompt(seats=[seat]))
    elif a.what == "specialist":
        q.specialists.remove(a.item)
        me.specialists.append(a.item)
    elif a.what == "rumour":
        me.rumour, q.rumour = q.rumour, None
        say(ev, f"You take the rumour {me.rumour}", to=seat)
    elif a.what == "weapon":
        q.ship.weapons.remove(a.item)  # type: ignore[arg-type]
        me.ship.weapons.append(a.item)  # type: ignore[arg-type]
        UT.hand_over(q.ship, me.ship, "weapon", [a.item])       # Module 4: an NPC token stays one
    else:
        take_ship(s, seat, pr.loser)
        s.stack.remove(pr)
    say(ev, f"{name(s, seat)} takes {a.what}" + (f" {a.item}" if a.item else ""))


def take_ship(s: State, seat: int, loser: int) -> None:
    """The victor's own ship is discarded (its modifications to ports); cargo, weapons and gold
    cross; the prize keeps its damage and its modifications; the surviving crew cross up to its
    crew value (aftermath.prize_points). Cargo over the prize's hold: the last cards go [design].
    NPC upgrade tokens fitted on the prize go with it and stay NPC tokens, so they go back to the
    NPC reserve when the new owner sells or loses the ship (MM-M4-19, -20 read for any prize)."""
    from engine.merchants_marauders.rules.capture_turn import cross_over
    q = s.players[loser]
    cross_over(s, seat, q.ship.type, q.ship.points, q.ship.modifications)
    UT.hand_over(q.ship, s.players[seat].ship, "modification", q.ship.modifications)   # Module 4 (MM-M4-20)
    q.ship.modifications = []
    q.ship.type = "sloop"
    q.ship.points = {k: 0 for k in q.ship.points}
