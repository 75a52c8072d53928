-- 0001: the first schema. Times are unix seconds (REAL); JSON columns hold TEXT.

CREATE TABLE games (
    id           INTEGER PRIMARY KEY,
    game_type    TEXT    NOT NULL,
    guild_id     INTEGER,
    channel_id   INTEGER,
    thread_id    INTEGER,
    host_user_id INTEGER,
    status       TEXT    NOT NULL DEFAULT 'lobby'
                 CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options      TEXT    NOT NULL DEFAULT '{}',
    seed         TEXT    NOT NULL,
    -- In the lobby: the table's capacity. From start_game on: the number of players.
    players      INTEGER NOT NULL,
    version      INTEGER NOT NULL DEFAULT 0,
    snapshot     TEXT,
    created_at   REAL    NOT NULL,
    updated_at   REAL    NOT NULL,
    settings     TEXT    NOT NULL DEFAULT '{}'
);
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL;

CREATE TABLE seats (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,
    bot_policy   TEXT,
    display_name TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    -- A human seat may later get a bot_policy too (a bot plays for a dropout).
    CHECK (user_id IS NOT NULL OR bot_policy IS NOT NULL)
);
CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

-- Append-only: undo sets undone = 1 on the last live row, it never deletes.
CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    seat           INTEGER NOT NULL,
    notation       TEXT    NOT NULL,
    interaction_id TEXT,
    created_at     REAL    NOT NULL,
    undone         INTEGER NOT NULL DEFAULT 0,
    UNIQUE (game_id, seq)
);
CREATE UNIQUE INDEX actions_interaction ON actions (interaction_id)
    WHERE interaction_id IS NOT NULL;

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    target     TEXT    NOT NULL,          -- 'thread', 'user:<id>' or 'seat:<n>'
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at REAL    NOT NULL,
    sent_at    REAL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;

CREATE TABLE timers (
    id      INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER,
    seat    INTEGER,
    kind    TEXT    NOT NULL CHECK (kind IN ('reminder', 'deadline', 'archive')),
    due_at  REAL    NOT NULL,
    payload TEXT    NOT NULL DEFAULT '{}',
    UNIQUE (game_id, seat, kind)
);
-- UNIQUE treats NULLs as distinct, so game-wide timers (seat NULL) need this index too;
-- set_timer upserts on it.
CREATE UNIQUE INDEX timers_slot ON timers (game_id, ifnull(seat, -1), kind);
CREATE INDEX timers_due ON timers (due_at);

CREATE TABLE user_settings (
    user_id           INTEGER PRIMARY KEY,
    dm_notifications  INTEGER NOT NULL DEFAULT 1,
    reminder_hours    REAL,
    quiet_start       TEXT,               -- 'HH:MM' in the user's timezone
    quiet_end         TEXT,
    timezone          TEXT    NOT NULL DEFAULT 'UTC',
    dm_closed         INTEGER NOT NULL DEFAULT 0
);
