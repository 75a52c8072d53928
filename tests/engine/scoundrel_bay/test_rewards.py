"""Appendix: Rewards and Punishments (engine/scoundrel_bay/rules/effects.py, rules/moves.py), each
reward taken from a card's sail reward as a player would, from a position built in the state."""
from __future__ import annotations

from engine.scoundrel_bay.effect import Effect
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.effects import suffer
from engine.scoundrel_bay.rules.final import tally
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, hand, options, top

DISTANCE = {"star": 1, "sun": 2, "moon": 3}


def sailing(card: str) -> State:
    """Seat 0 with `card` in hand, its ship on space 1, no monsters at sea."""
    s = game(3)
    s.monsters.clear()
    hand(s, 0, card, "red-21")
    return s


def take(s: State, card: str, which: str) -> State:
    """Sail with `card` as far as `which` reward allows, and take it."""
    return do(do(do(s, 0, f"sail {card}"), 0, f"sail {DISTANCE[which]}"), 0, f"take {which}")


def test_sb_reward_02_15_blue_12_cooks_food_at_the_production_level_and_pays_2_doubloons() -> None:
    s = sailing("blue-12")                                       # star: cook + 2 doubloons
    s.players[0].tools["food_production"] = 5
    s = take(s, "blue-12", "star")
    p = s.players[0]
    assert p.resources["food"] == 4 + 5 and p.doubloons == 6 + 2


def test_sb_reward_03_a_resource_reward_is_that_resource() -> None:
    s = take(sailing("blue-01"), "blue-01", "sun")               # sun: 2 rum
    p = s.players[0]
    assert p.resources == {"ring": 1, "map": 2, "rum": 3 + 2, "food": 4}


def test_sb_reward_06_16_reputation_with_its_bonus_and_an_unlock_tile_from_the_supply() -> None:
    s = sailing("blue-07")                                       # star: unlock + reputation
    supply = s.unlock_supply
    s = take(s, "blue-07", "star")
    p = s.players[0]
    assert s.reputation.space(0) == 1 and p.resources["food"] == 4 + 1   # space 1's bonus: a food
    assert p.unlocks == 1 + 1 and s.unlock_supply == supply - 1


def test_sb_reward_16_an_empty_supply_gives_no_unlock_tile() -> None:
    s = sailing("blue-07")
    s.unlock_supply = 0
    s = take(s, "blue-07", "star")
    assert s.players[0].unlocks == 1 and s.unlock_supply == 0 and s.reputation.space(0) == 1


def pirate_in(rid: str, swords: int, card: str = "black-02") -> State:
    """One of seat 0's pirates in `rid`; black-02's moon is 1 pirate move."""
    s = sailing(card)
    s.regions[rid].pirates = {0: 1}
    s.players[0].tools["sword"] = swords
    return take(s, card, "moon")


def test_sb_reward_08_09_a_pirate_move_goes_next_door_and_a_bridge_needs_5_swords() -> None:
    s = pirate_in("tarwick", 4)
    assert top(s).kind == "move"
    assert set(options(s, 0)) == {"move tarwick gullsand-beach", "move tarwick port-harleem", "done"}
    s = pirate_in("tarwick", 5)
    assert "move tarwick crows-hollow" in options(s, 0)          # over the bridge into the hideout
    s = do(s, 0, "move tarwick crows-hollow")
    assert s.regions["tarwick"].pirates == {0: 0} and s.regions["crows-hollow"].pirates == {0: 1}


def test_sb_reward_09_out_of_a_hideout_needs_5_swords_too() -> None:
    s = pirate_in("crows-hollow", 4)                             # both its links are bridges: no move
    assert top(s).kind == "card" and s.regions["crows-hollow"].pirates == {0: 1}
    s = pirate_in("crows-hollow", 5)
    assert set(options(s, 0)) == {"move crows-hollow gullsand-beach", "move crows-hollow tarwick", "done"}


def test_sb_reward_08_the_captain_may_make_the_move() -> None:
    s = sailing("black-02")
    s.players[0].captain_at, s.players[0].crew_space.captain = "tarwick", "away"
    s = take(s, "black-02", "moon")
    s = do(s, 0, "move captain tarwick port-harleem")
    assert s.players[0].captain_at == "port-harleem"


def test_sb_reward_10_a_pirate_move_is_no_invasion() -> None:
    """Into a harbor: no trading ship reward, no trade, no sword check; into a hideout: no maps."""
    s = pirate_in("tarwick", 1)
    before = s.players[0].model_copy(deep=True)
    s = do(s, 0, "move tarwick port-harleem")                    # its ship wants 3 swords
    p = s.players[0]
    assert s.regions["port-harleem"].pirates == {0: 1} and top(s).kind == "card"
    assert (p.resources, p.doubloons) == (before.resources, before.doubloons)
    s = pirate_in("tarwick", 5)
    s.players[0].resources["map"] = 0                            # Crow's Hollow asks 1 map of invaders
    s = do(s, 0, "move tarwick crows-hollow")
    assert s.regions["crows-hollow"].pirates == {0: 1} and s.players[0].resources["map"] == 0


def test_sb_reward_11_blind_recruitment_recruits_the_top_card_of_the_pirate_deck() -> None:
    s = sailing("blue-17")                                       # star: blind recruitment + 2 doubloons
    card = card_def(s.deck.pile[-1])
    s = take(s, "blue-17", "star")
    p = s.players[0]
    assert p.crew == {card.flag: [card.id]} and s.deck.pile[-1] != card.id
    assert p.crew_space.active == 4 + card.pirates and p.citizens == 23 - card.pirates
    assert sum(p.tools.values()) == 3 + 1 + 2 + 2 + len(card.tools) and p.doubloons == 6 + 2


def paid(doubloons: int) -> State:
    s = sailing("black-21")                                      # moon: paid blind recruitment (3 doubloons, 1 rum) + 2 doubloons
    s.players[0].doubloons = doubloons
    return take(s, "black-21", "moon")


def test_sb_reward_12_a_paid_blind_recruitment_costs_its_doubloons_and_rum() -> None:
    s = paid(6)
    assert top(s).kind == "price" and options(s, 0)[:2] == ["pay", "decline"]
    card = card_def(s.deck.pile[-1])
    s = do(s, 0, "pay")
    p = s.players[0]
    assert p.crew == {card.flag: [card.id]} and (p.doubloons, p.resources["rum"]) == (6 - 3 + 2, 3 - 1)


def test_sb_reward_01_12_the_paid_recruitment_may_be_declined_and_is_not_offered_unpaid() -> None:
    s = paid(6)
    deck = list(s.deck.pile)
    s = do(s, 0, "decline")
    p = s.players[0]
    assert p.crew == {} and (p.doubloons, p.resources["rum"]) == (6 + 2, 3) and s.deck.pile == deck
    s = paid(2)                                                  # 3 doubloons wanted, 2 held
    assert top(s).kind == "card" and s.players[0].crew == {} and s.players[0].doubloons == 2 + 2


def test_sb_reward_13_01_resources_sell_for_2_doubloons_each_as_often_as_wished() -> None:
    s = sailing("red-03")                                        # star: sell resources + 3 doubloons
    s.players[0].resources = {"ring": 0, "map": 2, "rum": 0, "food": 1}
    s = take(s, "red-03", "star")
    assert set(options(s, 0)) == {"sell map", "sell food", "done"}
    s = do(do(s, 0, "sell map"), 0, "sell map")
    assert options(s, 0) == ["sell food", "done"]
    s = do(s, 0, "done")                                         # the food is kept
    p = s.players[0]
    assert p.doubloons == 6 + 3 + 2 * 2 and p.resources == {"ring": 0, "map": 0, "rum": 0, "food": 1}


def test_sb_reward_01_a_pirate_move_may_be_declined() -> None:
    s = do(pirate_in("tarwick", 5), 0, "done")
    assert s.regions["tarwick"].pirates == {0: 1} and top(s).kind == "card"


def test_sb_punish_01_doubloons_are_paid_and_what_is_missing_is_a_debt() -> None:
    s = game(3)
    suffer(s, Effect(seat=0, suffer="doubloons", n=4), [])
    assert (s.players[0].doubloons, s.players[0].debt) == (2, 0)
    suffer(s, Effect(seat=0, suffer="doubloons", n=5), [])
    assert (s.players[0].doubloons, s.players[0].debt) == (0, 3)
    assert tally(s).debt[0] == 3                                 # lost as gold at final scoring
