-- 0004: provably fair play (engine/core/fair.py, docs/trust-and-history.md).
-- hidden: the decision was not public when it was made (a sealed choice, a private one); NULL
-- for rows logged before 0004, which a log shown during play treats as hidden.
-- commitment / nonce: sha256 over (seat, nonce, notation) for a hidden decision, and its
-- random nonce, revealed with the seed once the game is over.
ALTER TABLE actions ADD COLUMN hidden INTEGER;
ALTER TABLE actions ADD COLUMN commitment TEXT;
ALTER TABLE actions ADD COLUMN nonce TEXT;
