-- 0009: several bot processes on one database. Work that must be done once (delivering one
-- game's outbox, firing one timer) is done under a lease: the work's name ('outbox:<game id>',
-- 'timer:<timer id>'), the process that holds it (its owner id) and when the lease runs out
-- (unix seconds). A process takes a lease that is free, run out or its own; one killed
-- mid-work leaves its leases to run out, and another process then takes the work over.
CREATE TABLE leases (
    name       TEXT NOT NULL PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at REAL NOT NULL
);
