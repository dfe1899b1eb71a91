-- seedpost's schema on Postgres. The SQLite twin (migrations/sqlite) has the same
-- tables, columns and constraints; keep them in step.
--
-- One vocabulary: side ('south' | 'north'), pit (1..6), store, ply, variant.
-- The move list is the truth: a game's status, ply, to_move, board and stores are a
-- cache of the replay of its moves, written in the same transaction as the moves.

CREATE TABLE accounts (
    id            uuid        PRIMARY KEY,
    username      text        NOT NULL CHECK (length(username) BETWEEN 3 AND 20),
    -- The name in lower case: names are unique ignoring case.
    username_key  text        NOT NULL UNIQUE CHECK (username_key = lower(username)),
    -- argon2id PHC string.
    password_hash text        NOT NULL,
    bot           boolean     NOT NULL DEFAULT false,
    created_at    timestamptz NOT NULL
);

CREATE TABLE tokens (
    id           uuid        PRIMARY KEY,
    account_id   uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    label        text        NOT NULL,
    -- Lower-case hex SHA-256 of the secret; the secret itself is never stored.
    hash         text        NOT NULL UNIQUE,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz
);

CREATE INDEX tokens_by_account ON tokens (account_id, created_at);

CREATE TABLE challenges (
    id            uuid        PRIMARY KEY,
    challenger_id uuid        NOT NULL REFERENCES accounts (id),
    -- NULL: open to anyone.
    opponent_id   uuid        REFERENCES accounts (id) CHECK (opponent_id <> challenger_id),
    variant       text        NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    days_per_move integer     NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    first         text        NOT NULL CHECK (first IN ('random', 'challenger', 'opponent')),
    status        text        NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'canceled')),
    -- The game started by accepting; its foreign key is added below, after games.
    game_id       uuid        UNIQUE,
    created_at    timestamptz NOT NULL,
    CHECK ((status = 'accepted') = (game_id IS NOT NULL))
);

CREATE INDEX challenges_open ON challenges (created_at) WHERE status = 'open';
CREATE INDEX challenges_by_challenger ON challenges (challenger_id);
CREATE INDEX challenges_by_opponent ON challenges (opponent_id);

CREATE TABLE games (
    id            uuid        PRIMARY KEY,
    variant       text        NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    south_id      uuid        NOT NULL REFERENCES accounts (id),
    north_id      uuid        NOT NULL REFERENCES accounts (id),
    -- Who moved first (after the draw, for 'random' challenges).
    first         text        NOT NULL CHECK (first IN ('south', 'north')),
    days_per_move integer     NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    challenge_id  uuid        UNIQUE REFERENCES challenges (id),
    created_at    timestamptz NOT NULL,

    -- The cached state after the last ply.
    status        text        NOT NULL CHECK (status IN ('ongoing', 'finished', 'aborted')),
    -- The number of plies played, automatic passes included.
    ply           integer     NOT NULL CHECK (ply >= 0),
    to_move       text        CHECK (to_move IN ('south', 'north')),
    -- Each side's pits from its owner's left, South's row first: '4,4,4,4,4,4/4,4,4,4,4,4'.
    board         text        NOT NULL CHECK (board ~ '^[0-9]+(,[0-9]+)*/[0-9]+(,[0-9]+)*$'),
    store_south   integer     NOT NULL CHECK (store_south BETWEEN 0 AND 48),
    store_north   integer     NOT NULL CHECK (store_north BETWEEN 0 AND 48),
    -- When the side to move loses on time.
    deadline      timestamptz,

    -- The result, once over. winner NULL with a result: a draw, or an abort.
    winner        text        CHECK (winner IN ('south', 'north')),
    ended_by      text        CHECK (ended_by IN ('empty_row', 'no_moves', 'repetition',
                                                  'all_captured', 'resign', 'timeout', 'abort')),
    score_south   integer     CHECK (score_south BETWEEN 0 AND 48),
    score_north   integer     CHECK (score_north BETWEEN 0 AND 48),
    updated_at    timestamptz NOT NULL,

    CHECK (south_id <> north_id),
    -- An ongoing game has a side to move and a deadline and no result; an ended game
    -- has a result and neither of the others.
    CHECK ((status = 'ongoing') = (to_move IS NOT NULL)),
    CHECK ((status = 'ongoing') = (deadline IS NOT NULL)),
    CHECK ((status = 'ongoing') = (ended_by IS NULL)),
    CHECK ((ended_by IS NULL) = (score_south IS NULL)),
    CHECK ((ended_by IS NULL) = (score_north IS NULL)),
    CHECK (winner IS NULL OR ended_by IS NOT NULL),
    -- Aborted games, and only they, end by 'abort', and nobody wins them.
    CHECK ((status = 'aborted') = (coalesce(ended_by, '') = 'abort')),
    CHECK (status <> 'aborted' OR winner IS NULL)
);

-- The timeout sweeper: ongoing games by deadline.
CREATE INDEX games_by_status_deadline ON games (status, deadline);
-- A player's games, latest change first.
CREATE INDEX games_by_south ON games (south_id, updated_at);
CREATE INDEX games_by_north ON games (north_id, updated_at);
-- All games, latest change first.
CREATE INDEX games_by_updated ON games (updated_at);

-- Accepting a challenge marks it before its game is inserted, in one transaction.
ALTER TABLE challenges
    ADD CONSTRAINT challenges_game_id_fkey FOREIGN KEY (game_id) REFERENCES games (id)
    DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE moves (
    game_id uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The n-th ply of the game has ply n.
    ply     integer     NOT NULL CHECK (ply >= 1),
    side    text        NOT NULL CHECK (side IN ('south', 'north')),
    -- NULL: an automatic pass.
    pit     integer     CHECK (pit BETWEEN 1 AND 6),
    at      timestamptz NOT NULL,
    -- Settles concurrent writers: one ply number, one move.
    PRIMARY KEY (game_id, ply)
);
