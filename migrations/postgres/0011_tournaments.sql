-- Round-robin tournaments: anyone creates one; players join until it starts; at its
-- start every pairing becomes a game at once (each pair once, or twice with the
-- sides swapped for a double round robin). A tournament that forbids vacation keeps
-- its games' clocks running while a player is away (see `clock_runs!` in
-- src/store/common.rs).

CREATE TABLE tournaments (
    id               uuid        PRIMARY KEY,
    name             text        NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    creator_id       uuid        NOT NULL REFERENCES accounts (id),
    variant          text        NOT NULL CHECK (variant IN ('mangala', 'modiar', 'tihbat')),
    days_per_move    integer     NOT NULL CHECK (days_per_move IN (1, 2, 3, 5, 7, 10, 14)),
    -- 1: single round robin; 2: double.
    cycles           integer     NOT NULL CHECK (cycles IN (1, 2)),
    rated            boolean     NOT NULL,
    vacation_allowed boolean     NOT NULL,
    max_players      integer     NOT NULL CHECK (max_players BETWEEN 2 AND 32),
    starts_at        timestamptz NOT NULL,
    status           text        NOT NULL CHECK (status IN ('open', 'running', 'finished', 'canceled')),
    created_at       timestamptz NOT NULL,
    -- When it finished or was canceled.
    ended_at         timestamptz,
    CHECK ((status IN ('finished', 'canceled')) = (ended_at IS NOT NULL))
);

-- The sweeper: open tournaments by start, running ones.
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

CREATE TABLE tournament_players (
    tournament_id uuid        NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id    uuid        NOT NULL REFERENCES accounts (id),
    joined_at     timestamptz NOT NULL,
    -- Set when the player withdrew after the start (its remaining games resigned).
    withdrawn_at  timestamptz,
    PRIMARY KEY (tournament_id, account_id)
);

CREATE INDEX tournament_players_by_account ON tournament_players (account_id);

CREATE TABLE tournament_games (
    tournament_id uuid    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_id       uuid    NOT NULL UNIQUE REFERENCES games (id),
    -- 1 for the first meeting of a pair, 2 for the return game of a double round robin.
    cycle         integer NOT NULL CHECK (cycle IN (1, 2)),
    PRIMARY KEY (tournament_id, game_id)
);
