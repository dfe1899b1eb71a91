-- Runner leases (issue 37): one bot runner per account at a time, claimed and renewed
-- by its holder until `expires_at`. The Postgres twin has the same table, and says
-- more.
CREATE TABLE runner_leases (
    account_id BLOB PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    holder     TEXT NOT NULL CHECK (length(holder) BETWEEN 1 AND 100),
    expires_at TEXT NOT NULL
) STRICT;
