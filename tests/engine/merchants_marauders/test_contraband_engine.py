"""Module 7 (contraband) in the turn engine: the contraband cards in the cargo deck, bought into
the compartment (`contraband <card>`), the compartment on the public view, sold at the port it
names with a glory point every second sale, a warship's search answered by `resist` or the
default `dump`, both compartments sharing the hold, cargo hits reaching the compartment, the
compartment lost with the captain; and a seeded game with the option on finishing."""
from __future__ import annotations

import pytest

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import contraband_turn, death
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
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

# cb-sugar-1 names Nassau, cb-sugar-2 Petit-Goâve (data/merchants_marauders/seas_of_glory/contraband.toml)
CARDS = ["cb-sugar-2", "rum-1", "tobacco-1", "cotton-1", "coffee-1", "spices-1", "timber-1", "rum-2", "textiles-1"]


def _on(seed: str = "contraband") -> tuple[State, int]:
    s = started(3, seed=seed, module_7=True)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    seat = active(s)
    s.players[seat].bounties = {}
    s.round.sale_bonus, s.round.embargo = 0, None
    return s, seat


def test_mm_m7_01_the_contraband_cards_are_in_the_deck_only_with_the_option() -> None:
    on, _ = _on()
    off = started(3, seed="contraband")
    ids = [*on.cargo.pile, *on.cargo.discard]
    assert any(c.startswith("cb-") for c in ids)
    assert not any(c.startswith("cb-") for c in [*off.cargo.pile, *off.cargo.discard])
    assert GAME.view(off, None).players[0].contraband is None
    assert GAME.view(on, None).players[0].contraband == []


def _buying(s: State, seat: int, zone: Zone = "havana") -> State:
    in_port(s, seat, zone)
    s.zones[zone].demand = "textiles"
    s.players[seat].ship.gold, s.players[seat].ship.cargo = 10, []
    s.players[seat].bought_at = None
    s.wars = []
    s.cargo.pile = [c for c in s.cargo.pile if c not in CARDS] + list(reversed(CARDS))
    s = do(s, seat, "port")
    return do(s, seat, "buy")


def test_mm_m7_05_a_contraband_card_bought_into_the_compartment_for_3() -> None:
    s, seat = _on()
    s = _buying(s, seat)
    assert "cb-sugar-2" in top(s).drawn and "contraband cb-sugar-2" in options(s, seat)
    s = do(s, seat, "contraband cb-sugar-2")
    p = s.players[seat]
    assert p.contraband == ["cb-sugar-2"] and p.ship.gold == 7 and "cb-sugar-2" not in p.ship.cargo
    assert GAME.view(s, (seat + 1) % 3).players[seat].contraband == ["cb-sugar-2"]     # public
    assert "contraband cb-sugar-2" not in options(s, seat)


def test_mm_m7_04_a_contraband_card_naming_this_port_is_replaced_in_the_draw() -> None:
    s, seat = _on()
    s = _buying(s, seat, zone="petit_goave")
    assert "cb-sugar-2" not in top(s).drawn and "cb-sugar-2" in s.cargo.discard


def _selling(s: State, seat: int, cards: list[str], zone: Zone = "petit_goave") -> State:
    in_port(s, seat, zone)
    s.wars = []
    s.players[seat].contraband = list(cards)
    s.players[seat].ship.gold = 0
    return do(s, seat, "port")


def test_mm_m7_10_contraband_sells_for_10_at_its_port_and_glory_each_second_sale() -> None:
    s, seat = _on()
    no_cards(s)
    s = _selling(s, seat, ["cb-sugar-2"])
    s = do(s, seat, "sell")
    assert options(s, seat) == ["sell cb-sugar-2", "done"]
    s = do(s, seat, "sell cb-sugar-2")
    s = do(s, seat, "done")
    p = s.players[seat]
    assert p.ship.gold == 10 and p.contraband == [] and p.tucked == ["cb-sugar-2"] and p.glory == 0
    assert GAME.view(s, None).players[seat].tucked == 1


def test_mm_m7_12_the_second_sale_gives_a_glory_point() -> None:
    s, seat = _on()
    no_cards(s)
    s.players[seat].tucked = ["cb-sugar-1"]
    s = _selling(s, seat, ["cb-sugar-2"])
    s = do(s, seat, "sell")
    s = do(s, seat, "sell cb-sugar-2")
    s = do(s, seat, "done")
    p = s.players[seat]
    assert p.glory == 1 and p.tucked == [] and {"cb-sugar-1", "cb-sugar-2"} <= set(s.cargo.discard)


def test_mm_m7_09_contraband_is_not_offered_for_sale_elsewhere() -> None:
    s, seat = _on()
    s = _selling(s, seat, ["cb-sugar-2"], zone="havana")
    s.players[seat].ship.cargo = []
    assert "sell" not in options(s, seat)


def _searched(s: State, seat: int) -> State:
    no_cards(s)
    at_sea(s, seat, "caribbean_sea")
    s.players[seat].contraband = ["cb-sugar-2"]
    s.npcs = {"navy_spain": Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="caribbean_sea",
                                skills=Skills(seamanship=2, scouting=2, leadership=2))}
    s.wars, s.turn.scouted, s.stack = [], [], []
    contraband_turn_queue = contraband_turn.searches(s, seat, "entered_zone")
    assert contraband_turn_queue == ["navy_spain"]               # searches, though it hunts no one here
    s.turn.scout_queue = contraband_turn_queue
    s.rng.forced = [SKULL, 1]
    return resettle(s)


def test_mm_m7_16_a_warship_searches_a_non_pirate_default_dump() -> None:
    s, seat = _on()
    s = _searched(s, seat)
    assert isinstance(top(s), P.ContrabandPrompt) and tuple(waiting(s)) == (seat,)
    assert GAME.notate(s, GAME.default_action(s, seat)) == "dump"
    s = do(s, seat, "dump")
    assert s.players[seat].contraband == [] and "cb-sugar-2" in s.cargo.discard and s.fight is None


def test_mm_m7_18_resisting_attacks_the_warship_for_its_bounty() -> None:
    s, seat = _on()
    s = _searched(s, seat)
    s = do(s, seat, "resist")
    assert s.fight is not None and s.fight.sides["aggressor"].seat == seat
    assert s.players[seat].bounties.get("spain") == 1


def test_mm_m7_20_a_pirate_is_not_searched() -> None:
    s, seat = _on()
    at_sea(s, seat, "caribbean_sea")
    s.players[seat].contraband = ["cb-sugar-2"]
    s.players[seat].bounties = {"england": 1}
    s.npcs = {"navy_spain": Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone="caribbean_sea",
                                skills=Skills(seamanship=2, scouting=2, leadership=2))}
    assert not contraband_turn.ask_search(s, seat, "navy_spain")


def test_mm_m7_25_both_compartments_share_the_hold_on_leaving_port() -> None:
    s, seat = _on()
    in_port(s, seat, "havana")
    s.wars = []
    p = s.players[seat]
    room = contraband_turn.hold(p)
    p.ship.cargo = [c for c in CARDS[1:]][:room]
    p.contraband = ["cb-sugar-2"]
    s = do(s, seat, "leave")
    assert isinstance(top(s), P.KeepCargoPrompt) and "keep cb-sugar-2" in options(s, seat)
    for c in ["cb-sugar-2", *p.ship.cargo[:room - 1]]:
        s = do(s, seat, f"keep {c}")
    assert s.players[seat].contraband == ["cb-sugar-2"] and len(s.players[seat].ship.cargo) == room - 1


def test_mm_m7_27_cargo_hits_reach_the_compartment_once_the_hold_is_empty() -> None:
    s, seat = _on()
    p = s.players[seat]
    p.ship.cargo, p.contraband = ["rum-1"], ["cb-sugar-2"]
    assert contraband_turn.cargo_hits(s, seat, 2)
    assert isinstance(top(s), P.CompartmentPrompt)
    s = do(s, seat, "compartment ordinary")               # the second hit: the only cards left
    p = s.players[seat]
    assert p.ship.cargo == [] and p.contraband == [] and {"rum-1", "cb-sugar-2"} <= set(s.cargo.discard)


def test_mm_m7_14_the_compartment_goes_with_the_captain_the_tucked_cards_stay() -> None:
    s, seat = _on()
    p = s.players[seat]
    p.contraband, p.tucked = ["cb-sugar-2"], ["cb-sugar-1"]
    death.kill(s, seat, [])
    assert p.contraband == [] and p.tucked == ["cb-sugar-1"]


@pytest.mark.parametrize("seed", [5, 11])
def test_a_seeded_game_with_contraband_finishes(seed: int) -> None:
    s, _, _ = bot_game(GAME, POLICIES, "greedy", seed, 3, {"module_7": True}, 40_000)
    assert GAME.outcome(s) is not None
