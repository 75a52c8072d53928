"""Ratings: each server rates each game apart (a board), with openskill's Plackett-Luce model,
a Bayesian rating for free-for-all games of any number of players (docs/trust-and-history.md).

A finished game is rated once, when it ends: the winners share first place, the others follow
by score, equal scores sharing a place. A seat is rated as its player (a user, even when a bot
stood in for missed deadlines) or as its bot ('bot:<policy>', one identity per bot and game);
a seat that changed hands during play is left out, and a game with fewer than two identities
left is taken in without a rating. Everything is derived from the finished games:
`python -m table.rerate DB` rebuilds it and gets the same numbers.
"""
from __future__ import annotations

import logging
from collections.abc import Iterable

from openskill.models import PlackettLuce

from engine.core import Outcome, get_game
from store import GameRecord, SeatRecord, Store
from store.ratings import Board, GameRating, PlayerResult, Prior, SeatResult, SyncResult, board_of

log = logging.getLogger(__name__)
MODEL = PlackettLuce()   # openskill's defaults: a new identity starts at mu 25, sigma 25/3
UNSCORED = float("-inf")   # a seat the outcome gives no score places after every scored one


def identity_of(seat: SeatRecord) -> str | None:
    """Who a seat is rated as, or None when it is not rated (it changed hands during play)."""
    if seat.changed_hands:
        return None
    if seat.user_id is not None:
        return f"user:{seat.user_id}"
    return f"bot:{seat.bot_policy}" if seat.bot_policy else None


def is_bot(identity: str) -> bool:
    return identity.startswith("bot:")


def places(outcome: Outcome, seats: Iterable[int]) -> dict[int, int]:
    """Places among `seats` (the rated ones): 1 for every winner, then the others by score,
    highest first; equal scores share a place and the next score takes the next (1, 2, 2, 3)."""
    seats = list(seats)
    winners = set(outcome.winners)
    scores = sorted({float(outcome.scores.get(s, UNSCORED)) for s in seats if s not in winners}, reverse=True)
    first = 2 if winners & set(seats) else 1
    by_score = {score: first + i for i, score in enumerate(scores)}
    return {s: 1 if s in winners else by_score[float(outcome.scores.get(s, UNSCORED))] for s in seats}


def rate_game(record: GameRecord, prior: Prior) -> GameRating | None:
    """The new ratings after one finished game, or None when it is not rated."""
    game = get_game(record.game_type)
    state = record.state()
    outcome = game.outcome(state) if state is not None else None
    entrants = {s.seat: who for s in record.seats if (who := identity_of(s)) is not None}
    if outcome is None or len(set(entrants.values())) < 2:
        return None
    seats = sorted(entrants)
    placed = places(outcome, seats)
    teams = [[MODEL.rating(*(prior(entrants[s]) or (None, None)))] for s in seats]
    after = [team[0] for team in MODEL.rate(teams, ranks=[float(placed[s]) for s in seats])]
    seat_results = tuple(SeatResult(s, entrants[s], placed[s], s in outcome.winners, game.seat_name(state, s),
                                    r.mu, r.sigma) for s, r in zip(seats, after, strict=True))
    return GameRating(seat_results, players_after(seat_results))


def players_after(seats: tuple[SeatResult, ...]) -> tuple[PlayerResult, ...]:
    """One result per identity: a bot in several seats of one game moves to the mean of them."""
    by_identity: dict[str, list[SeatResult]] = {}
    for s in seats:
        by_identity.setdefault(s.identity, []).append(s)
    return tuple(PlayerResult(who, is_bot(who), sum(s.mu for s in mine) / len(mine),
                              sum(s.sigma for s in mine) / len(mine), any(s.won for s in mine))
                 for who, mine in by_identity.items())


async def rate_board(store: Store, board: Board, *, rebuild: bool = False) -> SyncResult:
    return await store.sync_board(board, rate_game, rebuild=rebuild)


async def after_game(store: Store, record: GameRecord) -> None:
    """Bring the game's board up to date after it ended (or stopped being over). Never raises:
    the game is committed already, and the next read of the board catches up."""
    try:
        await rate_board(store, board_of(record))
    except Exception:   # noqa: BLE001 — logged; /stats and /leaderboard sync the board again
        log.exception("game %s: rating its board failed; the next /stats or /leaderboard retries", record.id)


async def sync_guild(store: Store, guild_id: int, game_type: str | None = None) -> None:
    """Before showing a server's ratings: take in any finished game a crash left unrated."""
    for board in await store.boards(guild_id):
        if game_type in (None, board.game_type):
            await rate_board(store, board)


async def rerate(store: Store) -> list[tuple[Board, SyncResult]]:
    """Rebuild every board from its finished games."""
    return [(board, await rate_board(store, board, rebuild=True)) for board in await store.boards()]
