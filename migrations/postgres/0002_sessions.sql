-- Browser sessions. The cookie holds a random 256-bit secret; only its SHA-256 (hex) is
-- stored, so a copy of the database signs nobody in. A new session at every log-in,
-- deleted at log-out (and swept once expired).

CREATE TABLE sessions (
    hash       text        PRIMARY KEY,
    account_id uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- The token every form of the session carries against cross-site requests.
    csrf       text        NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_by_account ON sessions (account_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
