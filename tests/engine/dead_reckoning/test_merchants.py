"""Merchant ships' hidden backs (rules/merchants.py): dealt at random to each row's Merchant fronts
at setup and kept secret, so reading the data files does not tell what a ship on the board will
do; the back a raid meets is the one dealt."""
from __future__ import annotations

from engine.core import Rng
from engine.dead_reckoning import GAME
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.merchants import back_of, deal_backs
from tests.engine.dead_reckoning.scenario_helpers import game, main_seat, step


def merchants(row: int) -> list[str]:
    return sorted(c.id for c in defs().advancements.deck(row) if c.kind == "merchant")


def test_each_rows_backs_are_dealt_among_its_own_merchants() -> None:
    dealt = deal_backs(Rng(seed="backs"), [1, 2, 3, 4])
    for row in (1, 2, 3, 4):
        fronts = merchants(row)
        assert sorted(dealt[c] for c in fronts) == fronts     # a permutation of the row's backs
    assert set(dealt) == {c for row in (1, 2, 3, 4) for c in merchants(row)}


def test_the_deal_is_random_by_seed_and_the_same_for_the_same_seed() -> None:
    deals = [deal_backs(Rng(seed=f"backs-{i}"), [1]) for i in range(6)]
    assert deal_backs(Rng(seed="backs-0"), [1]) == deals[0]
    assert len({tuple(sorted(d.items())) for d in deals}) > 1
    assert any(front != back for d in deals for front, back in d.items())   # not every ship its own back


def test_a_raid_meets_the_back_this_game_dealt_and_shows_it_to_everyone() -> None:
    s = game(2, seed="raid-backs")
    seat = main_seat(s)
    fronts = merchants(1)
    by_cubes: dict[int, str] = {}
    for c in fronts:
        by_cubes.setdefault(defs().advancements.cards[c].back.cubes, c)   # type: ignore[union-attr]
    (few, a), (many, b) = sorted(by_cubes.items())[0], sorted(by_cubes.items())[-1]
    assert few != many
    s.grid["c1"].card = a
    s.merchant_backs[a] = b                       # ship a carries ship b's back this game
    s.players[seat].ship.at = "c1"
    assert GAME.view(s, 1 - seat) == GAME.view(s.model_copy(update={"merchant_backs": {a: a}}), 1 - seat)
    t = step(s, seat, "raid")
    assert t.reveals and a in t.state.backs_seen and back_of(t.state, a).cubes == many
    said = [e.text for e in t.events if e.visible_to is None]
    assert any(f"{many} cubes" in line for line in said), said     # the back, told to everyone
