"""The End of the Stage — Cook and Feed, through play: a crew and its food are set on seat 0's
board, seat 0 ends stage 2 by sailing past reef 2 (no reward there, so food changes only by
cooking), the event is answered plainly and every seat makes its sealed feeding decision."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import game, options
from tests.engine.scoundrel_bay.test_stage import feed_all, to_feeding


def feeding(crew: Crew, food: int = 0, rings: int = 0, production: int = 0) -> State:
    """Seat 0 with `crew`, `food` and `rings` before cooking `production`; the game waits on feeding."""
    s = game(3)
    p = s.players[0]
    p.crew_space = crew
    if crew.captain == "away":
        p.captain_at = "tarwick"
    p.resources["food"], p.resources["ring"], p.tools["food_production"] = food, rings, production
    return to_feeding(s, 0)


def fed(s: State, n: int) -> State:
    """Seat 0 feeds the first `n` of its feeding order; the others feed nobody."""
    return feed_all(s, {0: n, 1: 0, 2: 0})


def feeds(s: State) -> list[str]:
    return [o for o in options(s, 0) if o.startswith("feed")]


@pytest.mark.parametrize("production", [1, 4])
def test_sb_feed_02_everyone_cooks_their_food_production(production: int) -> None:
    s = game(3)
    for seat, p in enumerate(s.players):
        p.resources["food"], p.tools["food_production"] = seat, production + seat
    s = to_feeding(s, 0)
    assert [p.resources["food"] for p in s.players] == [production, production + 2, production + 4]


def test_sb_feed_03_04_capt_06_the_order_is_captain_then_pirates_active_space_before_sick() -> None:
    """Captain (2), 2 active pirates (1 each), then the sick pirate (1): 4 food feed 3 figures,
    5 feed all four. The sick captain comes first on the sick space, after every active pirate."""
    crew = Crew(captain="active", active=2, sick=1)
    assert feeds(feeding(crew, production=4)) == ["feed 0", "feed 1", "feed 2", "feed 3"]
    assert feeds(feeding(crew, production=5))[-1] == "feed 4"
    s = fed(feeding(crew, production=5), 4)
    assert s.players[0].crew_space == Crew(captain="active", active=3, sick=0) and s.graveyard.get(0, 0) == 0
    sick_captain = Crew(captain="sick", active=1, sick=1)
    s = feeding(sick_captain, production=3)                     # pirate 1 + captain 2: the sick pirate waits
    assert feeds(s) == ["feed 0", "feed 1", "feed 2"]
    s = fed(s, 2)
    assert s.players[0].crew_space == Crew(captain="active", active=1, sick=0) and s.graveyard[0] == 1


def test_sb_capt_06_feed_07_one_food_short_of_the_captain_feeds_nobody_on_its_space() -> None:
    s = feeding(Crew(captain="active", active=3), production=1)
    assert feeds(s) == ["feed 0"]                                # the pirates wait behind the captain
    s = fed(s, 0)
    assert s.players[0].crew_space == Crew(captain="sick", active=0, sick=3)
    assert s.players[0].resources["food"] == 1                   # nothing eaten
    s = feeding(Crew(captain="active", active=3), production=2)
    assert feeds(s) == ["feed 0", "feed 1"]
    s = fed(s, 1)
    assert s.players[0].crew_space == Crew(captain="active", active=0, sick=3)


def test_sb_feed_05_11_holding_food_back_is_allowed_and_unused_food_stays() -> None:
    s = feeding(Crew(captain="active", active=1, sick=1), food=2, production=3)
    assert s.players[0].resources["food"] == 5 and feeds(s)[-1] == "feed 3"
    kept = fed(s, 0)
    assert kept.players[0].crew_space == Crew(captain="sick", active=0, sick=1)
    assert kept.graveyard[0] == 1 and kept.players[0].resources["food"] == 5
    s = fed(feeding(Crew(captain="active", active=1, sick=1), food=2, production=3), 2)
    assert s.players[0].resources["food"] == 5 - 3                # captain 2 + pirate 1 back to the supply


def test_sb_feed_06_no_choice_feeds_a_sick_pirate_before_an_active_one() -> None:
    """3 food, 2 active and 1 sick pirate (captain away): feeding 2 feeds both active ones, so
    the sick one dies; only a third food reaches the sick space."""
    s = fed(feeding(Crew(captain="away", active=2, sick=1), production=3), 2)
    assert s.players[0].crew_space == Crew(captain="away", active=2, sick=0) and s.graveyard[0] == 1
    s = fed(feeding(Crew(captain="away", active=2, sick=1), production=3), 3)
    assert s.players[0].crew_space == Crew(captain="away", active=3, sick=0) and s.graveyard.get(0, 0) == 0


def test_sb_feed_08_an_unfed_sick_captain_dies_and_a_fed_one_recovers() -> None:
    s = fed(feeding(Crew(captain="sick"), production=1), 0)
    p = s.players[0]
    assert p.captain_dead and p.crew_space.captain == "away" and s.graveyard[0] == 2
    s = fed(feeding(Crew(captain="sick"), production=2), 1)
    p = s.players[0]
    assert not p.captain_dead and p.crew_space.captain == "active" and s.graveyard.get(0, 0) == 0


def test_sb_feed_08_09_10_fed_sick_recover_unfed_sick_die_and_unfed_active_fall_sick() -> None:
    s = fed(feeding(Crew(captain="away", active=2, sick=2), production=4), 4)
    assert s.players[0].crew_space == Crew(captain="away", active=4, sick=0)
    s = fed(feeding(Crew(captain="away", active=2, sick=2), production=4), 1)
    assert s.players[0].crew_space == Crew(captain="away", active=1, sick=1) and s.graveyard[0] == 2
    assert s.players[0].resources["food"] == 3


def test_sb_feed_12_rings_stand_in_for_food_only_once_the_food_runs_out() -> None:
    crew = Crew(captain="active", active=1)
    assert feeds(feeding(crew, production=2)) == ["feed 0", "feed 1"]
    s = feeding(crew, rings=1, production=2)
    assert feeds(s) == ["feed 0", "feed 1", "feed 2"]
    s = fed(s, 2)
    p = s.players[0]
    assert (p.resources["food"], p.resources["ring"]) == (0, 0) and p.crew_space == crew
    s = fed(feeding(crew, food=3, rings=1, production=2), 2)
    assert (s.players[0].resources["food"], s.players[0].resources["ring"]) == (2, 1)
