-- How each account likes to play (the play settings page): for now whether a move is
-- confirmed before it is sent. No row means the defaults.
CREATE TABLE play_settings (
    account_id    uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    confirm_moves boolean     NOT NULL,
    updated_at    timestamptz NOT NULL
);
