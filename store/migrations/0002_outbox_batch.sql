-- 0002: board posts merge several outbox rows into one message. Before that message is sent,
-- its rows are claimed as one batch (batch = the id of its last row, which is also the post's
-- nonce), so a resend after a crash or a failed post is the same rows under the same nonce,
-- which Discord deduplicates, rather than a bigger merge under a new nonce, posted twice.
ALTER TABLE outbox ADD COLUMN batch INTEGER;
