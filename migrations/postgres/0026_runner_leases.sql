-- Runner leases (issue 37): one bot runner (seedpost-bot) per account at a time. A
-- runner claims its account's lease under a holder name of its own and renews it as a
-- heartbeat; another holder's claim is refused while the lease stands, so a second copy
-- of a bot waits or stops instead of answering every turn twice. A lease lapses at
-- `expires_at` (a runner that died without releasing it) and ends when its holder
-- releases it. No row: no lease.
CREATE TABLE runner_leases (
    account_id uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    holder     text        NOT NULL CHECK (length(holder) BETWEEN 1 AND 100),
    expires_at timestamptz NOT NULL
);
