"""Checks every game's /rules help (data/<game>/help.toml) shares: the topic fields within
Discord's limits, unique ids, and the word windows that find text copied from a rulebook."""
from __future__ import annotations

import re
from typing import Any

FIELDS = ("id", "title", "summary", "text")
SUMMARY_MAX = 100
TEXT_MAX = 1800
WINDOW = 8
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def words(text: str) -> list[str]:
    """Lower-case words with apostrophes dropped and every other mark a separator, so that
    "King's", 'Kings' and '**Kings**' all read the same."""
    text = re.sub(r"['’‘`]", "", text.lower())
    return re.findall(r"[a-z0-9]+", text)


def windows(ws: list[str], n: int = WINDOW) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def check_fields_within_limits(topics: list[dict[str, Any]]) -> None:
    assert topics, "help.toml has no [[topic]] entries"
    for t in topics:
        assert set(t) == set(FIELDS), f"{t.get('id')}: fields {sorted(t)}"
        for field in FIELDS:
            assert isinstance(t[field], str) and t[field].strip(), f"{t['id']}: empty {field}"
        assert KEBAB.match(t["id"]), f"{t['id']}: not kebab-case"
        assert "\n" not in t["summary"] and len(t["summary"]) <= SUMMARY_MAX, \
            f"{t['id']}: summary is {len(t['summary'])} characters"
        assert len(t["text"]) <= TEXT_MAX, f"{t['id']}: text is {len(t['text'])} characters"


def check_ids(topics: list[dict[str, Any]], required: list[str]) -> None:
    ids = [t["id"] for t in topics]
    assert len(ids) == len(set(ids)), f"duplicate ids: {sorted({i for i in ids if ids.count(i) > 1})}"
    missing = [i for i in required if i not in ids]
    assert not missing, f"missing topics: {missing}"


def copied(text: str, rulebook: set[tuple[str, ...]]) -> list[str]:
    """The runs of WINDOW words `text` shares with the rulebook's windows."""
    return sorted(" ".join(w) for w in windows(words(text)) & rulebook)


def check_topic_not_copied(topic: dict[str, Any], rulebook: set[tuple[str, ...]]) -> None:
    for field in FIELDS:
        runs = copied(topic[field], rulebook)
        assert not runs, f"{topic['id']}.{field} repeats the rulebook: {runs}"


def check_file_not_copied(text: str, rulebook: set[tuple[str, ...]]) -> None:
    """Also across field boundaries and in the comments."""
    runs = copied(text, rulebook)
    assert not runs, f"help.toml repeats the rulebook: {runs}"
