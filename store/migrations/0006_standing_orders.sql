-- 0006: standing orders. A player's answers set in advance for prompts off their turn (/orders),
-- per game and user (never per seat: a seat that passes to someone else does not pass them on).
-- order_id: an id from the game's declared orders (engine/<game>/orders.py).
CREATE TABLE standing_orders (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    order_id TEXT NOT NULL,
    created_at REAL NOT NULL,
    PRIMARY KEY (game_id, user_id, order_id)
);
