"""The End of the Game and Final Scoring through the engine's flow: the trigger after the 5th
reef's stage, equal turns then 2 more, the loop round Arbega, crates opened before scoring
(flow.py, rules/final.py, rules/scoring.py)."""
from __future__ import annotations

from engine.core import act
from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.flow import settle
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import GHOST, State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, options, top, waiting
from tests.engine.scoundrel_bay.test_stage import end_turn, feed_all, quiet_event, sail_past, turn_to


def play_default(s: State, limit: int = 2000) -> tuple[State, list[int]]:
    """Everyone takes the engine's default decision until the game ends; returns the seats whose
    turns started, in order."""
    turns: list[int] = []
    for _ in range(limit):
        if GAME.outcome(s) is not None:
            return s, turns
        t = top(s)
        seat = waiting(s)[0]
        if isinstance(t, P.ActionPrompt):
            turns.append(seat)
        s = act(GAME, s, seat, GAME.default_action(s, seat)).state
    raise AssertionError("the game did not end")


def at_final(s: State) -> State:
    """Every seat has played its last turn: the flow goes on to final scoring."""
    s.end_turns = max(p.turns for p in s.players)
    for p in s.players:
        p.turns = s.end_turns
    s.stack, s.effects = [], []
    s.turn.phase = "next_turn"
    settle(s, [])
    return s


# ---- the trigger and the last turns -----------------------------------------------------------

def test_sb_end_01_the_end_is_triggered_once_the_5th_stage_is_resolved() -> None:
    s = game(3)
    s.reefs_passed = [1, 2, 3, 4]
    s.stages_done = 4
    s = end_turn(sail_past(s, 0, 5, "the-dockmaster"), 0)
    assert s.stage is not None and s.end_turns is None          # the stage itself is played first
    s = quiet_event(s)
    assert isinstance(top(s), P.FeedPrompt) and s.end_turns is None
    s = feed_all(s)
    assert s.end_turns is not None and s.stages_done == 5


def test_sb_end_01_reef_4_s_stage_does_not_end_the_game() -> None:
    s = game(3)
    s.reefs_passed = [1, 2, 3]
    s = feed_all(quiet_event(end_turn(sail_past(s, 0, 4, "the-dockmaster"), 0)))
    assert s.end_turns is None and s.stages_done == 1


def test_sb_end_02_03_04_08_the_3_player_example_the_third_seat_gets_3_turns() -> None:
    """Taylor, in the 2nd seat, triggers the end: the 3rd seat plays to even the turns, then
    everyone plays 2 more: 3 turns for the 3rd seat, 2 for the others, then final scoring."""
    s = game(3)
    for seat, n in ((0, 5), (1, 4), (2, 4)):
        s.players[seat].turns = n
    s.reefs_passed = [1, 2, 3, 4]
    s.stages_done = 4
    s = feed_all(quiet_event(end_turn(sail_past(s, 1, 5, "the-dockmaster"), 1)))
    assert [p.turns for p in s.players] == [5, 5, 4] and s.end_turns == 7
    assert s.turn.seat == 2
    base = [p.turns for p in s.players]
    s, turns = play_default(s)
    assert turns == [2, 0, 1, 2, 0, 1, 2]
    assert [p.turns - b for p, b in zip(s.players, base, strict=True)] == [2, 2, 3]
    assert s.final is not None and s.turn.phase == "done" and not s.stack


def test_sb_end_04_the_last_seat_triggering_gives_everyone_2() -> None:
    s = game(3)
    for p in s.players:
        p.turns = 4
    s.players[2].turns = 3
    s.reefs_passed = [1, 2, 3, 4]
    s.stages_done = 4
    s = feed_all(quiet_event(end_turn(sail_past(s, 2, 5, "the-dockmaster"), 2)))
    assert [p.turns for p in s.players] == [4, 4, 4] and s.end_turns == 6
    s, turns = play_default(s)
    assert turns == [0, 1, 2, 0, 1, 2]


def test_sb_end_05_final_scoring_follows_the_last_turn() -> None:
    s = game(3)
    s.end_turns = 1
    s.players[0].turns, s.players[1].turns = 1, 1
    s, turns = play_default(turn_to(s, 2))
    assert turns == [2]
    out = GAME.outcome(s)
    assert out is not None and s.final is not None and set(out.scores) == {0, 1, 2}
    assert [p.turns for p in s.players] == [1, 1, 1]


# ---- the loop ------------------------------------------------------------------------------

def test_sb_end_06_07_ships_loop_round_arbega_and_reefs_trigger_no_more() -> None:
    s = game(3)
    s.reefs_passed = [1, 2, 3, 4, 5]
    s.stages_done, s.end_turns = 5, 9
    s.players[0].ship = 20
    s.monsters.pop(2, None)
    s = do(s, 0, f"sail {s.players[0].hand[0]}")
    s = do(s, 0, "sail 3")
    assert s.players[0].ship == 2                                   # 21, then 1 and 2 again
    assert s.turn.reefs == [] and s.reputation.space(0) == 0        # reef 5 again: nothing
    s = end_turn(do(s, 0, "no reward"), 0)
    assert s.stage is None and s.turn.seat == 1
    s = sail_past(s, 1, 1)                                          # and across reef 1 again
    assert s.turn.reefs == [] and s.reputation.space(1) == 0
    s = end_turn(s, 1)
    assert s.stage is None and s.stages_done == 5 and s.turn.seat == 2


def test_sb_end_07_a_reef_passed_again_before_the_end_is_not_a_new_stage() -> None:
    s = game(3)
    s.reefs_passed = [1]
    s = sail_past(s, 2, 1)
    assert s.turn.reefs == [] and s.reputation.space(2) == 0
    s = end_turn(s, 2)
    assert s.stage is None and isinstance(top(s), P.ActionPrompt) and s.turn.seat == 0


# ---- final scoring ------------------------------------------------------------------------

def test_sb_score_02_crate_opened_at_final_scoring_overflows_into_reputation_first() -> None:
    crate = next(cid for cid, c in sorted(defs().crates.crates.items())
                 if [r.gain for r in c.contents].count("sword") == 1)
    high = defs().player_boards.tracks.sword.high

    def ending(open_it: bool) -> State:
        s = game(3)
        s.players[0].undelivered = [crate]
        s.players[0].tools["sword"] = high
        s.reputation.advance(0, 9)
        s = at_final(s)
        assert isinstance(top(s), P.FinalCratesPrompt) and waiting(s) == (0,)
        assert f"open {crate}" in options(s, 0)
        if open_it:
            s = do(s, 0, f"open {crate}")
        return do(s, 0, "done")

    kept, opened = ending(False), ending(True)
    assert kept.final is not None and opened.final is not None
    assert opened.reputation.space(0) == kept.reputation.space(0) + 1
    r = defs().reputation.spaces
    assert opened.final[0]["reputation"] == r[10].gold and kept.final[0]["reputation"] == r[9].gold
    assert opened.final[0]["doubloons"] == kept.final[0]["doubloons"]      # no doubloons from a crate


def test_sb_score_02_no_crates_no_prompt() -> None:
    s = at_final(game(3))
    assert s.final is not None and not s.stack and s.turn.phase == "done"


def test_sb_grave_04_moving_down_takes_and_gives_back_no_bonuses() -> None:
    s = game(3)
    s.reputation.advance(0, 5)
    s.graveyard = {0: 2, 1: 1}
    s.players[0].crew_space = Crew(captain="active", active=2)
    before = (dict(s.players[0].resources), dict(s.players[0].tools), s.players[0].doubloons,
              s.players[0].crew_space.model_copy(), s.players[0].unlocks)
    s = at_final(s)
    p = s.players[0]
    assert s.reputation.space(0) == 5 - 2 - 1
    assert (p.resources, p.tools, p.doubloons, p.crew_space, p.unlocks) == before
    assert s.final is not None and s.final[0]["reputation"] == defs().reputation.spaces[2].gold


# ---- Scoundrel Bay and Doubloons, paid out of the pot on the board ------------------------------

BAY = "scoundrel-bay"


def last_turn_with_the_bay(players: int, bay: dict[int, int], pot: int, ahead: list[int] | None = None) -> State:
    """The last seat plays its last turn (the engine's default decisions) and final scoring
    follows; `bay` holds the pirates in Scoundrel Bay by owner, `ahead` seats put further up
    the reputation track in that order (the GENERAL TIEBREAK)."""
    s = game(players)
    s.regions[BAY].pirates = dict(bay)
    s.pot = pot
    for steps, seat in enumerate(reversed(ahead or []), start=1):
        s.reputation.advance(seat, steps)
    s.end_turns = 1
    for p in s.players[:-1]:
        p.turns = 1
    s, turns = play_default(turn_to(s, players - 1))
    assert turns == [players - 1] and s.final is not None
    assert {o: n for o, n in s.regions[BAY].pirates.items() if n} == {o: n for o, n in bay.items() if n}
    return s


def bay_gains(s: State) -> list[int]:
    assert s.final is not None
    return [s.final[seat]["scoundrel_bay"] for seat in range(len(s.players))]


def test_sb_sbay_03_the_third_most_takes_the_rest_of_the_pot_and_the_bay_is_left_empty() -> None:
    """Pot 11: 10 + 5 for the most, 7 + 3 for the second, the remaining 3 for the third; the
    board (the public view) then shows no doubloons in Scoundrel Bay."""
    s = last_turn_with_the_bay(3, {0: 4, 1: 2, 2: 1}, pot=11)
    assert bay_gains(s) == [15, 10, 3]
    assert s.pot == 0 and GAME.view(s, None).pot == 0


def test_sb_sbay_04_09_with_no_third_player_in_the_bay_the_rest_stays_unawarded() -> None:
    """The rulebook's example (David 15 = 10 + 5, Taylor 10 = 7 + 3, from a pot of 11). Reading:
    with only two players there, the 3 left over go to nobody and stay in the bay."""
    s = last_turn_with_the_bay(3, {0: 4, 1: 2}, pot=11)
    assert bay_gains(s) == [15, 10, 0]
    assert s.pot == 3 and GAME.view(s, None).pot == 3


def test_sb_sbay_03_05_a_tie_for_third_goes_by_the_tiebreak_and_the_other_gets_nothing() -> None:
    s = last_turn_with_the_bay(4, {0: 3, 1: 2, 2: 1, 3: 1}, pot=11, ahead=[3, 2])
    assert bay_gains(s) == [15, 10, 0, 3] and s.pot == 0
    s = last_turn_with_the_bay(4, {0: 3, 1: 2, 2: 1, 3: 1}, pot=11, ahead=[2, 3])
    assert bay_gains(s) == [15, 10, 3, 0] and s.pot == 0


def test_sb_sbay_03_08_in_a_2_player_game_a_ghost_in_third_takes_the_rest_to_the_supply() -> None:
    s = last_turn_with_the_bay(2, {0: 4, 1: 3, GHOST: 2}, pot=11)
    assert bay_gains(s) == [15, 10] and s.pot == 0
    s = last_turn_with_the_bay(2, {0: 4, GHOST: 3, 1: 1}, pot=11)    # the ghost second, seat 1 third
    assert bay_gains(s) == [15, 3] and s.pot == 0


# ---- the rulebook's Final Scoring examples, in one game brought to its end ------------------------

DAVID, TAYLOR, LISA = 0, 1, 2


def test_sb_harbsc_05_vill_02_hidesc_02_grave_09_dmg_02_sick_02_the_final_scoring_examples() -> None:
    """Dodge Harbor: Lisa (a pirate and her captain, 3) 16, David (2) 10, Taylor (1) 6. Taylor's
    3 village pirates: 6. Lisa's 7 pirates in 4 hideouts: 28. The graveyard: David (3 dead, the
    most) loses 4 reputation and scores 20, Taylor and Lisa lose 1. Taylor's ship damage costs 6
    and his 2 sick pirates 4. Final scoring follows Taylor's last decision (keeping his crate)."""
    s = game(3)
    board = defs().board
    s.regions["dodge-harbor"].pirates = {LISA: 1, DAVID: 2, TAYLOR: 1}
    s.players[LISA].captain_at, s.players[LISA].crew_space.captain = "dodge-harbor", "away"
    village_a, village_b = (r.id for r in board.of_kind("village")[:2])
    s.regions[village_a].pirates, s.regions[village_b].pirates = {TAYLOR: 2}, {TAYLOR: 1}
    for hideout, n in zip((r.id for r in board.of_kind("hideout")), (2, 1, 3, 1), strict=False):
        s.regions[hideout].pirates = {LISA: n}
    s.graveyard = {DAVID: 3, TAYLOR: 1, LISA: 1}
    for seat, steps in ((DAVID, 16), (TAYLOR, 8), (LISA, 10)):
        s.reputation.advance(seat, steps)
    s.players[TAYLOR].ship_damage, s.players[TAYLOR].crew_space.sick = 6, 2
    s.players[TAYLOR].undelivered = [next(iter(sorted(defs().crates.crates)))]
    s = at_final(s)
    assert isinstance(top(s), P.FinalCratesPrompt) and s.final is None
    s = do(s, TAYLOR, "done")
    assert s.final is not None
    assert [s.final[seat]["harbors"] for seat in (LISA, DAVID, TAYLOR)] == [16, 10, 6]
    assert s.final[TAYLOR]["villages"] == 6 and s.final[LISA]["hideouts"] == 28
    assert [s.reputation.space(seat) for seat in (DAVID, TAYLOR, LISA)] == [16 - 4, 8 - 1, 10 - 1]
    assert s.final[DAVID]["reputation"] == 20
    assert (s.final[TAYLOR]["ship_damage"], s.final[TAYLOR]["sick"]) == (-6, -4)
