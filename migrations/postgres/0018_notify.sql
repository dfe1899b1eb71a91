-- Notifications (issue 21): the server's keys (the VAPID key pair of Web Push), the
-- push subscriptions of each account's devices, and the push messages queued for them.
--
-- A subscription keeps a cursor over its account's events like a webhook; a message is
-- queued once per subscription and key (`event:<seq>`, `reminder:...`, `test:<id>`), and
-- claimed with FOR UPDATE SKIP LOCKED and a lease, so several instances never send one
-- twice at once.

CREATE TABLE server_keys (
    name       text        PRIMARY KEY,
    value      text        NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE push_subscriptions (
    id              uuid        PRIMARY KEY,
    account_id      uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- The push service's URL for this device: one account at a time.
    endpoint        text        NOT NULL UNIQUE CHECK (length(endpoint) BETWEEN 1 AND 2000),
    -- The device's P-256 public key and auth secret, base64url as the browser gives them.
    p256dh          text        NOT NULL CHECK (length(p256dh) BETWEEN 1 AND 200),
    auth            text        NOT NULL CHECK (length(auth) BETWEEN 1 AND 100),
    label           text        NOT NULL CHECK (length(label) <= 100),
    cursor          bigint      NOT NULL CHECK (cursor >= 0),
    created_at      timestamptz NOT NULL,
    last_success_at timestamptz
);

CREATE INDEX push_subscriptions_by_account ON push_subscriptions (account_id, created_at);

CREATE TABLE push_messages (
    id              uuid        PRIMARY KEY,
    subscription_id uuid        NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    key             text        NOT NULL,
    -- The JSON the service worker shows.
    payload         text        NOT NULL,
    -- RFC 8030: the Topic (the game, so that a newer message replaces an older one
    -- still waiting at the push service), TTL in seconds and Urgency.
    topic           text,
    ttl             integer     NOT NULL CHECK (ttl >= 0),
    urgency         text        NOT NULL CHECK (urgency IN ('very-low', 'low', 'normal', 'high')),
    status          text        NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_status     integer,
    last_error      text,
    next_attempt_at timestamptz,
    created_at      timestamptz NOT NULL,
    UNIQUE (subscription_id, key),
    CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);

CREATE INDEX push_messages_due ON push_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_messages_by_age ON push_messages (created_at);

-- What each account wants to be told, and how (the notifications settings page): a
-- JSON object per account, {"push": {"kinds": [...], "reminders": [minutes, ...]},
-- "email": {...}, "calendar": {...}, "bot": {...}}; no row means the defaults.
CREATE TABLE notification_settings (
    account_id uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    settings   text        NOT NULL,
    updated_at timestamptz NOT NULL
);

-- The reminders sent: once per game, ply (the move awaited), channel and time before
-- the deadline, whichever instance's sweeper gets there first (the primary key).
CREATE TABLE reminders_sent (
    game_id    uuid        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply        integer     NOT NULL CHECK (ply >= 0),
    channel    text        NOT NULL CHECK (channel IN ('push', 'email', 'calendar', 'bot')),
    minutes    integer     NOT NULL CHECK (minutes > 0),
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    sent_at    timestamptz NOT NULL,
    PRIMARY KEY (game_id, ply, channel, minutes)
);
