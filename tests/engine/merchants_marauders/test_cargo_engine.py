"""Cargo and decks in the turn engine: Module 7's contraband kept from a raid or a rumour's reward
(`contraband <card>` in the keep prompt), Module 3's smuggler's hold with Module 7 (its card
hidden, free of room, searches, hits and dumps; `hide <card>`), Module 3's optional selling rule
(`module_3_selling`) and Module 1's separate decks (`module_1_separate`, `rumour new`); and a
seeded game with each of Modules 1, 3 and 7 alone, finishing and replaying."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import contraband_turn, death, module1_turn
from engine.merchants_marauders.rules.common import captain, hold
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
    options,
    resettle,
    started,
    top,
    waiting,
)
from tests.engine.play_helpers import bot_game

MAX_STEPS = 40_000


def _game(seed: str, **opts: Any) -> tuple[State, int]:
    s = started(3, seed=seed, **opts)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    seat = active(s)
    p = s.players[seat]
    p.bounties, p.ship.cargo, p.contraband = {}, [], []
    s.round.sale_bonus, s.round.embargo, s.round.scouting, s.wars = 0, None, 0, []
    no_cards(s)
    return s, seat


def _top_cards(s: State, *cards: str) -> None:
    """These cards next off the cargo deck, in this order."""
    s.cargo.pile = [c for c in s.cargo.pile if c not in cards] + list(reversed(cards))


def _raided(s: State, seat: int, *cards: str) -> State:
    """A merchant found at St. Maarten, raided for Spain, its cards `cards`, no skull spent."""
    at_sea(s, seat, "st_maarten")
    s.zones["st_maarten"].merchant = "spain"
    k = captain(s.players[seat]).skills
    dice(s, SKULL, *[1] * (k.scouting - 1), *[1] * k.seamanship)
    s = do(s, seat, "scout merchant")
    _top_cards(s, *cards)
    s = do(s, seat, "nation spain")
    return do(s, seat, "stop")


# ---- Module 7: contraband from raids and rewards (MM-M7-08) ----
def test_mm_m7_08_a_raids_contraband_card_is_kept_in_either_hold() -> None:
    s, seat = _game("raid-smuggle", module_7=True)
    s = _raided(s, seat, "cb-sugar-1", "cb-rum-1", "sugar-1")
    assert isinstance(top(s), P.KeepCargoPrompt) and tuple(waiting(s)) == (seat,) and top(s).room == 2   # a sloop's hold
    assert {"contraband cb-sugar-1", "contraband cb-rum-1", "keep cb-sugar-1"} <= set(options(s, seat))
    assert "contraband sugar-1" not in options(s, seat), "an ordinary card goes in the ordinary hold only"
    assert GAME.parse(s, seat, "contraband cb-sugar-1") == GAME.legal_actions(s, seat)[
        options(s, seat).index("contraband cb-sugar-1")]
    assert GAME.describe(s, seat, GAME.parse(s, seat, "contraband cb-sugar-1")).label == "Keep cb-sugar-1 as contraband"
    s = do(s, seat, "contraband cb-sugar-1")
    assert "contraband cb-sugar-1" not in options(s, seat) and "keep cb-sugar-1" not in options(s, seat)
    s = do(s, seat, "keep cb-rum-1")
    p = s.players[seat]
    assert not isinstance(top(s), P.KeepCargoPrompt), "both spaces taken, one by contraband"
    assert p.contraband == ["cb-sugar-1"] and p.ship.cargo == ["cb-rum-1"] and "sugar-1" in s.cargo.discard
    assert GAME.view(s, (seat + 1) % 3).players[seat].contraband == ["cb-sugar-1"]


def test_mm_m7_08_without_the_module_the_plunder_is_ordinary_cargo() -> None:
    s, seat = _game("raid-smuggle")
    s = _raided(s, seat, "sugar-2", "rum-1", "sugar-1")
    assert isinstance(top(s), P.KeepCargoPrompt)
    assert not [o for o in options(s, seat) if o.startswith("contraband")]
    assert GAME.notate(s, GAME.default_action(s, seat)).startswith("keep")


def test_mm_m7_25_contraband_kept_fills_the_shared_room_and_closes_the_prompt() -> None:
    s, seat = _game("raid-room", module_7=True)
    p = s.players[seat]
    room = hold(p)
    p.contraband = ["cb-tobacco-1"]
    p.ship.cargo = [f"rum-{i}" for i in range(1, room - 1)]          # one space left
    s = _raided(s, seat, "cb-sugar-1", "cb-rum-1", "sugar-1")
    assert top(s).room == 1
    s = do(s, seat, "contraband cb-rum-1")
    p = s.players[seat]
    assert not isinstance(top(s), P.KeepCargoPrompt), "the one space is taken"
    assert p.contraband == ["cb-tobacco-1", "cb-rum-1"] and len(p.ship.cargo) == room - 2
    assert contraband_turn.carried(s, seat) == room


def test_mm_m7_25_a_full_hold_of_both_compartments_keeps_no_plunder() -> None:
    s, seat = _game("raid-full", module_7=True)
    p = s.players[seat]
    p.contraband = ["cb-tobacco-1"]
    p.ship.cargo = [f"rum-{i}" for i in range(1, hold(p))]          # no space left
    s = _raided(s, seat, "cb-sugar-1", "cb-rum-1", "sugar-1")
    assert not isinstance(top(s), P.KeepCargoPrompt) and "cb-sugar-1" in s.cargo.discard


def test_mm_m7_08_a_rumours_cargo_may_be_kept_as_contraband() -> None:
    s, seat = _game("rumour-smuggle", module_7=True)
    p = s.players[seat]
    p.captain, p.rumour = "silas_pembury", "ru-08"          # Havana, in port, Influence: 2 cargo
    in_port(s, seat, "havana")
    _top_cards(s, "cb-rum-1", "rum-1")
    dice(s, SKULL, *[1] * (captain(p).skills.influence - 1))
    s = do(s, seat, "investigate")
    assert isinstance(top(s), P.KeepCargoPrompt) and "contraband cb-rum-1" in options(s, seat)
    s = do(s, seat, "contraband cb-rum-1")
    s = do(s, seat, "keep rum-1")
    assert s.players[seat].contraband == ["cb-rum-1"] and s.players[seat].ship.cargo == ["rum-1"]


# ---- Module 3's smuggler's hold, with Module 7 (MM-M3-09 to -11) ----
def _smuggler(seed: str, **opts: Any) -> tuple[State, int]:
    s, seat = _game(seed, module_3=True, module_7=True, **opts)
    s.players[seat].ship.modifications = ["smugglers_hold"]
    return s, seat


def test_mm_m3_10_the_empty_smugglers_hold_takes_a_card_bought_and_only_its_owner_sees_it() -> None:
    s, seat = _smuggler("hold-buy")
    in_port(s, seat, "havana")
    s.zones["havana"].demand = "textiles"
    s.players[seat].ship.gold, s.players[seat].bought_at = 10, None
    _top_cards(s, "cb-sugar-2", "rum-1", "tobacco-1", "cotton-1", "coffee-1", "spices-1")
    s = do(s, seat, "port")
    s = do(s, seat, "buy")
    s = do(s, seat, "contraband cb-sugar-2")
    p = s.players[seat]
    assert p.hidden == "cb-sugar-2" and p.contraband == [] and contraband_turn.carried(s, seat) == 0
    mine, theirs = GAME.view(s, seat).players[seat], GAME.view(s, (seat + 1) % 3).players[seat]
    assert mine.hidden == "cb-sugar-2" and mine.has_hidden
    assert theirs.hidden is None and theirs.has_hidden and theirs.contraband == []


def test_mm_m3_10_without_the_modification_the_card_stays_in_the_compartment() -> None:
    s, seat = _game("hold-none", module_3=True, module_7=True)
    s.players[seat].contraband = ["cb-sugar-2"]
    s = resettle(s)
    assert s.players[seat].hidden is None and s.players[seat].contraband == ["cb-sugar-2"]
    assert not [o for o in options(s, seat) if o.startswith("hide")]
    assert GAME.view(s, None).players[seat].has_hidden is False


def test_mm_m3_08_without_contraband_the_smugglers_hold_does_nothing() -> None:
    s, seat = _game("hold-off", module_3=True)
    s.players[seat].ship.modifications = ["smugglers_hold"]
    s = resettle(s)
    assert s.players[seat].hidden is None and GAME.view(s, None).players[seat].has_hidden is None


def test_mm_m3_10_hide_swaps_another_card_in_for_free() -> None:
    s, seat = _smuggler("hold-swap")
    p = s.players[seat]
    p.contraband, p.hidden = ["cb-rum-1", "cb-tobacco-1"], "cb-sugar-2"
    actions = s.turn.actions
    assert {"hide cb-rum-1", "hide cb-tobacco-1"} <= set(options(s, seat))
    assert GAME.notate(s, GAME.default_action(s, seat)) == "end"
    s = do(s, seat, "hide cb-tobacco-1")
    p = s.players[seat]
    assert p.hidden == "cb-tobacco-1" and sorted(p.contraband) == ["cb-rum-1", "cb-sugar-2"]
    assert s.turn.actions == actions and isinstance(top(s), P.ActionPrompt), "hiding costs no action"


def _warship(s: State, zone: str) -> None:
    s.npcs = {"navy_spain": Npc(slot="navy_spain", side="navy", nation="spain", ship="frigate", zone=zone,
                                skills=Skills(seamanship=2, scouting=2, leadership=2))}


def test_mm_m3_11_a_warship_has_nothing_to_search_for_when_the_only_card_is_hidden() -> None:
    s, seat = _smuggler("hold-search")
    at_sea(s, seat, "havana")
    s.players[seat].hidden = "cb-sugar-2"
    _warship(s, "nassau")
    s.turn.scouted = []
    s.rng.forced = [SKULL, SKULL]                    # a search would find the ship
    s = do(s, seat, "move nassau")
    assert not isinstance(top(s), P.ContrabandPrompt) and s.players[seat].hidden == "cb-sugar-2"
    s.players[seat].contraband, s.turn.scouted = ["cb-rum-1"], []
    assert contraband_turn.searches(s, seat, "entered_zone") == ["navy_spain"], "one card in the compartment: searched"


def test_mm_m3_09_a_search_found_dumps_the_compartment_but_not_the_hidden_card() -> None:
    s, seat = _smuggler("hold-dump")
    at_sea(s, seat, "havana")
    p = s.players[seat]
    p.contraband, p.hidden = ["cb-rum-1"], "cb-sugar-2"
    _warship(s, "nassau")
    s.turn.scouted = []
    s.rng.forced = [SKULL, 1]
    s = do(s, seat, "move nassau")
    assert isinstance(top(s), P.ContrabandPrompt)
    s = do(s, seat, "dump")
    p = s.players[seat]
    assert p.contraband == [] and p.hidden == "cb-sugar-2" and "cb-rum-1" in s.cargo.discard


def test_mm_m7_30_cargo_hits_never_reach_the_hidden_card() -> None:
    s, seat = _smuggler("hold-hits")
    p = s.players[seat]
    p.ship.cargo, p.contraband, p.hidden = ["rum-1"], ["cb-rum-1"], "cb-sugar-2"
    p.ship.points["cargo"] = 0
    assert contraband_turn.cargo_hits(s, seat, 3)
    assert p.ship.cargo == [] and p.contraband == [] and p.hidden == "cb-sugar-2"


def test_mm_m3_09_the_hidden_card_takes_no_room_when_leaving_port() -> None:
    s, seat = _smuggler("hold-leave")
    in_port(s, seat, "havana")
    p = s.players[seat]
    p.ship.cargo, p.hidden = [f"rum-{i}" for i in range(1, hold(p) + 1)], "cb-sugar-2"
    s = do(s, seat, "leave")
    assert not isinstance(top(s), P.KeepCargoPrompt) and s.players[seat].hidden == "cb-sugar-2"


def test_mm_m3_09_the_hidden_card_sells_at_its_port() -> None:
    s, seat = _smuggler("hold-sell")
    in_port(s, seat, "petit_goave")
    p = s.players[seat]
    p.hidden, p.ship.gold = "cb-sugar-2", 0
    s = do(s, seat, "port")
    s = do(s, seat, "sell")
    assert "sell cb-sugar-2" in options(s, seat)
    s = do(s, seat, "sell cb-sugar-2")
    s = do(s, seat, "done")
    p = s.players[seat]
    assert p.hidden is None and p.ship.gold == 10 and p.tucked == ["cb-sugar-2"]


def test_mm_m3_10_a_hold_leaving_the_ship_puts_its_card_back_in_the_compartment() -> None:
    s, seat = _smuggler("hold-lost")
    p = s.players[seat]
    p.hidden, p.contraband = "cb-sugar-2", []
    p.ship.modifications = []
    s = resettle(s)
    assert s.players[seat].hidden is None and s.players[seat].contraband == ["cb-sugar-2"]


def test_mm_m3_09_the_hidden_card_is_lost_with_the_captain() -> None:
    s, seat = _smuggler("hold-death")
    p = s.players[seat]
    p.hidden, p.tucked = "cb-sugar-2", ["cb-sugar-1"]
    death.kill(s, seat, [])
    assert p.hidden is None and "cb-sugar-2" in s.cargo.discard and p.tucked == ["cb-sugar-1"]


# ---- Module 3's optional selling rule (MM-M3-19, -20) ----
def _empty_port(s: State, seat: int) -> None:
    in_port(s, seat, "havana")
    s.zones["havana"].modification, s.zones["havana"].revealed = None, False
    s.players[seat].ship.gold, s.players[seat].ship.modifications = 20, []


def test_mm_m3_19_an_empty_ports_action_turns_up_a_token_from_the_reserve() -> None:
    s, seat = _game("selling", module_3=True, module_3_selling=True)
    _empty_port(s, seat)
    before = list(s.mod_reserve)
    assert before
    s = do(s, seat, "port")
    z = s.zones["havana"]
    assert z.modification is not None and z.revealed and len(s.mod_reserve) == len(before) - 1
    assert sorted([*s.mod_reserve, z.modification]) == sorted(before)
    assert GAME.view(s, (seat + 1) % 3).zones["havana"].modification == z.modification     # face up
    s = do(s, seat, "shipyard")
    assert "modification" in options(s, seat)


def test_mm_m3_20_a_token_left_unbought_stays_face_up_at_that_port() -> None:
    s, seat = _game("selling-left", module_3=True, module_3_selling=True)
    _empty_port(s, seat)
    s = do(s, seat, "port")
    token = s.zones["havana"].modification
    s = do(s, seat, "done")
    assert s.zones["havana"].modification == token and s.zones["havana"].revealed
    s.turn.port_done = False
    reserve = list(s.mod_reserve)
    s = do(s, seat, "port")
    assert s.zones["havana"].modification == token and s.mod_reserve == reserve, "a port with a token draws none"


@pytest.mark.parametrize("opts", [{"module_3": True}, {"module_3_selling": True}])
def test_mm_m3_19_nothing_is_drawn_without_the_rule_or_the_module(opts: dict[str, bool]) -> None:
    s, seat = _game("selling-off", **opts)
    _empty_port(s, seat)
    s = do(s, seat, "port")
    assert s.zones["havana"].modification is None


def test_mm_m3_19_an_empty_reserve_offers_nothing() -> None:
    s, seat = _game("selling-dry", module_3=True, module_3_selling=True)
    _empty_port(s, seat)
    s.mod_reserve = []
    s = do(s, seat, "port")
    assert s.zones["havana"].modification is None


# ---- Module 1's separate decks (MM-M1-02) ----
def _new(kind: module1_turn.Kind, card: str | None) -> bool:
    return card is not None and module1_turn.deck_of(kind, card) == "new"


def test_mm_m1_02_separate_decks_deal_one_mission_and_captain_from_each() -> None:
    s = started(4, seed="decks", module_1=True, module_1_separate=True)
    assert [_new("missions", x.mission) for x in s.board] == [False, True]
    assert [_new("captains", p.captain) for p in s.players] == [False, True, False, True]
    mixed = started(4, seed="decks", module_1=True)
    assert not [o for o in options(mixed, active(mixed)) if o == "rumour new"]


def _rumour_port(s: State, seat: int) -> State:
    p = s.players[seat]
    p.captain, p.rumour, p.bounties = "silas_pembury", None, {}
    s.round.scouting, s.round.embargo = 0, None
    in_port(s, seat, "tortuga")
    return do(s, seat, "port")


def test_mm_m1_02_a_captain_picks_the_rumour_deck() -> None:
    s = started(3, seed="rumours", module_1=True, module_1_separate=True)
    seat = active(s)
    s = _rumour_port(s, seat)
    assert {"rumour", "rumour new"} <= set(options(s, seat))
    assert GAME.describe(s, seat, GAME.parse(s, seat, "rumour new")).label == "Seek a rumour from the new deck"
    dice(s, SKULL)
    s = do(s, seat, "rumour new")
    assert _new("rumours", s.players[seat].rumour)
    assert "rumour" not in options(s, seat) and "rumour new" not in options(s, seat)
    other = (seat + 1) % 3
    s.players[seat].rumour = "ru-01"                       # as though looked into: the next seat's port
    s.turn.seat, s.turn.port_done, s.turn.actions = other, False, 3
    s.stack = [P.ActionPrompt(seats=[other])]
    s = _rumour_port(s, other)
    dice(s, SKULL)
    s = do(s, other, "rumour")
    assert not _new("rumours", s.players[other].rumour)


def test_mm_m1_02_mixed_decks_offer_one_rumour_from_the_whole_deck() -> None:
    s = started(3, seed="rumours", module_1=True)
    seat = active(s)
    s = _rumour_port(s, seat)
    assert "rumour" in options(s, seat) and "rumour new" not in options(s, seat)
    s.rumours.pile = [c for c in s.rumours.pile if not _new("rumours", c)] + ["sru-01"]
    dice(s, SKULL)
    s = do(s, seat, "rumour")
    assert s.players[seat].rumour == "sru-01", "mixed: the top card, whichever set it is from"


def test_mm_m1_02_a_new_deck_run_out_is_no_longer_offered() -> None:
    s = started(3, seed="rumours-out", module_1=True, module_1_separate=True)
    seat = active(s)
    s.rumours.pile = [c for c in s.rumours.pile if not _new("rumours", c)]
    s = _rumour_port(s, seat)
    assert "rumour" in options(s, seat) and "rumour new" not in options(s, seat)


def test_mm_m1_02_a_mission_slot_refills_from_its_own_deck() -> None:
    from engine.merchants_marauders.rules.missions_turn import _replace
    s = started(3, seed="missions", module_1=True, module_1_separate=True)
    new_slot = next(x.mission for x in s.board if _new("missions", x.mission))
    base_slot = next(x.mission for x in s.board if not _new("missions", x.mission))
    assert new_slot is not None and base_slot is not None
    _replace(s, new_slot)
    _replace(s, base_slot)
    assert [_new("missions", x.mission) for x in s.board] == [False, True]
    assert s.board[0].mission != base_slot and s.board[1].mission != new_slot
    s.missions.pile = [c for c in s.missions.pile if not _new("missions", c)]
    nxt = s.board[1].mission
    assert nxt is not None
    _replace(s, nxt)
    assert not _new("missions", s.board[1].mission), "the new deck is out: the base deck refills it"


def test_mm_m1_02_a_dead_captains_successor_comes_from_the_same_deck() -> None:
    s = started(4, seed="succession", module_1=True, module_1_separate=True)
    for seat in (0, 1):
        old = s.players[seat].captain
        death.kill(s, seat, [])
        assert _new("captains", s.players[seat].captain) == _new("captains", old)
        assert s.players[seat].captain != old


# ---- each module alone plays a seeded game to the end, and replays ----
@pytest.mark.parametrize("bot", ["greedy", "random"])
@pytest.mark.parametrize("opts", [{"module_1": True}, {"module_1": True, "module_1_separate": True},
                                  {"module_3": True}, {"module_3": True, "module_3_selling": True},
                                  {"module_7": True}], ids=["m1", "m1-separate", "m3", "m3-selling", "m7"])
def test_a_module_alone_finishes_and_replays(opts: dict[str, bool], bot: str) -> None:
    s, log, setup = bot_game(GAME, POLICIES, bot, 3, 3, opts, MAX_STEPS)
    assert GAME.outcome(s) is not None
    used = {"module_1_separate": "rumour new", "module_7": "contraband"}    # a decision only that option offers
    for option, verb in used.items():
        if bot == "random" and opts.get(option):
            assert any(a.startswith(verb) for _, a in log), f"{option} was played"
    assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_contraband_and_the_smugglers_hold_finish_and_replay() -> None:
    s, log, setup = bot_game(GAME, POLICIES, "greedy", 8, 3, {"module_3": True, "module_7": True}, MAX_STEPS)
    assert GAME.outcome(s) is not None
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
