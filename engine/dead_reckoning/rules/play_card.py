"""Play a Card from your Hand (DR-PLAY-01): face up, its icons and abilities usable from now on;
and Set Sails, through rules/set_sails.py: the hull's Sails on empty holds and the played cards'
Sails, at most 8, once a turn (the either-or Sail options are taken by `use` before setting)."""
from __future__ import annotations

from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import abilities as ab
from engine.dead_reckoning.rules import set_sails
from engine.dead_reckoning.rules.common import card_faces
from engine.dead_reckoning.rules.goods import place
from engine.dead_reckoning.state import State


def play(s: State, seat: int, card: str) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    p.played.append(card)


def sails(s: State, seat: int) -> None:
    p = s.players[seat]
    cards = [set_sails.PlayedCard(faces=tuple(card_faces(p, c))) for c in p.played]
    setting = set_sails.set_sails(p.ship.hull, place(s, seat), cards)
    p.ship.sails = min(defs().rules.turn.sail_max, setting.track + s.turn.extra_sails)
    s.turn.sails_set = True
    # the single-option Sail abilities were counted just now: they are used
    for source, abilities in ab.sources(s, seat):
        for i, (a, _f) in enumerate(abilities, start=1):
            if a.timing == "main" and len(a.options) == 1 and any(e.do == "sail" for e in a.options[0].effects):
                s.turn.used.append(ab.key(seat, source, i))
