"""Dead Reckoning — Achievements Overview, Achievements List and the Bonus Achievement tokens
(engine/dead_reckoning/rules/achievements.py). Each requirement is tested one short of its target
and at it; the claim rules on the owner's turn and on others'. Inventory IDs (DR-…) are those of
shared/rules/inventory/dead_reckoning.md."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.core.rng import Rng
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules import achievements
from engine.dead_reckoning.rules.achievements import (
    ORDER,
    Claim,
    Facts,
    Record,
    check,
    counts_for_legendary,
    deal_tokens,
    goal,
    keep_token,
    master_merchant,
    meets,
    starred,
    terror_credit,
    token_bonus,
)
from tests.engine.help_checks import copied, windows, words
from tests.shared_docs import shared_text


def steps(fact: str, values: list[int], players: int = 3, own_turn: bool = True,
          **more: int) -> list[achievements.Checked]:
    """Check a fresh record after each new value of one fact, carrying the record along."""
    record, out = Record(), []
    for v in values:
        r = check(record, Facts(**{fact: v}, **more), players, own_turn)
        out.append(r)
        record = r.record
    return out


def test_dr_ach_01_nine_achievements_with_coin_values() -> None:
    a = defs().achievements.achievements
    assert len(a) == 9 and tuple(a) == ORDER
    assert all(x.coins > 0 for x in a.values())
    assert {x for x in ORDER if starred(x)} == {"legendary", "expert_sailors", "terror_of_the_sea", "capitalist"}


def test_dr_ach_02_met_on_your_own_turn_places_a_marker_at_once() -> None:
    r = check(Record(), Facts(permanent_cubes=6), 3, own_turn=True)
    assert r.placed == ["settler"] and r.record.claims["settler"].marker and r.record.markers() == 1
    assert check(Record(), Facts(), 3, own_turn=True).placed == []


def test_dr_ach_03_several_players_may_hold_the_same_achievement() -> None:
    mine = check(Record(), Facts(chest=31), 2, own_turn=True)
    yours = check(Record(), Facts(chest=30), 2, own_turn=True)
    assert mine.placed == yours.placed == ["capitalist"]


def test_dr_ach_04_starred_met_off_turn_waits_and_is_placed_only_if_still_met() -> None:
    off = check(Record(), Facts(chest=30), 3, own_turn=False)
    assert off.placed == [] and off.record.claims["capitalist"] == Claim(waiting=True)
    start = check(off.record, Facts(chest=30), 3, own_turn=True)           # the owner's turn starts
    assert start.placed == ["capitalist"] and not start.record.claims["capitalist"].waiting
    spent = check(off.record, Facts(chest=25), 3, own_turn=False)          # paid out before then
    assert spent.record.claims["capitalist"] == Claim()
    assert check(spent.record, Facts(chest=25), 3, own_turn=True).placed == []


def test_dr_ach_05_12_a_placed_marker_stays_when_the_requirement_is_lost() -> None:
    """Builder: 5 Buildings at once on islands the player controls, then one island is lost."""
    r = steps("buildings", [4, 5, 3, 0])
    assert [x.placed for x in r] == [[], ["builder"], [], []]
    assert r[-1].record.claims["builder"].marker and r[-1].record.markers() == 1
    assert not meets("builder", Facts(buildings=4), 4) and meets("builder", Facts(buildings=5), 4)


def test_dr_ach_06_07_legendary_a_cube_a_win_then_the_marker_at_4() -> None:
    r = steps("ship_wins", [1, 2, 3, 4, 5])
    assert [x.record.claims["legendary"].cubes for x in r] == [1, 2, 3, 0, 0]
    assert [x.supply for x in r] == [-1, -1, -1, 3, 0]
    assert [x.placed for x in r] == [[], [], [], ["legendary"], []]
    assert goal("legendary", 2) == 4


def test_dr_ach_07_a_4th_win_on_another_turn_returns_the_cubes_and_the_marker_waits() -> None:
    r = steps("ship_wins", [1, 2, 3, 4], own_turn=False)
    assert r[-1].record.claims["legendary"] == Claim(waiting=True) and r[-1].supply == 3
    assert check(r[-1].record, Facts(ship_wins=4), 3, own_turn=True).placed == ["legendary"]


def test_dr_ach_08_wins_against_ships_and_merchants_count_buildings_never() -> None:
    assert counts_for_legendary("ship", True) and counts_for_legendary("merchant", True)
    assert not counts_for_legendary("building", True)       # attacking them or defending with them
    assert not counts_for_legendary("ship", False)


def test_dr_ach_09_expert_sailors_two_cubes_then_the_third_card_returns_them() -> None:
    r = steps("level_4_cards", [1, 2, 3], own_turn=False)
    assert [x.record.claims["expert_sailors"].cubes for x in r] == [1, 2, 0]
    assert [x.supply for x in r] == [-1, -1, 2]
    assert r[-1].record.claims["expert_sailors"].waiting
    assert check(r[-1].record, Facts(level_4_cards=3), 3, own_turn=True).placed == ["expert_sailors"]


def test_dr_ach_10_terror_of_the_sea_the_first_sinking_of_another_ship() -> None:
    r = steps("ships_sunk", [0, 1, 2])
    assert [x.placed for x in r] == [[], ["terror_of_the_sea"], []]
    assert r[-1].record.claims["terror_of_the_sea"].cubes == 0      # no progress cubes


def test_dr_ach_11_any_sinking_the_player_caused_counts() -> None:
    """Reading: battle, Garrison or card damage, credited to whoever takes the lost coins."""
    for cause in ("battle", "garrison", "card"):
        assert terror_credit("p2", "p1", cause) == "p1"
    assert terror_credit("p2", None, "card") is None
    assert terror_credit("p2", "p2", "battle") is None         # never one's own Ship


def test_dr_ach_13_capitalist_at_30_coins() -> None:
    assert not meets("capitalist", Facts(chest=29), 2) and meets("capitalist", Facts(chest=30), 2)
    assert [x.placed for x in steps("chest", [29, 30])] == [[], ["capitalist"]]


def test_capitalist_is_announced_once_when_reached() -> None:
    """DR-ACH-14's part at this level: reaching 30 is news for everyone, on any turn."""
    off = steps("chest", [29, 30, 32], own_turn=False)
    assert [x.announce for x in off] == [[], ["capitalist"], []]
    assert check(Record(), Facts(chest=30), 2, own_turn=True).announce == ["capitalist"]


def test_dr_ach_15_settler_at_6_permanent_cubes() -> None:
    assert [x.placed for x in steps("permanent_cubes", [5, 6])] == [[], ["settler"]]


def test_dr_ach_16_elite_vessel_at_the_4th_upgrade_covered_ones_included() -> None:
    """3 tiles showing and 1 covered under them make 4."""
    showing, covered = 3, 1
    assert [x.placed for x in steps("upgrades", [showing, showing + covered])] == [[], ["elite_vessel"]]


def test_dr_ach_17_18_explorer_targets_by_players_a_cube_each_board() -> None:
    assert [goal("explorer", n) for n in (2, 3, 4)] == [5, 4, 3]
    for players, target in ((2, 5), (3, 4), (4, 3)):
        r = steps("explored", list(range(1, target + 1)), players=players)
        assert [x.record.claims["explorer"].cubes for x in r] == [*range(1, target), 0]
        assert r[-2].placed == [] and r[-1].placed == ["explorer"] and r[-1].supply == target - 1


def test_dr_ach_19_explorer_cubes_go_back_once_the_target_is_out_of_reach() -> None:
    """4 players, target 3: 1 explored with 2 boards left can still make it; with 1 left it cannot."""
    r = check(Record(), Facts(explored=1, unexplored_left=2), 4, own_turn=True)
    assert r.record.claims["explorer"].cubes == 1
    r = check(r.record, Facts(explored=1, unexplored_left=1), 4, own_turn=False)
    assert r.record.claims["explorer"].cubes == 0 and r.supply == 1
    r = check(r.record, Facts(explored=2, unexplored_left=0), 4, own_turn=True)
    assert r.record.claims["explorer"].cubes == 0 and r.supply == 0 and r.placed == []


def test_dr_ach_21_unstarred_ones_are_claimed_only_on_your_own_turn() -> None:
    unstarred = [a for a in ORDER if not starred(a)]
    assert unstarred == ["builder", "settler", "elite_vessel", "explorer", "master_merchant"]
    facts = Facts(buildings=5, permanent_cubes=6, upgrades=4, explored=5, cargo_returned=12)
    off = check(Record(), facts, 2, own_turn=False)
    assert off.placed == [] and not any(c.waiting for c in off.record.claims.values())
    assert check(off.record, facts, 2, own_turn=True).placed == unstarred


def test_dr_ach_22_progress_cubes_come_from_the_players_supply_and_go_back() -> None:
    r = steps("ship_wins", [1, 2], level_4_cards=1, explored=1)
    assert r[0].supply == -3 and r[1].supply == -1                 # 3 cubes out, then 1 more
    back = check(r[1].record, Facts(ship_wins=4, level_4_cards=3, explored=4), 3, own_turn=True)
    assert back.supply == 2 + 1 + 1 and back.record.markers() == 3


def test_markers_run_out_at_6() -> None:
    every = Facts(ship_wins=4, level_4_cards=3, ships_sunk=1, buildings=5, chest=30,
                  permanent_cubes=6, upgrades=4, explored=3, cargo_returned=12)
    r = check(Record(), every, 4, own_turn=True)
    assert r.placed == list(ORDER[:6]) and r.record.markers() == defs().achievements.markers_per_player == 6


def test_master_merchant_payment_is_12_cargo_from_ship_and_dock() -> None:
    """DR-ACH-20 reading, its payment (the action itself belongs to the main phase)."""
    assert master_merchant(5, 9, 5) == (0, 2)
    assert master_merchant(12, 0, 12) == (0, 0) and master_merchant(0, 14, 0) == (0, 2)
    with pytest.raises(ValueError, match="12 cargo at once; you have 11"):
        master_merchant(6, 5, 6)
    with pytest.raises(ValueError, match="cannot pay 7 from your Ship"):
        master_merchant(6, 10, 7)
    with pytest.raises(ValueError, match="5 from your Dock"):
        master_merchant(8, 4, 7)
    assert not meets("master_merchant", Facts(cargo_returned=11), 2)
    assert meets("master_merchant", Facts(cargo_returned=12), 2)


def test_dr_bonus_03_nine_tokens_each_achievement_on_two() -> None:
    tokens = defs().achievements.tokens
    assert len(tokens) == 9
    assert Counter(a for t in tokens.values() for a in t.shows) == {a: 2 for a in ORDER}


def test_dr_bonus_02_two_coins_per_completed_achievement_on_the_kept_token() -> None:
    assert defs().achievements.tokens["bonus-1"].shows == ["legendary", "capitalist"]
    assert token_bonus("bonus-1", set()) == 0
    assert token_bonus("bonus-1", {"legendary", "settler"}) == 2
    assert token_bonus("bonus-1", {"legendary", "capitalist", "settler"}) == 4


def test_bonus_tokens_are_dealt_two_each_from_the_seeded_rng_and_one_is_kept() -> None:
    """DR-BONUS-01's dealing; the secret keep is a sealed choice of the engine."""
    dealt = deal_tokens(Rng(seed="t"), ["p1", "p2", "p3", "p4"])
    assert [len(v) for v in dealt.values()] == [2, 2, 2, 2]
    assert len({t for v in dealt.values() for t in v}) == 8
    assert dealt == deal_tokens(Rng(seed="t"), ["p1", "p2", "p3", "p4"])
    assert keep_token(dealt["p1"], dealt["p1"][1]) == dealt["p1"][1]
    with pytest.raises(ValueError, match="not one of your tokens"):
        keep_token(dealt["p1"], dealt["p2"][0])


def test_no_rulebook_sentence_is_copied() -> None:
    rulebook = windows(words(shared_text("rules", "dead_reckoning.txt")))
    for path in (Path(achievements.__file__), Path(__file__)):
        assert not copied(path.read_text(encoding="utf-8"), rulebook), path.name
