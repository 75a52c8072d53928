"""Captain abilities the turn engine applies (data/merchants_marauders/base/captains.toml): an
extra die on a named check, a cheaper service, a better price, a stronger hull. The rerolls wait
for the glory-card windows (not wired yet)."""
from __future__ import annotations

from engine.merchants_marauders.rules.common import captain, maxima
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, at_sea, dice, do, in_port, options, started


def _as(s: State, seat: int, cap: str) -> None:
    s.players[seat].captain = cap


def test_tomas_urdaneta_rolls_one_more_die_scouting_for_a_merchant() -> None:
    s = started(3, seed="tomas")
    seat = active(s)
    _as(s, seat, "tomas_urdaneta")
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting = 0
    dice(s, 1, 1, 1, SKULL)                          # Scouting 3, and the ability's fourth die
    s = do(s, seat, "scout merchant")
    assert s.raid is not None and not s.rng.forced


def test_anneke_vos_sails_with_a_hull_one_higher() -> None:
    s = started(3, seed="anneke")
    seat = active(s)
    _as(s, seat, "anneke_vos")
    assert maxima(s.players[seat])["hull"] == 3


def test_silas_pembury_repairs_for_a_gold_less_and_beatriz_ocampo_sells_demand_goods_for_more() -> None:
    s = started(3, seed="silas")
    seat = active(s)
    _as(s, seat, "silas_pembury")
    in_port(s, seat, "tortuga")
    s.players[seat].bounties, s.round.sale_bonus, s.round.embargo = {}, 0, None
    s.players[seat].ship.points["hull"] = 1
    s = do(s, seat, "port")
    s = do(s, seat, "shipyard")
    s = do(s, seat, "repair hull")
    assert s.players[seat].ship.gold == 9
    s = started(3, seed="beatriz")
    seat = active(s)
    _as(s, seat, "beatriz_ocampo")
    in_port(s, seat, "tortuga")
    s.players[seat].bounties, s.round.sale_bonus, s.round.embargo = {}, 0, None
    s.zones["tortuga"].demand, s.players[seat].ship.cargo = "sugar", ["sugar-1"]
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    s = do(s, seat, "sell sugar-1")
    s = do(s, seat, "done")
    assert s.players[seat].ship.gold == 10 + 7


def test_margaret_thorne_recruits_without_a_roll() -> None:
    s = started(3, seed="margaret")
    seat = active(s)
    _as(s, seat, "margaret_thorne")
    in_port(s, seat, "havana")
    s.players[seat].bounties = {}
    s.players[seat].ship.points["crew"] = 0
    s = do(s, seat, "port")
    dice(s, 1, 1, 1, 1)
    s = do(s, seat, "recruit")
    assert s.rng.forced == [1, 1, 1, 1] and options(s, seat) == ["hire 0", "hire 1", "hire 2"] and captain(s.players[seat]).name == "Margaret Thorne"


def test_gaspard_ferrand_rerolls_a_failed_scouting_once_a_round() -> None:
    s = started(3, seed="gaspard")
    seat = active(s)
    _as(s, seat, "gaspard_ferrand")                  # Scouting 3
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting = 0
    dice(s, 1, 1, 1, 1, 1, SKULL)
    s = do(s, seat, "scout merchant")
    assert options(s, seat) == ["reroll", "pass"]
    s = do(s, seat, "reroll")
    assert s.raid is not None and s.turn.actions == 2 and not s.rng.forced
    s = do(s, seat, "release")
    s.zones["caribbean_sea"].merchant = "spain"
    dice(s, 1, 1, 1)
    s = do(s, seat, "scout merchant")
    assert "reroll" not in options(s, seat), "once a round"


def test_noemie_arceneau_rerolls_a_failed_influence_check() -> None:
    s = started(3, seed="noemie")
    seat = active(s)
    _as(s, seat, "noemie_arceneau")
    in_port(s, seat, "tortuga")
    s.players[seat].bounties = {}
    s = do(s, seat, "port")
    influence = captain(s.players[seat]).skills.influence
    dice(s, *[1] * influence, SKULL, *[1] * (influence - 1))
    s = do(s, seat, "rumour")
    assert options(s, seat) == ["reroll", "pass"] and s.players[seat].rumour is None
    s = do(s, seat, "reroll")
    assert s.players[seat].rumour is not None and "rumour" not in options(s, seat)
