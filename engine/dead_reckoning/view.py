"""What one viewer may see. viewer None is the public view (thread posts, board images).

Redacted: other seats' hands with their levels and sleeves (only the count), every deck's order
(only its size), each row box below its top card (only its size), face-down boards (not which
board), other seats' Treasure chests, Bonus tokens and open level-up. A card out of the hand
(played, in defence, discarded) is public with its level and sleeve."""
from __future__ import annotations

from pydantic import BaseModel

from engine.core import Pending
from engine.dead_reckoning.rules.achievements import Record
from engine.dead_reckoning.rules.common import name
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.state import Battle, Ship, State, Turn


class CardView(BaseModel):
    card: str
    level: int
    sleeve: list[str]


class PlayerView(BaseModel):
    seat: int
    name: str
    hand: list[CardView] | None = None          # the viewer's own hand only
    hand_size: int
    deck_size: int
    discard: list[CardView]
    played: list[CardView]
    defence: list[CardView]
    aside: list[str]
    chest: int | None = None                    # the owner's only
    dock: int
    ship: Ship
    cubes: int
    record: Record
    wins: int
    sunk: int
    explored: int
    experts: int
    upgrades_taken: int
    finished: bool
    level_open: bool | None = None
    tokens_dealt: list[str] | None = None
    token: str | None = None


class SpaceView(BaseModel):
    board: str | None                           # None: face down
    card: str | None


class RowView(BaseModel):
    size: int
    top: str | None                             # the front of the next card is public (DR-SETUP-11)


class DeadReckoningView(BaseModel):
    viewer: int | None
    players: list[PlayerView]
    order: list[int]
    grid: dict[str, SpaceView]
    islands: dict[str, Island]
    rows: dict[int, RowView]
    upgrade_supply: dict[str, int]
    building_supply: dict[str, int]
    turn: Turn
    battle: Battle | None
    waiting: Pending | None
    prompt: str | None
    final: dict[int, dict[str, int]] | None
    winners: list[int]
    log_tail: list[str]


def _card(s: State, seat: int, c: str) -> CardView:
    p = s.players[seat]
    return CardView(card=c, level=p.levels.get(c, 1), sleeve=list(p.sleeves.get(c, [])))


def _row(s: State, box: list[str]) -> RowView:
    """A row box as everyone sees it; buried cards under it are out of the game (DR-BUY-14)."""
    left = [c for c in box if c not in s.backs_seen]
    return RowView(size=len(left), top=left[-1] if left else None)


def build_view(s: State, viewer: int | None, pending: Pending | None) -> DeadReckoningView:
    players = []
    for i, p in enumerate(s.players):
        mine = viewer == i
        players.append(PlayerView(
            seat=i, name=name(i), hand=[_card(s, i, c) for c in p.hand] if mine else None, hand_size=len(p.hand),
            deck_size=len(p.deck.pile), discard=[_card(s, i, c) for c in p.deck.discard],
            played=[_card(s, i, c) for c in p.played], defence=[_card(s, i, c) for c in p.defence],
            aside=list(p.aside), chest=p.chest if mine else None, dock=p.dock, ship=p.ship, cubes=p.cubes,
            record=p.record, wins=p.wins, sunk=p.sunk, explored=p.explored, experts=p.experts,
            upgrades_taken=p.upgrades_taken, finished=p.finished, level_open=p.level_open if mine else None,
            tokens_dealt=list(p.tokens_dealt) if mine else None, token=p.token if mine or s.final else None))
    top = s.stack[-1] if s.stack else None
    return DeadReckoningView(
        viewer=viewer, players=players, order=list(s.order),
        grid={pos: SpaceView(board=sp.board if sp.face_up else None, card=sp.card) for pos, sp in s.grid.items()},
        islands=s.islands, rows={r: _row(s, box) for r, box in s.rows.items()},
        upgrade_supply=s.upgrade_supply, building_supply=s.building_supply, turn=s.turn, battle=s.battle,
        waiting=pending, prompt=top.kind if top is not None else None, final=s.final, winners=s.winners,
        log_tail=list(s.log_tail))
