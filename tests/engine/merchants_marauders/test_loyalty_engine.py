"""Module 11 (loyalty) in the turn engine: the track on each player's view, a step up per glory
point, one bought in port, a step down for a stash declared, a turn begun and ended in one port
and a Fierce Loyalty, the mutiny that kills, the plank's reaction; and a seeded game with the
option on finishing."""
from __future__ import annotations

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import loyalty_turn
from engine.merchants_marauders.rules.common import captain, gain_glory, home_port
from engine.merchants_marauders.state import State
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
    waiting,
)
from tests.engine.play_helpers import bot_game


def _on(seed: str = "loyal") -> tuple[State, int]:
    s = started(3, seed=seed, module_11=True)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    return s, active(s)


def test_off_no_track_and_no_fierce() -> None:
    s = started(3, seed="loyal")
    seat = active(s)
    assert "fierce" not in options(s, seat)
    assert GAME.view(s, None).players[seat].loyalty is None


def test_mm_m11_02_every_crew_starts_content_and_the_view_shows_it() -> None:
    s, seat = _on()
    assert [p.loyalty for p in GAME.view(s, None).players] == ["content"] * 3


def test_mm_m11_06_a_glory_point_raises_loyalty_the_stash_does_not() -> None:
    s, seat = _on()
    gain_glory(s, seat, 1, "mission", [])
    assert s.players[seat].loyalty == "pleased"
    gain_glory(s, seat, 2, "stash", [])
    assert s.players[seat].loyalty == "pleased"


def test_mm_m11_13_fierce_loyalty_passed_gives_an_action_for_a_step() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    before = s.turn.actions
    assert "fierce" in options(s, seat)
    dice(s, SKULL, 1)
    s = do(s, seat, "fierce")
    assert s.turn.actions == before + 1 and s.players[seat].loyalty == "restless"
    assert "fierce" not in options(s, seat)           # once a round (MM-M11-15)


def test_mm_m11_15_a_failed_fierce_loyalty_costs_nothing_and_is_used() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    before = s.turn.actions
    dice(s, 1, 2, 3, 4)
    s = do(s, seat, "fierce")
    assert s.turn.actions == before and s.players[seat].loyalty == "content"
    assert "fierce" not in options(s, seat)


def test_mm_m11_11_declaring_a_stash_costs_a_step() -> None:
    s, seat = _on()
    in_port(s, seat, home_port(s.players[seat]))
    s.players[seat].ship.gold, s.players[seat].bounties = 12, {}
    s.turn.port_done = False
    s = do(s, seat, "port")
    s = do(s, seat, "stash")
    assert s.players[seat].loyalty == "restless"


def test_mm_m11_07_loyalty_bought_in_port_once() -> None:
    s, seat = _on()
    in_port(s, seat, home_port(s.players[seat]))
    s.players[seat].ship.gold, s.players[seat].bounties = 10, {}
    s.players[seat].loyalty = "restless"
    s = do(s, seat, "port")
    s = do(s, seat, "loyalty")
    assert s.players[seat].loyalty == "content" and s.players[seat].ship.gold == 8
    assert "loyalty" not in options(s, seat)


def test_mm_m11_12_a_turn_begun_and_ended_in_one_port_costs_a_step() -> None:
    s, seat = _on()
    assert s.players[seat].in_port and s.turn.start_port == s.players[seat].zone
    s = do(s, seat, "end")
    assert s.players[seat].loyalty == "restless"


def test_mm_m11_12_a_turn_ended_at_sea_costs_nothing() -> None:
    s, seat = _on()
    s = do(s, seat, "leave")
    s.turn.scout_queue = []
    s = do(s, seat, "end")
    assert s.players[seat].loyalty == "content"


def test_mm_m11_27_a_failed_mutiny_check_kills_the_captain() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    s.players[seat].loyalty = "angry"
    n = captain(s.players[seat]).skills.leadership
    dice(s, SKULL, *[1] * (n - 1), *[1] * max(1, n - 1))      # fierce passes; every mutiny die misses
    s = do(s, seat, "fierce")
    assert s.players[seat].deaths == 1 and s.players[seat].loyalty == "content"
    assert isinstance(top(s), P.NewCaptainPrompt) and tuple(waiting(s)) == (seat,)


def test_mm_m11_26_a_passed_mutiny_check_leaves_the_crew_angry() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    s.players[seat].loyalty = "angry"
    n = captain(s.players[seat]).skills.leadership
    dice(s, SKULL, *[1] * (n - 1), *[SKULL] * max(1, n - 1))
    s = do(s, seat, "fierce")
    assert s.players[seat].deaths == 0 and s.players[seat].loyalty == "angry"


def test_mm_m11_10_an_npc_event_costs_every_crew_a_step() -> None:
    s, seat = _on()
    loyalty_turn.npc_event(s, [])
    assert [p.loyalty for p in s.players] == ["restless"] * 3


def test_mm_m3_14_the_plank_reaction_waits_on_its_owner_default_check() -> None:
    s, seat = _on()
    other = (seat + 1) % 3
    s.players[other].ship.modifications = ["plank"]
    loyalty_turn.npc_event(s, [])
    assert isinstance(top(s), P.PlankPrompt) and tuple(waiting(s)) == (other,)
    assert s.players[other].loyalty == "content"
    assert GAME.notate(s, GAME.default_action(s, other)) == "check"
    assert "accept" in options(s, other)
    dice(s, SKULL, 1, 1, 1, 1)
    s = do(s, other, "check")
    assert s.players[other].loyalty == "content" and s.players[seat].loyalty == "restless"


def test_mm_m3_15_a_failed_plank_check_leaves_the_loss() -> None:
    s, seat = _on()
    other = (seat + 1) % 3
    s.players[other].ship.modifications = ["plank"]
    loyalty_turn.npc_event(s, [])
    dice(s, 1, 1, 1, 1, 1, 1)
    s = do(s, other, "check")
    assert s.players[other].loyalty == "restless"


@pytest.mark.parametrize("seed", [3, 8])
def test_a_seeded_game_with_loyalty_finishes(seed: int) -> None:
    s, _, _ = bot_game(GAME, POLICIES, "greedy", seed, 3, {"module_11": True}, 40_000)
    assert GAME.outcome(s) is not None
