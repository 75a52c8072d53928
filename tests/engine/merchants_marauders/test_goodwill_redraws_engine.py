"""Module 10's redraws of rumour, glory, mission and merchant-raid cards in the turn engine: the
RedrawPrompt after a rumour, a glory card or a completed mission's replacement (default
`accept`, secret cards never named in it), and `goodwill redraw` on a raid's opening cards and
on each card a skull brought. With no goodwill, or the option off, nothing is offered."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules import missions_turn as MT
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.rules.rumours_missions import Slot
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


def _on(goodwill: int = 1, module_10: bool = True) -> tuple[State, int]:
    s = started(3, seed="redraws", module_10=module_10)
    me = active(s)
    s.stack = [x for x in s.stack if isinstance(x, P.ActionPrompt)]
    p = s.players[me]
    p.bounties, p.goodwill, p.rumour, p.glory_cards = {}, goodwill, None, []
    s.npcs = {}
    s.round.embargo = None
    return s, me


def _skill(s: State, seat: int, skill: str) -> int:
    return int(getattr(captain(s.players[seat]).skills, skill))


# ---- rumour ----
def _take_rumour(s: State, me: int) -> State:
    in_port(s, me, "havana")
    s.players[me].ship.gold = 0
    s = do(s, me, "port")
    dice(s, *[SKULL] * _skill(s, me, "influence"))
    return do(s, me, "rumour")


def test_mm_m10_07_a_rumour_taken_may_be_redrawn_for_goodwill() -> None:
    s, me = _on()
    s = _take_rumour(s, me)
    first = s.players[me].rumour
    assert first is not None and isinstance(top(s), P.RedrawPrompt) and waiting(s) == (me,)
    assert options(s, me) == ["goodwill redraw", "accept"] and GAME.notate(s, GAME.default_action(s, me)) == "accept"
    assert first not in str(GAME.view(s, (me + 1) % 3).prompt), "the prompt names no secret card"
    s = do(s, me, "goodwill redraw")
    p = s.players[me]
    assert p.rumour not in (None, first) and p.goodwill == 0 and first in s.rumours.discard
    assert not isinstance(top(s), P.RedrawPrompt), "once: the card drawn again stands"


def test_mm_m10_07_accepting_the_rumour_keeps_it_and_the_goodwill() -> None:
    s, me = _on()
    s = _take_rumour(s, me)
    first = s.players[me].rumour
    s = do(s, me, "accept")
    assert s.players[me].rumour == first and s.players[me].goodwill == 1


def test_no_goodwill_or_option_off_no_rumour_redraw() -> None:
    for goodwill, module in ((0, True), (1, False)):
        s, me = _on(goodwill, module)
        s = _take_rumour(s, me)
        assert s.players[me].rumour is not None and not isinstance(top(s), P.RedrawPrompt)


# ---- glory ----
def _sell_three(s: State, me: int) -> State:
    """Three cargo cards of Havana's demand sold: 1 glory point, 1 glory card drawn."""
    in_port(s, me, "havana")
    demand = s.zones["havana"].demand
    goods = [c for c in s.cargo.pile if c.startswith(f"{demand}-")][:3]
    s.cargo.pile = [c for c in s.cargo.pile if c not in goods]
    s.players[me].ship.cargo = goods
    s = do(s, me, "port")
    s = do(s, me, "sell")
    for c in goods:
        s = do(s, me, f"sell {c}")
    return do(s, me, "done")


def test_mm_m10_07_a_glory_card_drawn_may_be_redrawn() -> None:
    s, me = _on()
    s = _sell_three(s, me)
    drawn = list(s.players[me].glory_cards)
    assert len(drawn) == 1 and isinstance(top(s), P.RedrawPrompt) and top(s).draw == "glory"
    assert drawn[0] not in str(GAME.view(s, (me + 1) % 3).prompt)
    s.glory.pile = [c for c in s.glory.pile if c != drawn[0]]           # the next card differs
    s = do(s, me, "goodwill redraw")
    p = s.players[me]
    assert len(p.glory_cards) == 1 and p.glory_cards != drawn and s.glory.discard[-1] == drawn[0]
    assert p.goodwill == 0


def test_no_goodwill_no_glory_redraw() -> None:
    s, me = _on(0)
    s = _sell_three(s, me)
    assert len(s.players[me].glory_cards) == 1 and not isinstance(top(s), P.RedrawPrompt)


# ---- mission ----
def test_mm_m10_07_the_mission_a_completion_brings_may_be_redrawn() -> None:
    s, me = _on(0)
    card = next(x.mission for x in s.board if x.mission is not None)
    assert card is not None
    s.board = [Slot(mission=x.mission, holder=me) if x.mission == card else x for x in s.board]
    ev: list = []
    MT.complete(s, me, card, MT.RM.reward(MT.mission(card)), ev)
    assert s.players[me].goodwill == 1, "completing gave the goodwill the redraw may spend"
    pr = top(s)
    assert isinstance(pr, P.RedrawPrompt) and pr.draw == "mission" and pr.card in [x.mission for x in s.board]
    s = do(s, me, "goodwill redraw")
    assert pr.card not in [x.mission for x in s.board] and pr.card in s.missions.discard
    assert s.players[me].goodwill == 0


# ---- a merchant raid ----
def _raid(s: State, me: int) -> State:
    at_sea(s, me, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "netherlands"
    s.round.scouting = 0
    dice(s, SKULL, *[1] * (_skill(s, me, "scouting") - 1))
    s = do(s, me, "scout merchant")
    nation = options(s, me)[0]
    dice(s, SKULL, *[1] * 8)
    return do(s, me, nation)


def test_mm_m10_07_19_a_raids_opening_cards_then_each_card_a_skull_brings_are_redrawn_once_each() -> None:
    s, me = _on(2)
    s = _raid(s, me)
    assert isinstance(top(s), P.RaidSkullPrompt) and s.raid is not None
    opening = list(s.raid.cards)
    assert "goodwill redraw" in options(s, me)
    s = do(s, me, "goodwill redraw")
    assert s.raid is not None and s.raid.cards != opening and set(opening) <= set(s.cargo.discard)
    assert "goodwill redraw" not in options(s, me), "the opening is one situation"
    s = do(s, me, "draw")
    assert s.raid is not None and s.raid.added and "goodwill redraw" in options(s, me), "a new step, a new situation"
    added = s.raid.added
    s = do(s, me, "goodwill redraw")
    assert s.raid is not None and added not in s.raid.cards and s.players[me].goodwill == 0
    assert "goodwill redraw" not in options(s, me)


def test_no_goodwill_no_raid_redraw() -> None:
    s, me = _on(0)
    s = _raid(s, me)
    assert "goodwill redraw" not in options(s, me)


def test_mm_m10_18_two_draws_waiting_with_one_goodwill_only_the_first_may_be_redrawn() -> None:
    s, me = _on(1)
    s = _take_rumour(s, me)
    s.stack.append(P.RedrawPrompt(seats=[me], draw="rumour"))
    s = do(s, me, "goodwill redraw")
    assert isinstance(top(s), P.RedrawPrompt) and options(s, me) == ["accept"], "no goodwill left"


def _bombard(goodwill: int) -> tuple[State, int]:
    """A raid on a Native Village begun with 2 guns: the BombardPrompt, no die fired."""
    s = started(3, seed="redraws", module_9=True, module_10=True)
    me = active(s)
    p = s.players[me]
    p.bounties, p.goodwill, p.ship.points["cannons"] = {}, goodwill, 2
    s.npcs = {}
    at_sea(s, me, next(z for z, k in s.locations.items() if k == "native_village"))
    return do(s, me, "raid location"), me


def test_mm_m10_07_a_location_raids_defence_cards_are_redrawn_before_the_guns_fire() -> None:
    s, me = _bombard(1)
    first = list(top(s).cards)
    assert options(s, me) == ["goodwill redraw", "fire", "stop"]
    assert GAME.notate(s, GAME.default_action(s, me)) != "goodwill redraw"
    s = do(s, me, "goodwill redraw")
    pr = top(s)
    assert isinstance(pr, P.BombardPrompt) and pr.cards != first and len(pr.cards) == len(first)
    assert set(first) <= set(s.cargo.discard) and s.players[me].goodwill == 0
    assert "goodwill redraw" not in options(s, me)


def test_once_the_guns_fire_no_defence_redraw() -> None:
    s, me = _bombard(2)
    dice(s, 1)
    s = do(s, me, "fire")
    assert "goodwill redraw" not in options(s, me)


def test_mm_m10_07_a_rumour_found_at_the_reefs_may_be_redrawn() -> None:
    s = started(3, seed="redraws", module_9=True, module_10=True)
    me = active(s)
    p = s.players[me]
    p.bounties, p.goodwill, p.rumour = {}, 1, None
    s.npcs = {}
    s.round.scouting = 0
    at_sea(s, me, next(z for z, k in s.locations.items() if k == "reefs"))
    dice(s, SKULL, *[1] * max(0, _skill(s, me, "scouting") - 1))
    s = do(s, me, "visit")
    s = do(s, me, "take rumour")
    s = do(s, me, "stop")
    first = s.players[me].rumour
    assert first is not None and isinstance(top(s), P.RedrawPrompt) and top(s).draw == "rumour"
    s = do(s, me, "goodwill redraw")
    assert s.players[me].rumour not in (None, first)
