//! The single-use links mailed to players (issue 19): address verification and
//! password reset. Served by every [`Store`], written once for both backends over
//! the core's [`SqlStore`].
//!
//! Only the SHA-256 of a link's secret is stored. A link is used by one conditional
//! update (unused and not expired), in the transaction that does what it is for, so
//! that two requests with one link never both succeed.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::accounts::entity::{Ended, LinkKind, MailLink};
use crate::domain::{Account, AccountId};
use crate::store::common::{AccountRow, micros};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// Storage of mailed links and verified addresses.
#[async_trait]
pub trait MailLinkStore {
    /// Stores a new link; the account's unused links of that kind stop working, and
    /// links that expired a day ago or more are deleted.
    async fn create_mail_link(&self, link: &MailLink) -> Result<(), StoreError>;

    /// The link of this kind whose secret has this hash, used or not, and its
    /// account.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown (or replaced, or purged) link.
    async fn mail_link(
        &self,
        kind: LinkKind,
        hash: &str,
    ) -> Result<(MailLink, Account), StoreError>;

    /// Uses the verification link with this hash at `now` and marks its address
    /// verified, if it is still the account's digest address. Returns the link and
    /// whether the address was marked.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the link is unknown, used or expired.
    async fn verify_address(
        &self,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(MailLink, bool), StoreError>;

    /// Uses the reset link with this hash at `now`: the account's password hash
    /// becomes `password_hash`, every browser session of it ends (its API tokens
    /// stay) and so does every other pending link of it, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the link is unknown, used or expired.
    async fn reset_password_by_link(
        &self,
        hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(MailLink, Ended), StoreError>;

    /// The open accounts a password reset for `name_or_email` goes to, each with its
    /// verified address: the account named so (ignoring case), or those whose
    /// verified digest address it is (ignoring case). At most 10.
    async fn reset_addresses(
        &self,
        name_or_email: &str,
    ) -> Result<Vec<(Account, String)>, StoreError>;
}

/// A row of `mail_links`.
#[derive(sqlx::FromRow)]
struct LinkRow {
    hash: String,
    kind: String,
    account_id: Uuid,
    email: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    used_at: Option<DateTime<Utc>>,
}

impl LinkRow {
    fn parse(self) -> Result<MailLink, StoreError> {
        let kind = self
            .kind
            .parse()
            .map_err(|_| StoreError::Invalid(format!("mail link kind {:?}", self.kind)))?;
        Ok(MailLink {
            hash: self.hash,
            kind,
            account: AccountId(self.account_id),
            email: self.email,
            created_at: self.created_at,
            expires_at: self.expires_at,
            used_at: self.used_at,
        })
    }
}

/// A row of `mail_links` with its account.
#[derive(sqlx::FromRow)]
struct LinkAccountRow {
    #[sqlx(flatten)]
    link: LinkRow,
    username: String,
    bot: bool,
    account_created_at: DateTime<Utc>,
}

/// A row of the accounts a reset goes to.
#[derive(sqlx::FromRow)]
struct AddressRow {
    #[sqlx(flatten)]
    account: AccountRow,
    email: String,
}

/// The columns of a [`LinkRow`].
macro_rules! link_columns {
    () => {
        "hash, kind, account_id, email, created_at, expires_at, used_at"
    };
}

/// The SQL using link `$1` of kind `$2` at `$3`: only an unused, unexpired one.
const USE_LINK: &str = concat!(
    "UPDATE mail_links SET used_at = $3 \
     WHERE hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 RETURNING ",
    link_columns!()
);

/// Ends every pending (unused) link of account `$1`, verification and reset alike:
/// run in the transaction of whatever makes them stale (a new password, a reset, a
/// new address; deletion removes them all).
pub(super) const END_PENDING_LINKS: &str =
    "DELETE FROM mail_links WHERE account_id = $1 AND used_at IS NULL";

/// The accounts named `$1` (lower-cased), or with the verified address `$1`.
const RESET_ADDRESSES: &str = "SELECT a.id, a.username, a.bot, a.created_at, d.email \
     FROM accounts a JOIN digest_settings d ON d.account_id = a.id \
     WHERE d.verified_at IS NOT NULL AND a.closed_at IS NULL AND a.deleted_at IS NULL \
       AND (a.username_key = $1 OR lower(d.email) = $1) \
     ORDER BY a.username_key LIMIT 10";

#[async_trait]
impl<S: Store + ?Sized> MailLinkStore for S {
    async fn create_mail_link(&self, link: &MailLink) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => create_mail_link(s, link).await)
    }

    async fn mail_link(
        &self,
        kind: LinkKind,
        hash: &str,
    ) -> Result<(MailLink, Account), StoreError> {
        on_backend!(self.sql(), s => mail_link(s, kind, hash).await)
    }

    async fn verify_address(
        &self,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(MailLink, bool), StoreError> {
        on_backend!(self.sql(), s => verify_address(s, hash, now).await)
    }

    async fn reset_password_by_link(
        &self,
        hash: &str,
        password_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(MailLink, Ended), StoreError> {
        on_backend!(self.sql(), s => reset_password_by_link(s, hash, password_hash, now).await)
    }

    async fn reset_addresses(
        &self,
        name_or_email: &str,
    ) -> Result<Vec<(Account, String)>, StoreError> {
        on_backend!(self.sql(), s => reset_addresses(s, name_or_email).await)
    }
}

async fn create_mail_link<B: Backend>(
    store: &SqlStore<B>,
    link: &MailLink,
) -> Result<(), StoreError> {
    let link = link.clone();
    store
        .write(move |tx| {
            Box::pin(async move {
                let kind: &'static str = link.kind.into();
                sql("DELETE FROM mail_links WHERE expires_at < $1")
                    .bind(micros(link.created_at - chrono::TimeDelta::days(1)))
                    .execute(tx)
                    .await?;
                sql("DELETE FROM mail_links \
                 WHERE account_id = $1 AND kind = $2 AND used_at IS NULL")
                .bind(link.account.0)
                .bind(kind)
                .execute(tx)
                .await?;
                sql("INSERT INTO mail_links \
                 (hash, kind, account_id, email, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(link.hash)
                .bind(kind)
                .bind(link.account.0)
                .bind(link.email)
                .bind(micros(link.created_at))
                .bind(micros(link.expires_at))
                .execute(tx)
                .await
                .map(drop)
            })
        })
        .await
}

async fn mail_link<B: Backend>(
    store: &SqlStore<B>,
    kind: LinkKind,
    hash: &str,
) -> Result<(MailLink, Account), StoreError> {
    let kind: &'static str = kind.into();
    let row: LinkAccountRow = sql(
        "SELECT l.hash, l.kind, l.account_id, l.email, l.created_at, l.expires_at, \
         l.used_at, a.username, a.bot, a.created_at AS account_created_at \
         FROM mail_links l JOIN accounts a ON a.id = l.account_id \
         WHERE l.hash = $1 AND l.kind = $2",
    )
    .bind(hash)
    .bind(kind)
    .one(&mut store.conn().await?)
    .await?;
    let account = AccountRow {
        id: row.link.account_id,
        username: row.username,
        bot: row.bot,
        created_at: row.account_created_at,
    }
    .parse()?;
    Ok((row.link.parse()?, account))
}

async fn verify_address<B: Backend>(
    store: &SqlStore<B>,
    hash: &str,
    now: DateTime<Utc>,
) -> Result<(MailLink, bool), StoreError> {
    let hash = hash.to_owned();
    store
        .write(move |tx| {
            Box::pin(async move {
                let kind: &'static str = LinkKind::VerifyAddress.into();
                let row: Option<LinkRow> = sql(USE_LINK)
                    .bind(hash)
                    .bind(kind)
                    .bind(micros(now))
                    .optional(tx)
                    .await?;
                let link = row.ok_or(StoreError::Conflict)?.parse()?;
                let marked = sql("UPDATE digest_settings SET verified_at = $3 \
                 WHERE account_id = $1 AND email = $2")
                .bind(link.account.0)
                .bind(link.email.as_str())
                .bind(micros(now))
                .execute(tx)
                .await?;
                Ok((link, marked == 1))
            })
        })
        .await
}

async fn reset_password_by_link<B: Backend>(
    store: &SqlStore<B>,
    hash: &str,
    password_hash: &str,
    now: DateTime<Utc>,
) -> Result<(MailLink, Ended), StoreError> {
    let (hash, password_hash) = (hash.to_owned(), password_hash.to_owned());
    store
        .write(move |tx| {
            Box::pin(async move {
                let kind: &'static str = LinkKind::PasswordReset.into();
                let row: Option<LinkRow> = sql(USE_LINK)
                    .bind(hash)
                    .bind(kind)
                    .bind(micros(now))
                    .optional(tx)
                    .await?;
                let link = row.ok_or(StoreError::Conflict)?.parse()?;
                sql("UPDATE accounts SET password_hash = $2 WHERE id = $1")
                    .bind(link.account.0)
                    .bind(password_hash.as_str())
                    .execute_found(tx)
                    .await?;
                let sessions = sql("DELETE FROM sessions WHERE account_id = $1")
                    .bind(link.account.0)
                    .execute(tx)
                    .await?;
                sql(END_PENDING_LINKS)
                    .bind(link.account.0)
                    .execute(tx)
                    .await?;
                Ok((
                    link,
                    Ended {
                        sessions,
                        tokens: 0,
                    },
                ))
            })
        })
        .await
}

async fn reset_addresses<B: Backend>(
    store: &SqlStore<B>,
    name_or_email: &str,
) -> Result<Vec<(Account, String)>, StoreError> {
    let rows: Vec<AddressRow> = sql(RESET_ADDRESSES)
        .bind(name_or_email.trim().to_ascii_lowercase())
        .all(&mut store.conn().await?)
        .await?;
    rows.into_iter()
        .map(|r| Ok((r.account.parse()?, r.email)))
        .collect()
}
