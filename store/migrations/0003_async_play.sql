-- 0003: play that keeps a group going.
-- autoplay: a decision with a single legal option is taken for the player (on by default).
-- away_until: vacation; deadlines of this user's seats wait until then (unix time, NULL = here).
ALTER TABLE user_settings ADD COLUMN autoplay INTEGER NOT NULL DEFAULT 1;
ALTER TABLE user_settings ADD COLUMN away_until REAL;
-- reveals: whether a logged decision showed something (a roll, a card, a hidden piece), so a
-- panel can offer Undo without replaying the log. NULL for rows logged before 0003.
ALTER TABLE actions ADD COLUMN reveals INTEGER;
