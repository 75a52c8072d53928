"""The /rules help (data/pirate_chest/help.toml): well-formed topics within Discord's limits, every
captain and card covered, and Parley's own wording: no run of 8 words copied from the rulebook."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.engine.help_checks import (
    HelpFile,
    check_copy_check_catches,
    check_fields_within_limits,
    check_file_not_copied,
    check_header,
    check_ids,
    check_named,
    check_topic_not_copied,
    rule_windows,
)

REPO = Path(__file__).resolve().parents[3]
DATA = REPO / "data" / "pirate_chest"
HELP = DATA / "help.toml"

REQUIRED = ["overview", "turn", "moving", "coins", "fighting", "escape", "sinking", "cards", "curses",
            "captains", "variants", "commands"]
CARD_TOPICS = ["cards-movement", "cards-attacks", "cards-hands", "cards-fight"]


def _load(name: str) -> dict:
    with (DATA / name).open("rb") as f:
        return tomllib.load(f)


HELP_FILE = HelpFile(HELP)
TOPICS, BY_ID = HELP_FILE.topics, HELP_FILE.by_id


def rulebook_windows() -> frozenset[tuple[str, ...]]:
    return rule_windows("pirate_chest.txt")


def test_every_topic_has_the_fields_within_limits() -> None:
    check_fields_within_limits(TOPICS)


def test_ids_are_unique_and_the_expected_topics_exist() -> None:
    check_ids(TOPICS, REQUIRED + CARD_TOPICS)


def test_the_header_says_it_is_parleys_own_wording() -> None:
    check_header(HELP_FILE.file_text)


def test_every_captain_is_named_in_the_captains_topic() -> None:
    check_named(BY_ID["captains"]["text"], (c["name"] for c in _load("captains.toml")["captain"]),
                "captains in the captains topic")


def test_every_card_is_mentioned_in_some_topic() -> None:
    everything = "\n".join(t["text"] for t in TOPICS).lower()
    missing = [c["name"] for c in _load("cards.toml")["card"] if c["name"].lower() not in everything]
    assert not missing, f"cards not mentioned anywhere in the help: {missing}"


def test_every_card_is_listed_in_a_card_topic() -> None:
    card_text = "\n".join(BY_ID[i]["text"] for i in CARD_TOPICS).lower()
    missing = [c["name"] for c in _load("cards.toml")["card"] if c["name"].lower() not in card_text]
    assert not missing, f"cards missing from the card topics: {missing}"


def test_every_fight_card_is_in_the_fight_topic_with_its_bonus() -> None:
    text = BY_ID["cards-fight"]["text"]
    lines = text.splitlines()
    for c in _load("cards.toml")["card"]:
        if c["effect"] != "fight":
            continue
        line = next((ln for ln in lines if f"**{c['name']}**" in ln), None)
        assert line is not None, f"{c['name']} is not in cards-fight"
        assert line.lstrip("- ").startswith(f"+{c['bonus']} "), f"{c['name']}: wrong bonus in {line!r}"


@pytest.mark.parametrize("topic", TOPICS, ids=[t["id"] for t in TOPICS])
def test_no_eight_word_run_from_the_rulebook(topic: dict) -> None:
    check_topic_not_copied(topic, rulebook_windows())


def test_no_eight_word_run_from_the_rulebook_anywhere_in_the_file() -> None:
    check_file_not_copied(HELP_FILE.file_text, rulebook_windows())


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    check_copy_check_catches(rulebook_windows(), 1000,
                             "**attacker wins ties!** the LOSER is sunk, and must give his coins to the winner.")
