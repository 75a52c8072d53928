"""Glory, the stash and victory, Variant 3 and captain death (engine/merchants_marauders/rules/glory.py),
from the base reconstruction's sections 4 (Stash), 5 (Captain death), 7.4 and 7.5, and Variant 3's
worked costs: 50 stashed gold buys 3 glory (10 + 15 + 20), 5 glory need 100."""
from __future__ import annotations

import pytest

from engine.core.errors import IllegalActionError
from engine.merchants_marauders.rules import glory
from engine.merchants_marauders.rules.glory import Holdings, Standing


# ---- Glory sources and glory cards ----
def test_every_glory_point_draws_a_glory_card_except_the_stashs() -> None:
    for source in ("victory", "demand_sale", "rich_raid", "mission", "rumour", "ship"):
        assert glory.draws_glory_cards(source)
    assert not glory.draws_glory_cards("stash")
    d = glory.draw_glory_cards([], ["g1", "g2", "g3"], 2, "mission")
    assert (d.hand, d.deck, d.over_limit) == (["g1", "g2"], ["g3"], 0)
    assert glory.draw_glory_cards([], ["g1"], 1, "stash").hand == []
    assert glory.draw_glory_cards([], ["g1"], 2, "victory").hand == ["g1"]     # the deck ran out


def test_a_frigate_or_galleon_bought_earns_1_glory_once_per_captain() -> None:
    assert glory.ship_glory("frigate", earned_by_this_captain=False) == 1
    assert glory.ship_glory("galleon", earned_by_this_captain=False) == 1
    assert glory.ship_glory("galleon", earned_by_this_captain=True) == 0
    assert glory.ship_glory("sloop", earned_by_this_captain=False) == 0


def test_mm_m5_03_buying_a_brig_earns_no_glory() -> None:
    assert glory.ship_glory("brig", earned_by_this_captain=False) == 0


def test_the_glory_hand_limit_is_4_and_the_captain_discards_the_excess() -> None:
    at_limit = glory.draw_glory_cards(["a", "b", "c"], ["d", "e"], 1, "rumour")
    assert at_limit.over_limit == 0
    over = glory.draw_glory_cards(["a", "b", "c"], ["d", "e"], 2, "rumour")
    assert over.over_limit == 1
    assert glory.discard_to_limit(over.hand, ["b"]) == ["a", "c", "d", "e"]
    with pytest.raises(IllegalActionError, match="discard 1"):
        glory.discard_to_limit(over.hand, [])
    with pytest.raises(IllegalActionError, match="discard 1"):
        glory.discard_to_limit(over.hand, ["a", "b"])
    with pytest.raises(IllegalActionError, match="from your hand"):
        glory.discard_to_limit(over.hand, ["z"])


# ---- The stash ----
def test_stash_gold_moves_into_the_chest_only_in_the_home_port() -> None:
    assert glory.stash(gold=25, stashed=10, amount=20, in_port="havana", home_port="havana") == (5, 30)
    assert glory.stash(gold=25, stashed=0, amount=25, in_port="havana", home_port="havana") == (0, 25)
    with pytest.raises(IllegalActionError, match="home port"):
        glory.stash(gold=25, stashed=0, amount=5, in_port="nassau", home_port="havana")
    with pytest.raises(IllegalActionError, match="home port"):
        glory.stash(gold=25, stashed=0, amount=5, in_port=None, home_port="havana")      # at sea
    with pytest.raises(IllegalActionError, match="cannot stash 26"):
        glory.stash(gold=25, stashed=0, amount=26, in_port="havana", home_port="havana")
    with pytest.raises(IllegalActionError, match="at least 1"):
        glory.stash(gold=25, stashed=0, amount=0, in_port="havana", home_port="havana")
    with pytest.raises(IllegalActionError, match="at least 1"):                      # no withdrawal
        glory.stash(gold=25, stashed=30, amount=-10, in_port="havana", home_port="havana")


def test_every_10_gold_stashed_is_1_glory_up_to_5() -> None:
    assert [glory.stash_glory(g) for g in (0, 9, 10, 19, 20, 49, 50, 51, 100)] == [0, 0, 1, 1, 2, 4, 5, 5, 5]


def test_mm_v3_01_each_stash_point_costs_5_more_than_the_one_before() -> None:
    costs = [glory.stash_points_cost(p, True) - glory.stash_points_cost(p - 1, True) for p in range(1, 6)]
    assert all(b - a == 5 for a, b in zip(costs, costs[1:], strict=False))


def test_mm_v3_02_to_06_the_points_cost_10_15_20_25_and_30() -> None:
    costs = [glory.stash_points_cost(p, True) - glory.stash_points_cost(p - 1, True) for p in range(1, 6)]
    assert costs == [10, 15, 20, 25, 30]
    for p, need in enumerate((10, 25, 45, 70, 100), start=1):
        assert glory.stash_glory(need, True) == p
        assert glory.stash_glory(need - 1, True) == p - 1


def test_mm_v3_07_50_stashed_gold_gives_5_glory_normally_but_3_here() -> None:
    assert glory.stash_glory(50) == 5
    assert glory.stash_glory(50, glory_or_death=True) == 3
    assert glory.stash_points_cost(3, True) == 10 + 15 + 20


def test_mm_v3_08_five_stash_points_need_100_gold() -> None:
    assert glory.stash_points_cost(5, True) == 100
    assert glory.stash_glory(99, True) == 4
    assert glory.stash_glory(100, True) == 5


def test_mm_v3_09_no_sixth_point_and_leftover_gold_stays_for_the_tie_break() -> None:
    assert glory.stash_glory(500, True) == 5
    with pytest.raises(ValueError, match="0 to 5"):
        glory.stash_points_cost(6, True)
    # 50 stashed buys 3 points for 45; the 5 left over still count as gold when glory is level
    a, b = Standing(seat=0, glory=5, stash=50), Standing(seat=1, glory=8, stash=0, gold=49)
    assert glory.total_glory(a, True) == glory.total_glory(b, True) == 8
    assert glory.ranking([a, b], glory_or_death=True) == [[0], [1]]


def test_mm_v3_10_hoarded_gold_buys_glory_ever_more_dearly() -> None:
    per_point = [glory.stash_points_cost(p, True) / p for p in range(1, 6)]
    assert per_point == sorted(per_point) and per_point[0] < per_point[-1]
    assert all(glory.stash_points_cost(p, True) >= glory.stash_points_cost(p) for p in range(6))


# ---- Victory ----
def test_victory_at_10_glory_counting_the_track_and_the_stash() -> None:
    nine = [Standing(seat=0, glory=8, stash=19)]
    ten = [Standing(seat=0, glory=8, stash=20)]
    assert not glory.game_over(nine, end_of_round=True)
    assert glory.game_over(ten, end_of_round=True)
    assert glory.game_over([Standing(seat=0, glory=10)], end_of_round=True)


def test_by_default_the_round_is_finished_and_immediate_ends_at_once() -> None:
    ten = [Standing(seat=0, glory=10), Standing(seat=1, glory=3)]
    assert not glory.game_over(ten, end_of_round=False)
    assert glory.game_over(ten, end_of_round=True)
    assert glory.game_over(ten, mode="immediate", end_of_round=False)
    assert not glory.game_over([Standing(seat=0, glory=9)], mode="immediate")


def test_the_ranking_is_by_total_glory_then_gold_then_fewer_bounties_then_shared() -> None:
    by_glory = [Standing(seat=0, glory=10), Standing(seat=1, glory=9, stash=20, gold=30)]
    assert glory.ranking(by_glory) == [[1], [0]]                        # 9 + 2 from the stash
    by_gold = [Standing(seat=0, glory=10, gold=5), Standing(seat=1, glory=10, gold=3, stash=3)]
    assert glory.ranking(by_gold) == [[1], [0]]                          # 6 gold against 5
    by_bounties = [Standing(seat=0, glory=10, gold=5, bounties=2), Standing(seat=1, glory=10, gold=5, bounties=1)]
    assert glory.winners(by_bounties) == [1]
    shared = [Standing(seat=0, glory=10, gold=5, bounties=1), Standing(seat=1, glory=10, gold=5, bounties=1),
              Standing(seat=2, glory=4)]
    assert glory.ranking(shared) == [[0, 1], [2]]
    assert glory.winners(shared) == [0, 1]


# ---- Captain death and the new captain ----
def dead_mans_holdings() -> Holdings:
    return Holdings(home_port="port_royal", ship="frigate", glory=6, stash=25, gold=14, glory_cards=["g1"],
                    specialists=["s1"], rumour="r1", mission="m1", cargo=["c1", "c2"], weapons=["grapeshot"],
                    modifications=["hammocks"], bounties=["spain"], ship_glory_earned=True)


def test_captain_death_keeps_glory_and_the_stash_and_loses_the_rest() -> None:
    d = glory.captain_death(dead_mans_holdings())
    assert d.kept == Holdings(home_port="port_royal", glory=6, stash=25)
    assert d.to_ports == ["hammocks"]
    lost = d.lost
    assert (lost.ship, lost.gold, lost.glory_cards, lost.specialists) == ("frigate", 14, ["g1"], ["s1"])
    assert (lost.rumour, lost.mission, lost.cargo, lost.weapons, lost.bounties) == ("r1", "m1", ["c1", "c2"], ["grapeshot"], ["spain"])
    for name in glory.LOST_ON_DEATH:
        assert getattr(d.kept, name) == Holdings.model_fields[name].default
    for name in glory.KEPT_ON_DEATH:
        assert getattr(d.kept, name) == getattr(dead_mans_holdings(), name)


def test_the_new_captain_takes_10_gold_from_the_stash_first_and_the_bank_tops_up() -> None:
    assert glory.starting_gold(0) == (10, 0)             # an empty stash: all from the bank
    assert glory.starting_gold(4) == (10, 0)             # 4 from the stash, 6 from the bank
    assert glory.starting_gold(10) == (10, 0)
    assert glory.starting_gold(25) == (10, 15)


def test_the_new_captain_starts_in_a_sloop_or_flute_at_the_new_home_port() -> None:
    kept = glory.captain_death(dead_mans_holdings()).kept
    h = glory.new_captain(kept, home_port="tortuga", ship="flute", glory_cards=["g9"])
    assert (h.home_port, h.ship, h.gold, h.stash, h.glory, h.glory_cards) == ("tortuga", "flute", 10, 15, 6, ["g9"])
    assert not h.ship_glory_earned                       # the new captain may earn the ship glory again
    with pytest.raises(IllegalActionError, match="sloop or a flute"):
        glory.new_captain(kept, home_port="tortuga", ship="frigate", glory_cards=["g9"])


def test_a_new_captain_may_be_redrawn_with_a_pirate_npc_at_its_home() -> None:
    assert glory.may_redraw_captain("tortuga", ["tortuga", "nassau"])
    assert not glory.may_redraw_captain("tortuga", ["nassau"])
