"""A turn (base reconstruction section 4, "Turn"): hunting NPCs scout at its start, then 3
actions, repeatable except the port action (once a turn): Move one step (zone to linked zone,
zone into its port, port out to its zone; never into a closed port; leaving port counts as
entering the zone), Scout at sea for a target in the zone (a merchant, a player at sea, an NPC:
found on a skull, then the raid or the fight), the Port action, or end the turn early. A raid
or fight is part of the action that began it."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import mods_turn as MT
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import upgrades_turn as UT
from engine.merchants_marauders.rules.combat import moves_allowed
from engine.merchants_marauders.rules.common import (
    ability,
    captain,
    cargo_cards,
    closed,
    hold,
    name,
    npc_captains,
    roll,
    say,
    show,
)
from engine.merchants_marauders.rules.crows_nest import scouted, scouting_dice
from engine.merchants_marauders.rules.raid import check_can_raid
from engine.merchants_marauders.state import State, Turn, label
from engine.merchants_marauders.vocab import OPEN_SEA, Face

ACTIONS_PER_TURN = 3


def start_turn(s: State, seat: int) -> None:
    """The budget of 3 actions; the hunting NPCs in the zone queue up to scout (MMB-TURN-01)."""
    s.turn = Turn(seat=seat, phase="actions", actions=ACTIONS_PER_TURN)
    from engine.merchants_marauders.rules.loyalty_turn import turn_start
    turn_start(s, seat)
    from engine.merchants_marauders.rules import cutthroat_turn
    cutthroat_turn.on_turn_start(s, seat)
    queue_npc_scouts(s, seat, "turn_start")


def queue_npc_scouts(s: State, seat: int, moment: str) -> None:
    slots = N.scouting_npcs(seat, moment, s.npcs, npc_captains(s), s.wars, s.turn.scouted, storm=s.storm)
    from engine.merchants_marauders.rules.contraband_turn import searches
    slots = [*slots, *(x for x in searches(s, seat, moment) if x not in slots)]     # Module 7's warships
    s.turn.scout_queue += [x for x in slots if x not in s.turn.scout_queue]


def npc_scout(s: State, seat: int, ev: Events) -> None:
    """The next NPC in the queue scouts for the active seat; a find starts a fight with the NPC
    as aggressor (MMB-NPC-07)."""
    slot = s.turn.scout_queue.pop(0)
    npc, p = s.npcs.get(slot), s.players[seat]
    if npc is None or npc.zone != p.zone or p.in_port:
        return
    s.turn.scouted.append((slot, seat))
    faces = roll(s, scouting_dice(npc.skills.scouting, modifier=s.round.scouting + MT.scouted_modifier(s, seat)
                                  + UT.npc_nest(s, slot)))     # Modules 3 and 4: crow's nests
    found = N.scout_found(faces)
    say(ev, f"The {N.slot_name(slot)} scouts for {name(s, seat)}: {show(faces)}, {'found' if found else 'not found'}")
    from engine.merchants_marauders.rules.goodwill_turn import offer_rescout
    if found and not offer_rescout(s, seat, slot, len(faces)):       # Module 10: goodwill may roll it again
        found_by_npc(s, seat, slot, ev)


def found_by_npc(s: State, seat: int, slot: str, ev: Events) -> None:
    """An NPC's scouting found the captain: a glory-card window first (an evasion card may end
    it), else the fight; Module 7's warship search asks instead (contraband_turn)."""
    from engine.merchants_marauders.rules.contraband_turn import ask_search
    from engine.merchants_marauders.rules.fight import start_fight
    if ask_search(s, seat, slot):
        return
    if s.players[seat].glory_cards:
        s.stack.append(P.CardPrompt(seats=[seat], window="scouted", slot=slot))
    else:
        start_fight(s, aggressor=("npc", slot), defender=("seat", seat), ev=ev)


# ---- the action menu ----
def move_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    if moves_allowed(p.ship.points["masts"], s.turn.moves + 1) <= s.turn.moves:
        return []
    if p.in_port:
        return [action(A.Leave)]
    zd = defs().map.zones[p.zone]
    from engine.merchants_marauders.rules import weather_turn as WT
    out: list[Any] = WT.affordable(s, seat, [action(A.Move, to=z) for z in zd.neighbours]) + WT.wind_moves(s, seat)
    from engine.merchants_marauders.rules.goodwill_turn import may_enter
    from engine.merchants_marauders.rules.villon_turn import may_try
    if zd.port and (not closed(s, seat, p.zone) or may_enter(s, seat, p.zone) or may_try(s, seat)):
        out.append(action(A.Enter))
    return out


def scout_targets(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    if p.in_port:
        return []
    out = []
    try:
        check_can_raid(True, s.zones[p.zone].merchant is not None, p.ship.points)
        out.append("merchant")
    except ValueError:
        pass
    out += [label(i) for i, q in enumerate(s.players) if i != seat and q.zone == p.zone and not q.in_port]
    out += [slot for slot, n in s.npcs.items() if n.zone == p.zone]
    return out


def action_options(s: State, seat: int) -> list[Any]:
    """The action menu; in a port that has closed on the captain, only leaving it (base 7.2
    [design]), with the glory cards and the end of the turn beside it."""
    from engine.merchants_marauders.rules.glory_cards import turn_options
    p = s.players[seat]
    if s.turn.actions <= 0:                # only Module 8's free wind Move is left (MM-M8-10)
        from engine.merchants_marauders.rules.weather_turn import wind_moves
        return [*wind_moves(s, seat), action(A.End)]
    from engine.merchants_marauders.rules.goodwill_turn import closed_now
    from engine.merchants_marauders.rules.loyalty_turn import fierce_options
    from engine.merchants_marauders.rules.smuggling_turn import hide_options
    if p.in_port and closed_now(s, seat):
        return [*move_options(s, seat), *turn_options(s, seat), *fierce_options(s, seat), *hide_options(s, seat),
                action(A.End)]
    out: list[Any] = move_options(s, seat)
    out += [action(A.Scout, target=t) for t in scout_targets(s, seat)]
    if p.in_port and not s.turn.port_done and not closed_now(s, seat):
        out.append(action(A.Port))
    from engine.merchants_marauders.rules import missions_turn as MT
    if MT.may_investigate(s, seat):
        out.append(action(A.Investigate))
    if MT.may_attempt(s, seat):
        out.append(action(A.Attempt))
    from engine.merchants_marauders.rules import locations_turn as LT
    if LT.may_visit(s, seat):
        out.append(action(A.Visit))
    from engine.merchants_marauders.rules import location_raid_turn as LRT
    if LRT.may_raid(s, seat):
        out.append(action(A.RaidLocation))
    return [*out, *turn_options(s, seat), *fierce_options(s, seat), *hide_options(s, seat), action(A.End)]


def spend(s: State) -> None:
    s.turn.actions -= 1


def move(s: State, seat: int, to: str, ev: Events) -> None:
    from engine.merchants_marauders.rules import weather_turn as WT
    p = s.players[seat]
    s.turn.actions -= WT.cost(s, p.zone, to)  # type: ignore[arg-type]
    s.turn.moves += 1
    p.zone = to  # type: ignore[assignment]
    say(ev, f"{name(s, seat)} sails to {to.replace('_', ' ').title()}")
    WT.strike(s, seat, "entered_zone", ev)
    queue_npc_scouts(s, seat, "entered_zone")
    from engine.merchants_marauders.rules import cutthroat_turn
    cutthroat_turn.on_arrival(s, seat, "entered_zone")


def enter(s: State, seat: int, ev: Events) -> None:
    """Into the zone's port; its modification is turned up the first time a player enters."""
    p = s.players[seat]
    spend(s)
    s.turn.moves += 1
    p.in_port = True
    z = s.zones[p.zone]
    if not z.revealed and z.modification is not None:
        z.revealed = True
        s.reveals += 1
    say(ev, f"{name(s, seat)} puts in at {p.zone.replace('_', ' ').title()}")


def leave(s: State, seat: int, ev: Events) -> None:
    """Out to the zone; a hold over its size keeps the player's pick first (trade.leave_port)."""
    from engine.merchants_marauders.rules import contraband_turn as CT
    p = s.players[seat]
    if CT.carried(s, seat) > hold(p) and hold(p) == 0:
        keep_on_leaving(s, seat, [], ev)
        return
    if CT.carried(s, seat) > hold(p):
        s.stack.append(P.KeepCargoPrompt(seats=[seat], why="leave", cards=CT.keep_cards(s, seat), room=hold(p)))
        return
    sail_out(s, seat, ev)


def sail_out(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    spend(s)
    s.turn.moves += 1
    p.in_port = False
    say(ev, f"{name(s, seat)} leaves port")
    from engine.merchants_marauders.rules.weather_turn import strike
    strike(s, seat, "left_port", ev)
    queue_npc_scouts(s, seat, "left_port")
    from engine.merchants_marauders.rules import cutthroat_turn
    cutthroat_turn.on_arrival(s, seat, "left_port")


def scout(s: State, seat: int, target: str, ev: Events, again: list[Face] | None = None) -> None:
    """Scouting dice for the target; a find opens the raid or the fight (MMB-TURN-08 to -10).
    `again`: the dice of a reroll (the action is already spent)."""
    from engine.merchants_marauders.rules.fight import start_fight
    from engine.merchants_marauders.rules.glory_cards import specialist_bonus
    from engine.merchants_marauders.rules.raiding import start_raid
    from engine.merchants_marauders.rules.rerolls import offer
    p = s.players[seat]
    if again is None:
        spend(s)
        extra = ability(p, "extra_die", "scout_merchant" if target == "merchant" else "scout_player") \
            + specialist_bonus(p, "skill_die", "scouting") + MT.scouting_modifier(s, seat, target)
        faces = roll(s, scouting_dice(captain(p).skills.scouting, modifier=s.round.scouting + extra))
    else:
        faces = again
    found = scouted(faces)
    what = "a merchant" if target == "merchant" else target.replace("_", " ")
    say(ev, f"{name(s, seat)} scouts for {what}: {show(faces)}, {'found' if found else 'not found'}")
    if not found:
        if again is None:
            offer(s, seat, "scouting", "scout", target, faces)
        return
    if target == "merchant":
        start_raid(s, seat, ev)
    elif target in s.npcs:
        if s.npcs[target].side == "treasure":
            from engine.merchants_marauders.rules.treasure_turn import found as found_galleon
            found_galleon(s, seat, ev)
        start_fight(s, aggressor=("seat", seat), defender=("npc", target), ev=ev)
    else:
        start_fight(s, aggressor=("seat", seat), defender=("seat", int(target[1:]) - 1), ev=ev)


def keep_on_leaving(s: State, seat: int, kept: list[str], ev: Events) -> None:
    from engine.merchants_marauders.rules.contraband_turn import keep_on_leaving as keep_both
    from engine.merchants_marauders.rules.trade import leave_port
    p = s.players[seat]
    if keep_both(s, seat, kept):             # Module 7: both compartments share the hold
        sail_out(s, seat, ev)
        return
    cargo, gone = leave_port(cargo_cards(p.ship.cargo), kept, hold(p))
    p.ship.cargo = [c.id for c in cargo]
    s.cargo.throw_away([c.id for c in gone])
    sail_out(s, seat, ev)


def open_sea(z: str) -> bool:
    return z == OPEN_SEA
