"""Pydantic models of data/pirate_chest/*.toml, loaded once and validated."""
from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator

from engine.core.data import keyed

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "pirate_chest"

Zone = Literal["any", "open-sea", "special", "island", "port"]
FightType = Literal["broadsides", "boarding"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SpaceDef(Strict):
    number: int
    kind: Literal["island", "port"]
    slug: str
    name: str


class BoardDef(Strict):
    size: int
    spaces: list[SpaceDef]

    @model_validator(mode="after")
    def _every_third_space_is_special(self) -> BoardDef:
        numbers = [s.number for s in self.spaces]
        if numbers != list(range(3, self.size + 1, 3)):
            raise ValueError(f"special spaces must be every third space, got {numbers}")
        return self


class CoinsDef(Strict):
    base: list[str]
    variant: list[str]
    names: dict[str, str]


class BoardsFile(Strict):
    standard: BoardDef
    larger: BoardDef
    coins: CoinsDef


class CaptainDef(Strict):
    id: str
    name: str
    ship: str
    crew: str
    home: str
    ability: str
    ability_name: str
    summary: str


class CardDef(Strict):
    id: str
    name: str
    effect: str
    text: str
    tags: list[Literal["wind", "storm"]] = []
    # effect data, each used by some effects only
    n: int = 0
    target: Literal["opponent", "farthest", "random", "adjacent", "adjacent-all"] = "opponent"
    zone: Zone = "any"
    where: Literal["enemy", "island", "empty-open-sea", ""] = ""
    as_move: bool = False
    bonus: int = 0
    types: list[FightType] = []


class CurseDef(Strict):
    roll: int
    effect: Literal["no-move", "dice-penalty", "discard-random", "reveal-hand", "ability-blocked", "sink"]
    text: str


ABILITIES = {"luck", "privateer", "kraken", "blockade", "rockets", "raider", "ghostly", "rampage",
             "no-prisoners", "undead", "fearsome", "girl-power", "mutiny", "never-land", "swift",
             "steal", "curses", "ram", "map"}
EFFECTS = {"no-move", "extra-moves", "go-home", "curse", "sink", "rolled-move", "draw", "go-to",
           "escape-bonus", "move-penalty", "peek-deck", "peek-hand", "steal-coin", "landing-party",
           "forced-boarding", "discard-random", "discard-chosen", "shipwreck", "miss-turn",
           "roll-bonus", "steal-card", "lost", "fight"}


class Defs(Strict):
    boards: BoardsFile
    captains: dict[str, CaptainDef]
    cards: dict[str, CardDef]
    curses: dict[int, CurseDef]

    @model_validator(mode="after")
    def _cross_checks(self) -> Defs:
        ports = {s.slug for s in self.boards.larger.spaces if s.kind == "port"}
        for c in self.captains.values():
            if c.home not in ports:
                raise ValueError(f"captain {c.id}: unknown home port {c.home}")
            if c.ability not in ABILITIES:
                raise ValueError(f"captain {c.id}: unknown ability {c.ability}")
        for card in self.cards.values():
            if card.effect not in EFFECTS:
                raise ValueError(f"card {card.id}: unknown effect {card.effect}")
            if card.effect == "fight" and (card.bonus <= 0 or not card.types):
                raise ValueError(f"fight card {card.id} needs a bonus and types")
        if sorted(self.curses) != [1, 2, 3, 4, 5, 6]:
            raise ValueError("the curse table needs exactly the rolls 1 to 6")
        return self

    def board(self, larger: bool) -> BoardDef:
        return self.boards.larger if larger else self.boards.standard


def _read(data_dir: Path, name: str) -> dict[str, Any]:
    with open(data_dir / name, "rb") as f:
        return tomllib.load(f)


def load_defs(data_dir: Path = DATA_DIR) -> Defs:
    """Read and validate every data file in `data_dir` (raises on the first problem)."""
    return Defs.model_validate({
        "boards": _read(data_dir, "board.toml"),
        "captains": keyed(_read(data_dir, "captains.toml").get("captain"), "id", "captain"),
        "cards": keyed(_read(data_dir, "cards.toml").get("card"), "id", "card"),
        "curses": keyed(_read(data_dir, "curses.toml").get("curse"), "roll", "curse"),
    })


@cache
def defs() -> Defs:
    """The validated data set, loaded once per process."""
    return load_defs()
