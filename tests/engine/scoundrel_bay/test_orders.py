"""Standing orders of Scoundrel Bay (engine/scoundrel_bay/orders.py): the blind bid's orders
at the "fewer than 5 doubloons" boundary, feeding, the merchant's exchange, and declining."""
from __future__ import annotations

from functools import cache
from typing import Any

from engine.core import get_game
from engine.scoundrel_bay import actions as A
from tests.engine.orders_checks import pick, reach, without

GAME = get_game("scoundrel_bay")


@cache
def at(kind: str) -> tuple[Any, int]:
    return reach(GAME, kind)


def with_doubloons(n: int) -> tuple[Any, int]:
    s, seat = at("bid")
    s = s.model_copy(deep=True)
    s.players[seat].doubloons = n
    return s, seat


def test_bid_0_when_poor_bids_0_holding_4() -> None:
    s, seat = with_doubloons(4)
    assert pick(GAME, "bid-0-when-poor", s, seat) == A.Bid(doubloons=0)


def test_bid_0_when_poor_declines_holding_5() -> None:
    s, seat = with_doubloons(5)
    assert pick(GAME, "bid-0-when-poor", s, seat) is None


def test_bid_0_bids_0_whatever_the_purse() -> None:
    for n in (0, 5, 12):
        s, seat = with_doubloons(n)
        assert pick(GAME, "bid-0", s, seat) == A.Bid(doubloons=0)
    assert pick(GAME, "bid-0", s, seat, without(GAME, s, seat, A.Bid(doubloons=0))) is None


def test_feed_all_feeds_as_many_as_the_food_allows() -> None:
    s, seat = at("feed")
    feeds = [a.fed for a in GAME.legal_actions(s, seat) if isinstance(a, A.Feed)]
    assert pick(GAME, "feed-all", s, seat) == A.Feed(fed=max(feeds))
    assert pick(GAME, "feed-all", s, seat, []) is None


def test_no_exchange_declines_the_merchant() -> None:
    s, seat = at("exchange")
    assert pick(GAME, "no-exchange", s, seat) == A.Decline()
    assert pick(GAME, "no-exchange", s, seat, without(GAME, s, seat, A.Decline())) is None


def test_the_bid_orders_answer_no_other_prompt() -> None:
    s, seat = at("feed")
    assert pick(GAME, "bid-0", s, seat) is None
