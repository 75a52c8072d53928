"""The End of the Stage — Cook and Feed (engine/scoundrel_bay/rules/feed.py)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.rules.feed import Crew, cook, feed, most_fed


def test_sb_feed_16_18_lisa_cooks_3_feeds_captain_and_one_pirate() -> None:
    """Lisa has no food and no ring, cooks 3: her captain (2) and one active pirate (1) eat; her
    sick pirate dies; her other active pirate falls sick; the 3 food go back to the supply."""
    crew = Crew(captain="active", active=2, sick=1)
    food = cook(0, 3)
    assert food == 3 and most_fed(crew, food, 0) == 2
    r = feed(crew, food, 0, fed=2)
    assert r.crew == Crew(captain="active", active=1, sick=1)
    assert (r.died, r.fell_sick, r.food, r.rings) == (1, 1, 0, 0)


def test_sb_feed_09_10_fed_sick_recover_and_unfed_active_fall_sick() -> None:
    r = feed(Crew(captain="away", active=2, sick=2), 4, 0, fed=4)
    assert r.crew == Crew(captain="away", active=4, sick=0) and r.died == 0
    r = feed(Crew(captain="away", active=2, sick=0), 4, 0, fed=1)
    assert r.crew == Crew(captain="away", active=1, sick=1) and r.food == 3


def test_sb_feed_05_holding_all_food_back_is_allowed() -> None:
    r = feed(Crew(captain="active", active=1, sick=1), 5, 0, fed=0)
    assert r.crew == Crew(captain="sick", active=0, sick=1) and r.died == 1 and r.food == 5


def test_sb_feed_06_sick_pirates_are_fed_only_after_every_active_one() -> None:
    crew = Crew(captain="away", active=2, sick=1)
    r = feed(crew, 3, 0, fed=2)           # two fed: both active ones, never the sick one
    assert r.died == 1 and r.crew.active == 2


def test_sb_feed_07_capt_06_captain_eats_2_first_one_food_feeds_nobody() -> None:
    crew = Crew(captain="active", active=3)
    assert most_fed(crew, 1, 0) == 0      # one short of the captain: the pirates wait behind it
    assert most_fed(crew, 2, 0) == 1
    r = feed(crew, 2, 0, fed=1)
    assert r.crew == Crew(captain="active", active=0, sick=3)


def test_sb_feed_12_rings_stand_in_once_food_runs_out() -> None:
    crew = Crew(captain="active", active=1)
    assert most_fed(crew, 2, 0) == 1 and most_fed(crew, 2, 1) == 2
    r = feed(crew, 2, 1, fed=2)
    assert (r.food, r.rings) == (0, 0)
    r = feed(crew, 5, 1, fed=2)
    assert (r.food, r.rings) == (2, 1)    # food is spent before any ring


def test_sb_feed_08_a_sick_unfed_captain_dies() -> None:
    r = feed(Crew(captain="sick", active=0, sick=0), 0, 0, fed=0)
    assert r.captain_died and r.crew.captain == "away"
    r = feed(Crew(captain="sick"), 2, 0, fed=1)
    assert not r.captain_died and r.crew.captain == "active"


def test_sb_feed_feeding_more_than_the_food_pays_for_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        feed(Crew(captain="active", active=1), 2, 0, fed=2)
