"""Places from an Outcome, who a seat is rated as, and the Plackett-Luce update (table/ratings.py)."""
from __future__ import annotations

from engine.core import Outcome
from store import SeatRecord
from store.ratings import SeatResult
from table.ratings import MODEL, identity_of, places, players_after


def test_winners_share_first_place_and_the_others_follow_by_score() -> None:
    outcome = Outcome(winners=[2], scores={0: 5, 1: 9, 2: 3, 3: 5})
    assert places(outcome, range(4)) == {2: 1, 1: 2, 0: 3, 3: 3}


def test_two_winners_tie_and_equal_scores_share_a_place() -> None:
    outcome = Outcome(winners=[0, 3], scores={0: 1, 1: 4, 2: 4, 3: 2, 4: 0})
    assert places(outcome, range(5)) == {0: 1, 3: 1, 1: 2, 2: 2, 4: 3}


def test_without_a_winner_the_best_score_is_first_and_an_unscored_seat_last() -> None:
    outcome = Outcome(winners=[], scores={0: 2, 1: 7})
    assert places(outcome, [0, 1, 2]) == {1: 1, 0: 2, 2: 3}


def test_places_are_among_the_rated_seats_only() -> None:
    outcome = Outcome(winners=[1], scores={0: 8, 1: 2, 2: 6})   # the winner's seat changed hands
    assert places(outcome, [0, 2]) == {0: 1, 2: 2}


def test_a_seat_is_rated_as_its_player_its_bot_or_not_at_all() -> None:
    assert identity_of(SeatRecord(0, 42, None, "anne")) == "user:42"
    assert identity_of(SeatRecord(0, 42, "greedy", "anne")) == "user:42"   # a stand-in for missed deadlines
    assert identity_of(SeatRecord(1, None, "greedy", "Bot 2 (greedy)")) == "bot:greedy"
    assert identity_of(SeatRecord(2, None, "greedy", "jack (bot)", changed_hands=True)) is None
    assert identity_of(SeatRecord(3, 7, None, "mary", changed_hands=True)) is None   # claimed mid-game


def test_a_winner_gains_and_a_loser_loses_and_ties_move_alike() -> None:
    teams = [[MODEL.rating()] for _ in range(3)]
    first, tied_a, tied_b = (t[0] for t in MODEL.rate(teams, ranks=[1.0, 2.0, 2.0]))
    assert first.mu > 25 > tied_a.mu and tied_a.mu == tied_b.mu


def test_a_bot_in_two_seats_moves_to_the_mean_of_them_and_wins_if_either_won() -> None:
    seats = (SeatResult(0, "bot:greedy", 1, True, "A", 30.0, 7.0), SeatResult(1, "user:5", 2, False, "B", 24.0, 8.0),
             SeatResult(2, "bot:greedy", 3, False, "C", 20.0, 8.0))
    by = {p.identity: p for p in players_after(seats)}
    assert (by["bot:greedy"].mu, by["bot:greedy"].sigma, by["bot:greedy"].won) == (25.0, 7.5, True)
    assert by["bot:greedy"].is_bot and not by["user:5"].is_bot and by["user:5"].mu == 24.0
