"""The /rules help (data/scoundrel_bay/help.toml): well-formed topics within Discord's limits, a topic
for every part of the rulebook and every variant, the events, captains, upgrades, harbors and
hideouts named with Parley's own numbers, and Parley's own wording: no run of 8 words copied
from the rulebook."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay.defs import defs
from tests.engine.help_checks import (
    HelpFile,
    check_copy_check_catches,
    check_cross_references,
    check_fields_within_limits,
    check_file_not_copied,
    check_header,
    check_ids,
    check_named,
    check_offered_in_file_order,
    check_topic_not_copied,
    rule_windows,
)

REPO = Path(__file__).resolve().parents[3]
HELP = REPO / "data" / "scoundrel_bay" / "help.toml"

REQUIRED = ["overview", "turn", "recruit", "sail", "invade", "beaches", "villages", "harbors", "hideouts",
            "captain", "add-card", "end-of-stage", "blind-bid", "cook-and-feed", "crates", "rewards",
            "end-of-game", "scoring", "two-players", "milestones", "alternative-harbor-scoring",
            "captain-powers", "readings", "readings-more", "commands"]

HELP_FILE = HelpFile(HELP)
TOPICS, BY_ID = HELP_FILE.topics, HELP_FILE.by_id


def rulebook_windows() -> frozenset[tuple[str, ...]]:
    return rule_windows("scoundrel_bay.txt")


def test_every_topic_has_the_fields_within_limits() -> None:
    check_fields_within_limits(TOPICS)


def test_ids_are_unique_and_the_expected_topics_exist() -> None:
    check_ids(TOPICS, REQUIRED)


def test_the_game_offers_the_topics_in_file_order() -> None:
    check_offered_in_file_order(GAME.help_topics(), TOPICS)


def test_the_header_says_it_is_parleys_own_wording() -> None:
    check_header(HELP_FILE.file_text)


def test_topics_named_in_bold_exist() -> None:
    """'see **harbors**' style cross-references point at real topics."""
    check_cross_references(TOPICS)


def test_every_event_is_named_in_the_end_of_stage_topic() -> None:
    check_named(BY_ID["end-of-stage"]["text"], (e.name for e in defs().events.events.values()), "events")


def test_every_captain_is_named_in_the_captain_powers_topic() -> None:
    check_named(BY_ID["captain-powers"]["text"], (c.name for c in defs().captains.captains.values()), "captains")


def test_every_upgrade_is_named_in_the_milestones_topic() -> None:
    check_named(BY_ID["milestones"]["text"], (u.name for u in defs().milestones.upgrades.values()), "upgrades")


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
    check_named(text, (h.name for h in defs().board.of_kind("hideout")), "hideouts")
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
    check_topic_not_copied(topic, rulebook_windows())


def test_no_eight_word_run_from_the_rulebook_anywhere_in_the_file() -> None:
    check_file_not_copied(HELP_FILE.file_text, rulebook_windows())


def test_the_copy_check_would_catch_a_copied_sentence() -> None:
    check_copy_check_catches(rulebook_windows(), 1000, "the player with the MOST gold at the end of the game... wins!")
