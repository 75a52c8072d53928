"""Cleanup step 5 — Discard & Draw, with the Draw bonus (Description of Abilities).

How many cards a player draws is min(draw amount, hand limit − cards held), never below 0: the
hand limit starts at 6 and grows by 1 per controlled island showing the hand-size icon, the draw
amount starts at 4 and grows by 1 per Draw-bonus icon played this turn. A bonus raises only the
amount, so bonuses past the limit are wasted, and a limit that fell on another player's turn
never makes anyone discard. The cards played go to the discard pile before the draw, so a deck
that runs out is reshuffled (with the game's seeded Rng, through engine.core.deck.Deck) from a
discard that already holds them. Cards are ids such as `gunner-1`."""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from engine.core.deck import Deck
from engine.core.rng import Rng
from engine.dead_reckoning.defs import CleanupRules, Icons, defs


def _cleanup() -> CleanupRules:
    return defs().rules.cleanup


def hand_limit(hand_size_islands: int) -> int:
    """The hand limit: the normal 6, plus 1 for each island the player controls that shows the
    hand-size icon (the engine counts those islands at the moment of the draw)."""
    c = _cleanup()
    return c.hand_limit + c.hand_size_per_island * max(0, hand_size_islands)


def draw_amount(draw_bonus_icons: int) -> int:
    """The draw amount: the normal 4, plus 1 for each Draw-bonus icon played this turn."""
    c = _cleanup()
    return c.draw + c.draw_bonus * max(0, draw_bonus_icons)


def cards_to_draw(held: int, limit: int, draw_bonus_icons: int = 0) -> int:
    """min(draw amount, limit − held), never negative: a hand already over its limit (the limit
    fell on someone else's turn) simply draws nothing and keeps every card."""
    return max(0, min(draw_amount(draw_bonus_icons), limit - held))


class PlayedCard(BaseModel):
    """A card going to the discard this Cleanup, as the draw bonus sees it: the icons of its
    Sailor level, and those of each Advancement in its sleeve. `sleeved_now` are the Advancements
    sleeved in this very Cleanup (step 4): they were not played this turn, so they add no draw."""
    model_config = ConfigDict(frozen=True)

    card: str
    level_icons: Icons = Icons()
    advancements: dict[str, Icons] = {}      # advancement id -> its icons
    sleeved_now: frozenset[str] = frozenset()


def draw_bonus_icons(played: list[PlayedCard]) -> int:
    """The Draw-bonus icons played this turn. Icons are never used in the Main phase: they are
    only counted here, so a bonus helps the next turn's hand and never this turn's."""
    total = 0
    for c in played:
        total += c.level_icons.draw_bonus
        total += sum(i.draw_bonus for a, i in c.advancements.items() if a not in c.sleeved_now)
    return total


class DrawResult(BaseModel):
    hand: list[str]           # the cards kept, then the cards drawn in the order drawn
    drawn: list[str]
    wanted: int               # what the rule asked for; more than `drawn` only when both piles ran dry
    reshuffled: bool          # the discard became the deck during this draw


def discard_and_draw(hand: list[str], played: list[str], deck: Deck, rng: Rng, limit: int,
                     draw_bonus: int = 0) -> DrawResult:
    """Step 5 on a player's deck (changed in place): every card in `played` (those played this
    turn, and those played in defence since the last Cleanup) goes face up onto the discard, the
    cards not played stay in hand, then the player draws. When the deck runs dry the discard is
    shuffled into a new deck; when both run dry the player keeps what was drawn and stops
    (reading of DR-DRAW-09)."""
    if overlap := set(hand) & set(played):
        raise ValueError(f"{', '.join(sorted(overlap))} cannot be both in hand and played")
    deck.throw_away(played)
    wanted = cards_to_draw(len(hand), limit, draw_bonus)
    pile_before = len(deck.pile)
    drawn = deck.draw(rng, wanted)
    # Deck.draw reshuffles only when it needs a card from an empty pile, so drawing more than the
    # pile held is exactly the case where the discard became the deck.
    return DrawResult(hand=[*hand, *drawn], drawn=drawn, wanted=wanted, reshuffled=len(drawn) > pile_before)
