"""The glory-card windows of a fight in the turn engine: after the Seamanship contest (extra hits,
cancelled hits, extra dice that turn the contest), after a crew clash roll (a reroll), when an
NPC's scouting has found a captain (an evasion), and a raid's reroll; passing is the default."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import captain, maxima
from engine.merchants_marauders.rules.npc import Npc, Skills
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
    active,
    at_sea,
    dice,
    do,
    options,
    started,
    step,
    top,
)


def _skill(s: State, seat: int, skill: str) -> int:
    return int(getattr(captain(s.players[seat]).skills, skill))


def _fight(seed: str) -> tuple[State, int, int]:
    s = started(3, seed=seed)
    a, d = s.order[0], s.order[1]
    for x in (a, d):
        at_sea(s, x, "caribbean_sea")
        s.players[x].glory_cards = []
    s.round.scouting = 0
    return s, a, d


def test_contest_window_two_hits_more_and_two_cancelled_aggressor_asked_first() -> None:
    s, a, d = _fight("broadside")
    s.players[a].glory_cards = ["gl-point-blank-broadside"]
    s.players[d].glory_cards = ["gl-good-oak-holds"]
    sa, sd = _skill(s, a, "seamanship"), _skill(s, d, "seamanship")
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), *[SKULL] * sa, *[1] * sd, SKULL)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.CardPrompt) and top(s).seats == [a] and top(s).window == "contest"
    assert GAME.notate(s, GAME.default_action(s, a)) == "pass"
    s = do(s, a, "play gl-point-blank-broadside")
    s = do(s, a, "pass")
    assert top(s).seats == [d] and options(s, d) == ["play gl-good-oak-holds", "pass"]
    s = do(s, d, "play gl-good-oak-holds")
    s = do(s, d, "pass")
    assert s.players[d].ship.points["hull"] == 1 and not s.rng.forced, "1 cannon + 2 - 2: one location die"
    assert s.players[a].ship.points == maxima(s.players[a]), "the defender missed: no skull"


def test_contest_window_two_dice_more_turn_the_contest() -> None:
    s, a, d = _fight("canvas")
    s.players[d].glory_cards = ["gl-every-stitch-of-canvas"]
    sa, sd = _skill(s, a, "seamanship"), _skill(s, d, "seamanship")
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), SKULL, *[1] * (sa - 1), *[1] * sd, SKULL, SKULL, 4, SKULL)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    t = step(s, d, "play gl-every-stitch-of-canvas")
    s = t.state
    assert s.fight is not None and len(s.fight.contest["defender"]) == sd + 2 and s.fight.winner == "defender"
    assert any(e.text.endswith(" wins") and captain(s.players[d]).name in e.text for e in t.events)
    hull = s.players[a].ship.points["hull"]
    s = do(s, d, "pass")
    assert s.players[a].ship.points["hull"] == hull - 1 and s.players[d].ship.points["cannons"] == 0


def test_an_npc_that_found_a_captain_loses_sight_of_it_with_an_evasion_card() -> None:
    s = started(3, seed="evade")
    seat = active(s)
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop",
                                 zone=s.players[seat].zone, skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.round.scouting = 0
    s.players[seat].glory_cards = ["gl-slip-into-the-shallows", "gl-lookout-1"]
    dice(s, SKULL, 1)
    s = do(s, seat, "leave")
    assert isinstance(top(s), P.CardPrompt) and options(s, seat) == ["play gl-slip-into-the-shallows", "pass"]
    s = do(s, seat, "play gl-slip-into-the-shallows")
    assert s.fight is None and isinstance(top(s), P.ActionPrompt) and s.players[seat].glory_cards == ["gl-lookout-1"]


def test_passing_the_scouted_window_starts_the_fight() -> None:
    s = started(3, seed="no-evade")
    seat = active(s)
    s.npcs["pirate_sloop"] = Npc(slot="pirate_sloop", side="pirate", nation=None, ship="sloop",
                                 zone=s.players[seat].zone, skills=Skills(seamanship=2, scouting=2, leadership=2))
    s.round.scouting = 0
    s.players[seat].glory_cards = ["gl-lookout-1"]
    dice(s, SKULL, 1)
    s = do(s, seat, "leave")
    s = do(s, seat, "pass")
    assert s.fight is not None and isinstance(top(s), P.OrdersPrompt)


def test_a_raids_seamanship_roll_rerolled_with_a_card_before_any_skull_is_spent() -> None:
    s = started(3, seed="chase")
    seat = active(s)
    s.players[seat].captain = "gaspard_ferrand"          # Scouting 3, Seamanship 3, no raid die
    at_sea(s, seat, "caribbean_sea")
    s.zones["caribbean_sea"].merchant = "spain"
    s.round.scouting = 0
    s.players[seat].glory_cards = ["gl-chase-her-down"]
    dice(s, SKULL, 1, 1, 1, 1, 1, SKULL, SKULL, 2)
    s = do(s, seat, "scout merchant")
    s = do(s, seat, "nation spain")
    assert "play gl-chase-her-down" in options(s, seat) and s.raid is not None and s.raid.skulls == 0
    s = do(s, seat, "play gl-chase-her-down")
    assert s.raid is not None and s.raid.skulls == 2 and not s.rng.forced


def test_rodrigo_almenar_rerolls_a_contest_once_a_fight_even_without_cards() -> None:
    s, a, d = _fight("rodrigo")
    s.players[a].captain = "rodrigo_almenar"          # Seamanship 3 (data), reroll once per combat
    sa, sd = _skill(s, a, "seamanship"), _skill(s, d, "seamanship")
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), *[1] * sa, *[SKULL] * sd, *[SKULL] * sa)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.CardPrompt) and options(s, a) == ["reroll", "pass"]
    s = do(s, a, "reroll")
    assert s.fight is not None and s.fight.contest["aggressor"] == ["skull"] * sa and options(s, a) == ["pass"]


def test_a_surgeon_saves_the_first_crew_hit_of_a_fight() -> None:
    s, a, d = _fight("surgeon")
    s.players[d].specialists = ["gl-surgeon-1"]
    sa, sd = _skill(s, a, "seamanship"), _skill(s, d, "seamanship")
    dice(s, SKULL, *[1] * (_skill(s, a, "scouting") - 1), *[SKULL] * sa, *[1] * sd, 3)
    s = do(s, a, f"scout p{d + 1}")
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.players[d].ship.points["crew"] == 2 and s.fight is not None and s.fight.crew_saved == {"defender": 1}


def test_a_card_saves_10_gold_aboard_for_the_next_captain() -> None:
    from engine.merchants_marauders.rules.death import kill
    s = started(3, seed="rowed")
    seat = active(s)
    s.players[seat].glory_cards = ["gl-rowed-ashore-by-friends"]
    s.players[seat].ship.gold = 25
    kill(s, seat, [])
    s = do(s, seat, "ship sloop")
    assert s.players[seat].ship.gold == 20 and "gl-rowed-ashore-by-friends" in s.glory.discard
