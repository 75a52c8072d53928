"""Seas of Glory Module 4 in the turn engine (the pure rules are npc_upgrades.py): the face-down
reserve of NPC upgrade tokens, the draw when an NPC event card is turned, the tokens taken up when
the NPC arrives at the round's end (those of the NPC it replaces going back), the weapons and
modifications an upgraded NPC carries in a fight and when scouting, the tokens going back when it
is sunk or beaten, and the unspent tokens a victor takes after a crew clash. Every hook does
nothing with the module off.

Readings and engine choices [design]:
- The tokens of a kind whose module is off are left out of the reserve (Module 2's weapons,
  Module 3's modifications).
- An NPC's shots are the NPC bot's: it spends the first shot kind it carries, not yet spent in
  this fight, on location dice with a skull. Boarding hooks are its decider's order, as for a
  player. Its spent weapons are back for its next fight (npc_upgrades.after_fight).
- A player's token taken from an NPC is kept by id (Ship.npc_tokens); once its kind is no longer
  aboard (spent, sold, the ship sunk or left behind) it goes back to the NPC reserve, not to the
  ports or the supply (`settle_tokens`, run after every fight and at each turn's end)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.rules import npc as N
from engine.merchants_marauders.rules import npc_upgrades as U
from engine.merchants_marauders.rules import treasure_galleon as TG
from engine.merchants_marauders.rules.common import say
from engine.merchants_marauders.state import Player, Ship, State
from engine.merchants_marauders.vocab import Face, Weapon

SHOTS: tuple[Weapon, ...] = ("chain_shot", "grapeshot", "incendiary_shot", "double_shot")


def on(s: State) -> bool:
    return bool(s.options.get("module_4"))


def faces() -> U.Faces:
    return defs().npc_upgrades.upgrades


def setup(s: State) -> None:
    """The reserve: every token, less those of a module that is off. An NPC on the board from the
    start, which no event card brings (the treasure galleon), makes its draws now (MM-M6-20, -21)."""
    if not on(s):
        return
    off = {"weapons": not s.options.get("module_2"), "modifications": not s.options.get("module_3")}
    s.npc_reserve = [t for t, u in faces().items() if not (u.module and off[u.module])]
    for slot, npc in s.npcs.items():
        for _ in range(TG.upgrade_draws(npc_upgrades=True) if npc.side == "treasure" else 0):
            d = U.draw_upgrades(s.npc_reserve, faces(), s.rng, defs().all_ships()[npc.ship].mod_slots)
            s.npc_reserve = list(d.reserve)
            s.npc_upgrades[slot] = [*s.npc_upgrades.get(slot, []), *d.tokens]


def kit(s: State, slot: str) -> U.Kit:
    return U.kit(s.npc_upgrades.get(slot, []), faces())


def npc_has(s: State, slot: str, kind: str) -> bool:
    return kind in kit(s, slot).modifications


def npc_nest(s: State, slot: str) -> int:
    """An NPC scouting with its crow's nest rolls a die more (MM-M4-14)."""
    return 1 if npc_has(s, slot, U.NEST) else 0


def weapons(s: State, slot: str) -> frozenset[Weapon]:
    """What the NPC can still spend in this fight."""
    spent = set(s.fight.npc_spent) if s.fight is not None else set()
    return frozenset(w for w in kit(s, slot).weapons if w not in spent)


# ---- arrivals ----
def on_event(s: State, arrival: N.Arrival, ev: Events) -> None:
    """An NPC event card turned: its upgrades are drawn now and wait with the flagged arrival."""
    if not on(s):
        return
    slots = defs().all_ships()[arrival.ship].mod_slots
    d = U.draw_upgrades(s.npc_reserve, faces(), s.rng, slots)
    s.npc_reserve = list(d.reserve)
    s.npc_pending.append(list(d.tokens))
    if d.tokens:
        say(ev, f"The arriving {arrival.side} {arrival.ship} gets {len(d.tokens)} upgrade(s)")


def on_arrive(s: State) -> None:
    """The round's end, before the NPCs take their places: each takes its tokens; the NPC it
    replaces hands its own back (MM-M4-08)."""
    if not on(s):
        return
    pending = [(N.slot_of(a.side, a.nation, a.ship), tuple(t)) for a, t in zip(s.arrivals, s.npc_pending, strict=False)]
    ups, s.npc_reserve = U.arrive({k: tuple(v) for k, v in s.npc_upgrades.items()}, pending, s.npc_reserve)
    s.npc_upgrades = {k: list(v) for k, v in ups.items()}
    s.npc_pending = []


def on_removed(s: State, slot: str) -> None:
    """An NPC sunk or beaten leaves the board: its tokens not taken go back (MM-M4-09, -16)."""
    if slot in s.npc_upgrades:
        ups, s.npc_reserve = U.remove({k: tuple(v) for k, v in s.npc_upgrades.items()}, slot, s.npc_reserve)
        s.npc_upgrades = {k: list(v) for k, v in ups.items()}


# ---- in a fight ----
def npc_shot(s: State, role: str, faces_: Sequence[Face]) -> bool:
    """The NPC bot's shot on its location dice; True when it spent one."""
    f = s.fight
    assert f is not None
    slot = f.sides[role].npc  # type: ignore[index]
    if slot is None or "skull" not in faces_:
        return False
    shot = next((w for w in SHOTS if w in weapons(s, slot)), None)
    if shot is None:
        return False
    f.shots[role] = shot  # type: ignore[index]
    f.npc_spent.append(shot)
    return True


def spent_hooks(s: State, role: str) -> None:
    assert s.fight is not None
    if s.fight.sides[role].npc is not None:  # type: ignore[index]
        s.fight.npc_spent.append("boarding_hooks")


# ---- spoils ----
def _fits(s: State, seat: int, t: str) -> bool:
    u, p = faces()[t], s.players[seat].ship
    if u.face == "weapon":
        return u.of not in p.weapons
    return u.face == "modification" and len(p.modifications) < defs().all_ships()[p.type].mod_slots


def spoils(s: State, seat: int, slot: str, boarded: bool) -> None:
    """A victor who beat the NPC in a crew clash may take its unspent tokens (MM-M4-17)."""
    if not on(s) or not boarded or s.fight is None:
        return
    spent = set(s.fight.npc_spent)
    left = [t for t in s.npc_upgrades.get(slot, []) if faces()[t].of not in spent]
    if any(_fits(s, seat, t) for t in left):
        s.stack.append(P.UpgradesPrompt(seats=[seat], slot=slot, tokens=left))


def spoils_options(s: State, seat: int, pr: P.UpgradesPrompt) -> list[Any]:
    return [*(action(A.Take, what="upgrade", item=t) for t in pr.tokens if _fits(s, seat, t)), action(A.Done)]


def take(s: State, seat: int, pr: P.UpgradesPrompt, token: str, ev: Events) -> None:
    """One token onto the victor's ship; it leaves the NPC's (its other tokens go back with it)."""
    from engine.merchants_marauders.rules.common import name
    u, p = faces()[token], s.players[seat]
    if u.face == "weapon":
        p.ship.weapons.append(u.of)  # type: ignore[arg-type]
    else:
        p.ship.modifications.append(str(u.of))
    p.ship.npc_tokens.append(token)
    pr.tokens.remove(token)
    s.npc_upgrades[pr.slot] = [t for t in s.npc_upgrades.get(pr.slot, []) if t != token]
    say(ev, f"{name(s, seat)} takes the NPC's {str(u.of).replace('_', ' ')}")
    if not any(_fits(s, seat, t) for t in pr.tokens):
        s.stack.remove(pr)


# ---- a player's NPC tokens going back ----
def claim_returns(s: State, ship: Ship | None, kinds: list[str]) -> list[str]:
    """Modifications leaving `ship` (None: none fitted, e.g. a salvaged token): those that were
    NPC tokens on that very ship go to the NPC reserve; the rest go to the ports as usual. Only
    the leaving ship is searched: the same kind fitted elsewhere from an NPC stays put."""
    out = list(kinds)
    for t in list(ship.npc_tokens if ship is not None else ()):
        kind = str(faces()[t].of)
        if faces()[t].face == "modification" and kind in out:
            out.remove(kind)
            ship.npc_tokens.remove(t)  # type: ignore[union-attr]
            s.npc_reserve.append(t)
    return out


def hand_over(src: Ship, dst: Ship, face: str, kinds: Sequence[str]) -> None:
    """Upgrades of a player's ship passing to another (a prize ship's fitted modifications, a
    weapon plundered): the NPC tokens among them go along and stay NPC tokens (MM-M4-18, -20)."""
    left = list(kinds)
    for t in list(src.npc_tokens):
        kind = str(faces()[t].of)
        if faces()[t].face == face and kind in left:
            left.remove(kind)
            src.npc_tokens.remove(t)
            dst.npc_tokens.append(t)


def lose_tokens(s: State, p: Player) -> None:
    """The ship gone with its captain: every NPC token still aboard goes back (MM-M4-18, -20)."""
    s.npc_reserve += p.ship.npc_tokens
    p.ship.npc_tokens = []


def settle_tokens(s: State) -> None:
    """A player's NPC tokens whose kind is no longer aboard go back to the NPC reserve."""
    for p in s.players:
        aboard = [*p.ship.weapons, *p.ship.modifications]
        for t in list(p.ship.npc_tokens):
            kind = str(faces()[t].of)
            if kind in aboard:
                aboard.remove(kind)
            else:
                p.ship.npc_tokens.remove(t)
                s.npc_reserve.append(t)


def combat_view(s: State) -> dict[str, Any]:
    """The view fields of Modules 3 and 4: the reserves' sizes (their tokens face down) and the
    upgrades on each NPC's card and waiting with a flagged arrival (public)."""
    out: dict[str, Any] = {}
    if s.options.get("module_3"):
        out["mod_reserve"] = len(s.mod_reserve)
    if on(s):
        out["npc_upgrades"] = {k: list(v) for k, v in s.npc_upgrades.items()}
        out["npc_reserve"] = len(s.npc_reserve)
    return out
