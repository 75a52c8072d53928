"""Taking a prize ship after a won crew clash (base reconstruction 6.3, "Taking a ship"), and with
Module 4 the upgrades a captured NPC ship keeps (MM-M4-19, -20; the pure rule is
npc_upgrades.capture_npc_ship).

- A victor over a navy or pirate NPC in a crew clash is asked whether to take its ship
  (`CapturePrompt`: `take ship` or `done`, the deadline's default keeping their own). The prompt
  comes first, before the navy's plunder cards and the upgrades to take, so the plunder is kept
  within the hold of the ship the victor sails away with. The treasure galleon has its own prompt
  (treasure_turn), and a player's ship is part of the plunder (fight_end).
- Every prize, of a player, an NPC or the treasure galleon, is boarded the same way (`cross_over`):
  the victor's own ship is discarded, what is aboard crosses, the prize keeps its damage and the
  surviving crew cross up to its crew value (aftermath.prize_points).
- The victor's old modifications go face down to ports (MMB-CLASH-09): with Module 3 at random
  through its reserve, without it to free ports the victor names, one at a time
  (`OldModsPrompt`, `to <port>`, the default the first free port). A token that came from an NPC
  goes back to the NPC reserve instead (MM-M4-18).
- With Module 4 the captured NPC ship keeps its unspent upgrades in their places: its
  modifications in its slots (each raising its values as a fitted one does), its weapons beside the
  victor's (a kind already aboard goes back). They stay NPC tokens, so they go back to the NPC
  reserve when spent, when the ship is sold or sunk (MM-M4-20; upgrades_turn.settle_tokens and
  claim_returns). The NPC's spent tokens go back when it leaves the board."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import npc_upgrades as U
from engine.merchants_marauders.rules.aftermath import prize_points
from engine.merchants_marauders.rules.common import hold, maxima, name, say
from engine.merchants_marauders.rules.modifications import stat_bonuses
from engine.merchants_marauders.rules.ship import card_from_def
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import HIT_LOCATIONS, PORTS, HitLocation, ShipType, Zone

CAPTURABLE = ("navy", "pirate")


# ---- boarding a prize (players, NPCs, the treasure galleon) ----
def cross_over(s: State, seat: int, ship: ShipType, points: Mapping[HitLocation, int],
               modifications: Sequence[str] = ()) -> None:
    """The victor's own ship is discarded (its modifications to ports), the prize becomes theirs
    with its damage, the surviving crew up to its crew value; cargo over its hold: the last cards
    go [design], the ordinary hold's before the contraband compartment's, which shares the hold
    (MM-M7-25); a smuggler's hold left with the old ship gives its card back to the compartment
    first, so that card counts too."""
    from engine.merchants_marauders.rules.contraband_turn import carried
    from engine.merchants_marauders.rules.smuggling_turn import tidy
    me = s.players[seat]
    send_old(s, seat, list(me.ship.modifications))
    crew = me.ship.points["crew"]
    me.ship.type, me.ship.modifications = ship, list(modifications)
    me.ship.points = prize_points(points, maxima(me)["crew"], crew)
    tidy(s)
    while carried(s, seat) > hold(me):
        s.cargo.throw_away([(me.ship.cargo or me.contraband).pop()])


def send_old(s: State, seat: int, mods: list[str]) -> None:
    """The old ship's modifications to ports (MMB-CLASH-09): NPC tokens to the NPC reserve, then
    Module 3's random draw, else the victor names a free port for each."""
    from engine.merchants_marauders.rules.mods_turn import return_tokens
    from engine.merchants_marauders.rules.upgrades_turn import claim_returns
    mods = claim_returns(s, s.players[seat].ship, mods)
    if not mods or return_tokens(s, mods):
        return
    if free_ports(s):
        s.stack.append(P.OldModsPrompt(seats=[seat], mods=mods))


def free_ports(s: State) -> list[Zone]:
    return [z for z in PORTS if s.zones[z].modification is None]


def old_mods_options(s: State, seat: int) -> list[Any]:
    return [action(A.To, zone=z) for z in free_ports(s)]


def place_old(s: State, seat: int, pr: P.OldModsPrompt, zone: Zone, ev: Events) -> None:
    """One old modification face down on the port named; the prompt ends when all are placed
    or no port is free (a token with nowhere to go leaves play, as in death.return_modifications)."""
    s.zones[zone].modification, s.zones[zone].revealed = pr.mods.pop(0), False
    say(ev, f"{name(s, seat)} sends an old modification to {defs().map.zones[zone].name}")
    if not pr.mods or not free_ports(s):
        s.stack.remove(pr)


# ---- an NPC's ship ----
def offer(s: State, seat: int, slot: str) -> None:
    """After a crew clash won over a navy or pirate NPC: asked first (on top of the stack)."""
    if s.npcs[slot].side in CAPTURABLE:
        s.stack.append(P.CapturePrompt(seats=[seat], slot=slot))


def capture_options(s: State, seat: int) -> list[Any]:
    return [action(A.Take, what="ship"), action(A.Done)]


def answer(s: State, seat: int, pr: P.CapturePrompt, take: bool, ev: Events) -> None:
    s.stack.remove(pr)
    if take:
        capture(s, seat, pr.slot, ev)


def capture(s: State, seat: int, slot: str, ev: Events) -> None:
    """The NPC's ship becomes the victor's, with its unspent upgrades under Module 4."""
    from engine.merchants_marauders.rules import upgrades_turn as UT
    f = s.fight
    assert f is not None
    npc = s.npcs[slot]
    tokens = _unspent(s, slot) if UT.on(s) else []
    mods = [t for t in tokens if UT.faces()[t].face == "modification"]
    points = _raised(f.npc_points, [str(UT.faces()[t].of) for t in mods])
    cross_over(s, seat, npc.ship, points, [str(UT.faces()[t].of) for t in mods])
    me = s.players[seat]
    if tokens:
        prize = U.capture_npc_ship(card_from_def(defs().all_ships()[npc.ship]), me.ship.points, tokens, (),
                                   set(me.ship.weapons), UT.faces(), stat_bonuses(defs().all_modifications()))
        kept = [t for t in tokens if t not in prize.back]
        me.ship.weapons = list(dict.fromkeys([*me.ship.weapons, *prize.ship.npc_weapons]))
        me.ship.npc_tokens += kept
        s.npc_upgrades[slot] = [t for t in s.npc_upgrades.get(slot, []) if t not in kept]
    _after_capture(s, seat, slot)
    say(ev, f"{name(s, seat)} takes the {slot.replace('_', ' ')}'s {npc.ship.replace('_', ' ')} for a ship")


def _unspent(s: State, slot: str) -> list[str]:
    from engine.merchants_marauders.rules.upgrades_turn import faces
    spent = set(s.fight.npc_spent) if s.fight is not None else set()
    return [t for t in s.npc_upgrades.get(slot, []) if faces()[t].of not in spent]


def _raised(points: Mapping[HitLocation, int], kinds: Sequence[str]) -> dict[HitLocation, int]:
    """A kept modification raises its value as one fitted in a port does (not the crew: hands
    are hired)."""
    out = dict(points)
    bonus = stat_bonuses(defs().all_modifications())
    for k in kinds:
        for stat, n in bonus.get(k, {}).items():
            if stat in HIT_LOCATIONS and stat != "crew":
                out[stat] += n
    return out


def _after_capture(s: State, seat: int, slot: str) -> None:
    """The upgrades went with the ship (no UpgradesPrompt for them); the plunder still to keep
    fits the new hold, which the contraband compartment shares (MM-M7-25)."""
    from engine.merchants_marauders.rules.smuggling_turn import room as free_room
    room = free_room(s, seat)
    for pr in list(s.stack):
        if isinstance(pr, P.UpgradesPrompt) and pr.slot == slot:
            s.stack.remove(pr)
        elif isinstance(pr, P.KeepCargoPrompt) and pr.seats == [seat] and pr.why == "plunder":
            pr.room = room


def score(s: State, seat: int, a: Any) -> float:
    """The greedy bot takes a prize whose printed hull and cannons beat its own ship's."""
    top = s.stack[-1]
    if not isinstance(top, P.CapturePrompt) or not isinstance(a, A.Take):
        return 0.0
    d = defs().all_ships()
    mine, prize = d[s.players[seat].ship.type], d[s.npcs[top.slot].ship]
    return 1.0 if prize.hull + prize.cannons > mine.hull + mine.cannons else -1.0


def label(s: State, a: Any) -> str | None:
    """The buttons of the two prompts."""
    top = s.stack[-1] if s.stack else None
    if isinstance(top, P.CapturePrompt) and isinstance(a, A.Take):
        return f"Take the NPC's {s.npcs[top.slot].ship.replace('_', ' ')} for your ship"
    if isinstance(top, P.OldModsPrompt) and isinstance(a, A.To):
        kind = defs().all_modifications()[top.mods[0]].name
        return f"Send the {kind} to {defs().map.zones[a.zone].name}"
    return None
