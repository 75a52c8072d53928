"""Dead Reckoning — Cleanup step 4, Sleeve Advancements (engine/dead_reckoning/rules/sleeve.py).
Advancements used: r1-01 (top), r1-02 (middle), r1-03 (bottom), r1-04 (top), r3-05 (top and
middle), r3-10 (middle and bottom), r1-28 (a Merchant ship, top). Inventory IDs (DR-…) are those
of shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.dead_reckoning.defs import SLOTS, defs
from engine.dead_reckoning.rules import sleeve as sleeve_module
from engine.dead_reckoning.rules.sleeve import (
    InPlay,
    aside,
    default_sleeve,
    fits,
    legal_places,
    may_end,
    sleevable,
    sleeve,
    sleeve_targets,
    usable_advancements,
)
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text


def played(*cards: str) -> dict[str, InPlay]:
    return {c: InPlay(card=c) for c in cards}


def test_dr_sleeve_12_every_advancement_prints_its_slots() -> None:
    cards = defs().advancements.cards
    assert all(c.slots and set(c.slots) <= set(SLOTS) for c in cards.values())
    assert aside("r1-01").slots == {"top"} and aside("r3-10").slots == {"middle", "bottom"}
    assert aside("r1-28").slots == {"top"}             # a traded Merchant ship sleeves like any other


def test_dr_sleeve_01_02_any_set_aside_card_may_go_onto_a_played_card_never_the_hand() -> None:
    pile = [aside("r1-01"), aside("r1-02")]
    cards = played("gunner-1", "crew-2")
    assert legal_places(pile, cards) == {"r1-01": ["gunner-1", "crew-2"], "r1-02": ["gunner-1", "crew-2"]}
    with pytest.raises(ValueError, match="not played this turn"):
        sleeve(pile, cards, "r1-01", "captain")         # the Captain is in hand
    with pytest.raises(ValueError, match="not set aside"):
        sleeve(pile, cards, "r1-03", "gunner-1")


def test_dr_sleeve_03_no_covering_so_at_most_3_on_a_card() -> None:
    full = InPlay(card="bosun", used=frozenset(SLOTS))
    assert not any(fits(aside(a), full) for a in ("r1-01", "r1-02", "r1-03"))
    top_taken = InPlay(card="bosun", used=frozenset({"top"}))
    assert not fits(aside("r1-04"), top_taken) and fits(aside("r1-02"), top_taken)
    assert not fits(aside("r3-05"), top_taken)          # a two-slot card clashes on one slot
    assert fits(aside("r3-10"), top_taken)
    with pytest.raises(ValueError, match="cover the top slot of bosun"):
        sleeve([aside("r1-04")], {"bosun": top_taken}, "r1-04", "bosun")
    # a two-slot Advancement leaves room for one more only
    r = sleeve([aside("r3-10"), aside("r1-02"), aside("r1-01")], played("bosun"), "r3-10", "bosun")
    assert r.cards["bosun"].used == {"middle", "bottom"}
    assert legal_places(r.pile, r.cards) == {"r1-02": [], "r1-01": ["bosun"]}
    assert defs().rules.cleanup.advancements_per_card == len(SLOTS) == 3


def test_dr_sleeve_04_several_onto_one_card_in_the_same_cleanup() -> None:
    pile = [aside("r1-01"), aside("r1-02"), aside("r1-03")]
    cards = played("purser")
    for a in ("r1-01", "r1-02", "r1-03"):
        r = sleeve(pile, cards, a, "purser")
        pile, cards = r.pile, r.cards
    assert pile == [] and cards["purser"].used == set(SLOTS)
    assert cards["purser"].sleeved_now == ("r1-01", "r1-02", "r1-03")


def test_dr_sleeve_05_an_advancement_sleeved_now_is_not_usable_this_turn() -> None:
    card = InPlay(card="crew-1", used=frozenset({"top"}))
    r = sleeve([aside("r1-02")], {"crew-1": card}, "r1-02", "crew-1")
    assert usable_advancements(r.cards["crew-1"], ["r1-01", "r1-02"]) == ["r1-01"]
    assert usable_advancements(card, ["r1-01"]) == ["r1-01"]


def test_dr_sleeve_06_one_may_stay_aside_the_others_must_be_sleeved() -> None:
    cards = played("gunner-1")
    pile = [aside("r1-01"), aside("r1-02")]
    assert not may_end(pile, cards)
    assert may_end(sleeve(pile, cards, "r1-01", "gunner-1").pile, cards)      # 1 left: may stay
    assert may_end([aside("r1-01")], cards) and may_end([], cards)
    assert defs().rules.cleanup.set_aside_max == 1


def test_dr_sleeve_07_all_that_cannot_be_sleeved_stay_but_sleevable_ones_must_go() -> None:
    top_taken = {"crew-3": InPlay(card="crew-3", used=frozenset({"top"}))}
    stuck = [aside("r1-01"), aside("r1-04"), aside("r3-05")]      # all need the top slot
    assert sleevable(stuck, top_taken) == [] and may_end(stuck, top_taken)
    assert may_end(stuck, {})                                     # no card played: all wait
    assert not may_end([*stuck, aside("r1-02"), aside("r1-03")], top_taken)


def test_dr_sleeve_08_nothing_sleevable_is_kept_beside_unsleevable_ones() -> None:
    """Reading: with one card that has no place, a sleevable second one must still be sleeved."""
    cards = {"deck-hand-1": InPlay(card="deck-hand-1", used=frozenset({"top"}))}
    pile = [aside("r1-01"), aside("r1-02")]                       # r1-01 has no place, r1-02 has one
    assert sleevable(pile, cards) == ["r1-02"] and not may_end(pile, cards)
    r = sleeve(pile, cards, "r1-02", "deck-hand-1")
    assert [a.id for a in r.pile] == ["r1-01"] and may_end(r.pile, r.cards)


def test_dr_sleeve_08_sleeving_one_can_leave_the_other_without_a_place() -> None:
    """Two top-slot cards and one played card with its top free: either may be sleeved, and the
    other, now without a place, stays aside."""
    pile = [aside("r1-01"), aside("r1-04")]
    cards = played("captain")
    assert not may_end(pile, cards)
    r = sleeve(pile, cards, "r1-04", "captain")
    assert [a.id for a in r.pile] == ["r1-01"] and may_end(r.pile, r.cards)


def test_dr_sleeve_09_cards_played_in_defence_take_advancements_at_the_next_cleanup() -> None:
    targets = sleeve_targets(["crew-1", "bosun"], ["gunner-2", "bosun"])
    assert targets == ["crew-1", "bosun", "gunner-2"]
    assert legal_places([aside("r1-03")], played(*targets)) == {"r1-03": targets}
    assert sleeve_targets([], ["gunner-2"]) == ["gunner-2"]        # a turn with nothing played
    assert sleeve_targets([], []) == []


def test_dr_sleeve_11_a_set_aside_card_waits_turns_for_its_card() -> None:
    """Turn 1: no card played has room, the Advancement stays aside. Turn 2: the card it was
    bought for is played and it goes in."""
    kept = [aside("r3-05")]
    turn_1 = {"purser": InPlay(card="purser", used=frozenset({"middle"}))}
    assert may_end(kept, turn_1) and sleevable(kept, turn_1) == []
    turn_2 = played("gunner-1")
    assert sleevable(kept, turn_2) == ["r3-05"]
    assert sleeve(kept, turn_2, "r3-05", "gunner-1").pile == []


def test_the_deadline_default_sleeves_until_one_may_stay_keeping_the_newest() -> None:
    cards = played("crew-1", "crew-2")
    pile = [aside("r1-01"), aside("r1-02"), aside("r1-03")]      # r1-03 set aside last
    moves = []
    while (move := default_sleeve(pile, cards)) is not None:
        moves.append(move)
        r = sleeve(pile, cards, *move)
        pile, cards = r.pile, r.cards
    assert moves == [("r1-01", "crew-1"), ("r1-02", "crew-1")] and [a.id for a in pile] == ["r1-03"]
    stuck = {"crew-1": InPlay(card="crew-1", used=frozenset({"top"}))}
    assert default_sleeve([aside("r1-01"), aside("r1-02")], stuck) == ("r1-02", "crew-1")
    assert default_sleeve([aside("r1-01")], stuck) is None


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(sleeve_module.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
