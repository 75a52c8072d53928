"""Seas of Glory Modules 3 and 4 in the turn engine (rules/mods_turn.py, rules/upgrades_turn.py):
the larger modification pool and its reserve, tokens coming back through the reserve, the cleaned
hull in a contest, the crow's nest when scouting; the NPC upgrade reserve, the draw when an NPC
card is turned, the tokens taken up at the round's end and handed back when the NPC is replaced
or sunk, an upgraded NPC's shot, and the upgrades a victor takes."""
from __future__ import annotations

from typing import Any

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules import upgrades_turn as UT
from engine.merchants_marauders.rules.common import captain, maxima
from engine.merchants_marauders.rules.fight import side_fighter, start_fight
from engine.merchants_marauders.rules.npc import Arrival, Npc, Skills
from engine.merchants_marauders.rules.round import end_round
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import PORTS
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    resettle,
    started,
    top,
    waiting,
)
from tests.engine.play_helpers import bot_game


def _port_tokens(s: State) -> list[str]:
    return [t for z in PORTS if (t := s.zones[z].modification) is not None]


# ---- Module 3 ----
def test_module_3_deals_the_larger_pool_and_keeps_the_rest_in_reserve() -> None:
    base = started(2, seed="m3-deal")
    assert base.mod_reserve == [] and len(_port_tokens(base)) == len(PORTS)
    s = started(2, seed="m3-deal", module_3=True)
    tokens = sorted(_port_tokens(s) + s.mod_reserve)
    assert len(_port_tokens(s)) == len(PORTS) and len(s.mod_reserve) == 20 - len(PORTS)
    assert tokens.count("crows_nest") == 2 and tokens.count("cleaned_hull") == 2
    assert "smugglers_hold" not in tokens and "plank" not in tokens, "their modules are off"
    both = started(2, seed="m3-deal", module_3=True, module_7=True, module_11=True)
    assert sorted(_port_tokens(both) + both.mod_reserve).count("smugglers_hold") == 2


def _yard(**opts: Any) -> tuple[State, int]:
    s = started(2, seed="m3-yard", **opts)
    seat = s.turn.seat
    in_port(s, seat, "havana")
    s.players[seat].ship.gold = 60
    s.players[seat].ship.modifications = ["crows_nest"]
    s.zones["havana"].modification = None           # bought earlier: the one free port
    s.stack.pop()
    s.stack.append(P.ShipyardPrompt(seats=[seat]))
    return s, seat


def test_a_token_leaving_play_goes_through_the_reserve_with_module_3() -> None:
    s, seat = _yard(module_3=True)
    reserve = list(s.mod_reserve)
    s.rng.forced = [len(reserve) + 1, 1]            # the returned token drawn back out, onto Havana
    s = do(s, seat, "ship frigate")
    assert s.players[seat].ship.modifications == [] and s.mod_reserve == reserve
    assert s.zones["havana"].modification == "crows_nest" and not s.zones["havana"].revealed


def test_module_3_draws_at_random_from_the_reserve_and_without_it_the_token_itself_returns() -> None:
    s, seat = _yard(module_3=True)
    first = s.mod_reserve[0]
    s.rng.forced = [1, 1]
    s = do(s, seat, "ship frigate")
    assert s.zones["havana"].modification == first and "crows_nest" in s.mod_reserve
    t, seat = _yard()
    t = do(t, seat, "ship frigate")
    assert t.mod_reserve == [] and t.zones["havana"].modification == "crows_nest"


def _duel(**opts: Any) -> tuple[State, int, int]:
    s = started(2, seed="m3-duel", **{"module_3": True, **opts})
    a, d = s.order[0], s.order[1]
    no_cards(s)
    for x in (a, d):
        at_sea(s, x, "caribbean_sea")
    s.round.scouting = 0
    return s, a, d


def test_a_cleaned_hull_costs_a_fleeing_enemy_a_seamanship_die() -> None:
    s, a, d = _duel()
    s.players[a].ship.modifications = ["cleaned_hull"]
    s.stack.pop()
    start_fight(s, ("seat", a), ("seat", d), [])
    s = resettle(s)
    fa, fd = side_fighter(s, "aggressor"), side_fighter(s, "defender")
    dice(s, *[1] * (C.contest_dice(fa, fd) + C.contest_dice(fd, fa)))
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    full = C.contest_dice(fd, fa, True)
    dice(s, *[1] * (C.contest_dice(fa, fd, True) + full - 1), 4)
    s = do(s, a, "shoot")
    s = do(s, d, "flee")
    assert s.rng.forced == [4], "the fleeing defender rolled a die fewer against the cleaned hull"


def _scouting(s: State, seat: int) -> int:
    return int(captain(s.players[seat]).skills.scouting)


def test_a_working_crows_nest_adds_a_scouting_die_and_hides_its_ship() -> None:
    s, a, d = _duel()
    s.players[a].ship.modifications = ["crows_nest"]
    dice(s, *[1] * (_scouting(s, a) + 1), 4)
    s = do(s, a, f"scout p{d + 1}")
    assert s.rng.forced == [4], "one die more"
    t, a2, d2 = _duel()
    t.players[d2].ship.modifications = ["crows_nest"]
    dice(t, *[1] * max(_scouting(t, a2) - 1, 1), 4)
    t = do(t, a2, f"scout p{d2 + 1}")
    assert t.rng.forced == [4], "one die fewer against the target's nest"


def test_a_crows_nest_with_damaged_masts_does_nothing() -> None:
    s, a, d = _duel()
    s.players[a].ship.modifications = ["crows_nest"]
    s.players[a].ship.points["masts"] = maxima(s.players[a])["masts"] - 1
    dice(s, *[1] * _scouting(s, a), 4)
    s = do(s, a, f"scout p{d + 1}")
    assert s.rng.forced == [4]


# ---- Module 4 ----
def test_module_4_reserve_leaves_out_the_tokens_of_modules_that_are_off() -> None:
    assert started(2, seed="m4").npc_reserve == []
    s = started(2, seed="m4", module_4=True)
    assert "spikes" not in s.npc_reserve and "crows_nest" not in s.npc_reserve and "two" in s.npc_reserve
    full = started(2, seed="m4", module_2=True, module_3=True, module_4=True)
    assert len(full.npc_reserve) == len(defs().npc_upgrades.upgrades)


def test_upgrades_drawn_when_the_card_is_turned_and_taken_up_on_arrival() -> None:
    s = started(2, seed="m4-arrive", module_4=True)
    s.npcs["navy_spain"] = Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="havana",
                               skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.npc_upgrades = {"navy_spain": ["grapeshot_1"]}
    s.npc_reserve.remove("grapeshot_1")
    arrival = Arrival(side="navy", nation="spain", ship="frigate", zone="havana",
                      skills=Skills(seamanship=3, scouting=3, leadership=3))
    s.arrivals.append(arrival)
    s.rng.forced = [s.npc_reserve.index("chain_shot_1") + 1]
    UT.on_event(s, arrival, [])
    assert s.npc_pending == [["chain_shot_1"]] and "chain_shot_1" not in s.npc_reserve
    end_round(s, [])
    assert s.npc_upgrades["navy_spain"] == ["chain_shot_1"]
    assert "grapeshot_1" in s.npc_reserve, "the replaced NPC's tokens go back"


def _npc_fight(tokens: list[str]) -> tuple[State, int]:
    s = started(2, seed="m4-fight", module_2=True, module_3=True, module_4=True)
    seat = s.order[0]
    no_cards(s)
    at_sea(s, seat, "caribbean_sea")
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone="caribbean_sea",
                                 skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.npc_upgrades = {"pirate_sloop": list(tokens)}
    for t in tokens:
        s.npc_reserve.remove(t)
    s.stack.pop()
    start_fight(s, ("seat", seat), ("npc", "pirate_sloop"), [])
    return resettle(s), seat


def test_an_upgraded_npc_spends_its_shot_on_a_skull_and_keeps_it_after_the_fight() -> None:
    s, seat = _npc_fight(["chain_shot_1"])
    assert side_fighter(s, "defender").weapons == frozenset({"chain_shot"})
    fa, fd = side_fighter(s, "aggressor"), side_fighter(s, "defender")
    dice(s, *[1] * C.contest_dice(fa, fd), *[SKULL] * C.contest_dice(fd, fa), SKULL)
    masts = s.players[seat].ship.points["masts"]
    s = do(s, seat, "shoot")
    s = do(s, 1 - seat, "shoot")                     # the other captain gives the NPC's order
    assert s.fight is not None and s.fight.npc_spent == ["chain_shot"]
    assert s.players[seat].ship.points["masts"] == masts - 1, "the skull went to the masts"
    assert "chain_shot" not in side_fighter(s, "defender").weapons, "spent for this fight"
    assert s.npc_upgrades["pirate_sloop"] == ["chain_shot_1"]


def test_a_sunk_npc_hands_its_tokens_back_and_a_boarding_victor_takes_them() -> None:
    s, seat = _npc_fight(["grapeshot_1", "crows_nest"])
    assert s.fight is not None
    s.fight.victor, s.fight.boarded, s.fight.step = "aggressor", True, "aftermath"
    s.stack = [x for x in s.stack if not isinstance(x, P.OrdersPrompt)]
    s.fight.orders = None
    s = do(resettle(s), seat, "done")               # asked first: keep one's own ship (capture_turn)
    assert isinstance(top(s), P.UpgradesPrompt) and waiting(s) == (seat,)
    assert options(s, seat) == ["take upgrade grapeshot_1", "take upgrade crows_nest", "done"]
    assert GAME.notate(s, GAME.default_action(s, seat)) == "done"
    s = do(s, seat, "take upgrade grapeshot_1")
    assert "grapeshot" in s.players[seat].ship.weapons and s.players[seat].ship.npc_tokens == ["grapeshot_1"]
    s = do(s, seat, "done")
    assert s.fight is None and "pirate_sloop" not in s.npcs
    assert "crows_nest" in s.npc_reserve and "grapeshot_1" not in s.npc_reserve
    s.players[seat].ship.weapons.remove("grapeshot")       # spent in a raid, say
    UT.settle_tokens(s)
    assert "grapeshot_1" in s.npc_reserve and s.players[seat].ship.npc_tokens == []


def test_seeded_games_with_modules_2_3_4_finish_and_replay() -> None:
    opts = {"module_2": True, "module_3": True, "module_4": True}
    for bot, players in (("greedy", 3), ("random", 4)):
        s, log, setup = bot_game(GAME, POLICIES, bot, 5, players, opts, 40_000)
        assert s.turn.phase == "done"
        assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_the_view_shows_the_npc_upgrades_and_the_reserves_sizes_only_with_the_modules() -> None:
    off = GAME.view(started(2, seed="m4-view"), 0)
    assert off.npc_upgrades is None and off.mod_reserve is None and off.npc_reserve is None
    s = started(2, seed="m4-view", module_3=True, module_4=True)
    s.npc_upgrades = {"pirate_sloop": ["grapeshot_1"]}
    v = GAME.view(s, 1)
    assert v.npc_upgrades == {"pirate_sloop": ["grapeshot_1"]}
    assert v.mod_reserve == len(s.mod_reserve) and v.npc_reserve == len(s.npc_reserve)
