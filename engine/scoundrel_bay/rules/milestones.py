"""MILESTONES (variant): after step 1 of a turn, each milestone type the player now meets (on the
side in play) pays 6/4/2 doubloons to the first/second/third player to reach it, and an upgrade:
placed on the player board, or discarded for 1 reputation. Each type is rewarded once a player.
The upgrades' abilities are read where they apply (sailing, digging, plundering, delivering)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core import Event
from engine.scoundrel_bay.defs import Need, Reward, UpgradeDef, defs
from engine.scoundrel_bay.rules.board import region, strength
from engine.scoundrel_bay.rules.common import me, name, plural, say

if TYPE_CHECKING:
    from engine.scoundrel_bay.state import State

VARIANT = "milestones"


def upgrade_def(uid: str) -> UpgradeDef:
    return defs().milestones.upgrades[uid]


def has_upgrade(s: State, seat: int, ability: str) -> bool:
    return any(upgrade_def(u).ability == ability for u in me(s, seat).upgrades)


def upgrades_with(s: State, seat: int, ability: str) -> list[UpgradeDef]:
    return [upgrade_def(u) for u in me(s, seat).upgrades if upgrade_def(u).ability == ability]


def measure(s: State, seat: int, need: Need) -> int:
    p = me(s, seat)
    if need.count == "treasures":
        return sum(1 for t in p.treasures if need.treasure_type is None or defs().treasures.treasures[t].type == need.treasure_type)
    if need.count == "delivered_crates":
        return len(p.delivered)
    if need.count == "undelivered_crates":
        return len(p.undelivered)
    if need.count == "reputation_space":
        return s.reputation.space(seat)
    if need.count == "conquered_monsters":
        return len(p.monsters)
    if need.count == "hideouts_occupied":
        return sum(1 for rid in s.regions if region(rid).kind == "hideout" and strength(s, seat, rid))
    return sum(strength(s, seat, rid) for rid in s.regions            # pirates_in
               if region(rid).kind == need.region_kind and (need.flag is None or region(rid).flag == need.flag))


def met(s: State, seat: int, mtype: str) -> bool:
    side = s.milestone_sides[mtype]
    tile = defs().milestones.milestones[mtype]  # type: ignore[index]
    return all(measure(s, seat, n) >= n.at_least for n in (tile.a if side == "a" else tile.b))


def check_milestones(s: State, seat: int, ev: list[Event]) -> None:
    """After step 1: reward every milestone newly met (doubloons now, the upgrade by prompt)."""
    from engine.scoundrel_bay import prompts as P
    if not s.options.get(VARIANT):
        return
    p = me(s, seat)
    for mtype in s.milestone_sides:
        if mtype in p.milestones or not met(s, seat, mtype):
            continue
        p.milestones.append(mtype)
        order = s.milestone_order.setdefault(mtype, [])
        order.append(seat)
        prizes = defs().milestones.doubloons
        got = prizes[len(order) - 1] if len(order) <= len(prizes) else 0
        p.doubloons += got
        say(s, ev, f"{name(seat)} reaches the {mtype} milestone (#{len(order)}): {plural(got, 'doubloon')}.")
        if any(upgrade_def(u).milestone == mtype for u in s.upgrade_supply):
            s.stack.append(P.UpgradePrompt(seats=[seat], milestone=mtype))


def take_upgrade(s: State, seat: int, uid: str, discard: bool, ev: list[Event]) -> None:
    from engine.scoundrel_bay.rules.effects import queue
    s.upgrade_supply.remove(uid)
    u = upgrade_def(uid)
    if discard:
        queue(s, seat, [Reward(gain="reputation", n=defs().milestones.discard_reputation)], f"discarding {u.name}", first=True)
        say(s, ev, f"{name(seat)} discards the {u.name} upgrade for reputation.")
        return
    me(s, seat).upgrades.append(uid)
    queue(s, seat, u.immediate, u.name, first=True)
    say(s, ev, f"{name(seat)} takes the {u.name} upgrade.")


def free_rerolls(s: State, seat: int) -> int:
    return min(1, len(upgrades_with(s, seat, "free-reroll")))


def after_dig(s: State, seat: int, rid: str, dug: int, ev: list[Event]) -> None:
    """Beachcombers: a move from the beach per treasure dug; Treasure Maps: extra maps for doubloons."""
    from engine.scoundrel_bay import prompts as P
    if has_upgrade(s, seat, "extra-maps") and me(s, seat).resources["map"] + me(s, seat).resources["ring"]:
        s.stack.append(P.ExtraMapsPrompt(seats=[seat], treasures=dug))
    if has_upgrade(s, seat, "move-after-dig") and strength(s, seat, rid):
        s.stack.append(P.MovePrompt(seats=[seat], moves=dug, optional=True, source=rid))


def after_plunder(s: State, seat: int, ev: list[Event]) -> None:
    """Rummagers: one reward of your choice from each undelivered crate, the new one included."""
    from engine.scoundrel_bay import prompts as P
    if has_upgrade(s, seat, "plunder-reward"):
        s.stack.append(P.RummagePrompt(seats=[seat], crates=list(me(s, seat).undelivered)))
