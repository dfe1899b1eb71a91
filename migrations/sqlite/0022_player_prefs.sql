-- How each account likes to play (the play settings page): for now whether a move is
-- confirmed before it is sent. No row means the defaults. The Postgres twin has the
-- same table.
CREATE TABLE play_settings (
    account_id    BLOB    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    confirm_moves INTEGER NOT NULL CHECK (confirm_moves IN (0, 1)),
    updated_at    TEXT    NOT NULL
) STRICT;
