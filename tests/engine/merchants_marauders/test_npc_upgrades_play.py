"""NPC upgrades through play (Seas of Glory Module 4): an NPC event card turned at a round's start
draws the arriving ship's tokens from the reserve, the NPC takes them up at the round's end, and
they go with it into war and into its scouting. Each draw is one die over the tokens left in the
reserve (face k: the k-th), so a test scripts exactly which token comes up. The pure rule tests
(test_npc_upgrades.py) stay beside these.

Without Modules 2 and 3 the reserve is these 12 tokens, in this order."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    in_port,
    no_cards,
    started,
)
from tests.engine.merchants_marauders.test_bounties_and_war_play import WAR_CARDS, _next_round

RESERVE = ["zero", "two", "chain_shot_1", "chain_shot_2", "grapeshot_1", "grapeshot_2", "boarding_hooks_1",
           "boarding_hooks_2", "extra_cannon_port", "hammocks", "reinforced_hull", "trimmed_rigging"]
SPANISH_FRIGATE = "ev-01"      # a Spanish navy frigate (2 modification slots) for Havana
PIRATE_SLOOP = "ev-13"         # a pirate sloop (1 slot) for the Caribbean Sea
SK = Skills(seamanship=2, scouting=2, leadership=2)


def _game(seed: str, **opts: Any) -> State:
    s = started(2, seed=seed, module_4=True, **opts)
    no_cards(s)
    for seat in range(2):
        in_port(s, seat, "bridgetown")
    s.npc_reserve, s.npc_upgrades, s.npc_pending, s.arrivals = list(RESERVE), {}, [], []
    return s


def _drawn(seed: str, event: str, *faces: int) -> State:
    """The next round turns `event`; its draw takes the scripted faces."""
    s = _game(seed)
    s = _next_round(s, event, *faces)
    assert not s.rng.forced, "every scripted face was a draw"
    return s


def test_mm_m4_04_a_0_gives_nothing_and_goes_back() -> None:
    s = _drawn("zero", SPANISH_FRIGATE, 1)
    assert s.npc_pending == [[]] and sorted(s.npc_reserve) == sorted(RESERVE)


def test_mm_m4_03_an_ordinary_token_goes_with_the_arriving_npc() -> None:
    s = _drawn("one", SPANISH_FRIGATE, 3)
    assert s.npc_pending == [["chain_shot_1"]] and "chain_shot_1" not in s.npc_reserve
    s = _next_round(s, "ev-30")
    assert s.npc_upgrades["navy_spain"] == ["chain_shot_1"], "taken up when it arrives at the round's end"


def test_mm_m4_05_a_2_gives_two_upgrades_and_goes_back() -> None:
    s = _drawn("two", SPANISH_FRIGATE, 2, 3, 5)   # the 2; then chain shot 2; then boarding hooks 1
    assert s.npc_pending == [["chain_shot_2", "boarding_hooks_1"]]
    assert "two" in s.npc_reserve and len(s.npc_reserve) == 10


def test_mm_m4_06_a_0_while_taking_two_is_put_back_and_another_drawn() -> None:
    s = _drawn("two-zero", SPANISH_FRIGATE, 2, 1, 1, 2)   # the 2, the 0 (aside), chain shot 1, grapeshot 1
    assert s.npc_pending == [["chain_shot_1", "grapeshot_1"]]
    assert {"zero", "two"} <= set(s.npc_reserve) and len(s.npc_reserve) == 10


def test_mm_m4_12_a_kind_it_already_has_is_set_aside_and_another_drawn() -> None:
    s = _drawn("same-kind", SPANISH_FRIGATE, 2, 2, 2, 2)   # the 2, chain shot 1, chain shot 2 (aside), grapeshot 1
    assert s.npc_pending == [["chain_shot_1", "grapeshot_1"]] and "chain_shot_2" in s.npc_reserve


def test_mm_m4_12_a_modification_beyond_the_ships_slots_is_set_aside() -> None:
    # the sloop's one slot: the extra cannon port fits, the hammocks do not, the grapeshot does
    s = _drawn("slots", PIRATE_SLOOP, 2, 8, 8, 4)
    assert s.npc_pending == [["extra_cannon_port", "grapeshot_1"]] and "hammocks" in s.npc_reserve


def test_mm_m4_11_war_turns_the_frigate_into_a_man_o_war_with_its_upgrades() -> None:
    s = _game("war")
    s.npcs = {f"navy_{n}": Npc(slot=f"navy_{n}", side="navy", nation=n, ship="frigate", zone="havana", skills=SK)
              for n in ("spain", "england", "france", "netherlands")}
    s.npc_upgrades = {f"navy_{n}": [t] for n, t in (("spain", "chain_shot_1"), ("england", "grapeshot_1"),
                                                     ("france", "hammocks"), ("netherlands", "boarding_hooks_1"))}
    s = _next_round(s, WAR_CARDS[0])
    x, y = s.wars[0]
    for n in (x, y):
        assert s.npcs[f"navy_{n}"].ship == "man_o_war" and len(s.npc_upgrades[f"navy_{n}"]) == 1, n
    s = _next_round(s, WAR_CARDS[1])
    assert all(len(s.npc_upgrades[f"navy_{n}"]) == 1 for n in ("spain", "england", "france", "netherlands"))
    assert all(npc.ship == "frigate" for npc in s.npcs.values())


def test_mm_m4_14_an_npc_with_a_crows_nest_scouts_with_a_die_more() -> None:
    s = _game("nest", module_3=True)
    a, b = s.order
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone="havana", skills=SK)
    s.npc_upgrades = {"pirate_sloop": ["crows_nest"]}
    at_sea(s, b, "havana")
    s.players[b].ship.cargo = ["rum-1"]
    dice(s, 1, 1, 1, 4)
    s = do(s, a, "end")
    assert active(s) == b and s.rng.forced == [4], "Scouting 2 and the nest: 3 dice"


def test_mm_m4_15_a_player_scouting_for_an_npc_with_a_nest_rolls_a_die_fewer_never_below_1() -> None:
    s = _game("hide", module_3=True)
    a = s.order[0]
    p = s.players[a]
    p.captain = "pieter_hoogeveen"                          # Scouting 2
    at_sea(s, a, "havana")
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop", zone="havana", skills=SK)
    s.npc_upgrades = {"pirate_sloop": ["crows_nest"]}
    s.round.scouting = 0
    dice(s, 1, 4)
    s = do(s, a, "scout pirate_sloop")
    assert s.fight is None and s.rng.forced == [4], "one die, not two"
    s.round.scouting = -1                                   # a fog as well: still one die
    dice(s, SKULL, 4)
    s = do(s, a, "scout pirate_sloop")
    assert s.fight is not None and s.rng.forced == [4]
