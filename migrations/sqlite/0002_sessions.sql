-- Browser sessions. The cookie holds a random 256-bit secret; only its SHA-256 (hex) is
-- stored, so a copy of the database signs nobody in. A new session at every log-in,
-- deleted at log-out (and swept once expired).

CREATE TABLE sessions (
    hash       TEXT PRIMARY KEY,
    account_id BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- The token every form of the session carries against cross-site requests.
    csrf       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
) STRICT;

CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
