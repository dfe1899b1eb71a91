-- Conditional moves (issue 36): a player's lines for a game, "if they play X, I play
-- Y", set while it is the opponent's turn. One row per (game, player): the lines as a
-- JSON array of arrays of pits, each from the position at `ply` (the game's ply when
-- they were set, or when the opponent's last ply left some of them standing). Only
-- their owner ever reads them.
CREATE TABLE conditional_lines (
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    ply        integer     NOT NULL CHECK (ply >= 0),
    lines      text        NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (game_id, account_id)
);

-- The plies the server played from a player's lines: marked in that player's move
-- list only (the opponent never learns which replies were planned).
CREATE TABLE conditional_plies (
    game_id    uuid    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        integer NOT NULL CHECK (ply >= 1),
    account_id uuid    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, ply)
);

-- Counts the writes of a game's lines. Every write of lines raises it under the game
-- row's lock, and a move is appended only if it still stands where the mover read it:
-- lines set between a move's read and its write make the write miss and read again,
-- so a move never overlooks lines committed before it (the batched moves' statement
-- rechecks the game row, not a table beside it). 0: no lines were ever set, and a move
-- does not look for any.
ALTER TABLE games ADD COLUMN plan_rev integer NOT NULL DEFAULT 0 CHECK (plan_rev >= 0);
