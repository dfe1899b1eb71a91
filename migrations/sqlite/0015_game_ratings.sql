-- The rating change of each rated game, shown on its page ("1512 → 1527, +15"): both
-- players' ratings in its variant before and after it, written by the transaction
-- that rates it (src/store/ratings.rs). Games rated before this table have no rows.
CREATE TABLE game_ratings (
    game_id       BLOB NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id    BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    rating_before REAL NOT NULL,
    rating_after  REAL NOT NULL,
    PRIMARY KEY (game_id, account_id)
) STRICT, WITHOUT ROWID;
