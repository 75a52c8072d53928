"""What a silent seat does at its deadline (docs/merchants_marauders-plan.md, section 4): the
least that keeps the game moving, giving up nothing it had, never starting a fight, and in a
fight what a cautious captain would do."""
from __future__ import annotations

from engine.merchants_marauders import GAME
from engine.merchants_marauders import prompts as P
from engine.merchants_marauders.rules.common import ability, captain
from engine.merchants_marauders.state import State
from tests.engine.merchants_marauders.scenario_helpers import SKULL, active, at_sea, dice, do, game, started, top


def _default(s: State, seat: int) -> str:
    return GAME.notate(s, GAME.default_action(s, seat))


def test_setup_and_the_action_menu_default_to_a_sloop_and_ending_the_turn() -> None:
    s = game(3, seed="d-setup")
    assert _default(s, 0) == "ship sloop"
    s = started(3, seed="d-menu")
    assert _default(s, active(s)) == "end"


def test_port_defaults_done_the_most_crew_and_the_largest_ten_to_stash() -> None:
    s = started(3, seed="d-port")
    seat = active(s)
    s.players[seat].ship.gold = 27
    s = do(s, seat, "port")
    assert _default(s, seat) == "done"
    s = do(s, seat, "stash")
    assert _default(s, seat) == "stash 20"
    s = do(s, seat, "stash 20")
    assert _default(s, seat) == "done"
    s = do(s, seat, "done")
    s.players[seat].ship.points["crew"] = 0
    s.stack.append(P.RecruitPrompt(seats=[seat], most=2))
    assert _default(s, seat) == "hire 2"


def test_leaving_port_keeps_the_richest_cards_by_default() -> None:
    s = started(3, seed="d-leave")
    seat = active(s)
    s.players[seat].ship.cargo = ["sugar-1", "spices-8", "rum-7"]
    s = do(s, seat, "leave")
    assert _default(s, seat) == "keep spices-8"


def test_a_raid_defaults_to_the_tokens_nation_and_discarding_the_card_that_hurts_most() -> None:
    s = started(3, seed="d-raid")
    seat = active(s)
    at_sea(s, seat, "st_maarten")
    s.zones["st_maarten"].merchant = "spain"
    s.round.scouting = 0
    sk, extra = captain(s.players[seat]).skills, ability(s.players[seat], "extra_die", "scout_merchant")
    dice(s, SKULL, *[1] * (sk.scouting + extra - 1), SKULL, *[1] * (sk.seamanship - 1))
    s = do(s, seat, "scout merchant")
    assert _default(s, seat) == "nation spain"
    s.cargo.pile = [c for c in s.cargo.pile if c not in ("sugar-1", "spices-5", "rum-4")] + ["sugar-1", "spices-5", "rum-4"]
    s.players[seat].ship.points["masts"] = 1
    s = do(s, seat, "nation spain")
    assert isinstance(top(s), P.RaidSkullPrompt) and _default(s, seat) == "discard spices-5"


def test_combat_orders_default_to_shoot_and_to_flee_without_cannons() -> None:
    s = started(3, seed="d-fight")
    a, d = s.order[0], s.order[1]
    at_sea(s, a, "caribbean_sea")
    at_sea(s, d, "caribbean_sea")
    s.round.scouting = 0
    dice(s, SKULL, *[1] * (captain(s.players[a]).skills.scouting - 1))
    s = do(s, a, f"scout p{d + 1}")
    assert _default(s, d) == "shoot"
    assert s.fight is not None
    s.fight.round_no = 2
    s.players[d].ship.points["cannons"] = 0
    assert _default(s, d) == "flee"


def test_undo_takes_back_a_sealed_pick_before_the_reveal_and_never_after() -> None:
    from engine.core import IllegalActionError, Setup, act_text, setup_state, undo
    setup = Setup(game=GAME.id, players=2, seed="undo")
    s = setup_state(GAME, setup)
    log = [(0, "ship flute")]
    s = act_text(GAME, s, 0, "ship flute").state
    before, rest = undo(GAME, setup, log, 0)
    assert rest == [] and 0 in GAME.pending(before).waiting_on  # type: ignore[union-attr]
    log.append((1, "ship sloop"))
    try:
        undo(GAME, setup, log, 1)
    except IllegalActionError:
        return
    raise AssertionError("the last pick shows every ship: it cannot be undone")
