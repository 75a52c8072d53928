"""The /rules help (data/scoundrel_bay/help.toml): well-formed topics within Discord's limits, a topic
for every part of the rulebook and every variant, the events, captains, upgrades, harbors and
hideouts named with Parley's own numbers, and Parley's own wording: no run of 8 words copied
from the rulebook."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.defs import defs
from tests.shared_docs import shared_text

REPO = Path(__file__).resolve().parents[3]
HELP = REPO / "data" / "scoundrel_bay" / "help.toml"

FIELDS = ("id", "title", "summary", "text")
SUMMARY_MAX = 100
TEXT_MAX = 1800
WINDOW = 8
REQUIRED = ["overview", "turn", "recruit", "sail", "invade", "beaches", "villages", "harbors", "hideouts",
            "captain", "add-card", "end-of-stage", "blind-bid", "cook-and-feed", "crates", "rewards",
            "end-of-game", "scoring", "two-players", "milestones", "alternative-harbor-scoring",
            "captain-powers", "readings", "readings-more", "commands"]
KEBAB = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

with HELP.open("rb") as f:
    TOPICS: list[dict[str, Any]] = tomllib.load(f)["topic"]
BY_ID = {t["id"]: t for t in TOPICS}


def words(text: str) -> list[str]:
    """Lower-case words with apostrophes dropped and every other mark a separator, so that
    'Rat King's', 'Rat Kings' and '**Rat Kings**' all read the same."""
    text = re.sub(r"['’‘`]", "", text.lower())
    return re.findall(r"[a-z0-9]+", text)


def windows(ws: list[str], n: int = WINDOW) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def rulebook_windows() -> set[tuple[str, ...]]:
    """The rulebook is kept outside the repository (none of its text may live here)."""
    return windows(words(shared_text("rules", "scoundrel_bay.txt")))


def test_every_topic_has_the_fields_within_limits() -> None:
    assert TOPICS, "help.toml has no [[topic]] entries"
    for t in TOPICS:
        assert set(t) == set(FIELDS), f"{t.get('id')}: fields {sorted(t)}"
        for field in FIELDS:
            assert isinstance(t[field], str) and t[field].strip(), f"{t['id']}: empty {field}"
        assert KEBAB.match(t["id"]), f"{t['id']}: not kebab-case"
        assert "\n" not in t["summary"] and len(t["summary"]) <= SUMMARY_MAX, \
            f"{t['id']}: summary is {len(t['summary'])} characters"
        assert len(t["text"]) <= TEXT_MAX, f"{t['id']}: text is {len(t['text'])} characters"


def test_ids_are_unique_and_the_expected_topics_exist() -> None:
    ids = [t["id"] for t in TOPICS]
    assert len(ids) == len(set(ids)), f"duplicate ids: {sorted({i for i in ids if ids.count(i) > 1})}"
    missing = [i for i in REQUIRED if i not in BY_ID]
    assert not missing, f"missing topics: {missing}"


def test_the_game_offers_the_topics_in_file_order() -> None:
    assert list(GAME.help_topics()) == [t["id"] for t in TOPICS]
    assert GAME.help_topics()["overview"].title == BY_ID["overview"]["title"]


def test_the_header_says_it_is_parleys_own_wording() -> None:
    header = HELP.read_text(encoding="utf-8").split("[[topic]]", 1)[0]
    assert "Parley's own wording" in header


def test_topics_named_in_bold_exist() -> None:
    """'see **harbors**' style cross-references point at real topics."""
    for t in TOPICS:
        for ref in re.findall(r"see \*\*([a-z0-9-]+)\*\*", t["text"]):
            assert ref in BY_ID, f"{t['id']} points at a missing topic '{ref}'"


def test_every_event_is_named_in_the_end_of_stage_topic() -> None:
    text = BY_ID["end-of-stage"]["text"]
    missing = [e.name for e in defs().events.events.values() if e.name not in text]
    assert not missing, f"events not named: {missing}"


def test_every_captain_is_named_in_the_captain_powers_topic() -> None:
    text = BY_ID["captain-powers"]["text"]
    missing = [c.name for c in defs().captains.captains.values() if c.name not in text]
    assert not missing, f"captains not named: {missing}"


def test_every_upgrade_is_named_in_the_milestones_topic() -> None:
    text = BY_ID["milestones"]["text"]
    missing = [u.name for u in defs().milestones.upgrades.values() if u.name not in text]
    assert not missing, f"upgrades not named: {missing}"


def test_every_harbor_is_listed_with_its_ship_swords_and_gold() -> None:
    """The harbors topic quotes Parley's board (board.toml): a changed number fails here."""
    lines = BY_ID["harbors"]["text"].splitlines()
    for h in defs().board.of_kind("harbor"):
        assert h.ship is not None
        line = next((ln for ln in lines if h.name in ln and "swords" in ln), None)
        assert line is not None, f"{h.name} is not listed"
        assert f"{h.ship.swords} swords" in line and f"({h.flag})" in line, line
        if h.gold:
            assert " / ".join(str(g) for g in h.gold) in line, line


def test_every_hideout_is_named_and_the_scoring_example_adds_up() -> None:
    text = BY_ID["hideouts"]["text"]
    missing = [h.name for h in defs().board.of_kind("hideout") if h.name not in text]
    assert not missing, f"hideouts not named: {missing}"
    from engine.scoundrel_bay.rules.scoring import hideout_gold
    assert "Seven pirates spread over four hideouts score 28 gold" in text and hideout_gold([4, 1, 1, 1]) == 28
    assert "in one hideout score 7" in text and hideout_gold([7]) == 7


def test_the_display_costs_and_scouting_price_match_the_data() -> None:
    text = BY_ID["add-card"]["text"]
    costs = defs().cards.display.costs
    assert costs == [0, 1, 1, 2, 2] and "(0, 1, 1, 2 or 2 rum)" in BY_ID["add-card"]["summary"]
    assert f"pay **{defs().cards.display.scout_rum} rum**" in text


@pytest.mark.parametrize("topic", TOPICS, ids=[t["id"] for t in TOPICS])
def test_no_eight_word_run_from_the_rulebook(topic: dict[str, Any]) -> None:
    rulebook = rulebook_windows()
    for field in FIELDS:
        copied = windows(words(topic[field])) & rulebook
        assert not copied, f"{topic['id']}.{field} repeats the rulebook: {sorted(' '.join(w) for w in copied)}"


def test_no_eight_word_run_from_the_rulebook_anywhere_in_the_file() -> None:
    """Also across field boundaries and in the comments."""
    rulebook = rulebook_windows()
    copied = windows(words(HELP.read_text(encoding="utf-8"))) & rulebook
    assert not copied, f"help.toml repeats the rulebook: {sorted(' '.join(w) for w in copied)}"


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    """Guard the guard: a rulebook line, re-cased and re-punctuated, is still caught."""
    rulebook = rulebook_windows()
    assert len(rulebook) > 1000
    sample = "the player with the MOST gold at the end of the game... wins!"
    assert windows(words(sample)) & rulebook
