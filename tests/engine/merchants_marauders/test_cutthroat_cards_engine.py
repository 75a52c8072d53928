"""Variant 5, Cutthroat: the glory-card windows of a captain found by out-of-turn scouting
(rules/cutthroat_turn.py, fight_cards.py). Found, the captain first has the window of a captain an
NPC found (an evasion card makes the scouting fail, `pass` starts the fight); in the fight both
captains have every fighter's windows."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.state import State, label
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, dice, do, options, top, waiting
from tests.engine.merchants_marauders.test_cutthroat_engine import _arrive, _others

EVADE, BROADSIDE, OAK = "gl-slip-into-the-shallows", "gl-point-blank-broadside", "gl-good-oak-holds"


def _found(cards: list[str]) -> tuple[State, int, int]:
    """Two seats: the active one sails into Havana, the other scouts it out of turn and finds it."""
    s, me = _arrive(2, variant_5=True)
    (a,) = _others(s, me)
    s.players[me].glory_cards = list(cards)
    dice(s, *[SKULL] * captain(s.players[a]).skills.scouting)
    return do(s, a, f"scout {label(me)}"), me, a


def test_a_captain_found_out_of_turn_has_the_scouted_window_and_pass_starts_the_fight() -> None:
    s, me, a = _found([EVADE, BROADSIDE])
    pr = top(s)
    assert isinstance(pr, P.CardPrompt) and pr.window == "scouted" and pr.slot == label(a)
    assert waiting(s) == (me,) and s.fight is None
    assert options(s, me) == [f"play {EVADE}", "pass"], "only the evasion fits this window"
    assert GAME.notate(s, GAME.default_action(s, me)) == "pass"
    s = do(s, me, "pass")
    assert s.fight is not None and isinstance(top(s), P.OrdersPrompt)
    assert s.fight.sides["aggressor"].seat == a and s.fight.sides["defender"].seat == me


def test_an_evasion_card_makes_the_out_of_turn_scouting_fail_and_the_scout_still_pays() -> None:
    s, me, a = _found([EVADE, BROADSIDE])
    left = s.turn.actions
    s = GAME.apply(s, me, GAME.parse(s, me, f"play {EVADE}")).state
    assert s.fight is None and isinstance(top(s), P.ActionPrompt) and active(s) == me and s.turn.actions == left
    assert s.players[me].glory_cards == [BROADSIDE] and EVADE in s.glory.discard
    assert s.players[a].card_turned and s.players[a].owed_actions == 2
    assert not s.players[a].bounties, "no fight, so no bounty for the attack"
    assert any("loses sight of" in line for line in s.log_tail)


def test_a_found_captain_with_no_glory_card_is_attacked_at_once() -> None:
    s, me, a = _found([])
    assert s.fight is not None and not isinstance(top(s), P.CardPrompt)


def test_in_the_fight_the_found_captain_and_the_scout_have_the_contest_windows() -> None:
    s, me, a = _found([BROADSIDE])
    s = do(s, me, "pass")
    s.players[a].glory_cards = [OAK]
    s = do(s, a, "shoot")
    s = do(s, me, "shoot")
    pr = top(s)
    assert isinstance(pr, P.CardPrompt) and pr.window == "contest" and waiting(s) == (a,), "the aggressor first"
    s = do(s, a, "pass")
    assert isinstance(top(s), P.CardPrompt) and waiting(s) == (me,)
    assert f"play {BROADSIDE}" in options(s, me)
