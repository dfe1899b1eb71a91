-- Deadline reminders outside the site: a calendar feed of each account's move
-- deadlines at a secret URL, and a daily e-mail digest of the games where it is the
-- account's turn.

-- At most one calendar feed per account. Only the SHA-256 (lower-case hex) of the
-- URL's secret is kept, like an API token's; making a new one replaces the old, whose
-- URL stops working.
CREATE TABLE calendar_feeds (
    account_id uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    hash       text        NOT NULL UNIQUE,
    created_at timestamptz NOT NULL
);

-- Where and whether to send the daily digest. `last_sent_on` is the UTC day of the
-- last digest, claimed by a conditional update before the mail goes out, so that two
-- servers on one database never send the same day's digest twice.
CREATE TABLE digest_settings (
    account_id   uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    email        text        NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    enabled      boolean     NOT NULL,
    last_sent_on date,
    updated_at   timestamptz NOT NULL
);

CREATE INDEX digest_settings_due ON digest_settings (last_sent_on) WHERE enabled;
