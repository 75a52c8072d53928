"""Seas of Glory Module 2 in the turn engine (rules/weapons_turn.py): incendiary and double shot
offered with the location dice, the fire burning before each later round where the burning
captain says, double shot's last hits spread by the target's captain, spikes offered after a
contest in which the side boarded, and the six weapon kinds at the shipyard with the module on."""
from __future__ import annotations

from typing import Any

from engine.core import replay
from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.policy import POLICIES
from engine.merchants_marauders.rules import combat as C
from engine.merchants_marauders.rules.common import maxima
from engine.merchants_marauders.rules.fight import side_fighter, start_fight
from engine.merchants_marauders.state import State
from engine.merchants_marauders.vocab import Weapon
from tests.engine.merchants_marauders.scenario_helpers import (
    SKULL,
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


def _fight(weapons: list[Weapon], ship: str = "frigate", **opts: Any) -> tuple[State, int, int]:
    """Two captains at sea in a fight: the aggressor on `ship` carrying `weapons`."""
    s = started(2, seed="weapons", **{"module_2": True, **opts})
    a, d = s.order[0], s.order[1]
    no_cards(s)
    for x in (a, d):
        at_sea(s, x, "caribbean_sea")
    s.players[a].ship.type = ship  # type: ignore[assignment]
    s.players[a].ship.points = maxima(s.players[a])
    s.players[a].ship.weapons = list(weapons)
    s.stack.pop()
    start_fight(s, ("seat", a), ("seat", d), [])
    return resettle(s), a, d


def _pools(s: State, flee: bool = False) -> tuple[int, int]:
    fa, fd = side_fighter(s, "aggressor"), side_fighter(s, "defender")
    return C.contest_dice(fa, fd, flee), C.contest_dice(fd, fa, flee)


def _aggressor_wins(s: State, *location: int) -> None:
    """The aggressor rolls all skulls, the defender none; then the aggressor's location dice."""
    na, nd = _pools(s)
    dice(s, *[SKULL] * na, *[1] * nd, *location)


def test_incendiary_shot_sets_the_target_burning_and_it_burns_where_its_captain_says() -> None:
    s, a, d = _fight(["incendiary_shot"])
    _aggressor_wins(s, SKULL, 1, 1)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.ShotPrompt) and waiting(s) == (a,)
    assert options(s, a) == ["shot incendiary_shot", "none"]
    assert GAME.notate(s, GAME.default_action(s, a)) == "none"
    before = dict(s.players[d].ship.points)
    s = do(s, a, "shot incendiary_shot")
    assert s.players[d].ship.points["hull"] == before["hull"], "the skull does no damage"
    assert s.players[d].ship.points["cargo"] == before["cargo"] - 2
    assert "incendiary_shot" not in s.players[a].ship.weapons
    assert isinstance(top(s), P.BurnPrompt) and waiting(s) == (d,), "round 2 begins with the fire"
    view = GAME.view(s, a).fight
    assert view is not None and view.fire == {"defender": 1}, "the fire is public"
    assert GAME.notate(s, GAME.default_action(s, d)) == "hit masts"
    assert GAME.parse(s, d, "hit crew") == GAME.default_action(s, d).model_copy(update={"location": "crew"})
    s = do(s, d, "hit crew")
    assert s.players[d].ship.points["crew"] == before["crew"] - 1
    assert isinstance(top(s), P.OrdersPrompt)


def test_a_burning_ship_that_the_fire_sinks_loses_the_fight() -> None:
    s, a, d = _fight(["incendiary_shot"])
    _aggressor_wins(s, SKULL, 1, 1)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    s = do(s, a, "shot incendiary_shot")
    s.players[d].ship.points["hull"] = 1
    s = do(s, d, "hit hull")
    assert s.fight is None or s.fight.victor == "aggressor"
    assert s.players[d].deaths == 1


def test_a_crew_clash_puts_the_fire_out() -> None:
    s, a, d = _fight(["incendiary_shot"])
    _aggressor_wins(s, SKULL, 1, 1)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    s = do(s, a, "shot incendiary_shot")
    s = do(s, d, "hit cargo")
    assert s.fight is not None and s.fight.fire
    na, nd = _pools(s)
    dice(s, *[SKULL] * na, *[1] * nd)
    s = do(s, a, "board")
    s = do(s, d, "shoot")
    assert s.fight is None or not s.fight.fire


def test_double_shot_last_hits_are_spread_by_the_target() -> None:
    s, a, d = _fight(["double_shot"])
    _aggressor_wins(s, SKULL, 1, 2)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert options(s, a) == ["shot double_shot", "none"]
    before = dict(s.players[d].ship.points)
    s = do(s, a, "shot double_shot")
    # a sloop after cargo 1, masts 1: 2 skull hits for 5 standing locations, the target picks 2
    assert isinstance(top(s), P.SpreadPrompt) and waiting(s) == (d,) and top(s).count == 2
    first = GAME.notate(s, GAME.default_action(s, d))
    assert first.startswith("hit ") and first != "hit hull"
    s = do(s, d, "hit crew")
    assert "hit crew" not in options(s, d)
    s = do(s, d, "hit hull")
    after = s.players[d].ship.points
    assert after["crew"] == before["crew"] - 1 and after["hull"] == before["hull"] - 1
    assert after["cargo"] == before["cargo"] - 1 and after["masts"] == before["masts"] - 1


def test_spikes_offered_after_a_boarding_contest_cost_the_enemy_a_seamanship_die() -> None:
    s, a, d = _fight(["spikes"])
    dice(s, *[1] * sum(_pools(s)))          # round 1: nobody wins, nothing happens
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    na, nd = _pools(s)
    dice(s, *[1] * na, *[SKULL] * nd, 1)     # round 2: the defender wins; the aggressor boarded
    s = do(s, a, "board")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.SpikesPrompt) and waiting(s) == (a,)
    assert options(s, a) == ["weapon spikes", "none"]
    assert GAME.notate(s, GAME.default_action(s, a)) == "none"
    s = do(s, a, "weapon spikes")
    assert "spikes" not in s.players[a].ship.weapons
    assert s.fight is not None and s.fight.penalty == {"defender": "seamanship"}
    assert isinstance(top(s), P.OrdersPrompt)
    dice(s, *[1] * (na + nd - 1), 4)         # round 3: the defender rolls a die fewer, nobody wins
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert s.rng.forced == [4] and s.fight is not None and s.fight.penalty == {}, "used up in one round"


def test_no_spikes_prompt_without_a_board_order() -> None:
    s, a, d = _fight(["spikes"])
    dice(s, *[1] * sum(_pools(s)))
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    assert isinstance(top(s), P.OrdersPrompt)


def _yard(on: bool) -> list[str]:
    s = started(2, seed="yard", module_2=on)
    seat = s.turn.seat
    in_port(s, seat, "havana")
    s.players[seat].ship.gold = 30
    s.stack.pop()
    s.stack.append(P.ShipyardPrompt(seats=[seat]))
    return [o for o in options(s, seat) if o.startswith("weapon ")]


def test_the_shipyard_sells_six_weapon_kinds_with_module_2_three_without() -> None:
    assert sorted(_yard(False)) == ["weapon boarding_hooks", "weapon chain_shot", "weapon grapeshot"]
    assert {"weapon incendiary_shot", "weapon double_shot", "weapon spikes"} <= set(_yard(True))
    assert len(_yard(True)) == 6


def test_seeded_games_with_module_2_finish_and_replay() -> None:
    for bot, players in (("greedy", 3), ("random", 2)):
        s, log, setup = bot_game(GAME, POLICIES, bot, 11, players, {"module_2": True}, 40_000)
        assert s.turn.phase == "done"
        assert replay(GAME, setup, log).model_dump() == s.model_dump()


def test_spikes_after_a_won_boarding_cost_the_enemy_a_leadership_die_in_the_clashs_first_round() -> None:
    s, a, d = _fight(["spikes"])
    dice(s, *[1] * sum(_pools(s)))
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    na, nd = _pools(s)
    dice(s, *[SKULL] * na, *[1] * nd)        # round 2: the aggressor boards and wins
    s = do(s, a, "board")
    s = do(s, d, "board")
    assert isinstance(top(s), P.SpikesPrompt)
    lead = side_fighter(s, "defender").leadership
    s.players[d].glory_cards = [s.glory.pile[0]]   # so the clash's first card window stops the flow
    s = do(s, a, "weapon spikes")
    assert s.fight is not None and s.fight.clash is not None and isinstance(top(s), P.CardPrompt)
    assert len(s.fight.clash_faces["defender"]) == max(lead - 1, 1)
    assert s.fight.penalty == {}, "the first clash round only"


def test_the_new_decisions_read_on_their_buttons() -> None:
    s, a, d = _fight(["incendiary_shot"])
    _aggressor_wins(s, SKULL, 1, 1)
    s = do(s, a, "shoot")
    s = do(s, d, "shoot")
    s = do(s, a, "shot incendiary_shot")
    assert GAME.describe(s, d, GAME.parse(s, d, "hit crew")).label == "The point lands on the crew"
