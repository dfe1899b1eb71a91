//! Account controls: changing a password, ending an account's sessions, closing,
//! reopening, renaming and deleting an account, and the operator's list of sign-ups.
//! Served by every [`Store`], written once for both backends over the core's
//! [`SqlStore`].
//!
//! A closed account keeps its row, name and games; none of its sessions or tokens
//! authenticates (the reads of both join only accounts that are not closed). A deleted
//! account keeps its row, closed, for the games that name it (so that the results and
//! ratings of its opponents stay true), under a placeholder name; everything else of
//! it is deleted.
//!
//! Whatever ends a way into an account (a session, a token) does so in the same
//! transaction as the change that asks for it, so that no reader sees the new
//! password beside an old session that should have ended.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::accounts::entity::{Ended, SignUp};
use crate::domain::{AccountId, AccountState, GameId, Username};
use crate::store::common::{AccountRow, micros, row_limit};
use crate::store::core::missed;
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// Storage of account controls.
#[async_trait]
pub trait AccountStore {
    /// Replaces the account's password hash and, in the same transaction, deletes its
    /// browser sessions but the one whose hash is `keep`, every pending link mailed to
    /// it (verification and password reset), and all its API tokens when
    /// `revoke_tokens`. Returns how many sessions and tokens were deleted.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown account.
    async fn change_password(
        &self,
        account: AccountId,
        password_hash: &str,
        keep: Option<&str>,
        revoke_tokens: bool,
    ) -> Result<Ended, StoreError>;

    /// Deletes every browser session of the account but the one whose hash is
    /// `keep`; returns how many.
    async fn end_sessions(&self, account: AccountId, keep: Option<&str>)
    -> Result<u64, StoreError>;

    /// Whether the account is closed or deleted, and since when.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown account.
    async fn account_state(&self, account: AccountId) -> Result<AccountState, StoreError>;

    /// Closes the account at `now` and deletes its sessions and tokens, in one
    /// transaction. Returns what ended.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is closed already; [`StoreError::NotFound`].
    async fn close_account(
        &self,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<Ended, StoreError>;

    /// Reopens a closed account (not a deleted one).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is open or deleted; [`StoreError::NotFound`].
    async fn reopen_account(&self, account: AccountId) -> Result<(), StoreError>;

    /// Renames an account that is not deleted.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the name is taken (ignoring case);
    /// [`StoreError::NotFound`] for an unknown or deleted account.
    async fn rename_account(&self, account: AccountId, name: &Username) -> Result<(), StoreError>;

    /// Deletes everything of the account but its row and the games, challenges,
    /// matches and tournaments that name it, in one transaction: its sessions, tokens,
    /// webhooks (with their deliveries), push subscriptions, notification settings,
    /// reminders, calendar feed, digest settings, vacations, events and ratings. The
    /// row gets `placeholder` as its name and `password_hash` (of a secret nobody
    /// knows) as its password, loses its sign-up address, and is closed and deleted
    /// at `now`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is deleted already or the placeholder is
    /// taken; [`StoreError::NotFound`].
    async fn delete_account(
        &self,
        account: AccountId,
        placeholder: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// The accounts made at `since` or later, newest first, at most `limit` (the
    /// store caps it at 500; 0 reads as 100), with their sign-up addresses.
    async fn sign_ups(&self, since: DateTime<Utc>, limit: u32) -> Result<Vec<SignUp>, StoreError>;

    /// Every game the account plays or played, oldest first.
    async fn account_games(&self, account: AccountId) -> Result<Vec<GameId>, StoreError>;
}

#[derive(sqlx::FromRow)]
struct StateRow {
    closed_at: Option<DateTime<Utc>>,
    deleted_at: Option<DateTime<Utc>>,
}

impl From<StateRow> for AccountState {
    fn from(row: StateRow) -> AccountState {
        AccountState {
            closed_at: row.closed_at,
            deleted_at: row.deleted_at,
        }
    }
}

#[derive(sqlx::FromRow)]
struct SignUpRow {
    #[sqlx(flatten)]
    account: AccountRow,
    sign_up_address: Option<String>,
    #[sqlx(flatten)]
    state: StateRow,
}

/// Whether account `$1` exists (see [`missed`]).
const ACCOUNT_EXISTS: &str = "SELECT 1 FROM accounts WHERE id = $1";

/// What a deletion deletes, each statement with the account as `$1`. Webhook
/// deliveries and push messages go with their webhooks and subscriptions (`ON DELETE
/// CASCADE`).
const DELETE_DATA: [&str; 23] = [
    "DELETE FROM sessions WHERE account_id = $1",
    "DELETE FROM conditional_lines WHERE account_id = $1",
    "DELETE FROM conditional_plies WHERE account_id = $1",
    "DELETE FROM tokens WHERE account_id = $1",
    "DELETE FROM webhooks WHERE account_id = $1",
    "DELETE FROM push_subscriptions WHERE account_id = $1",
    "DELETE FROM notification_settings WHERE account_id = $1",
    "DELETE FROM play_settings WHERE account_id = $1",
    "DELETE FROM challenge_filters WHERE account_id = $1",
    "DELETE FROM reminders_sent WHERE account_id = $1",
    "DELETE FROM turn_mails WHERE account_id = $1",
    "DELETE FROM turn_mail_accounts WHERE account_id = $1",
    "DELETE FROM game_presence WHERE account_id = $1",
    "DELETE FROM calendar_feeds WHERE account_id = $1",
    "DELETE FROM digest_settings WHERE account_id = $1",
    "DELETE FROM mail_links WHERE account_id = $1",
    "DELETE FROM game_notes WHERE account_id = $1",
    "DELETE FROM blocks WHERE account_id = $1 OR blocked_id = $1",
    "DELETE FROM chat_mutes WHERE account_id = $1",
    "DELETE FROM vacations WHERE account_id = $1",
    "DELETE FROM events WHERE account_id = $1",
    "DELETE FROM ratings WHERE account_id = $1",
    "UPDATE accounts SET sign_up_address = NULL, language = NULL WHERE id = $1",
];

/// Deletes the sessions of `$1` but the one whose hash is `$2` (none for `NULL`).
const END_SESSIONS: &str =
    "DELETE FROM sessions WHERE account_id = $1 AND ($2 IS NULL OR hash <> $2)";

#[async_trait]
impl<S: Store + ?Sized> AccountStore for S {
    async fn change_password(
        &self,
        account: AccountId,
        password_hash: &str,
        keep: Option<&str>,
        revoke_tokens: bool,
    ) -> Result<Ended, StoreError> {
        on_backend!(self.sql(), s => change_password(s, account, password_hash, keep, revoke_tokens).await)
    }

    async fn end_sessions(
        &self,
        account: AccountId,
        keep: Option<&str>,
    ) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => end_sessions(s, account, keep).await)
    }

    async fn account_state(&self, account: AccountId) -> Result<AccountState, StoreError> {
        on_backend!(self.sql(), s => account_state(s, account).await)
    }

    async fn close_account(
        &self,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<Ended, StoreError> {
        on_backend!(self.sql(), s => close_account(s, account, now).await)
    }

    async fn reopen_account(&self, account: AccountId) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => reopen_account(s, account).await)
    }

    async fn rename_account(&self, account: AccountId, name: &Username) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => rename_account(s, account, name).await)
    }

    async fn delete_account(
        &self,
        account: AccountId,
        placeholder: &Username,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => delete_account(s, account, placeholder, password_hash, now).await)
    }

    async fn sign_ups(&self, since: DateTime<Utc>, limit: u32) -> Result<Vec<SignUp>, StoreError> {
        on_backend!(self.sql(), s => sign_ups(s, since, limit).await)
    }

    async fn account_games(&self, account: AccountId) -> Result<Vec<GameId>, StoreError> {
        on_backend!(self.sql(), s => account_games(s, account).await)
    }
}

async fn change_password<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    password_hash: &str,
    keep: Option<&str>,
    revoke_tokens: bool,
) -> Result<Ended, StoreError> {
    let password_hash = password_hash.to_owned();
    let keep = keep.map(str::to_owned);
    store
        .write(move |tx| {
            Box::pin(async move {
                sql("UPDATE accounts SET password_hash = $2 WHERE id = $1")
                    .bind(account.0)
                    .bind(password_hash.as_str())
                    .execute_found(tx)
                    .await?;
                let sessions = sql(END_SESSIONS)
                    .bind(account.0)
                    .bind(keep)
                    .execute(tx)
                    .await?;
                sql(super::maillinks::END_PENDING_LINKS)
                    .bind(account.0)
                    .execute(tx)
                    .await?;
                let tokens = if revoke_tokens {
                    sql("DELETE FROM tokens WHERE account_id = $1")
                        .bind(account.0)
                        .execute(tx)
                        .await?
                } else {
                    0
                };
                Ok(Ended { sessions, tokens })
            })
        })
        .await
}

async fn end_sessions<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    keep: Option<&str>,
) -> Result<u64, StoreError> {
    let keep = keep.map(str::to_owned);
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql(END_SESSIONS)
                    .bind(account.0)
                    .bind(keep)
                    .execute(conn)
                    .await
            })
        })
        .await
}

async fn account_state<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<AccountState, StoreError> {
    let row: StateRow = sql("SELECT closed_at, deleted_at FROM accounts WHERE id = $1")
        .bind(account.0)
        .one(&mut store.conn().await?)
        .await?;
    Ok(row.into())
}

async fn close_account<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<Ended, StoreError> {
    store
        .write(move |tx| {
            Box::pin(async move {
                let closed =
                    sql("UPDATE accounts SET closed_at = $2 WHERE id = $1 AND closed_at IS NULL")
                        .bind(account.0)
                        .bind(micros(now))
                        .execute(tx)
                        .await?;
                if closed == 0 {
                    return Err(missed(tx, ACCOUNT_EXISTS, account.0).await);
                }
                let sessions = sql("DELETE FROM sessions WHERE account_id = $1")
                    .bind(account.0)
                    .execute(tx)
                    .await?;
                let tokens = sql("DELETE FROM tokens WHERE account_id = $1")
                    .bind(account.0)
                    .execute(tx)
                    .await?;
                Ok(Ended { sessions, tokens })
            })
        })
        .await
}

async fn reopen_account<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<(), StoreError> {
    store
        .write(move |tx| {
            Box::pin(async move {
                let reopened = sql("UPDATE accounts SET closed_at = NULL \
                                WHERE id = $1 AND closed_at IS NOT NULL \
                                  AND deleted_at IS NULL")
                .bind(account.0)
                .execute(tx)
                .await?;
                if reopened == 0 {
                    return Err(missed(tx, ACCOUNT_EXISTS, account.0).await);
                }
                Ok(())
            })
        })
        .await
}

async fn rename_account<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    name: &Username,
) -> Result<(), StoreError> {
    let name = name.clone();
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql("UPDATE accounts SET username = $2, username_key = $3 \
                 WHERE id = $1 AND deleted_at IS NULL")
                .bind(account.0)
                .bind(name.as_str().to_owned())
                .bind(name.key())
                .execute_found(conn)
                .await
            })
        })
        .await
}

async fn delete_account<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    placeholder: &Username,
    password_hash: &str,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let placeholder = placeholder.clone();
    let password_hash = password_hash.to_owned();
    store
        .write(move |tx| {
            Box::pin(async move {
                let renamed = sql("UPDATE accounts SET username = $2, username_key = $3, \
                                      password_hash = $4, deleted_at = $5, \
                                      closed_at = coalesce(closed_at, $5) \
                               WHERE id = $1 AND deleted_at IS NULL")
                .bind(account.0)
                .bind(placeholder.as_str().to_owned())
                .bind(placeholder.key())
                .bind(password_hash)
                .bind(micros(now))
                .execute(tx)
                .await?;
                if renamed == 0 {
                    return Err(missed(tx, ACCOUNT_EXISTS, account.0).await);
                }
                for statement in DELETE_DATA {
                    sql(statement).bind(account.0).execute(tx).await?;
                }
                Ok(())
            })
        })
        .await
}

async fn sign_ups<B: Backend>(
    store: &SqlStore<B>,
    since: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<SignUp>, StoreError> {
    let rows: Vec<SignUpRow> = sql("SELECT id, username, bot, created_at, sign_up_address, \
                                           closed_at, deleted_at \
                                    FROM accounts WHERE created_at >= $1 \
                                    ORDER BY created_at DESC, id DESC LIMIT $2")
    .bind(micros(since))
    .bind(row_limit(limit))
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter()
        .map(|row| {
            Ok(SignUp {
                account: row.account.parse()?,
                address: row.sign_up_address,
                state: row.state.into(),
            })
        })
        .collect()
}

async fn account_games<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<GameId>, StoreError> {
    let ids: Vec<Uuid> = sql("SELECT id FROM games WHERE south_id = $1 OR north_id = $1 \
                              ORDER BY created_at, id")
    .bind(account.0)
    .values(&mut store.conn().await?)
    .await?;
    Ok(ids.into_iter().map(GameId).collect())
}
