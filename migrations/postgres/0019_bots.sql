-- The bot author's kit (issue 23): token scopes, decline reasons, challenge filters,
-- and the listing of a webhook's deliveries by status.
--
-- A token is made for some of the scopes `read`, `play`, `challenge`, `webhooks` and
-- `account`, kept as their names in that order, separated by single spaces. The
-- tokens made before scopes existed keep full access: the default names them all.
ALTER TABLE tokens ADD COLUMN scopes text NOT NULL
    DEFAULT 'read play challenge webhooks account'
    CHECK (scopes ~ '^(read|play|challenge|webhooks|account)( (read|play|challenge|webhooks|account))*$');

-- Why the player a challenge named declined it; set exactly when the challenge is
-- declined. The challenges declined before reasons existed read as `generic`.
ALTER TABLE challenges ADD COLUMN decline_reason text
    CHECK (decline_reason IN ('generic', 'later', 'variant', 'time_control', 'rated',
                              'casual', 'too_fast', 'not_bots', 'only_bots'));
UPDATE challenges SET decline_reason = 'generic' WHERE status = 'declined';
ALTER TABLE challenges ADD CONSTRAINT challenges_declined_with_reason
    CHECK ((status = 'declined') = (decline_reason IS NOT NULL));

-- The challenges an account takes: one naming it that asks for anything else is
-- declined as it is made, with the matching reason. No row: every challenge is taken.
-- `variants` holds the variants' names separated by single spaces.
CREATE TABLE challenge_filters (
    account_id  uuid        PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    variants    text        NOT NULL
                            CHECK (variants ~ '^(mangala|modiar|tihbat)( (mangala|modiar|tihbat))*$'),
    min_days    integer     NOT NULL CHECK (min_days IN (1, 2, 3, 5, 7, 10, 14)),
    max_days    integer     NOT NULL CHECK (max_days IN (1, 2, 3, 5, 7, 10, 14)),
    rated       boolean     NOT NULL,
    casual      boolean     NOT NULL,
    from_bots   boolean     NOT NULL,
    from_humans boolean     NOT NULL,
    updated_at  timestamptz NOT NULL,
    CHECK (min_days <= max_days),
    CHECK (rated OR casual),
    CHECK (from_bots OR from_humans)
);

-- A webhook's deliveries of one status, newest first, page by page.
CREATE INDEX webhook_deliveries_by_status
    ON webhook_deliveries (webhook_id, status, created_at, id);
