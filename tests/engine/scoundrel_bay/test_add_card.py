"""2 — ADD 1 CARD TO YOUR HAND (engine/scoundrel_bay/rules/add_card.py): buying from the pirate
display (slide and refill), scouting the deck for a flag, and rebuilding an exhausted deck."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.state import State

from .scenario_helpers import cards_of, do, game, hand, options, top, waiting

D = defs()
BLUE, BLACK, RED, YELLOW = cards_of("blue"), cards_of("black"), cards_of("red"), cards_of("yellow")


def at_card_step(players: int = 3, **resources: int) -> State:
    """Seat 0 has recruited and now adds a card, holding `resources` (the others at 0)."""
    s = game(players)
    hand(s, 0, BLUE[0], "start-1")
    s = do(s, 0, f"recruit {BLUE[0]}")
    assert isinstance(top(s), P.CardPrompt)
    s.players[0].resources = {"ring": 0, "map": 0, "rum": 0, "food": 0, **resources}
    return s


def buys(s: State) -> list[str]:
    return [o for o in options(s, 0) if o.startswith("buy")]


def scouts(s: State) -> list[str]:
    return [o for o in options(s, 0) if o.startswith("scout")]


# ---- adding one card ----------------------------------------------------------------------------

def test_sb_card_01_every_turn_ends_with_exactly_one_card_added() -> None:
    s = game(3)
    assert len(s.players[0].hand) == 3
    s = do(s, 0, f"recruit {s.players[0].hand[0]}")
    assert len(s.players[0].hand) == 2 and isinstance(top(s), P.CardPrompt)
    s = do(s, 0, "buy 1")
    assert len(s.players[0].hand) == 3 and waiting(s) == (1,)


def test_sb_card_02_no_hand_limit_a_big_hand_plays_on_and_grows_back() -> None:
    s = game(3)
    hand(s, 0, *BLUE[:6])
    s = do(s, 0, f"recruit {BLUE[0]}")
    s = do(s, 0, "buy 1")
    assert len(s.players[0].hand) == 6 and waiting(s) == (1,)


# ---- buying from the display --------------------------------------------------------------------

def test_sb_buy_01_02_a_slot_costs_its_rum_and_the_leftmost_is_free() -> None:
    assert D.cards.display.costs == [0, 1, 1, 2, 2]
    assert buys(at_card_step(rum=0)) == ["buy 1"]
    assert buys(at_card_step(rum=1)) == ["buy 1", "buy 2", "buy 3"]
    assert buys(at_card_step(rum=2)) == ["buy 1", "buy 2", "buy 3", "buy 4", "buy 5"]
    s = at_card_step(rum=0)
    with pytest.raises(IllegalActionError):
        do(s, 0, "buy 2")
    first = s.display[0]
    s = do(s, 0, "buy 1")
    assert first in s.players[0].hand and s.players[0].resources["rum"] == 0
    s = at_card_step(rum=2)
    fifth = s.display[4]
    s = do(s, 0, "buy 5")
    assert fifth in s.players[0].hand and s.players[0].resources["rum"] == 0


def test_sb_buy_03_the_others_slide_left_and_a_new_card_fills_the_right() -> None:
    s = at_card_step(rum=1)
    d0, d1, d2, d3, d4 = s.display
    next_card = s.deck.pile[-1]
    s = do(s, 0, "buy 3")
    assert d2 in s.players[0].hand
    assert s.display == [d0, d1, d3, d4, next_card]
    assert next_card not in s.deck.pile


def test_sb_scout_05_example_one_rum_for_a_display_card_three_to_scout() -> None:
    s = at_card_step(rum=3)
    second = s.display[1]
    s = do(s, 0, "buy 2")
    assert second in s.players[0].hand and s.players[0].resources["rum"] == 2
    s = at_card_step(rum=3)
    s = do(s, 0, "scout blue")
    assert s.players[0].resources["rum"] == 0


# ---- scouting -----------------------------------------------------------------------------------

def test_sb_scout_01_three_rum_and_a_named_flag_rings_making_up_the_rum() -> None:
    assert scouts(at_card_step(rum=2)) == []
    assert scouts(at_card_step(rum=3)) == ["scout blue", "scout black", "scout yellow", "scout red"]
    s = at_card_step(rum=2, ring=1)
    assert len(scouts(s)) == 4
    s = do(s, 0, "scout red")
    assert s.players[0].resources["rum"] == 0 and s.players[0].resources["ring"] == 0


def test_sb_scout_02_03_cards_are_turned_until_the_flag_and_the_misses_are_discarded() -> None:
    s = at_card_step(rum=3)
    s.deck.pile = [YELLOW[0], BLUE[5], RED[1], BLACK[1], RED[2]]     # the top is last
    s = do(s, 0, "scout blue")
    assert BLUE[5] in s.players[0].hand
    assert s.deck.discard == [RED[2], BLACK[1], RED[1]]
    assert s.deck.pile == [YELLOW[0]]
    assert waiting(s) == (1,)


def test_sb_scout_02_the_top_card_itself_may_be_the_match() -> None:
    s = at_card_step(rum=3)
    s.deck.pile = [RED[1], BLACK[1]]
    s = do(s, 0, "scout black")
    assert BLACK[1] in s.players[0].hand and s.deck.discard == [] and s.deck.pile == [RED[1]]


def test_sb_scout_04_no_card_of_the_flag_anywhere_gives_nothing_and_the_rum_is_spent() -> None:
    s = at_card_step(rum=3)
    s.deck.pile, s.deck.discard = [RED[1], BLACK[1]], [RED[3]]
    before = list(s.players[0].hand)
    s = do(s, 0, "scout yellow")
    assert s.players[0].hand == before and s.players[0].resources["rum"] == 0
    assert sorted(s.deck.discard) == sorted([RED[1], BLACK[1], RED[3]]) and s.deck.pile == []
    assert waiting(s) == (1,)


def test_sb_scout_04_06_the_search_goes_on_through_the_reshuffled_discards() -> None:
    s = at_card_step(rum=3)
    s.deck.pile, s.deck.discard = [RED[1]], [YELLOW[3], BLACK[2]]
    s = do(s, 0, "scout yellow")
    assert YELLOW[3] in s.players[0].hand
    assert RED[1] in s.deck.discard and YELLOW[3] not in s.deck.discard


# ---- rebuilding the deck ------------------------------------------------------------------------

def test_sb_scout_06_07_08_an_empty_deck_is_rebuilt_from_played_cards_and_discards_only() -> None:
    s = at_card_step(rum=0)
    s.deck.pile, s.deck.discard = [], [RED[4]]
    s.players[1].played = ["start-2", BLACK[4]]
    s.players[2].played = [YELLOW[4], "start-3"]
    s.players[2].crew = {"red": [RED[5]]}
    crew0 = dict(s.players[0].crew)
    s = do(s, 0, "buy 1")                                         # the refill finds the deck empty
    refill = s.display[-1]
    assert refill in (RED[4], BLACK[4], YELLOW[4])
    assert sorted([*s.deck.pile, refill]) == sorted([RED[4], BLACK[4], YELLOW[4]])
    assert s.deck.discard == []
    assert s.players[1].played == ["start-2"] and s.players[2].played == ["start-3"]
    assert s.players[2].crew == {"red": [RED[5]]} and s.players[0].crew == crew0


def test_sb_scout_07_a_deck_of_starting_cards_only_cannot_be_scouted() -> None:
    """With no pirate card left to turn up (only starting cards in the played slots, which never
    go back), scouting would take 3 rum for nothing: it is not offered."""
    s = at_card_step(rum=3)
    s.deck.pile, s.deck.discard = [], []
    s.players[1].played = ["start-2"]
    assert scouts(s) == []
    assert buys(s) == ["buy 1", "buy 2", "buy 3", "buy 4", "buy 5"]
