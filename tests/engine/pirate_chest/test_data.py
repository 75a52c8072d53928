"""Every data file validates, and a broken one is refused with a message that names the problem."""
from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.pirate_chest.defs import DATA_DIR, defs, load_defs
from tests.engine.data_checks import broken_copy


def test_the_shipped_data_validates_and_matches_the_rulebook_counts() -> None:
    d = load_defs()
    assert len(d.captains) == 19                        # PC-SHIP-02
    assert len(d.cards) == 63                           # PC-CARD-64: one of each listed card
    assert sum(c.effect == "fight" for c in d.cards.values()) == 21
    assert {c.id for c in d.cards.values() if "wind" in c.tags} == {"trade-winds", "doldrums", "westerlies", "catch-the-wind"}
    assert {c.id for c in d.cards.values() if "storm" in c.tags} == {"typhoon", "hurricane"}
    assert d.board(False).size == 24 and d.board(True).size == 30
    assert sorted(d.curses) == [1, 2, 3, 4, 5, 6]
    assert defs() == d


@pytest.mark.parametrize(("file", "old", "new", "message"), [
    ("captains.toml", 'home = "caribbean"', 'home = "atlantis"', "unknown home port atlantis"),
    ("captains.toml", 'ability = "luck"', 'ability = "flight"', "unknown ability flight"),
    ("cards.toml", 'effect = "no-move"', 'effect = "teleport"', "unknown effect teleport"),
    ("cards.toml", "bonus = 2", "bonus = 0", "needs a bonus"),
    ("cards.toml", 'id = "trade-winds"', 'id = "scurvy"', "id 'scurvy' is listed twice"),
    ("board.toml", "number = 9,", "number = 10,", "every third space"),
    ("curses.toml", "roll = 6", "roll = 7", "rolls 1 to 6"),
    ("cards.toml", 'tags = ["wind"]', 'tags = ["breeze"]', "tags"),
])
def test_a_broken_data_file_is_refused(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    with pytest.raises((ValidationError, ValueError), match=message):
        load_defs(broken_copy(tmp_path, DATA_DIR, file, old, new))
