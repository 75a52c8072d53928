"""Battle Ship Details — the Battle ship (cube tower) and the zones of the Battle board.

Where each dropped cube comes to rest is drawn from the landing odds of data/dead_reckoning/tower.toml
through the game's seeded Rng; a scripted list of landings (`Tower.script`) comes first, as
`Rng.forced` does for dice. `drop` resolves one drop with its exploding shots and returns a new
Board; `tally` reads the board's plunder, damage and Battle strength per owner. The battle's steps
(abilities, paying plunder, damage, the winner) belong to the battle rules, which call these.
docs/dead_reckoning-tower.md explains the model and shows what it gives by cube count."""
from __future__ import annotations

import tomllib
from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

from engine.core.rng import Rng

DATA_FILE = Path(__file__).resolve().parents[3] / "data" / "dead_reckoning" / "tower.toml"

ZoneKind = Literal["exploding", "strength", "damage", "plunder", "nothing"]
PERCENTS = list(range(100))        # a uniform draw of one percent point, for the knock chance


class TowerDataError(ValueError):
    """tower.toml is malformed; the message names the file, the zone and the field."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Natural = Annotated[int, Field(ge=0)]
ZONE_FIELDS: dict[str, set[str]] = {"strength": {"strength"}, "plunder": {"coins", "cargo", "either"}}


class Zone(Strict):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    kind: ZoneKind
    percent: int = Field(ge=1, le=100)
    strength: Literal[1, 2] | None = None   # Battle strength of a strength zone, as printed
    coins: Natural = 0                       # plunder zones: coins, cargo, and pieces taken as either
    cargo: Natural = 0
    either: Natural = 0

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Zone:
        own = ZONE_FIELDS.get(self.kind, set())
        if foreign := (self.model_fields_set & set().union(*ZONE_FIELDS.values())) - own:
            raise ValueError(f"a {self.kind} zone has no {', '.join(sorted(foreign))}")
        if self.kind == "strength" and self.strength is None:
            raise ValueError("a strength zone needs strength = 1 or 2")
        if self.kind == "plunder" and not self.coins + self.cargo + self.either:
            raise ValueError("a plunder zone needs coins, cargo or either")
        return self


class TowerDefs(Strict):
    max_explosion_rounds: int = Field(ge=1, le=12)
    knock_percent: int = Field(ge=0, le=100)
    zones: list[Zone] = Field(min_length=1)
    _bag: list[str] = PrivateAttr(default_factory=list)

    @model_validator(mode="after")
    def _a_whole_board(self) -> TowerDefs:
        ids = [z.id for z in self.zones]
        if twice := sorted({i for i in ids if ids.count(i) > 1}):
            raise ValueError(f"zone ids must differ: {', '.join(twice)} listed twice")
        if (total := sum(z.percent for z in self.zones)) != 100:
            raise ValueError(f"zone percents must add up to 100 (every cube rests in one zone), got {total}")
        kinds = [z.kind for z in self.zones]
        if kinds.count("exploding") != 1:
            raise ValueError(f"the board needs exactly one exploding zone, got {kinds.count('exploding')}")
        if self.zone(self.exploding).percent >= 50:
            # Each exploding cube comes back as two: at 50 % or more a chain would grow on average.
            raise ValueError("the exploding zone's percent must stay below 50, or chains grow without end")
        if {z.strength for z in self.zones if z.kind == "strength"} != {1, 2}:
            raise ValueError("the board needs a 1-strength zone and a 2-strength zone")
        for kind in ("damage", "plunder"):
            if kind not in kinds:
                raise ValueError(f"the board needs at least one {kind} zone")
        return self

    def model_post_init(self, _context: object) -> None:
        # A bag of 100 equally likely landing spots, one per percent point: one Rng.choice is one landing.
        self._bag.extend(z.id for z in self.zones for _ in range(z.percent))

    def zone(self, zone_id: str) -> Zone:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise ValueError(f"tower.toml has no zone {zone_id!r} (it has {', '.join(z.id for z in self.zones)})")

    @property
    def exploding(self) -> str:
        return next(z.id for z in self.zones if z.kind == "exploding")

    def landing(self, rng: Rng) -> str:
        return rng.choice(self._bag)


def _explain(file: str, err: ValidationError) -> str:
    """One line per problem: the file, the [[zone]] row (by id when it has one), the field, what is wrong."""
    lines = []
    for e in err.errors():
        loc = list(e["loc"])
        where = ".".join(str(p) for p in loc)
        if len(loc) >= 2 and loc[0] == "zones" and isinstance(loc[1], int):
            row = f"number {loc[1] + 1}"     # load_tower puts the zone's id here when it has one
            where = " ".join(p for p in (f"[[zone]] {row}", ".".join(str(p) for p in loc[2:])) if p)
        found = e.get("input")
        got = f", got {found!r}" if e["type"] != "value_error" and isinstance(found, (str, int, float)) else ""
        lines.append(f"{file}: {where + ': ' if where else ''}{str(e['msg']).removeprefix('Value error, ')}{got}")
    return "\n".join(lines)


def load_tower(path: Path = DATA_FILE) -> TowerDefs:
    """Read and validate tower.toml; any problem is a TowerDataError naming the zone and the field."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TowerDataError(f"{path.name}: missing ({path})") from None
    except tomllib.TOMLDecodeError as e:
        raise TowerDataError(f"{path.name}: not valid TOML ({e})") from None
    if "zone" in raw:
        raw["zones"] = raw.pop("zone")
    rows = raw.get("zones")
    try:
        return TowerDefs.model_validate(raw)
    except ValidationError as e:
        message = _explain(path.name, e)
        if isinstance(rows, list):   # name rows by their id where they have one
            for n, row in enumerate(rows, 1):
                if isinstance(row, dict) and isinstance(row.get("id"), str):
                    message = message.replace(f"[[zone]] number {n}", f"[[zone]] {row['id']!r}")
        raise TowerDataError(message) from None


@cache
def tower_defs() -> TowerDefs:
    """The shipped tower.toml, read once."""
    return load_tower()


# ---- the board during one battle ----
class Board(BaseModel):
    """The cubes resting on the Battle board: owner -> zone id -> count (no zero counts kept).
    Owners are labels the battle rules choose (a seat, "black" for a non-player, a Building's defence)."""
    cubes: dict[str, dict[str, int]] = {}

    def count(self, owner: str, zone: str) -> int:
        return self.cubes.get(owner, {}).get(zone, 0)

    def total(self, owner: str) -> int:
        return sum(self.cubes.get(owner, {}).values())

    def add(self, owner: str, zone: str, n: int = 1) -> None:
        zones = self.cubes.setdefault(owner, {})
        zones[zone] = zones.get(zone, 0) + n
        if not zones[zone]:
            del zones[zone]

    def take(self, owner: str, zone: str, n: int = 1) -> None:
        if self.count(owner, zone) < n:
            raise ValueError(f"{owner} has {self.count(owner, zone)} cube(s) in {zone}, not {n}")
        self.add(owner, zone, -n)

    def resting(self) -> list[tuple[str, str]]:
        """One (owner, zone) per cube, in board order: what a knock picks from."""
        return [(o, z) for o, zones in self.cubes.items() for z, n in zones.items() for _ in range(n)]


class Knock(Strict):
    """A scripted knock: the next cube of an ability's drop knocks a cube of `owner` out of `zone`,
    and that cube comes to rest in `to` (the dropping cube's own landing is the next entry)."""
    owner: str
    zone: str
    to: str


ScriptEntry = str | Knock


class Tower(BaseModel):
    """What a game keeps between drops. Only the script: the physical tower's habit of holding
    cubes back for a later battle is not modelled (docs/dead_reckoning-tower.md says why)."""
    script: list[ScriptEntry] = []   # zone ids (and knocks), consumed before any random landing


class Landing(Strict):
    owner: str
    zone: str
    why: Literal["drop", "explosion", "extra", "knocked"]   # extra: the cube an exploding shot adds


class TowerResult(BaseModel):
    board: Board
    tower: Tower
    landings: list[Landing]                 # in the order they were drawn, for the battle's report
    extras: dict[str, int]                  # cubes exploding shots took from each owner's supply
    rounds: int                             # rounds of re-dropping exploding shots
    knocks: list[tuple[str, Knock]] = []    # (the dropping cube's owner, what it knocked)


def drop(rng: Rng, cubes: Mapping[str, int], tower: Tower, board: Board | None = None,
         supply: Mapping[str, int] | None = None, defs: TowerDefs | None = None) -> TowerResult:
    """Drop Battle cubes into the Battle ship all at once and resolve exploding shots (DR-BNP-06,
    DR-TOW-05/06): each cube comes to rest in one zone; cubes in the exploding zone are dropped
    again together, each with one extra cube of its owner's, until none rest there or the
    round limit of tower.toml is reached. Extras come from `supply` (cubes each owner still has,
    an owner left out has none; no supply at all: unlimited); an owner with none left re-drops
    without an extra (DR-TOW-07).
    A drop onto a board already holding cubes (a Battle ability's) may knock resting cubes.
    Cubes fall owner by owner in the order of `cubes`, which is also the order a script is read.
    The inputs are not changed (but `rng`, which advances as every draw in the engine does)."""
    d = defs or tower_defs()
    out = board.model_copy(deep=True) if board else Board()
    script = list(tower.script)
    left = dict(supply) if supply is not None else None
    landings: list[Landing] = []
    knocks: list[tuple[str, Knock]] = []
    knocking = bool(out.resting())

    def land(owner: str, why: Literal["drop", "explosion", "extra", "knocked"]) -> None:
        if script and isinstance(script[0], Knock):
            raise ValueError(f"script: a knock ({script[0]}) is not a landing; {owner}'s cube needs a zone id here")
        zone = str(script.pop(0)) if script else d.landing(rng)
        d.zone(zone)   # a scripted zone must exist: a ValueError naming the zones otherwise
        out.add(owner, zone)
        landings.append(Landing(owner=owner, zone=zone, why=why))

    def maybe_knock(owner: str) -> None:
        if script and isinstance(script[0], Knock):
            k = script.pop(0)
            assert isinstance(k, Knock)
            d.zone(k.to)
        elif script or not d.knock_percent or rng.choice(PERCENTS) >= d.knock_percent:
            return   # a scripted landing never knocks unless the script says so
        else:
            hit_owner, hit_zone = rng.choice(out.resting())
            k = Knock(owner=hit_owner, zone=hit_zone, to=d.landing(rng))
        out.take(k.owner, k.zone)
        out.add(k.owner, k.to)
        knocks.append((owner, k))
        landings.append(Landing(owner=k.owner, zone=k.to, why="knocked"))

    for owner, n in cubes.items():
        if n < 0:
            raise ValueError(f"{owner} cannot drop {n} cubes")
        for _ in range(n):
            if knocking:
                maybe_knock(owner)
            land(owner, "drop")

    rounds, extras = 0, {o: 0 for o in cubes}
    while rounds < d.max_explosion_rounds and any(out.count(o, d.exploding) for o in out.cubes):
        rounds += 1
        shots = {o: out.count(o, d.exploding) for o in out.cubes if out.count(o, d.exploding)}
        for owner, n in shots.items():
            out.take(owner, d.exploding, n)
            extra = n if left is None else min(n, max(left.get(owner, 0), 0))
            if left is not None:
                left[owner] = left.get(owner, 0) - extra
            extras[owner] = extras.get(owner, 0) + extra
            for _ in range(n):
                land(owner, "explosion")
            for _ in range(extra):
                land(owner, "extra")
    return TowerResult(board=out, tower=Tower(script=script), landings=landings,
                       extras={o: n for o, n in extras.items() if n}, rounds=rounds, knocks=knocks)


def take_back(board: Board, owner: str, zone: str) -> Board:
    """A new board without one of `owner`'s cubes in `zone` (an ability that removes a dropped
    cube, Gunner level 4): whatever that cube scored is gone with it (DR-GUN-05, DR-TOW-21)."""
    out = board.model_copy(deep=True)
    out.take(owner, zone)
    return out


# ---- reading the board ----
class Tally(Strict):
    strength: int = 0
    damage: int = 0
    coins: int = 0
    cargo: int = 0
    either: int = 0


def tally(board: Board, defs: TowerDefs | None = None) -> dict[str, Tally]:
    """Per owner: Battle strength (1 or 2 per cube in a strength zone, DR-TOW-19), damage dealt
    (1 per cube in a damage zone, DR-TOW-16) and plunder shown (DR-TOW-11). Cubes left in the
    exploding zone after the round limit, and in empty zones, count for nothing."""
    d = defs or tower_defs()
    out: dict[str, Tally] = {}
    for owner, zones in board.cubes.items():
        t = {"strength": 0, "damage": 0, "coins": 0, "cargo": 0, "either": 0}
        for zone_id, n in zones.items():
            z = d.zone(zone_id)
            t["strength"] += n * (z.strength or 0)
            t["damage"] += n * (z.kind == "damage")
            t["coins"] += n * z.coins
            t["cargo"] += n * z.cargo
            t["either"] += n * z.either
        out[owner] = Tally(**t)
    return out


# ---- what the model gives, computed exactly (docs/dead_reckoning-tower.md) ----
MEASURES = ("strength", "damage", "coins", "cargo", "either", "extras")


def _value(z: Zone, measure: str) -> int:
    """What one cube resting in `z` counts for `measure` (explosions are counted by the recursion)."""
    if measure == "strength":
        return z.strength or 0
    if measure == "damage":
        return int(z.kind == "damage")
    return getattr(z, measure) if measure in ("coins", "cargo", "either") else 0


def per_cube(defs: TowerDefs | None = None) -> dict[str, Fraction]:
    """Exact expected outcome of one cube dropped with plenty of supply, its explosions included.
    With r rounds of re-dropping still allowed, E_r = (sum over the other zones of p * value)
    + p_exploding * (2 * E_(r-1) + 1 extra cube); E_0 leaves an exploding cube counting nothing."""
    d = defs or tower_defs()
    pe = Fraction(d.zone(d.exploding).percent, 100)
    direct = {m: sum((Fraction(z.percent, 100) * _value(z, m) for z in d.zones if z.kind != "exploding"), Fraction(0))
              for m in MEASURES}
    e = dict(direct)
    for _ in range(d.max_explosion_rounds):
        e = {m: direct[m] + pe * (2 * e[m] + (m == "extras")) for m in MEASURES}
    return e


def strength_distribution(cubes: int, defs: TowerDefs | None = None, floor: float = 1e-13) -> list[float]:
    """P(total Battle strength = s) for a side dropping `cubes` cubes (index s), explosions
    included; branches less likely than `floor` are dropped, so the sum falls short of 1 by less
    than a billionth."""
    d = defs or tower_defs()
    base = [0.0] * 3
    for z in d.zones:
        if z.kind != "exploding":
            base[z.strength or 0] += z.percent / 100
    pe = d.zone(d.exploding).percent / 100
    one = list(base)                             # round limit reached: an exploding cube scores 0
    one[0] += pe
    for _ in range(d.max_explosion_rounds):
        two = _convolve(one, one, floor)
        size = max(len(two), len(base))
        two += [0.0] * (size - len(two))
        one = [b + pe * t for b, t in zip(base + [0.0] * (size - len(base)), two, strict=True)]
    total = [1.0]
    for _ in range(cubes):
        total = _convolve(total, one, floor)
    return total


def _convolve(a: list[float], b: list[float], floor: float) -> list[float]:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x >= floor:
            for j, y in enumerate(b):
                out[i + j] += x * y
    while len(out) > 1 and out[-1] < floor:
        out.pop()
    return out


def active_wins(active_cubes: int, other_cubes: int, defs: TowerDefs | None = None) -> float:
    """Chance the active player's side ends the drop with at least the other side's Battle
    strength (ties go to the active player, DR-TOW-20), before any Battle ability."""
    a = strength_distribution(active_cubes, defs)
    o = strength_distribution(other_cubes, defs)
    at_least = [sum(a[s:]) for s in range(len(a))]
    return sum(p * (at_least[s] if s < len(a) else 0.0) for s, p in enumerate(o))


def expected_table(max_cubes: int = 10, defs: TowerDefs | None = None) -> str:
    """The document's table of expected outcomes by cube count (markdown)."""
    e = per_cube(defs)
    lines = ["| cubes | strength | damage | coins | cargo | either | extra cubes | P(strength 0) |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for n in range(1, max_cubes + 1):
        zero = strength_distribution(n, defs)[0]
        cells = [f"{float(n * e[m]):.2f}" for m in MEASURES]
        lines.append(f"| {n} | {' | '.join(cells)} | {zero:.0%} |")
    return "\n".join(lines)


def win_table(max_cubes: int = 8, defs: TowerDefs | None = None) -> str:
    """The document's table of the active player's chance to win the first drop (markdown)."""
    head = " | ".join(str(o) for o in range(1, max_cubes + 1))
    lines = [f"| active \\ other | {head} |", "|---:|" + "---:|" * max_cubes]
    for a in range(1, max_cubes + 1):
        cells = " | ".join(f"{active_wins(a, o, defs):.0%}" for o in range(1, max_cubes + 1))
        lines.append(f"| {a} | {cells} |")
    return "\n".join(lines)


def simulate(cubes: Mapping[str, int], trials: int, seed: str, defs: TowerDefs | None = None) -> dict[str, dict[str, float]]:
    """Monte Carlo means per owner of `drop` itself with a seeded Rng: the check that the code
    that plays battles agrees with the exact figures above."""
    d = defs or tower_defs()
    rng = Rng(seed=seed)
    sums = {o: dict.fromkeys(MEASURES, 0.0) for o in cubes}
    for _ in range(trials):
        r = drop(rng, cubes, Tower(), defs=d)
        t = tally(r.board, d)
        for o in cubes:
            got = t.get(o, Tally()).model_dump() | {"extras": r.extras.get(o, 0)}
            for m in MEASURES:
                sums[o][m] += got[m]
    return {o: {m: v / trials for m, v in s.items()} for o, s in sums.items()}
