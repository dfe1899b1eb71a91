-- Conditional moves (issue 36): a player's lines for a game, "if they play X, I play
-- Y". The Postgres twin has the same tables, and says more.
CREATE TABLE conditional_lines (
    game_id    BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    lines      TEXT    NOT NULL,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, account_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE conditional_plies (
    game_id    BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 1),
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

ALTER TABLE games ADD COLUMN plan_rev INTEGER NOT NULL DEFAULT 0 CHECK (plan_rev >= 0);
