-- 0007: ratings and stats (table/ratings.py, docs/trust-and-history.md "Ratings and stats").
-- Derived data: `python -m table.rerate DB` rebuilds all three tables from the finished games.
-- A board is one server's (guild 0: games with no server) ratings of one game.
-- rated_games: every finished game a board has taken in, rated or not (too few rated seats),
-- with the time its last decision was logged: a board takes its games in (ended_at, game_id) order.
CREATE TABLE rated_games (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    guild_id  INTEGER NOT NULL,
    game_type TEXT    NOT NULL,
    ended_at  REAL    NOT NULL,
    rated_at  REAL    NOT NULL
);
CREATE INDEX rated_games_board ON rated_games (guild_id, game_type, ended_at);

-- rated_seats: each rated seat of a rated game. identity: 'user:<id>' or 'bot:<policy>';
-- place: 1 for the winners, then by score (equal scores share a place); mu and sigma after it.
CREATE TABLE rated_seats (
    game_id   INTEGER NOT NULL REFERENCES rated_games (game_id) ON DELETE CASCADE,
    seat      INTEGER NOT NULL,
    identity  TEXT    NOT NULL,
    place     INTEGER NOT NULL,
    won       INTEGER NOT NULL,
    seat_name TEXT    NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rated_seats_identity ON rated_seats (identity, game_id);

-- ratings: each identity's current rating on a board, with its rated games and wins.
CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game_type    TEXT    NOT NULL,
    identity     TEXT    NOT NULL,
    is_bot       INTEGER NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    last_game_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game_type, identity)
);

-- A seat that changed hands during play (its player left or was kicked and a bot finished it,
-- or a player claimed a bot's seat) is left out of the rating: no one played it from start to end.
ALTER TABLE seats ADD COLUMN changed_hands INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_board ON games (guild_id, game_type, status);
