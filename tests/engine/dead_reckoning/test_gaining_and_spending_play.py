"""Gaining and Spending Coins & Cargo, and the Dock tile, through play: a real Advancement of
data/dead_reckoning sleeved on the Captain (whose level 1 has no ability, so the Advancement's
ability is `use captain 1`), played and used as a player types it (the pure tests of
rules/gain_and_spend.py stay in test_gain_and_spend.py). Inventory IDs: DR-GAIN-…, DR-DOCK-…."""
from __future__ import annotations

from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.load_unload import stow
from engine.dead_reckoning.state import HARBOR, State, label
from tests.engine.dead_reckoning.scenario_helpers import cargo_aboard, do, game, hand, main_seat, options, top

ISLANDS = "icon-13"      # a seed whose row 1 shows three islands


def _played(*sleeve: str, at: str = HARBOR, level: int = 1) -> tuple[State, int]:
    """The active seat holds only the Captain with `sleeve` on it, its Ship `at` a board ("island":
    the first island, "sea": the first open sea), and has played it."""
    s = game(2, seed=ISLANDS)
    seat = main_seat(s)
    hand(s, seat, "captain")
    s.players[seat].levels["captain"], s.players[seat].sleeves["captain"] = level, list(sleeve)
    if at == "island":
        at = next(iter(s.islands))
    elif at == "sea":
        at = next(p for p, sp in s.grid.items() if defs().ocean.boards[sp.board].kind != "island")
    s.players[seat].ship.at = at
    return do(s, seat, "play captain"), seat


def _aboard(s: State, seat: int, res: str = "cargo") -> int:
    return s.players[seat].ship.hull.carried().of(res)   # type: ignore[arg-type]


def test_dr_dock_01_gain_02_anchor_cargo_lands_on_the_dock_wherever_the_ship_is() -> None:
    # r1-07: 1 cargo on the Dock
    for at in (HARBOR, "island", "sea"):
        s, seat = _played("r1-07", at=at)
        dock, island = s.players[seat].dock, {k: v.cargo for k, v in s.islands.items()}
        s = do(s, seat, "use captain 1")
        assert s.players[seat].dock == dock + 1 and _aboard(s, seat) == 0, at
        assert {k: v.cargo for k, v in s.islands.items()} == island, "nothing on the island the Ship is at"


def test_dr_dock_02_gain_02_anchor_coins_go_to_the_chest_never_the_dock() -> None:
    # r2-19: pay 2 cargo from the Dock, gain 3 coins "on the Dock"
    for at in (HARBOR, "sea"):
        s, seat = _played("r2-19", at=at)
        s.players[seat].dock = 2
        chest = s.players[seat].chest
        s = do(s, seat, "use captain 1")
        assert (s.players[seat].dock, s.players[seat].chest, _aboard(s, seat, "coin")) == (0, chest + 3, 0), at


def test_dr_dock_03_gain_05_chest_coins_pay_a_dock_cost() -> None:
    # r4-13: build a Fort, which costs 4 cargo and 1 coin, from the Ship or the Dock
    for chest, built in ((1, True), (0, False)):
        s, seat = _played("r4-13", at="island")
        at = s.players[seat].ship.at
        s.islands[at].slots = [label(seat)] * len(s.islands[at].slots)
        s.players[seat].dock, s.players[seat].chest = 4, chest
        s = do(s, seat, "use captain 1")
        if built:
            s = do(s, seat, f"build fort {at}")
            assert s.islands[at].buildings == ["fort"] and (s.players[seat].dock, s.players[seat].chest) == (0, 0)
        else:
            assert s.islands[at].buildings == [] and s.players[seat].dock == 4, "no coin anywhere: no Fort"


def test_dr_gain_03_a_ship_gain_that_does_not_fit_asks_for_room_first() -> None:
    # r1-26: 2 cargo on the Ship
    s, seat = _played("r1-26")
    cargo_aboard(s, seat, 6)                            # one unit of room left
    s = do(s, seat, "use captain 1")
    assert isinstance(top(s), P.RoomPrompt) and "refuse" in options(s, seat)
    s = do(s, seat, "jettison cargo a")
    assert isinstance(top(s), P.MainPrompt) and _aboard(s, seat) == 7, "room made: both came aboard"
    s, seat = _played("r1-26")
    cargo_aboard(s, seat, 7)
    dock = s.players[seat].dock
    s = do(s, seat, "use captain 1")
    s = do(s, seat, "refuse")
    assert _aboard(s, seat) == 7 and s.players[seat].dock == dock, "refused: nothing lands elsewhere"


def test_dr_gain_01_04_each_gain_and_cost_goes_where_its_icon_says() -> None:
    # gain 1 to the Dock (r1-07), 2 to the Ship (r1-26), 2 split as liked (r1-09)
    s, seat = _played("r1-07", "r1-26")
    dock = s.players[seat].dock
    s = do(s, seat, "use captain 1")
    s = do(s, seat, "use captain 2")
    assert (s.players[seat].dock, _aboard(s, seat)) == (dock + 1, 2)
    s, seat = _played("r1-09")
    dock = s.players[seat].dock
    s = do(s, seat, "use captain 1")
    assert options(s, seat) == ["ship 0", "ship 1", "ship 2"]
    s = do(s, seat, "ship 1")
    assert (s.players[seat].dock, _aboard(s, seat)) == (dock + 1, 1)
    # spend 2 from the Ship only (r1-24): Dock cargo does not pay it
    s, seat = _played("r1-24")
    s.players[seat].dock = 5
    assert "use captain 1" not in options(s, seat)
    cargo_aboard(s, seat, 2)
    s = do(s, seat, "use captain 1")
    assert (_aboard(s, seat), s.players[seat].dock, _aboard(s, seat, "coin")) == (0, 5, 2)
    # spend from the Ship or the Dock in any mix: the Bosun's level 3, 3 cargo for a Basic Upgrade
    s, seat = _played()
    hand(s, seat, "bosun")
    s.players[seat].levels["bosun"] = 3
    s = do(s, seat, "play bosun")
    s.players[seat].dock = 2
    s.players[seat].ship.hull = stow(s.players[seat].ship.hull, "cargo", {"A": 2})
    s = do(s, seat, "use bosun 1 2")
    assert isinstance(top(s), P.PayPrompt) and options(s, seat) == ["ship 1", "ship 2"]
    s = do(s, seat, "ship 1")
    assert (s.players[seat].dock, _aboard(s, seat)) == (0, 1)


def test_dr_comp_03_goods_count_by_value_and_the_coin_supply_never_runs_out() -> None:
    # the Crew's level 3 gains 3 cargo on the Dock: one 3-value token's worth, three units of a hold
    s, seat = _played()
    hand(s, seat, "crew-1")
    s.players[seat].levels["crew-1"] = 3
    s.players[seat].dock = 0
    s = do(s, seat, "play crew-1")
    s = do(s, seat, "use crew-1 1")
    assert s.players[seat].dock == 3
    s = do(s, seat, "load cargo d")
    s = do(s, seat, "3")
    assert s.players[seat].ship.hull.space("D").room() == 0 and s.players[seat].dock == 0
    # coins come from a general supply: a chest far past any table's coins still gains
    s, seat = _played("r2-19")
    s.players[seat].dock, s.players[seat].chest = 2, 500
    s = do(s, seat, "use captain 1")
    assert s.players[seat].chest == 503
