"""Merchant ships' hidden backs (Encounters). The data prints one back per Merchant card, but a
player who has read the data files must not know what a Merchant on the board will do: at setup
each row's backs are dealt at random to that row's Merchant fronts and kept secret in the state
(`State.merchant_backs`). A back is shown only when its ship is attacked; a traded ship's back is
never shown (DR-BUY-09)."""
from __future__ import annotations

from engine.core import Rng
from engine.dead_reckoning.defs import MerchantBack, defs
from engine.dead_reckoning.state import State


def deal_backs(rng: Rng, rows: list[int]) -> dict[str, str]:
    """Each row's Merchant fronts -> the card whose printed back each one carries this game."""
    dealt: dict[str, str] = {}
    for row in rows:
        fronts = sorted(c.id for c in defs().advancements.deck(row) if c.kind == "merchant")
        backs = list(fronts)
        rng.shuffle(backs)
        dealt.update(zip(fronts, backs, strict=True))
    return dealt


def back_of(s: State, card: str) -> MerchantBack:
    back = defs().advancements.cards[s.merchant_backs.get(card, card)].back
    assert back is not None, f"{card} is not a Merchant ship"
    return back


def reveal(s: State, card: str) -> MerchantBack:
    """The back turned over for everyone (an attack): from now on it is public."""
    if card not in s.backs_seen:
        s.backs_seen.append(card)
    return back_of(s, card)
