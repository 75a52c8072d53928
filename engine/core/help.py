"""Rules help topics, in a game's own words: data/<game>/help.toml, validated on load.

Each game object offers its topics (`Game.help_topics`); /rules lists and shows them.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

SUMMARY_MAX = 100    # shown in the /rules autocomplete list
TEXT_MAX = 1800      # one Discord message, with room for the title


class HelpTopic(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    title: str = Field(min_length=1, max_length=100)
    summary: str = Field(min_length=1, max_length=SUMMARY_MAX, pattern=r"^[^\n]*$")
    text: str = Field(min_length=1, max_length=TEXT_MAX)


class HelpFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    topic: list[HelpTopic]


def load_help(path: Path) -> dict[str, HelpTopic]:
    """Topics by id, in file order; a missing file means no help yet."""
    if not path.exists():
        return {}
    with path.open("rb") as f:
        topics = HelpFile.model_validate(tomllib.load(f)).topic
    by_id = {t.id: t for t in topics}
    if len(by_id) != len(topics):
        raise ValueError(f"{path}: two topics share an id")
    return by_id
