"""Around a naval combat (engine/merchants_marauders/rules/aftermath.py): the attack's bounty (base
reconstruction 6.2 and 7.3), long guns (5), plunder from a navy ship, the pirate NPC reward, the
captured ship's crew and the NPC's repair (6.3), and the pirate hunter's reward (7.1)."""
from __future__ import annotations

from engine.core.rng import Rng
from engine.merchants_marauders.rules.aftermath import (
    BOUNTY_REWARD,
    NAVY_PLUNDER_DRAW,
    attack_bounty,
    bounty_reward,
    long_guns_hits,
    navy_plunder,
    npc_after_fight,
    pirate_npc_reward,
    prize_points,
)
from engine.merchants_marauders.rules.cargo import CargoCard
from engine.merchants_marauders.rules.hits import ignite
from tests.engine.merchants_marauders.test_combat import ship

CARDS = (CargoCard(id="rum-1", good="rum", plunder=4), CargoCard(id="sugar-2", good="sugar", plunder=2),
         CargoCard(id="spices-3", good="spices", plunder=6))


def test_6_2_attacking_a_navy_ship_costs_a_bounty_of_its_nation() -> None:
    assert attack_bounty("navy", "spain", opponent_is_pirate=False) == "spain"


def test_7_3_attacking_a_navy_at_war_with_your_nation_costs_nothing() -> None:
    assert attack_bounty("navy", "spain", opponent_is_pirate=False, at_war=True) is None


def test_6_2_attacking_an_honest_player_costs_a_bounty_of_their_captains_nation() -> None:
    assert attack_bounty("player", "france", opponent_is_pirate=False) == "france"


def test_6_2_attacking_a_pirate_player_or_npc_costs_nothing() -> None:
    assert attack_bounty("player", "france", opponent_is_pirate=True) is None
    assert attack_bounty("pirate_npc", None, opponent_is_pirate=True) is None


def test_5_long_guns_hit_once_on_a_skull() -> None:
    assert long_guns_hits("skull") == 1
    assert [long_guns_hits(f) for f in (1, 2, 3, 4)] == [0, 0, 0, 0]


def test_6_3_a_navy_victor_gains_all_three_cards_plunder_and_loses_one_card_per_cargo_hit() -> None:
    assert len(CARDS) == NAVY_PLUNDER_DRAW == 3
    none_lost = navy_plunder(CARDS, cargo_hits=0, rng=Rng(seed="x"))
    assert none_lost.gold == 12 and none_lost.cards == CARDS
    two_lost = navy_plunder(CARDS, cargo_hits=2, rng=Rng(seed="x"))
    assert two_lost.gold == 12 and len(two_lost.cards) == 1 and set(two_lost.cards) <= set(CARDS)
    assert navy_plunder(CARDS, cargo_hits=5, rng=Rng(seed="x")).cards == ()


def test_6_3_the_cards_lost_are_drawn_at_random_and_replay_from_the_seed() -> None:
    kept = {navy_plunder(CARDS, cargo_hits=2, rng=Rng(seed=str(s))).cards for s in range(30)}
    assert len(kept) == 3                                              # each card can be the survivor
    assert navy_plunder(CARDS, 1, Rng(seed="a")) == navy_plunder(CARDS, 1, Rng(seed="a"))


def test_6_3_a_non_pirate_is_paid_5_for_a_pirate_sloop_and_15_for_a_frigate() -> None:
    assert pirate_npc_reward("sloop", victor_is_pirate=False) == 5
    assert pirate_npc_reward("frigate", victor_is_pirate=False) == 15
    assert pirate_npc_reward("frigate", victor_is_pirate=True) == 0
    assert (pirate_npc_reward("brig", False), pirate_npc_reward("man_o_war", False)) == (10, 20)   # the expansion's


def test_7_1_beating_a_pirate_player_pays_5_a_bounty_token() -> None:
    assert BOUNTY_REWARD == 5
    assert bounty_reward({"spain": 2, "england": 1}, {}) == 15
    assert bounty_reward({}, {}) == 0


def test_7_1_no_reward_for_tokens_of_a_nation_at_war_with_the_winner() -> None:
    assert bounty_reward({"spain": 2, "england": 1}, {}, winner_enemies={"spain"}) == 5


def test_7_1_a_pirate_winner_is_paid_nothing() -> None:
    assert bounty_reward({"spain": 2}, {"england": 1}) == 0
    assert bounty_reward({"spain": 2}, {"england": 0}) == 10         # a zero count is no bounty


def test_6_3_a_prize_keeps_its_damage_and_takes_the_survivors_up_to_its_crew_value() -> None:
    prize = ship(hull=1, masts=2, crew=0).points
    assert prize_points(prize, prize_crew_value=3, surviving_crew=2) == {**prize, "crew": 2}
    assert prize_points(prize, prize_crew_value=3, surviving_crew=5)["crew"] == 3
    assert prize_points(prize, prize_crew_value=3, surviving_crew=5)["hull"] == 1


def test_6_3_an_npc_repairs_everything_after_the_fight() -> None:
    full = ship().points
    after = npc_after_fight(ignite(ship(hull=1, masts=0, npc=True)), full)
    assert after.points == full and not after.burning and after.npc
