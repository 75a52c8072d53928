"""Variant 5, Cutthroat, in the turn engine: a captain at sea where the active player arrives is
asked in secret whether to scout out of turn; the scouts roll (a roll-off for level ones), the
finder attacks as the aggressor, every scout loses 2 actions of its next turn and its card turns
over until then. With the option off nobody is asked."""
from __future__ import annotations

from typing import Any

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules.common import captain
from engine.merchants_marauders.state import State, label
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
    waiting,
)
from tests.engine.play_helpers import bot_game


def _clean(s: State) -> None:
    """Captains with no scouting die of their own, no fog, no NPCs, no glory cards, no bounties."""
    for p in s.players:
        p.captain, p.bounties = "silas_pembury", {}
    s.round.scouting, s.npcs = 0, {}
    no_cards(s)


def _arrive(players: int = 3, **opts: Any) -> tuple[State, int]:
    """The active seat sails into Havana where every other captain is at sea."""
    s = started(players, seed="cut", **opts)
    _clean(s)
    me = active(s)
    at_sea(s, me, "nassau")
    for i in range(players):
        if i != me:
            at_sea(s, i, "havana")
    return do(s, me, "move havana"), me


def _others(s: State, me: int) -> list[int]:
    return [i for i in range(len(s.players)) if i != me]


def test_mm_v5_04_option_off_nobody_is_asked() -> None:
    s, me = _arrive()
    assert not isinstance(top(s), P.AmbushPrompt) and list(waiting(s)) == [me]


def test_mm_v5_04_the_captains_at_sea_are_asked_sealed_and_pass_is_the_default() -> None:
    s, me = _arrive(variant_5=True)
    a, b = _others(s, me)
    assert isinstance(top(s), P.AmbushPrompt) and sorted(waiting(s)) == [a, b]
    assert options(s, a) == [f"scout {label(me)}", "pass"]
    assert GAME.notate(s, GAME.default_action(s, a)) == "pass"
    assert GAME.parse(s, a, f"scout {label(me)}") in GAME.legal_actions(s, a)
    s = do(s, a, f"scout {label(me)}")
    assert list(waiting(s)) == [b] and s.players[a].card_turned is False, "nothing shows before all are in"
    assert GAME.view(s, b).players[a].card_turned is False
    s = do(s, b, "pass")
    assert s.players[a].card_turned and not s.players[b].card_turned
    assert GAME.view(s, None).players[a].card_turned


def test_mm_v5_04_a_captain_in_port_or_with_its_card_turned_is_not_asked() -> None:
    s = started(3, seed="cut", variant_5=True)
    _clean(s)
    me = active(s)
    a, b = _others(s, me)
    at_sea(s, me, "nassau")
    in_port(s, a, "havana")
    at_sea(s, b, "havana")
    s.players[b].card_turned = True
    s = do(s, me, "move havana")
    assert not isinstance(top(s), P.AmbushPrompt)


def test_mm_v5_04_leaving_port_is_an_arrival() -> None:
    s = started(2, seed="cut", variant_5=True)
    _clean(s)
    me = active(s)
    (a,) = _others(s, me)
    in_port(s, me, "havana")
    at_sea(s, a, "havana")
    s = do(s, me, "leave")
    assert isinstance(top(s), P.AmbushPrompt) and list(waiting(s)) == [a]


def test_mm_v5_06_14_a_find_starts_a_fight_with_the_scout_as_aggressor() -> None:
    s, me = _arrive(2, variant_5=True)
    (a,) = _others(s, me)
    dice(s, *[SKULL] * captain(s.players[a]).skills.scouting)
    s = do(s, a, f"scout {label(me)}")
    assert s.fight is not None
    assert s.fight.sides["aggressor"].seat == a and s.fight.sides["defender"].seat == me
    victim = captain(s.players[me]).nation
    assert s.players[a].bounties.get(victim, 0) == 1, "the attack on a non-pirate costs a bounty"


def test_mm_v5_07_08_not_found_the_turn_goes_on_and_the_scout_loses_2_actions() -> None:
    s, me = _arrive(2, variant_5=True)
    (a,) = _others(s, me)
    dice(s, *[1] * captain(s.players[a]).skills.scouting)
    left = s.turn.actions
    s = do(s, a, f"scout {label(me)}")
    assert s.fight is None and list(waiting(s)) == [me] and s.turn.actions == left
    assert s.players[a].card_turned and s.players[a].owed_actions == 2
    s = do(s, me, "end")
    assert active(s) == a and s.turn.actions == 1
    assert not s.players[a].card_turned and s.players[a].owed_actions == 0


def test_mm_v5_11_13_level_scouts_roll_off_and_all_pay() -> None:
    s, me = _arrive(3, variant_5=True)
    a, b = _others(s, me)
    na, nb = (captain(s.players[x]).skills.scouting for x in (a, b))
    # first roll: one skull each and equal rest (level); roll-off: b has the skull
    first = [SKULL] + [2] * (na - 1) + [SKULL] + [2] * (nb - 1)
    dice(s, *first, *[1] * na, *[SKULL] + [1] * (nb - 1))
    s = do(s, a, f"scout {label(me)}")
    s = do(s, b, f"scout {label(me)}")
    assert s.fight is not None and s.fight.sides["aggressor"].seat == b
    assert s.players[a].owed_actions == 2 and s.players[b].owed_actions == 2


def test_a_seeded_game_with_cutthroat_finishes() -> None:
    s, _, _ = bot_game(GAME, POLICIES, "random", 11, 3, {"variant_5": True}, 40_000)
    assert GAME.outcome(s) is not None


def test_mm_v5_10_the_out_of_turn_scouts_go_before_the_zones_npcs() -> None:
    from engine.merchants_marauders.rules.npc import Npc, Skills
    s = started(2, seed="cut", variant_5=True)
    _clean(s)
    me = active(s)
    (a,) = _others(s, me)
    at_sea(s, me, "nassau")
    at_sea(s, a, "havana")
    s.npcs = {"pirate_1": Npc(slot="pirate_1", side="pirate", nation=None, ship="sloop", zone="havana",
                              skills=Skills(seamanship=1, scouting=1, leadership=1))}
    s = do(s, me, "move havana")
    assert isinstance(top(s), P.AmbushPrompt) and s.turn.scout_queue == ["pirate_1"], "the NPC waits its turn"
    dice(s, 1, 1, 1, 1, 1, 1)
    s = do(s, a, "pass")
    assert s.turn.scout_queue == [] and ("pirate_1", me) in s.turn.scouted


def test_mm_v4_06_the_out_of_turn_scouting_printed_under_life_is_pain_comes_with_cutthroat_only() -> None:
    s, me = _arrive(variant_4=True)
    assert not isinstance(top(s), P.AmbushPrompt) and list(waiting(s)) == [me], "Life is Pain asks nobody"
    s, me = _arrive(variant_4=True, variant_5=True)
    assert isinstance(top(s), P.AmbushPrompt) and sorted(waiting(s)) == _others(s, me)
