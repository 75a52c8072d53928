"""Advancing on the Reputation Track and the GENERAL TIEBREAK, through play: reputation bought in
Port Harleem's market (2 spaces for 5 food) or won by being first past reef 1 (1 space), then
the tiebreak read where play uses it (an event's order, a blind bid, a harbor majority)."""
from __future__ import annotations

from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.state import GHOST, State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, top, waiting
from tests.engine.scoundrel_bay.test_blind_bid_play import bidding, picking
from tests.engine.scoundrel_bay.test_final_scoring_play import category, scored
from tests.engine.scoundrel_bay.test_harbor import at_harbor
from tests.engine.scoundrel_bay.test_stage import bid_all, end_turn, sail_past

TOP = max(defs().reputation.spaces)
SPACES = defs().reputation.spaces
OVERFLOW = defs().rules.overflow.reputation_doubloons


def buys_reputation(space: int, players: int = 3, others: dict[int, int] | None = None) -> tuple[State, State]:
    """Seat 0 on `space` (the `others` seats on theirs) raids Port Harleem (1 food and 2
    doubloons) and buys 2 reputation for 5 food: the states before and after the trade."""
    s = at_harbor("blue", 1, 0, 3, [], food=5) if players == 3 else _two_player_harbor()
    for seat, n in {0: space, **(others or {})}.items():
        s.reputation.advance(seat, n)
    s = do(s, 0, "land port-harleem 1")
    return s, do(s, 0, "trade 4")


def _two_player_harbor() -> State:
    s = game(2)
    s.monsters.clear()
    s.players[0].ship, s.players[0].resources["food"], s.players[0].tools["sword"] = 1, 5, 3
    s.players[0].hand = ["blue-01", "blue-02"]
    return do(s, 0, "invade blue-01")


def arrival_order(s: State) -> list[int]:
    """Scoundrels' Arrival: the seats asked, in turn (each declines)."""
    seen: list[int] = []
    while isinstance(top(s), P.DisplayRecruitPrompt):
        seat = waiting(s)[0]
        seen.append(seat)
        s = do(s, seat, "decline")
    return seen


def test_sb_rep_02_each_space_entered_pays_its_bonus_in_order() -> None:
    before, s = buys_reputation(0)
    b, p = before.players[0], s.players[0]
    assert s.reputation.space(0) == 2
    assert [r.gain for n in (1, 2) for r in SPACES[n].bonus] == ["food", "rum"]
    assert (p.resources["food"], p.resources["rum"]) == (b.resources["food"] - 5 + 1, b.resources["rum"] + 1)
    s = sail_past(game(3), 0, 1)                                   # one space only: its bonus, not the next
    assert s.reputation.space(0) == 1 and s.players[0].resources["rum"] == game(3).players[0].resources["rum"]


def test_sb_rep_03_06_07_08_a_later_arrival_sits_on_top_and_follows_in_the_event_order() -> None:
    """Seat 1 is on space 1 already; seat 0 arrives there first past reef 1 and goes on top, so
    seat 1 (underneath) comes first in Scoundrels' Arrival. Without seat 1 there, seat 0 leads."""
    s = game(3)
    s.reputation.advance(1, 1)
    s = end_turn(sail_past(s, 0, 1, "scoundrels-arrival"), 0)
    assert s.reputation.space(0) == s.reputation.space(1) == 1
    assert arrival_order(s) == [1, 0, 2]
    s = end_turn(sail_past(game(3), 0, 1, "scoundrels-arrival"), 0)
    assert arrival_order(s) == [0, 2, 1]                           # 2 and 1 still stacked from the setup


def test_sb_rep_04_reward_07_past_the_end_pays_5_a_space_and_slides_under_the_stack() -> None:
    before, s = buys_reputation(TOP - 1, others={1: TOP})
    bonus = sum(r.n for r in SPACES[TOP].bonus if r.gain == "doubloons")
    assert s.reputation.space(0) == TOP
    assert s.players[0].doubloons == before.players[0].doubloons + bonus + OVERFLOW * 1
    assert s.reputation.order([0, 1]) == [0, 1]                    # underneath: furthest
    before, s = buys_reputation(TOP - 2, others={1: TOP})         # exactly to the end: on top
    assert s.reputation.space(0) == TOP and s.players[0].doubloons == before.players[0].doubloons + bonus
    assert s.reputation.order([0, 1]) == [1, 0]


def test_sb_psetup_13_14_the_opening_stack_gives_ties_to_the_last_seat_in_turn_order() -> None:
    """Everyone bids 0 at the first stage: the highest is the last seat in turn order, the
    lowest (no reward) the first player, whoever sits where."""
    s = bid_all(bidding(4, [5] * 4), dict.fromkeys(range(4), 0))
    assert picking(s)[0] == [3, 2, 1]
    s = game(4, boards=[3, 4, 1, 2])                              # seat 2 has board 1: it plays first
    assert s.order == [2, 3, 0, 1] and s.reputation.order() == [1, 0, 3, 2]
    for p in s.players:
        p.doubloons = 5
    s.reefs_passed = [1]
    s = bid_all(end_turn(sail_past(s, 2, 2, "the-dockmaster"), 2), dict.fromkeys(range(4), 0))
    assert picking(s)[0] == [1, 0, 3]


def test_sb_2pset_05_06_the_ghost_disc_starts_on_its_space_and_wins_a_tie_there() -> None:
    """The ghost disc starts on the 2-player space (5). Seat 0 buys its way from 3 onto 5 and
    lands on top of it: in Dodge Harbor, 2 pirates against 2 ghosts, the ghosts are first.
    From 4 it reaches 6, past the ghost disc, and is first."""
    assert game(2).reputation.space(GHOST) == defs().reputation.two_player_space == 5
    for start, expected in ((3, 10), (4, 16)):
        _, s = buys_reputation(start, players=2)
        assert s.reputation.space(0) == start + 2
        s.regions["dodge-harbor"].pirates = {0: 2, GHOST: 2}
        s.regions["port-harleem"].pirates.pop(0)                  # only Dodge Harbor counts here
        assert category(scored(s), "harbors")[0] == expected
