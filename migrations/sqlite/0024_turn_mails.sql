-- E-mail on your turn (issue 21): the turns awaiting a mail, each player's mail
-- throttle, and which players have which game's page open. The Postgres twin has the
-- same tables, and says more.

CREATE TABLE turn_mails (
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id    BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The ply the player is to answer: the game's ply once the opponent moved.
    ply        INTEGER NOT NULL CHECK (ply > 0),
    status     TEXT    NOT NULL CHECK (status IN ('pending', 'sent', 'skipped')),
    queued_at  TEXT    NOT NULL,
    done_at    TEXT,
    PRIMARY KEY (account_id, game_id, ply),
    CHECK ((status = 'pending') = (done_at IS NULL))
) STRICT;

CREATE INDEX turn_mails_pending ON turn_mails (account_id) WHERE status = 'pending';
CREATE INDEX turn_mails_done ON turn_mails (done_at) WHERE status <> 'pending';

CREATE TABLE turn_mail_accounts (
    account_id   BLOB    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    last_sent_at TEXT,
    failures     INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
    retry_at     TEXT,
    lease_until  TEXT
) STRICT;

-- A live game page open in a browser, marked when its stream opens and every
-- half-minute after.
CREATE TABLE game_presence (
    id         BLOB PRIMARY KEY CHECK (length(id) = 16),
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id    BLOB NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seen_at    TEXT NOT NULL
) STRICT;

CREATE INDEX game_presence_by_player ON game_presence (account_id, game_id, seen_at);
CREATE INDEX game_presence_by_age ON game_presence (seen_at);
