-- The bot author's kit (issue 23): token scopes, decline reasons, challenge filters,
-- and the listing of a webhook's deliveries by status.
--
-- A token is made for some of the scopes `read`, `play`, `challenge`, `webhooks` and
-- `account`, kept as their names in that order, separated by single spaces (the
-- server checks the names; SQLite has no regular expressions). The tokens made before
-- scopes existed keep full access: the default names them all.
ALTER TABLE tokens ADD COLUMN scopes TEXT NOT NULL
    DEFAULT 'read play challenge webhooks account'
    CHECK (length(scopes) BETWEEN 4 AND 100 AND scopes NOT GLOB '*[^a-z ]*');

-- Why the player a challenge named declined it; set exactly when the challenge is
-- declined (SQLite cannot add that table check to an existing table: the server keeps
-- it). The challenges declined before reasons existed read as `generic`.
ALTER TABLE challenges ADD COLUMN decline_reason TEXT
    CHECK (decline_reason IN ('generic', 'later', 'variant', 'time_control', 'rated',
                              'casual', 'too_fast', 'not_bots', 'only_bots'));
UPDATE challenges SET decline_reason = 'generic' WHERE status = 'declined';

-- The challenges an account takes: one naming it that asks for anything else is
-- declined as it is made, with the matching reason. No row: every challenge is taken.
-- `variants` holds the variants' names separated by single spaces.
CREATE TABLE challenge_filters (
    account_id  BLOB    PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    variants    TEXT    NOT NULL
                        CHECK (length(variants) BETWEEN 6 AND 30 AND variants NOT GLOB '*[^a-z ]*'),
    min_days    INTEGER NOT NULL CHECK (min_days IN (1, 2, 3, 5, 7, 10, 14)),
    max_days    INTEGER NOT NULL CHECK (max_days IN (1, 2, 3, 5, 7, 10, 14)),
    rated       INTEGER NOT NULL CHECK (rated IN (0, 1)),
    casual      INTEGER NOT NULL CHECK (casual IN (0, 1)),
    from_bots   INTEGER NOT NULL CHECK (from_bots IN (0, 1)),
    from_humans INTEGER NOT NULL CHECK (from_humans IN (0, 1)),
    updated_at  TEXT    NOT NULL,
    CHECK (min_days <= max_days),
    CHECK (rated OR casual),
    CHECK (from_bots OR from_humans)
) STRICT;

-- A webhook's deliveries of one status, newest first, page by page.
CREATE INDEX webhook_deliveries_by_status
    ON webhook_deliveries (webhook_id, status, created_at, id);
