//! [`CalendarStore`] on SQLite. The SQL is the same as Postgres'
//! (`postgres/calendar.rs`).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

use super::SqliteStore;
use crate::domain::AccountId;
use crate::store::calendar::{
    CLAIM_DIGEST, CalendarFeed, CalendarRow, CalendarStore, DELETE_CALENDAR, DigestRow,
    DigestSettings, SELECT_ALL_CALENDARS, SELECT_ALL_DIGESTS, SELECT_CALENDAR,
    SELECT_CALENDAR_ACCOUNT, SELECT_DIGEST, SELECT_DUE, UNCLAIM_DIGEST, UPSERT_CALENDAR,
    UPSERT_DIGEST,
};
use crate::store::common::{AccountRow, detached, micros, row_limit};
use crate::store::{Account, StoreError};

#[async_trait]
impl CalendarStore for SqliteStore {
    async fn set_calendar(&self, feed: &CalendarFeed) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let feed = feed.clone();
        detached(async move {
            sqlx::query(UPSERT_CALENDAR)
                .bind(feed.account.0)
                .bind(&feed.hash)
                .bind(micros(feed.created_at))
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn calendar(&self, account: AccountId) -> Result<CalendarFeed, StoreError> {
        Ok(sqlx::query_as::<_, CalendarRow>(SELECT_CALENDAR)
            .bind(account.0)
            .fetch_one(&self.pool)
            .await?
            .parse())
    }

    async fn delete_calendar(&self, account: AccountId) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let deleted = sqlx::query(DELETE_CALENDAR)
                .bind(account.0)
                .execute(&pool)
                .await?;
            if deleted.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            Ok(())
        })
        .await
    }

    async fn account_by_calendar(&self, hash: &str) -> Result<Account, StoreError> {
        sqlx::query_as::<_, AccountRow>(SELECT_CALENDAR_ACCOUNT)
            .bind(hash)
            .fetch_one(&self.pool)
            .await?
            .parse()
    }

    async fn export_calendars(&self) -> Result<Vec<CalendarFeed>, StoreError> {
        Ok(sqlx::query_as::<_, CalendarRow>(SELECT_ALL_CALENDARS)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(CalendarRow::parse)
            .collect())
    }

    async fn set_digest(
        &self,
        account: AccountId,
        email: &str,
        enabled: bool,
        now: DateTime<Utc>,
    ) -> Result<DigestSettings, StoreError> {
        let pool = self.pool.clone();
        let email = email.to_owned();
        detached(async move {
            Ok(sqlx::query_as::<_, DigestRow>(UPSERT_DIGEST)
                .bind(account.0)
                .bind(email)
                .bind(enabled)
                .bind(micros(now))
                .fetch_one(&pool)
                .await?
                .parse())
        })
        .await
    }

    async fn digest(&self, account: AccountId) -> Result<DigestSettings, StoreError> {
        Ok(sqlx::query_as::<_, DigestRow>(SELECT_DIGEST)
            .bind(account.0)
            .fetch_one(&self.pool)
            .await?
            .parse())
    }

    async fn digests_due(
        &self,
        today: NaiveDate,
        limit: u32,
    ) -> Result<Vec<DigestSettings>, StoreError> {
        Ok(sqlx::query_as::<_, DigestRow>(SELECT_DUE)
            .bind(today)
            .bind(row_limit(limit))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(DigestRow::parse)
            .collect())
    }

    async fn claim_digest(&self, account: AccountId, today: NaiveDate) -> Result<bool, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let claimed = sqlx::query(CLAIM_DIGEST)
                .bind(account.0)
                .bind(today)
                .execute(&pool)
                .await?;
            Ok(claimed.rows_affected() == 1)
        })
        .await
    }

    async fn unclaim_digest(
        &self,
        account: AccountId,
        today: NaiveDate,
        previous: Option<NaiveDate>,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            sqlx::query(UNCLAIM_DIGEST)
                .bind(account.0)
                .bind(today)
                .bind(previous)
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn export_digests(&self) -> Result<Vec<DigestSettings>, StoreError> {
        Ok(sqlx::query_as::<_, DigestRow>(SELECT_ALL_DIGESTS)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(DigestRow::parse)
            .collect())
    }
}
