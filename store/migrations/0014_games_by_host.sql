-- 0014: the limits on open games (store/limits.py) count a member's lobbies by host and a
-- server's open games by status: both read these indexes instead of every game.
CREATE INDEX games_host ON games (host_user_id, status) WHERE host_user_id IS NOT NULL;
CREATE INDEX games_guild_status ON games (guild_id, status);
