-- The event stream of each account: what its bot or page must hear about (challenges,
-- game starts, moves, its turn, game ends), stored so that a client reconnecting with
-- `since` gets every later event exactly once. Events are written in the same
-- transaction as the change that causes them, and kept at least 7 days.
--
-- `seq` counts per account. The writer takes it with
--   UPDATE accounts SET event_seq = event_seq + n WHERE id = $1 RETURNING event_seq
-- in its write transaction (SQLite has one writer at a time), so commit order is seq
-- order and a reader that has seen seq s can never later find a new event below s.

ALTER TABLE accounts ADD COLUMN event_seq INTEGER NOT NULL DEFAULT 0;

CREATE TABLE events (
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL CHECK (seq > 0),
    -- challenge, challenge_canceled, challenge_declined, game_start, move, your_turn,
    -- game_finish.
    kind       TEXT    NOT NULL,
    -- A JSON object: the event's body without its type and seq.
    payload    TEXT    NOT NULL,
    created_at TEXT    NOT NULL,
    PRIMARY KEY (account_id, seq)
) STRICT;

CREATE INDEX events_by_time ON events (created_at);
