"""Dead Reckoning — Cleanup step 5, Discard & Draw, and the Draw bonus
(engine/dead_reckoning/rules/discard_draw.py). Inventory IDs (DR-…) are those of
shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest

from engine.core.deck import Deck
from engine.core.rng import Rng
from engine.dead_reckoning.defs import Icon, Icons, Verb
from engine.dead_reckoning.rules import discard_draw
from engine.dead_reckoning.rules.discard_draw import (
    PlayedCard,
    cards_to_draw,
    discard_and_draw,
    draw_amount,
    draw_bonus_icons,
    hand_limit,
)
from tests.engine.dead_reckoning.scenario_helpers import do
from tests.engine.dead_reckoning.test_rules_icons import _played
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text

CARDS = ["captain", "bosun", "purser", "first-mate", "buccaneer", "gunner-1", "gunner-2",
         "deck-hand-1", "deck-hand-2", "crew-1", "crew-2", "crew-3"]


def test_dr_draw_03_normal_limit_6_and_amount_4() -> None:
    assert hand_limit(0) == 6 and draw_amount(0) == 4
    assert cards_to_draw(0, 6) == 4


def test_dr_draw_04_with_0_1_2_held_draw_4_with_3_or_more_fill_to_6() -> None:
    assert [cards_to_draw(held, 6) for held in range(8)] == [4, 4, 4, 3, 2, 1, 0, 0]
    assert [held + cards_to_draw(held, 6) for held in range(3, 7)] == [6, 6, 6, 6]


def _ends_turn_holding(held: int, *sleeve: str) -> int:
    """The active seat plays its Captain (with `sleeve`), keeps `held` cards in hand and ends
    its turn: the hand it has after Cleanup's draw."""
    s, seat = _played("draw-example", "captain", *sleeve)
    p = s.players[seat]
    p.hand, p.deck.pile = p.deck.pile[:held], p.deck.pile[held:]
    s = do(s, seat, "end")
    assert s.turn.seat != seat, "the turn has passed on"
    return len(s.players[seat].hand)


def test_dr_draw_04_the_example_played_0_1_2_held_draw_4_and_3_or_more_fill_to_6() -> None:
    assert [_ends_turn_holding(held) for held in (0, 1, 2, 3, 5)] == [4, 5, 6, 6, 6]


def test_dr_draw_08_the_example_played_two_draw_bonuses_and_1_held_draw_5() -> None:
    # r1-11 Ship's Cook (middle) and r1-12 Sea Shanty (bottom): a Draw bonus each
    assert _ends_turn_holding(1, "r1-11", "r1-12") == 1 + 5
    assert _ends_turn_holding(1) == 1 + 4


def test_dr_draw_05_each_hand_size_island_raises_the_limit_by_1() -> None:
    assert [hand_limit(n) for n in range(4)] == [6, 7, 8, 9]
    assert cards_to_draw(4, hand_limit(1)) == 3 and cards_to_draw(4, hand_limit(0)) == 2
    assert hand_limit(-1) == 6                      # never below the normal limit


def test_dr_draw_06_a_limit_that_fell_makes_nobody_discard() -> None:
    """Held 7 with a limit of 7; the island was lost on another turn: the limit is 6 now, the
    hand keeps all 7 and draws nothing."""
    deck = Deck(pile=CARDS[:3])
    hand = CARDS[3:10]
    r = discard_and_draw(hand, [], deck, Rng(seed="s"), hand_limit(0))
    assert r.hand == hand and r.drawn == [] and r.wanted == 0 and len(deck.pile) == 3
    assert cards_to_draw(7, 6, draw_bonus_icons=3) == 0


def test_dr_draw_07_08_two_bonuses_make_6_but_1_held_under_limit_6_draws_5() -> None:
    assert draw_amount(2) == 6
    assert cards_to_draw(1, 6, 2) == 5
    # the bonus raises the amount, not the limit: from 2 held, bonuses past the second are wasted
    assert [cards_to_draw(2, 6, b) for b in range(5)] == [4, 4, 4, 4, 4]
    assert [cards_to_draw(0, 6, b) for b in range(5)] == [4, 5, 6, 6, 6]


def test_dr_abd_15_draw_bonus_only_adds_to_the_cleanup_draw_within_the_limit() -> None:
    """No ability verb draws cards: the bonus is an icon, read only when Cleanup counts the draw,
    one card per icon, capped by the hand limit."""
    assert not {"draw", "draw_bonus"} & set(get_args(Verb)) and "draw_bonus" in get_args(Icon)
    played = [PlayedCard(card="crew-1", advancements={"r1-x": Icons(draw_bonus=1)}),
              PlayedCard(card="crew-2", advancements={"r4-y": Icons(draw_bonus=2, sail=1)})]
    assert draw_bonus_icons(played) == 3
    assert cards_to_draw(0, 6, draw_bonus_icons(played)) == 6       # 7 asked, the limit stops at 6
    assert cards_to_draw(0, 8, draw_bonus_icons(played)) == 7


def test_dr_sleeve_10_an_advancement_sleeved_this_cleanup_adds_no_draw() -> None:
    card = PlayedCard(card="bosun", advancements={"r1-a": Icons(draw_bonus=1), "r2-b": Icons(draw_bonus=1)},
                      sleeved_now=frozenset({"r2-b"}))
    assert draw_bonus_icons([card]) == 1
    assert draw_bonus_icons([card.model_copy(update={"sleeved_now": frozenset()})]) == 2


def test_dr_draw_01_played_cards_go_to_the_discard_the_rest_stay_in_hand() -> None:
    deck = Deck(pile=["crew-3", "crew-2", "crew-1", "gunner-2", "gunner-1"])   # top is the end
    r = discard_and_draw(["captain", "bosun"], ["purser", "first-mate", "buccaneer"], deck,
                         Rng(seed="s"), 6)
    assert deck.discard == ["purser", "first-mate", "buccaneer"]
    assert r.hand == ["captain", "bosun", "gunner-1", "gunner-2", "crew-1", "crew-2"]
    assert r.drawn == ["gunner-1", "gunner-2", "crew-1", "crew-2"] and not r.reshuffled
    assert deck.pile == ["crew-3"]


def test_dr_draw_01_a_card_cannot_be_kept_and_played() -> None:
    with pytest.raises(ValueError, match="both in hand and played"):
        discard_and_draw(["captain"], ["captain"], Deck(), Rng(seed="s"), 6)


def test_dr_draw_02_an_empty_deck_is_reformed_from_the_discard_with_this_turns_cards() -> None:
    """2 left in the deck, 4 to draw: the 2 come first, then the discard, this turn's played
    cards included, is shuffled into a new deck for the other 2."""
    deck = Deck(pile=["crew-1", "crew-2"], discard=["gunner-1", "gunner-2"])
    r = discard_and_draw([], ["captain", "bosun"], deck, Rng(seed="seven"), 6)
    assert r.drawn[:2] == ["crew-2", "crew-1"] and len(r.drawn) == 4 and r.reshuffled
    assert set(r.drawn[2:]) <= {"gunner-1", "gunner-2", "captain", "bosun"}
    assert deck.discard == [] and len(deck.pile) == 2
    assert sorted(deck.pile + r.drawn[2:]) == ["bosun", "captain", "gunner-1", "gunner-2"]


def test_dr_draw_02_no_reshuffle_when_the_deck_holds_exactly_enough() -> None:
    deck = Deck(pile=["a", "b", "c", "d"], discard=["e"])
    r = discard_and_draw([], [], deck, Rng(seed="s"), 6)
    assert len(r.drawn) == 4 and not r.reshuffled and deck.discard == ["e"] and deck.pile == []


def test_dr_draw_09_deck_and_discard_both_empty_draws_what_there_is() -> None:
    deck = Deck(pile=["crew-1"])
    r = discard_and_draw(["captain", "bosun", "purser"], ["first-mate"], deck, Rng(seed="s"), 6)
    assert r.wanted == 3 and r.drawn == ["crew-1", "first-mate"] and len(r.hand) == 5
    empty = Deck()
    r = discard_and_draw(CARDS[:2], [], empty, Rng(seed="s"), 6)
    assert r.wanted == 4 and r.drawn == [] and r.hand == CARDS[:2]


def test_dr_level_10_the_reshuffle_is_the_seeded_rng_so_no_cut_is_needed() -> None:
    """The order comes from the game's seeded Rng alone: the same seed gives the same deck, and
    nothing about the cards (a physical table's thickness) can steer it."""
    orders = []
    for seed in ("a", "a", "b"):
        deck = Deck(discard=list(CARDS))
        discard_and_draw([], [], deck, Rng(seed=seed), 6)
        orders.append(list(deck.pile))
    assert orders[0] == orders[1] and orders[0] != orders[2]


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(discard_draw.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
