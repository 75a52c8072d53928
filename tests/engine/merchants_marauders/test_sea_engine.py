"""Modules 6, 8 and 1 in the turn engine: the treasure galleon (set up at Cartagena, sailing on an
event's first icon for 5 gold, the Spanish bounty for finding it, its spoils), wind and weather
(the vane and the storm at the round's start, Move costs by bearing, the free wind Move even
after the last action, the storm token striking, no NPC scouting in its zone) and the new cards
(the mixed decks, pirate brigs and men-o'-war, the named war, the third mission, two men-o'-war
blind), each with its option on and off."""
from __future__ import annotations

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders.card_defs import cards
from engine.merchants_marauders.defs import defs
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import weather as W
from engine.merchants_marauders.rules.common import captain, sea
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import BEARINGS, clockwise
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    resettle,
    started,
    waiting,
)
from tests.engine.play_helpers import bot_game

SEA_OPTIONS = {"module_1": True, "module_6": True, "module_8": True}
FOG = "ev-30"       # a base event: Scouting 1 die fewer; its icons: the Netherlands S, then England NE


def _skill(s: State, seat: int, skill: str) -> int:
    return int(getattr(captain(s.players[seat]).skills, skill))


def _next_round(s: State, event: str) -> State:
    s.events.pile.append(event)
    for _ in s.order:
        s = do(s, active(s), "end")
    return s


def _hp(s: State, seat: int) -> int:
    return sum(s.players[seat].ship.points.values())


# ---- Module 8: wind and weather ----
def test_mm_m8_off_no_vane_no_storm_and_every_move_costs_one() -> None:
    s = started(3, seed="calm")
    v = GAME.view(s, None)
    assert v.wind is None and v.storm is None and s.round.wind is None
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    assert not any(o.startswith("wind") for o in options(s, seat))
    s = do(s, seat, f"move {next(iter(sea()['caribbean_sea'].values()))}")
    assert s.turn.actions == 2


def test_mm_m8_03_04_11_12_the_vane_is_spun_and_the_storm_sails_with_it_before_the_event() -> None:
    s = started(3, seed="vane", module_8=True)
    wind = s.round.wind
    assert wind in BEARINGS and wind is not None
    assert s.storm == W.move_storm(W.STORM_START, wind, sea()), "round 1: one zone from the Caribbean Sea"
    before = s.storm
    s = _next_round(s, FOG)
    assert s.round.number == 2 and s.round.wind is not None and s.storm is not None and before is not None
    assert s.storm == W.move_storm(before, s.round.wind, sea())
    v = GAME.view(s, None)
    assert v.wind == s.round.wind and v.storm == s.storm, "the vane and the storm are public"


def test_mm_m8_17_the_storm_sailing_onto_a_ship_does_not_strike_it() -> None:
    s = started(3, seed="onto", module_8=True)
    s.storm = "caribbean_sea"
    onto = W.move_storm("caribbean_sea", BEARINGS[0], sea())
    last = s.order[-1]
    for seat in s.order:
        in_port(s, seat, "port_royal")
    at_sea(s, last, onto)
    hp = _hp(s, last)
    s.events.pile.append(FOG)
    for _ in s.order[:-1]:
        s = do(s, active(s), "end")
    dice(s, 1)                               # the next vane: the first bearing
    s = do(s, last, "end")
    assert s.round.number == 2 and s.round.wind == BEARINGS[0] and s.storm == onto
    assert _hp(s, last) == hp, "only entering its zone or starting a turn there strikes"


def _windy(seed: str) -> tuple[State, int, str, str]:
    """At sea in the Caribbean Sea, the storm out of the way: the wind toward one neighbour."""
    s = started(3, seed=seed, module_8=True)
    seat = active(s)
    at_sea(s, seat, "caribbean_sea")
    here = sea()["caribbean_sea"]
    wind = next(b for b in BEARINGS if b in here and clockwise(b, 4) in here)
    s.round.wind = wind
    s.storm = None                          # out of play unless a test puts it somewhere
    return s, seat, here[wind], here[clockwise(wind, 4)]


def test_mm_m8_07_08_a_move_against_the_wind_costs_two_and_needs_two_actions_left() -> None:
    s, seat, _, upwind = _windy("against")
    s = do(s, seat, f"move {upwind}")
    assert s.turn.actions == 1 and s.players[seat].zone == upwind
    at_sea(s, seat, "caribbean_sea")
    assert f"move {upwind}" not in options(s, seat), "against the wind with one action left: not offered"
    assert any(o.startswith("move ") for o in options(s, seat)), "other Moves still cost 1"


def test_mm_m8_06_10_the_free_wind_move_once_a_round_also_after_the_last_action() -> None:
    s, seat, downwind, _ = _windy("free")
    assert f"wind {downwind}" in options(s, seat) and f"move {downwind}" in options(s, seat)
    assert GAME.parse(s, seat, f"wind {downwind}") == GAME.parse(s, seat, f"wind {downwind}")
    wind = s.round.wind
    assert wind is not None
    other = next(z for z in sea()["caribbean_sea"].values() if z != downwind and wind in sea()[z] and s.storm not in (z, sea()[z][wind]))
    s.turn.actions = 1
    s = do(s, seat, f"move {other}")
    then = sea()[other][wind]
    assert s.turn.actions == 0 and waiting(s) == (seat,), "the free wind move keeps the turn open"
    assert options(s, seat) == [f"wind {then}", "end"]
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "end")
    s = do(s, seat, f"wind {then}")
    assert s.players[seat].zone == then and seat in s.round.wind_moved
    assert active(s) != seat, "no action and no free move left: the turn ends"


def test_mm_m8_06_the_free_wind_move_is_spent_for_the_round() -> None:
    s, seat, downwind, _ = _windy("spent")
    s = do(s, seat, f"wind {downwind}")
    assert s.turn.actions == 3
    assert not any(o.startswith("wind") for o in options(s, seat))


def test_mm_m8_14_15_the_storm_strikes_a_ship_sailing_into_its_zone() -> None:
    s, seat, downwind, _ = _windy("strike")
    s.storm = downwind  # type: ignore[assignment]
    no_cards(s)
    s.players[seat].specialists = []
    hp = _hp(s, seat)
    dice(s, *[1] * _skill(s, seat, "seamanship"), 1, 2, 4)     # no skull: 3 hits, cargo, masts, cannons
    s = do(s, seat, f"move {downwind}")
    assert _hp(s, seat) == hp - 3 and not s.rng.forced


def test_mm_m8_14_a_skull_per_die_stops_a_storm_hit() -> None:
    s, seat, downwind, _ = _windy("skulls")
    s.storm = downwind  # type: ignore[assignment]
    no_cards(s)
    s.players[seat].specialists = []
    hp = _hp(s, seat)
    n = _skill(s, seat, "seamanship")
    dice(s, *[SKULL] * min(n, 3), *[1] * (n - min(n, 3)), *[1] * (3 - min(n, 3)))
    s = do(s, seat, f"move {downwind}")
    assert _hp(s, seat) == hp - (3 - min(n, 3))


def test_mm_m8_16_the_storm_strikes_at_the_start_of_a_turn_at_sea_but_not_in_port() -> None:
    s = started(3, seed="turn-start", module_8=True)
    first, second, third = s.order
    s.storm = "port_royal"
    at_sea(s, second, "port_royal")
    in_port(s, third, "port_royal")
    no_cards(s)
    for p in s.players:
        p.specialists = []
    hp2, hp3 = _hp(s, second), _hp(s, third)
    dice(s, *[1] * _skill(s, second, "seamanship"), 1, 1, 1)
    s = do(s, first, "end")
    assert active(s) == second and _hp(s, second) == hp2 - 3 and not s.rng.forced
    s = do(s, second, "end")
    assert active(s) == third and _hp(s, third) == hp3, "sheltered in port"
    dice(s, *[1] * _skill(s, third, "seamanship"), 1, 1, 1)
    s = do(s, third, "leave")
    assert _hp(s, third) == hp3 - 3, "sailing out of port into the storm's zone is entering it (MM-M8-15)"


def test_mm_m8_21_no_npc_scouts_in_the_storms_zone() -> None:
    s, seat, downwind, _ = _windy("storm-scout")
    pirate = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone=downwind,
                 skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.npcs["pirate_sloop"] = pirate
    s.players[seat].bounties = {}
    s.storm = downwind  # type: ignore[assignment]
    no_cards(s)
    s.players[seat].specialists = []
    dice(s, *[SKULL] * _skill(s, seat, "seamanship"), SKULL, SKULL)
    s = do(s, seat, f"wind {downwind}")
    assert s.fight is None and not s.turn.scouted, "the pirate does not scout in the storm"
    s2, seat2, downwind2, _ = _windy("storm-scout")
    s2.npcs["pirate_sloop"] = pirate.model_copy(update={"zone": downwind2})
    s2.players[seat2].bounties = {}
    no_cards(s2)
    dice(s2, SKULL, SKULL)
    s2 = do(s2, seat2, f"wind {downwind2}")
    assert s2.turn.scouted == [("pirate_sloop", seat2)], "out of the storm it scouts"


# ---- Module 6: the treasure galleon ----
def test_mm_m6_02_03_the_galleon_starts_at_cartagena_empty_and_only_with_its_option() -> None:
    s = started(3, seed="galleon", module_6=True)
    g = s.npcs["treasure_galleon"]
    assert g.side == "treasure" and g.nation == "spain" and g.skills == Skills(seamanship=3, scouting=1, leadership=4)
    assert GAME.view(s, None).treasure_gold == s.treasure_gold
    off = started(3, seed="galleon")
    assert "treasure_galleon" not in off.npcs and GAME.view(off, None).treasure_gold is None


def test_mm_m6_04_06_it_sails_on_the_events_first_icon_taking_on_five_gold() -> None:
    s = started(3, seed="sail", module_6=True)
    s.npcs["treasure_galleon"] = s.npcs["treasure_galleon"].model_copy(update={"zone": "havana"})
    gold = s.treasure_gold
    s = _next_round(s, FOG)                  # the first icon (the Netherlands, S) moves it
    assert s.npcs["treasure_galleon"].zone == W.move_storm("havana", "S", sea()) == "port_royal"
    assert s.treasure_gold == gold + 5 and GAME.view(s, 1).treasure_gold == gold + 5


def _galleon_fight(seed: str, gold: int) -> tuple[State, int]:
    return _galleon_fight_with(seed, gold, module_6=True)


def _galleon_fight_with(seed: str, gold: int = 0, **opts: bool) -> tuple[State, int]:
    s = started(3, seed, "sloop", **opts)
    seat = active(s)
    at_sea(s, seat, "cartagena")
    s.npcs["treasure_galleon"] = s.npcs["treasure_galleon"].model_copy(update={"zone": "cartagena"})
    s.treasure_gold = gold
    s.round.scouting = 0
    no_cards(s)
    s.players[seat].bounties = {}
    assert "scout treasure_galleon" in options(s, seat)
    dice(s, SKULL, *[1] * (_skill(s, seat, "scouting") - 1))
    s = do(s, seat, "scout treasure_galleon")
    return s, seat


def test_mm_m6_09_10_finding_the_galleon_gives_a_spanish_bounty_and_starts_the_fight() -> None:
    s, seat = _galleon_fight("find", 0)
    assert s.players[seat].bounties == {"spain": 1}
    assert s.fight is not None and s.fight.sides["defender"].npc == "treasure_galleon"
    assert waiting(s) == (seat,) or seat in waiting(s)


def test_mm_m6_11_12_13_boarded_it_pays_its_gold_a_bounty_per_ten_and_leaves_the_game() -> None:
    s, seat = _galleon_fight("board", 25)
    gold, glory = s.players[seat].ship.gold, s.players[seat].glory
    assert s.fight is not None
    s.stack = []
    s.fight.victor, s.fight.boarded, s.fight.step = "aggressor", True, "aftermath"
    s = resettle(s)
    p = s.players[seat]
    assert p.bounties == {"spain": 3}, "1 for finding it, 2 for 25 gold"
    assert p.ship.gold == gold + 25 and p.glory == glory + 1, "its gold, and the victor's one glory"
    assert waiting(s) == (seat,) and options(s, seat) == ["take ship", "done"]
    assert GAME.default_action(s, seat) == GAME.parse(s, seat, "done"), "the default keeps the victor's ship"
    kept = do(s, seat, "done")
    assert kept.players[seat].ship.type == "sloop"
    assert "treasure_galleon" not in kept.npcs and GAME.view(kept, None).treasure_gold is None
    took = do(s, seat, "take ship")
    assert took.players[seat].ship.type == "treasure_galleon" and took.players[seat].ship.gold == gold + 25
    assert took.players[seat].ship.points["hull"] == defs().all_ships()["treasure_galleon"].hull


def test_mm_m6_22_with_the_manoeuvre_1_galleons_the_treasure_galleon_has_manoeuvre_1() -> None:
    from engine.merchants_marauders.rules.fight import side_fighter
    for opts, want in (({"module_6": True}, 2), ({"module_6": True, "module_5": True}, 1)):
        s, _ = _galleon_fight_with("slow", 0, **opts)
        assert side_fighter(s, "defender").manoeuvre == want


def test_mm_m6_17_sunk_its_gold_goes_down_with_it() -> None:
    s, seat = _galleon_fight("sink", 30)
    gold = s.players[seat].ship.gold
    assert s.fight is not None
    s.stack = []
    s.fight.victor, s.fight.boarded, s.fight.step = "aggressor", False, "aftermath"
    s.fight.npc_points["hull"] = 0
    s = resettle(s)
    assert s.players[seat].bounties == {"spain": 4} and s.players[seat].ship.gold == gold
    assert "treasure_galleon" not in s.npcs and s.treasure_gold == 0


# ---- Module 1: the new cards ----
def test_mm_m1_01_03_the_new_cards_are_mixed_into_the_decks_only_with_the_option() -> None:
    c = cards()
    on, off = started(3, seed="decks", module_1=True), started(3, seed="decks")
    def every(s: State, deck: str) -> set[str]:
        d = getattr(s, deck)
        held = {p.captain for p in s.players} if deck == "captains" else set()
        slots = {x.mission for x in s.board if x.mission} if deck == "missions" else set()
        event = {s.round.event} if deck == "events" and s.round.event else set()
        return set(d.pile) | set(d.discard) | held | slots | event
    new = {"events": {e.id for e in c.sog.events.events.values()},
           "missions": {m.id for m in c.sog.missions.missions.values()},
           "rumours": {r.id for r in c.sog.rumours.rumours.values()}, "captains": set(defs().sog_captains.captains)}
    for deck, ids in new.items():
        assert ids <= every(on, deck) and every(off, deck) < every(on, deck), f"{deck}: the new cards mixed in"
        assert not every(off, deck) & ids, f"{deck}: none of them without module_1"


def test_mm_m1_06_a_pirate_brig_comes_with_its_card_and_arrives_at_the_rounds_end() -> None:
    s = started(3, seed="brig", module_1=True)
    s = _next_round(s, "sev-01")
    assert [(a.side, a.ship, a.zone) for a in s.arrivals] == [("pirate", "brig", "cartagena")]
    s = _next_round(s, FOG)
    assert s.npcs["pirate_brig"].ship == "brig" and s.npcs["pirate_brig"].zone != "" and not s.arrivals


def test_mm_m1_05_a_navy_man_o_war_arrives_in_peace() -> None:
    s = started(3, seed="mow", module_1=True)
    s.wars = []
    s = _next_round(s, "sev-07")
    s = _next_round(s, FOG)
    n = s.npcs["navy_england"]
    assert n.ship == "man_o_war" and not n.by_war


def test_mm_m1_04_a_named_war_starts_between_its_nations() -> None:
    s = started(3, seed="war", module_1=True)
    s.wars = [("france", "netherlands")]
    s = _next_round(s, "sev-11")
    assert [set(w) for w in s.wars] == [{"england", "spain"}]


def test_mm_m1_11_mercenaries_puts_a_third_mission_in_play() -> None:
    s = started(3, seed="merc", module_1=True)
    assert len(s.board) == 2
    s = _next_round(s, "sev-10")
    assert len(s.board) == 3 and all(x.mission for x in s.board)
    s = _next_round(s, "sev-10")
    assert len(s.board) == 3, "a second mercenaries card opens no fourth slot"


def test_mm_m1_07_two_men_o_war_in_a_zone_do_not_scout() -> None:
    s, seat, downwind, _ = _windy("blind")
    s.options["module_1"] = True
    for slot, nation in (("navy_spain", "spain"), ("navy_england", "england")):
        s.npcs[slot] = Npc(slot=slot, side="navy", nation=nation, ship="man_o_war", zone=downwind,
                           skills=Skills(seamanship=3, scouting=3, leadership=3))
    s.players[seat].bounties = {"spain": 2, "england": 1}
    s = do(s, seat, f"wind {downwind}")
    assert not s.turn.scouted and s.fight is None
    s2, seat2, downwind2, _ = _windy("blind")
    s2.npcs["navy_spain"] = Npc(slot="navy_spain", side="navy", nation="spain", ship="man_o_war", zone=downwind2,
                                skills=Skills(seamanship=3, scouting=3, leadership=3))
    s2.players[seat2].bounties = {"spain": 2}
    no_cards(s2)
    dice(s2, *[1] * 3)
    s2 = do(s2, seat2, f"wind {downwind2}")
    assert s2.turn.scouted == [("navy_spain", seat2)], "one man-o'-war alone scouts"


# ---- all three on ----
def test_seeded_games_with_modules_1_6_and_8_finish_and_replay() -> None:
    for bot, players in (("greedy", 3), ("random", 2)):
        s, log, setup = bot_game(GAME, POLICIES, bot, players, players, dict(SEA_OPTIONS), 40_000)
        assert GAME.outcome(s) is not None
        assert any(a.startswith("wind ") for _, a in log), "the free wind move is played"
        assert replay(GAME, setup, log).model_dump() == s.model_dump()
