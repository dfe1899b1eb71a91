-- Matches: a challenge may ask for a match of 1 to 9 games (1, the default, is a
-- single game and no match). Accepting a challenge of more games creates its match
-- and, in the same transaction, its first game (schedule 'sequential') or all of
-- them ('parallel'). The players keep their sides (the challenger is South); the
-- first mover alternates game by game from game 1's (`first`).
--
-- Membership lives in `match_games`, apart from `games`: its primary key (match,
-- number) lets only one writer create the n-th game of a match, however many
-- instances advance it at once. The score is the sum of points (1 / ½ / 0; aborted
-- games score nothing), kept in halves once the match is over.

ALTER TABLE challenges ADD COLUMN games integer NOT NULL DEFAULT 1
    CHECK (games BETWEEN 1 AND 9);
ALTER TABLE challenges ADD COLUMN schedule text NOT NULL DEFAULT 'sequential'
    CHECK (schedule IN ('sequential', 'parallel'));
-- Whether the match ends as soon as one player cannot be caught.
ALTER TABLE challenges ADD COLUMN stop_when_decided boolean NOT NULL DEFAULT true;

CREATE TABLE matches (
    id                uuid        PRIMARY KEY,
    challenge_id      uuid        NOT NULL UNIQUE REFERENCES challenges (id),
    variant           text        NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    south_id          uuid        NOT NULL REFERENCES accounts (id),
    north_id          uuid        NOT NULL REFERENCES accounts (id),
    days_per_move     integer     NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    rated             boolean     NOT NULL,
    weekend_pause     boolean     NOT NULL,
    games             integer     NOT NULL CHECK (games BETWEEN 2 AND 9),
    schedule          text        NOT NULL CHECK (schedule IN ('sequential', 'parallel')),
    stop_when_decided boolean     NOT NULL,
    -- Who moves first in game 1; then the other side, and so on.
    first             text        NOT NULL CHECK (first IN ('south', 'north')),
    status            text        NOT NULL CHECK (status IN ('ongoing', 'finished')),
    -- The final score in half points, once finished.
    half_south        integer     CHECK (half_south BETWEEN 0 AND 18),
    half_north        integer     CHECK (half_north BETWEEN 0 AND 18),
    created_at        timestamptz NOT NULL,
    finished_at       timestamptz,
    CHECK (south_id <> north_id),
    CHECK ((status = 'finished') = (finished_at IS NOT NULL)),
    CHECK ((status = 'finished') = (half_south IS NOT NULL)),
    CHECK ((status = 'finished') = (half_north IS NOT NULL))
);

CREATE INDEX matches_by_south ON matches (south_id, created_at);
CREATE INDEX matches_by_north ON matches (north_id, created_at);
-- The sweeper's matches to advance.
CREATE INDEX matches_ongoing ON matches (created_at) WHERE status = 'ongoing';

CREATE TABLE match_games (
    match_id uuid    NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    -- Game 1, 2, ... of the match.
    number   integer NOT NULL CHECK (number BETWEEN 1 AND 9),
    game_id  uuid    NOT NULL UNIQUE REFERENCES games (id),
    PRIMARY KEY (match_id, number)
);
