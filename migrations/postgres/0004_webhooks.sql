-- Webhooks: URLs an account registers to receive its events (the same as its event
-- stream) as signed POSTs, and the deliveries of those events with their attempts.
--
-- `cursor` is the seq of the account's last event already queued for the webhook; a
-- new webhook starts at the account's head, so it receives events from then on.
-- Deliveries are claimed with FOR UPDATE SKIP LOCKED and a lease (next_attempt_at
-- moved past the request's timeout), so several instances never send one twice at
-- once; (webhook_id, event_seq) is unique, so an event is queued once.

CREATE TABLE webhooks (
    id         uuid        PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    url        text        NOT NULL CHECK (length(url) BETWEEN 1 AND 2000),
    -- The HMAC key. Stored as given: the server must sign with it.
    secret     text        NOT NULL CHECK (length(secret) BETWEEN 16 AND 200),
    cursor     bigint      NOT NULL CHECK (cursor >= 0),
    created_at timestamptz NOT NULL
);

CREATE INDEX webhooks_by_account ON webhooks (account_id, created_at);

CREATE TABLE webhook_deliveries (
    id              uuid        PRIMARY KEY,
    webhook_id      uuid        NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    event_seq       bigint      NOT NULL CHECK (event_seq > 0),
    event_type      text        NOT NULL,
    -- The JSON body sent: the event as its stream shows it.
    body            text        NOT NULL,
    status          text        NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        integer     NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    last_status     integer,
    last_error      text,
    -- When a pending delivery is due; null once delivered or failed.
    next_attempt_at timestamptz,
    created_at      timestamptz NOT NULL,
    delivered_at    timestamptz,
    UNIQUE (webhook_id, event_seq),
    CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL))
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending';
CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, created_at);
