"""Pydantic models of data/dead_reckoning/*.toml, loaded once and validated.

Each file is checked on its own (its shape and the closed vocabularies below), then the set as a
whole (the files agree with one another). Any problem is a DataError naming the file, the row and
the field. The data is Parley's own design following the rulebook; docs/dead_reckoning-data.md
gives the reasons. tower.toml (the battle tower model) has its own loader and is not read here.

Card effects are data in one small vocabulary, shared by Sailor levels, Advancements, Merchant
ship backs and Upgrade tiles:
- a card shows passive `icons` (sail, wheel, cannon, attack flag, draw bonus, defense cube);
- it has `abilities` (the rulebook's green line separates them), each used once per turn;
- an ability has one or more `options` (the red slash: choose one), each an optional `cost`
  (things paid) and a list of `effects`;
- an effect is one verb (`do`) with its amount `n` and the few fields that verb takes."""
from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.core.data import load_table_file, validate_set

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "dead_reckoning"

Resource = Literal["cargo", "coin"]
SailorKind = Literal["captain", "bosun", "purser", "first_mate", "buccaneer", "gunner", "deck_hand", "crew"]
Slot = Literal["top", "middle", "bottom"]
SLOTS: tuple[Slot, ...] = ("top", "middle", "bottom")
BuildingKind = Literal["fort", "garrison", "outpost"]
Tier = Literal["basic", "advanced"]
Direction = Literal["north", "south", "east", "west"]
AchievementId = Literal["legendary", "expert_sailors", "terror_of_the_sea", "builder", "capitalist",
                        "settler", "elite_vessel", "explorer", "master_merchant"]
Icon = Literal["sail", "wheel", "cannon", "attack_flag", "draw_bonus", "defense"]

# Where a gain goes (anchor = dock: cargo on the Dock tile, coins straight into the chest) and
# where a payment comes from (dock includes the chest's coins).
GainTo = Literal["dock", "ship", "dock_or_ship", "island"]
PayFrom = Literal["ship", "dock", "ship_or_dock"]
# What an amount is multiplied by: icons on this card (the rulebook's "X per icon" syntax), or,
# for end-of-game scoring only, a count of the player's things.
CardCount = Literal["wheel", "cannon", "sail"]
PlayerCount = Literal["islands_controlled", "buildings", "upgrades", "permanent_cubes", "achievements"]
Per = Literal[CardCount, PlayerCount]
IslandTarget = Literal["any", "no_cubes"]

Verb = Literal[
    "gain",          # res, at: put n cargo or coins there (n per `per`)
    "sail",          # n Sails, counted when you set sails
    "influence",     # place n Influence cubes at your Ship's island, all at once
    "permanent",     # place n cubes straight into the permanent area of your Ship's island
    "produce",       # produce on up to n different islands (island: who may be chosen), each + bonuses
    "build",         # construct up to n Buildings at their buildings.toml cost (building: only that kind)
    "upgrade",       # take a Ship Upgrade tile of `tier`
    "repair",        # remove n damage from your Ship
    "drop",          # battle: drop n more of your cubes into the Battle ship
    "explode",       # battle: n of your cubes count as landing in the exploding-shot zone
    "strength",      # battle: add n Battle strength (n per `per`)
    "withdraw",      # battle: take back n of your dropped cubes (with whatever they scored)
    "damage",        # battle: deal n damage to the enemy Ship
    "score",         # end of game: gain n coins (n per `per`)
    "score_loss",    # end of game: lose n coins
    "take_damage",   # Merchant back only: your Ship takes n damage
    "lose",          # Merchant back only: lose n of res from your Ship
    "take_card",     # Merchant back only: keep the Merchant ship as an Advancement (set aside)
]
BATTLE_VERBS = {"drop", "explode", "strength", "withdraw", "damage"}
END_VERBS = {"score", "score_loss"}
BACK_VERBS = {"take_damage", "lose", "take_card"}
# The fields each verb takes (besides `do` and `n`), and which of them it must have.
VERB_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "gain": ({"res", "at", "per"}, {"res", "at"}),
    "sail": ({"per"}, set()),
    "influence": ({"overrides_forts"}, set()),
    "permanent": (set(), set()),
    "produce": ({"island", "bonus_cargo", "bonus_coin", "overrides_forts"}, set()),
    "build": ({"building"}, set()),
    "upgrade": ({"tier"}, {"tier"}),
    "repair": (set(), set()),
    "drop": ({"per"}, set()),
    "explode": (set(), set()),
    "strength": ({"per"}, set()),
    "withdraw": (set(), set()),
    "damage": (set(), set()),
    "score": ({"per"}, set()),
    "score_loss": (set(), set()),
    "take_damage": (set(), set()),
    "lose": ({"res"}, {"res"}),
    "take_card": (set(), set()),
}
ONCE_VERBS = {"upgrade", "take_card"}            # n stays 1
OPTIONAL = {"res", "at", "per", "island", "building", "tier", "bonus_cargo", "bonus_coin", "overrides_forts"}


class DataError(ValueError):
    """A data file is malformed or contradicts another one."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Positive = Annotated[int, Field(ge=1)]
Natural = Annotated[int, Field(ge=0)]


class Pay(Strict):
    res: Resource
    n: Positive
    at: PayFrom = "ship_or_dock"


class Effect(Strict):
    do: Verb
    n: Positive = 1
    res: Resource | None = None
    at: GainTo | None = None
    per: Per | None = None
    island: IslandTarget | None = None
    building: BuildingKind | None = None
    tier: Tier | None = None
    bonus_cargo: Natural = 0
    bonus_coin: Natural = 0
    overrides_forts: bool = False

    @model_validator(mode="after")
    def _fields_fit_the_verb(self) -> Effect:
        allowed, needed = VERB_FIELDS[self.do]
        given = self.model_fields_set & OPTIONAL
        if foreign := given - allowed:
            raise ValueError(f"'{self.do}' takes no {', '.join(sorted(foreign))}")
        if missing := needed - given:
            raise ValueError(f"'{self.do}' needs {', '.join(sorted(missing))}")
        if self.do in ONCE_VERBS and self.n != 1:
            raise ValueError(f"'{self.do}' happens once: leave out n")
        if self.per in get_args(PlayerCount) and self.do != "score":
            raise ValueError(f"only 'score' counts the player's {self.per}; '{self.do}' counts icons on this card")
        return self


class Option(Strict):
    cost: list[Pay] = []
    effects: list[Effect] = Field(min_length=1)


Timing = Literal["main", "battle", "end"]


class Ability(Strict):
    """One ability: used once per turn. Several options are the red slash (resolve one)."""
    timing: Timing = "main"
    versus: Literal["any", "ships"] = "any"      # battle: "ships" = player or Merchant ships, not Buildings
    on: Literal["use", "win"] = "use"             # battle: "win" = only once your side has won
    where: Literal["anywhere", "harbor"] = "anywhere"
    options: list[Option] = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _one_option_shorthand(cls, raw: Any) -> Any:
        """`effects = [...]` (and `cost`) on the ability itself is its one and only option."""
        if isinstance(raw, dict) and "effects" in raw:
            raw = dict(raw)
            if "options" in raw:
                raise ValueError("give either options or effects, not both")
            raw["options"] = [{"effects": raw.pop("effects"), **({"cost": raw.pop("cost")} if "cost" in raw else {})}]
        return raw

    @model_validator(mode="after")
    def _verbs_fit_the_timing(self) -> Ability:
        verbs = {e.do for o in self.options for e in o.effects}
        if bad := verbs & BACK_VERBS:
            raise ValueError(f"{', '.join(sorted(bad))} belong on a Merchant ship's back, not in an ability")
        if self.timing != "battle" and (bad := verbs & BATTLE_VERBS):
            raise ValueError(f"{', '.join(sorted(bad))} can only be a battle ability (timing = \"battle\")")
        if (self.timing == "end") != bool(verbs & END_VERBS) or (self.timing == "end" and verbs - END_VERBS):
            raise ValueError("end-of-game abilities score (score, score_loss) and do nothing else")
        if self.timing != "battle" and (self.versus != "any" or self.on != "use"):
            raise ValueError("versus and on belong to battle abilities")
        if self.timing == "end" and any(o.cost for o in self.options):
            raise ValueError("end-of-game scoring has no cost")
        return self


class Icons(Strict):
    sail: Natural = 0
    wheel: Natural = 0
    cannon: Natural = 0
    attack_flag: Natural = 0
    draw_bonus: Natural = 0
    defense: Natural = 0        # Battle cubes only when this player is the one attacked

    def total(self) -> int:
        return sum(getattr(self, i) for i in get_args(Icon))


class Face(Strict):
    """What a card shows: its icons and abilities."""
    icons: Icons = Icons()
    abilities: list[Ability] = []


# ---- sailors.toml ----
class SailorLevel(Face):
    level: Literal[1, 2, 3, 4]


class SailorDef(Strict):
    kind: SailorKind
    name: str
    copies: Positive
    levels: list[SailorLevel] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _levels_in_order(self) -> SailorDef:
        if [lv.level for lv in self.levels] != [1, 2, 3, 4]:
            raise ValueError("a Sailor has levels 1, 2, 3 and 4, in that order")
        if any(lv.icons.defense for lv in self.levels):
            raise ValueError("defense cubes come from Advancements, not from Sailor levels")
        return self


class SailorsFile(Strict):
    sailors: dict[SailorKind, SailorDef]

    @model_validator(mode="after")
    def _every_kind(self) -> SailorsFile:
        if missing := set(get_args(SailorKind)) - set(self.sailors):
            raise ValueError(f"no Sailor {', '.join(sorted(missing))}")
        return self

    def deck(self) -> list[SailorKind]:
        """One player's 12 Sailor cards, by kind."""
        return [k for k, s in self.sailors.items() for _ in range(s.copies)]


# ---- advancements.toml ----
class MerchantBack(Strict):
    """The hidden back of a Merchant ship: its black cubes, and what a win or a loss does. With 0
    cubes the ship strikes its colours: no battle, the attacker wins."""
    cubes: Natural
    win: list[Effect] = Field(min_length=1)
    lose: list[Effect] = []

    @model_validator(mode="after")
    def _back_vocabulary(self) -> MerchantBack:
        if bad := {e.do for e in self.win} - {"gain", "take_card", "repair"}:
            raise ValueError(f"a win pays gains, repairs or the card itself, not {', '.join(sorted(bad))}")
        if bad := {e.do for e in self.lose} - {"take_damage", "lose"}:
            raise ValueError(f"a loss costs damage or goods, not {', '.join(sorted(bad))}")
        if any(e.do == "gain" and e.at not in ("ship", "island") for e in self.win):
            raise ValueError("a Merchant ship's plunder goes to the Ship (or the island of the battle)")
        if self.cubes == 0 and self.lose:
            raise ValueError("a Merchant ship with no cubes cannot be lost to")
        return self


class AdvancementDef(Face):
    id: str
    name: str
    row: Literal[1, 2, 3, 4]
    kind: Literal["advancement", "merchant"]
    cost: Positive                      # cargo from the Ship
    slots: list[Slot] = Field(min_length=1, max_length=2)
    back: MerchantBack | None = None

    @model_validator(mode="after")
    def _shape(self) -> AdvancementDef:
        if (self.kind == "merchant") != (self.back is not None):
            raise ValueError("a Merchant ship has a back, and only a Merchant ship")
        where = [SLOTS.index(s) for s in self.slots]
        if where != list(range(where[0], where[0] + len(where))):
            raise ValueError(f"slots must be adjacent and in order top → bottom, got {self.slots}")
        if not self.icons.total() and not self.abilities:
            raise ValueError("an Advancement shows at least one icon or ability")
        return self


class DeckBudget(Strict):
    """How many cards a 4-player game can draw from each row (docs/dead_reckoning-data.md)."""
    rounds: Positive
    players: Positive
    buys_per_turn: float = Field(gt=0, le=2)
    share: dict[int, float]             # row -> share of buys and lost fights taken from it
    boards_per_row: Positive

    def needed(self, row: int) -> int:
        turns = self.rounds * self.players
        return self.boards_per_row + int(turns * self.buys_per_turn * self.share[row] + 0.999)


class AdvancementsFile(Strict):
    budget: DeckBudget
    cards: dict[str, AdvancementDef]

    @model_validator(mode="after")
    def _decks(self) -> AdvancementsFile:
        if sorted(self.budget.share) != [1, 2, 3, 4] or abs(sum(self.budget.share.values()) - 1) > 1e-9:
            raise ValueError("budget.share gives rows 1 to 4 shares that add up to 1")
        for row in (1, 2, 3, 4):
            deck = self.deck(row)
            if len(deck) < (need := self.budget.needed(row)):
                raise ValueError(f"the row-{row} deck has {len(deck)} cards; a 4-player game can draw {need}")
            if {c.kind for c in deck} != {"advancement", "merchant"}:
                raise ValueError(f"the row-{row} deck needs both Advancements and Merchant ships")
        return self

    def deck(self, row: int) -> list[AdvancementDef]:
        return [c for c in self.cards.values() if c.row == row]


# ---- ocean.toml ----
class Production(Strict):
    cargo: Natural = 0
    coin: Natural = 0


class OceanBoardDef(Strict):
    id: str
    name: str
    kind: Literal["island", "open_sea"]
    # islands
    slots: Natural = 0
    production: Production | None = None
    scores: list[Positive] = []         # coins for the most, 2nd (and 3rd) most cubes
    hand_size: bool = False
    # open seas
    arrows: list[Direction] = []
    player_icons: list[Literal[2, 3]] = []

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> OceanBoardDef:
        island_fields, sea_fields = {"slots", "production", "scores", "hand_size"}, {"arrows", "player_icons"}
        mine, theirs = (island_fields, sea_fields) if self.kind == "island" else (sea_fields, island_fields)
        if foreign := self.model_fields_set & theirs:
            raise ValueError(f"an {self.kind.replace('_', ' ')} board has no {', '.join(sorted(foreign))}")
        if self.kind == "island":
            if missing := {"slots", "production", "scores"} - self.model_fields_set:
                raise ValueError(f"an island needs {', '.join(sorted(missing))}")
            if not 2 <= len(self.scores) <= 3 or self.scores != sorted(self.scores, reverse=True) or len(set(self.scores)) != len(self.scores):
                raise ValueError(f"scores are 2 or 3 falling values (1st, 2nd, 3rd), got {self.scores}")
            if self.slots < 2 or self.production is None or self.production.cargo + self.production.coin == 0:
                raise ValueError("an island has at least 2 cube slots and produces something")
        else:
            if not self.arrows or len(set(self.arrows)) != len(self.arrows):
                raise ValueError(f"an open sea points at least one arrow, each way once, got {self.arrows}")
            if self.player_icons not in ([], [2], [2, 3]):
                raise ValueError(f"an open sea's player icons are none, [2] or [2, 3], got {self.player_icons}")
        return self

    def in_game(self, players: int) -> bool:
        """Open seas: used with this many players (no icon: always)."""
        return not self.player_icons or players in self.player_icons


class HarborDef(Strict):
    name: str
    touches_row: Literal[1]
    defender_cubes: Positive            # extra Battle cubes for a Ship attacked in Harbor
    mode: Literal["mercantile"]         # Ships in Harbor cannot be in Pirate mode


class OceanFile(Strict):
    harbor: HarborDef
    boards: dict[str, OceanBoardDef]

    def islands(self) -> list[OceanBoardDef]:
        return [b for b in self.boards.values() if b.kind == "island"]

    def seas(self) -> list[OceanBoardDef]:
        return [b for b in self.boards.values() if b.kind == "open_sea"]


# ---- ship.toml ----
class HullSpace(Strict):
    letter: Literal["A", "B", "C", "D"]
    hold: Natural = 0                   # cargo + coins it carries
    icons: Icons = Icons()              # the starting effect printed on the space


class ShipFile(Strict):
    hull: list[HullSpace] = Field(min_length=4, max_length=4)
    printed_cannons: Positive           # on the board itself, not on a hull space
    sail_track: list[Natural]
    sinks_at: Positive

    @model_validator(mode="after")
    def _board(self) -> ShipFile:
        if [h.letter for h in self.hull] != ["A", "B", "C", "D"]:
            raise ValueError("the hull spaces are A, B, C and D, in that order")
        if self.sail_track != list(range(len(self.sail_track))):
            raise ValueError("the Sail track counts 0, 1, 2 … without gaps")
        return self

    def capacity(self) -> int:
        return sum(h.hold for h in self.hull)


# ---- upgrades.toml ----
class UpgradeDef(Face):
    id: str
    name: str
    tier: Tier
    copies: Positive
    hold: Natural = 0                   # a hold it adds to its hull space (replacing one there)

    @model_validator(mode="after")
    def _does_something(self) -> UpgradeDef:
        if not self.icons.total() and not self.hold and not self.abilities:
            raise ValueError("an Upgrade tile gives an icon, a hold or an ability")
        if any(a.timing == "end" for a in self.abilities):
            raise ValueError("Upgrade tiles score by tier (scoring in rules.toml), not by their own ability")
        return self


class UpgradesFile(Strict):
    tiles: dict[str, UpgradeDef]


# ---- buildings.toml ----
class BuildingDef(Strict):
    kind: BuildingKind
    name: str
    count: Positive
    cost: list[Pay] = Field(min_length=1)
    defense_cubes: Natural = 0          # Battle cubes when its island is attacked
    entry_damage: Natural = 0           # damage to an opponent's Ship entering its board
    bonus: Production = Production()    # added to each production of its island
    protects: bool = False              # opponents may not interact with the island
    attackable: bool

    @model_validator(mode="after")
    def _defenders_can_be_attacked(self) -> BuildingDef:
        if self.attackable != (self.defense_cubes > 0):
            raise ValueError("a Building that can be attacked defends with cubes, and only such a Building")
        return self


class BuildingsFile(Strict):
    both_defense_cubes: Positive        # fort and garrison on one island
    score: Positive                     # coins per Building on an island you control
    per_island: Positive                # at most this many of each kind on an island
    buildings: dict[BuildingKind, BuildingDef]

    @model_validator(mode="after")
    def _every_kind(self) -> BuildingsFile:
        if set(self.buildings) != set(get_args(BuildingKind)):
            raise ValueError(f"the Buildings are {', '.join(get_args(BuildingKind))}")
        return self


# ---- achievements.toml ----
class AchievementDef(Strict):
    id: AchievementId
    name: str
    coins: Positive
    off_turn: bool                      # the rulebook's star: met on others' turns, placed on yours
    target: Positive | None = None      # how many (wins, cards, Buildings …); explorer: by player count
    by_players: dict[int, Positive] = {}
    progress_cubes: bool = False        # progress is kept with the player's cubes on the space

    @model_validator(mode="after")
    def _one_target(self) -> AchievementDef:
        if (self.target is None) == (not self.by_players):
            raise ValueError("give a target, or one per player count (by_players), not both")
        return self

    def goal(self, players: int) -> int:
        return self.target if self.target is not None else self.by_players[players]


class BonusTokenDef(Strict):
    id: str
    shows: list[AchievementId] = Field(min_length=1)


class AchievementsFile(Strict):
    markers_per_player: Positive
    end_trigger: Positive               # markers that trigger the game end
    bonus_coins: Positive               # per completed Achievement on your bonus token
    bonus_dealt: Positive
    bonus_kept: Positive
    achievements: dict[AchievementId, AchievementDef]
    tokens: dict[str, BonusTokenDef]

    @model_validator(mode="after")
    def _all_nine(self) -> AchievementsFile:
        if set(self.achievements) != set(get_args(AchievementId)):
            raise ValueError(f"the 9 Achievements are {', '.join(get_args(AchievementId))}")
        if self.bonus_kept > self.bonus_dealt:
            raise ValueError("a player keeps no more bonus tokens than dealt")
        for t in self.tokens.values():
            if len(set(t.shows)) != len(t.shows):
                raise ValueError(f"bonus token {t.id} shows an Achievement twice")
        return self


# ---- supply.toml, rules.toml ----
class PlayerKit(Strict):
    cubes: Positive
    achievement_markers: Positive
    sleeves: Positive
    illustration_cards: Positive
    ability_cards: Positive
    sailor_cards: Positive
    chest_coins: Natural
    dock_tiles: Positive
    ships: Positive
    pirate_flags: Positive
    treasure_chests: Positive


class SupplyFile(Strict):
    black_cubes: Positive
    cargo_tokens: list[Positive] = Field(min_length=1)   # token values
    reference_cards: Positive
    sleeves_needed: Positive
    battle_ships: Positive
    battle_boards: Positive
    harbor_boards: Positive
    player: PlayerKit
    unlimited: list[Literal["cargo", "coins", "damage_markers"]]


class PlayerRules(Strict):
    box: tuple[Positive, Positive]      # the players the box names
    table: tuple[Positive, Positive]    # the players this rulebook's setup covers


class SetupRules(Strict):
    islands: dict[int, Positive]        # players -> island boards
    seas: dict[int, Positive]           # players -> open seas (follows from the icons)
    grid_columns: Positive
    grid_rows: Positive
    revealed: Positive
    cards_per_revealed_board: Positive
    opening_hand: Positive
    starting_cargo: list[Positive]      # by seat in turn order
    level_up_seat: Positive             # this seat (1-based) levels a card before its first turn
    sail_start: Natural


class TurnRules(Strict):
    set_sails_per_turn: Positive
    sail_max: Positive
    buys_per_turn: Positive
    explores_per_turn: Positive
    ability_uses: Positive


class CleanupRules(Strict):
    hand_limit: Positive
    draw: Positive
    draw_bonus: Positive                # extra cards per draw bonus icon played
    set_aside_max: Natural
    advancements_per_card: Positive
    cards_per_sleeve: Positive
    levels: Positive
    level_ups_between_turns: Positive
    hand_size_per_island: Positive
    cut_max: Positive


class BattleRules(Strict):
    cubes_per_cannon: Positive
    exploding_extra: Positive
    cubes_per_building: Positive
    loser_damage: Positive
    sink_coin_loss: Positive


class EndRules(Strict):
    final_turns: Positive
    influence_actions_after_final: Positive
    battle_cubes_after_final: Positive


class ScoringRules(Strict):
    advancements_per_coin: Positive
    upgrade: dict[Tier, Positive]
    third_place_tie: Natural


class RulesFile(Strict):
    players: PlayerRules
    setup: SetupRules
    turn: TurnRules
    cleanup: CleanupRules
    battle: BattleRules
    end: EndRules
    scoring: ScoringRules

    @model_validator(mode="after")
    def _twelve_boards(self) -> RulesFile:
        s = self.setup
        low, high = self.players.table
        if sorted(s.islands) != list(range(low, high + 1)) or sorted(s.seas) != sorted(s.islands):
            raise ValueError("setup gives island and open-sea counts for 2, 3 and 4 players")
        for n in (2, 3, 4):
            if s.islands[n] + s.seas[n] != s.grid_columns * s.grid_rows:
                raise ValueError(f"{n} players: {s.islands[n]} islands + {s.seas[n]} seas do not fill the grid")
        if len(s.starting_cargo) != 4 or not 1 <= s.level_up_seat <= 4:
            raise ValueError("starting cargo is given for 4 seats, and the level-up seat is one of them")
        return self


# ---- the whole set ----
class Defs(Strict):
    sailors: SailorsFile
    advancements: AdvancementsFile
    ocean: OceanFile
    ship: ShipFile
    upgrades: UpgradesFile
    buildings: BuildingsFile
    achievements: AchievementsFile
    supply: SupplyFile
    rules: RulesFile

    def faces(self) -> list[tuple[str, Face]]:
        """Every card face with abilities, named for messages."""
        out: list[tuple[str, Face]] = [(f"sailors.toml: {s.kind} level {lv.level}", lv)
                                       for s in self.sailors.sailors.values() for lv in s.levels]
        out += [(f"advancements.toml: card {c.id}", c) for c in self.advancements.cards.values()]
        out += [(f"upgrades.toml: tile {t.id}", t) for t in self.upgrades.tiles.values()]
        return out

    @model_validator(mode="after")
    def _cross_checks(self) -> Defs:
        r, ocean = self.rules, self.ocean
        if len(self.sailors.deck()) != self.supply.player.sailor_cards:
            raise ValueError(f"sailors.toml: copies add up to {len(self.sailors.deck())}, but supply.toml gives each player {self.supply.player.sailor_cards} Sailor cards")
        kit = self.supply.player
        if not kit.sleeves == kit.illustration_cards == kit.ability_cards == kit.sailor_cards:
            raise ValueError("supply.toml: one sleeve, one Illustration and one Ability card per Sailor card")
        for n in (2, 3, 4):
            if len(ocean.islands()) < r.setup.islands[n]:
                raise ValueError(f"ocean.toml: {n} players need {r.setup.islands[n]} islands")
            if (used := sum(b.in_game(n) for b in ocean.seas())) != r.setup.seas[n]:
                raise ValueError(f"ocean.toml: the open-sea icons put {used} seas in a {n}-player game; rules.toml says {r.setup.seas[n]}")
        if r.setup.revealed != r.setup.grid_columns:
            raise ValueError("rules.toml: the revealed boards are the row touching the Harbor")
        if sorted(self.advancements.budget.share) != list(range(1, r.setup.grid_rows + 1)):
            raise ValueError("advancements.toml: one deck per row of the grid")
        if self.advancements.budget.boards_per_row != r.setup.grid_columns:
            raise ValueError("advancements.toml: budget.boards_per_row is the grid's width")
        if sorted(r.scoring.upgrade) != sorted(get_args(Tier)) or {t.tier for t in self.upgrades.tiles.values()} != set(get_args(Tier)):
            raise ValueError("upgrades.toml: there are Basic and Advanced tiles, and rules.toml scores both")
        if self.ship.sail_track[-1] != r.turn.sail_max:
            raise ValueError(f"ship.toml: the Sail track ends at {self.ship.sail_track[-1]}, the sail maximum is {r.turn.sail_max}")
        shown = Counter(a for t in self.achievements.tokens.values() for a in t.shows)
        if set(shown) != set(get_args(AchievementId)):
            raise ValueError("achievements.toml: every Achievement appears on some bonus token")
        if len(self.achievements.tokens) < self.achievements.bonus_dealt * r.players.table[1]:
            raise ValueError("achievements.toml: too few bonus tokens to deal to 4 players")
        for where, face in self.faces():
            for ab in face.abilities:
                for o in ab.options:
                    for e in o.effects:
                        if e.per is not None and e.per in get_args(CardCount) and not _card_has(face, e.per):
                            raise ValueError(f"{where}: counts {e.per} icons on a card that shows none")
        return self


def _card_has(face: Face, icon: str) -> bool:
    """Whether a face (or, for an Advancement, the card it is sleeved onto) can show this icon:
    an Advancement counting wheels combos with the Sailor's, so only Sailor levels must show it."""
    return isinstance(face, AdvancementDef) or getattr(face.icons, icon) > 0


# ---- value: the rough scale that keeps rows and levels in order (docs/dead_reckoning-data.md) ----
ICON_VALUE: dict[str, float] = {"sail": 1.5, "wheel": 0.5, "cannon": 1.5, "attack_flag": 1.5,
                                "draw_bonus": 1.5, "defense": 1.0}
VERB_VALUE: dict[str, float] = {"gain": 1.0, "sail": 1.5, "influence": 2.0, "permanent": 3.0, "produce": 3.0,
                                "build": 3.0, "upgrade": 0.0, "repair": 2.0, "drop": 1.5, "explode": 2.5,
                                "strength": 1.5, "withdraw": 0.0, "damage": 2.0, "score": 1.0,
                                "score_loss": -1.0}
TIER_VALUE = {"basic": 4.0, "advanced": 8.0}
PLAYER_COUNT_GUESS = 2.0                # a player's islands, buildings, upgrades … at the end
COIN, CARGO = 1.0, 0.75


def effect_value(e: Effect, face: Face) -> float:
    base = (COIN if e.res == "coin" else CARGO) if e.do == "gain" else VERB_VALUE.get(e.do, 0.0)
    if e.do == "upgrade" and e.tier:
        base = TIER_VALUE[e.tier]
    times = float(e.n)
    if e.per is not None and e.per in get_args(CardCount):
        times *= max(1, getattr(face.icons, e.per))
    elif e.per is not None:
        times *= PLAYER_COUNT_GUESS
    return base * times + (e.bonus_cargo * CARGO + e.bonus_coin * COIN) * e.n


def face_value(face: Face) -> float:
    """What a face is worth on the scale: its icons plus, per ability, its best option less its
    cost. Battle abilities that need a win count half."""
    total = sum(ICON_VALUE[i] * getattr(face.icons, i) for i in get_args(Icon))
    for ab in face.abilities:
        best = max(sum(effect_value(e, face) for e in o.effects)
                   - sum(p.n * (COIN if p.res == "coin" else CARGO) for p in o.cost) for o in ab.options)
        total += best / 2 if ab.on == "win" else best
    return total


# Files, and for each the [[tables]] read into dicts: table -> (field, key).
FILES: dict[str, tuple[str, type[BaseModel], dict[str, tuple[str, str]]]] = {
    "sailors": ("sailors.toml", SailorsFile, {"sailor": ("sailors", "kind")}),
    "advancements": ("advancements.toml", AdvancementsFile, {"card": ("cards", "id")}),
    "ocean": ("ocean.toml", OceanFile, {"board": ("boards", "id")}),
    "ship": ("ship.toml", ShipFile, {}),
    "upgrades": ("upgrades.toml", UpgradesFile, {"tile": ("tiles", "id")}),
    "buildings": ("buildings.toml", BuildingsFile, {"building": ("buildings", "kind")}),
    "achievements": ("achievements.toml", AchievementsFile, {"achievement": ("achievements", "id"), "token": ("tokens", "id")}),
    "supply": ("supply.toml", SupplyFile, {}),
    "rules": ("rules.toml", RulesFile, {}),
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
