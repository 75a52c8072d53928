"""Pydantic models of data/scoundrel_bay/*.toml, loaded once and validated.

Each file is checked on its own (its shape and the closed vocabularies below), then the set as a
whole (every name one file uses exists in the file that defines it). Any problem is a DataError
that names the file, the row and the field. The data is Parley's own design following the
rulebook; docs/scoundrel_bay-data.md gives the reasons."""
from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import load_table_file, validate_set

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "scoundrel_bay"

Flag = Literal["blue", "black", "yellow", "red"]
RegionKind = Literal["harbor", "village", "beach", "hideout"]
MonsterType = Literal["skeleton", "siren", "harpy", "kraken"]
Resource = Literal["ring", "map", "rum", "food"]
Tool = Literal["food_production", "sword", "gun", "shield"]
Kind3 = Literal[1, 2, 3]                 # treasure and crate types
SailReward = Literal["star", "sun", "moon"]
MilestoneType = Literal["treasure", "crate", "monster", "hideout"]
# Rewards (rulebook appendix). The last five are taken once: n stays 1.
Gain = Literal[Resource, Tool, Literal[
    "doubloons", "reputation", "pirate_move", "citizens", "unlock", "ship_repair",
    "blind_recruit", "paid_blind_recruit", "sell_resources", "scoundrel_bay_half", "cook"]]
ONCE = {"blind_recruit", "paid_blind_recruit", "sell_resources", "scoundrel_bay_half", "cook"}
Pay = Literal[Resource, Literal["doubloons", "sword"]]
# Punishments (rulebook appendix), and the events' "resources of your choice".
Suffer = Literal["doubloons", "ship_damage", "pirate_dies", "any_resource"]
HARBORS = ("Port Harleem", "Cabyss", "Dodge Harbor", "Arbega", "Scoundrel Bay")
POT_HARBOR, LAST_REEF_HARBOR = "Scoundrel Bay", "Arbega"


class DataError(ValueError):
    """A data file is malformed or contradicts another one."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Positive = Annotated[int, Field(ge=1)]
Natural = Annotated[int, Field(ge=0)]


class Cost(Strict):
    pay: Pay
    n: Positive = 1


class Reward(Strict):
    gain: Gain
    n: Positive = 1
    price: list[Cost] = []

    @model_validator(mode="after")
    def _shape(self) -> Reward:
        if self.gain in ONCE and self.n != 1:
            raise ValueError(f"'{self.gain}' is taken once: leave out n")
        if (self.gain == "paid_blind_recruit") != bool(self.price):
            raise ValueError("a price belongs to 'paid_blind_recruit', and it needs one")
        return self


class Loss(Strict):
    suffer: Suffer
    n: Positive = 1
    shortfall: Literal["ship_damage"] | None = None   # what each unpaid unit turns into


# ---- board.toml ----
class SeaSpace(Strict):
    number: int
    next: int
    monster: MonsterType | None = None


class Reef(Strict):
    number: int
    after: int                      # the reef lies between this space and its next
    at: str | None = None           # a region it stands by
    first_past: list[Reward] = []


class TradingShip(Strict):
    swords: Positive
    rewards: list[Reward] = Field(min_length=1)


class MarketOption(Strict):
    food: int = Field(ge=1, le=6)
    rewards: list[Reward] = Field(min_length=1)
    alternative: list[Reward] = []  # "or instead", for the same food


KIND_FIELDS: dict[str, set[str]] = {"harbor": {"letter", "ship", "market", "gold"}, "village": {"crate_spaces"},
                                    "beach": {"treasure_spaces"}, "hideout": {"maps", "swords"}}
KIND_NEEDS: dict[str, set[str]] = {"harbor": {"ship", "market"}, "village": {"crate_spaces"},
                                   "beach": {"treasure_spaces"}, "hideout": {"maps", "swords"}}


class Region(Strict):
    id: str
    name: str
    kind: RegionKind
    island: str
    flag: Flag
    seas: list[int] = Field(min_length=1)
    letter: str | None = None
    ship: TradingShip | None = None
    market: list[MarketOption] = []
    gold: list[int] = []            # 1st, 2nd, 3rd most pirates
    crate_spaces: list[Kind3] = []
    treasure_spaces: list[Kind3] = []
    maps: Natural = 0
    swords: Natural = 0

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Region:
        foreign = self.model_fields_set & set().union(*KIND_FIELDS.values()) - KIND_FIELDS[self.kind]
        if foreign:
            raise ValueError(f"a {self.kind} has no {', '.join(sorted(foreign))}")
        if missing := KIND_NEEDS[self.kind] - self.model_fields_set:
            raise ValueError(f"a {self.kind} needs {', '.join(sorted(missing))}")
        if self.kind == "harbor" and not self.market:
            raise ValueError("a harbor's market needs at least one option")
        if self.gold and (len(self.gold) != 3 or self.gold != sorted(self.gold, reverse=True)):
            raise ValueError(f"gold must be 3 values for 1st, 2nd and 3rd, highest first, got {self.gold}")
        return self


class Link(Strict):
    between: tuple[str, str]
    bridge: bool = False


class BoardFile(Strict):
    start: int
    sea: list[SeaSpace]
    reefs: list[Reef]
    regions: dict[str, Region]
    links: list[Link]

    def space(self, number: int) -> SeaSpace:
        return next(s for s in self.sea if s.number == number)

    def route(self) -> list[int]:
        """Sea spaces in sailing order, from the start round to the space before it."""
        order, at = [self.start], self.space(self.start).next
        while at != self.start:
            order.append(at)
            at = self.space(at).next
        return order

    def by_name(self, name: str) -> Region:
        return next(r for r in self.regions.values() if r.name == name)

    def of_kind(self, kind: RegionKind) -> list[Region]:
        return [r for r in self.regions.values() if r.kind == kind]

    @model_validator(mode="after")
    def _route_is_one_loop(self) -> BoardFile:
        numbers = [s.number for s in self.sea]
        if dupes := sorted(n for n, c in Counter(numbers).items() if c > 1):
            raise ValueError(f"sea spaces listed twice: {dupes}")
        if bad := [s.number for s in self.sea if s.next not in numbers]:
            raise ValueError(f"sea spaces {bad} lead to a space that does not exist")
        if self.start not in numbers:
            raise ValueError(f"the start space {self.start} is not a sea space")
        if (nexts := Counter(s.next for s in self.sea)).most_common(1)[0][1] > 1:
            raise ValueError(f"the route forks: several spaces lead to {nexts.most_common(1)[0][0]}")
        seen, at = [self.start], self.space(self.start).next
        while at not in seen:
            seen.append(at)
            at = self.space(at).next
        if at != self.start or len(seen) != len(numbers):
            raise ValueError(f"the route must be one loop through every sea space from {self.start}; it reaches only {seen}")
        if [s.number for s in self.sea if s.monster is None] != [self.start]:
            raise ValueError("the start must be the only sea space without a monster")
        return self

    @model_validator(mode="after")
    def _reefs_lie_on_the_route(self) -> BoardFile:
        route = self.route()
        if [r.number for r in self.reefs] != list(range(1, len(self.reefs) + 1)) or len(self.reefs) != 5:
            raise ValueError(f"there are 5 reefs, numbered 1 to 5 in route order, got {[r.number for r in self.reefs]}")
        if bad := [r.number for r in self.reefs if r.after not in route]:
            raise ValueError(f"reefs {bad} lie after a sea space that does not exist")
        where = [route.index(r.after) for r in self.reefs]
        if where != sorted(set(where)):
            raise ValueError(f"reefs must follow one another along the route, got positions {where}")
        for r in self.reefs:
            if r.at is None:
                continue
            region = self.regions.get(r.at)
            if region is None or not {r.after, self.space(r.after).next} & set(region.seas):
                raise ValueError(f"reef {r.number} is at {r.at!r}, which is not a region beside it")
        last = self.reefs[-1]
        if last.at is None or self.regions[last.at].name != LAST_REEF_HARBOR:
            raise ValueError(f"the 5th reef must be at {LAST_REEF_HARBOR}")
        return self

    @model_validator(mode="after")
    def _regions_fit_together(self) -> BoardFile:
        names = sorted(r.name for r in self.of_kind("harbor"))
        if names != sorted(HARBORS):
            raise ValueError(f"the harbors must be exactly {', '.join(HARBORS)}; got {', '.join(names)}")
        for r in self.regions.values():
            if bad := sorted(set(r.seas) - {s.number for s in self.sea}):
                raise ValueError(f"region {r.id} touches sea spaces that do not exist: {bad}")
        if lonely := sorted(set(self.route()) - {n for r in self.regions.values() for n in r.seas}):
            raise ValueError(f"sea spaces {lonely} touch no region")
        for h in self.of_kind("harbor"):
            if (h.name == POT_HARBOR) != (h.letter is None) or (h.name == POT_HARBOR) != (not h.gold):
                raise ValueError(f"harbor {h.id}: every harbor but {POT_HARBOR} has a crate letter and gold; {POT_HARBOR} has neither")
        letters = [h.letter for h in self.of_kind("harbor") if h.letter]
        if len(set(letters)) != len(letters):
            raise ValueError(f"harbor letters must differ, got {letters}")
        pairs: set[frozenset[str]] = set()
        for link in self.links:
            a, b = link.between
            if a not in self.regions or b not in self.regions or a == b:
                raise ValueError(f"link {a} - {b} must join two different regions that exist")
            if frozenset((a, b)) in pairs:
                raise ValueError(f"link {a} - {b} is listed twice")
            pairs.add(frozenset((a, b)))
            if link.bridge != ("hideout" in (self.regions[a].kind, self.regions[b].kind)):
                raise ValueError(f"link {a} - {b}: hideouts are reached by bridges, and only hideouts")
        for island in {r.island for r in self.regions.values()}:
            members = {r.id for r in self.regions.values() if r.island == island}
            reached, todo = set(), [min(members)]
            while todo:
                here = todo.pop()
                reached.add(here)
                todo += [x for p in pairs if here in p for x in p if x not in reached]
            if reached != members:
                raise ValueError(f"island {island}: regions {sorted(members - reached)} are cut off from the rest")
        back = next(s.number for s in self.sea if s.next == self.start)
        if back not in self.by_name(LAST_REEF_HARBOR).seas or self.start not in self.by_name("Port Harleem").seas:
            raise ValueError("the way back must round Arbega (the last space touches it) into Port Harleem (the start touches it)")
        return self


# ---- cards.toml ----
class CardDef(Strict):
    id: str
    name: str
    flag: Flag
    pirates: int = Field(ge=0, le=4)
    tools: list[Tool]
    star: list[Reward] = Field(min_length=1)
    sun: list[Reward] = Field(min_length=1)
    moon: list[Reward] = Field(min_length=1)


class StartingCardDef(CardDef):
    board: int


class DisplayDef(Strict):
    costs: list[int] = Field(min_length=1)   # rum, leftmost slot first
    scout_rum: Positive

    @model_validator(mode="after")
    def _leftmost_free(self) -> DisplayDef:
        if self.costs[0] != 0 or self.costs != sorted(self.costs) or max(self.costs) > 2:
            raise ValueError(f"display costs run from 0 (leftmost) up to at most 2 rum, got {self.costs}")
        return self


class CardsFile(Strict):
    leanings: dict[Flag, Literal["all-round", "hideouts", "beaches", "villages"]]
    display: DisplayDef
    cards: dict[str, CardDef]
    starting: dict[int, StartingCardDef]

    @model_validator(mode="after")
    def _one_leaning_per_colour(self) -> CardsFile:
        if set(self.leanings) != set(get_args(Flag)) or len(set(self.leanings.values())) != len(self.leanings):
            raise ValueError("leanings give each of the four colours a strategy of its own")
        return self


# ---- player_boards.toml ----
TrackName = Literal[Tool, Literal["ship_damage"]]


class Track(Strict):
    low: int = Field(1, ge=1)
    high: int


class DamageTrack(Track):
    gold: list[int]                 # gold lost at each level, low to high

    @model_validator(mode="after")
    def _gold_per_level(self) -> DamageTrack:
        if len(self.gold) != self.high - self.low + 1 or self.gold != sorted(self.gold):
            raise ValueError("ship damage needs one rising gold value per level")
        return self


class Tracks(Strict):
    food_production: Track
    sword: Track
    gun: Track
    shield: Track
    ship_damage: DamageTrack


class PlayerBoardDef(Strict):
    number: int
    flags: dict[Flag, int]
    start: dict[TrackName, int]


class PlayerBoardsFile(Strict):
    tracks: Tracks
    boards: dict[int, PlayerBoardDef]

    @model_validator(mode="after")
    def _starts_on_the_tracks(self) -> PlayerBoardsFile:
        for b in self.boards.values():
            for name in get_args(TrackName):
                track: Track = getattr(self.tracks, name)
                if not track.low <= b.start.get(name, 0) <= track.high:
                    raise ValueError(f"board {b.number}: {name} must start between {track.low} and {track.high}")
        return self


# ---- reputation.toml, monsters.toml, treasures.toml, crates.toml ----
class RepSpace(Strict):
    space: int
    gold: int
    bonus: list[Reward] = []


class ReputationFile(Strict):
    two_player_space: int
    spaces: dict[int, RepSpace]

    @model_validator(mode="after")
    def _one_track(self) -> ReputationFile:
        if sorted(self.spaces) != list(range(len(self.spaces))):
            raise ValueError("reputation spaces must be numbered 0, 1, 2 … without gaps")
        if self.spaces[0].bonus or not all(s.bonus for n, s in self.spaces.items() if n):
            raise ValueError("every space but the bottom one has a bonus")
        if (gold := [self.spaces[n].gold for n in sorted(self.spaces)]) != sorted(gold):
            raise ValueError("reputation gold must never fall along the track")
        if self.two_player_space not in self.spaces:
            raise ValueError(f"two_player_space {self.two_player_space} is not on the track")
        return self


class DieDef(Strict):
    faces: list[int | Literal["critical", "miss"]]

    @model_validator(mode="after")
    def _one_of_each_special(self) -> DieDef:
        if len(self.faces) != 6 or self.faces.count("critical") != 1 or self.faces.count("miss") != 1:
            raise ValueError("the monster die has 6 faces: numbers, one critical hit and one miss")
        return self

    def numbers(self) -> list[int]:
        return [f for f in self.faces if isinstance(f, int)]


class MonsterTypeDef(Strict):
    type: MonsterType
    sticker: str
    rewards: list[Reward]
    losses: list[Loss]

    @model_validator(mode="after")
    def _monster_table_vocabulary(self) -> MonsterTypeDef:
        if {r.gain for r in self.rewards} - {"reputation", "ring"} or {x.suffer for x in self.losses} - {"ship_damage", "pirate_dies"}:
            raise ValueError("monster rewards are reputation and rings; losses are ship damage and dead pirates")
        return self


class MonsterDef(Strict):
    id: str
    name: str
    type: MonsterType
    guns: Natural
    shields: Natural


class MonstersFile(Strict):
    die: DieDef
    types: dict[MonsterType, MonsterTypeDef]
    monsters: dict[str, MonsterDef]

    @model_validator(mode="after")
    def _every_type_in_the_table(self) -> MonstersFile:
        if missing := set(get_args(MonsterType)) - set(self.types):
            raise ValueError(f"the monster table has no row for {', '.join(sorted(missing))}")
        return self

    def strength_range(self, kind: MonsterType) -> tuple[tuple[int, int], tuple[int, int]]:
        """The table's information: (guns, shields) totals from the weakest to the strongest roll."""
        ms, lo, hi = [m for m in self.monsters.values() if m.type == kind], min(self.die.numbers()), max(self.die.numbers())
        return ((min(m.guns for m in ms) + lo, max(m.guns for m in ms) + hi),
                (min(m.shields for m in ms) + lo, max(m.shields for m in ms) + hi))


class TreasureDef(Strict):
    id: str
    type: Kind3
    pirates: Positive
    rewards: list[Reward] = Field(min_length=1)


class CrateDef(Strict):
    id: str
    type: Kind3
    pirates: Positive
    letter: str
    doubloons: Natural
    contents: list[Reward] = Field(min_length=1)

    @model_validator(mode="after")
    def _contents_are_resources_and_tools(self) -> CrateDef:
        if bad := {r.gain for r in self.contents} - set(get_args(Resource)) - set(get_args(Tool)):
            raise ValueError(f"crates hold resources and tools only, not {', '.join(sorted(bad))}")
        return self


class TreasuresFile(Strict):
    treasures: dict[str, TreasureDef]


class CratesFile(Strict):
    crates: dict[str, CrateDef]


# ---- events.toml ----
class GhostAction(Strict):
    action: Literal["add", "remove"]
    harbor: str


EVENT_FIELDS = {"exchange": {"spend", "gain"}, "display-recruit": set(), "pirate-moves": {"moves"},
                "bid-rewards": {"choices"}, "bid-pardon": {"punishment"}}


class EventDef(Strict):
    id: str
    name: str
    kind: Literal["exchange", "display-recruit", "pirate-moves", "bid-rewards", "bid-pardon"]
    summary: str
    ghost: GhostAction
    spend: Natural = 0
    gain: Natural = 0
    moves: Natural = 0
    choices: list[list[Reward]] = []
    punishment: list[Loss] = []

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> EventDef:
        given = self.model_fields_set & set().union(*EVENT_FIELDS.values())
        if given != EVENT_FIELDS[self.kind]:
            raise ValueError(f"a {self.kind} event takes exactly {sorted(EVENT_FIELDS[self.kind]) or 'no extra fields'}")
        if self.kind == "bid-rewards" and (len(self.choices) != 3 or not all(self.choices)):
            raise ValueError("a bid for rewards offers 3 rewards, one for each bidder but the lowest of 4")
        return self


class EventsFile(Strict):
    events: dict[str, EventDef]


# ---- supply.toml, rules.toml ----
class StartKit(Strict):
    ring: int
    map: int
    rum: int
    food: int
    active_pirates: int
    unlock_tiles: int
    drawn_cards: int
    doubloons: list[int] = Field(min_length=4, max_length=4)   # by turn order


class Ghosts(Strict):
    harbors: dict[str, int]
    reserve: int
    reserve_region: str


class SupplyFile(Strict):
    unlock_tiles: int
    pirates_per_colour: int
    resources: dict[Resource, int]
    doubloon_tokens: dict[int, int]
    start: StartKit
    ghosts: Ghosts


class SailRules(Strict):
    rewards: dict[int, list[SailReward]]   # distance sailed -> rewards on offer

    @model_validator(mode="after")
    def _one_to_three(self) -> SailRules:
        if sorted(self.rewards) != [1, 2, 3]:
            raise ValueError("a ship sails 1, 2 or 3 spaces: give the rewards for each")
        return self


class CaptainRules(Strict):
    strength: int
    flags: int
    food: int


class OverflowRules(Strict):
    tool_reputation: int
    reputation_doubloons: int
    ship_damage: list[Loss]


class ScoringRules(Strict):
    scoundrel_bay: list[int] = Field(min_length=2, max_length=2)
    village_gold: int
    sick_gold: int
    graveyard_most_extra: int


class RulesFile(Strict):
    sail: SailRules
    captain: CaptainRules
    feed: dict[Literal["pirate_food"], int]
    moves: dict[Literal["bridge_swords"], int]
    exchange: dict[Literal["resource_sale_doubloons", "ring_rerolls"], int]
    overflow: OverflowRules
    end: dict[Literal["trigger_reef", "extra_turns"], int]
    scoring: ScoringRules
    setup: dict[int, list[Kind3]]   # players -> treasure types that get a second tile

    @model_validator(mode="after")
    def _setup_for_3_and_4(self) -> RulesFile:
        if sorted(self.setup) != [3, 4]:
            raise ValueError("setup lists the extra treasures of 3- and 4-player games")
        return self


# ---- milestones.toml, captains.toml, harbor_tokens.toml ----
class Need(Strict):
    count: Literal["treasures", "delivered_crates", "undelivered_crates", "reputation_space",
                   "conquered_monsters", "hideouts_occupied", "pirates_in"]
    at_least: Positive
    treasure_type: Kind3 | None = None
    region_kind: RegionKind | None = None
    flag: Flag | None = None

    @model_validator(mode="after")
    def _filters_fit(self) -> Need:
        if self.treasure_type is not None and self.count != "treasures":
            raise ValueError("treasure_type narrows 'treasures' only")
        if (self.region_kind is not None) != (self.count == "pirates_in") or (self.flag and self.count != "pirates_in"):
            raise ValueError("'pirates_in' needs a region_kind (and may take a flag); nothing else takes them")
        return self


class MilestoneDef(Strict):
    type: MilestoneType
    a: list[Need] = Field(min_length=1)
    b: list[Need] = Field(min_length=1)


UPGRADE_FIELDS = {"sail-reward": {"sail_reward", "distances"}, "free-reroll": set(), "dig-discount": {"n", "treasure_types"},
                  "move-after-dig": set(), "extra-maps": {"n"}, "full-crate-value": set(), "crate-strength": {"n"},
                  "plunder-reward": set()}


class UpgradeDef(Strict):
    id: str
    name: str
    milestone: MilestoneType
    ability: Literal["sail-reward", "free-reroll", "dig-discount", "move-after-dig", "extra-maps",
                     "full-crate-value", "crate-strength", "plunder-reward"]
    immediate: list[Reward] = []
    sail_reward: SailReward | None = None
    distances: list[Literal[1, 2, 3]] = []
    n: Natural = 0
    treasure_types: list[Kind3] = []

    @model_validator(mode="after")
    def _fields_fit_the_ability(self) -> UpgradeDef:
        if self.model_fields_set & set().union(*UPGRADE_FIELDS.values()) != UPGRADE_FIELDS[self.ability]:
            raise ValueError(f"a {self.ability} upgrade takes exactly {sorted(UPGRADE_FIELDS[self.ability]) or 'no extra fields'}")
        return self


class MilestonesFile(Strict):
    doubloons: list[int] = Field(min_length=3, max_length=3)
    discard_reputation: int
    milestones: dict[MilestoneType, MilestoneDef]
    upgrades: dict[str, UpgradeDef]

    @model_validator(mode="after")
    def _every_tile_has_upgrades(self) -> MilestonesFile:
        if set(self.milestones) != set(get_args(MilestoneType)):
            raise ValueError(f"there is one milestone tile per type: {', '.join(get_args(MilestoneType))}")
        if bare := set(self.milestones) - {u.milestone for u in self.upgrades.values()}:
            raise ValueError(f"milestone tiles without upgrades: {', '.join(sorted(bare))}")
        return self


class BackDef(Strict):
    per: Literal["crew_pirate_symbol", "reputation_gained", "pirate_on_board", "harbor_occupied",
                 "sword_and_gun_level", "hideout_occupied"]
    doubloons: Positive


class CaptainDef(Strict):
    id: str
    name: str
    ability: Literal["blind-recruit-tools", "sword-slays-monster", "map-landing", "market-discount",
                     "delivery-contents", "hideout-veteran"]
    summary: str
    back: BackDef
    price: list[Cost] = []
    rewards: list[Reward] = []
    losses: list[Loss] = []
    discount: Natural = 0


class CaptainsFile(Strict):
    captains: dict[str, CaptainDef]

    @model_validator(mode="after")
    def _each_once(self) -> CaptainsFile:
        for what, values in (("ability", [c.ability for c in self.captains.values()]),
                             ("back", [c.back.per for c in self.captains.values()])):
            if len(set(values)) != len(values):
                raise ValueError(f"two captain tiles share a {what}")
        return self


class TokenDef(Strict):
    place: Literal[1, 2, 3]
    gold: Natural


class HarborTokensFile(Strict):
    tokens: list[TokenDef]

    @model_validator(mode="after")
    def _places_never_invert(self) -> HarborTokensFile:
        gold = {p: [t.gold for t in self.tokens if t.place == p] for p in (1, 2, 3)}
        if not all(gold.values()) or min(gold[1]) < max(gold[2]) or min(gold[2]) < max(gold[3]):
            raise ValueError("every 1st-place token must be worth at least every 2nd-place one, and 2nd at least 3rd")
        return self


# ---- the whole set ----
class Defs(Strict):
    board: BoardFile
    cards: CardsFile
    player_boards: PlayerBoardsFile
    reputation: ReputationFile
    monsters: MonstersFile
    treasures: TreasuresFile
    crates: CratesFile
    events: EventsFile
    supply: SupplyFile
    rules: RulesFile
    milestones: MilestonesFile
    captains: CaptainsFile
    harbor_tokens: HarborTokensFile

    @model_validator(mode="after")
    def _cross_checks(self) -> Defs:
        regions, harbors = self.board.regions, {h.id for h in self.board.of_kind("harbor")}
        flown = {r.flag for r in regions.values()}
        for c in [*self.cards.cards.values(), *self.cards.starting.values()]:
            if c.flag not in flown:
                raise ValueError(f"cards.toml: card {c.id} flies {c.flag}, a flag no region of board.toml flies")
        if sorted(self.cards.starting) != sorted(self.player_boards.boards):
            raise ValueError("cards.toml: one starting card per player board number (player_boards.toml)")
        placed = Counter(s.monster for s in self.board.sea if s.monster)
        if (have := Counter(m.type for m in self.monsters.monsters.values())) != placed:
            raise ValueError(f"monsters.toml has {dict(have)}, but board.toml has monster spaces {dict(placed)}")
        letters = {h.letter for h in self.board.of_kind("harbor") if h.letter}
        for crate in self.crates.crates.values():
            if crate.letter not in letters:
                raise ValueError(f"crates.toml: crate {crate.id} is addressed to {crate.letter!r}, no harbor's letter ({', '.join(sorted(letters))})")
        crate_spaces = Counter(t for r in self.board.of_kind("village") for t in r.crate_spaces)
        treasure_spaces = Counter(t for r in self.board.of_kind("beach") for t in r.treasure_spaces)
        for t in (1, 2, 3):
            if sum(c.type == t for c in self.crates.crates.values()) <= crate_spaces[t]:
                raise ValueError(f"crates.toml: the type-{t} stack must hold more crates than the board's {crate_spaces[t]} spaces")
            wanted = treasure_spaces[t] * (2 if t in self.rules.setup[4] else 1)
            if sum(x.type == t for x in self.treasures.treasures.values()) < wanted:
                raise ValueError(f"treasures.toml: a 4-player game needs {wanted} type-{t} treasures")
        for e in self.events.events.values():
            if e.ghost.harbor not in harbors:
                raise ValueError(f"events.toml: event {e.id} moves a ghost in {e.ghost.harbor!r}, which is not a harbor")
        ghosts = self.supply.ghosts
        if set(ghosts.harbors) != harbors or ghosts.reserve_region not in regions:
            raise ValueError("supply.toml: ghosts start in every harbor, and the reserve in a region of board.toml")
        hideout_flags = {r.flag for r in self.board.of_kind("hideout")}
        for tile in self.milestones.milestones.values():
            for need in [*tile.a, *tile.b]:
                if need.flag and need.region_kind == "hideout" and need.flag not in hideout_flags:
                    raise ValueError(f"milestones.toml: no hideout flies {need.flag}, so the {tile.type} tile can never be met")
        if self.rules.end["trigger_reef"] not in {r.number for r in self.board.reefs}:
            raise ValueError("rules.toml: the game-end reef is not one of board.toml's reefs")
        return self


# Files, and for each the [[tables]] read into dicts: table -> (field, key; "" keeps a list).
FILES: dict[str, tuple[str, type[BaseModel], dict[str, tuple[str, str]]]] = {
    "board": ("board.toml", BoardFile, {"region": ("regions", "id")}),
    "cards": ("cards.toml", CardsFile, {"card": ("cards", "id"), "starting": ("starting", "board")}),
    "player_boards": ("player_boards.toml", PlayerBoardsFile, {"board": ("boards", "number")}),
    "reputation": ("reputation.toml", ReputationFile, {"space": ("spaces", "space")}),
    "monsters": ("monsters.toml", MonstersFile, {"type": ("types", "type"), "monster": ("monsters", "id")}),
    "treasures": ("treasures.toml", TreasuresFile, {"treasure": ("treasures", "id")}),
    "crates": ("crates.toml", CratesFile, {"crate": ("crates", "id")}),
    "events": ("events.toml", EventsFile, {"event": ("events", "id")}),
    "supply": ("supply.toml", SupplyFile, {}),
    "rules": ("rules.toml", RulesFile, {}),
    "milestones": ("milestones.toml", MilestonesFile, {"milestone": ("milestones", "type"), "upgrade": ("upgrades", "id")}),
    "captains": ("captains.toml", CaptainsFile, {"captain": ("captains", "id")}),
    "harbor_tokens": ("harbor_tokens.toml", HarborTokensFile, {"token": ("tokens", "")}),
}


def load_file(data_dir: Path, part: str) -> BaseModel:
    """One file of the set (a key of FILES), checked on its own."""
    file, model, tables = FILES[part]
    return load_table_file(data_dir, file, model, tables, DataError)


def load_defs(data_dir: Path = DATA_DIR) -> Defs:
    """Read and validate every data file in `data_dir`; the first file with a problem raises DataError."""
    return validate_set(Defs, {part: load_file(data_dir, part) for part in FILES}, DataError)


@cache
def defs() -> Defs:
    """The validated data set, loaded once per process."""
    return load_defs()
