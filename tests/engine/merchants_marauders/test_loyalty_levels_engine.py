"""Module 11's loyalty levels in play: Happy's and Angry's Leadership die in a crew clash and a
land battle, Pleased's free crew and free specialist, Restless's specialists switched off and no
free recruiting, Unhappy's check before a glory card. Each at its boundary from both sides, and
with the option off nothing changes."""
from __future__ import annotations

from typing import Any

import pytest

from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, hold, maxima
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
)

FAIR_WINDS = "gl-fair-winds-astern"        # a glory card played on the turn: 1 action more


def _on(level: str, seed: str = "levels", **opts: Any) -> tuple[State, int]:
    s = started(3, seed=seed, module_11=True, **opts)
    me = active(s)
    s.players[me].loyalty = level
    s.npcs = {}
    return s, me


def _lead(s: State, seat: int) -> int:
    return int(captain(s.players[seat]).skills.leadership)


def _used(s: State, forced: int) -> int:
    return forced - len(s.rng.forced)


# ---- Happy and Angry (MM-M11-16, -24) ----
def _land(level: str, module_11: bool = True) -> tuple[State, int, int]:
    """A raid on a Native Village stopped before the guns, then the landing: the dice rolled."""
    s = started(3, seed="levels", module_9=True, module_11=module_11)
    me = active(s)
    s.players[me].loyalty = level
    s.npcs, s.players[me].bounties = {}, {}
    zone: Zone = next(z for z, k in s.locations.items() if k == "native_village")
    at_sea(s, me, zone)
    s.players[me].ship.points["crew"] = 5
    s = do(s, me, "raid location")
    s = do(s, me, "stop")
    assert isinstance(top(s), P.LandBattlePrompt)
    dice(s, *[1] * 12)
    s = do(s, me, "attack")
    return s, me, _used(s, 12)


@pytest.mark.parametrize(("level", "more"), [("happy", 1), ("pleased", 0), ("content", 0), ("unhappy", 0),
                                             ("angry", -1)])
def test_mm_m11_16_24_happy_and_angry_change_the_land_battles_leadership_dice(level: str, more: int) -> None:
    s, me, used = _land(level)
    assert used == max(1, _lead(s, me) + more)


def test_mm_m11_16_off_the_land_battle_rolls_the_skill() -> None:
    s, me, used = _land("happy", module_11=False)
    assert used == _lead(s, me)


def _clash_faces(level: str) -> tuple[int, int]:
    """A boarding fight (as in test_fight_engine) up to the clash's card window: the aggressor's
    Leadership dice, and its skill."""
    s, a = _on(level, seed="board")
    d = s.order[1] if s.order[0] == a else s.order[0]
    at_sea(s, a, "caribbean_sea")
    at_sea(s, d, "caribbean_sea")
    s.round.scouting = 0
    q = s.players[d]
    q.ship.type, q.ship.points = "frigate", {"hull": 3, "masts": 3, "crew": 2, "cannons": 3, "cargo": 3}
    s.players[a].glory_cards, q.glory_cards = [], ["gl-lookout-1"]
    s.players[d].loyalty = "content"
    sk = {k: int(getattr(captain(s.players[x]).skills, k)) for x, k in ((a, "scouting"),)}
    sa = int(captain(s.players[a]).skills.seamanship)
    sd = int(captain(q).skills.seamanship)
    win = [*[SKULL] * sa, *[1] * sd]
    dice(s, SKULL, *[1] * (sk["scouting"] - 1), *win, 3, *win, *[1] * 12)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    s = do(s, d, "pass")
    s = do(s, a, "board")
    s = do(s, d, "shoot")
    s = do(s, d, "pass")
    assert isinstance(top(s), P.CardPrompt) and top(s).window == "clash" and s.fight is not None
    return len(s.fight.clash_faces["aggressor"]), _lead(s, a)


@pytest.mark.parametrize(("level", "more"), [("happy", 1), ("pleased", 0), ("unhappy", 0), ("angry", -1)])
def test_mm_m11_16_24_happy_and_angry_change_the_crew_clash_dice(level: str, more: int) -> None:
    rolled, lead = _clash_faces(level)
    assert rolled == max(1, lead + more)


# ---- Pleased (MM-M11-17 to -19) ----
def test_mm_m11_17_a_pleased_crew_recruits_to_the_ships_value_for_free_without_a_roll() -> None:
    s, me = _on("pleased")
    in_port(s, me, "havana")
    p = s.players[me]
    p.ship.points["crew"], p.ship.gold = 1, 0
    s = do(s, me, "port")
    assert "recruit" in options(s, me), "no gold needed"
    dice(s, 1, 1, 1, 1)
    s = do(s, me, "recruit")
    assert s.players[me].ship.points["crew"] == maxima(s.players[me])["crew"] and s.players[me].ship.gold == 0
    assert len(s.rng.forced) == 4 and not isinstance(top(s), P.RecruitPrompt), "no roll, nothing to choose"


def test_mm_m11_17_a_content_crew_pays_and_rolls() -> None:
    s, me = _on("content")
    in_port(s, me, "havana")
    p = s.players[me]
    p.ship.points["crew"], p.ship.gold = 1, 0
    s = do(s, me, "port")
    assert "recruit" not in options(s, me), "no gold, no hands"
    s.players[me].ship.gold = 5
    s = do(s, me, "recruit")
    assert isinstance(top(s), P.RecruitPrompt)


def test_mm_m11_18_19_a_pleased_crew_takes_one_free_specialist_a_round_in_any_port() -> None:
    s, me = _on("pleased")
    in_port(s, me, "havana")
    p = s.players[me]
    p.ship.gold, p.specialists, p.glory_cards = 0, [], []
    s = do(s, me, "port")
    assert "specialist" in options(s, me), "Havana hires no specialist, but a Pleased crew does, free"
    s = do(s, me, "specialist")
    p = s.players[me]
    assert len(p.specialists) == 1 and p.ship.gold == 0 and me in s.round.free_specialist
    assert "specialist" not in options(s, me)
    s.stack.append(P.PortPrompt(seats=[me]))
    assert "specialist" not in options(s, me), "one a round"


def test_mm_m11_18_a_content_crew_hires_no_specialist_in_an_ordinary_port() -> None:
    s, me = _on("content")
    in_port(s, me, "havana")
    s.players[me].ship.gold = 20
    s = do(s, me, "port")
    assert "specialist" not in options(s, me)


# ---- Restless (MM-M11-21, -22) ----
@pytest.mark.parametrize(("level", "works"), [("content", True), ("restless", False), ("angry", False)])
def test_mm_m11_22_from_restless_down_the_specialists_do_nothing(level: str, works: bool) -> None:
    s, me = _on(level)
    p = s.players[me]
    p.specialists = ["gl-quartermaster-1"]
    assert hold(p) == p.ship.points["cargo"] + (1 if works else 0)


@pytest.mark.parametrize(("level", "free"), [("content", True), ("restless", False)])
def test_mm_m11_21_a_restless_crew_takes_no_free_hands_at_the_pirate_haven(level: str, free: bool) -> None:
    s = started(3, seed="levels", module_9=True, module_11=True)
    me = active(s)
    s.npcs = {}
    p = s.players[me]
    p.loyalty, p.bounties, p.ship.points["crew"] = level, {"spain": 1}, 1
    at_sea(s, me, next(z for z, k in s.locations.items() if k == "pirate_haven"))
    s = do(s, me, "visit")
    assert (s.players[me].ship.points["crew"] == maxima(s.players[me])["crew"]) == free


@pytest.mark.parametrize(("level", "playable"), [("content", True), ("restless", False)])
def test_mm_m11_21_a_restless_crew_takes_no_specialist_from_the_hand(level: str, playable: bool) -> None:
    s, me = _on(level)
    s.players[me].glory_cards, s.players[me].specialists = ["gl-boatswain-1"], []
    assert ("play gl-boatswain-1" in options(s, me)) == playable


# ---- Unhappy (MM-M11-23) ----
def test_mm_m11_23_an_unhappy_crew_passed_check_lets_the_card_play() -> None:
    s, me = _on("unhappy")
    s.players[me].glory_cards = [FAIR_WINDS]
    left = s.turn.actions
    dice(s, SKULL, *[1] * (_lead(s, me) - 1))
    s = do(s, me, f"play {FAIR_WINDS}")
    assert s.turn.actions == left + 1 and FAIR_WINDS not in s.players[me].glory_cards


def test_mm_m11_23_an_unhappy_crew_failed_check_bars_glory_cards_for_the_round() -> None:
    s, me = _on("unhappy")
    s.players[me].glory_cards = [FAIR_WINDS, FAIR_WINDS]
    left = s.turn.actions
    dice(s, *[1] * _lead(s, me))
    s = do(s, me, f"play {FAIR_WINDS}")
    assert s.turn.actions == left and s.players[me].glory_cards == [FAIR_WINDS, FAIR_WINDS], "the card stays"
    assert me in s.round.glory_barred and f"play {FAIR_WINDS}" not in options(s, me)


def test_mm_m11_23_a_restless_crew_plays_glory_cards_without_a_check() -> None:
    s, me = _on("restless")
    s.players[me].glory_cards = [FAIR_WINDS]
    dice(s, 1, 1, 1, 1)
    s = do(s, me, f"play {FAIR_WINDS}")
    assert len(s.rng.forced) == 4 and FAIR_WINDS not in s.players[me].glory_cards
