-- seedpost's schema on SQLite. The Postgres twin (migrations/postgres) has the same
-- tables, columns and constraints; keep them in step.
--
-- Types as sqlx binds them: ids are 16-byte BLOBs (uuid::Uuid), times are RFC 3339
-- TEXT in UTC (chrono::DateTime<Utc>, compared as text, which orders them by time),
-- booleans are 0 or 1.
--
-- One vocabulary: side ('south' | 'north'), pit (1..6), store, ply, variant.
-- The move list is the truth: a game's status, ply, to_move, board and stores are a
-- cache of the replay of its moves, written in the same transaction as the moves.

CREATE TABLE accounts (
    id            BLOB    PRIMARY KEY CHECK (length(id) = 16),
    username      TEXT    NOT NULL CHECK (length(username) BETWEEN 3 AND 20),
    -- The name in lower case: names are unique ignoring case.
    username_key  TEXT    NOT NULL UNIQUE CHECK (username_key = lower(username)),
    -- argon2id PHC string.
    password_hash TEXT    NOT NULL,
    bot           INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1)),
    created_at    TEXT    NOT NULL
) STRICT;

CREATE TABLE tokens (
    id           BLOB PRIMARY KEY CHECK (length(id) = 16),
    account_id   BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    label        TEXT NOT NULL,
    -- Lower-case hex SHA-256 of the secret; the secret itself is never stored.
    hash         TEXT NOT NULL UNIQUE,
    created_at   TEXT NOT NULL,
    last_used_at TEXT
) STRICT;

CREATE INDEX tokens_by_account ON tokens (account_id, created_at);

CREATE TABLE challenges (
    id            BLOB    PRIMARY KEY CHECK (length(id) = 16),
    challenger_id BLOB    NOT NULL REFERENCES accounts (id),
    -- NULL: open to anyone.
    opponent_id   BLOB    REFERENCES accounts (id) CHECK (opponent_id <> challenger_id),
    variant       TEXT    NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    days_per_move INTEGER NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    first         TEXT    NOT NULL CHECK (first IN ('random', 'challenger', 'opponent')),
    status        TEXT    NOT NULL CHECK (status IN ('open', 'accepted', 'declined', 'canceled')),
    -- The game started by accepting. Deferred: accepting marks the challenge before
    -- its game is inserted, in one transaction.
    game_id       BLOB    UNIQUE REFERENCES games (id) DEFERRABLE INITIALLY DEFERRED,
    created_at    TEXT    NOT NULL,
    CHECK ((status = 'accepted') = (game_id IS NOT NULL))
) STRICT;

CREATE INDEX challenges_open ON challenges (created_at) WHERE status = 'open';
CREATE INDEX challenges_by_challenger ON challenges (challenger_id);
CREATE INDEX challenges_by_opponent ON challenges (opponent_id);

CREATE TABLE games (
    id            BLOB    PRIMARY KEY CHECK (length(id) = 16),
    variant       TEXT    NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    south_id      BLOB    NOT NULL REFERENCES accounts (id),
    north_id      BLOB    NOT NULL REFERENCES accounts (id),
    -- Who moved first (after the draw, for 'random' challenges).
    first         TEXT    NOT NULL CHECK (first IN ('south', 'north')),
    days_per_move INTEGER NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    challenge_id  BLOB    UNIQUE REFERENCES challenges (id),
    created_at    TEXT    NOT NULL,

    -- The cached state after the last ply.
    status        TEXT    NOT NULL CHECK (status IN ('ongoing', 'finished', 'aborted')),
    -- The number of plies played, automatic passes included.
    ply           INTEGER NOT NULL CHECK (ply >= 0),
    to_move       TEXT    CHECK (to_move IN ('south', 'north')),
    -- Each side's pits from its owner's left, South's row first: '4,4,4,4,4,4/4,4,4,4,4,4'.
    board         TEXT    NOT NULL
                          CHECK (board GLOB '[0-9]*/[0-9]*' AND board NOT GLOB '*[^0-9,/]*'),
    store_south   INTEGER NOT NULL CHECK (store_south BETWEEN 0 AND 48),
    store_north   INTEGER NOT NULL CHECK (store_north BETWEEN 0 AND 48),
    -- When the side to move loses on time.
    deadline      TEXT,

    -- The result, once over. winner NULL with a result: a draw, or an abort.
    winner        TEXT    CHECK (winner IN ('south', 'north')),
    ended_by      TEXT    CHECK (ended_by IN ('empty_row', 'no_moves', 'repetition',
                                              'all_captured', 'resign', 'timeout', 'abort')),
    score_south   INTEGER CHECK (score_south BETWEEN 0 AND 48),
    score_north   INTEGER CHECK (score_north BETWEEN 0 AND 48),
    updated_at    TEXT    NOT NULL,

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
) STRICT;

-- The timeout sweeper: ongoing games by deadline.
CREATE INDEX games_by_status_deadline ON games (status, deadline);
-- A player's games, latest change first.
CREATE INDEX games_by_south ON games (south_id, updated_at);
CREATE INDEX games_by_north ON games (north_id, updated_at);
-- All games, latest change first.
CREATE INDEX games_by_updated ON games (updated_at);

CREATE TABLE moves (
    game_id BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The n-th ply of the game has ply n.
    ply     INTEGER NOT NULL CHECK (ply >= 1),
    side    TEXT    NOT NULL CHECK (side IN ('south', 'north')),
    -- NULL: an automatic pass.
    pit     INTEGER CHECK (pit BETWEEN 1 AND 6),
    at      TEXT    NOT NULL,
    -- Settles concurrent writers: one ply number, one move.
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;
