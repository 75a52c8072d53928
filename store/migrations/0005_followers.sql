-- 0005: spectators. A follower gets a game's turn digests and public board by DM (/game follow).
-- upto: the last game version whose public events the follower was sent, so a digest carries
-- what happened since and a resent board post does not send the same digest twice.
CREATE TABLE followers (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    upto INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
