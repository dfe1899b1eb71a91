-- Webhooks: URLs an account registers to receive its events (the same as its event
-- stream) as signed POSTs, and the deliveries of those events with their attempts.
-- The Postgres twin has the same tables; on SQLite one instance delivers.
--
-- `cursor` is the seq of the account's last event already queued for the webhook; a
-- new webhook starts at the account's head, so it receives events from then on.
-- (webhook_id, event_seq) is unique, so an event is queued once.

CREATE TABLE webhooks (
    id         BLOB    PRIMARY KEY CHECK (length(id) = 16),
    account_id BLOB    NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url        TEXT    NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
    -- The HMAC key. Stored as given: the server must sign with it.
    secret     TEXT    NOT NULL CHECK (length(secret) BETWEEN 16 AND 200),
    cursor     INTEGER NOT NULL CHECK (cursor >= 0),
    created_at TEXT    NOT NULL
) STRICT;

CREATE INDEX webhooks_by_account ON webhooks (account_id, created_at);

CREATE TABLE webhook_deliveries (
    id              BLOB    PRIMARY KEY CHECK (length(id) = 16),
    webhook_id      BLOB    NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_seq       INTEGER NOT NULL CHECK (event_seq > 0),
    event_type      TEXT    NOT NULL,
    -- The JSON body sent: the event as its stream shows it.
    body            TEXT    NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_status     INTEGER,
    last_error      TEXT,
    -- When a pending delivery is due; null once delivered or failed.
    next_attempt_at TEXT,
    created_at      TEXT    NOT NULL,
    delivered_at    TEXT,
    UNIQUE (webhook_id, event_seq),
    CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
) STRICT;

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, created_at);
