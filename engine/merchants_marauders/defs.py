"""Pydantic models of data/merchants_marauders/{base,seas_of_glory}/*.toml, loaded once and
validated: the map, ships and NPC roster, captains, ship modifications, special weapons and
tokens of the base game (models in defs_base.py), and what the Seas of Glory adds: its ships and
NPCs, captains, modifications, weapons, tokens, NPC upgrades, location tokens, goodwill and
loyalty boards (its own files' models in defs_sog.py).

Each file is checked on its own (its shape and the closed vocabularies of vocab.py and
effects.py), then the set as a whole here (the files agree with one another and with the
component counts). Any problem is a DataError naming the file, the row and the field. The data is
Parley's own design following the base reconstruction and the Seas of Glory text;
docs/merchants_marauders-data.md gives the reasons. Base and expansion files stay apart, so a
base game reads only the base files' parts. The card decks have their own loader (card_defs.py)."""
from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

from pydantic import BaseModel, model_validator

from engine.core.data import load_table_file, validate_set
from engine.merchants_marauders.defs_base import (
    BASE_SHIPS,
    BaseWeaponsFile,
    CaptainDef,
    CaptainsFile,
    MapFile,
    ModificationDef,
    ModificationsFile,
    NpcDef,
    ShipDef,
    ShipsFile,
    TokensFile,
    WeaponDef,
    WeaponsFile,
)
from engine.merchants_marauders.defs_sog import (
    LOCATION_KINDS,
    BoardsFile,
    LocationsFile,
    Miniature,
    SogTokensFile,
    UpgradesFile,
)
from engine.merchants_marauders.effects import Strict
from engine.merchants_marauders.vocab import OPEN_SEA, PORTS, WEAPONS, ZONES, Nation, ShipType, Weapon

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "merchants_marauders"


class DataError(ValueError):
    """A data file is malformed or contradicts another one."""


# ---- the whole set ----
class Defs(Strict):
    map: MapFile
    ships: ShipsFile
    captains: CaptainsFile
    modifications: ModificationsFile
    weapons: BaseWeaponsFile
    tokens: TokensFile
    sog_ships: ShipsFile
    sog_captains: CaptainsFile
    sog_modifications: ModificationsFile
    sog_weapons: WeaponsFile
    sog_tokens: SogTokensFile
    npc_upgrades: UpgradesFile
    locations: LocationsFile
    boards: BoardsFile

    def all_captains(self) -> dict[str, CaptainDef]:
        return {**self.captains.captains, **self.sog_captains.captains}

    def all_ships(self) -> dict[ShipType, ShipDef]:
        return {**self.ships.ships, **self.sog_ships.ships}

    def all_npcs(self) -> dict[str, NpcDef]:
        return {**self.ships.npcs, **self.sog_ships.npcs}

    def all_modifications(self) -> dict[str, ModificationDef]:
        return {**self.modifications.modifications, **self.sog_modifications.modifications}

    def all_weapons(self) -> dict[Weapon, WeaponDef]:
        return {**self.weapons.weapons, **self.sog_weapons.weapons}

    def bounty_tokens(self, with_expansion: bool = True) -> Counter[Nation]:
        out = Counter(dict(self.tokens.bounties))
        return out + Counter(dict(self.sog_tokens.bounties)) if with_expansion else out

    @model_validator(mode="after")
    def _cross_checks(self) -> Defs:
        _captains_fit_the_map(self)
        _ships_and_npcs(self)
        _tokens_fit_the_map(self)
        _kinds_apart(self)
        _upgrades_name_real_kinds(self)
        _miniatures(self)
        return self


def _captains_fit_the_map(d: Defs) -> None:
    for file, deck in (("base/captains.toml", d.captains), ("seas_of_glory/captains.toml", d.sog_captains)):
        for c in deck.captains.values():
            if d.map.zones[c.home_port].nation != c.nation:
                raise ValueError(f"{file}: [[captain]] '{c.id}': home port {c.home_port} is not a {c.nation} port")
    if both := set(d.captains.captains) & set(d.sog_captains.captains):
        raise ValueError(f"seas_of_glory/captains.toml: ids already used by the base deck: {', '.join(sorted(both))}")
    names = Counter(c.name for c in d.all_captains().values())
    if twice := [n for n, k in names.items() if k > 1]:
        raise ValueError(f"captains.toml: names used twice: {', '.join(sorted(twice))}")


def _ships_and_npcs(d: Defs) -> None:
    if set(d.ships.ships) != BASE_SHIPS or d.ships.cards:
        raise ValueError(f"base/ships.toml: the base ship types are {', '.join(sorted(BASE_SHIPS))}, with no variant cards")
    if both := set(d.ships.ships) & set(d.sog_ships.ships):
        raise ValueError(f"seas_of_glory/ships.toml: types already in the base game: {', '.join(sorted(both))}")
    for c in d.sog_ships.cards.values():
        if c.replaces not in d.ships.ships:
            raise ValueError(f"seas_of_glory/ships.toml: [[card]] '{c.id}' replaces {c.replaces}, not a base ship")
    tg = d.sog_ships.ships.get("treasure_galleon")
    if tg is not None and (tg.values() != d.ships.ships["galleon"].values() or tg.cost is not None or tg.cards):
        raise ValueError("seas_of_glory/ships.toml: the treasure galleon is an unsold board token with a galleon's values")
    for file, roster, ships in (("base/ships.toml", d.ships.npcs, d.ships.ships), ("seas_of_glory/ships.toml", d.sog_ships.npcs, d.all_ships())):
        for n in roster.values():
            if bad := [s for s in n.ships if s not in ships]:
                raise ValueError(f"{file}: [[npc]] '{n.id}' sails {', '.join(bad)}, which no ship card of its set describes")
    if again := set(d.ships.npcs) & set(d.sog_ships.npcs):
        raise ValueError(f"seas_of_glory/ships.toml: roster places already in the base game: {', '.join(sorted(again))}")


def _tokens_fit_the_map(d: Defs) -> None:
    t = d.tokens
    if sum(t.merchants.values()) != len(ZONES):
        raise ValueError(f"base/tokens.toml: {sum(t.merchants.values())} merchant tokens for {len(ZONES)} zones, one each")
    if t.demand_tokens() <= len(PORTS):
        raise ValueError("base/tokens.toml: one demand token per port and a pile to draw from")
    if len(d.modifications.tokens()) != len(PORTS):
        raise ValueError(f"base/modifications.toml: {len(d.modifications.tokens())} tokens, one per port ({len(PORTS)})")
    if len(d.locations.tokens()) != len(PORTS):
        raise ValueError(f"seas_of_glory/locations.toml: {len(d.locations.tokens())} tokens, one per zone with a port ({len(PORTS)})")
    if d.sog_tokens.storm.start != OPEN_SEA:
        raise ValueError(f"seas_of_glory/tokens.toml: the storm starts in the {OPEN_SEA}")
    if not set(d.locations.apart) <= set(LOCATION_KINDS):
        raise ValueError("seas_of_glory/locations.toml: apart names location kinds")


def _kinds_apart(d: Defs) -> None:
    if both := set(d.modifications.modifications) & set(d.sog_modifications.modifications):
        raise ValueError(f"seas_of_glory/modifications.toml: kinds already in the base game: {', '.join(sorted(both))}")
    if any(m.needs_module for m in d.modifications.modifications.values()):
        raise ValueError("base/modifications.toml: base modifications need no module")
    if set(d.weapons.weapons) & set(d.sog_weapons.weapons) or set(d.all_weapons()) != set(WEAPONS):
        raise ValueError(f"weapons.toml: the base and the expansion together have the {len(WEAPONS)} kinds {', '.join(WEAPONS)}, each once")


def _upgrades_name_real_kinds(d: Defs) -> None:
    weapons, mods = d.all_weapons(), d.all_modifications()
    for u in d.npc_upgrades.upgrades.values():
        new = {"weapon": u.of in d.sog_weapons.weapons, "modification": u.of in d.sog_modifications.modifications}
        where = f"seas_of_glory/npc_upgrades.toml: [[upgrade]] '{u.id}'"
        if u.face == "weapon" and u.of not in weapons:
            raise ValueError(f"{where}: no special weapon {u.of}")
        if u.face == "modification" and (u.of not in mods or mods[u.of].needs_module):
            raise ValueError(f"{where}: {u.of} is no modification an NPC can use")
        if u.face in new and new[u.face] != (u.module is not None):
            raise ValueError(f"{where}: a Seas of Glory kind is taken out with its module (module = \"{u.face}s\"), and only such a kind")


def _miniatures(d: Defs) -> None:
    """The miniatures are the NPC roster's (a navy's frigate, and the brown galleon as its
    man-o'-war) and one per player colour of every ship a player can buy."""
    minis: dict[ShipType, Miniature] = {**d.tokens.miniatures, **d.sog_tokens.miniatures}
    want: Counter[tuple[ShipType, str]] = Counter()
    for n in d.all_npcs().values():
        want[(n.ships[0], n.miniature)] += 1
        if n.side == "navy":
            want[("galleon", n.miniature)] += 1
    ships = d.all_ships()
    for ship in sorted(set(minis) | {s for s, _ in want} | {s for s, v in ships.items() if v.cost}):
        m = minis.get(ship, Miniature(ship=ship))
        for colour in ("black", "brown", "gold"):
            if getattr(m, colour) != want[(ship, colour)]:
                raise ValueError(f"tokens.toml: {getattr(m, colour)} {colour} {ship} miniatures, but the NPC roster sails {want[(ship, colour)]}")
        bought = ships[ship].cards if ship in ships and ships[ship].cost else 0
        if m.player != bought:
            raise ValueError(f"tokens.toml: {m.player} player {ship} miniatures for {bought} ship cards on sale")


# Files, and for each the [[tables]] read into dicts: table -> (field, key).
FILES: dict[str, tuple[str, type[BaseModel], dict[str, tuple[str, str]]]] = {
    "map": ("base/map.toml", MapFile, {"zone": ("zones", "id")}),
    "ships": ("base/ships.toml", ShipsFile, {"ship": ("ships", "type"), "npc": ("npcs", "id")}),
    "captains": ("base/captains.toml", CaptainsFile, {"captain": ("captains", "id")}),
    "modifications": ("base/modifications.toml", ModificationsFile, {"modification": ("modifications", "id")}),
    "weapons": ("base/weapons.toml", BaseWeaponsFile, {"weapon": ("weapons", "id")}),
    "tokens": ("base/tokens.toml", TokensFile, {"miniature": ("miniatures", "ship")}),
    "sog_ships": ("seas_of_glory/ships.toml", ShipsFile,
                  {"ship": ("ships", "type"), "card": ("cards", "id"), "npc": ("npcs", "id")}),
    "sog_captains": ("seas_of_glory/captains.toml", CaptainsFile, {"captain": ("captains", "id")}),
    "sog_modifications": ("seas_of_glory/modifications.toml", ModificationsFile, {"modification": ("modifications", "id")}),
    "sog_weapons": ("seas_of_glory/weapons.toml", WeaponsFile, {"weapon": ("weapons", "id")}),
    "sog_tokens": ("seas_of_glory/tokens.toml", SogTokensFile, {"miniature": ("miniatures", "ship")}),
    "npc_upgrades": ("seas_of_glory/npc_upgrades.toml", UpgradesFile, {"upgrade": ("upgrades", "id")}),
    "locations": ("seas_of_glory/locations.toml", LocationsFile, {"location": ("locations", "id")}),
    "boards": ("seas_of_glory/boards.toml", BoardsFile, {"level": ("levels", "id")}),
}


def load_file(data_dir: Path, part: str) -> BaseModel:
    """One file of the set (a key of FILES), checked on its own."""
    file, model, tables = FILES[part]
    return load_table_file(data_dir, file, model, tables, DataError)


def load_defs(data_dir: Path = DATA_DIR) -> Defs:
    """Read and validate every data file under `data_dir`; the first file with a problem raises DataError."""
    return validate_set(Defs, {part: load_file(data_dir, part) for part in FILES}, DataError)


@cache
def defs() -> Defs:
    """The validated data set, loaded once per process."""
    return load_defs()
