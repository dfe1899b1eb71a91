-- Vacations: while an account is on vacation the clocks of all its games stop. The
-- timeout sweeper skips games with a player on vacation; ending the vacation pushes
-- the deadlines of the account's ongoing games by the time their clocks stood still.
-- `allowed_until` is when the account's yearly allowance runs out: the sweeper ends
-- the vacation then if the account has not.

CREATE TABLE vacations (
    id            BLOB PRIMARY KEY CHECK (length(id) = 16),
    account_id    BLOB NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    started_at    TEXT NOT NULL,
    allowed_until TEXT NOT NULL CHECK (allowed_until > started_at),
    -- NULL while it lasts.
    ended_at      TEXT CHECK (ended_at >= started_at AND ended_at <= allowed_until)
) STRICT;

-- One vacation at a time.
CREATE UNIQUE INDEX vacations_one_open ON vacations (account_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_account ON vacations (account_id, started_at);
