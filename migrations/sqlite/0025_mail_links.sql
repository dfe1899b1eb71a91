-- Address verification and password reset by e-mail (issue 19): when a digest
-- address was verified, and the single-use links mailed to players (only their
-- secret's hash). The Postgres twin has the same columns and table, and says more.
ALTER TABLE digest_settings ADD COLUMN verified_at TEXT;

CREATE TABLE mail_links (
    hash       TEXT PRIMARY KEY,
    kind       TEXT NOT NULL CHECK (kind IN ('verify_address', 'password_reset')),
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email      TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at    TEXT,
    CHECK (expires_at > created_at)
) STRICT;

CREATE INDEX mail_links_by_account ON mail_links (account_id, kind);
CREATE INDEX mail_links_by_expiry ON mail_links (expires_at);
