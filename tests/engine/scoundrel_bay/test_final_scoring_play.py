"""Final Scoring through play: a position built at the end of the game, then the last decision of
the game (a seat keeping its undelivered crate at the final-crates prompt) is applied through the
engine, and the flow scores. Each test checks a category from both sides of its rule."""
from __future__ import annotations

from engine.scoundrel_bay import GAME
from engine.scoundrel_bay import prompts as P
from engine.scoundrel_bay.defs import defs
from engine.scoundrel_bay.rules.feed import Crew
from engine.scoundrel_bay.state import GHOST, State
from tests.engine.scoundrel_bay.scenario_helpers import do, game, top
from tests.engine.scoundrel_bay.test_end import at_final

CRATE = sorted(defs().crates.crates)[0]
GOLD = {n: sp.gold for n, sp in defs().reputation.spaces.items()}


def scored(s: State, last: int = 0) -> State:
    """Every seat has played its last turn; `last` holds a crate and decides to keep it, and
    final scoring follows that decision."""
    s.players[last].undelivered = [CRATE]
    s = at_final(s)
    assert isinstance(top(s), P.FinalCratesPrompt) and s.final is None
    s = do(s, last, "done")
    assert s.final is not None and GAME.outcome(s) is not None
    return s


def category(s: State, name: str) -> list[int]:
    assert s.final is not None
    return [s.final[seat][name] for seat in range(len(s.players))]


def captain_in(s: State, seat: int, rid: str) -> None:
    s.players[seat].crew_space.captain, s.players[seat].captain_at = "away", rid


def test_sb_score_01_sbay_06_07_harbsc_04_grave_01_06_07_a_2_player_game_scored_after_its_last_decision() -> None:
    """Two seats and the ghosts: the ghosts take places in the bay and in Dodge Harbor (their
    winnings go nowhere), the beach pirate and the 5 reserve ghosts die before reputation is
    counted, the ghosts' 6 dead win the graveyard majority (so seat 0 drops only its own 2), the
    ghost disc does not move, doubloons count 1:1 and a debt is lost as gold."""
    s = game(2)
    assert s.ghost_reserve == 5 and s.regions["dodge-harbor"].pirates[GHOST] == 4
    s.regions["scoundrel-bay"].pirates = {0: 1, 1: 3, GHOST: 2}
    s.regions["dodge-harbor"].pirates = {0: 2, 1: 2, GHOST: 4}
    s.regions["tarwick"].pirates = {0: 3}
    s.regions["crows-hollow"].pirates = {1: 2}
    s.regions["gallows-loft"].pirates = {1: 1}
    s.regions["gullsand-beach"].pirates = {0: 1}
    s.graveyard, s.pot = {0: 1, GHOST: 1}, 20
    s.reputation.advance(0, 10)
    s.reputation.advance(1, 8)
    ghost_space = s.reputation.space(GHOST)
    s.players[0].doubloons, s.players[1].doubloons, s.players[1].debt = 10, 3, 4
    s.players[0].ship_damage, s.players[0].crew_space = 6, Crew(captain="active", active=3, sick=1)
    s.players[1].ship_damage = 1
    s = scored(s, last=1)
    assert s.final is not None
    assert s.final[0] == {"scoundrel_bay": 5, "doubloons": 10, "harbors": 10, "villages": 6, "hideouts": 0,
                          "reputation": 12, "ship_damage": -6, "sick": -2, "debt": 0}
    assert s.final[1] == {"scoundrel_bay": 20, "doubloons": 3, "harbors": 6, "villages": 0, "hideouts": 6,
                          "reputation": 12, "ship_damage": 0, "sick": 0, "debt": -4}
    out = GAME.outcome(s)
    assert out is not None and out.scores == {0: 35, 1: 43} and out.winners == [1]
    assert list(out.breakdown[0]) == ["scoundrel_bay", "doubloons", "harbors", "villages", "hideouts",
                                      "reputation", "ship_damage", "sick", "debt"]      # the rulebook's order
    assert s.reputation.space(0) == s.reputation.space(1) == 8 and s.reputation.space(GHOST) == ghost_space
    assert s.pot == 0


def test_sb_grave_06_without_the_reserve_ghosts_seat_0_would_have_the_most_dead() -> None:
    """The other side of the 2-player graveyard: with no ghosts dead, seat 0's 2 dead are the
    most and it drops one space more."""
    s = game(2)
    s.regions["gullsand-beach"].pirates = {0: 1}
    s.graveyard, s.ghost_reserve = {0: 1}, 0
    s.reputation.advance(0, 10)
    s = scored(s)
    assert s.reputation.space(0) == 10 - 2 - 1 and category(s, "reputation")[0] == GOLD[7]


def test_sb_sbay_06_07_doubloons_count_one_gold_each_and_a_debt_is_lost() -> None:
    s = game(3)
    for seat, (money, debt) in enumerate(((0, 0), (13, 0), (13, 5))):
        s.players[seat].doubloons, s.players[seat].debt = money, debt
    s = scored(s)
    assert category(s, "doubloons") == [0, 13, 13] and category(s, "debt") == [0, 0, -5]
    assert [GAME.outcome(s).scores[seat] for seat in range(3)] == [0, 13, 8]   # type: ignore[union-attr]


def test_sb_harbsc_01_each_of_the_four_harbors_pays_its_printed_gold_and_the_bay_pays_doubloons() -> None:
    """Seat 0 has one pirate in every harbor: first in four of them, third in Arbega behind
    seats 2 (3 pirates) and 1 (2). Scoundrel Bay pays its own bonus, not harbor gold."""
    s = game(3)
    for rid in ("port-harleem", "cabyss", "dodge-harbor", "scoundrel-bay", "arbega"):
        s.regions[rid].pirates = {0: 1}
    s.regions["arbega"].pirates = {0: 1, 1: 2, 2: 3}
    s = scored(s)
    assert category(s, "harbors") == [12 + 14 + 16 + 6, 11, 18]
    assert category(s, "scoundrel_bay") == [defs().rules.scoring.scoundrel_bay[0], 0, 0]


def test_sb_harbsc_02_03_four_tied_in_a_harbor_ranked_by_the_tiebreak_and_the_fourth_scores_nothing() -> None:
    def port_harleem(ahead: int | None) -> list[int]:
        s = game(4)
        s.regions["port-harleem"].pirates = {0: 1, 1: 1, 2: 1, 3: 1}
        if ahead is not None:
            s.reputation.advance(ahead, 1)
        return category(scored(s), "harbors")

    assert port_harleem(None) == [0, 4, 8, 12]         # the opening stack: the last seat furthest
    assert port_harleem(0) == [12, 0, 4, 8]            # seat 0 one space up: now first
    s = game(4)
    s.regions["port-harleem"].pirates = {1: 1}
    assert category(scored(s), "harbors") == [0, 12, 0, 0]    # no pirates there, no gold


def test_sb_capt_02_vill_01_hidesc_01_a_captain_counts_2_in_majorities_villages_and_hideouts() -> None:
    """Cabyss: seat 0's 3 pirates beat seat 2's lone captain (2), which beats seat 1's single
    pirate. Villages: seat 0's captain and 1 pirate are 3, 6 gold. Hideouts: seat 1's captain
    and 2 pirates in 2 hideouts are (2 + 2) x 2 = 8. Seat 2 has none there: 0."""
    s = game(3)
    s.regions["cabyss"].pirates = {0: 3, 1: 1}
    captain_in(s, 2, "cabyss")
    captain_in(s, 0, "tarwick")
    s.regions["mossbarrel"].pirates = {0: 1}
    captain_in(s, 1, "crows-hollow")
    s.regions["crows-hollow"].pirates = {1: 1}
    s.regions["saltfang-cave"].pirates = {1: 1}
    s = scored(s)
    assert category(s, "harbors") == [14, 5, 9]
    assert category(s, "villages") == [2 * 3, 0, 0]
    assert category(s, "hideouts") == [0, (2 + 2) * 2, 0]


def test_sb_hidesc_01_one_hideout_counts_once_more_hideouts_multiply() -> None:
    s = game(3)
    s.regions["crows-hollow"].pirates = {0: 4}
    s.regions["saltfang-cave"].pirates = {1: 2}
    s.regions["gallows-loft"].pirates = {1: 2}
    s = scored(s)
    assert category(s, "hideouts") == [4 * 1, 4 * 2, 0]


def test_sb_grave_03_05_08_rep_09_the_most_dead_drop_one_more_stopping_at_0_and_landing_on_top() -> None:
    """Seat 0 (2 dead, the most) drops 3 from 5 to 2 and lands on top of seat 2, who stayed
    on 2 with no dead; seat 1 (1 dead) at 0 stays at 0. Each scores its space's gold."""
    s = game(3)
    s.reputation.advance(0, 5)
    s.reputation.advance(2, 2)
    s.graveyard = {0: 2, 1: 1}
    s = scored(s)
    assert [s.reputation.space(seat) for seat in range(3)] == [2, 0, 2]
    assert s.reputation.order([0, 2]) == [2, 0]                 # arrived later: behind
    assert category(s, "reputation") == [GOLD[2], GOLD[0], GOLD[2]]


def test_sb_grave_03_everyone_tied_for_the_most_dead_drops_one_more() -> None:
    s = game(3)
    for seat in range(3):
        s.reputation.advance(seat, 9)
    s.graveyard = {0: 2, 1: 2, 2: 1}
    s = scored(s)
    assert [s.reputation.space(seat) for seat in range(3)] == [9 - 3, 9 - 3, 9 - 1]
    assert category(s, "reputation") == [GOLD[6], GOLD[6], GOLD[8]]
    s = game(3)
    s.reputation.advance(0, 9)
    s = scored(s)                                                # nobody dead: nobody moves
    assert s.reputation.space(0) == 9 and category(s, "reputation")[0] == GOLD[9]


def test_sb_dmg_01_sick_01_ship_damage_and_sick_pirates_cost_gold() -> None:
    """The gold under the ship-damage marker (none at 1 and 2); 2 gold per sick pirate, a sick
    captain counting 2."""
    track = defs().player_boards.tracks.ship_damage
    s = game(3)
    for seat, (damage, crew) in enumerate(((1, Crew(captain="active", active=4)),
                                           (5, Crew(captain="active", active=2, sick=2)),
                                           (track.high, Crew(captain="sick", active=0, sick=1)))):
        s.players[seat].ship_damage, s.players[seat].crew_space = damage, crew
    s = scored(s)
    assert category(s, "ship_damage") == [0, -track.gold[5 - track.low], -track.gold[-1]]
    assert category(s, "sick") == [0, -2 * 2, -2 * (2 + 1)]


def test_sb_win_01_02_the_most_gold_wins_and_a_tie_goes_to_the_furthest_on_the_track() -> None:
    def winners(boards: list[int], money: list[int]) -> list[int]:
        s = game(3, boards=boards)
        for p, m in zip(s.players, money, strict=True):
            p.doubloons = m
        out = GAME.outcome(scored(s))
        assert out is not None
        return out.winners

    assert winners([1, 2, 3], [10, 10, 10]) == [2]      # turn order 0, 1, 2: seat 2 is furthest
    assert winners([2, 3, 1], [10, 10, 10]) == [1]      # turn order 2, 0, 1: seat 1 is furthest
    assert winners([1, 2, 3], [11, 10, 10]) == [0]      # one gold more beats the tiebreak
