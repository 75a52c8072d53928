"""Checks every game's /rules help (data/<game>/help.toml) shares: the file read once, the topic
fields within Discord's limits, unique ids, the topics offered in file order, the cross-references,
the header, and the word windows that find text copied from a rulebook."""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from functools import cache
from pathlib import Path
from typing import Any

from tests.shared_docs import shared_text

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


class HelpFile:
    """A help.toml as the tests read it: its topics in file order, by id, and its whole text."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with path.open("rb") as f:
            self.topics: list[dict[str, Any]] = tomllib.load(f)["topic"]
        self.by_id = {t["id"]: t for t in self.topics}
        self.file_text = path.read_text(encoding="utf-8")

    def text(self, topic: str) -> str:
        return str(self.by_id[topic]["text"])

    def line_with(self, topic: str, *needles: str) -> str:
        """The one line of a topic that holds every needle (a list entry, usually)."""
        found = [ln for ln in self.text(topic).splitlines() if all(n in ln for n in needles)]
        assert len(found) == 1, f"{topic}: {len(found)} lines hold {needles}"
        return found[0]


@cache
def rule_windows(*names: str) -> frozenset[tuple[str, ...]]:
    """The word windows of shared/rules/<name>, for each name (kept outside the repository: none of
    their text may live here); read once a run."""
    return frozenset().union(*(windows(words(shared_text("rules", name))) for name in names))


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


def check_offered_in_file_order(offered: Mapping[str, Any], topics: list[dict[str, Any]]) -> None:
    """A loader's or the game's topics: the file's ids in the file's order, the overview's title."""
    assert list(offered) == [t["id"] for t in topics]
    assert offered["overview"].title == next(t["title"] for t in topics if t["id"] == "overview")


def check_header(file_text: str, *phrases: str) -> None:
    """The comment before the first topic says it is Parley's own wording (and any other phrase)."""
    header = file_text.split("[[topic]]", 1)[0]
    for phrase in ("Parley's own wording", *phrases):
        assert phrase in header, phrase


def check_cross_references(topics: list[dict[str, Any]], least: int = 0) -> None:
    """'see **islands**' and '(see **pirate-mode**, **buildings**)' point at real topics; more than
    `least` of them."""
    ids = {t["id"] for t in topics}
    refs = 0
    for t in topics:
        for group in re.findall(r"see (\*\*[a-z0-9-]+\*\*(?:, \*\*[a-z0-9-]+\*\*)*)", t["text"]):
            for ref in re.findall(r"\*\*([a-z0-9-]+)\*\*", group):
                refs += 1
                assert ref in ids, f"{t['id']} points at a missing topic '{ref}'"
    assert refs > least, f"{refs} cross-references"


def check_named(text: str, names: Iterable[str], what: str) -> None:
    """Every name stands in the text."""
    missing = [n for n in names if n not in text]
    assert not missing, f"{what} not named: {missing}"


def copied(text: str, rulebook: AbstractSet[tuple[str, ...]]) -> list[str]:
    """The runs of WINDOW words `text` shares with the rulebook's windows."""
    return sorted(" ".join(w) for w in windows(words(text)) & rulebook)


def check_topic_not_copied(topic: dict[str, Any], rulebook: AbstractSet[tuple[str, ...]]) -> None:
    for field in FIELDS:
        runs = copied(topic[field], rulebook)
        assert not runs, f"{topic['id']}.{field} repeats the rulebook: {runs}"


def check_file_not_copied(text: str, rulebook: AbstractSet[tuple[str, ...]]) -> None:
    """Also across field boundaries and in the comments."""
    runs = copied(text, rulebook)
    assert not runs, f"help.toml repeats the rulebook: {runs}"


def check_copy_check_catches(rulebook: AbstractSet[tuple[str, ...]], least: int, *samples: str) -> None:
    """Guard the guard: the rulebook's windows are many, and each sample (a rulebook line re-cased
    and re-punctuated) is still caught."""
    assert len(rulebook) > least
    for sample in samples:
        assert windows(words(sample)) & rulebook, sample
