"""Raids and fights inside a turn: what a scout may name, the action a raid or fight belongs to,
a merchant let go, a boarding that ends in a crew clash and the victor's plunder (the ship
too), and a raid that sinks the active captain, ending the turn."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    options,
    started,
    top,
    waiting,
)
from tests.engine.merchants_marauders.test_turn import _npc_at


def _skill(s: State, seat: int, skill: str) -> int:
    return int(getattr(captain(s.players[seat]).skills, skill))


def test_mmb_turn_08_a_scout_names_a_merchant_a_player_at_sea_or_an_npc_in_the_zone() -> None:
    s = started(3, seed="targets")
    a, b, c = s.order
    at_sea(s, a, "caribbean_sea")
    at_sea(s, b, "caribbean_sea")
    in_port(s, c, "caribbean_sea")          # no port there in fact: in port means out of reach
    _npc_at(s, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "france"
    scouts = [o for o in options(s, a) if o.startswith("scout")]
    assert scouts == ["scout merchant", f"scout p{b + 1}", "scout pirate_sloop"]
    in_port(s, a, "tortuga")
    assert not [o for o in options(s, a) if o.startswith("scout")]


def test_mmb_turn_04_raid_03_a_merchant_let_go_costs_only_the_scouting_action() -> None:
    s = started(3, seed="release")
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "netherlands"
    s.round.scouting = 0
    dice(s, SKULL, *[1] * (_skill(s, seat, "scouting") - 1))
    s = do(s, seat, "scout merchant")
    s = do(s, seat, "release")
    p = s.players[seat]
    assert s.track == ["netherlands"] and not p.bounties and s.turn.actions == 2 and s.raid is None


def test_the_log_names_a_merchant_and_an_npc_by_their_nation_in_plain_words() -> None:
    s = started(3, seed="release")
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "england"
    s.round.scouting = 0
    dice(s, SKULL, *[1] * (_skill(s, seat, "scouting") - 1))
    texts = [e.text for e in GAME.apply(s, seat, GAME.parse(s, seat, "scout merchant")).events]
    assert any(t.endswith("finds an English merchant") for t in texts), texts


def test_mmb_turn_09_no_skull_finds_nothing() -> None:
    s = started(3, seed="miss")
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting = 0
    dice(s, *[4] * _skill(s, seat, "scouting"))
    s = do(s, seat, "scout merchant")
    assert s.zones["caribbean_sea"].merchant == "spain" and isinstance(top(s), P.ActionPrompt)


def test_mmb_combat_15_clash_08_a_boarding_won_in_the_clash_the_victor_plunders_and_takes_the_ship() -> None:
    s = started(3, seed="board")
    a, d = s.order[0], s.order[1]
    at_sea(s, a, "caribbean_sea")
    at_sea(s, d, "caribbean_sea")
    s.round.scouting = 0
    q = s.players[d]
    q.ship.type, q.ship.points = "frigate", {"hull": 3, "masts": 3, "crew": 2, "cannons": 3, "cargo": 3}
    q.ship.weapons, q.stash, q.ship.cargo = ["grapeshot"], 20, ["rum-1"]
    s.players[a].glory_cards = []
    q.glory_cards = ["gl-lookout-1"]
    s.players[a].ship.cargo = ["sugar-1"]
    sa, sd, la, ld = (_skill(s, x, k) for x, k in ((a, "seamanship"), (d, "seamanship"), (a, "leadership"),
                                                   (d, "leadership")))
    win = [*[SKULL] * sa, *[1] * sd]
    clash = [SKULL, SKULL, *[1] * (la - 2), *[1] * ld] if la >= 2 else [SKULL, *[1] * ld, SKULL, *[1] * ld]
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), *win, 3, *win, *clash)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.CardPrompt) and options(s, d) == ["pass"], "a hand of cards: always asked"
    s = do(s, d, "pass")
    assert s.players[d].ship.points["crew"] == 1, "a 3 on the location die: the crew"
    s = do(s, a, "board")
    s = do(s, d, "shoot")
    s = do(s, d, "pass")
    assert isinstance(top(s), P.CardPrompt) and top(s).window == "clash"
    s = do(s, d, "pass")
    assert isinstance(top(s), P.PlunderPrompt) and waiting(s) == (a,), "boarded: no more orders, the clash decides"
    assert s.fight is not None and s.fight.boarded and s.fight.victor == "aggressor"
    assert "take gold" in options(s, a) and "take weapon grapeshot" in options(s, a) and "take ship" in options(s, a)
    assert not any("stash" in o for o in options(s, a)), "a stash can never be plundered"
    s = do(s, a, "take gold")
    s = do(s, a, "take cargo rum-1")
    s = do(s, a, "take weapon grapeshot")
    s = do(s, a, "take ship")
    me = s.players[a]
    assert me.ship.type == "frigate" and me.ship.gold == 20 and me.ship.weapons == ["grapeshot"]
    assert me.ship.cargo == ["sugar-1", "rum-1"] and me.ship.points["hull"] == 3
    assert me.ship.points["crew"] == 2, "the sloop's 2 surviving hands cross to the prize"
    assert s.players[d].deaths == 1 and s.players[d].stash == 20 and isinstance(top(s), P.NewCaptainPrompt)


def test_mmb_capt_06_08_a_raid_that_sinks_the_active_captain_ends_the_turn() -> None:
    s = started(3, seed="sink")
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.players[seat].ship.points["hull"] = 1
    s.round.scouting = 0
    dice(s, SKULL, *[1] * (_skill(s, seat, "scouting") - 1), *[1] * _skill(s, seat, "seamanship"))
    s = do(s, seat, "scout merchant")
    hull = next(c.id for c in cards().cargo_deck() if c.icon == "hull")
    s.cargo.pile = [c for c in s.cargo.pile if c != hull] + ["sugar-1", "rum-1", hull]
    s = do(s, seat, "nation spain")
    s = do(s, seat, "stop")
    assert s.players[seat].deaths == 1 and isinstance(top(s), P.NewCaptainPrompt)
    s = do(s, seat, "ship sloop")
    assert active(s) == s.order[1], "the new captain acts from the player's next turn"
    assert GAME.outcome(s) is None


def test_mmb_ship_11_long_guns_fire_once_before_the_first_round() -> None:
    s = started(3, seed="long-guns")
    a, d = s.order[0], s.order[1]
    at_sea(s, a, "caribbean_sea")
    at_sea(s, d, "caribbean_sea")
    s.round.scouting = 0
    s.players[a].ship.modifications = ["long_guns"]
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), SKULL, 2)
    s = do(s, a, f"scout p{d + 1}")
    assert s.players[d].ship.points["masts"] == 1 and isinstance(top(s), P.OrdersPrompt)
    assert not s.rng.forced
