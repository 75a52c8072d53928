"""The /rules help of Merchants & Marauders (data/merchants_marauders/help.toml) as the tests read
it: the topics in file order and small helpers to find a topic's text and one of its lines."""
from __future__ import annotations

import tomllib
from typing import Any

from engine.merchants_marauders.defs import DATA_DIR

HELP = DATA_DIR / "help.toml"

with HELP.open("rb") as f:
    TOPICS: list[dict[str, Any]] = tomllib.load(f)["topic"]
BY_ID = {t["id"]: t for t in TOPICS}
FILE_TEXT = HELP.read_text(encoding="utf-8")


def text(topic: str) -> str:
    return str(BY_ID[topic]["text"])


def line_with(topic: str, *needles: str) -> str:
    """The one line of a topic that holds every needle (a list entry, usually)."""
    found = [ln for ln in text(topic).splitlines() if all(n in ln for n in needles)]
    assert len(found) == 1, f"{topic}: {len(found)} lines hold {needles}"
    return found[0]
