"""The Captain Powers variant through play: the draft, each of the six abilities, and the tile
flipped and scored when the captain invades (rules/captains.py, data/scoundrel_bay/captains.toml)."""
from __future__ import annotations

import pytest

from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.captains import ability
from engine.scoundrel_bay.rules.cards import card_def
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import State
from tests.engine.scoundrel_bay.scenario_helpers import (
    cards_of,
    do,
    force_die,
    game,
    hand,
    options,
    put_monster,
    top,
    waiting,
)
from tests.engine.scoundrel_bay.test_end import at_final
from tests.engine.scoundrel_bay.test_stage import draft, end_turn, sail_past, turn_to

BACKS = {"rumwhistle": "crew_pirate_symbol", "beastbane": "reputation_gained", "barrelbeard": "pirate_on_board",
         "goldtongue": "harbor_occupied", "shivsmile": "sword_and_gun_level", "old-salty": "hideout_occupied"}


def ship_gain(region: str, what: str) -> int:
    ship = defs().board.regions[region].ship
    assert ship is not None
    return sum(r.n for r in ship.rewards if r.gain == what)


def cgame(tile: str, seat: int = 0, players: int = 3) -> State:
    s = draft(game(players, captain_powers=True), {seat: tile})
    turn_to(s, seat)
    return s


def invade(s: State, seat: int, region: str, landing: str) -> State:
    """`seat` invades `region` (its ship moved beside it, a card of its flag in hand)."""
    r = defs().board.regions[region]
    p = s.players[seat]
    p.ship = r.seas[0]
    card = cards_of(r.flag)[0]
    hand(s, seat, card)
    p.last_action = None
    turn_to(s, seat)
    s = do(s, seat, f"invade {card}")
    assert landing in options(s, seat), options(s, seat)
    return do(s, seat, landing)


# ---- setup: the draft ------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "boards", "picks"),
                         [(3, [1, 2, 3], [2, 1, 0]), (3, [2, 1, 3], [0, 2, 1]), (4, [1, 2, 3, 4], [3, 2, 1, 0]),
                          (2, [1, 2], [1, 0])])
def test_sb_cpow_01_02_03_one_tile_more_than_players_drafted_counter_clockwise(players: int, boards: list[int], picks: list[int]) -> None:
    s = game(players, boards=boards, captain_powers=True)
    assert isinstance(top(s), P.CaptainPrompt) and len(top(s).tiles) == players + 1
    shown = list(top(s).tiles)
    order = []
    for _ in range(players):
        seat = waiting(s)[0]
        order.append(seat)
        s = do(s, seat, options(s, seat)[-1])
    assert order == picks                       # right of the first player, then counter-clockwise
    taken = [p.captain_tile for p in s.players]
    assert len(set(taken)) == players and set(taken) < set(shown)
    assert len(set(shown) - set(taken)) == 1                    # the last one goes back to the box
    assert isinstance(top(s), P.ActionPrompt) and waiting(s) == (s.order[0],)


def test_sb_cpow_01_no_draft_without_the_variant() -> None:
    s = game(3)
    assert isinstance(top(s), P.ActionPrompt) and all(p.captain_tile is None for p in s.players)


# ---- the tile and the captain -------------------------------------------------------------

def test_sb_cpow_04_the_power_works_aboard_active_or_sick_and_not_ashore() -> None:
    s = cgame("barrelbeard")
    s.players[0].resources["map"] = 2
    assert any(o.startswith("place ") for o in options(s, 0))
    s.players[0].crew_space.captain = "sick"
    assert ability(s, 0, "map-landing") and any(o.startswith("place ") for o in options(s, 0))
    s.players[0].crew_space.captain, s.players[0].captain_at = "away", "tarwick"
    assert not ability(s, 0, "map-landing") and not any(o.startswith("place ") for o in options(s, 0))


def test_sb_cpow_05_24_invading_captain_flips_the_tile_and_scores_pirates_on_the_board() -> None:
    s = cgame("barrelbeard")
    s.regions["cabyss"].pirates[0] = 3
    money = s.players[0].doubloons
    s = invade(s, 0, "tarwick", "land tarwick 1 +captain")
    p = s.players[0]
    assert p.captain_flipped and p.captain_at == "tarwick"
    assert p.doubloons == money + 3 + 1                 # 3 in Cabyss, 1 just landed; the captain not
    assert not ability(s, 0, "map-landing")


def test_sb_cpow_05_invading_without_the_captain_keeps_the_tile() -> None:
    s = cgame("barrelbeard")
    money = s.players[0].doubloons
    s = invade(s, 0, "tarwick", "land tarwick 1")
    assert not s.players[0].captain_flipped and s.players[0].doubloons == money


def test_sb_cpow_06_a_captain_that_never_invades_never_scores() -> None:
    s = cgame("shivsmile")
    s = at_final(s)
    assert s.final is not None and not s.players[0].captain_flipped
    assert s.final[0]["doubloons"] == s.players[0].doubloons


def test_sb_cpow_07_a_captain_placed_by_barrelbeard_loses_the_power_without_scoring() -> None:
    """Reading: only an INVADE flips and scores the tile; otherwise the ability is just lost."""
    s = cgame("barrelbeard")
    s.players[0].resources["map"] = 1
    s.regions["cabyss"].pirates[0] = 3
    money = s.players[0].doubloons
    s = do(s, 0, "place captain port-harleem")
    p = s.players[0]
    assert p.captain_at == "port-harleem" and p.captain_flipped and p.doubloons == money
    assert not ability(s, 0, "map-landing")


# ---- the six abilities ---------------------------------------------------------------------

def test_sb_cpow_08_rumwhistle_1_rum_blind_recruits_tools_only() -> None:
    s = cgame("rumwhistle")
    p = s.players[0]
    p.resources["rum"] = 1
    top_card = s.deck.pile[-1]
    start = next(c for c in p.hand if c.startswith("start"))
    active, want = p.crew_space.active + min(card_def(start).pirates, p.citizens), dict(p.tools)
    for t in [*card_def(start).tools, *card_def(top_card).tools]:
        want[t] = min(want[t] + 1, getattr(defs().player_boards.tracks, t).high)
    s = do(s, 0, f"recruit {start}")
    assert isinstance(top(s), P.PricePrompt) and options(s, 0)[:2] == ["pay", "decline"]
    s = do(s, 0, "pay")
    p = s.players[0]
    assert p.resources["rum"] == 0 and p.crew_space.active == active          # no pirates from it
    assert p.tools == want and top_card in p.crew[card_def(top_card).flag]


def test_sb_cpow_08_rumwhistle_without_rum_no_offer() -> None:
    s = cgame("rumwhistle")
    s.players[0].resources.update(rum=0, ring=0)
    start = next(c for c in s.players[0].hand if c.startswith("start"))
    s = do(s, 0, f"recruit {start}")
    assert not isinstance(top(s), P.PricePrompt)


def beastbane_game(sword: int) -> State:
    s = cgame("beastbane")
    p = s.players[0]
    p.tools["sword"] = sword
    p.ship = 1
    monster = sorted(m.id for m in defs().monsters.monsters.values() if m.type == "kraken")[0]
    put_monster(s, 2, monster)
    force_die(s, "miss")
    s = do(do(s, 0, f"sail {p.hand[0]}"), 0, "sail 1")
    return do(s, 0, "no reward")


def test_sb_cpow_09_10_beastbane_one_sword_slays_any_monster_2_reputation_1_damage() -> None:
    """Reading (SB-CPOW-10): the slain monster is kept as conquered."""
    s = beastbane_game(3)
    assert isinstance(top(s), P.ShootPrompt) and options(s, 0) == ["shoot", "beastbane"]
    p = s.players[0]
    before = (dict(p.resources), p.doubloons, p.ship_damage, s.reputation.space(0))
    s = do(s, 0, "beastbane")
    p = s.players[0]
    assert p.tools["sword"] == 2 and p.monsters and 2 not in s.monsters
    assert p.ship_damage == before[2] + 1 and s.reputation.space(0) == before[3] + 2
    assert isinstance(top(s), P.CardPrompt)


def test_sb_cpow_11_beastbane_at_sword_1_cannot_be_used() -> None:
    s = beastbane_game(1)
    assert not isinstance(top(s), P.ShootPrompt)
    s2 = beastbane_game(2)
    assert isinstance(top(s2), P.ShootPrompt)
    s2 = do(s2, 0, "beastbane")
    assert s2.players[0].tools["sword"] == 1


def test_sb_cpow_12_13_14_barrelbeard_lands_anywhere_beside_the_ship_no_action_no_reward() -> None:
    """Reading (SB-CPOW-13): the 1 map of the power replaces the hideout's own map cost."""
    s = cgame("barrelbeard")
    p = s.players[0]
    p.ship = 4                                    # beside Gullsand Beach and Crow's Hollow
    p.tools["sword"] = 1
    p.resources.update(map=2, ring=0)
    money, food = p.doubloons, p.resources["food"]
    assert "place crows-hollow" in options(s, 0)  # a black hideout: no flag, 1 sword < 4
    s = do(s, 0, "place crows-hollow")
    assert s.regions["crows-hollow"].pirates[0] == 1 and s.players[0].resources["map"] == 1
    assert isinstance(top(s), P.ActionPrompt)     # no invasion action opened
    s = do(s, 0, "place gullsand-beach")          # again, as often as the maps allow
    assert not isinstance(top(s), P.DigPrompt) and s.players[0].resources["map"] == 0
    assert not any(o.startswith("place ") for o in options(s, 0))
    s2 = cgame("barrelbeard")
    s2.players[0].resources.update(map=1, ring=0)
    s2.players[0].ship = 1
    s2 = do(s2, 0, "place port-harleem")           # a harbor: no trading-ship reward
    assert s2.players[0].doubloons == money and s2.players[0].resources["food"] == food
    assert s2.regions["port-harleem"].pirates[0] == 1


def test_sb_cpow_12_barrelbeard_only_on_your_own_turn() -> None:
    s = cgame("barrelbeard", seat=1)
    s.players[1].resources["map"] = 2
    turn_to(s, 0)
    assert options(s, 1) == []
    s.reefs_passed = [1]
    s = end_turn(sail_past(s, 0, 2, "too-good-to-be-true"), 0)
    assert isinstance(top(s), P.ExchangePrompt) and not any(o.startswith("place ") for o in options(s, 1))


def goldtongue_move(tile: str) -> State:
    s = cgame(tile)
    s.regions["tarwick"].pirates[0] = 1
    s.players[0].resources.update(food=0, ring=0)
    s.reefs_passed = [1]
    s = end_turn(sail_past(s, 0, 2, "scoundrels-on-the-move"), 0)
    s.players[0].resources.update(food=0, ring=0)
    return do(s, 0, "move tarwick port-harleem")


def test_sb_cpow_15_16_goldtongue_a_move_into_a_harbor_trades_1_food_cheaper() -> None:
    s = goldtongue_move("goldtongue")
    assert isinstance(top(s), P.MarketPrompt)
    assert options(s, 0) == ["trade 1", "decline"]           # the 1-food sword, for nothing
    sword = s.players[0].tools["sword"]
    s = do(s, 0, "trade 1")
    assert s.players[0].resources["food"] == 0
    assert isinstance(top(s), P.MovePrompt)                  # the second move of the event
    s = do(s, 0, "done")
    assert s.players[0].tools["sword"] == sword + 1
    s2 = goldtongue_move("shivsmile")
    assert not isinstance(top(s2), P.MarketPrompt)


def test_sb_cpow_15_goldtongue_not_when_invading() -> None:
    """Invading Cabyss (whose ship gives no food) with 2 food: its market at full price, so the
    3-food trade a discount would open stays shut."""
    s = cgame("goldtongue")
    s.players[0].tools["sword"] = 5
    s.players[0].resources.update(food=2, ring=0)
    assert ship_gain("cabyss", "food") == 0
    s = invade(s, 0, "cabyss", "land cabyss 1")
    assert isinstance(top(s), P.HarborPrompt)
    assert "trade 1" in options(s, 0) and "trade 2" not in options(s, 0)
    s = do(s, 0, "trade 1")
    assert s.players[0].resources["food"] == 1


@pytest.mark.parametrize("tile", ["shivsmile", "goldtongue"])
def test_sb_cpow_17_shivsmile_a_delivered_crate_also_gives_its_contents(tile: str) -> None:
    crate = next(c.id for c in sorted(defs().crates.crates.values(), key=lambda c: c.id) if c.letter == "P" and c.pirates == 1)
    contents = defs().crates.crates[crate].contents
    assert [r.gain for r in contents] == ["rum", "shield"]
    s = cgame(tile)
    s.players[0].undelivered = [crate]
    s.players[0].tools["sword"] = 1
    rum, shield, money = s.players[0].resources["rum"], s.players[0].tools["shield"], s.players[0].doubloons
    s = invade(s, 0, "port-harleem", "land port-harleem 1")
    s = do(s, 0, f"deliver {crate}")
    s = do(s, 0, "done")
    p = s.players[0]
    extra = 1 if tile == "shivsmile" else 0
    assert (p.resources["rum"], p.tools["shield"]) == (rum + extra, shield + extra)
    ship = ship_gain("port-harleem", "doubloons")
    assert p.doubloons == money + defs().crates.crates[crate].doubloons + ship


@pytest.mark.parametrize(("tile", "swords", "open_"), [("old-salty", 3, True), ("old-salty", 2, False), ("shivsmile", 3, False), ("shivsmile", 4, True)])
def test_sb_cpow_18_old_salty_hideouts_need_1_sword_less(tile: str, swords: int, open_: bool) -> None:
    s = cgame(tile)
    p = s.players[0]
    p.tools["sword"] = swords
    p.resources["map"] = 1
    p.ship = 4
    card = cards_of("black")[0]
    hand(s, 0, card)
    turn_to(s, 0)
    assert (f"invade {card}" in options(s, 0)) is open_             # Crow's Hollow: 4 swords, 1 map
    if open_:
        assert "land crows-hollow 1" in options(do(s, 0, f"invade {card}"), 0)


def test_sb_cpow_19_21_old_salty_1_reputation_per_hideout_invaded_even_with_the_captain() -> None:
    s = cgame("old-salty")
    s.players[0].tools["sword"] = 3
    s.players[0].resources["map"] = 1
    s.players[0].crew["black"] = cards_of("black")[1:2]
    s = invade(s, 0, "crows-hollow", "land crows-hollow 1 +captain")
    assert s.players[0].captain_flipped
    assert s.reputation.space(0) == 1                    # the captain leaves, the bonus still applies


def test_sb_cpow_20_old_salty_nothing_for_a_move_into_a_hideout() -> None:
    s = cgame("old-salty")
    s.regions["tarwick"].pirates[0] = 1
    s.players[0].tools["sword"] = 5
    s.reefs_passed = [1]
    s = end_turn(sail_past(s, 0, 2, "scoundrels-on-the-move"), 0)
    rep = s.reputation.space(0)
    s = do(s, 0, "move tarwick crows-hollow")
    s = do(s, 0, "done")
    assert s.regions["crows-hollow"].pirates[0] == 1 and s.reputation.space(0) == rep


# ---- the backs ---------------------------------------------------------------------------

def flip(tile: str, build: object) -> int:
    """Doubloons the captain's invasion of Tarwick (with 1 pirate) scores for `tile`."""
    s = cgame(tile)
    build(s)  # type: ignore[operator]
    money = s.players[0].doubloons
    s = invade(s, 0, "tarwick", "land tarwick 1 +captain")
    assert s.players[0].captain_flipped
    return s.players[0].doubloons - money


def test_sb_cpow_22_back_1_per_pirate_symbol_in_the_crew_area() -> None:
    crew = cards_of("red")[:2]

    def build(s: State) -> None:
        s.players[0].crew = {"red": list(crew)}
    assert flip("rumwhistle", build) == sum(card_def(c).pirates for c in crew)


def test_sb_cpow_23_back_2_per_reputation_space() -> None:
    """Reading: spaces above the starting space 0; steps past the end are not counted."""
    def build(s: State) -> None:
        s.reputation.advance(0, 4)
    assert flip("beastbane", build) == 8

    def past_the_end(s: State) -> None:
        s.reputation.advance(0, s.reputation.top + 3)
    assert flip("beastbane", past_the_end) == 2 * game(3).reputation.top


def test_sb_cpow_25_back_4_per_harbor_with_a_pirate_captain_excluded() -> None:
    def build(s: State) -> None:
        s.regions["cabyss"].pirates[0] = 2
        s.regions["arbega"].pirates[0] = 1
        s.regions["dodge-harbor"].pirates[0] = 0
    assert flip("goldtongue", build) == 8


def test_sb_cpow_25_the_captain_alone_in_a_harbor_does_not_count() -> None:
    s = cgame("goldtongue")
    s.players[0].tools["sword"] = 5
    money = s.players[0].doubloons
    s = invade(s, 0, "port-harleem", "land port-harleem 0 +captain")
    assert s.players[0].captain_flipped
    s = do(s, 0, "done")
    food_and_ship = ship_gain("port-harleem", "doubloons")
    assert s.players[0].doubloons == money + food_and_ship       # nothing from the tile


def test_sb_cpow_26_back_sword_plus_gun_levels() -> None:
    def build(s: State) -> None:
        s.players[0].tools.update(sword=4, gun=3)
    assert flip("shivsmile", build) == 7


def test_sb_cpow_27_back_3_per_hideout_with_a_pirate_captain_excluded() -> None:
    def build(s: State) -> None:
        s.regions["crows-hollow"].pirates[0] = 1
        s.regions["saltfang-cave"].pirates[0] = 2
    assert flip("old-salty", build) == 6


def test_sb_cpow_28_each_front_scores_its_own_paired_back() -> None:
    assert {c.id: c.back.per for c in defs().captains.captains.values()} == BACKS
    assert len({c.back.per for c in defs().captains.captains.values()}) == 6


def test_sb_feed_14_a_dead_captain_s_power_is_gone() -> None:
    s = cgame("barrelbeard")
    s.players[0].crew_space = Crew(captain="away", active=3)
    s.players[0].captain_dead = True
    s.players[0].resources["map"] = 2
    assert not any(o.startswith("place") for o in options(s, 0))
