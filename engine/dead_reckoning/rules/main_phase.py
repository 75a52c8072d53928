"""Main Phase Actions: the menu the active seat chooses from, repeated until it ends the phase
(DR-MAIN-01 to -06), and the level-up choice (between turns: the plan's fallback opens it at the
start of the seat's own turn and inside its battle answers)."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.dead_reckoning import actions as A
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import abilities, buy_and_resolve, goods, leveling, pirate_mode
from engine.dead_reckoning.rules.common import flags, kind_of, neighbours
from engine.dead_reckoning.state import State


def hand_cards(s: State, seat: int) -> list[leveling.HandCard]:
    p = s.players[seat]
    return [_hand_card(c, p.levels.get(c, 1)) for c in p.hand]


@cache
def _hand_card(card: str, level: int) -> leveling.HandCard:
    """Frozen, so built once per card and level: every waiting seat's level-up is looked at
    each decision (its side decision)."""
    return leveling.HandCard(card=card, kind=kind_of(card), level=level)


def level_options(s: State, seat: int) -> list[Any]:
    return [action(A.Level, card=c) for c in leveling.levelable(hand_cards(s, seat))]


def main_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    out: list[Any] = [action(A.Play, card=c) for c in p.hand]
    out += abilities.main_uses(s, seat)
    out += goods.load_options(s, seat)
    if not s.turn.sails_set:
        out.append(action(A.SetSails))
    elif p.ship.sails > 0:
        out += [action(A.Move, to=to) for to in neighbours(p.ship.at)]
    out += buy_and_resolve.options(s, seat)
    if flags(s, seat) > 0:
        out += [action(A.Attack, target=t) for t in pirate_mode.flag_targets(s, seat)]
    out += [action(A.Fight, target=t) for t in pirate_mode.met_pirates(s, seat)]
    if pirate_mode.building_target(s, seat):
        out.append(action(A.AttackBuildings))
    if not p.merchant and goods.cargo_everywhere(s, seat) >= defs().achievements.achievements["master_merchant"].goal(len(s.players)):
        out.append(action(A.Merchant))
    return [*out, action(A.End)]
