"""Variants 1, 2, 3, 4 and 6 and Module 5 in the turn engine (rules/variants_turn.py,
rules/ships_turn.py): each option on and off, its decisions by notation, a seeded game with it."""
from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import fighter, manoeuvre
from engine.merchants_marauders.rules.ships_turn import slow
from engine.merchants_marauders.rules.start import fit_out
from engine.merchants_marauders.rules.variants_turn import life_is_pain
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    active,
    do,
    game,
    in_port,
    options,
    started,
    step,
    top,
    waiting,
)
from tests.engine.play_helpers import bot_game

MAX_STEPS = 40_000
SLOOP_SALE = defs().ships.ships["sloop"].sale or 0
ALL = {"variant_1": True, "variant_2": True, "variant_3": True, "variant_4": True, "variant_6": True,
       "module_5": True}


def _turns_of_round(s: State, seat_order: list[int]) -> list[int]:
    """Play `end` for every turn of the round, noting who was asked."""
    number, seen = s.round.number, []
    while s.round.number == number and s.turn.phase != "done":
        seat = active(s)
        seen.append(seat)
        s = do(s, seat, "end")
    seat_order.extend(seen)
    return seen


# ---- Variant 1 ----
def test_mm_v1_03_04_05_off_the_seats_go_clockwise_every_round() -> None:
    s = started(4, seed="clockwise")
    first = s.order[0]
    seen: list[int] = []
    _turns_of_round(s, seen)
    assert seen == s.order and seen[0] == first


def test_mm_v1_03_04_05_on_each_turn_draws_a_seat_from_the_bag() -> None:
    orders = []
    for seed in ("bag-1", "bag-2", "bag-3", "bag-4", "bag-5"):
        s = started(4, seed=seed, variant_1=True)
        assert s.turn.phase == "actions" and len(s.round.to_play) == 3      # one die out: the first player
        assert s.round.event is not None                                  # drawn after the event card (MM-V1-08)
        seen = [active(s)]
        while len(seen) < 4:
            s = do(s, active(s), "end")
            if s.round.number == 1:
                seen.append(active(s))
        assert sorted(seen) == [0, 1, 2, 3]                              # every die once a round (MM-V1-05)
        s = do(s, active(s), "end")
        assert s.round.number == 2 and len(s.round.to_play) == 3          # all back in the bag, one drawn
        orders.append(tuple(seen))
    assert len(set(orders)) > 1, "the bag gives different orders"


def test_mm_v1_07_variant_1_brings_the_slow_galleons() -> None:
    assert slow(started(2, seed="v1", variant_1=True)) and not slow(started(2, seed="v1"))


# ---- Variant 2 ----
def test_mm_v2_01_two_captains_dealt_one_kept_in_the_sealed_pick() -> None:
    s = game(3, seed="keep", variant_2=True)
    assert list(waiting(s)) == [0, 1, 2] and isinstance(top(s), P.SetupPrompt)
    dealt = {seat: list(s.dealt[seat]) for seat in range(3)}
    assert all(len(d) == 2 for d in dealt.values()) and len({c for d in dealt.values() for c in d}) == 6
    assert options(s, 0) == [f"captain {c}" for c in dealt[0]]
    assert GAME.default_action(s, 0) == GAME.parse(s, 0, f"captain {dealt[0][0]}")   # the first dealt
    assert GAME.view(s, 0).players[0].dealt == dealt[0] and GAME.view(s, 1).players[0].dealt is None
    assert GAME.view(s, 1).players[0].captain is None
    deck = len(s.captains.pile)
    s = do(s, 0, f"captain {dealt[0][1]}")
    assert options(s, 0) == ["ship sloop", "ship flute"] and s.players[0].captain == dealt[0][1]
    for seat in (1, 2):
        s = do(s, seat, f"captain {dealt[seat][0]}")
    for seat in range(3):
        s = do(s, seat, "ship flute")
    assert s.turn.phase == "actions" and s.dealt == {}
    assert [p.captain for p in s.players] == [dealt[0][1], dealt[1][0], dealt[2][0]]
    assert len(s.captains.pile) == deck + 3                               # the three not kept went back (MM-V2-05)
    assert {dealt[0][0], dealt[1][1], dealt[2][1]} <= set(s.captains.pile)


def test_mm_v2_off_one_captain_and_the_ship_pick_at_once() -> None:
    s = game(3, seed="keep")
    assert s.dealt == {} and options(s, 0) == ["ship sloop", "ship flute"]


# ---- Variant 3 ----
def test_mm_v3_07_glory_or_death_counts_50_stashed_gold_as_3_glory() -> None:
    for on, glory in ((False, 5), (True, 3)):
        s = started(2, seed="god", variant_3=on)
        seat = active(s)
        s.players[seat].stash = 50
        assert GAME.view(s, seat).players[seat].stash == 50
        from engine.merchants_marauders.rules.common import total_glory
        assert total_glory(s, seat) == glory


def test_mm_v3_09_the_ranking_reads_glory_or_death_prices() -> None:
    from engine.merchants_marauders.rules.round import rank
    s = started(2, seed="god-rank", variant_3=True)
    s.players[0].stash, s.players[1].stash = 100, 60          # 5 and 3 stash glory under the variant
    s.players[0].glory, s.players[1].glory = 4, 7
    rank(s, [])
    assert s.final is not None and s.final[0]["stash_glory"] == 5 and s.final[1]["stash_glory"] == 3
    assert s.winners == [1]                                  # 10 against 9


# ---- Variant 4 ----
def test_mm_v4_01_03_05_life_is_pain_places_three_npcs_away_from_home_ports() -> None:
    for seed in ("pain-1", "pain-2", "pain-3", "pain-4"):
        s = game(3, seed=seed, variant_4=True)
        for seat in range(3):
            fit_out(s, seat, "sloop")
        deck = len(s.events.pile)
        ev: list[Event] = []
        life_is_pain(s, ev)
        placed = list(s.npcs.values())
        navies = [n for n in placed if n.side == "navy"]
        assert len(placed) == 3 and len(navies) == 2 and len({n.nation for n in navies}) == 2
        assert not {p.zone for p in s.players} & {n.zone for n in placed}      # never a home port zone (MM-V4-03)
        assert len(s.events.pile) == deck - 3                                # the others went back (MM-V4-05)
        assert sum(e.text.startswith("Life is pain") for e in ev) == 3


def test_mm_v4_04_the_setup_npcs_are_at_sea_when_round_1_begins() -> None:
    off, on = started(3, seed="pain-1"), started(3, seed="pain-1", variant_4=True)
    assert off.npcs == {} and len(on.npcs) == 3 and on.round.number == 1 and on.turn.phase == "actions"
    s = game(3, seed="pain-2", variant_4=True)
    for seat in range(2):
        s = do(s, seat, "ship sloop")
    t = step(s, 2, "ship sloop")
    assert sum(e.text.startswith("Life is pain") and e.visible_to is None for e in t.events) == 3


# ---- Variant 6 ----
def _sell_three(on: bool) -> State:
    s = started(3, seed="trade", variant_6=on)
    seat = active(s)
    in_port(s, seat, "nassau")
    p = s.players[seat]
    p.captain = "tomas_urdaneta"                              # no sale ability of its own
    p.ship.cargo, p.ship.gold, p.bounties = ["spices-1", "spices-2", "spices-3"], 0, {}
    s.round.sale_bonus, s.round.embargo = 0, None
    s.zones["nassau"].demand = "spices"
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    for c in ("spices-1", "spices-2", "spices-3"):
        s = do(s, seat, f"sell {c}")
    return do(s, seat, "done")


def test_mm_v6_02_03_04_07_the_demand_price_falls_within_a_sale() -> None:
    off, on = _sell_three(False), _sell_three(True)
    assert off.players[active(off)].ship.gold == 18            # 6 each in the base game
    assert on.players[active(on)].ship.gold == 12              # 6 + 3 + 3
    assert on.players[active(on)].glory == off.players[active(off)].glory == 1   # 3 demand goods: the glory stays


# ---- Module 5 ----
def _yard(seed: str, gold: int, **opts: Any) -> tuple[State, int]:
    s = started(3, seed=seed, **opts)
    seat = active(s)
    in_port(s, seat, "port_royal")
    s.players[seat].ship.gold, s.players[seat].bounties = gold, {}
    s = do(s, seat, "port")
    return do(s, seat, "shipyard"), seat


def test_mm_m5_02_03_the_brig_is_sold_only_with_module_5_and_earns_no_glory() -> None:
    off, seat = _yard("yard", 30)
    assert "ship brig" not in options(off, seat)
    s, seat = _yard("yard", 30, module_5=True)
    assert "ship brig" in options(s, seat)
    s = do(s, seat, "ship brig")
    p = s.players[seat]
    assert p.ship.type == "brig" and p.ship.gold == 30 - (20 - SLOOP_SALE) and p.glory == 0 and not p.ship_glory
    assert GAME.describe(s, seat, GAME.parse(s, seat, "done")).label == "Done"


def test_mm_m5_06_07_10_galleons_have_manoeuvre_1_with_the_module() -> None:
    for on, expect in ((False, 2), (True, 1)):
        s, seat = _yard("galleon", 60, module_5=on)
        s = do(s, seat, "ship galleon")
        p = s.players[seat]
        assert p.ship.type == "galleon" and manoeuvre(p, slow(s)) == expect
        assert fighter(p, slow(s)).manoeuvre == expect
        from engine.merchants_marauders.rules.fight import side_fighter  # noqa: F401 (the fight reads slow(s))
        label = GAME.describe(s, seat, GAME.parse(s, seat, "done"))
        assert label.label == "Done"


def test_mm_m5_11_the_galleons_manoeuvre_shows_on_the_shipyard_button() -> None:
    s, seat = _yard("button", 60, module_5=True)
    text = GAME.describe(s, seat, GAME.parse(s, seat, "ship galleon"))
    assert "manoeuvre 1" in (text.description or "")
    off, seat = _yard("button", 60)
    assert "manoeuvre 2" in (GAME.describe(off, seat, GAME.parse(off, seat, "ship galleon")).description or "")


# ---- every option together ----
def test_a_seeded_game_with_every_wired_variant_finishes() -> None:
    s, _, _ = bot_game(GAME, POLICIES, "greedy", 11, 3, ALL, MAX_STEPS)
    assert GAME.outcome(s) is not None


def test_seeded_games_paying_to_draw_captains_finish() -> None:
    for bot, seed in (("greedy", 12), ("random", 13)):
        s, _, _ = bot_game(GAME, POLICIES, bot, seed, 4, {**ALL, "variant_2_mode": "pay_to_draw"}, MAX_STEPS)
        assert GAME.outcome(s) is not None


# ---- Variant 2, paying to draw ----
def test_mm_v2_02_03_04_05_pay_2_gold_per_extra_captain_then_keep_one() -> None:
    s = game(2, seed="pay", variant_2=True, variant_2_mode="pay_to_draw")
    first = s.dealt[0][0]
    assert options(s, 0) == [f"captain {first}", "draw"] and GAME.default_action(s, 0) == GAME.parse(s, 0, f"captain {first}")
    nxt = s.captains.peek(2)
    s = do(s, 0, "draw")
    assert s.dealt[0] == [first, nxt[0]] and s.players[0].ship.gold == 8 and "draw" in options(s, 0)
    s = do(s, 0, "draw")
    assert s.dealt[0] == [first, *nxt] and s.players[0].ship.gold == 6
    assert options(s, 0) == [f"captain {c}" for c in s.dealt[0]]         # a third is the most (MM-V2-03)
    assert GAME.view(s, 1).players[0].dealt is None and GAME.view(s, 0).players[0].dealt == s.dealt[0]
    s = do(s, 0, f"captain {nxt[1]}")
    s = do(s, 1, f"captain {s.dealt[1][0]}")
    for seat in range(2):
        s = do(s, seat, "ship sloop")
    assert s.players[0].captain == nxt[1] and s.players[0].ship.gold == 6 and s.players[1].ship.gold == 10
    assert {first, nxt[0]} <= set(s.captains.pile)                      # back in the deck (MM-V2-05)


def test_mm_v6_05_06_two_demand_goods_in_havana_earn_11() -> None:
    s = started(3, seed="havana6", variant_6=True)
    seat = active(s)
    in_port(s, seat, "havana")
    p = s.players[seat]
    p.captain = "tomas_urdaneta"                              # no sale ability of its own
    p.ship.cargo, p.ship.gold, p.bounties = ["spices-1", "spices-2"], 0, {}
    s.round.sale_bonus, s.round.embargo = 0, None
    s.zones["havana"].demand = "spices"
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    s = do(s, seat, "sell spices-1")
    s = do(s, seat, "sell spices-2")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 6 + 1 + 3 + 1


def test_mm_m5_08_11_a_galleon_fights_with_manoeuvre_1_with_variant_5_too() -> None:
    from engine.merchants_marauders.rules.fight import side_fighter
    from engine.merchants_marauders.state import Fight, Side
    cases: list[tuple[dict[str, Any], int]] = [({}, 2), ({"variant_5": True}, 1), ({"module_5": True}, 1)]
    for opts, expect in cases:
        s = started(2, seed="m5-fight", **opts)
        s.players[0].ship.type = "galleon"
        s.fight = Fight(sides={"aggressor": Side(seat=0), "defender": Side(seat=1)})
        assert side_fighter(s, "aggressor").manoeuvre == expect
