-- 0008: spectator digests. A follower picks how often their digest comes (cadence: 'turn',
-- several hand-overs close together making one message; 'daily', at most one a day; 'end', the
-- result only). Followers from before 0008 got one per turn, so they keep 'turn'.
-- due_at: when the next digest is to be queued in the outbox (unix time, NULL = none waiting);
-- quiet hours move it to their end. last_sent_at: when the last one was queued (NULL = never).
ALTER TABLE followers ADD COLUMN cadence TEXT NOT NULL DEFAULT 'turn';
ALTER TABLE followers ADD COLUMN due_at REAL;
ALTER TABLE followers ADD COLUMN last_sent_at REAL;
CREATE INDEX followers_due ON followers (due_at);
