"""The Pirate Ring through play: a ring pays for one missing food (the market), rum (buying
from the display) or map; the named resource is spent first, and one more than resource and
rings together is refused and changes nothing."""
from __future__ import annotations

import pytest

from engine.core import IllegalActionError
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, options
from tests.engine.scoundrel_bay.test_add_card import at_card_step, buys
from tests.engine.scoundrel_bay.test_harbor import MATCHING, at_harbor


def in_cabyss(food: int, rings: int) -> State:
    """Seat 0 lands 3 pirates in Cabyss (4 swords: it must deliver; the market is open)."""
    s = at_harbor("yellow", 6, 2, 4, [MATCHING], food=food)
    s.players[0].resources["ring"] = rings
    return do(s, 0, "land cabyss 3")


def test_sb_harbor_18_over_09_a_ring_pays_for_the_missing_market_food() -> None:
    """Cabyss's first option costs 1 food (a sword); its second 3 food."""
    s = in_cabyss(food=0, rings=0)
    assert not any(o.startswith("trade") for o in options(s, 0))
    s = in_cabyss(food=0, rings=1)
    assert "trade 1" in options(s, 0) and "trade 2" not in options(s, 0)
    sword = s.players[0].tools["sword"]
    s = do(s, 0, "trade 1")
    assert s.players[0].resources["ring"] == 0 and s.players[0].tools["sword"] == sword + 1
    s = in_cabyss(food=2, rings=1)
    assert "trade 2" in options(s, 0)                            # 2 food and a ring make 3
    s = do(s, 0, "trade 2")
    assert (s.players[0].resources["food"], s.players[0].resources["ring"]) == (0, 0)


def test_sb_harbor_18_over_09_the_market_spends_food_before_a_ring() -> None:
    s = do(in_cabyss(food=1, rings=1), 0, "trade 1")
    assert (s.players[0].resources["food"], s.players[0].resources["ring"]) == (0, 1)


def test_sb_buy_04_over_09_rings_make_up_the_rum_of_a_display_slot() -> None:
    assert buys(at_card_step(rum=1, ring=0)) == ["buy 1", "buy 2", "buy 3"]
    assert buys(at_card_step(rum=1, ring=1)) == ["buy 1", "buy 2", "buy 3", "buy 4", "buy 5"]
    s = at_card_step(rum=1, ring=1)
    card = s.display[4]
    s = do(s, 0, "buy 5")                                        # 2 rum: 1 rum and 1 ring
    assert card in s.players[0].hand and s.players[0].resources == {"ring": 0, "map": 0, "rum": 0, "food": 0}
    s = do(at_card_step(rum=2, ring=1), 0, "buy 5")
    assert s.players[0].resources["ring"] == 1                   # rum first: the ring is kept


def test_sb_over_09_one_more_than_rum_and_rings_together_is_refused_through_play() -> None:
    s = at_card_step(rum=0, ring=1)
    assert buys(s) == ["buy 1", "buy 2", "buy 3"]
    before = s.model_dump()
    with pytest.raises(IllegalActionError):
        do(s, 0, "buy 4")
    assert s.model_dump() == before
