-- 0013: a game whose deliveries fail is held back instead of retried at every pump. One row per
-- held game: why ('retry' after a passing failure, 'stalled' when its thread is gone or the bot
-- may not write there), how many deliveries failed in a row, when to try again (unix seconds),
-- what failed, and whether its host and players were told (a stalled game's are told once).
-- The pump (store.leases.unsent_games) skips a game until its retry_at.
CREATE TABLE outbox_holds (
    game_id  INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    reason   TEXT    NOT NULL CHECK (reason IN ('retry', 'stalled')),
    failures INTEGER NOT NULL DEFAULT 1,
    retry_at REAL    NOT NULL,
    detail   TEXT    NOT NULL DEFAULT '',
    told     INTEGER NOT NULL DEFAULT 0
);
