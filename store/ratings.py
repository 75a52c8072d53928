"""Ratings tables (migration 0007): each board (one server's ratings of one game) takes in its
finished games in the order they ended, exactly once each.

The rating itself is the table layer's (table/ratings.py): `sync_board` hands each game to a
`Rater` inside the write transaction and stores what it returns. Everything here is derived
from the finished games, so a board that no longer matches them (a finished game taken back by
/undo, a game whose rating was missed and that ended before others already rated) is rewound to
the first game where they differ and goes on from there.
"""
from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from store.db import Database, now
from store.records import GameRecord, game_from_row
from store.seating import seats_of

NO_GUILD = 0   # the board of games played outside any server (the local table)
Z = 3          # a rating shown is mu - Z * sigma (openskill's ordinal)
ORDINAL = f"(mu - {Z} * sigma)"


@dataclass(frozen=True, slots=True)
class Board:
    guild_id: int
    game_type: str


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    identity: str
    place: int
    won: bool
    seat_name: str
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One identity's new rating after a game (a bot in several seats is one identity)."""
    identity: str
    is_bot: bool
    mu: float
    sigma: float
    won: bool


@dataclass(frozen=True, slots=True)
class GameRating:
    seats: tuple[SeatResult, ...]
    players: tuple[PlayerResult, ...]


@dataclass(frozen=True, slots=True)
class RatingRow:
    identity: str
    is_bot: bool
    mu: float
    sigma: float
    games: int
    wins: int
    game_type: str = ""

    @property
    def ordinal(self) -> float:
        return self.mu - Z * self.sigma


Prior = Callable[[str], tuple[float, float] | None]
Rater = Callable[[GameRecord, Prior], GameRating | None]   # None: the game is not rated
SyncResult = tuple[int, bool]   # (games taken in, whether the board was rebuilt)


def board_of(record: GameRecord) -> Board:
    return Board(record.guild_id or NO_GUILD, record.game_type)


def _guild_clause(board: Board) -> tuple[str, list[object]]:
    if board.guild_id == NO_GUILD:
        return "g.guild_id IS NULL", []
    return "g.guild_id = ?", [board.guild_id]


def finished_games(conn: sqlite3.Connection, board: Board) -> list[tuple[int, float]]:
    """(game id, when its last live decision was logged) of the board's finished games, in order.
    The last decision is read down the (game_id, seq) index: one row per game, however long."""
    where, params = _guild_clause(board)
    rows = conn.execute(
        "SELECT g.id AS id, coalesce((SELECT a.created_at FROM actions a WHERE a.game_id = g.id AND a.undone = 0"
        " ORDER BY a.seq DESC LIMIT 1), g.updated_at) AS ended FROM games g"
        f" WHERE {where} AND g.game_type = ? AND g.status = 'finished' ORDER BY ended, id",
        [*params, board.game_type]).fetchall()
    return [(int(r["id"]), float(r["ended"])) for r in rows]


def taken_in(conn: sqlite3.Connection, board: Board) -> list[tuple[int, float]]:
    rows = conn.execute("SELECT game_id, ended_at FROM rated_games WHERE guild_id = ? AND game_type = ?"
                        " ORDER BY ended_at, game_id", (board.guild_id, board.game_type)).fetchall()
    return [(int(r["game_id"]), float(r["ended_at"])) for r in rows]


def wipe(conn: sqlite3.Connection, board: Board) -> None:
    key = (board.guild_id, board.game_type)
    conn.execute("DELETE FROM rated_seats WHERE game_id IN (SELECT game_id FROM rated_games"
                 " WHERE guild_id = ? AND game_type = ?)", key)
    conn.execute("DELETE FROM rated_games WHERE guild_id = ? AND game_type = ?", key)
    conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game_type = ?", key)


def prior_of(conn: sqlite3.Connection, board: Board) -> Prior:
    def prior(identity: str) -> tuple[float, float] | None:
        row = conn.execute("SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game_type = ? AND identity = ?",
                           (board.guild_id, board.game_type, identity)).fetchone()
        return None if row is None else (float(row["mu"]), float(row["sigma"]))
    return prior


def take_in(conn: sqlite3.Connection, board: Board, game_id: int, ended: float, rater: Rater) -> None:
    """Rate one finished game (if its rater says so) and record that the board has it."""
    row = conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    rating = rater(game_from_row(row, seats_of(conn, game_id)), prior_of(conn, board))
    conn.execute("INSERT INTO rated_games (game_id, guild_id, game_type, ended_at, rated_at) VALUES (?, ?, ?, ?, ?)",
                 (game_id, board.guild_id, board.game_type, ended, now()))
    if rating is None:
        return
    conn.executemany("INSERT INTO rated_seats (game_id, seat, identity, place, won, seat_name, mu, sigma)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     [(game_id, s.seat, s.identity, s.place, int(s.won), s.seat_name, s.mu, s.sigma)
                      for s in rating.seats])
    conn.executemany(
        "INSERT INTO ratings (guild_id, game_type, identity, is_bot, mu, sigma, games, wins, last_game_id)"
        " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (guild_id, game_type, identity) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins, last_game_id = excluded.last_game_id",
        [(board.guild_id, board.game_type, p.identity, int(p.is_bot), p.mu, p.sigma, int(p.won), game_id)
         for p in rating.players])


def common_prefix(done: list[tuple[int, float]], finished: list[tuple[int, float]]) -> int:
    n = 0
    while n < len(done) and n < len(finished) and done[n] == finished[n]:
        n += 1
    return n


def rewind(conn: sqlite3.Connection, board: Board, dropped: list[int]) -> None:
    """Forget the board's games `dropped` (its latest ones taken in): each identity they rated
    goes back to what its latest game left gave it, read from rated_seats."""
    identities: set[str] = set()
    for game_id in dropped:
        identities |= {r["identity"] for r in conn.execute("SELECT identity FROM rated_seats WHERE game_id = ?",
                                                           (game_id,)).fetchall()}
        conn.execute("DELETE FROM rated_seats WHERE game_id = ?", (game_id,))
        conn.execute("DELETE FROM rated_games WHERE game_id = ?", (game_id,))
    for identity in sorted(identities):
        restore(conn, board, identity)


def restore(conn: sqlite3.Connection, board: Board, identity: str) -> None:
    """An identity's rating row from its rated seats on the board, as take_in left it after its
    latest game: the mean of its seats there (in seat order), its games and the games it won."""
    key = (board.guild_id, board.game_type, identity)
    rows = conn.execute("SELECT s.game_id, s.mu, s.sigma, s.won FROM rated_seats s JOIN rated_games g"
                        " ON g.game_id = s.game_id WHERE g.guild_id = ? AND g.game_type = ? AND s.identity = ?"
                        " ORDER BY g.ended_at, g.game_id, s.seat", key).fetchall()
    if not rows:
        conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game_type = ? AND identity = ?", key)
        return
    last = rows[-1]["game_id"]
    mine = [r for r in rows if r["game_id"] == last]
    conn.execute("UPDATE ratings SET mu = ?, sigma = ?, games = ?, wins = ?, last_game_id = ?"
                 " WHERE guild_id = ? AND game_type = ? AND identity = ?",
                 (sum(float(r["mu"]) for r in mine) / len(mine), sum(float(r["sigma"]) for r in mine) / len(mine),
                  len({r["game_id"] for r in rows}), len({r["game_id"] for r in rows if r["won"]}), last, *key))


def sync(conn: sqlite3.Connection, board: Board, rater: Rater, rebuild: bool) -> SyncResult:
    """Take in the finished games after the longest run the board already has in order; the
    games taken in after that run (no longer finished, or out of order) are forgotten first."""
    finished = finished_games(conn, board)
    done = taken_in(conn, board)
    kept = 0 if rebuild else common_prefix(done, finished)
    if rebuild:
        wipe(conn, board)
    elif kept < len(done):
        rewind(conn, board, [game_id for game_id, _ in reversed(done[kept:])])
    for game_id, ended in finished[kept:]:
        take_in(conn, board, game_id, ended, rater)
    return len(finished) - kept, kept < len(done)


def _rating(row: sqlite3.Row) -> RatingRow:
    return RatingRow(row["identity"], bool(row["is_bot"]), float(row["mu"]), float(row["sigma"]),
                     int(row["games"]), int(row["wins"]), row["game_type"])


class RatingTables(Database):
    async def sync_board(self, board: Board, rater: Rater, *, rebuild: bool = False) -> SyncResult:
        """Take in the board's finished games not taken in yet, in order; with `rebuild`, all of
        them from scratch. Returns (games taken in, whether games taken in before were forgotten)."""
        return await self._write(lambda conn: sync(conn, board, rater, rebuild))

    async def boards(self, guild_id: int | None = None) -> list[Board]:
        """Boards with finished or rated games (of one server, or all)."""
        where, params = ("", []) if guild_id is None else (" AND coalesce(guild_id, 0) = ?", [guild_id])
        sql = (f"SELECT DISTINCT coalesce(guild_id, 0) AS guild, game_type FROM games WHERE status = 'finished'{where}"
               f" UNION SELECT DISTINCT guild_id AS guild, game_type FROM rated_games WHERE 1 = 1{where}"
               " ORDER BY guild, game_type")

        def run(conn: sqlite3.Connection) -> list[Board]:
            return [Board(int(r["guild"]), r["game_type"]) for r in conn.execute(sql, params * 2).fetchall()]
        return await self._read(run)

    async def leaderboard(self, board: Board, bots: bool, offset: int, limit: int) -> tuple[list[RatingRow], int]:
        """One page of the board's players (or bots), best rating first, and how many there are."""
        key = (board.guild_id, board.game_type, int(bots))

        def run(conn: sqlite3.Connection) -> tuple[list[RatingRow], int]:
            (total,) = conn.execute("SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_type = ? AND is_bot = ?",
                                    key).fetchone()
            rows = conn.execute(f"SELECT * FROM ratings WHERE guild_id = ? AND game_type = ? AND is_bot = ?"
                                f" ORDER BY {ORDINAL} DESC, games DESC, identity LIMIT ? OFFSET ?",
                                (*key, limit, offset)).fetchall()
            return [_rating(r) for r in rows], int(total)
        return await self._read(run)

    async def ratings_of(self, guild_id: int, identity: str) -> list[tuple[RatingRow, int, str | None]]:
        """The identity's rating on each board of the server, with its place among its kind
        (players or bots) and the seat name it played most (the latest on a tie)."""
        def run(conn: sqlite3.Connection) -> list[tuple[RatingRow, int, str | None]]:
            rows = conn.execute("SELECT * FROM ratings WHERE guild_id = ? AND identity = ? ORDER BY game_type",
                                (guild_id, identity)).fetchall()
            return [(_rating(r), _place(conn, r), _favourite(conn, guild_id, r["game_type"], identity)) for r in rows]
        return await self._read(run)


def _place(conn: sqlite3.Connection, row: sqlite3.Row) -> int:
    (better,) = conn.execute(f"SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_type = ? AND is_bot = ?"
                             f" AND {ORDINAL} > ?", (row["guild_id"], row["game_type"], row["is_bot"],
                                                    float(row["mu"]) - Z * float(row["sigma"]))).fetchone()
    return int(better) + 1


def _favourite(conn: sqlite3.Connection, guild_id: int, game_type: str, identity: str) -> str | None:
    row = conn.execute("SELECT s.seat_name, COUNT(*) AS n, MAX(s.game_id) AS latest FROM rated_seats s"
                       " JOIN rated_games g ON g.game_id = s.game_id WHERE g.guild_id = ? AND g.game_type = ?"
                       " AND s.identity = ? GROUP BY s.seat_name ORDER BY n DESC, latest DESC LIMIT 1",
                       (guild_id, game_type, identity)).fetchone()
    return None if row is None else str(row["seat_name"])
