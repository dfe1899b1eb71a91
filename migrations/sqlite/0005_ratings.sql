-- Ratings: a challenge, and the game it starts, is rated or casual (the default).
-- Every rated game that finishes (by the rules, resignation or timeout; aborted games
-- never) moves both players' Glicko-2 ratings in its variant, in the same transaction
-- as its result (src/ratings.rs has the parameters).

ALTER TABLE challenges ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

-- One row per player and variant, made at the player's first rated game there.
CREATE TABLE ratings (
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    variant    TEXT    NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    rating     REAL    NOT NULL,
    -- The rating deviation (RD).
    deviation  REAL    NOT NULL CHECK (deviation > 0),
    volatility REAL    NOT NULL CHECK (volatility > 0),
    -- Rated games finished in the variant.
    games      INTEGER NOT NULL CHECK (games >= 0),
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (account_id, variant)
) STRICT, WITHOUT ROWID;

CREATE INDEX ratings_by_variant ON ratings (variant, rating);
