"""The End of the Stage — Blind Bid through play: seat 0 sails past reef 2 (no reward, so the
reputation order stays as set), a bid event is revealed, every seat bids in secret, and the
payments, the picks and the order of the picks follow from the bids."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, options, top, waiting
from tests.engine.scoundrel_bay.test_stage import bid_all, end_turn, sail_past

SPOILS = "the-scoundrels-spoils"


def bidding(players: int, money: list[int], event: str = SPOILS, ahead: list[int] | None = None) -> State:
    """Everyone holds `money`; `ahead` seats are put up the reputation track, the first furthest.
    Seat 0 ends stage 2 and the game waits on the sealed bids."""
    s = game(players)
    for p, m in zip(s.players, money, strict=True):
        p.doubloons = m
    for steps, seat in enumerate(reversed(ahead or []), start=1):
        s.reputation.advance(seat, steps)
    s.reefs_passed = [1]
    s = end_turn(sail_past(s, 0, 2, event), 0)
    assert isinstance(top(s), P.BidPrompt) and waiting(s) == tuple(range(players))
    assert [p.doubloons for p in s.players] == money
    return s


def picking(s: State) -> tuple[list[int], State]:
    """Each seat asked to pick, in order, each taking the first reward offered; and the state after."""
    seen = []
    while isinstance(top(s), P.PickPrompt):
        seat = waiting(s)[0]
        seen.append(seat)
        s = do(s, seat, options(s, seat)[0])
    return seen, s


def pickers(s: State) -> list[int]:
    return picking(s)[0]


def test_sb_bid_03_a_bid_goes_from_0_to_what_you_own_and_no_further() -> None:
    s = bidding(3, [4, 0, 10])
    assert options(s, 0) == [f"bid {n}" for n in range(5)]
    assert options(s, 1) == ["bid 0"]
    for refused in ("bid 5", "bid -1"):
        with pytest.raises(ValueError):
            do(s, 0, refused)
    assert waiting(s) == (0, 1, 2) and s.players[0].doubloons == 4


def test_sb_bid_05_06_07_09_10_highest_to_the_bay_middle_to_the_supply_lowest_keeps_and_picks_nothing() -> None:
    """9, 7 and 6: the 9 goes into Scoundrel Bay, the 7 to the supply, the 6 stays; the 9 picks
    first, the 7 picks from what is left, the 6 picks nothing."""
    s = bid_all(bidding(3, [10, 10, 10]), {0: 9, 1: 7, 2: 6})
    assert [p.doubloons for p in s.players] == [1, 3, 10] and s.pot == 9
    assert isinstance(top(s), P.PickPrompt) and waiting(s) == (0,)
    assert options(s, 0) == ["pick 1", "pick 2", "pick 3"]
    sword, maps, gun = s.players[0].tools["sword"], s.players[0].resources["map"], s.players[1].tools["gun"]
    s = do(s, 0, "pick 1")                                   # a sword and 2 maps
    assert waiting(s) == (1,) and options(s, 1) == ["pick 2", "pick 3"]
    s = do(s, 1, "pick 3")                                   # a gun and 5 doubloons
    assert isinstance(top(s), P.FeedPrompt)                  # the rewards are taken once all have picked
    assert (s.players[0].tools["sword"], s.players[0].resources["map"]) == (sword + 1, maps + 2)
    assert (s.players[1].tools["gun"], s.players[1].doubloons) == (gun + 1, 3 + 5)
    assert s.players[2].doubloons == 10


def test_sb_bid_07_10_order_follows_the_bids_not_the_seats() -> None:
    s = bid_all(bidding(3, [10, 10, 10]), {0: 1, 1: 8, 2: 3})
    assert [p.doubloons for p in s.players] == [10, 2, 7] and s.pot == 8
    assert pickers(s) == [1, 2]


def test_sb_bid_08_tied_bids_go_by_the_reputation_tiebreak_both_ways() -> None:
    s = bid_all(bidding(3, [10, 10, 10], ahead=[1, 0]), {0: 5, 1: 5, 2: 0})
    assert s.pot == 5 and [p.doubloons for p in s.players] == [5, 5, 10]   # seat 1 (further) is highest
    assert pickers(s) == [1, 0]
    s = bid_all(bidding(3, [10, 10, 10], ahead=[0, 1]), {0: 5, 1: 5, 2: 0})
    assert s.pot == 5 and [p.doubloons for p in s.players] == [5, 5, 10]
    assert pickers(s) == [0, 1]
    s = bid_all(bidding(3, [10, 10, 10]), {0: 0, 1: 0, 2: 0})   # the opening stack: seat 2 furthest, seat 0 last
    assert pickers(s) == [2, 1]


def test_sb_bid_12_two_players_a_highest_and_a_lowest_and_nobody_pays_the_supply() -> None:
    s = bid_all(bidding(2, [10, 10]), {0: 3, 1: 4})
    assert [p.doubloons for p in s.players] == [10, 6] and s.pot == 4
    assert pickers(s) == [1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sb_evt_14_everyone_but_the_lowest_chooses_one_of_the_three_rewards(players: int) -> None:
    s = bid_all(bidding(players, [10] * players), {seat: seat + 1 for seat in range(players)})
    seen, s = picking(s)
    assert seen == list(reversed(range(1, players))) and isinstance(top(s), P.FeedPrompt)
