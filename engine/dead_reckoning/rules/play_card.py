"""Play a Card from your Hand (DR-PLAY-01): face up, its icons and abilities usable from now on;
and Set Sails, through rules/set_sails.py: the hull's Sails on empty holds and the played cards'
Sails, at most 8, once a turn; either-or Sail options are asked about first (DR-DECKH-05)."""
from __future__ import annotations

from engine.dead_reckoning import actions as A
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import abilities as ab
from engine.dead_reckoning.rules import set_sails
from engine.dead_reckoning.rules.common import card_abilities, card_faces
from engine.dead_reckoning.rules.goods import place
from engine.dead_reckoning.state import State


def play(s: State, seat: int, card: str) -> None:
    p = s.players[seat]
    p.hand.remove(card)
    p.played.append(card)


def _either_or(s: State, seat: int, card: str) -> list[int]:
    """The ability numbers (as `use` counts them) of a card's unused either-or Sail abilities."""
    p, out = s.players[seat], []
    played = set_sails.PlayedCard(faces=tuple(card_faces(p, card)))
    for i, (a, _f) in enumerate(card_abilities(p, card), start=1):
        if a.timing == "main" and len(a.options) > 1 and ab.key(seat, card, i) not in s.turn.used \
                and any(set_sails.effect_sails(e, played) for o in a.options for e in o.effects):
            out.append(i)
    return out


def sails(s: State, seat: int) -> None:
    """Ask about either-or Sail options first (SailsPrompt), then count the Sails."""
    pending = [(c, k) for c in s.players[seat].played for k in range(len(_either_or(s, seat, c)))]
    if pending:
        s.stack.append(P.SailsPrompt(seats=[seat], queue=pending))
        return
    finish_sails(s, seat, [])


def choose(s: State, seat: int, pr: P.SailsPrompt, a: A.SailChoice) -> None:
    pr.queue.pop(0)
    if a.take:
        pr.taken.append((a.card, a.index))
    if not pr.queue:
        s.stack.pop()
        finish_sails(s, seat, pr.taken)


def finish_sails(s: State, seat: int, taken: list[tuple[str, int]]) -> None:
    p = s.players[seat]
    numbers = {c: _either_or(s, seat, c) for c in p.played}
    cards = [set_sails.PlayedCard(faces=tuple(card_faces(p, c))) for c in p.played]
    take = [(p.played.index(c), k) for c, k in taken]
    setting = set_sails.set_sails(p.ship.hull, place(s, seat), cards, take)
    p.ship.sails = min(defs().rules.turn.sail_max, setting.track + s.turn.extra_sails)
    s.turn.sails_set = True
    s.turn.used += [ab.key(seat, c, numbers[c][k]) for c, k in taken]
    # the single-option Sail abilities were counted just now: they are used
    for source, abilities in ab.sources(s, seat):
        for i, (a, _f) in enumerate(abilities, start=1):
            if a.timing == "main" and len(a.options) == 1 and any(e.do == "sail" for e in a.options[0].effects):
                s.turn.used.append(ab.key(seat, source, i))
