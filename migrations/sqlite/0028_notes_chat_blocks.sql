-- Notes, chat, blocking and reports (issue 36). The Postgres twin has the same tables
-- and says more.
CREATE TABLE game_notes (
    game_id    BLOB NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    text       TEXT NOT NULL CHECK (length(text) <= 4000),
    updated_at TEXT NOT NULL,
    PRIMARY KEY (game_id, account_id)
) STRICT;

CREATE TABLE blocks (
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (account_id, blocked_id),
    CHECK (account_id <> blocked_id)
) STRICT;

CREATE INDEX blocks_by_blocked ON blocks (blocked_id);

CREATE TABLE chat_lines (
    id         BLOB NOT NULL PRIMARY KEY,
    game_id    BLOB NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    text       TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
    created_at TEXT NOT NULL
) STRICT;

CREATE INDEX chat_lines_by_game ON chat_lines (game_id, created_at, id);

CREATE TABLE chat_reports (
    line_id     BLOB NOT NULL REFERENCES chat_lines (id) ON DELETE CASCADE,
    reporter_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  TEXT NOT NULL,
    PRIMARY KEY (line_id, reporter_id)
) STRICT;

CREATE TABLE chat_mutes (
    account_id BLOB NOT NULL PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    until      TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;

ALTER TABLE play_settings ADD COLUMN chat INTEGER NOT NULL DEFAULT 1 CHECK (chat IN (0, 1));
