"""Scoring, Winning the Game and the Tie-Breaker, through play: a game set up, the position put
where the rule applies, the game end already triggered so the active seat's turn is the last
one, and that turn ended with `end` as a player types it; the final scores (`State.final`, per
category), the winners and the tie-breaker's drop are what the engine produced (the pure tests of
rules/scoring.py stay in test_scoring.py). Islands are put on a1 with the data's boards:
Kingfisher Bay (6 slots, 11/6/3), Smugglers Cove (4, 6/2), Coral Crown (4, 6/3/1), Gull Rock
(3, 4/2). Inventory IDs: DR-SCORE-…, DR-WIN-…, DR-OVR-04, DR-ISL-05, DR-BLD-02, DR-ACH-01,
DR-BONUS-02/03, DR-ABD-35."""
from __future__ import annotations

from typing import Any

from engine.core.types import Transition
from engine.dead_reckoning import prompts as P
from engine.dead_reckoning.defs import defs
from engine.dead_reckoning.rules.game_end import GameEnd
from engine.dead_reckoning.rules.island_control import Island
from engine.dead_reckoning.rules.load_unload import lay_tile, stow
from engine.dead_reckoning.state import State, label
from tests.engine.dead_reckoning.scenario_helpers import active, do, game, land, main_seat, options, step, top

ISLANDS = "icon-13"


def _last_turn(players: int = 2) -> tuple[State, list[int]]:
    """A game whose end was triggered: every other seat has had its final turn and the active
    seat is on its own. Every seat starts from nothing to score; the seats come back in turn
    order from the active one (p[0] is active)."""
    s = game(players, seed=ISLANDS)
    seat = main_seat(s)
    for p in s.players:
        p.chest = 0
    for at in s.islands:
        s.islands[at] = Island.empty(s.islands[at].board)
    others = [x for x in s.order if x != seat]
    s.end = GameEnd(triggered_by=label(others[0]), final_turns=[label(seat)], finished=[label(x) for x in others])
    for x in others:
        s.players[x].finished = True
    start = s.order.index(seat)
    return s, s.order[start:] + s.order[:start]


def _island(s: State, board: str, *slots: int | None, at: str = "a1", **more: Any) -> None:
    """Lay `board` on `at` with these slots (a seat number or None) and `more` (permanent={seat: n},
    coins, cargo, buildings)."""
    s.grid[at].board = board
    permanent = {label(x): n for x, n in more.pop("permanent", {}).items()}
    s.islands[at] = Island(board=board, slots=[None if x is None else label(x) for x in slots],
                           permanent=permanent, **more)


def _end(s: State) -> Transition[State]:
    """End the last turn (the Cleanup answered): the transition that scores the game."""
    seat = active(s)
    t = step(s, seat, "end")
    while t.state.final is None:
        s = t.state
        t = step(s, seat, "mercantile" if isinstance(top(s), P.ModePrompt) else options(s, seat)[0])
    return t


def _final(s: State) -> dict[int, dict[str, int]]:
    final = _end(s).state.final
    assert final is not None
    return final


def _islands(s: State) -> dict[int, int]:
    return {seat: cats["islands"] for seat, cats in _final(s).items()}


# ---- island majorities -----------------------------------------------------------------------
def test_dr_score_08_09_10_most_second_and_third_take_the_printed_values() -> None:
    s, (a, b, c) = _last_turn(3)
    _island(s, "kingfisher-bay", a, a, a, b, b, c)
    assert _islands(s) == {a: 11, b: 6, c: 3}


def test_dr_score_10_third_scores_only_where_a_third_value_is_printed() -> None:
    s, (a, b, c) = _last_turn(3)
    _island(s, "smugglers-cove", a, a, a, b, permanent={b: 1, c: 1})
    assert _islands(s) == {a: 6, b: 2, c: 0}


def test_dr_score_11_13_a_tie_for_first_takes_the_second_value_and_the_next_the_third() -> None:
    s, (a, b, c) = _last_turn(3)
    _island(s, "kingfisher-bay", a, a, b, b, c, c, permanent={a: 1, b: 1})
    assert _islands(s) == {a: 6, b: 6, c: 3}
    s, (a, b, c) = _last_turn(3)
    _island(s, "kingfisher-bay", a, a, a, a, b, c)      # tied for second: the third value each
    assert _islands(s) == {a: 11, b: 3, c: 3}


def test_dr_score_12_a_tie_for_third_scores_nothing() -> None:
    s, (a, b, c, d) = _last_turn(4)
    _island(s, "kingfisher-bay", a, a, b, b, c, d, permanent={a: 1})
    assert _islands(s) == {a: 11, b: 6, c: 0, d: 0}


def test_dr_score_14_empty_slots_rank_as_a_player_who_never_scores() -> None:
    s, (a, b) = _last_turn(2)
    _island(s, "kingfisher-bay", a, a, b, None, None, None)   # 3 empty slots come first
    assert _islands(s) == {a: 6, b: 3}
    s, (a, b, c) = _last_turn(3)
    _island(s, "kingfisher-bay", a, a, None, None, b, c)      # level with the empty slots
    assert _islands(s) == {a: 6, b: 0, c: 0}


def test_dr_score_15_permanent_cubes_rank_too_and_only_slots_are_the_empty_player() -> None:
    s, (a, b) = _last_turn(2)
    _island(s, "kingfisher-bay", a, a, b, b, b, None, permanent={a: 2})
    assert _islands(s) == {a: 11, b: 6}
    s, (a, b) = _last_turn(2)
    _island(s, "kingfisher-bay", a, a, b, b, b, None)
    assert _islands(s) == {a: 6, b: 11}


def test_dr_score_16_isl_05_no_cube_no_score_and_the_ranking_not_control_pays() -> None:
    s, (a, b) = _last_turn(2)
    _island(s, "gull-rock", a, None, None)
    assert _islands(s) == {a: 2, b: 0}
    s, (a, b) = _last_turn(2)
    _island(s, "kingfisher-bay", a, a, a, None, None, None)   # 3 is not more than 3: nobody controls it
    assert _islands(s) == {a: 6, b: 0}


# ---- the other categories --------------------------------------------------------------------
def test_dr_score_02_03_coins_in_the_chest_aboard_and_on_islands_one_controls() -> None:
    s, (a, b) = _last_turn(2)
    s.players[a].chest = 7
    ship = s.players[a].ship
    ship.hull = stow(stow(ship.hull, "coin", {"A": 2}), "cargo", {"D": 3})
    _island(s, "gull-rock", a, a, b, at="a1", coins=3, cargo=5)       # a's
    _island(s, "coral-crown", a, b, None, None, at="b1", coins=4)     # nobody's
    _island(s, "kingfisher-bay", b, b, b, a, None, None, at="c1", coins=2)   # b's
    final = _final(s)
    assert final[a]["coins"] == 7 + 2 + 3 and final[b]["coins"] == 2, "cargo and nobody's coins: nothing"


def test_dr_score_04_bld_02_a_coin_per_building_where_one_controls_the_island() -> None:
    s, (a, b) = _last_turn(2)
    _island(s, "gull-rock", a, a, b, at="a1", buildings=["fort", "outpost"])
    _island(s, "gull-rock", a, b, None, at="b1", buildings=["garrison"])   # control lapsed
    s.holders["a1"] = s.holders["b1"] = a
    final = _final(s)
    assert final[a]["buildings"] == 2 and final[b]["buildings"] == 0


def test_dr_score_05_06_advancements_by_pairs_and_upgrades_by_tier_covered_too() -> None:
    s, (a, b) = _last_turn(2)
    s.players[a].sleeves["captain"] = ["r1-01", "r1-02", "r1-03"]
    s.players[a].aside = ["r1-04", "r1-05"]               # 5 Advancements: 2 coins
    s.players[b].aside = ["r1-01"]                        # 1: nothing
    ship = s.players[a].ship
    for letter, tile in (("B", "topsail"), ("B", "swivel-gun"), ("C", "gun-deck")):   # topsail covered
        ship.hull = lay_tile(ship.hull, letter, defs().upgrades.tiles[tile])  # type: ignore[arg-type]
        ship.upgrades.setdefault(letter, []).append(tile)
    final = _final(s)
    assert (final[a]["advancements"], final[b]["advancements"]) == (2, 0)
    assert (final[a]["upgrades"], final[b]["upgrades"]) == (1 + 1 + 2, 0)


def test_dr_score_07_abd_35_purple_abilities_score_at_the_end_negative_ones_too() -> None:
    s, (a, b) = _last_turn(2)
    s.players[a].sleeves["captain"] = ["r1-23"]           # Keepsake Map: 2
    s.players[b].aside = ["r1-27"]                        # Gilded Figurehead: gives 1 back
    final = _final(s)
    assert (final[a]["end_of_game"], final[b]["end_of_game"]) == (2, -1)


def test_dr_score_01_ach_01_each_completed_achievement_scores_its_value() -> None:
    s, (a, b) = _last_turn(2)
    for aid in ("legendary", "capitalist"):
        s.players[a].record.claims[aid].marker = True
    s.players[b].record.claims["master_merchant"].marker = True
    final = _final(s)
    coins = {k: v.coins for k, v in defs().achievements.achievements.items()}
    assert len(coins) == 9
    assert final[a]["achievements"] == coins["legendary"] + coins["capitalist"] == 9
    assert final[b]["achievements"] == coins["master_merchant"]


def test_dr_score_17_bonus_02_03_the_kept_token_pays_2_per_completed_achievement_it_shows() -> None:
    s = game(2, seed=ISLANDS, bonus_tokens=True)
    assert isinstance(top(s), P.TokenPrompt)
    dealt = {x: list(s.players[x].tokens_dealt) for x in range(2)}
    assert all(len(t) == 2 for t in dealt.values()) and len({t for v in dealt.values() for t in v}) == 4
    shows = {t: defs().achievements.tokens[t].shows for v in dealt.values() for t in v}
    assert all(len(v) == 2 for v in shows.values())
    for x in range(2):
        s = do(s, x, f"keep {dealt[x][0]}")
    seat = main_seat(s)
    kept = dealt[seat][0]
    for aid in shows[kept]:
        s.players[seat].record.claims[aid].marker = True
    s.players[seat].record.claims["builder"].marker = "builder" not in shows[kept]
    other = 1 - seat
    s.end = GameEnd(triggered_by=label(other), final_turns=[label(seat)], finished=[label(other)])
    s.players[other].finished = True
    final = _final(s)
    assert final[seat]["bonus"] == 4 and final[other]["bonus"] == 0


# ---- winning and the tie-breaker -------------------------------------------------------------
def test_dr_ovr_04_win_01_the_most_coins_wins() -> None:
    s, (a, b) = _last_turn(2)
    s.players[a].chest, s.players[b].chest = 20, 21
    t = _end(s)
    assert t.state.winners == [b] and not t.state.tower.script


def test_dr_win_02_03_04_tied_seats_drop_a_cube_per_cannon_then_from_islands_when_short() -> None:
    s, (a, b) = _last_turn(2)
    ship = s.players[a].ship
    ship.hull = lay_tile(ship.hull, "B", defs().upgrades.tiles["gun-deck"])   # 1 printed + 2: 3 Cannons
    s.players[a].cubes = 1
    _island(s, "gull-rock", a, None, None, at="b1")      # one loose cube on an island: 2 coins
    _island(s, "gull-rock", None, None, None, at="c1", permanent={a: 4})      # never taken: 4 coins
    s.players[a].chest, s.players[b].chest = 10, 16      # level at 16
    # a drops 2 (its 1 and the one from b1), b its 1 Cannon's; the seats' cubes fall in seat order
    drops = {a: ["strength-2", "strength-1"], b: ["empty"]}
    land(s, *drops[min(a, b)], *drops[max(a, b)])
    t = _end(s)
    assert {scores["coins"] + scores["islands"] for scores in t.state.final.values()} == {16}   # type: ignore[union-attr]
    assert any("drops 2" in e.text and "drops 1" in e.text for e in t.events)
    assert t.state.tower.script == [] and t.state.winners == [a]


def test_dr_win_05_06_exploding_shots_resolve_and_the_still_tied_drop_again() -> None:
    s, seats = _last_turn(3)
    x0, x1, x2 = sorted(seats)
    for x in seats:
        s.players[x].chest = 10
    # round 1, in seat order: x0 explodes (its cube and an extra then land on 1 and nothing), x1 on
    # 1, x2 on nothing: x0 and x1 level at 1; round 2: x0 on nothing, x1 on 2
    land(s, "exploding", "strength-1", "empty", "strength-1", "empty", "empty", "strength-2")
    t = _end(s)
    assert t.state.winners == [x1] and t.state.tower.script == []
