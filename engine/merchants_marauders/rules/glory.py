"""Glory and victory (base reconstruction sections 7.4 and 7.5), the stash (section 4, "Stash"),
Variant 3 (Glory or Death: the stash's glory costs more for each point) and captain death with
the new captain's setup (section 5).

Readings (Parley's):
- Variant 3 stops at 5 glory from the stash as the base does; gold stashed beyond the price of
  the points it bought stays in the stash, buys nothing and still counts as gold for the
  tie-break (MM-V3-09).
- Every glory point gained, except the stash's, draws one glory card; a deck that runs out
  draws no more. Over the hand limit of 4 the captain discards down to it, choosing which.
- A new captain is set up as at the start: a sloop or a flute, one glory card and 10 gold, the
  gold taken from the stash first (as much of it as there is, up to 10) and the bank paying the
  rest. The once-per-captain ship glory is open to the new captain again."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.vocab import Nation, ShipType, Weapon, Zone

GLORY_TO_WIN = 10
GLORY_HAND_LIMIT = 4
STASH_GOLD_PER_GLORY = 10
STASH_GLORY_MAX = 5
GLORY_OR_DEATH_COSTS = (10, 15, 20, 25, 30)    # Variant 3: the 1st to 5th point from the stash
START_GOLD = 10
START_GLORY_CARDS = 1
START_SHIPS: tuple[ShipType, ...] = ("sloop", "flute")
GLORY_SHIPS: tuple[ShipType, ...] = ("frigate", "galleon")    # not the brig (MM-M5-03)

# What earns glory (section 7.4), one point each.
GlorySource = Literal["victory", "demand_sale", "rich_raid", "mission", "rumour", "ship", "stash"]
VictoryMode = Literal["finish_round", "immediate"]
Seat = int


# ---- Glory sources and glory cards ----
def draws_glory_cards(source: GlorySource) -> bool:
    """Each point gained draws a glory card, except the stash's points."""
    return source != "stash"


def ship_glory(ship: ShipType, earned_by_this_captain: bool) -> int:
    """1 glory for a captain's first frigate or galleon bought; none after it, and none for a brig."""
    return 1 if ship in GLORY_SHIPS and not earned_by_this_captain else 0


class GloryDraw(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    hand: list[str]
    deck: list[str]             # index 0 is its top
    over_limit: int             # cards to discard down to the hand limit


def draw_glory_cards(hand: Sequence[str], deck: Sequence[str], points: int, source: GlorySource) -> GloryDraw:
    """One glory card per point gained from `source`, off the top of the deck."""
    n = min(points, len(deck)) if draws_glory_cards(source) else 0
    new_hand = [*hand, *deck[:n]]
    return GloryDraw(hand=new_hand, deck=list(deck[n:]), over_limit=max(len(new_hand) - GLORY_HAND_LIMIT, 0))


def discard_to_limit(hand: Sequence[str], discarding: Sequence[str]) -> list[str]:
    """The hand after discarding exactly the cards it holds over the limit."""
    over = max(len(hand) - GLORY_HAND_LIMIT, 0)
    if len(set(discarding)) != len(discarding) or any(c not in hand for c in discarding):
        raise IllegalActionError("Discard only glory cards from your hand, each once.")
    if len(discarding) != over:
        raise IllegalActionError(f"You may hold {GLORY_HAND_LIMIT} glory cards: discard {over}.")
    return [c for c in hand if c not in set(discarding)]


# ---- The stash ----
def stash(gold: int, stashed: int, amount: int, in_port: Zone | None, home_port: Zone) -> tuple[int, int]:
    """Move gold from the ship into the chest, in the captain's home port only: (gold aboard,
    stash). The stash is private and nothing ever comes back out of it by this action."""
    if in_port != home_port:
        raise IllegalActionError("You can stash gold only in your captain's home port.")
    if amount <= 0:
        raise IllegalActionError("Stash at least 1 gold.")
    if amount > gold:
        raise IllegalActionError(f"You have {gold} gold aboard; you cannot stash {amount}.")
    return gold - amount, stashed + amount


def stash_points_cost(points: int, glory_or_death: bool = False) -> int:
    """Gold the stash needs for `points` glory: 10 a point, or 10, 15, 20, 25, 30 under
    Variant 3 (so 5 points need 50, or 100)."""
    if not 0 <= points <= STASH_GLORY_MAX:
        raise ValueError(f"the stash gives 0 to {STASH_GLORY_MAX} glory, not {points}")
    if glory_or_death:
        return sum(GLORY_OR_DEATH_COSTS[:points])
    return STASH_GOLD_PER_GLORY * points


def stash_glory(stashed: int, glory_or_death: bool = False) -> int:
    """The glory a stash counts for: the most points whose price it covers, at most 5."""
    return max(p for p in range(STASH_GLORY_MAX + 1) if stash_points_cost(p, glory_or_death) <= stashed)


# ---- Victory ----
class Standing(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    seat: Seat
    glory: int                  # the glory track
    stash: int = 0
    gold: int = 0               # aboard
    bounties: int = 0


def total_glory(s: Standing, glory_or_death: bool = False) -> int:
    return s.glory + stash_glory(s.stash, glory_or_death)


def game_over(standings: Sequence[Standing], mode: VictoryMode = "finish_round", end_of_round: bool = False,
              glory_or_death: bool = False) -> bool:
    """A captain at 10 glory (track and stash) ends the game: at the end of that round by
    Parley's default, so every captain had as many turns, or at once with `immediate`."""
    reached = any(total_glory(s, glory_or_death) >= GLORY_TO_WIN for s in standings)
    return reached and (mode == "immediate" or end_of_round)


def ranking(standings: Sequence[Standing], glory_or_death: bool = False) -> list[list[Seat]]:
    """Places by total glory; ties by more gold (aboard and stashed), then fewer bounty tokens;
    seats still level share the place."""
    def key(s: Standing) -> tuple[int, int, int]:
        return (-total_glory(s, glory_or_death), -(s.gold + s.stash), s.bounties)
    places: list[list[Seat]] = []
    last: tuple[int, int, int] | None = None
    for s in sorted(standings, key=key):
        if key(s) == last:
            places[-1].append(s.seat)
        else:
            places.append([s.seat])
            last = key(s)
    return places


def winners(standings: Sequence[Standing], glory_or_death: bool = False) -> list[Seat]:
    """The first place; more than one seat is a shared win."""
    return ranking(standings, glory_or_death)[0]


# ---- Captain death and the new captain ----
class Holdings(BaseModel):
    """What a player has under one captain."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    home_port: Zone
    ship: ShipType | None = None
    glory: int = 0
    stash: int = 0
    gold: int = 0
    glory_cards: list[str] = []
    specialists: list[str] = []
    rumour: str | None = None
    mission: str | None = None
    cargo: list[str] = []
    weapons: list[Weapon] = []
    modifications: list[str] = []
    bounties: list[Nation] = []
    ship_glory_earned: bool = False


KEPT_ON_DEATH = ("glory", "stash")
LOST_ON_DEATH = ("ship", "gold", "glory_cards", "specialists", "rumour", "mission", "cargo", "weapons",
                 "bounties", "ship_glory_earned")


class Death(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    kept: Holdings                  # glory and stash only, the home port still the dead captain's
    lost: Holdings                  # everything discarded
    to_ports: list[str]             # the ship's modifications, back to the ports


def captain_death(h: Holdings) -> Death:
    """The captain dies: glory and the stash stay; the ship, everything aboard, all cards and
    the bounty tokens are discarded; the ship's modifications go back to the ports."""
    kept = Holdings(home_port=h.home_port, glory=h.glory, stash=h.stash)
    lost = h.model_copy(update={"glory": 0, "stash": 0, "modifications": []})
    return Death(kept=kept, lost=lost, to_ports=list(h.modifications))


def starting_gold(stashed: int) -> tuple[int, int]:
    """The new captain's 10 gold: from the stash as far as it goes, the bank paying the rest.
    (gold aboard, stash after)."""
    from_stash = min(START_GOLD, stashed)
    return START_GOLD, stashed - from_stash


def new_captain(kept: Holdings, home_port: Zone, ship: ShipType, glory_cards: Sequence[str]) -> Holdings:
    """Set up the new captain: the stash moves to the new home port, a starting ship, the
    starting glory card and 10 gold (`starting_gold`)."""
    if ship not in START_SHIPS:
        raise IllegalActionError("A new captain starts with a sloop or a flute.")
    if len(glory_cards) != START_GLORY_CARDS:
        raise ValueError(f"a new captain takes {START_GLORY_CARDS} glory card, not {len(glory_cards)}")
    gold, left = starting_gold(kept.stash)
    return kept.model_copy(update={"home_port": home_port, "ship": ship, "gold": gold, "stash": left,
                                   "glory_cards": list(glory_cards)})


def may_redraw_captain(home_port: Zone, pirate_npc_zones: Sequence[Zone]) -> bool:
    """A new captain whose home zone holds a pirate NPC may be redrawn."""
    return home_port in pirate_npc_zones
