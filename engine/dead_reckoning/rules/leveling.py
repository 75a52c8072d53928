"""Leveling — one Sailor card in hand goes up one level between a player's turns.

The pure parts: which cards may level (those in hand below level 4: an empty hand or a hand all
at level 4 levels nothing), one card and one step per window between turns, how the Ability card
moves (turned round for 1→2 and 3→4, flipped over for 2→3), what the new level shows according
to data/dead_reckoning/sailors.toml, the deadline default (DR-LEVEL-04 reading: the lowest level,
the first in hand order on a tie), and the Expert Sailors cube when a card reaches level 4. When
the window opens and closes is the turn engine's business."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.dead_reckoning.defs import Ability, Icon, SailorKind, SailorLevel, defs

Motion = Literal["turn", "flip"]


def top_level() -> int:
    return defs().rules.cleanup.levels


class HandCard(BaseModel):
    """A Sailor card in hand: its id (`gunner-1`), its kind and the level it shows."""
    model_config = ConfigDict(frozen=True)

    card: str
    kind: SailorKind
    level: int = 1


def can_level(card: HandCard) -> bool:
    return card.level < top_level()


def levelable(hand: list[HandCard]) -> list[str]:
    """The cards in hand that may go up a level, in hand order."""
    return [c.card for c in hand if can_level(c)]


def must_level(hand: list[HandCard]) -> bool:
    """DR-LEVEL-04 reading: leveling is owed whenever some card in hand is below level 4."""
    return bool(levelable(hand))


def default_choice(hand: list[HandCard]) -> str | None:
    """What a silent seat levels at its deadline: the lowest-level card, the first in hand order
    on a tie; None when nothing can level."""
    below = [c for c in hand if can_level(c)]
    return min(below, key=lambda c: c.level).card if below else None


def motion(from_level: int) -> Motion:
    """How the Ability card moves in its sleeve to show the next level (a table's view of it)."""
    if not 1 <= from_level < top_level():
        raise ValueError(f"a card at level {from_level} cannot level up")
    return "flip" if from_level == 2 else "turn"


def face(kind: SailorKind, level: int) -> SailorLevel:
    """What a Sailor shows at a level, from the data."""
    return defs().sailors.sailors[kind].levels[level - 1]


def next_face(kind: SailorKind, level: int) -> SailorLevel | None:
    """The next level's face: the preview in the card's corner; None at level 4."""
    return face(kind, level + 1) if level < top_level() else None


class LevelChange(BaseModel):
    """What leveling a card changes: the icons it gains and loses (by kind), and its abilities
    before and after (the Ability card is the whole face, so the old ones are gone)."""
    kind: SailorKind
    to_level: int
    icons_gained: dict[Icon, int]
    icons_lost: dict[Icon, int]
    abilities_before: list[Ability]
    abilities_after: list[Ability]


def change(kind: SailorKind, from_level: int) -> LevelChange:
    motion(from_level)                      # refuses level 4 and impossible levels
    old, new = face(kind, from_level), face(kind, from_level + 1)
    before, after = old.icons.model_dump(), new.icons.model_dump()
    return LevelChange(
        kind=kind, to_level=from_level + 1,
        icons_gained={i: after[i] - before[i] for i in after if after[i] > before[i]},
        icons_lost={i: before[i] - after[i] for i in after if after[i] < before[i]},
        abilities_before=list(old.abilities), abilities_after=list(new.abilities))


class Window(BaseModel):
    """The window between the end of a player's turn and the start of the next: it allows one
    level-up of one card, then closes for good until the next turn ends."""
    leveled: str | None = None


class LevelResult(BaseModel):
    hand: list[HandCard]
    window: Window
    reached_top: bool            # the card is now level 4: an Expert Sailors step (DR-LEVEL-08)


def level_up(hand: list[HandCard], window: Window, card: str) -> LevelResult:
    """Level one card in hand by one step. The card stays in hand, in its place."""
    if window.leveled is not None:
        raise ValueError(f"already leveled {window.leveled} since your last turn: one card, one level")
    found = [c for c in hand if c.card == card]
    if not found:
        raise ValueError(f"{card} is not in your hand: only a card in hand can level up")
    if not can_level(found[0]):
        raise ValueError(f"{card} is already at level {top_level()}, the highest")
    raised = found[0].model_copy(update={"level": found[0].level + 1})
    return LevelResult(hand=[raised if c.card == card else c for c in hand], window=Window(leveled=card),
                       reached_top=raised.level == top_level())
