"""The treasure galleon through play (Seas of Glory Module 6): it sails on each round's event card
as the seats end their turns, and a captain scouts it, fights it and boards it with orders and
scripted dice. The pure rule tests (test_treasure_galleon.py) stay beside these.

Its captain has Seamanship 3, Scouting 1 and Leadership 4; it sails a galleon (hull 4, crew 3,
cargo 5, manoeuvrability 2). Pieter Hoogeveen's frigate (manoeuvrability 3) gets no extra die."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    options,
    started,
    top,
)
from tests.engine.merchants_marauders.test_naval_combat_play import AGGRESSOR, FULL_FRIGATE, _round
from tests.engine.merchants_marauders.test_round import _next_round

GALLEON = "treasure_galleon"
FOG = "ev-30"           # its first icon: the Netherlands S
NORTH = "ev-13"         # its first icon: the pirates N


def _game(seed: str, zone: Zone = "cartagena", **opts: Any) -> State:
    s = started(2, seed=seed, module_6=True, **opts)
    no_cards(s)
    for seat in range(2):
        in_port(s, seat, "bridgetown")
    s.npcs[GALLEON] = s.npcs[GALLEON].model_copy(update={"zone": zone})
    return s


def _hunter(seed: str, gold: int = 0, **opts: Any) -> tuple[State, int, int]:
    """The first player's frigate finds the galleon at Cartagena: the fight's first orders open."""
    s = _game(seed, **opts)
    a, d = s.order
    p = s.players[a]
    p.captain = AGGRESSOR
    at_sea(s, a, "cartagena")
    p.ship.type, p.ship.points = "frigate", dict(FULL_FRIGATE)
    s.treasure_gold = gold
    s.round.scouting = 0
    dice(s, SKULL, 1)
    s = do(s, a, f"scout {GALLEON}")
    assert s.fight is not None and s.fight.sides["defender"].npc == GALLEON
    return s, a, d


def test_mm_m6_07_its_gold_has_no_limit() -> None:
    s = _game("rich", "havana")
    s.treasure_gold = 95
    s = _next_round(s, FOG)
    s = _next_round(s, NORTH)
    assert s.treasure_gold == 105


def test_mm_m6_08_at_a_shore_it_turns_clockwise_and_still_takes_on_its_gold() -> None:
    s = _game("shore", "nassau")
    gold = s.treasure_gold
    s = _next_round(s, NORTH)                        # nothing N, NE or E of Nassau
    assert s.npcs[GALLEON].zone == "tortuga" and s.treasure_gold == gold + 5


def test_mm_m6_05_it_hunts_no_one_and_starts_no_fight() -> None:
    s = _game("harmless", "cartagena")
    a, b = s.order
    at_sea(s, b, "cartagena")
    s.players[b].ship.cargo = ["rum-1", "rum-2"]      # rich prey for any pirate
    dice(s, SKULL, SKULL, SKULL)
    s = do(s, a, "end")
    assert active(s) == b and s.fight is None and s.rng.forced == [SKULL, SKULL, SKULL], "it never scouts"


def test_mm_m6_23_wind_and_storm_neither_steer_nor_harm_it() -> None:
    s = _game("weather", "havana", module_8=True)
    s.storm = "havana"
    s.events.pile.append(FOG)
    while s.round.number == 1:
        if active(s) == s.order[-1]:
            dice(s, 1)                              # a north wind
        s = do(s, active(s), "end")
    assert s.round.wind == "N" and s.npcs[GALLEON].zone == "port_royal", "the card's S, not the wind's N"


def test_mm_m6_14_16_boarded_it_yields_its_gold_but_no_goods_and_leaves_the_game() -> None:
    s, a, d = _hunter("board", gold=20)
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, 1, 1, 2, 3)   # cargo, masts, crew
    gold = s.players[a].ship.gold
    s = _round(s, a, d, ("board", "shoot"), SKULL, SKULL, 1, 1, 1,
               SKULL, SKULL, 1, 1, 1, 1, 1)          # the clash: its 2 crew left, Leadership 4
    assert s.fight is not None and s.fight.victor == "aggressor"
    assert s.players[a].ship.gold == gold + 20, "its gold"
    assert isinstance(top(s), P.TreasurePrompt) and options(s, a) == ["take ship", "done"]
    s = do(s, a, "done")
    assert not isinstance(top(s), P.KeepCargoPrompt), "no cargo cards to keep"
    assert GALLEON not in s.npcs and GAME.view(s, None).treasure_gold is None


def test_mm_m6_15_it_repairs_all_its_damage_between_fights() -> None:
    s, a, d = _hunter("repair")
    s = _round(s, a, d, ("shoot", "shoot"), SKULL, SKULL, 1, 1, 1, 2, 2, 3)
    assert s.fight is not None and s.fight.npc_points["masts"] == 1 and s.fight.npc_points["crew"] == 2
    s = _round(s, a, d, ("flee", "shoot"), SKULL, SKULL, 1, 1, 1)
    assert s.fight is None, "won the contest, no skull against it: away"
    dice(s, SKULL, 1)
    s = do(s, a, f"scout {GALLEON}")
    assert s.fight is not None and s.fight.npc_points == {"hull": 4, "masts": 3, "crew": 3, "cannons": 3, "cargo": 5}


def test_mm_m6_19_20_21_with_npc_upgrades_it_draws_at_setup_from_the_reserve() -> None:
    drew_two = False
    for seed in ("up-a", "up-b", "up-c", "up-d", "up-e", "up-f"):
        s = started(2, seed=seed, module_4=True, module_6=True)
        tokens = s.npc_upgrades.get(GALLEON, [])
        assert 1 <= len(tokens) <= 2, "one draw: a token, or two for a 2"
        assert not set(tokens) & set(s.npc_reserve), "taken out of the reserve"
        drew_two = drew_two or len(tokens) == 2
    assert drew_two, "a 2 drawn gives it two"
    off = started(2, seed="up-a", module_6=True)
    assert GALLEON not in off.npc_upgrades, "without Module 4 it has none"
