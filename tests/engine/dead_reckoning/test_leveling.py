"""Dead Reckoning — Leveling (engine/dead_reckoning/rules/leveling.py): which cards may level,
one step per window, level 4 the top, what the new level shows per data/dead_reckoning/sailors.toml,
and the Expert Sailors step. Inventory IDs (DR-…) are those of
shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.dead_reckoning.rules import leveling
from engine.dead_reckoning.rules.achievements import Facts, Record, check
from engine.dead_reckoning.rules.leveling import (
    HandCard,
    Window,
    change,
    default_choice,
    face,
    level_up,
    levelable,
    motion,
    must_level,
    next_face,
)
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text


def hand(*cards: tuple[str, str, int]) -> list[HandCard]:
    return [HandCard(card=c, kind=k, level=lv) for c, k, lv in cards]


def test_dr_level_05_one_step_turn_flip_turn_and_the_card_stays_in_hand() -> None:
    assert [motion(lv) for lv in (1, 2, 3)] == ["turn", "flip", "turn"]
    h = hand(("captain", "captain", 1), ("crew-1", "crew", 2))
    r = level_up(h, Window(), "captain")
    assert r.hand == hand(("captain", "captain", 2), ("crew-1", "crew", 2))
    assert r.window.leveled == "captain" and not r.reached_top
    for bad in (0, 4):
        with pytest.raises(ValueError, match=f"level {bad} cannot level up"):
            motion(bad)


def test_dr_level_05_what_the_next_level_shows_comes_from_the_sailor_data() -> None:
    c = change("captain", 1)
    assert c.to_level == 2 and c.icons_lost == {"sail": 1} and c.icons_gained == {"wheel": 1, "attack_flag": 1}
    c = change("gunner", 3)
    assert c.icons_gained == c.icons_lost == {}
    assert len(c.abilities_before) == 2 and len(c.abilities_after) == 3
    assert c.abilities_after[2].timing == "battle"
    c = change("deck_hand", 3)
    assert c.icons_gained == {"sail": 3} and len(c.abilities_after[0].options) == 1
    assert change("bosun", 1).icons_gained == {"wheel": 1}
    with pytest.raises(ValueError):
        change("crew", 4)


def test_dr_level_06_one_card_one_level_per_window() -> None:
    h = hand(("bosun", "bosun", 1), ("purser", "purser", 1))
    r = level_up(h, Window(), "bosun")
    with pytest.raises(ValueError, match="already leveled bosun"):
        level_up(r.hand, r.window, "purser")
    with pytest.raises(ValueError, match="already leveled bosun"):
        level_up(r.hand, r.window, "bosun")
    assert level_up(r.hand, Window(), "bosun").hand[0].level == 3     # the next window


def test_dr_level_07_level_4_is_the_top_and_an_empty_or_maxed_hand_levels_nothing() -> None:
    h = hand(("gunner-1", "gunner", 4), ("gunner-2", "gunner", 3))
    assert levelable(h) == ["gunner-2"]
    with pytest.raises(ValueError, match="already at level 4"):
        level_up(h, Window(), "gunner-1")
    with pytest.raises(ValueError, match="not in your hand"):
        level_up(h, Window(), "captain")
    maxed = hand(("gunner-1", "gunner", 4))
    assert levelable(maxed) == [] and not must_level(maxed) and default_choice(maxed) is None
    assert levelable([]) == [] and not must_level([]) and default_choice([]) is None
    assert must_level(h)


def test_dr_level_08_reaching_4_is_an_expert_sailors_step() -> None:
    h = hand(("crew-1", "crew", 3), ("crew-2", "crew", 2))
    r = level_up(h, Window(), "crew-1")
    assert r.reached_top and r.hand[0].level == 4
    assert not level_up(h, Window(), "crew-2").reached_top
    tops = sum(c.level == 4 for c in r.hand)
    done = check(Record(), Facts(level_4_cards=tops), 3, own_turn=False)
    assert done.record.claims["expert_sailors"].cubes == 1 and done.supply == -1


def test_dr_level_09_the_preview_is_the_next_level_and_level_4_has_none() -> None:
    assert next_face("purser", 1) == face("purser", 2)
    assert next_face("purser", 3) == face("purser", 4)
    assert next_face("purser", 4) is None
    assert [face("buccaneer", lv).abilities[0].options[0].effects[0].n for lv in (1, 2, 3, 4)] == [1, 2, 3, 4]


def test_default_level_choice_is_the_lowest_level_first_in_hand_order() -> None:
    """DR-LEVEL-04 reading (its deadline default); the rule itself stays with the turn engine."""
    h = hand(("captain", "captain", 3), ("crew-1", "crew", 2), ("crew-2", "crew", 2), ("bosun", "bosun", 4))
    assert default_choice(h) == "crew-1"
    assert default_choice(hand(("bosun", "bosun", 4), ("purser", "purser", 3))) == "purser"


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(leveling.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
