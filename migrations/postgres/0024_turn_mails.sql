-- E-mail on your turn (issue 21): the turns awaiting a mail, each player's mail
-- throttle, and which players have which game's page open.
--
-- A turn is queued once per player, game and ply (the primary key: every instance may
-- queue it, one row stays), and stays pending until the player's next mail names it
-- (sent) or it is dropped unsent (skipped: the player moved already, had the game
-- open, or turned the mails off). One mail per player at a time: an instance claims the
-- player's throttle row with a lease before sending, and only when the last mail is at
-- least the server's interval old and no back-off after a failure is running.

CREATE TABLE turn_mails (
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- The ply the player is to answer: the game's ply once the opponent moved.
    ply        integer     NOT NULL CHECK (ply > 0),
    status     text        NOT NULL CHECK (status IN ('pending', 'sent', 'skipped')),
    queued_at  timestamptz NOT NULL,
    done_at    timestamptz,
    PRIMARY KEY (account_id, game_id, ply),
    CHECK ((status = 'pending') = (done_at IS NULL))
);

CREATE INDEX turn_mails_pending ON turn_mails (account_id) WHERE status = 'pending';
CREATE INDEX turn_mails_done ON turn_mails (done_at) WHERE status <> 'pending';

CREATE TABLE turn_mail_accounts (
    account_id   uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    -- When the player's last turn mail went out.
    last_sent_at timestamptz,
    -- Failed sends in a row, and when the next try may be.
    failures     integer     NOT NULL DEFAULT 0 CHECK (failures >= 0),
    retry_at     timestamptz,
    -- Held by the instance sending the player's mail until then.
    lease_until  timestamptz
);

-- A live game page open in a browser: its stream marks it when it opens and every
-- half-minute after; a mark older than the presence timeout is a page gone.
CREATE TABLE game_presence (
    id         uuid        PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seen_at    timestamptz NOT NULL
);

CREATE INDEX game_presence_by_player ON game_presence (account_id, game_id, seen_at);
CREATE INDEX game_presence_by_age ON game_presence (seen_at);
