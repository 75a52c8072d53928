"""Cleanup Phase steps 4 and 5 (Sleeve Advancements, Discard & Draw) and the Draw bonus, through
play: a set-up game, the hand, deck and set-aside pile put where the rule applies, the turn ended
and the Cleanup answered as a player does (the pure tests stay in test_sleeve.py and
test_discard_draw.py). Advancements used: r1-01 and r1-04 (top), r1-02 and r1-11 (middle, r1-11
with a Draw bonus), r1-03 and r1-12 (bottom, r1-12 with a Draw bonus), r3-05 (top and middle).
Inventory IDs: DR-SLEEVE-…, DR-DRAW-…, DR-ABD-15."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import active, do, game, hand, land, main_seat, options, top, waiting

ISLANDS = "icon-13"      # a seed whose row 1 shows three islands
HAND_SIZE = "hand-0"     # a seed whose row 1 shows an island with the hand-size icon (b1)


def _start(*cards: str, aside: tuple[str, ...] = (), sleeves: dict[str, list[str]] | None = None,
           seed: str = ISLANDS) -> tuple[State, int]:
    """A 2-player game; the active seat holds `cards` (the rest of its deck in its draw pile),
    has `aside` set aside and `sleeves` on its cards."""
    s = game(2, seed=seed)
    seat = main_seat(s)
    hand(s, seat, *cards)
    s.players[seat].aside = list(aside)
    s.players[seat].sleeves.update(sleeves or {})
    return s, seat


def _play(s: State, seat: int, *cards: str) -> State:
    for card in cards:
        s = do(s, seat, f"play {card}")
    return s


def _sleeves(s: State, seat: int) -> list[str]:
    return [o for o in options(s, seat) if o.startswith("sleeve ")]


def _cleanup(s: State, seat: int, *answers: str) -> State:
    """End the turn; answer the Sleeve step with `answers`, then the rest of the Cleanup."""
    s = do(s, seat, "end")
    for answer in answers:
        assert isinstance(top(s), P.SleevePrompt), answer
        s = do(s, seat, answer)
    while active(s) == seat and s.turn.phase != "main":
        assert not isinstance(top(s), P.SleevePrompt) or "done" in options(s, seat)
        s = do(s, seat, "mercantile" if isinstance(top(s), P.ModePrompt) else "done")
    return s


def _refused(s: State, seat: int, notation: str) -> None:
    before = s.model_dump()
    with pytest.raises(IllegalActionError):
        do(s, seat, notation)
    assert s.model_dump() == before


# ---- 4. Sleeve Advancements ------------------------------------------------------------------
def test_dr_sleeve_01_02_set_aside_cards_go_onto_cards_played_this_turn_never_the_hand() -> None:
    s, seat = _start("captain", "bosun", "purser", aside=("r1-01",))
    s = _play(s, seat, "captain", "bosun")
    s = do(s, seat, "end")
    assert isinstance(top(s), P.SleevePrompt)
    assert set(_sleeves(s, seat)) == {"sleeve r1-01 captain", "sleeve r1-01 bosun"}, "not the Purser in hand"
    _refused(s, seat, "sleeve r1-01 purser")
    s = do(s, seat, "sleeve r1-01 bosun")
    assert s.players[seat].sleeves["bosun"] == ["r1-01"] and s.players[seat].aside == []


def test_dr_sleeve_03_04_12_the_printed_slots_never_cover_each_other_and_three_fill_a_card() -> None:
    s, seat = _start("captain", aside=("r1-01", "r1-02", "r1-03", "r1-04"))
    s = _play(s, seat, "captain")
    s = do(s, seat, "end")
    s = do(s, seat, "sleeve r1-01 captain")
    assert "sleeve r1-04 captain" not in _sleeves(s, seat), "the top slot is taken"
    _refused(s, seat, "sleeve r1-04 captain")
    s = do(s, seat, "sleeve r1-02 captain")
    s = do(s, seat, "sleeve r1-03 captain")
    assert s.players[seat].sleeves["captain"] == ["r1-01", "r1-02", "r1-03"], "three in one Cleanup"
    assert active(s) != seat and s.players[seat].aside == ["r1-04"], "nowhere left for a fourth"
    # a two-slot Advancement takes both its slots
    s, seat = _start("captain", aside=("r3-05", "r1-02"))
    s = _play(s, seat, "captain")
    s = do(s, seat, "end")
    s = do(s, seat, "sleeve r3-05 captain")
    assert active(s) != seat and s.players[seat].aside == ["r1-02"], "its middle slot is r3-05's"


def test_dr_sleeve_05_10_an_advancement_sleeved_in_this_cleanup_adds_no_draw_yet() -> None:
    s, seat = _start("captain", aside=("r1-11",))
    s = _play(s, seat, "captain")
    s = _cleanup(s, seat, "sleeve r1-11 captain")
    assert s.players[seat].sleeves["captain"] == ["r1-11"] and len(s.players[seat].hand) == 4, "no fifth card"
    s, seat = _start("captain", sleeves={"captain": ["r1-11"]})     # sleeved on an earlier turn
    s = _play(s, seat, "captain")
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 5


def test_dr_sleeve_06_08_one_may_stay_aside_and_no_more() -> None:
    s, seat = _start("captain", "bosun", aside=("r1-01", "r1-02"))
    s = _play(s, seat, "captain", "bosun")
    s = do(s, seat, "end")
    assert "done" not in options(s, seat), "two sleevable cards aside: one must go"
    _refused(s, seat, "done")
    s = do(s, seat, "sleeve r1-01 captain")
    assert "done" in options(s, seat)
    s = do(s, seat, "done")
    assert s.players[seat].aside == ["r1-02"] and active(s) != seat


def test_dr_sleeve_07_08_unsleevable_cards_stay_but_every_sleevable_one_goes() -> None:
    # the Captain's top slot is full: r1-01 and r1-04 have no place, r1-02 has one
    s, seat = _start("captain", aside=("r1-01", "r1-04", "r1-02"), sleeves={"captain": ["r1-19"]})
    s = _play(s, seat, "captain")
    s = do(s, seat, "end")
    assert _sleeves(s, seat) == ["sleeve r1-02 captain"] and "done" not in options(s, seat), \
        "nothing sleevable is kept back beside the unsleevable ones"
    s = do(s, seat, "sleeve r1-02 captain")
    assert active(s) != seat and sorted(s.players[seat].aside) == ["r1-01", "r1-04"]


def test_dr_sleeve_11_a_set_aside_card_waits_turns_for_a_card_with_room() -> None:
    s, seat = _start("captain", "bosun", aside=("r1-01",), sleeves={"captain": ["r1-19"]})
    s = _play(s, seat, "captain")
    s = do(s, seat, "end")
    assert active(s) != seat and s.players[seat].aside == ["r1-01"], "no place: no question either"
    other = active(s)
    s = do(s, other, "end")
    while active(s) == other:
        s = do(s, other, options(s, other)[0])
    seat = main_seat(s)
    hand(s, seat, "bosun")
    s = _play(s, seat, "bosun")
    s = do(s, seat, "end")
    assert _sleeves(s, seat) == ["sleeve r1-01 bosun"]


def test_dr_sleeve_09_a_card_played_in_defence_takes_an_advancement_at_the_next_cleanup() -> None:
    s, seat = _start("captain")
    other = 1 - seat
    s.players[seat].levels["captain"] = 2                 # an Attack flag
    hand(s, other, "gunner-2")
    s.players[other].levels["gunner-2"] = 2
    s.players[other].aside = ["r1-01"]
    s = _play(s, seat, "captain")
    s.players[seat].ship.at = s.players[other].ship.at = "b1"
    s = do(s, seat, f"attack {label(other)}")
    s = do(s, seat, "cubes 1")
    s = do(s, other, "play gunner-2")
    land(s, "strength-1", "strength-1", "empty")
    s = do(s, other, "cubes 2")
    while s.battle is not None:
        w = waiting(s)[0]
        s = do(s, w, "pass" if "pass" in options(s, w) else options(s, w)[0])
    s = _cleanup(s, seat)
    assert active(s) == other and s.players[other].defence == ["gunner-2"]
    main_seat(s)
    s = do(s, other, "end")
    while isinstance(top(s), P.ModePrompt):
        s = do(s, other, "mercantile")
    assert _sleeves(s, other) == ["sleeve r1-01 gunner-2"]
    s = do(s, other, "sleeve r1-01 gunner-2")
    assert s.players[other].sleeves["gunner-2"] == ["r1-01"] and "gunner-2" in s.players[other].deck.discard


# ---- 5. Discard & Draw -----------------------------------------------------------------------
def test_dr_draw_01_played_cards_are_discarded_the_rest_stay_in_hand() -> None:
    s, seat = _start("captain", "bosun", "purser")
    s = _play(s, seat, "captain")
    pile = list(s.players[seat].deck.pile)
    s = _cleanup(s, seat)
    p = s.players[seat]
    assert p.deck.discard == ["captain"] and p.hand[:2] == ["bosun", "purser"]
    assert len(p.hand) == 6 and set(p.hand[2:]) <= set(pile), "2 held: 4 drawn from the deck"
    assert sorted(p.deck.pile + p.hand[2:]) == sorted(pile)


def test_dr_draw_02_an_empty_deck_is_reshuffled_from_the_discard_with_this_turns_cards() -> None:
    s, seat = _start("captain")
    p = s.players[seat]
    p.deck.pile, p.deck.discard = [], ["bosun", "purser", "crew-1", "crew-2"]
    s = _play(s, seat, "captain")
    s = _cleanup(s, seat)
    p = s.players[seat]
    assert len(p.hand) == 4 and set(p.hand) <= {"bosun", "purser", "crew-1", "crew-2", "captain"}
    assert p.deck.discard == [] and len(p.deck.pile) == 1, "the five reshuffled, four drawn"


def test_dr_draw_03_04_holding_up_to_two_draws_4_three_or_more_fill_to_6() -> None:
    cards = ["bosun", "purser", "first-mate", "buccaneer", "crew-1", "crew-2", "crew-3"]
    for held in range(8):
        s, seat = _start(*cards[:held])
        s = _cleanup(s, seat)
        assert len(s.players[seat].hand) == max(held, min(held + 4, 6)), held


def test_dr_draw_05_06_a_hand_size_island_raises_the_limit_and_losing_it_discards_nothing() -> None:
    s, seat = _start("bosun", "purser", "first-mate", "buccaneer", "crew-1", seed=HAND_SIZE)
    at = next(pos for pos, isl in s.islands.items() if defs().ocean.boards[isl.board].hand_size)
    s.islands[at].slots = [label(seat)] * len(s.islands[at].slots)
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 7, "5 held, limit 7: 2 drawn"
    other = main_seat(s)
    s.islands[at].slots = [label(other)] * len(s.islands[at].slots)   # lost on the other's turn
    s = do(s, other, "end")
    while active(s) == other:
        s = do(s, other, options(s, other)[0])
    assert len(s.players[seat].hand) == 7, "nothing discarded"
    main_seat(s)
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 7, "over the limit of 6: nothing drawn, nothing discarded"


def test_dr_draw_07_08_abd_15_draw_bonuses_add_to_the_draw_never_to_the_limit() -> None:
    sleeve = {"captain": ["r1-11", "r1-12"]}              # two Draw-bonus icons
    s, seat = _start("captain", "bosun", sleeves=sleeve)
    s = _play(s, seat, "captain")
    assert not any(o.startswith("use captain") for o in options(s, seat)), "no Main-phase use"
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 6, "1 held: the 6 the bonuses ask stop at the limit, 5"
    s, seat = _start("captain", sleeves=sleeve)
    s = _play(s, seat, "captain")
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 6, "none held: 4 + 2"
    s, seat = _start("captain", "bosun", "purser", sleeves=sleeve)
    s = _play(s, seat, "captain")
    s = _cleanup(s, seat)
    assert len(s.players[seat].hand) == 6, "2 held: 4 + 2 wanted, the limit lets 4 in"


def test_dr_draw_09_deck_and_discard_both_empty_draw_what_there_is() -> None:
    s, seat = _start("captain")
    p = s.players[seat]
    p.deck.pile, p.deck.discard = ["bosun"], []
    s = _cleanup(s, seat)
    p = s.players[seat]
    assert p.hand == ["captain", "bosun"] and p.deck.pile == [] and p.deck.discard == []
