"""Alexander Villon's ability through play (MM-M10-23): `enter` towards a port closed to him rolls
his Influence check; passed, he is in free; failed, with Module 10 the goodwill reroll and then the
way in for 1 goodwill (default `stay`); without goodwill, he stays out. Another captain gets no
check. Dice are scripted: 1-4 faces, SKULL a success."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, port_nation
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    options,
    started,
    top,
    waiting,
)

ZONE: Zone = "havana"


def _off_closed_port(goodwill: int | None, villon: bool = True) -> tuple[State, int]:
    """The active seat's ship off Havana, which holds a bounty on it (closed); Module 10 on when
    `goodwill` is a number of points."""
    s = started(3, seed="villon", module_10=goodwill is not None)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    seat = active(s)
    p = s.players[seat]
    if villon:
        p.captain = "alexander_villon"
    s.wars = []
    at_sea(s, seat, ZONE)
    nation = port_nation(ZONE)
    assert nation is not None
    p.bounties = {nation: 2}
    p.goodwill = goodwill or 0
    return s, seat


def _influence(s: State, seat: int) -> int:
    return captain(s.players[seat]).skills.influence


def test_mm_m10_23_villon_passed_influence_check_enters_a_closed_port_free() -> None:
    s, seat = _off_closed_port(goodwill=None)             # the ability needs no Module 10
    assert "enter" in options(s, seat)
    dice(s, SKULL, *[1] * (_influence(s, seat) - 1))
    s = do(s, seat, "enter")
    p = s.players[seat]
    assert p.in_port and p.zone == ZONE and s.turn.moves == 1
    assert "port" in options(s, seat)


def test_mm_m10_23_villon_failed_check_without_goodwill_stays_out_and_tries_once_a_turn() -> None:
    s, seat = _off_closed_port(goodwill=None)
    actions = s.turn.actions
    dice(s, *[1] * _influence(s, seat))
    s = do(s, seat, "enter")
    p = s.players[seat]
    assert not p.in_port and s.turn.moves == 0 and s.turn.actions == actions
    assert "enter" not in options(s, seat)                # one check a turn


def test_mm_m10_23_another_captain_gets_no_check_at_a_closed_port() -> None:
    s, seat = _off_closed_port(goodwill=None, villon=False)
    assert "enter" not in options(s, seat)


def test_mm_m10_23_villon_failed_check_goodwill_reroll_passes_and_enters_for_1_goodwill_only() -> None:
    s, seat = _off_closed_port(goodwill=2)
    n = _influence(s, seat)
    dice(s, *[1] * n, SKULL, *[1] * (n - 1))
    s = do(s, seat, "enter")
    assert isinstance(top(s), P.RerollPrompt) and top(s).goodwill and tuple(waiting(s)) == (seat,)
    s = do(s, seat, "reroll")
    p = s.players[seat]
    assert p.in_port and p.goodwill == 1                  # the reroll's 1, the entry free
    assert "port" in options(s, seat)


def test_mm_m10_23_villon_failed_check_enters_for_1_goodwill_default_stay() -> None:
    s, seat = _off_closed_port(goodwill=1)                # 2 bounty tokens: the ordinary price is 2
    dice(s, *[1] * _influence(s, seat))
    s = do(s, seat, "enter")
    assert isinstance(top(s), P.RerollPrompt)
    s = do(s, seat, "accept")                             # no reroll: the check stays failed
    assert isinstance(top(s), P.EnterPrompt) and top(s).price == 1
    assert GAME.notate(s, GAME.default_action(s, seat)) == "stay"
    s = do(s, seat, "pay")
    p = s.players[seat]
    assert p.in_port and p.goodwill == 0 and "port" in options(s, seat)


def test_mm_m10_23_villon_reroll_fails_too_then_staying_out_keeps_the_goodwill() -> None:
    s, seat = _off_closed_port(goodwill=3)
    n = _influence(s, seat)
    dice(s, *[1] * (2 * n))
    s = do(s, seat, "enter")
    s = do(s, seat, "reroll")
    assert isinstance(top(s), P.EnterPrompt) and top(s).price == 1
    s = do(s, seat, "stay")
    p = s.players[seat]
    assert not p.in_port and p.goodwill == 2 and s.turn.moves == 0
    s = do(s, seat, "enter")                              # no second check: the ordinary price, 2
    assert isinstance(top(s), P.EnterPrompt) and top(s).price == 2 and not top(s).villon
