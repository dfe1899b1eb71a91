-- Account controls. An account closed by the operator (`seedpost admin close`) keeps
-- its row, name and games but signs in nowhere: its sessions and tokens are deleted
-- when it is closed, and none of a closed account authenticates. A deleted account
-- keeps its row only for the games that name it, under a placeholder name, closed,
-- with everything else of it gone. The address an account signed up from is kept
-- for the operator's list of sign-ups (`seedpost admin sign-ups`).
ALTER TABLE accounts ADD COLUMN closed_at timestamptz;
ALTER TABLE accounts ADD COLUMN deleted_at timestamptz;
ALTER TABLE accounts ADD COLUMN sign_up_address text;
ALTER TABLE accounts ADD CONSTRAINT accounts_deleted_are_closed
    CHECK (deleted_at IS NULL OR closed_at IS NOT NULL);
CREATE INDEX accounts_by_created ON accounts (created_at);
