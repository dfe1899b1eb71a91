-- Notifications (issue 21): the server's keys (the VAPID key pair of Web Push), the
-- push subscriptions of each account's devices, and the push messages queued for them.
-- The Postgres twin has the same tables.
--
-- A subscription keeps a cursor over its account's events like a webhook; a message is
-- queued once per subscription and key (`event:<seq>`, `reminder:...`, `test:<id>`).

CREATE TABLE server_keys (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at TEXT NOT NULL
) STRICT;

CREATE TABLE push_subscriptions (
    id              BLOB    PRIMARY KEY CHECK (length(id) = 16),
    account_id      BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- The push service's URL for this device: one account at a time.
    endpoint        TEXT    NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 1 AND 2000),
    -- The device's P-256 public key and auth secret, base64url as the browser gives them.
    p256dh          TEXT    NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
    auth            TEXT    NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
    label           TEXT    NOT NULL CHECK (length(label) <= 100),
    cursor          INTEGER NOT NULL CHECK (cursor >= 0),
    created_at      TEXT    NOT NULL,
    last_success_at TEXT
) STRICT;

CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id, created_at);

CREATE TABLE push_messages (
    id              BLOB    PRIMARY KEY CHECK (length(id) = 16),
    subscription_id BLOB    NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    key             TEXT    NOT NULL,
    -- The JSON the service worker shows.
    payload         TEXT    NOT NULL,
    -- RFC 8030: the Topic (the game), TTL in seconds and Urgency.
    topic           TEXT,
    ttl             INTEGER NOT NULL CHECK (ttl >= 0),
    urgency         TEXT    NOT NULL CHECK (urgency IN ('very-low', 'low', 'normal', 'high')),
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_status     INTEGER,
    last_error      TEXT,
    next_attempt_at TEXT,
    created_at      TEXT    NOT NULL,
    UNIQUE (subscription_id, key),
    CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
) STRICT;

CREATE INDEX push_messages_due ON push_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_messages_by_age ON push_messages (created_at);

-- What each account wants to be told, and how (the notifications settings page): a
-- JSON object per account; no row means the defaults.
CREATE TABLE notification_settings (
    account_id BLOB PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    settings   TEXT NOT NULL,
    updated_at TEXT NOT NULL
) STRICT;

-- The reminders sent: once per game, ply, channel and time before the deadline.
CREATE TABLE reminders_sent (
    game_id    BLOB    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    channel    TEXT    NOT NULL CHECK (channel IN ('push', 'email', 'calendar', 'bot')),
    minutes    INTEGER NOT NULL CHECK (minutes > 0),
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    sent_at    TEXT    NOT NULL,
    PRIMARY KEY (game_id, ply, channel, minutes)
) STRICT;
