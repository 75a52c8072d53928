"""Achievements Overview, Achievements List and the optional Bonus Achievement Tokens.

Each of the 9 Achievements is a requirement on one plain number of the player's (`Facts`),
checked against its target in data/dead_reckoning/achievements.toml. The order-of-claim rules:
- on your own turn a met requirement places one of your markers at once;
- a starred Achievement (`off_turn` in the data) met on someone else's turn waits: the marker is
  placed when your own turn starts, and only if you still meet it then; an unstarred one is
  claimed only on your own turn;
- any number of players may hold the same Achievement, and a placed marker stays for good;
- Legendary, Expert Sailors and Explorer show progress with the player's own cubes (from the
  30-cube pool) until the target is met, when they go back to the supply; Explorer's go back too
  once too few boards are left to reach the target;
- Capitalist, met at 30 coins in the secret chest, is announced the moment it is met.
The engine keeps the Facts and calls `check` whenever one changes and at each turn start."""
from __future__ import annotations

from functools import cache
from typing import Literal, NamedTuple, get_args

from pydantic import BaseModel, ConfigDict, Field

from engine.core.rng import Rng
from engine.dead_reckoning.defs import AchievementDef, AchievementId, defs

ORDER: tuple[AchievementId, ...] = get_args(AchievementId)
BattleKind = Literal["ship", "merchant", "building"]        # against a player's Ship, a Merchant, Buildings
SinkCause = Literal["battle", "garrison", "card"]


def definition(aid: AchievementId) -> AchievementDef:
    return defs().achievements.achievements[aid]


def goal(aid: AchievementId, players: int) -> int:
    """The target: Explorer's depends on the player count (5, 4, 3 boards for 2, 3, 4 players)."""
    return definition(aid).goal(players)


def starred(aid: AchievementId) -> bool:
    return definition(aid).off_turn


class Facts(BaseModel):
    """The plain numbers the 9 requirements read, for one player."""
    model_config = ConfigDict(frozen=True)

    ship_wins: int = 0             # Legendary: battles won with the Ship, Buildings' battles excluded
    level_4_cards: int = 0         # Expert Sailors
    ships_sunk: int = 0            # Terror of the Sea: other players' Ships this player sank
    buildings: int = 0             # Builder: Buildings on islands the player controls, right now
    chest: int = 0                 # Capitalist: coins in the Treasure chest
    permanent_cubes: int = 0       # Settler: across all islands
    upgrades: int = 0              # Elite Vessel: Upgrade tiles acquired, covered ones included
    explored: int = 0              # Explorer: boards this player explored
    cargo_returned: int = 0        # Master Merchant: returned at once by that action, else 0
    unexplored_left: int | None = None    # face-down boards left (None: not tracked)


FACT: dict[AchievementId, str] = {
    "legendary": "ship_wins", "expert_sailors": "level_4_cards", "terror_of_the_sea": "ships_sunk",
    "builder": "buildings", "capitalist": "chest", "settler": "permanent_cubes",
    "elite_vessel": "upgrades", "explorer": "explored", "master_merchant": "cargo_returned",
}


class Requirement(NamedTuple):
    """One Achievement's requirement for a player count, as the data gives it."""
    aid: AchievementId
    fact: str                  # the field of Facts it reads
    goal: int
    starred: bool
    progress_cubes: bool

    def value(self, facts: Facts) -> int:
        return int(getattr(facts, self.fact))


@cache
def requirements(players: int) -> tuple[Requirement, ...]:
    """The 9 requirements in ORDER, read off the data once per player count (`check` runs after
    every step of a turn)."""
    return tuple(Requirement(aid, FACT[aid], goal(aid, players), starred(aid), definition(aid).progress_cubes)
                 for aid in ORDER)


def meets(aid: AchievementId, facts: Facts, players: int) -> bool:
    """Whether the player meets the requirement right now."""
    return int(getattr(facts, FACT[aid])) >= goal(aid, players)


def counts_for_legendary(kind: BattleKind, won: bool) -> bool:
    """A won battle of the player's Ship counts, attacking or defending, against a player's Ship
    (a Pirate fight included) or a Merchant; a battle with Buildings, either side, never does."""
    return won and kind != "building"


def terror_credit(sunk: str, caused_by: str | None, cause: SinkCause) -> str | None:
    """Who a sinking counts for toward Terror of the Sea (DR-ACH-11 reading): the player who
    caused it under the sinking rules (the one who takes the lost coins), whether by a battle,
    a Garrison or a card's damage; nobody when no one else caused it."""
    del cause                         # every cause counts; the parameter says so at the call site
    return caused_by if caused_by is not None and caused_by != sunk else None


def explorer_reachable(facts: Facts, players: int) -> bool:
    """Whether enough face-down boards remain for the player still to reach Explorer's target."""
    if facts.unexplored_left is None:
        return True
    return facts.explored + facts.unexplored_left >= goal("explorer", players)


class Claim(BaseModel):
    """One player's standing on one Achievement."""
    cubes: int = 0             # progress cubes on the space
    waiting: bool = False      # a starred one met on another's turn: the marker waits for their turn
    marker: bool = False


class Record(BaseModel):
    """One player's Achievements: a claim on each of the 9."""
    claims: dict[AchievementId, Claim] = Field(default_factory=lambda: {a: Claim() for a in ORDER})

    def markers(self) -> int:
        return sum(c.marker for c in self.claims.values())

    def completed(self) -> set[AchievementId]:
        return {a for a, c in self.claims.items() if c.marker}


class Checked(BaseModel):
    record: Record
    placed: list[AchievementId]          # markers placed by this check
    supply: int                          # cubes back to the supply (negative: cubes taken from it)
    announce: list[AchievementId]        # to be told to everyone now (Capitalist)


def _progress_cubes(r: Requirement, n: int, facts: Facts, players: int) -> int:
    """The cubes a progress Achievement shows: one per step below the target (`n` steps), none
    once the target is met (they go back as the marker is earned) or, for Explorer, once it is
    out of reach."""
    if not r.progress_cubes or n >= r.goal or (r.aid == "explorer" and not explorer_reachable(facts, players)):
        return 0
    return n


def check(record: Record, facts: Facts, players: int, own_turn: bool) -> Checked:
    """Bring a player's Achievements up to date with its Facts. On its own turn every met
    requirement places a marker (while markers last); on another's turn a met starred one waits,
    and a waiting one no longer met stops waiting. Placed markers never change."""
    left = defs().achievements.markers_per_player - record.markers()
    claims = dict(record.claims)
    placed: list[AchievementId] = []
    announce: list[AchievementId] = []
    supply = 0
    for r in requirements(players):
        aid, old = r.aid, claims[r.aid]
        if old.marker:
            continue
        n = r.value(facts)
        met = n >= r.goal                                        # meets()
        cubes = _progress_cubes(r, n, facts, players)
        waiting = met and r.starred and not own_turn
        marker = met and own_turn and left > 0
        if marker:
            left -= 1
            placed.append(aid)
        if aid == "capitalist" and met and not old.waiting:
            announce.append(aid)
        supply += old.cubes - cubes
        new = (cubes, waiting and not marker, marker)
        if new != (old.cubes, old.waiting, old.marker):          # most checks change nothing: keep the claim
            claims[aid] = Claim(cubes=new[0], waiting=new[1], marker=new[2])
    # validated: for these small models pydantic-core's check is quicker than model_construct
    # (this runs after every step of a turn); the claims kept are not checked again
    return Checked(record=Record(claims=claims), placed=placed, supply=supply, announce=announce)


def master_merchant(ship_cargo: int, dock_cargo: int, from_ship: int) -> tuple[int, int]:
    """Pay Master Merchant (DR-ACH-20 reading): 12 cargo at once, `from_ship` of them from the
    Ship and the rest from the Dock, for nothing but the marker. Returns the cargo left on the
    Ship and on the Dock."""
    need = goal("master_merchant", players=4)          # one target for every player count
    from_dock = need - from_ship
    if ship_cargo + dock_cargo < need:
        raise ValueError(f"Master Merchant takes {need} cargo at once; you have {ship_cargo + dock_cargo}")
    if not 0 <= from_ship <= ship_cargo or from_dock > dock_cargo:
        raise ValueError(f"you cannot pay {from_ship} from your Ship ({ship_cargo}) and {from_dock} from your Dock ({dock_cargo})")
    return ship_cargo - from_ship, dock_cargo - from_dock


# ---- Bonus Achievement tokens (optional) ----
def deal_tokens(rng: Rng, seats: list[str]) -> dict[str, list[str]]:
    """Deal each seat 2 tokens at random from the 9 (the rest stay unseen)."""
    a = defs().achievements
    pool = list(a.tokens)
    rng.shuffle(pool)
    return {s: pool[i * a.bonus_dealt:(i + 1) * a.bonus_dealt] for i, s in enumerate(seats)}


def keep_token(dealt: list[str], kept: str) -> str:
    if kept not in dealt:
        raise ValueError(f"{kept} is not one of your tokens ({', '.join(dealt)})")
    return kept


def token_bonus(token: str, completed: set[AchievementId]) -> int:
    """Game end: 2 coins for each completed Achievement the kept token shows."""
    a = defs().achievements
    return a.bonus_coins * sum(1 for aid in a.tokens[token].shows if aid in completed)
