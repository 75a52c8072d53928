"""Cleanup Phase: refill the empty card spaces of face-up boards from their row's box, lose
unspent Sails (DR-CLEAN-01 to -05); the mode choice (rules/pirate_mode.py), sleeving
(rules/sleeve.py) and the draw (rules/discard_draw.py) are wired in here in their order."""
from __future__ import annotations

from typing import Any

from engine.core.flow import Events
from engine.dead_reckoning import actions as A
from engine.dead_reckoning.actions import action
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import discard_draw, sleeve
from engine.dead_reckoning.rules import island_control as ic
from engine.dead_reckoning.rules.common import card_faces, in_play
from engine.dead_reckoning.rules.setup import refill_space
from engine.dead_reckoning.state import State, label


def refill(s: State) -> None:
    """Every empty space of a face-up board takes its row box's top card (refill_space skips the
    face-down ones, DR-CLEAN-04). Buried Merchant ships lie under the box and are out of the
    game (DR-BUY-14): a box down to them counts as empty and the space stays empty (DR-CLEAN-03
    reading). Each was attacked, so its back has been seen: that is how they are told apart."""
    for pos in s.grid:
        box = s.rows[int(pos[1:])]
        if s.grid[pos].card is None and box and box[-1] not in s.backs_seen:
            before = len(s.rows[int(pos[1:])])
            refill_space(s, pos)
            if len(s.rows[int(pos[1:])]) != before:
                s.reveals += 1


def _in_play(s: State, seat: int) -> dict[str, sleeve.InPlay]:
    p = s.players[seat]
    out = {}
    for c in in_play(p):
        used = frozenset(slot for a in p.sleeves.get(c, []) for slot in sleeve.advancement_slots(a))
        out[c] = sleeve.InPlay(card=c, used=used)
    return out


def sleeve_options(s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    pile = [sleeve.aside(a) for a in p.aside]
    cards = _in_play(s, seat)
    out: list[Any] = [action(A.Sleeve, advancement=a, card=c)
                      for a, where in sleeve.legal_places(pile, cards).items() for c in where]
    if sleeve.may_end(pile, cards):
        out.append(action(A.Done))
    return out[-25:]


def needs_sleeving(s: State, seat: int) -> bool:
    p = s.players[seat]
    return bool(p.aside) and bool(sleeve.sleevable([sleeve.aside(a) for a in p.aside], _in_play(s, seat)))


def do_sleeve(s: State, seat: int, a: A.Sleeve) -> None:
    p = s.players[seat]
    p.aside.remove(a.advancement)
    p.sleeves.setdefault(a.card, []).append(a.advancement)
    s.turn.sleeved.append(a.advancement)


def draw(s: State, seat: int, ev: Events) -> None:
    p = s.players[seat]
    played = in_play(p)
    advs = defs().advancements.cards
    bonus = discard_draw.draw_bonus_icons([discard_draw.PlayedCard(
        card=c, level_icons=card_faces(p, c)[0].icons, advancements={a: advs[a].icons for a in p.sleeves.get(c, [])},
        sleeved_now=frozenset(s.turn.sleeved)) for c in played])
    # an Upgrade tile's Draw bonus (Crow's Nest) is face up on the Ship every turn: it counts
    # like a played one while its hold is empty, as the tile's Sail and Cannon do
    bonus += p.ship.hull.icons().draw_bonus
    hand_islands = sum(1 for isl in s.islands.values() if ic.controller(isl) == label(seat)
                       and _hand_size(isl.board))
    limit = discard_draw.hand_limit(hand_islands)
    result = discard_draw.discard_and_draw(p.hand, played, p.deck, s.rng, limit, bonus)
    p.hand, p.played, p.defence = result.hand, [], []
    if result.drawn:
        s.reveals += 1


def _hand_size(board: str) -> bool:
    return defs().ocean.boards[board].hand_size


def default_sleeve(s: State, seat: int) -> A.Sleeve | None:
    """The deadline default: rules/sleeve.py's pick (None once the step may end)."""
    p = s.players[seat]
    pick = sleeve.default_sleeve([sleeve.aside(a) for a in p.aside], _in_play(s, seat))
    return None if pick is None else action(A.Sleeve, advancement=pick[0], card=pick[1])
