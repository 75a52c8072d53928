"""What one viewer may see. viewer None is the public view (thread posts, board images).

Redacted: other seats' hands (only their size), the order of the pirate deck, the event deck and
the crate stacks (only their size), face-down treasures (only their stack heights) and monster
stands (only the monster type printed on the board), and the sealed bids and feeding choices
of other seats (core Sealed: `view_for`).
"""
from __future__ import annotations

from pydantic import BaseModel

from engine.core import Pending
from engine.core.deck import DeckView
from engine.core.sealed import SealedView
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.common import name
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import GHOST, State


class PlayerView(BaseModel):
    seat: int
    name: str
    board: int
    hand: list[str] | None = None          # the viewer's own hand only
    hand_size: int
    crew: dict[str, list[str]]
    played_top: str | None
    citizens: int
    crew_space: Crew
    captain_at: str | None
    captain_dead: bool
    tools: dict[str, int]
    ship_damage: int
    resources: dict[str, int]
    doubloons: int
    debt: int
    unlocks: int
    last_action: str | None
    ship: int
    monsters: list[str]
    treasures: list[str]
    undelivered: list[str]
    delivered: int
    turns: int
    captain_tile: str | None
    captain_flipped: bool
    upgrades: list[str]
    milestones: list[str]
    reputation: int


class RegionView(BaseModel):
    pirates: dict[int, int]                # owner -> pirates (GHOST for the 2-player ghosts)
    captains: list[int]
    treasures: list[int]                   # face-down stack heights, one per treasure space
    crates: list[str | None]


class MonsterView(BaseModel):
    space: int
    type: str


class FightView(BaseModel):
    seat: int
    monster: str
    face: int | str


class StageView(BaseModel):
    reef: int
    event: str | None
    bids: SealedView[int] | None = None
    feed: SealedView[int] | None = None


class ScoundrelBayView(BaseModel):
    viewer: int | None
    players: list[PlayerView]
    order: list[int]
    regions: dict[str, RegionView]
    monsters: list[MonsterView]
    display: list[str | None]
    deck: DeckView
    events_left: int
    events_done: list[str]
    reputation_order: list[int]            # furthest first (the GENERAL TIEBREAK order)
    ghost_reputation: int | None
    ghost_reserve: int
    graveyard: dict[int, int]
    pot: int
    reefs_passed: list[int]
    stages_done: int
    end_turns: int | None
    turn_seat: int
    phase: str
    card: str | None
    fight: FightView | None
    stage: StageView | None
    crate_stacks: dict[int, int]
    harbor_tokens: dict[str, list[int]]
    milestone_sides: dict[str, str]
    upgrade_supply: list[str]
    pending: Pending | None
    log: list[str]
    final: dict[int, dict[str, int]] | None


def _player(s: State, seat: int, viewer: int | None) -> PlayerView:
    p = s.players[seat]
    return PlayerView(
        seat=seat, name=name(seat), board=p.board, hand=list(p.hand) if viewer == seat else None,
        hand_size=len(p.hand), crew={f: list(c) for f, c in p.crew.items()},
        played_top=p.played[-1] if p.played else None, citizens=p.citizens, crew_space=p.crew_space,
        captain_at=p.captain_at, captain_dead=p.captain_dead, tools=dict(p.tools), ship_damage=p.ship_damage,
        resources=dict(p.resources), doubloons=p.doubloons, debt=p.debt, unlocks=p.unlocks,
        last_action=p.last_action, ship=p.ship, monsters=list(p.monsters), treasures=list(p.treasures),
        undelivered=list(p.undelivered), delivered=len(p.delivered), turns=p.turns,
        captain_tile=p.captain_tile, captain_flipped=p.captain_flipped, upgrades=list(p.upgrades),
        milestones=list(p.milestones), reputation=s.reputation.space(seat))


def build_view(s: State, viewer: int | None, pending: Pending | None) -> ScoundrelBayView:
    board = defs().board
    regions = {rid: RegionView(pirates={o: n for o, n in r.pirates.items() if n},
                               captains=[i for i, p in enumerate(s.players) if p.captain_at == rid],
                               treasures=[len(st) for st in r.treasures], crates=list(r.crates))
               for rid, r in s.regions.items()}
    monsters = [MonsterView(space=sp, type=board.space(sp).monster or "") for sp in sorted(s.monsters)]
    fight = s.turn.fight
    stage = None
    if s.stage is not None:
        stage = StageView(reef=s.stage.reef, event=s.stage.event,
                          bids=s.stage.bids.view_for(viewer) if s.stage.bids else None,
                          feed=s.stage.feed.view_for(viewer) if s.stage.feed else None)
    return ScoundrelBayView(
        viewer=viewer, players=[_player(s, i, viewer) for i in range(len(s.players))], order=list(s.order),
        regions=regions, monsters=monsters, display=list(s.display), deck=s.deck.view(),
        events_left=len(s.events), events_done=list(s.events_done),
        reputation_order=s.reputation.order(list(range(len(s.players)))),
        ghost_reputation=s.reputation.space(GHOST) if GHOST in s.reputation.discs else None,
        ghost_reserve=s.ghost_reserve, graveyard=dict(s.graveyard), pot=s.pot, reefs_passed=list(s.reefs_passed),
        stages_done=s.stages_done, end_turns=s.end_turns, turn_seat=s.turn.seat, phase=s.turn.phase,
        card=s.turn.card, fight=FightView(seat=fight.seat, monster=fight.monster, face=fight.face) if fight else None,
        stage=stage, crate_stacks={t: len(st) for t, st in s.crate_stacks.items()},
        harbor_tokens=dict(s.harbor_tokens), milestone_sides=dict(s.milestone_sides),
        upgrade_supply=list(s.upgrade_supply), pending=pending, log=list(s.log_tail), final=s.final)
