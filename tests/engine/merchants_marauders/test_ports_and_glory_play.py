"""Port actions and the end of the game through play (base reconstruction 6.5's trade, shipyard
and stash, section 2's port properties, 9's victory and ranking; Variant 3's dearer stash; Variant
6's trading rule): a captain in port opens its port action and trades, repairs, buys and stashes
as a player does, and every seat ends its turn until the game ends. The pure rule tests
(test_trade.py, test_shipyard.py, test_glory.py) stay beside these."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import home_port
from engine.merchants_marauders.rules.rumours_missions import Slot
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Good, Zone
from tests.engine.merchants_marauders.scenario_helpers import active, dice, do, in_port, no_cards, options, started, top


def _docked(zone: Zone | None, seed: str = "port", gold: int = 50, cargo: tuple[str, ...] = (), players: int = 2,
            **opts: Any) -> tuple[State, int]:
    """The first player in `zone`'s port (None: its captain's home port, where it may stash) with
    `gold` aboard and these cargo cards (taken out of the deck), its port action open."""
    s = started(players, seed=seed, **opts)
    a = active(s)
    no_cards(s)
    in_port(s, a, zone or home_port(s.players[a]))
    p = s.players[a]
    p.ship.gold, p.ship.cargo = gold, list(cargo)
    s.cargo.pile = [c for c in s.cargo.pile if c not in cargo]
    s.round.embargo, s.round.sale_bonus, s.wars = None, 0, []    # no event card in the way
    return do(s, a, "port"), a


def _demand(s: State, zone: Zone, good: Good) -> None:
    s.zones[zone].demand = good


def _sell_all(s: State, a: int) -> State:
    s = do(s, a, "sell")
    for o in [o for o in options(s, a) if o.startswith("sell ")]:
        s = do(s, a, o)
    return do(s, a, "done")


# ---- trade ----
def test_mmb_port_02_a_demand_good_sells_for_6_and_any_other_for_2() -> None:
    s, a = _docked("san_juan", cargo=("timber-1",))
    _demand(s, "san_juan", "timber")
    s = _sell_all(s, a)
    assert s.players[a].ship.gold == 50 + 6
    s, a = _docked("san_juan", seed="other", cargo=("rum-5",))
    _demand(s, "san_juan", "timber")
    s = _sell_all(s, a)
    assert s.players[a].ship.gold == 50 + 2


def test_mmb_port_02_selling_the_demand_good_turns_up_a_new_demand() -> None:
    s, a = _docked("san_juan", seed="new-demand", cargo=("timber-1", "rum-5"))
    _demand(s, "san_juan", "timber")
    pile = list(s.demand_pile)
    s = _sell_all(s, a)
    assert s.players[a].ship.gold == 50 + 8
    assert s.zones["san_juan"].demand == pile[0] and s.demand_pile[-1] == "timber"


def test_mmb_port_08_buying_costs_3_a_card_and_2_for_a_good_drawn_twice() -> None:
    s, a = _docked("havana", seed="buy")
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("rum-2", "rum-4", "cotton-1")] + ["cotton-1", "rum-4", "rum-2"]
    s = do(s, a, "buy")
    assert isinstance(top(s), P.BuyPrompt)
    drawn = [o.removeprefix("buy ") for o in options(s, a) if o.startswith("buy ")]
    assert drawn[:3] == ["rum-2", "rum-4", "cotton-1"]
    gold = s.players[a].ship.gold
    s = do(s, a, "buy rum-2")
    s = do(s, a, "buy cotton-1")
    s = do(s, a, "done")
    assert sum(1 for c in drawn if c.startswith("cotton")) == 1 and sum(1 for c in drawn if c.startswith("rum")) >= 2
    assert gold - s.players[a].ship.gold == 2 + 3, "rum was drawn twice: 2; cotton once: 3"
    assert {"rum-2", "cotton-1"} <= set(s.players[a].ship.cargo)


def test_mmb_port_22_in_port_a_sloop_may_hold_6_cards_and_leaving_it_keeps_only_its_hold() -> None:
    six = ("rum-1", "rum-2", "rum-3", "sugar-1", "sugar-2")
    s, a = _docked("havana", seed="hold", cargo=six)
    s.cargo.pile.append("cotton-1")
    s = do(s, a, "buy")
    s = do(s, a, "buy cotton-1")
    assert len(s.players[a].ship.cargo) == 6 and not [o for o in options(s, a) if o.startswith("buy ")], \
        "six cards in port, and no more"
    s = do(s, a, "done")
    s = do(s, a, "done")
    s = do(s, a, "leave")
    assert isinstance(top(s), P.KeepCargoPrompt), "over the sloop's hold of 2: choose what stays"
    s = do(s, a, "keep cotton-1")
    s = do(s, a, "keep rum-3")
    s = do(s, a, "done") if isinstance(top(s), P.KeepCargoPrompt) else s
    assert sorted(s.players[a].ship.cargo) == ["cotton-1", "rum-3"]
    assert {"rum-1", "rum-2", "sugar-1", "sugar-2"} <= set(s.cargo.discard)


def test_mm_v6_04_with_the_trading_rule_two_three_and_four_demand_goods_earn_9_12_and_15() -> None:
    for n, gold in ((1, 6), (2, 9), (3, 12), (4, 15)):
        goods = tuple(f"timber-{i}" for i in range(1, n + 1))
        s, a = _docked("san_juan", seed=f"v6-{n}", gold=0, cargo=goods, variant_6=True)
        s.players[a].captain = "pieter_hoogeveen"          # no trading ability
        _demand(s, "san_juan", "timber")
        s = _sell_all(s, a)
        assert s.players[a].ship.gold == gold, n


# ---- the shipyard ----
def test_mmb_port_15_map_11_a_weapon_costs_3_one_of_each_kind_and_2_at_petit_goave() -> None:
    s, a = _docked("havana", seed="arms")
    s = do(s, a, "shipyard")
    s = do(s, a, "weapon grapeshot")
    assert s.players[a].ship.gold == 47 and "weapon grapeshot" not in options(s, a), "one of each kind"
    s, a = _docked("petit_goave", seed="arms-2")
    s = do(s, a, "shipyard")
    s = do(s, a, "weapon grapeshot")
    assert s.players[a].ship.gold == 48


def test_mmb_map_10_repairs_cost_2_a_point_and_1_at_old_providence() -> None:
    prices: list[tuple[Zone, int]] = [("havana", 2), ("old_providence", 1)]
    for zone, price in prices:
        s, a = _docked(zone, seed=f"repair-{zone}")
        s.players[a].ship.points["hull"] = 0
        s = do(s, a, "shipyard")
        s = do(s, a, "repair hull")
        s = do(s, a, "repair hull")
        assert s.players[a].ship.points["hull"] == 2 and s.players[a].ship.gold == 50 - 2 * price, zone
        assert "repair hull" not in options(s, a), "a sloop's hull is back at its 2"


def test_mmb_map_17_st_johns_sells_ships_5_gold_cheaper() -> None:
    paying: list[tuple[Zone, int]] = [("havana", 30 - 3), ("st_johns", 25 - 3)]
    for zone, paid in paying:
        s, a = _docked(zone, seed=f"frigate-{zone}")
        s = do(s, a, "shipyard")
        s = do(s, a, "ship frigate")
        assert s.players[a].ship.gold == 50 - paid, zone


def test_mmb_port_11_a_sold_ships_modifications_stay_behind_and_leave_play() -> None:
    s, a = _docked("havana", seed="mods")
    s.players[a].ship.modifications = ["extra_mast"]
    before = [z.modification for z in s.zones.values()].count("extra_mast")
    s = do(s, a, "shipyard")
    s = do(s, a, "ship frigate")
    assert s.players[a].ship.modifications == [] and s.players[a].ship.points["masts"] == 3
    on_board = [z.modification for z in s.zones.values()] + list(s.mod_reserve)
    assert on_board.count("extra_mast") == before, "it leaves play: no port gets it back"


# ---- the stash and the end of the game ----
def _end_round(s: State) -> State:
    """Each seat still to play closes what it has open and ends its turn."""
    start = s.round.number
    while GAME.outcome(s) is None and s.round.number == start:
        seat = active(s)
        s = do(s, seat, "end") if "end" in options(s, seat) else do(s, seat, "done")
    return s


def _stash(s: State, a: int, amount: int) -> State:
    """The stash asks the tens, then the units."""
    s = do(s, a, "stash")
    s = do(s, a, f"stash {amount - amount % 10}")
    return do(s, a, f"stash {amount % 10}") if amount % 10 else do(s, a, "done")


def _stash_and_end(s: State, a: int, amount: int) -> State:
    return _end_round(_stash(s, a, amount))


def test_mmb_port_20_win_04_ten_gold_stashed_is_a_glory_and_ten_in_all_ends_the_game_at_the_rounds_end() -> None:
    s, a = _docked(None, seed="stash")
    s.players[a].glory = 8
    s = _stash_and_end(s, a, 20)
    out = GAME.outcome(s)
    assert out is not None and s.final is not None and s.final[a]["stash_glory"] == 2 and s.winners == [a]
    s, a = _docked(None, seed="stash-19")
    s.players[a].glory = 8
    s = _stash_and_end(s, a, 19)
    assert GAME.outcome(s) is None and s.round.number == 2, "19 gold is 1 glory: 9 in all, the game goes on"


def test_mmb_port_20_the_stash_gives_at_most_5_glory() -> None:
    s, a = _docked(None, seed="cap", gold=60)
    s.players[a].glory = 4
    s = _stash_and_end(s, a, 60)
    assert GAME.outcome(s) is None, "60 gold stashed is 5 glory, not 6: 9 in all"
    s, a = _docked(None, seed="cap-5", gold=50)
    s.players[a].glory = 5
    s = _stash_and_end(s, a, 50)
    assert GAME.outcome(s) is not None and s.final is not None and s.final[a]["stash_glory"] == 5


def test_mmb_win_04_with_immediate_victory_the_stash_ends_the_game_at_once() -> None:
    s, a = _docked(None, seed="now", victory="immediate")
    s.players[a].glory = 8
    s = _stash(s, a, 20)
    s = do(s, a, "done")
    assert GAME.outcome(s) is not None and s.round.number == 1, "the port action over, the game ends"
    s, a = _docked(None, seed="now")
    s.players[a].glory = 8
    s = do(_stash(s, a, 20), a, "done")
    assert GAME.outcome(s) is None, "by default the round is played out first"


def test_mmb_win_03_a_tie_in_glory_goes_to_the_most_gold_aboard_and_stashed() -> None:
    s, a = _docked(None, seed="tie")
    b = next(x for x in s.order if x != a)
    s.players[a].glory, s.players[b].glory = 9, 10
    s.players[b].ship.gold = 55
    s = _stash_and_end(s, a, 10)
    assert s.final is not None and s.final[a]["glory"] + s.final[a]["stash_glory"] == 10
    assert s.winners == [b], "10 glory each: 55 gold aboard beats 40 aboard and 10 stashed"
    s, a = _docked(None, seed="tie-2")
    b = next(x for x in s.order if x != a)
    s.players[a].glory, s.players[b].glory = 9, 10
    s.players[b].ship.gold, s.players[b].bounties = 50, {"spain": 1}
    s = _stash_and_end(s, a, 10)
    assert s.winners == [a], "50 gold each, aboard and stashed: fewer bounties wins"
    s, a = _docked(None, seed="tie-3")
    b = next(x for x in s.order if x != a)
    s.players[a].glory, s.players[b].glory = 9, 10
    s.players[b].ship.gold = 50
    s = _stash_and_end(s, a, 10)
    assert sorted(s.winners) == sorted([a, b]), "still equal: the victory is shared"


def test_mm_v3_01_to_06_glory_or_death_stash_points_cost_10_15_20_25_and_30() -> None:
    for stashed, glory in ((24, 1), (25, 2), (44, 2), (45, 3), (50, 3), (70, 4), (99, 4), (100, 5)):
        s, a = _docked(None, seed=f"god-{stashed}", gold=100, variant_3=True)
        s.players[a].glory = 10 - glory
        s = _stash_and_end(s, a, stashed)
        assert GAME.outcome(s) is not None, stashed
        assert s.final is not None and s.final[a]["stash_glory"] == glory, stashed
        s, a = _docked(None, seed=f"god-short-{stashed}", gold=100, variant_3=True)
        s.players[a].glory = 9 - glory
        s = _stash_and_end(s, a, stashed)
        assert GAME.outcome(s) is None, f"{stashed}: one glory short"


# ---- port properties on the Influence checks (Pieter Hoogeveen: Influence 3) ----
def _inquirer(zone: Zone, seed: str) -> tuple[State, int]:
    s = started(2, seed=seed)
    a = active(s)
    no_cards(s)
    p = s.players[a]
    p.captain, p.bounties, p.specialists = "pieter_hoogeveen", {}, []
    s.wars = []
    in_port(s, a, zone)
    return s, a


def test_mmb_map_13_san_juan_adds_an_influence_die_to_a_rumours_check() -> None:
    cases: list[tuple[Zone, str, int]] = [("san_juan", "ru-04", 4), ("havana", "ru-08", 3)]
    for zone, rumour, n in cases:
        s, a = _inquirer(zone, f"rumour-{zone}")
        s.players[a].rumour = rumour
        dice(s, *[1] * n, 4)
        s = do(s, a, "investigate")
        assert s.rng.forced == [4], (zone, n)


def test_mmb_map_14_caracas_adds_an_influence_die_to_a_missions_check() -> None:
    cases: list[tuple[Zone, str, int]] = [("caracas", "mi-25", 4), ("havana", "mi-01", 3)]
    for zone, mission, n in cases:
        s, a = _inquirer(zone, f"mission-{zone}")
        s.board = [Slot(mission=mission), s.board[1]]
        s = do(s, a, "port")
        dice(s, *[1] * n, 4)
        s = do(s, a, f"claim {mission}")
        assert s.rng.forced == [4], (zone, n)


def test_mm_v6_01_the_trading_rule_leaves_buying_as_it_was() -> None:
    paid = []
    for on in (False, True):
        s, a = _docked("san_juan", seed="v6-buy", gold=20, variant_6=on)
        s.cargo.pile = [c for c in s.cargo.pile if c not in ("rum-2", "rum-4", "cotton-1")] + ["cotton-1", "rum-4", "rum-2"]
        s = do(s, a, "buy")
        s = do(s, a, "buy rum-2")
        s = do(s, a, "buy cotton-1")
        s = do(s, a, "done")
        paid.append(20 - s.players[a].ship.gold)
    assert paid == [5, 5]
