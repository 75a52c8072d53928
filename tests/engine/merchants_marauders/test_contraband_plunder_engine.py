"""Module 7's contraband where cargo changes hands away from the buy menu and the keep prompts:
the plunder of a player beaten in a crew clash (`take cargo <card>`, `take contraband <card>`,
from the loser's ordinary hold and compartment alike, the smuggler's hold left alone), and
Module 9's Reefs haul (a haul holding a contraband card is kept card by card) and Trading Post
(its draw discards contraband; both compartments share the room). Each with Module 7 on and
off, at the room's boundary from both sides."""
from __future__ import annotations

from typing import Any

import pytest

from engine.core import replay
from engine.core.errors import IllegalActionError
from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import contraband_turn
from engine.merchants_marauders.rules.common import captain, hold, maxima
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Zone
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    options,
    started,
    top,
    waiting,
)
from tests.engine.play_helpers import bot_game


# ---- the plunder of a beaten player (MM-M7-21) ----
def _plunder(**opts: Any) -> tuple[State, int, int]:
    """Seat a has beaten seat d in a crew clash; d carries rum-1 in the hold and cb-sugar-1
    in the compartment; a's hold is empty."""
    s = started(3, seed="contra-plunder", **opts)
    a, d = s.order[0], s.order[1]
    for seat in (a, d):
        s.players[seat].ship.cargo, s.players[seat].contraband, s.players[seat].hidden = [], [], None
        s.players[seat].glory_cards, s.players[seat].specialists, s.players[seat].rumour = [], [], None
    s.players[d].ship.cargo = ["rum-1"]
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    s.stack.append(P.PlunderPrompt(seats=[a], loser=d))
    return s, a, d


def test_mm_m7_21_the_victor_takes_the_losers_contraband_into_either_compartment() -> None:
    s, a, d = _plunder(module_7=True)
    s.players[d].contraband = ["cb-sugar-1", "cb-rum-1"]
    assert waiting(s) == (a,)
    got = options(s, a)
    assert {"take cargo rum-1", "take cargo cb-sugar-1", "take contraband cb-sugar-1",
            "take contraband cb-rum-1"} <= set(got)
    assert "take contraband rum-1" not in got, "an ordinary card goes in the ordinary hold only"
    assert GAME.describe(s, a, GAME.parse(s, a, "take contraband cb-sugar-1")).label == "Take cb-sugar-1 as contraband"
    s = do(s, a, "take contraband cb-sugar-1")
    s = do(s, a, "take cargo cb-rum-1")
    me, q = s.players[a], s.players[d]
    assert me.contraband == ["cb-sugar-1"] and me.ship.cargo == ["cb-rum-1"]
    assert q.contraband == [] and q.ship.cargo == ["rum-1"]
    assert GAME.view(s, d).players[a].contraband == ["cb-sugar-1"], "the compartment is public"


def test_mm_m7_21_a_contraband_card_in_the_losers_hold_may_become_contraband() -> None:
    s, a, d = _plunder(module_7=True)
    s.players[d].ship.cargo = ["cb-tobacco-1"]
    s = do(s, a, "take contraband cb-tobacco-1")
    assert s.players[a].contraband == ["cb-tobacco-1"] and not s.players[d].ship.cargo


def test_mm_m7_21_without_the_module_only_the_ordinary_hold_is_plundered() -> None:
    s, a, d = _plunder()
    assert "take cargo rum-1" in options(s, a)
    assert not [o for o in options(s, a) if o.startswith("take contraband")]
    with pytest.raises(IllegalActionError):
        GAME.parse(s, a, "take contraband rum-1")


@pytest.mark.parametrize(("free", "offered"), [(1, True), (0, False)], ids=["room-1", "full"])
def test_mm_m7_25_plunder_fits_the_room_both_compartments_share(free: int, offered: bool) -> None:
    s, a, d = _plunder(module_7=True)
    s.players[d].contraband = ["cb-sugar-1"]
    me = s.players[a]
    me.contraband = ["cb-rum-1"]
    me.ship.cargo = [f"sugar-{i}" for i in range(1, hold(me) - free)]
    assert ("take contraband cb-sugar-1" in options(s, a)) is offered
    assert ("take cargo rum-1" in options(s, a)) is offered
    assert "take ship" in options(s, a) and "done" in options(s, a)
    if offered:
        s = do(s, a, "take contraband cb-sugar-1")
        assert contraband_turn.carried(s, a) == hold(s.players[a])
        assert not [o for o in options(s, a) if o.startswith(("take cargo", "take contraband"))], "now full"


def test_mm_m3_09_the_beaten_ships_smugglers_hold_is_not_plundered() -> None:
    s, a, d = _plunder(module_3=True, module_7=True)
    q = s.players[d]
    q.ship.modifications, q.hidden, q.contraband = ["smugglers_hold"], "cb-sugar-1", ["cb-rum-1"]
    assert not [o for o in options(s, a) if "cb-sugar-1" in o], "the hidden card is not found"
    assert "take contraband cb-rum-1" in options(s, a)
    s = do(s, a, "take contraband cb-rum-1")
    assert s.players[d].hidden == "cb-sugar-1" and s.players[d].contraband == []


# ---- Module 9's Reefs (MM-M9-80, MM-M7-08) ----
def _at(kind: str, **opts: Any) -> tuple[State, int, Zone]:
    s = started(3, seed="contra-loc", module_9=True, **opts)
    me = active(s)
    zone = next(z for z, k in s.locations.items() if k == kind)
    at_sea(s, me, zone)
    p = s.players[me]
    p.bounties, p.ship.cargo, p.contraband, p.rumour, s.npcs = {}, [], [], None, {}
    p.ship.points["crew"] = maxima(p)["crew"]
    s.round.scouting = 0
    return s, me, zone


def _reefs(s: State, me: int, *found: str) -> State:
    """Two skulls, both taken as cargo: the cards found are `found`, in this order (the hull
    made sturdy enough for the 2 damage)."""
    s.players[me].ship.points["hull"] = 9
    n = captain(s.players[me]).skills.scouting
    dice(s, SKULL, SKULL, *[1] * max(0, n - 2))
    s = do(s, me, "visit")
    s.cargo.pile = [c for c in s.cargo.pile if c not in found] + list(reversed(found))
    s = do(s, me, "take cargo")
    s = do(s, me, "take cargo")
    return do(s, me, "stop")


def test_mm_m7_08_a_reefs_haul_with_contraband_is_kept_in_either_hold() -> None:
    s, me, _ = _at("reefs", module_7=True)
    s = _reefs(s, me, "cb-sugar-1", "rum-1")
    assert isinstance(top(s), P.KeepCargoPrompt) and waiting(s) == (me,) and top(s).room == 2
    assert {"keep cb-sugar-1", "contraband cb-sugar-1", "keep rum-1"} <= set(options(s, me))
    assert "contraband rum-1" not in options(s, me)
    s = do(s, me, "contraband cb-sugar-1")
    s = do(s, me, "keep rum-1")
    p = s.players[me]
    assert p.contraband == ["cb-sugar-1"] and p.ship.cargo == ["rum-1"] and not isinstance(top(s), P.KeepCargoPrompt)


def test_mm_m7_08_an_ordinary_reefs_haul_goes_straight_into_the_hold() -> None:
    s, me, _ = _at("reefs", module_7=True)
    s = _reefs(s, me, "sugar-1", "rum-1")
    assert not isinstance(top(s), P.KeepCargoPrompt)
    assert sorted(s.players[me].ship.cargo) == ["rum-1", "sugar-1"]


def test_mm_m7_25_the_reefs_count_the_compartment_in_the_room() -> None:
    s, me, _ = _at("reefs", module_7=True)
    p = s.players[me]
    p.contraband = ["cb-rum-1"]
    p.ship.cargo = [f"sugar-{i}" for i in range(1, hold(p) - 1)]      # one space left
    dice(s, SKULL, SKULL, *[1] * max(0, captain(p).skills.scouting - 2))
    s = do(s, me, "visit")
    assert "take cargo" in options(s, me)
    s = do(s, me, "take cargo")
    assert "take cargo" not in options(s, me), "the one space is taken"


def test_mm_m7_25_a_full_hold_of_both_compartments_takes_no_reefs_cargo() -> None:
    s, me, _ = _at("reefs", module_7=True)
    p = s.players[me]
    p.contraband = ["cb-rum-1"]
    p.ship.cargo = [f"sugar-{i}" for i in range(1, hold(p))]
    dice(s, SKULL, SKULL, *[1] * max(0, captain(p).skills.scouting - 2))
    s = do(s, me, "visit")
    assert "take cargo" not in options(s, me)


# ---- Module 9's Trading Post (MM-M9-48, MM-M7-25) ----
def test_mm_m9_48_with_module_7_the_trading_post_draw_discards_contraband() -> None:
    s, me, zone = _at("trading_post", module_7=True)
    p = s.players[me]
    p.ship.gold = 30
    demand = s.zones[zone].demand
    ordinary = [c for c in s.cargo.pile if not c.startswith(("cb-", f"{demand}-"))][:6]
    smuggled = [c for c in s.cargo.pile if c.startswith("cb-")][:2]
    s.cargo.pile = [c for c in s.cargo.pile if c not in ordinary + smuggled] + list(reversed(smuggled + ordinary))
    s = do(s, me, "visit")
    s = do(s, me, "done")
    assert sorted(top(s).drawn) == sorted(ordinary) and set(smuggled) <= set(s.cargo.discard)


def test_mm_m7_08_a_contraband_card_in_the_ordinary_hold_sells_at_the_trading_post() -> None:
    s, me, _ = _at("trading_post", module_7=True)
    p = s.players[me]
    p.ship.cargo, p.contraband = ["cb-sugar-1"], ["cb-rum-1"]
    s = do(s, me, "visit")
    assert options(s, me) == ["sell cb-sugar-1", "done"], "the compartment's card is not offered"


@pytest.mark.parametrize(("free", "buys"), [(1, True), (0, False)], ids=["room-1", "full"])
def test_mm_m7_25_the_trading_post_buys_only_into_the_shared_room(free: int, buys: bool) -> None:
    s, me, _ = _at("trading_post", module_7=True)
    p = s.players[me]
    p.ship.gold, p.contraband = 30, ["cb-rum-1"]
    p.ship.cargo = [f"sugar-{i}" for i in range(1, hold(p) - free)]
    s = do(s, me, "visit")
    s = do(s, me, "done")
    drawn = top(s).drawn
    assert (f"buy {drawn[0]}" in options(s, me)) is buys
    if buys:
        s = do(s, me, f"buy {drawn[0]}")
        assert options(s, me) == ["done"]
        s = do(s, me, "done")
        assert contraband_turn.carried(s, me) == hold(s.players[me])


def test_without_module_7_the_trading_post_fills_the_whole_hold() -> None:
    s, me, _ = _at("trading_post")
    p = s.players[me]
    p.ship.gold = 30
    p.ship.cargo = [f"sugar-{i}" for i in range(1, hold(p))]            # one space left
    s = do(s, me, "visit")
    s = do(s, me, "done")
    assert f"buy {top(s).drawn[0]}" in options(s, me)


# ---- a seeded game with Modules 7 and 9 (and 3) finishes and replays ----
@pytest.mark.parametrize("bot", ["greedy", "random"])
def test_contraband_with_locations_finishes_and_replays(bot: str) -> None:
    opts = {"module_3": True, "module_7": True, "module_9": True}
    s, log, setup = bot_game(GAME, POLICIES, bot, 5, 3, opts, 40_000)
    assert GAME.outcome(s) is not None
    assert replay(GAME, setup, log).model_dump() == s.model_dump()
