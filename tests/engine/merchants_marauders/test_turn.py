"""Scenario tests of the Merchants & Marauders turn engine (base game): setup's sealed ship pick,
the 3 actions of a turn, moves and closed ports, the port action (selling first, buying, the
shipyard, recruiting, the stash), leaving port over the hold, a merchant raid through scripted
dice, naval combat between players and against an NPC with sealed orders, captain death and the
new captain, and the round's end (NPC arrival, the victory check)."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, total_glory
from engine.merchants_marauders.rules.npc import Arrival, Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS, ZONES
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    game,
    in_port,
    no_cards,
    options,
    started,
    step,
    top,
    waiting,
)


def test_mmb_setup_the_map_the_kits_and_the_sealed_ship_pick() -> None:
    s = game(3, seed="setup")
    assert sum(zs.merchant is not None for zs in s.zones.values()) == len(ZONES) == 17
    assert all(s.zones[z].demand is not None and s.zones[z].modification is not None for z in PORTS)
    assert not any(s.zones[z].revealed for z in PORTS) and len(s.demand_pile) == 24 - len(PORTS)
    assert [x.holder for x in s.board] == [None, None] and all(x.mission for x in s.board) and not s.npcs
    assert all(p.ship.gold == 10 and len(p.glory_cards) == 1 and p.glory == 0 for p in s.players)
    assert waiting(s) == (0, 1, 2) and _kind(s) == "simultaneous"
    s = do(s, 1, "ship flute")
    assert waiting(s) == (0, 2)
    others = GAME.view(s, 0)
    assert others.players[1].captain is None and others.players[1].ship is None
    assert others.picks is not None and others.picks.mine is None and others.picks.revealed is None
    mine = GAME.view(s, 1).picks
    assert mine is not None and mine.mine == "flute" and GAME.view(s, 1).players[1].captain == s.players[1].captain
    s = do(s, 0, "ship sloop")
    s = do(s, 2, "ship sloop")
    assert [p.ship.type for p in s.players] == ["sloop", "flute", "sloop"]
    for p in s.players:
        assert p.in_port and p.zone == captain(p).home_port
    assert s.players[1].ship.points == {"hull": 3, "masts": 2, "crew": 1, "cannons": 1, "cargo": 4}
    assert s.order == [(s.order[0] + i) % 3 for i in range(3)] and active(s) == s.order[0]
    assert isinstance(top(s), P.ActionPrompt) and not s.npcs, "NPCs come only at a round's end"


def test_mmb_turn_02_05_three_actions_one_step_each_then_the_next_seat() -> None:
    s = started(3, seed="turn")
    first = active(s)
    assert options(s, first) == ["leave", "port", "end"]
    s = do(s, first, "leave")
    zone = s.players[first].zone
    assert options(s, first)[:3] == [f"move {z}" for z in list(_neighbours(zone))[:3]] and "enter" in options(s, first)
    nxt = _neighbours(zone)[0]
    s = do(s, first, f"move {nxt}")
    s = do(s, first, f"move {zone}")
    assert active(s) == s.order[1] and s.players[first].zone == zone and not s.players[first].in_port


def _kind(s: State) -> str:
    pending = GAME.pending(s)
    assert pending is not None
    return pending.kind


def _neighbours(z: str) -> list[str]:
    from engine.merchants_marauders.defs import defs
    return list(defs().map.zones[z].neighbours)  # type: ignore[index]


def test_mmb_turn_06_a_port_whose_nation_holds_a_bounty_on_you_is_closed_but_tortuga_is_not() -> None:
    s = started(3, seed="closed")
    seat = active(s)
    at_sea(s, seat, "havana")
    s.players[seat].bounties = {"spain": 1}
    assert "enter" not in options(s, seat)
    at_sea(s, seat, "tortuga")
    s.players[seat].bounties = {"france": 2}
    assert "enter" in options(s, seat)


def test_mmb_turn_03_11_the_port_action_once_a_turn_and_selling_only_first() -> None:
    s = started(3, seed="port")
    seat = active(s)
    in_port(s, seat, "tortuga")
    s.players[seat].ship.cargo = ["rum-1"]
    s = do(s, seat, "port")
    assert options(s, seat)[0] == "sell"
    s = do(s, seat, "recruit") if "recruit" in options(s, seat) else do(s, seat, "shipyard")
    while not isinstance(top(s), P.PortPrompt):
        s = do(s, seat, GAME.notate(s, GAME.default_action(s, seat)))
    assert "sell" not in options(s, seat)
    s = do(s, seat, "done")
    assert "port" not in options(s, seat) and s.turn.actions == 2


def test_mmb_port_01_03_04_three_demand_goods_sell_for_6_each_earn_glory_and_turn_the_demand() -> None:
    s = started(3, seed="sell")
    seat = active(s)
    in_port(s, seat, "tortuga")
    s.zones["tortuga"].demand = "sugar"
    s.demand_pile = ["timber", *s.demand_pile[1:]]
    s.players[seat].ship.cargo = ["sugar-1", "sugar-2", "sugar-3", "rum-1"]
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    for card in ("sugar-1", "sugar-2", "sugar-3", "rum-1"):
        s = do(s, seat, f"sell {card}")
    s = do(s, seat, "done")
    p = s.players[seat]
    assert p.ship.gold == 10 + 3 * 6 + 2 and not p.ship.cargo
    assert p.glory == 1 and len(p.glory_cards) == 2, "1 glory, drawing a glory card (MMB-GLORY-02)"
    assert s.zones["tortuga"].demand == "timber" and s.demand_pile[-1] == "sugar"


def test_mmb_port_05_to_08_buying_draws_6_replaces_the_demand_good_and_pairs_cost_2() -> None:
    s = started(3, seed="buy")
    seat = active(s)
    in_port(s, seat, "tortuga")
    s.zones["tortuga"].demand = "sugar"
    top_first = ["sugar-1", "rum-1", "rum-2", "tobacco-1", "cotton-1", "coffee-1", "spices-1", "timber-1"]
    s.cargo.pile = [c for c in s.cargo.pile if c not in top_first] + list(reversed(top_first))
    s = do(s, seat, "port")
    s = do(s, seat, "buy")
    assert top(s).drawn == ["rum-1", "rum-2", "tobacco-1", "cotton-1", "coffee-1", "spices-1"]
    assert s.cargo.discard[-1] == "sugar-1"
    s = do(s, seat, "buy rum-1")
    s = do(s, seat, "buy tobacco-1")
    assert s.players[seat].ship.gold == 10 - 2 - 3
    s = do(s, seat, "done")
    assert s.players[seat].ship.cargo == ["rum-1", "tobacco-1"] and "rum-2" in s.cargo.discard


def test_mmb_port_09_to_13_a_frigate_bought_with_the_sloop_sold_then_a_repair() -> None:
    s = started(3, seed="yard")
    seat = active(s)
    in_port(s, seat, "tortuga")
    p = s.players[seat]
    p.ship.gold, p.ship.weapons = 40, ["grapeshot"]
    s = do(s, seat, "port")
    s = do(s, seat, "shipyard")
    s = do(s, seat, "ship frigate")
    p = s.players[seat]
    assert p.ship.type == "frigate" and p.ship.gold == 40 - (30 - 3)
    assert p.ship.points["crew"] == 2 and p.ship.points["hull"] == 3 and p.ship.weapons == ["grapeshot"]
    assert p.glory == 1 and p.ship_glory
    p.ship.points["hull"] = 1
    s = do(s, seat, "repair hull")
    assert s.players[seat].ship.points["hull"] == 2 and s.players[seat].ship.gold == 13 - 2


def test_mmb_port_16_recruiting_hires_up_to_1_plus_the_skulls() -> None:
    s = started(3, seed="recruit")
    seat = active(s)
    in_port(s, seat, "havana")
    s.players[seat].ship.type = "frigate"
    s.players[seat].ship.points = {"hull": 3, "masts": 3, "crew": 0, "cannons": 3, "cargo": 3}
    leadership = captain(s.players[seat]).skills.leadership
    s.players[seat].bounties = {}
    s = do(s, seat, "port")
    dice(s, SKULL, *[1] * (leadership - 1))
    s = do(s, seat, "recruit")
    assert options(s, seat) == ["hire 0", "hire 1", "hire 2"]
    s = do(s, seat, "hire 2")
    assert s.players[seat].ship.points["crew"] == 2 and s.players[seat].ship.gold == 8


def test_mmb_port_19_the_stash_only_at_home_and_its_amount_private() -> None:
    s = started(3, seed="stash")
    seat = active(s)
    home = captain(s.players[seat]).home_port
    s.players[seat].ship.gold = 23
    s = do(s, seat, "port")
    s = do(s, seat, "stash")
    s = do(s, seat, "stash 20")
    t = step(s, seat, "stash 3")
    s = t.state
    assert s.players[seat].stash == 23 and s.players[seat].ship.gold == 0 and s.players[seat].zone == home
    assert total_glory(s, seat) == 2 and s.players[seat].glory == 0
    assert GAME.view(s, (seat + 1) % 3).players[seat].stash is None and GAME.view(s, seat).players[seat].stash == 23
    assert all("23" not in e.text and "3 gold" not in e.text for e in t.events if e.visible_to is None)
    s = do(s, seat, "done")
    in_port(s, seat, "tortuga" if home != "tortuga" else "havana")
    s.turn.port_done = False
    s.players[seat].ship.gold = 5
    s = do(s, seat, "port")
    assert "stash" not in options(s, seat)


def test_leaving_port_over_the_hold_keeps_the_players_pick() -> None:
    s = started(3, seed="leave")
    seat = active(s)
    s.players[seat].ship.cargo = ["rum-1", "rum-2", "sugar-1", "sugar-2"]
    s = do(s, seat, "leave")
    assert isinstance(top(s), P.KeepCargoPrompt) and "done" not in options(s, seat)
    s = do(s, seat, "keep sugar-2")
    s = do(s, seat, "keep rum-1")
    p = s.players[seat]
    assert not p.in_port and p.ship.cargo == ["sugar-2", "rum-1"] and {"rum-2", "sugar-1"} <= set(s.cargo.discard)


def _raid_cards(s: State, *cards: str) -> None:
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))


def test_mmb_raid_02_to_05_12_a_merchant_found_raided_for_its_nation_and_plundered() -> None:
    s = started(3, seed="raid")
    seat = active(s)
    at_sea(s, seat, "st_maarten")
    s.zones["st_maarten"].merchant = "spain"
    s.round.scouting = 0
    scouting, seamanship = (getattr(captain(s.players[seat]).skills, k) for k in ("scouting", "seamanship"))
    dice(s, SKULL, *[1] * (scouting - 1), *[1] * seamanship)
    s = do(s, seat, "scout merchant")
    assert options(s, seat) == ["nation spain", "nation netherlands", "release"]
    assert s.zones["st_maarten"].merchant is None and s.track == ["spain"]
    _raid_cards(s, "tobacco-4", "rum-3", "sugar-3")
    s = do(s, seat, "nation spain")
    assert s.players[seat].bounties == {"spain": 1} and s.raid.cards == ["tobacco-4", "rum-3", "sugar-3"]
    assert options(s, seat) == ["stop"]
    s = do(s, seat, "stop")
    assert s.players[seat].ship.gold == 10 + 3 + 2 + 2
    s = do(s, seat, "keep tobacco-4")
    s = do(s, seat, "keep rum-3")
    assert s.players[seat].ship.cargo == ["tobacco-4", "rum-3"] and "sugar-3" in s.cargo.discard


def test_mmb_raid_07_10_11_skulls_change_the_cards_and_escapes_sink_the_raid_bounty_kept() -> None:
    s = started(3, seed="raid-fail", ship="flute")
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "england"
    s.round.scouting = 0
    scouting, seamanship = (getattr(captain(s.players[seat]).skills, k) for k in ("scouting", "seamanship"))
    dice(s, SKULL, *[1] * (scouting - 1), SKULL, *[1] * (seamanship - 1))
    s = do(s, seat, "scout merchant")
    assert options(s, seat) == ["nation england", "release"], "the open sea: the token's nation only"
    _raid_cards(s, "rum-4", "sugar-1", "tobacco-4", "sugar-7")
    s = do(s, seat, "nation england")
    s = do(s, seat, "swap sugar-1")
    assert s.raid.cards == ["rum-4", "tobacco-4", "sugar-7"] and s.raid.skulls == 0
    s = do(s, seat, "stop")
    p = s.players[seat]
    assert p.ship.gold == 10 and p.bounties == {"england": 1} and not p.ship.cargo


def _pvp(players: int = 3) -> tuple[State, int, int]:
    s = started(players, seed="pvp")
    a = active(s)
    d = s.order[1]
    at_sea(s, a, "caribbean_sea")
    at_sea(s, d, "caribbean_sea")
    s.round.scouting = 0
    no_cards(s)
    return s, a, d


def test_mmb_combat_01_03_06_07_a_player_attacked_with_sealed_orders_shoot_only_in_round_1() -> None:
    s, a, d = _pvp()
    scouting = captain(s.players[a]).skills.scouting
    dice(s, SKULL, *[1] * (scouting - 1))
    s = do(s, a, f"scout p{d + 1}")
    assert s.players[a].bounties == {captain(s.players[d]).nation: 1}
    assert isinstance(top(s), P.OrdersPrompt) and waiting(s) == (a, d) and _kind(s) == "simultaneous"
    assert options(s, a) == ["shoot"] and options(s, d) == ["shoot"]
    s = do(s, d, "shoot")
    view, own = GAME.view(s, a).fight, GAME.view(s, d).fight
    assert view is not None and view.orders is not None and view.orders.mine is None and view.declared == {}
    assert own is not None and own.orders is not None and own.orders.mine == "shoot" and waiting(s) == (a,)


def test_mmb_combat_sinking_a_player_the_victor_gains_glory_and_the_loser_a_new_captain() -> None:
    s, a, d = _pvp()
    sa, sd = (captain(s.players[x]).skills.seamanship for x in (a, d))
    scouting = captain(s.players[a]).skills.scouting
    s.players[d].stash, s.players[d].glory = 14, 2
    rounds = [*[SKULL] * sa, *[1] * sd, SKULL]          # the aggressor wins, 1 cannon, a hull hit
    dice(s, SKULL, *[1] * (scouting - 1), *rounds, *rounds)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.players[d].ship.points["hull"] == 1 and isinstance(top(s), P.OrdersPrompt)
    assert "flee" in options(s, d) and "board" in options(s, d), "from round 2 every order (MMB-COMBAT-08)"
    old = s.players[d].captain
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.fight is None and s.players[a].glory == 1 and len(s.players[a].glory_cards) == 1
    q = s.players[d]
    assert q.captain != old and q.glory == 2 and q.deaths == 1 and not q.bounties
    assert isinstance(top(s), P.NewCaptainPrompt) and waiting(s) == (d,) and _kind(s) == "reaction"
    s = do(s, d, "ship flute")
    q = s.players[d]
    assert q.ship.type == "flute" and q.ship.gold == 10 and q.stash == 4 and q.zone == captain(q).home_port
    assert active(s) == a, "the aggressor's turn goes on"


def _npc_at(s: State, zone: str, slot: str = "pirate_sloop") -> None:
    no_cards(s)
    side, ship = ("pirate", "sloop") if slot == "pirate_sloop" else ("navy", "frigate")
    s.npcs[slot] = Npc(slot=slot, side=side, nation=None if side == "pirate" else "spain", ship=ship, zone=zone,
                       skills=Skills(seamanship=2, scouting=2, leadership=2))


def test_mmb_turn_01_npc_07_13_a_hunting_npc_scouts_at_turn_start_and_the_left_player_runs_it() -> None:
    s = started(3, seed="npc")
    a = active(s)
    d = s.order[1]
    at_sea(s, d, "caribbean_sea")
    _npc_at(s, "caribbean_sea")
    s.round.scouting = 0
    dice(s, SKULL, 1)
    s = do(s, a, "end")
    assert s.fight is not None and s.fight.sides["aggressor"].npc == "pirate_sloop"
    assert set(waiting(s)) == {d, s.order[2]}, "the NPC's orders come from the player left of its opponent"
    assert options(s, s.order[2]) == ["shoot"]


def test_mmb_npc_13_14_clash_07_12_two_seats_the_other_player_runs_the_npc_and_a_sunk_pirate_pays_5() -> None:
    s = started(2, seed="npc2")
    a = active(s)
    d = s.order[1]
    at_sea(s, d, "caribbean_sea")
    _npc_at(s, "caribbean_sea")
    s.round.scouting = 0
    sd = captain(s.players[d]).skills.seamanship
    rounds = [1, 1, *[SKULL] * sd, SKULL]               # the NPC rolls 2 blanks, the player wins
    dice(s, SKULL, 1, *rounds, *rounds)
    s = do(s, a, "end")
    assert set(waiting(s)) == {a, d}, "two seats: the one not fighting runs the NPC"
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.fight.npc_points["hull"] == 1
    assert "flee" not in options(s, a) and "board" in options(s, a), "an NPC never flees"
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.fight is None and "pirate_sloop" not in s.npcs
    assert s.players[d].glory == 1 and s.players[d].ship.gold == 10 + 5


def test_mmb_round_06_07_win_01_npcs_arrive_then_a_captain_at_10_ends_the_game_at_the_rounds_end() -> None:
    s = started(3, seed="win")
    s.arrivals = [Arrival(side="navy", nation="spain", ship="frigate", zone="havana",
                          skills=Skills(seamanship=3, scouting=3, leadership=3))]
    last = s.order[-1]
    s.players[last].glory, s.players[last].stash = 8, 25
    for seat in s.order:
        assert GAME.outcome(s) is None
        s = do(s, seat, "end")
    assert s.npcs["navy_spain"].zone == "havana" and s.npcs["navy_spain"].ship == "frigate"
    out = GAME.outcome(s)
    assert out is not None and out.winners == [last] and out.scores[last] == 10
    assert all(v.stash is not None for v in GAME.view(s, None).players), "every stash is shown at the end"


def test_mmb_win_02_immediate_victory_ends_the_game_at_once() -> None:
    s = started(3, seed="now", victory="immediate")
    first, second = s.order[0], s.order[1]
    s.players[second].glory = 10
    s = do(s, first, "end")
    assert GAME.outcome(s) is not None and s.round.to_play, "the round is not played out"
    s = started(3, seed="later")
    s.players[s.order[1]].glory = 10
    s = do(s, s.order[0], "end")
    assert GAME.outcome(s) is None and active(s) == s.order[1]
