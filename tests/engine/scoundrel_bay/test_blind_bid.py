"""The End of the Stage — Blind Bid settlement (engine/scoundrel_bay/rules/blind_bid.py)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay.rules.blind_bid import settle_bids

TAYLOR, LISA, DAVID = 0, 1, 2


def test_sb_bid_14_17_example_taylor_9_lisa_7_david_6() -> None:
    """The rulebook's 3-player example (Scoundrels' Spoils). It says David takes back 7 though he
    bid 6 (SB-BID-18): the rule is that the lowest keeps his own bid, so he keeps 6."""
    r = settle_bids({TAYLOR: 9, LISA: 7, DAVID: 6}, tiebreak=[DAVID, LISA, TAYLOR])
    assert r.highest == TAYLOR and r.to_pot == 9
    assert r.to_supply == {LISA: 7}
    assert r.lowest == DAVID
    assert r.choosers() == [TAYLOR, LISA]


def test_sb_bid_08_tied_bids_go_by_the_reputation_tiebreak_both_ways() -> None:
    assert settle_bids({0: 5, 1: 5, 2: 0}, tiebreak=[1, 0, 2]).ranking == [1, 0, 2]
    assert settle_bids({0: 5, 1: 5, 2: 0}, tiebreak=[0, 1, 2]).ranking == [0, 1, 2]
    every_zero = settle_bids({0: 0, 1: 0, 2: 0}, tiebreak=[2, 0, 1])
    assert every_zero.highest == 2 and every_zero.lowest == 1


def test_sb_bid_12_two_players_only_a_highest_and_a_lowest() -> None:
    r = settle_bids({0: 3, 1: 4}, tiebreak=[0, 1])
    assert (r.highest, r.lowest, r.to_pot, r.to_supply) == (1, 0, 4, {})
    assert r.choosers() == [1]


def test_sb_evt_14_four_players_three_choosers_share_three_rewards() -> None:
    r = settle_bids({0: 1, 1: 2, 2: 3, 3: 4}, tiebreak=[0, 1, 2, 3])
    assert r.choosers() == [3, 2, 1] and r.to_supply == {2: 3, 1: 2}


def test_sb_bid_03_a_bid_is_never_negative_and_needs_two_bidders() -> None:
    with pytest.raises(ValueError):
        settle_bids({0: -1, 1: 0}, tiebreak=[0, 1])
    with pytest.raises(ValueError):
        settle_bids({0: 3}, tiebreak=[0])
