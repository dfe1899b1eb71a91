-- Address verification and password reset by e-mail (issue 19).
--
-- A digest address is verified when its player followed the link of a verification
-- mail sent to it; changing the address clears `verified_at` (the store's upsert
-- keeps it only while the address stays the same). Password reset links go only to a
-- verified address.
ALTER TABLE digest_settings ADD COLUMN verified_at timestamptz;

-- The single-use links mailed to players: only the SHA-256 (lower-case hex) of the
-- link's secret is kept, like an API token's. A link works once (`used_at`, set by a
-- conditional update, so that two requests cannot both use it) and until
-- `expires_at`; a new link of a kind replaces the account's unused ones of that kind.
-- `email` is where it was sent: a verification link verifies that address only.
CREATE TABLE mail_links (
    hash       text        PRIMARY KEY,
    kind       text        NOT NULL CHECK (kind IN ('verify_address', 'password_reset')),
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email      text        NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at    timestamptz,
    CHECK (expires_at > created_at)
);

CREATE INDEX mail_links_by_account ON mail_links (account_id, kind);
CREATE INDEX mail_links_by_expiry ON mail_links (expires_at);
