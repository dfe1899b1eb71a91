//! Rate limits shared by the instances on one database (`0008_rate_limits.sql`).

use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::postgres::PgPool;

use crate::store::StoreError;

/// Microseconds, saturating.
fn micros(d: Duration) -> i64 {
    i64::try_from(d.as_micros()).unwrap_or(i64::MAX)
}

/// Takes one request from cell `key` at `now` (see `Store::take_rate`).
pub(in crate::store) async fn take(
    pool: &PgPool,
    key: &[u8],
    interval: Duration,
    burst: u32,
    now: DateTime<Utc>,
) -> Result<Option<Duration>, StoreError> {
    let now = now.timestamp_micros();
    let interval = micros(interval).max(1);
    let tolerance = interval.saturating_mul(i64::from(burst.max(1) - 1));
    // One statement: a new cell lets the request go; an existing one only while the
    // request fits its tolerance (the conflict's row lock orders the instances).
    let taken = sqlx::query_scalar::<_, i64>(
        "INSERT INTO rate_limits AS r (key, tat) VALUES ($1, $2 + $3) \
         ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat, $2) + $3 \
             WHERE greatest(r.tat, $2) - $2 <= $4 \
         RETURNING tat",
    )
    .bind(key)
    .bind(now)
    .bind(interval)
    .bind(tolerance)
    .fetch_optional(pool)
    .await?;
    if taken.is_some() {
        return Ok(None);
    }
    let tat = sqlx::query_scalar::<_, i64>("SELECT tat FROM rate_limits WHERE key = $1")
        .bind(key)
        .fetch_optional(pool)
        .await?
        .unwrap_or(now);
    let wait = tat.saturating_sub(tolerance).saturating_sub(now).max(1);
    Ok(Some(Duration::from_micros(
        u64::try_from(wait).unwrap_or(1),
    )))
}

/// Deletes the cells that are full buckets at `now`.
pub(in crate::store) async fn purge(pool: &PgPool, now: DateTime<Utc>) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM rate_limits WHERE tat < $1")
        .bind(now.timestamp_micros())
        .execute(pool)
        .await?
        .rows_affected())
}
