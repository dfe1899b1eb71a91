-- Ratings: a challenge, and the game it starts, is rated or casual (the default).
-- Every rated game that finishes (by the rules, resignation or timeout; aborted games
-- never) moves both players' Glicko-2 ratings in its variant, in the same transaction
-- as its result (src/ratings.rs has the parameters).

ALTER TABLE challenges ADD COLUMN rated boolean NOT NULL DEFAULT false;
ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- One row per player and variant, made at the player's first rated game there.
CREATE TABLE ratings (
    account_id uuid             NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    variant    text             NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    rating     double precision NOT NULL,
    -- The rating deviation (RD).
    deviation  double precision NOT NULL CHECK (deviation > 0),
    volatility double precision NOT NULL CHECK (volatility > 0),
    -- Rated games finished in the variant.
    games      integer          NOT NULL CHECK (games >= 0),
    updated_at timestamptz      NOT NULL,
    PRIMARY KEY (account_id, variant)
);

CREATE INDEX ratings_by_variant ON ratings (variant, rating);
