"""Glory cards played on one's own turn, and the specialists aboard (base reconstruction
section 5, "Specialists"; section 8, the glory deck). From the action menu, without spending an
action: a specialist goes aboard (at most 2); an extra action; a bounty token dropped; a free
repair; the stash opened in any port this turn; a better price for this turn's next sale. In the
purchase, a redraw of the cargo cards for nothing. Aboard, a specialist gives its die to every
check of its skill, a hit more to a volley that hits, a repair after every fight survived, or
hold space. (The combat cards and the reactions - rerolls, extra dice or hits, cancelled hits,
an NPC's scouting evaded - wait for the card windows of the fight, not wired yet.)"""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.flow import Events
from engine.merchants_marauders import actions as A
from engine.merchants_marauders.actions import action
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.card_models import GloryDef
from engine.merchants_marauders.rules.common import maxima, name, say
from engine.merchants_marauders.state import Player, State
from engine.merchants_marauders.vocab import HitLocation

SPECIALISTS_ABOARD = 2
ON_TURN = {"extra_actions", "drop_bounty", "free_repair", "stash_anywhere", "sale_bonus"}
REPAIR_ORDER: tuple[HitLocation, ...] = ("hull", "masts", "cannons", "cargo", "crew")


@cache
def card(c: str) -> GloryDef:
    return {g.id: g for g in cards().glory_deck()}[c]


def verb(c: str) -> str:
    return card(c).effects[0].do


def specialist_bonus(p: Player, do: str, skill: str | None = None) -> int:
    """What the specialists aboard give: `skill_die` for a skill, `extra_hit`, `extra_hold`,
    `repair_after_fight`."""
    from engine.merchants_marauders.rules.loyalty import specialists_work
    if not specialists_work(p.loyalty):         # type: ignore[arg-type]  # Module 11: Restless switches them off
        return 0
    return sum(e.n for c in p.specialists for e in card(c).effects if e.do == do and (skill is None or e.skill == skill))


def _damaged(p: Player) -> list[HitLocation]:
    top = maxima(p)
    return [loc for loc in REPAIR_ORDER if p.ship.points.get(loc, 0) < top[loc]]


def _playable(s: State, seat: int, c: str) -> bool:
    p, v = s.players[seat], verb(c)
    if card(c).family == "specialist":
        from engine.merchants_marauders.rules.loyalty_levels_turn import free_by_effect
        return len(p.specialists) < SPECIALISTS_ABOARD and free_by_effect(s, seat)     # Module 11: Restless
    if v == "drop_bounty":
        return bool(p.bounties)
    if v == "free_repair":
        return bool(_damaged(p))
    if v == "stash_anywhere":
        return not s.turn.stash_anywhere
    return v in ON_TURN


def turn_options(s: State, seat: int) -> list[Any]:
    from engine.merchants_marauders.rules.loyalty_levels_turn import glory_barred
    if glory_barred(s, seat):                                   # Module 11: an Unhappy crew's failed check
        return []
    hand = list(dict.fromkeys(s.players[seat].glory_cards))     # copies of a card are one choice
    return [action(A.Play, card=c) for c in hand if _playable(s, seat, c)]


def play(s: State, seat: int, c: str, ev: Events) -> None:
    p = s.players[seat]
    p.glory_cards.remove(c)
    g, e = card(c), card(c).effects[0]
    say(ev, f"{name(s, seat)} plays {g.name}")
    if g.family == "specialist":
        p.specialists.append(c)
        return
    s.glory.throw_away([c])
    if e.do == "extra_actions":
        s.turn.actions += e.n
    elif e.do == "drop_bounty":
        for _ in range(e.n):
            if p.bounties:
                most = max(p.bounties, key=lambda k: p.bounties[k])
                p.bounties = {k: v - (k == most) for k, v in p.bounties.items() if v - (k == most) > 0}
    elif e.do == "free_repair":
        repair(p, e.n)
    elif e.do == "stash_anywhere":
        s.turn.stash_anywhere = True
    elif e.do == "sale_bonus":
        s.turn.sale_bonus += e.n


def repair(p: Player, n: int) -> None:
    """n points mended where the ship is most needy: hull first, crew last."""
    for _ in range(n):
        need = _damaged(p)
        if not need:
            return
        p.ship.points[need[0]] += 1


def redraw_cards(s: State, seat: int) -> list[Any]:
    from engine.merchants_marauders.rules.loyalty_levels_turn import glory_barred
    hand = list(dict.fromkeys(s.players[seat].glory_cards))
    return [action(A.Play, card=c) for c in hand if verb(c) == "redraw_cargo" and not glory_barred(s, seat)]


def after_fight(p: Player) -> None:
    """A carpenter aboard mends a point after every fight the ship survives."""
    if p.ship.points and p.ship.points["hull"] > 0:
        repair(p, specialist_bonus(p, "repair_after_fight"))


def lose_specialists(s: State, p: Player) -> None:
    s.glory.throw_away(p.specialists)
    p.specialists = []

