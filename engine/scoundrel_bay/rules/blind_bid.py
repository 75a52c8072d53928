"""The End of the Stage — Blind Bid: who pays what, and who chooses a reward or is punished.

Bids are ranked highest first; equal bids by the GENERAL TIEBREAK (the reputation order passed
in). The highest bidder pays into Scoundrel Bay, the lowest keeps the bid, every other bidder
pays the general supply."""
from __future__ import annotations

from pydantic import BaseModel


class BidResult(BaseModel):
    ranking: list[int]           # bidders, highest bid first
    to_pot: int                  # paid into Scoundrel Bay by the highest bidder
    to_supply: dict[int, int]    # paid to the general supply, by bidder

    @property
    def highest(self) -> int:
        return self.ranking[0]

    @property
    def lowest(self) -> int:
        """The lowest bidder, who keeps the bid."""
        return self.ranking[-1]

    def choosers(self) -> list[int]:
        """A bid for rewards: everyone but the lowest picks, highest bid first."""
        return self.ranking[:-1]


def settle_bids(bids: dict[int, int], tiebreak: list[int]) -> BidResult:
    """`bids` by seat (ghost pirates never bid); `tiebreak` lists seats furthest first."""
    if len(bids) < 2:
        raise ValueError("a blind bid needs at least two bidders")
    if any(b < 0 for b in bids.values()):
        raise ValueError("a bid cannot be negative")
    ranking = sorted(bids, key=lambda seat: (-bids[seat], tiebreak.index(seat)))
    return BidResult(ranking=ranking, to_pot=bids[ranking[0]],
                     to_supply={seat: bids[seat] for seat in ranking[1:-1]})
