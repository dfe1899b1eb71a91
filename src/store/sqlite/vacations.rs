//! [`VacationStore`] on SQLite. The SQL is the same as Postgres'
//! (`postgres/vacations.rs`) without `FOR UPDATE`: the ending transaction holds
//! SQLite's one write lock.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::sqlite::SqliteConnection;

use super::{BEGIN_WRITE, SqliteStore};
use crate::domain::AccountId;
use crate::store::StoreError;
use crate::store::common::{detached, finish, micros};
use crate::store::vacations::{
    CLOSE_VACATION, INSERT_VACATION, PUSH_DEADLINE, PausedGameRow, SELECT_ALL, SELECT_EXPIRED,
    SELECT_OPEN, SELECT_PAUSED_GAMES, SELECT_SINCE, Vacation, VacationRow, VacationStore,
    pushed_deadline,
};

async fn end_vacation_tx(
    conn: &mut SqliteConnection,
    account: AccountId,
    at: DateTime<Utc>,
) -> Result<Vacation, StoreError> {
    let open = sqlx::query_as::<_, VacationRow>(SELECT_OPEN)
        .bind(account.0)
        .fetch_optional(&mut *conn)
        .await?
        .ok_or(StoreError::NotFound)?
        .parse();
    let end = micros(at.min(open.allowed_until).max(open.started_at));
    let closed = sqlx::query(CLOSE_VACATION)
        .bind(open.id)
        .bind(end)
        .execute(&mut *conn)
        .await?;
    if closed.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    let games = sqlx::query_as::<_, PausedGameRow>(SELECT_PAUSED_GAMES)
        .bind(account.0)
        .fetch_all(&mut *conn)
        .await?;
    let others: std::collections::HashMap<uuid::Uuid, DateTime<Utc>> =
        sqlx::query_as::<_, (uuid::Uuid, DateTime<Utc>)>(
            crate::store::vacations::SELECT_OTHERS_AWAY,
        )
        .bind(account.0)
        .fetch_all(&mut *conn)
        .await?
        .into_iter()
        .collect();
    for game in &games {
        let other_away_since = others.get(&game.id).copied();
        if let Some(deadline) = pushed_deadline(game, &open, end, other_away_since) {
            sqlx::query(PUSH_DEADLINE)
                .bind(game.id)
                .bind(micros(deadline))
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(Vacation {
        ended_at: Some(end),
        ..open
    })
}

#[async_trait]
impl VacationStore for SqliteStore {
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let vacation = vacation.clone();
        detached(async move {
            sqlx::query(INSERT_VACATION)
                .bind(vacation.id)
                .bind(vacation.account.0)
                .bind(micros(vacation.started_at))
                .bind(micros(vacation.allowed_until))
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn end_vacation(
        &self,
        account: AccountId,
        at: DateTime<Utc>,
    ) -> Result<Vacation, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = end_vacation_tx(&mut tx, account, at).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn vacations(
        &self,
        account: AccountId,
        since: DateTime<Utc>,
    ) -> Result<Vec<Vacation>, StoreError> {
        Ok(sqlx::query_as::<_, VacationRow>(SELECT_SINCE)
            .bind(account.0)
            .bind(micros(since))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(VacationRow::parse)
            .collect())
    }

    async fn export_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        Ok(sqlx::query_as::<_, VacationRow>(SELECT_ALL)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(VacationRow::parse)
            .collect())
    }

    async fn expired_vacations(&self, now: DateTime<Utc>) -> Result<Vec<AccountId>, StoreError> {
        Ok(sqlx::query_scalar::<_, uuid::Uuid>(SELECT_EXPIRED)
            .bind(micros(now))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(AccountId)
            .collect())
    }
}
