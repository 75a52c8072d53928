"""What one viewer may see. viewer None is the public view (thread posts, board images).

Redacted: other seats' hands, face-down coin identities (core pieces: `shown`), the deck order
(core Deck: `view()`), other seats' sealed fight cards (core Sealed: `view_for`).
"""
from __future__ import annotations

from pydantic import BaseModel

from engine.core import Pending
from engine.core.pieces import HIDDEN, shown
from engine.pirate_chest.defs import defs
from engine.pirate_chest.rules.board import board_def
from engine.pirate_chest.rules.common import captain, card
from engine.pirate_chest.rules.sinking import coin_name
from engine.pirate_chest.state import LastMove, State

__all__ = ["HIDDEN", "CardView", "FightView", "PirateChestView", "ShipView", "SpaceView", "build_view"]


class SpaceView(BaseModel):
    number: int
    kind: str
    slug: str
    name: str
    coins: list[str] = []          # coin ids, or "hidden" for a face-down coin


class ShipView(BaseModel):
    seat: int
    captain: str
    captain_name: str
    ship: str
    ability: str
    ability_summary: str
    home: int
    position: int
    coins: list[str]
    hand_size: int
    skip_turns: int
    effects: list[str]


class CardView(BaseModel):
    id: str
    name: str
    text: str


class FightView(BaseModel):
    attacker: int
    defender: int
    mode: str
    ready: list[int]
    my_cards: list[str] = []       # the viewer's own sealed fight cards
    totals: dict[int, int] = {}


class PirateChestView(BaseModel):
    viewer: int | None
    board_size: int
    spaces: list[SpaceView]        # the special spaces; all others are open sea
    ships: list[ShipView]
    turn_number: int
    active_seat: int | None
    waiting_on: list[int]
    prompt: str
    deck_size: int
    discard_size: int
    discard_top: str | None
    last_move: LastMove | None
    fight: FightView | None
    winner: int | None
    ended: str
    hand: list[CardView] | None = None
    coin_names: dict[str, str] = {}


def _effects(s: State, seat: int) -> list[str]:
    p = s.players[seat]
    marks = [("misses a turn", p.skip_turns > 0), ("cannot move next turn", p.frozen_next_turn),
             (f"-{p.move_penalty_next_turn} to moves next turn", p.move_penalty_next_turn > 0),
             ("cursed: -2 to rolls", p.dice_penalty), ("ability blocked", p.ability_blocked)]
    return [text for text, on in marks if on]


def _ship(s: State, seat: int) -> ShipView:
    p = s.players[seat]
    c = captain(s, seat) if p.captain else None
    return ShipView(
        seat=seat, captain=p.captain, captain_name=c.name if c else f"Seat {seat + 1}",
        ship=c.ship if c else "", ability=c.ability_name if c else "", ability_summary=c.summary if c else "",
        home=p.home, position=p.position, coins=list(p.coins), hand_size=len(p.hand),
        skip_turns=p.skip_turns, effects=_effects(s, seat))


def _fight(s: State, viewer: int | None) -> FightView | None:
    f = s.fight
    if f is None:
        return None
    sealed = f.cards.view_for(viewer)
    return FightView(attacker=f.attacker, defender=f.defender, mode=f.mode, ready=sealed.locked,
                     my_cards=list(sealed.mine or []), totals=dict(f.totals))


def build_view(s: State, viewer: int | None, pending: Pending | None) -> PirateChestView:
    spaces = [SpaceView(number=d.number, kind=d.kind, slug=d.slug, name=d.name,
                        coins=shown(s.islands.get(d.number, [])))
              for d in board_def(s).spaces]
    deck = s.deck.view()
    hand = None
    if viewer is not None:
        hand = [CardView(id=c, name=card(c).name, text=card(c).text) for c in sorted(s.players[viewer].hand)]
    return PirateChestView(
        viewer=viewer, board_size=s.board_size, spaces=spaces,
        ships=[_ship(s, i) for i in range(len(s.players))],
        turn_number=s.turn.number, active_seat=s.turn.seat if s.turn.phase in ("main", "ending") else None,
        waiting_on=list(pending.waiting_on) if pending else [], prompt=pending.prompt if pending else "",
        deck_size=deck.pile_size, discard_size=deck.discard_size,
        discard_top=card(deck.discard_top).name if deck.discard_top else None,
        last_move=s.last_move, fight=_fight(s, viewer), winner=s.winner, ended=s.ended, hand=hand,
        coin_names={k: coin_name(k) for k in defs().boards.coins.names})
