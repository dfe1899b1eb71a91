-- Account controls. An account closed by the operator (`seedpost admin close`) keeps
-- its row, name and games but signs in nowhere: its sessions and tokens are deleted
-- when it is closed, and none of a closed account authenticates. A deleted account
-- keeps its row only for the games that name it, under a placeholder name, closed,
-- with everything else of it gone. The address an account signed up from is kept
-- for the operator's list of sign-ups (`seedpost admin sign-ups`). (SQLite adds no
-- CHECK to an existing table: the store keeps deleted accounts closed.)
ALTER TABLE accounts ADD COLUMN closed_at TEXT;
ALTER TABLE accounts ADD COLUMN deleted_at TEXT;
ALTER TABLE accounts ADD COLUMN sign_up_address TEXT;
CREATE INDEX accounts_by_created ON accounts (created_at);
