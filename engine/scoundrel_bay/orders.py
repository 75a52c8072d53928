"""Standing orders of Scoundrel Bay for the end of a stage, which comes outside the players'
turns: the blind bid, cooking and feeding, the merchant's exchange (engine/core/orders.py).
Doubloons are public, so an order that looks at them tells nobody anything hidden."""
from __future__ import annotations

from typing import Any

from engine.core.orders import OrderBook, StandingOrder, first, stack_prompt, when
from engine.scoundrel_bay import actions as A
from engine.scoundrel_bay.state import State

FEW_DOUBLOONS = 5   # "fewer than 5": the threshold of the bid order, fixed to keep it simple


def _few(s: State, seat: int) -> bool:
    return s.players[seat].doubloons < FEW_DOUBLOONS


def _feed_most(s: State, seat: int, legal: list[Any]) -> Any | None:
    feeds = [a for a in legal if isinstance(a, A.Feed)]
    return max(feeds, key=lambda a: a.fed) if feeds else None


BOOK = OrderBook(prompt_of=stack_prompt, orders=(
    StandingOrder("bid-0-when-poor", f"Blind bid: bid 0 when I hold fewer than {FEW_DOUBLOONS} doubloons",
                  ("bid",), when(_few, first(A.Bid, doubloons=0))),
    StandingOrder("bid-0", "Blind bid: always bid 0", ("bid",), first(A.Bid, doubloons=0)),
    StandingOrder("feed-all", "Cook and feed: feed as many of my crew as my food allows",
                  ("feed",), _feed_most),
    StandingOrder("no-exchange", "Turn down the merchant's exchange", ("exchange",), first(A.Decline)),
))
