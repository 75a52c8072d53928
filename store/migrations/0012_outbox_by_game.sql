-- 0012: a game's outbox read by version range (the "your move" digest, follower digests) went
-- through every row of every game; this index makes it a range over the game's own rows.
CREATE INDEX outbox_game_version ON outbox (game_id, version);
