//! Storage of the reminders a player gets outside the site: its calendar feed (the
//! hash of the feed URL's secret) and its daily e-mail digest settings. Served by
//! every [`Store`], written once for both backends.
//!
//! The digest of a UTC day is claimed by a conditional update of `last_sent_on`
//! ([`CalendarStore::claim_digest`]) before the mail goes out, so that two servers on
//! one database never both send it.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::domain::AccountId;
use crate::notifications::entity::{CalendarFeed, DigestSettings};
use crate::store::Store;
use crate::store::common::{AccountRow, micros, row_limit};
use crate::store::dialect::Backend;
use crate::store::sql::{AsConn, SqlStore, on_backend, sql};
use crate::store::{Account, StoreError};

/// Storage of calendar feeds and digest settings.
#[async_trait]
pub trait CalendarStore: Send + Sync {
    /// Gives the account a calendar feed with this secret's hash, replacing the one
    /// it had (whose URL then stops working).
    async fn set_calendar(&self, feed: &CalendarFeed) -> Result<(), StoreError>;

    /// The account's calendar feed.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it has none.
    async fn calendar(&self, account: AccountId) -> Result<CalendarFeed, StoreError>;

    /// Deletes the account's calendar feed.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it has none.
    async fn delete_calendar(&self, account: AccountId) -> Result<(), StoreError>;

    /// The account whose calendar feed has this secret's hash.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown (or replaced, or deleted) secret.
    async fn account_by_calendar(&self, hash: &str) -> Result<Account, StoreError>;

    /// Every calendar feed, by account (for `seedpost export`).
    async fn export_calendars(&self) -> Result<Vec<CalendarFeed>, StoreError>;

    /// Sets the account's digest address and whether it is sent, keeping the day of
    /// the last one. A new address is unverified, and ends every pending link mailed
    /// to the account (verification and password reset).
    async fn set_digest(
        &self,
        account: AccountId,
        email: &str,
        enabled: bool,
        now: DateTime<Utc>,
    ) -> Result<DigestSettings, StoreError>;

    /// The account's digest settings.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it has never set them.
    async fn digest(&self, account: AccountId) -> Result<DigestSettings, StoreError>;

    /// Enabled digests not yet sent on `today` of accounts with an ongoing game where
    /// it is their move and not on vacation, at most `limit` (the store caps it at
    /// 500).
    async fn digests_due(
        &self,
        today: NaiveDate,
        limit: u32,
    ) -> Result<Vec<DigestSettings>, StoreError>;

    /// Claims the account's digest of `today`: records it as sent if it is enabled
    /// and was not sent on `today` yet. Returns whether this call claimed it (another
    /// server's sweep may have got there first).
    async fn claim_digest(&self, account: AccountId, today: NaiveDate) -> Result<bool, StoreError>;

    /// Gives back a claim of [`CalendarStore::claim_digest`] whose mail could not be
    /// sent: the day of the last digest becomes `previous` again, if it is still
    /// `today`.
    async fn unclaim_digest(
        &self,
        account: AccountId,
        today: NaiveDate,
        previous: Option<NaiveDate>,
    ) -> Result<(), StoreError>;

    /// Every account's digest settings, by account (for `seedpost export`).
    async fn export_digests(&self) -> Result<Vec<DigestSettings>, StoreError>;
}

/// A row of `calendar_feeds`.
#[derive(sqlx::FromRow)]
struct CalendarRow {
    account_id: Uuid,
    hash: String,
    created_at: DateTime<Utc>,
}

impl CalendarRow {
    fn parse(self) -> CalendarFeed {
        CalendarFeed {
            account: AccountId(self.account_id),
            hash: self.hash,
            created_at: self.created_at,
        }
    }
}

/// A row of `digest_settings`.
#[derive(sqlx::FromRow)]
struct DigestRow {
    account_id: Uuid,
    email: String,
    enabled: bool,
    last_sent_on: Option<NaiveDate>,
    updated_at: DateTime<Utc>,
    verified_at: Option<DateTime<Utc>>,
}

impl DigestRow {
    fn parse(self) -> DigestSettings {
        DigestSettings {
            account: AccountId(self.account_id),
            email: self.email,
            enabled: self.enabled,
            last_sent_on: self.last_sent_on,
            updated_at: self.updated_at,
            verified_at: self.verified_at,
        }
    }
}

/// The SQL giving an account a feed, or a new secret for the one it has.
const UPSERT_CALENDAR: &str = "INSERT INTO calendar_feeds (account_id, hash, created_at) \
     VALUES ($1, $2, $3) \
     ON CONFLICT (account_id) DO UPDATE SET hash = excluded.hash, created_at = excluded.created_at";

/// The SQL reading an account's feed.
const SELECT_CALENDAR: &str =
    "SELECT account_id, hash, created_at FROM calendar_feeds WHERE account_id = $1";

/// The SQL deleting an account's feed.
const DELETE_CALENDAR: &str = "DELETE FROM calendar_feeds WHERE account_id = $1";

/// The SQL finding the account of a feed's secret.
const SELECT_CALENDAR_ACCOUNT: &str = "SELECT a.id, a.username, a.bot, a.created_at \
     FROM calendar_feeds f JOIN accounts a ON a.id = f.account_id WHERE f.hash = $1";

/// The SQL reading every feed.
const SELECT_ALL_CALENDARS: &str =
    "SELECT account_id, hash, created_at FROM calendar_feeds ORDER BY account_id";

/// The columns of a [`DigestRow`].
macro_rules! digest_columns {
    () => {
        "account_id, email, enabled, last_sent_on, updated_at, verified_at"
    };
}

/// The columns of a [`DigestRow`] from `digest_settings d`.
macro_rules! digest_columns_of_d {
    () => {
        "d.account_id, d.email, d.enabled, d.last_sent_on, d.updated_at, d.verified_at"
    };
}

/// The SQL setting an account's digest address and switch, keeping its last day, and
/// its verification while the address stays the same.
const UPSERT_DIGEST: &str = concat!(
    "INSERT INTO digest_settings (account_id, email, enabled, updated_at) \
     VALUES ($1, $2, $3, $4) \
     ON CONFLICT (account_id) DO UPDATE SET email = excluded.email, \
       enabled = excluded.enabled, updated_at = excluded.updated_at, \
       verified_at = CASE WHEN digest_settings.email = excluded.email \
                          THEN digest_settings.verified_at END \
     RETURNING ",
    digest_columns!()
);

/// Ends the pending mailed links of account `$1` unless `$2` is already its address.
const END_LINKS_OF_OLD_ADDRESS: &str = "DELETE FROM mail_links \
     WHERE account_id = $1 AND used_at IS NULL \
       AND NOT EXISTS (SELECT 1 FROM digest_settings d WHERE d.account_id = $1 AND d.email = $2)";

/// The SQL reading an account's digest settings.
const SELECT_DIGEST: &str = concat!(
    "SELECT ",
    digest_columns!(),
    " FROM digest_settings WHERE account_id = $1"
);

/// The SQL finding the enabled digests not sent on day `$1` of accounts with a game
/// to move in and not on vacation, at most `$2`.
const SELECT_DUE: &str = concat!(
    "SELECT ",
    digest_columns_of_d!(),
    " FROM digest_settings d \
     WHERE d.enabled AND (d.last_sent_on IS NULL OR d.last_sent_on < $1) \
       AND EXISTS (SELECT 1 FROM games g WHERE g.status = 'ongoing' \
                   AND ((g.to_move = 'south' AND g.south_id = d.account_id) \
                        OR (g.to_move = 'north' AND g.north_id = d.account_id))) \
       AND NOT EXISTS (SELECT 1 FROM vacations v \
                       WHERE v.account_id = d.account_id AND v.ended_at IS NULL) \
     ORDER BY d.account_id LIMIT $2"
);

/// The SQL claiming account `$1`'s digest of day `$2`.
const CLAIM_DIGEST: &str = "UPDATE digest_settings SET last_sent_on = $2 \
     WHERE account_id = $1 AND enabled AND (last_sent_on IS NULL OR last_sent_on < $2)";

/// The SQL giving back account `$1`'s claim of day `$2`, to the day `$3` before it.
const UNCLAIM_DIGEST: &str = "UPDATE digest_settings SET last_sent_on = $3 \
     WHERE account_id = $1 AND last_sent_on = $2";

/// The SQL reading every account's digest settings.
const SELECT_ALL_DIGESTS: &str = concat!(
    "SELECT ",
    digest_columns!(),
    " FROM digest_settings ORDER BY account_id"
);

/// The SQL writing a feed as exported.
pub(super) const IMPORT_CALENDAR: &str =
    "INSERT INTO calendar_feeds (account_id, hash, created_at) VALUES ($1, $2, $3)";

/// The SQL writing digest settings as exported.
pub(super) const IMPORT_DIGEST: &str = "INSERT INTO digest_settings \
     (account_id, email, enabled, last_sent_on, updated_at, verified_at) \
     VALUES ($1, $2, $3, $4, $5, $6)";

#[async_trait]
impl<S: Store + ?Sized> CalendarStore for S {
    async fn set_calendar(&self, feed: &CalendarFeed) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => set_calendar(s, feed).await)
    }

    async fn calendar(&self, account: AccountId) -> Result<CalendarFeed, StoreError> {
        on_backend!(self.sql(), s => calendar(s, account).await)
    }

    async fn delete_calendar(&self, account: AccountId) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => delete_calendar(s, account).await)
    }

    async fn account_by_calendar(&self, hash: &str) -> Result<Account, StoreError> {
        on_backend!(self.sql(), s => account_by_calendar(s, hash).await)
    }

    async fn export_calendars(&self) -> Result<Vec<CalendarFeed>, StoreError> {
        on_backend!(self.sql(), s => export_calendars(s).await)
    }

    async fn set_digest(
        &self,
        account: AccountId,
        email: &str,
        enabled: bool,
        now: DateTime<Utc>,
    ) -> Result<DigestSettings, StoreError> {
        on_backend!(self.sql(), s => set_digest(s, account, email, enabled, now).await)
    }

    async fn digest(&self, account: AccountId) -> Result<DigestSettings, StoreError> {
        on_backend!(self.sql(), s => digest(s, account).await)
    }

    async fn digests_due(
        &self,
        today: NaiveDate,
        limit: u32,
    ) -> Result<Vec<DigestSettings>, StoreError> {
        on_backend!(self.sql(), s => digests_due(s, today, limit).await)
    }

    async fn claim_digest(&self, account: AccountId, today: NaiveDate) -> Result<bool, StoreError> {
        on_backend!(self.sql(), s => claim_digest(s, account, today).await)
    }

    async fn unclaim_digest(
        &self,
        account: AccountId,
        today: NaiveDate,
        previous: Option<NaiveDate>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => unclaim_digest(s, account, today, previous).await)
    }

    async fn export_digests(&self) -> Result<Vec<DigestSettings>, StoreError> {
        on_backend!(self.sql(), s => export_digests(s).await)
    }
}

async fn set_calendar<B: Backend>(
    store: &SqlStore<B>,
    feed: &CalendarFeed,
) -> Result<(), StoreError> {
    let feed = feed.clone();
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql(UPSERT_CALENDAR)
                    .bind(feed.account.0)
                    .bind(feed.hash)
                    .bind(micros(feed.created_at))
                    .execute(conn)
                    .await
                    .map(drop)
            })
        })
        .await
}

async fn calendar<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<CalendarFeed, StoreError> {
    let row: CalendarRow = sql(SELECT_CALENDAR)
        .bind(account.0)
        .one(&mut store.conn().await?)
        .await?;
    Ok(row.parse())
}

async fn delete_calendar<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<(), StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                match sql(DELETE_CALENDAR).bind(account.0).execute(conn).await? {
                    0 => Err(StoreError::NotFound),
                    _ => Ok(()),
                }
            })
        })
        .await
}

async fn account_by_calendar<B: Backend>(
    store: &SqlStore<B>,
    hash: &str,
) -> Result<Account, StoreError> {
    let row: AccountRow = sql(SELECT_CALENDAR_ACCOUNT)
        .bind(hash)
        .one(&mut store.conn().await?)
        .await?;
    row.parse()
}

async fn export_calendars<B: Backend>(
    store: &SqlStore<B>,
) -> Result<Vec<CalendarFeed>, StoreError> {
    read_calendars(&mut store.conn().await?).await
}

async fn set_digest<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    email: &str,
    enabled: bool,
    now: DateTime<Utc>,
) -> Result<DigestSettings, StoreError> {
    let email = email.to_owned();
    store
        .write(move |tx| {
            Box::pin(async move {
                // A new address ends the links mailed to the old one.
                sql(END_LINKS_OF_OLD_ADDRESS)
                    .bind(account.0)
                    .bind(email.as_str())
                    .execute(tx)
                    .await?;
                let row: DigestRow = sql(UPSERT_DIGEST)
                    .bind(account.0)
                    .bind(email)
                    .bind(enabled)
                    .bind(micros(now))
                    .one(tx)
                    .await?;
                Ok(row.parse())
            })
        })
        .await
}

async fn digest<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<DigestSettings, StoreError> {
    let row: DigestRow = sql(SELECT_DIGEST)
        .bind(account.0)
        .one(&mut store.conn().await?)
        .await?;
    Ok(row.parse())
}

async fn digests_due<B: Backend>(
    store: &SqlStore<B>,
    today: NaiveDate,
    limit: u32,
) -> Result<Vec<DigestSettings>, StoreError> {
    let rows: Vec<DigestRow> = sql(SELECT_DUE)
        .bind(today)
        .bind(row_limit(limit))
        .all(&mut store.conn().await?)
        .await?;
    Ok(rows.into_iter().map(DigestRow::parse).collect())
}

async fn claim_digest<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    today: NaiveDate,
) -> Result<bool, StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                let claimed = sql(CLAIM_DIGEST)
                    .bind(account.0)
                    .bind(today)
                    .execute(conn)
                    .await?;
                Ok(claimed == 1)
            })
        })
        .await
}

async fn unclaim_digest<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    today: NaiveDate,
    previous: Option<NaiveDate>,
) -> Result<(), StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                sql(UNCLAIM_DIGEST)
                    .bind(account.0)
                    .bind(today)
                    .bind(previous)
                    .execute(conn)
                    .await
                    .map(drop)
            })
        })
        .await
}

async fn export_digests<B: Backend>(
    store: &SqlStore<B>,
) -> Result<Vec<DigestSettings>, StoreError> {
    read_digests(&mut store.conn().await?).await
}

/// Every calendar feed, read on `conn` (an export's snapshot).
pub(super) async fn read_calendars<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<CalendarFeed>, StoreError> {
    let rows: Vec<CalendarRow> = sql(SELECT_ALL_CALENDARS).all(conn).await?;
    Ok(rows.into_iter().map(CalendarRow::parse).collect())
}

/// Every account's digest settings, read on `conn` (an export's snapshot).
pub(super) async fn read_digests<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<DigestSettings>, StoreError> {
    let rows: Vec<DigestRow> = sql(SELECT_ALL_DIGESTS).all(conn).await?;
    Ok(rows.into_iter().map(DigestRow::parse).collect())
}
