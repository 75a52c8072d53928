"""What one viewer may see (docs/merchants_marauders-plan.md, section 2). viewer None is the
public view (thread posts, board images).

Redacted: every deck's order and the demand pile (sizes only), a merchant token's nation (only
that a token is there), a port's modification until a player has entered it (only that one is
there), each player's stash, glory cards and rumour card (the owner's; that a rumour is held is public; the card count is public; every stash
once the game is over), the captains dealt and ships picked while setup's sealed pick is open
(the owner's captain only), and the combat orders of a round until both are in (core Sealed)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import Pending
from engine.core.deck import DeckView
from engine.core.sealed import SealedView
from engine.merchants_marauders.rules.npc import Arrival, Npc
from engine.merchants_marauders.rules.rumours_missions import Slot
from engine.merchants_marauders.rules.upgrades_turn import combat_view
from engine.merchants_marauders.state import Raid, Round, Ship, Side, State, Turn
from engine.merchants_marauders.vocab import Bearing, Face, Good, HitLocation, Nation, Zone


class PlayerView(BaseModel):
    seat: int
    captain: str | None                       # hidden from others during setup
    ship: Ship | None                         # None during setup
    zone: Zone | None
    in_port: bool
    glory: int
    stash: int | None = None                  # the owner's, and everyone's at the end
    glory_cards: list[str] | None = None      # the owner's
    glory_card_count: int
    bounties: dict[Nation, int]
    ship_glory: bool
    bought_at: Zone | None
    deaths: int
    rumour: str | None = None                 # the owner's card
    has_rumour: bool
    specialists: list[str]
    passenger: int
    loyalty: str | None = None                # Module 11: the crew's level (public)
    goodwill: int | None = None               # Module 10 (public)
    contraband: list[str] | None = None       # Module 7: the contraband compartment (public)
    tucked: int | None = None                 # Module 7: sold contraband behind the captain (public)
    hidden: str | None = None                 # Modules 3 and 7: the card under the smuggler's hold (the owner's)
    has_hidden: bool | None = None            # Modules 3 and 7: that a card lies there (public)
    card_turned: bool = False                 # Cutthroat: the captain card turned over (public)
    dealt: list[str] | None = None            # Variant 2: the captains dealt at setup (the owner's)


class ZoneView(BaseModel):
    merchant: bool
    demand: Good | None
    modification: str | None                  # once revealed
    has_modification: bool


class FightView(BaseModel):
    sides: dict[str, Side]
    round_no: int
    step: str
    orders: SealedView[str] | None
    declared: dict[str, str]                  # empty until both orders are in
    contest: dict[str, list[Face]]
    winner: str | None
    dice: dict[str, list[Face]]
    shots: dict[str, str]
    npc_points: dict[HitLocation, int]
    victor: str | None
    boarded: bool
    fire: dict[str, int] = {}                 # Module 2: the burning sides (public)
    penalty: dict[str, str] = {}              # Module 2: the skill a side loses a die on to spikes (public)


class MerchantsView(BaseModel):
    viewer: int | None
    players: list[PlayerView]
    order: list[int]
    zones: dict[Zone, ZoneView]
    track: list[Nation]
    demand_pile: int
    decks: dict[str, DeckView]
    board: list[Slot]
    npcs: dict[str, Npc]
    arrivals: list[Arrival]
    wars: list[tuple[Nation, Nation]]
    round: Round
    turn: Turn
    picks: SealedView[str] | None
    fight: FightView | None
    raid: Raid | None
    waiting: Pending | None
    prompt: dict[str, Any] | None
    final: dict[int, dict[str, int]] | None
    winners: list[int]
    log_tail: list[str]
    locations: dict[Zone, str] = {}           # Module 9: zone -> location kind (public)
    wind: Bearing | None = None               # Module 8: this round's vane (public)
    storm: Zone | None = None                 # Module 8: the storm token's zone (public)
    treasure_gold: int | None = None          # Module 6: the galleon's gold while it sails (public)
    mod_reserve: int | None = None            # Module 3: how many modification tokens lie face down off the board
    npc_upgrades: dict[str, list[str]] | None = None   # Module 4: the tokens on each NPC's card (public)
    npc_reserve: int | None = None            # Module 4: how many NPC upgrade tokens lie face down


def _economy(s: State, i: int) -> dict[str, Any]:
    """Modules 7, 10 and 11: public fields, present only with their option on."""
    p, o = s.players[i], s.options
    return {"loyalty": p.loyalty if o.get("module_11") else None, "goodwill": p.goodwill if o.get("module_10") else None,
            "contraband": list(p.contraband) if o.get("module_7") else None,
            "tucked": len(p.tucked) if o.get("module_7") else None}


def _smuggled(s: State, i: int, mine: bool) -> dict[str, Any]:
    """The smuggler's hold: its card the owner's alone, that one is there public (Modules 3, 7)."""
    p, on = s.players[i], bool(s.options.get("module_3") and s.options.get("module_7"))
    return {"hidden": p.hidden if mine else None, "has_hidden": p.hidden is not None if on else None}


def _player(s: State, i: int, viewer: int | None) -> PlayerView:
    p, mine, setup = s.players[i], viewer == i, s.turn.phase == "setup"
    return PlayerView(**_economy(s, i), **_smuggled(s, i, mine),
        seat=i, captain=p.captain if mine or not setup else None, ship=None if setup else p.ship,
        zone=None if setup else p.zone, in_port=p.in_port, glory=p.glory,
        stash=p.stash if mine or s.final is not None else None, glory_cards=list(p.glory_cards) if mine else None,
        glory_card_count=len(p.glory_cards), bounties=dict(p.bounties), ship_glory=p.ship_glory,
        bought_at=p.bought_at, deaths=p.deaths, rumour=p.rumour if mine else None, has_rumour=p.rumour is not None, specialists=list(p.specialists),
        passenger=p.passenger, card_turned=p.card_turned, dealt=list(s.dealt[i]) if mine and i in s.dealt else None)


def _fight(s: State, viewer: int | None) -> FightView | None:
    f = s.fight
    if f is None:
        return None
    sealed = f.orders is not None       # the NPC bot's order waits with the players' ones
    return FightView(sides=dict(f.sides), round_no=f.round_no, step=f.step,
                     orders=f.orders.view_for(viewer) if f.orders is not None else None,
                     declared={} if sealed else dict(f.declared), contest=dict(f.contest), winner=f.winner,
                     dice=dict(f.dice), shots=dict(f.shots), npc_points=dict(f.npc_points), victor=f.victor,
                     boarded=f.boarded, fire=dict(f.fire), penalty=dict(f.penalty))


def build_view(s: State, viewer: int | None, pending: Pending | None) -> MerchantsView:
    top = s.stack[-1] if s.stack else None
    decks = {k: getattr(s, k).view() for k in ("cargo", "events", "glory", "captains", "missions", "rumours")}
    return MerchantsView(
        viewer=viewer, players=[_player(s, i, viewer) for i in range(len(s.players))], order=list(s.order),
        zones={z: ZoneView(merchant=zs.merchant is not None, demand=zs.demand,
                           modification=zs.modification if zs.revealed else None,
                           has_modification=zs.modification is not None) for z, zs in s.zones.items()},
        track=list(s.track), demand_pile=len(s.demand_pile), decks=decks, board=list(s.board),
        npcs=dict(s.npcs), arrivals=list(s.arrivals), wars=list(s.wars), round=s.round, turn=s.turn,
        picks=s.picks.view_for(viewer) if s.picks is not None else None, fight=_fight(s, viewer), raid=s.raid,
        waiting=pending, prompt=top.model_dump() if top is not None else None, final=s.final,
        winners=list(s.winners), log_tail=list(s.log_tail), locations=dict(s.locations), wind=_wind(s), storm=s.storm,
        treasure_gold=s.treasure_gold if "treasure_galleon" in s.npcs else None, **combat_view(s))


def _wind(s: State) -> Bearing | None:
    """The vane's bearing, shown only while the wind's part of Module 8 is in play (with the
    storm alone it only steers the storm, which the log says)."""
    from engine.merchants_marauders.rules.weather_turn import wind_on
    return s.round.wind if wind_on(s) else None
