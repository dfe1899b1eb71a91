-- Notes, chat, blocking and reports (issue 36).
--
-- A player's note on a game is its own: only its writer ever reads it.
CREATE TABLE game_notes (
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    text       text        NOT NULL CHECK (length(text) <= 4000),
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (game_id, account_id)
);

-- `account_id` blocked `blocked_id`: the blocked account can neither challenge it nor
-- chat with it.
CREATE TABLE blocks (
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    blocked_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (account_id, blocked_id),
    CHECK (account_id <> blocked_id)
);

CREATE INDEX blocks_by_blocked ON blocks (blocked_id);

-- The chat of a game's two players, as written (escaped wherever shown). A deleted
-- account's lines stay, under its placeholder name (its account row stays renamed).
CREATE TABLE chat_lines (
    id         uuid        NOT NULL PRIMARY KEY,
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    text       text        NOT NULL CHECK (length(text) BETWEEN 1 AND 500),
    created_at timestamptz NOT NULL
);

CREATE INDEX chat_lines_by_game ON chat_lines (game_id, created_at, id);

-- A chat line reported to the operator (`seedpost admin reports`), once per reporter.
CREATE TABLE chat_reports (
    line_id     uuid        NOT NULL REFERENCES chat_lines (id) ON DELETE CASCADE,
    reporter_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (line_id, reporter_id)
);

-- An account the operator stopped from chatting until `until` (`seedpost admin mute`).
CREATE TABLE chat_mutes (
    account_id uuid        NOT NULL PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    until      timestamptz NOT NULL,
    created_at timestamptz NOT NULL
);

-- Whether the account chats in its games (Play settings); on by default.
ALTER TABLE play_settings ADD COLUMN chat boolean NOT NULL DEFAULT true;
