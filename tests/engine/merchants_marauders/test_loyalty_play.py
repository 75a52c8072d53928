"""Loyalty through play (Seas of Glory Module 11): the crew's level falls when a turn begins and
ends in one port, rises when bought in port, and a fall to Mutiny calls the mutiny check at
once, rolled with Angry's penalty. The pure rule tests (test_loyalty.py) stay beside these.

The captain is Pieter Hoogeveen (Leadership 3); his home port is Curaçao."""
from __future__ import annotations

from engine.merchants_marauders.rules.common import home_port
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR


def _crew(level: str, seed: str = "crew") -> tuple[State, int]:
    s = started(2, seed=seed, module_11=True)
    me = active(s)
    no_cards(s)
    p = s.players[me]
    p.captain, p.loyalty, p.bounties, p.specialists = AGGRESSOR, level, {}, []
    in_port(s, me, home_port(p))
    s.turn.start_port = home_port(p)                 # the turn began there
    return s, me


def _idle_round(s: State, me: int) -> State:
    """`me` begins and ends its turn in port; the others end theirs, until `me`'s next turn."""
    s = do(s, me, "end")
    while active(s) != me:
        s = do(s, active(s), "end")
    return s


def test_mm_m11_03_the_track_falls_content_restless_unhappy_angry_then_mutiny() -> None:
    s, me = _crew("content")
    seen = [s.players[me].loyalty]
    for _ in range(3):
        s = _idle_round(s, me)
        seen.append(s.players[me].loyalty)
    assert seen == ["content", "restless", "unhappy", "angry"]
    dice(s, *[SKULL] * 2)                            # the fall to Mutiny: its check, passed
    s = do(s, me, "end")
    assert s.players[me].loyalty == "angry" and s.players[me].deaths == 0 and not s.rng.forced


def test_mm_m11_03_09_bought_back_step_by_step_and_never_above_happy() -> None:
    s, me = _crew("restless", seed="raise")
    s.players[me].ship.gold = 30
    s.turn.actions = 6                               # room for three port actions in this test
    levels = []
    for _ in range(3):
        s = do(s, me, "port")
        s = do(s, me, "loyalty")
        levels.append(s.players[me].loyalty)
        s = do(s, me, "done")
        s.turn.port_done = False                     # a port action a turn: the next turn's, here
    assert levels == ["content", "pleased", "happy"]
    s = do(s, me, "port")
    assert "loyalty" not in options(s, me), "Happy is the top"


def test_mm_m11_05_the_mutiny_check_rolls_with_angrys_penalty() -> None:
    s, me = _crew("angry", seed="mutiny")
    at_sea(s, me, "caribbean_sea")
    dice(s, SKULL, 1, 1,                             # Fierce Loyalty, Leadership 3: passed, a step down
         1, 1,                                       # the mutiny check: 3 - 1 dice, no skull
         4)
    s = do(s, me, "fierce")
    assert s.rng.forced == [4], "two dice, not three"
    assert s.players[me].deaths == 1


def test_mm_m11_29_every_new_fall_while_angry_is_another_mutiny_check() -> None:
    s, me = _crew("angry", seed="again")
    at_sea(s, me, "caribbean_sea")
    dice(s, SKULL, 1, 1, SKULL, 1)                   # fierce passed; the first mutiny check passed
    s = do(s, me, "fierce")
    assert s.players[me].loyalty == "angry" and s.players[me].deaths == 0
    in_port(s, me, home_port(s.players[me]))         # the turn had begun in this port
    s.turn.start_port = home_port(s.players[me])
    dice(s, 1, 1, 4)                                 # the turn ends in the port it began in: again
    s = do(s, me, "end")
    assert s.rng.forced == [4] and s.players[me].deaths == 1, "a second check, failed"


def test_mm_m11_28_the_mutiny_check_takes_no_crew_clash_card_nor_a_second_angry_die_off() -> None:
    """Leadership 3 at Angry: the check rolls 2 dice (a crew clash there would roll 3 - 1 = 2 and the
    check's own -1 on top would leave 1), and a crew-clash reroll card in hand is not offered."""
    s, me = _crew("angry", seed="no-clash")
    at_sea(s, me, "caribbean_sea")
    s.players[me].glory_cards = ["gl-rally-at-the-rail"]
    dice(s, SKULL, 1, 1,                             # Fierce Loyalty passed: a step down, to Mutiny
         1, 1,                                       # the check's two dice, both failed
         4)
    s = do(s, me, "fierce")
    assert s.rng.forced == [4], "two dice, not one"
    assert s.players[me].deaths == 1, "no reroll was offered: the failed check stands"
