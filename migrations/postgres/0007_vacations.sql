-- Vacations: while an account is on vacation the clocks of all its games stop. The
-- timeout sweeper skips games with a player on vacation; ending the vacation pushes
-- the deadlines of the account's ongoing games by the time their clocks stood still.
-- `allowed_until` is when the account's yearly allowance runs out: the sweeper ends
-- the vacation then if the account has not.

CREATE TABLE vacations (
    id            uuid        PRIMARY KEY,
    account_id    uuid        NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    started_at    timestamptz NOT NULL,
    allowed_until timestamptz NOT NULL CHECK (allowed_until > started_at),
    -- NULL while it lasts.
    ended_at      timestamptz CHECK (ended_at >= started_at AND ended_at <= allowed_until)
);

-- One vacation at a time.
CREATE UNIQUE INDEX vacations_one_open ON vacations (account_id) WHERE ended_at IS NULL;
CREATE INDEX vacations_by_account ON vacations (account_id, started_at);
