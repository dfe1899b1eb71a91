//! Webhook storage: the URLs accounts register, and the deliveries of their events.
//! A part of every [`Store`](super::Store) (a supertrait), implemented once for both
//! backends. Deliveries are claimed with a lease (their next attempt time), in one
//! statement that on Postgres skips the rows another instance is claiming (`FOR
//! UPDATE SKIP LOCKED`), so several instances never attempt one delivery at once.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::common::{micros, row_limit};
use super::dialect::Backend;
use super::sql::{AsConn, SqlStore, sql};
use super::{Page, StoreError};
use crate::domain::{AccountId, DeliveryId, WebhookId};

/// A registered webhook.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Webhook {
    /// Its id.
    pub id: WebhookId,
    /// Whose events it receives.
    pub account: AccountId,
    /// Where they are POSTed.
    pub url: String,
    /// The HMAC-SHA256 key of the signatures.
    pub secret: String,
    /// The seq of the account's last event already queued for it.
    pub cursor: u64,
    /// When it was registered.
    pub created_at: DateTime<Utc>,
}

/// Where a delivery stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum DeliveryStatus {
    /// Waiting for its first or next attempt.
    Pending,
    /// The receiver answered 2xx.
    Delivered,
    /// Every attempt failed; no more will be made.
    Failed,
}

impl DeliveryStatus {
    /// The name used in SQL and JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The status with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<DeliveryStatus> {
        s.parse().ok()
    }
}

/// Which deliveries a listing shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum DeliveryFilter {
    /// Pending and not leased to a worker: waiting for an attempt.
    Pending,
    /// Pending and leased to a worker: an attempt is under way.
    InFlight,
    /// Delivered.
    Delivered,
    /// Given up.
    Failed,
}

impl DeliveryFilter {
    /// The filter with this name (`pending`, `in_flight`, `delivered`, `failed`).
    #[must_use]
    pub fn parse(s: &str) -> Option<DeliveryFilter> {
        s.parse().ok()
    }

    /// The stored status it selects, and whether it wants the leased rows
    /// (`Some(true)`), the others (`Some(false)`) or both (`None`).
    fn selects(self) -> (DeliveryStatus, Option<bool>) {
        match self {
            DeliveryFilter::Pending => (DeliveryStatus::Pending, Some(false)),
            DeliveryFilter::InFlight => (DeliveryStatus::Pending, Some(true)),
            DeliveryFilter::Delivered => (DeliveryStatus::Delivered, None),
            DeliveryFilter::Failed => (DeliveryStatus::Failed, None),
        }
    }
}

/// A delivery as listed: with the lease of the worker attempting it, if one is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedDelivery {
    /// The delivery. While it is in flight its `next_attempt_at` is the lease's end.
    pub delivery: Delivery,
    /// Until when a worker holds it for an attempt under way (at the listing's
    /// `now`); `None` when no attempt is under way.
    pub in_flight_until: Option<DateTime<Utc>>,
}

/// One event to one webhook, with its attempts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    /// Its id.
    pub id: DeliveryId,
    /// The webhook.
    pub webhook: WebhookId,
    /// The event's seq in the account's stream.
    pub event_seq: u64,
    /// The event's type (`move`, `your_turn`, ...).
    pub event_type: String,
    /// The JSON body sent.
    pub body: String,
    /// Where it stands.
    pub status: DeliveryStatus,
    /// Attempts made.
    pub attempts: u32,
    /// The HTTP status of the last attempt, when there was an answer.
    pub last_status: Option<u16>,
    /// What went wrong in the last failed attempt.
    pub last_error: Option<String>,
    /// When the next attempt is due (pending only).
    pub next_attempt_at: Option<DateTime<Utc>>,
    /// When the event was queued.
    pub created_at: DateTime<Utc>,
    /// When the receiver accepted it.
    pub delivered_at: Option<DateTime<Utc>>,
}

/// An event to queue for a webhook, due at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewDelivery {
    /// Its id.
    pub id: DeliveryId,
    /// The event's seq.
    pub event_seq: u64,
    /// The event's type.
    pub event_type: String,
    /// The JSON body to send.
    pub body: String,
    /// Now: when it is queued and first due.
    pub created_at: DateTime<Utc>,
}

/// A delivery claimed for an attempt, with what the attempt needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedDelivery {
    /// The delivery.
    pub delivery: Delivery,
    /// The webhook's URL.
    pub url: String,
    /// The webhook's secret.
    pub secret: String,
}

/// How an attempt ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Answered 2xx.
    Delivered {
        /// The status.
        status: u16,
    },
    /// Failed; try again at `next`, or never when `next` is `None`.
    Failed {
        /// The status, when there was an answer.
        status: Option<u16>,
        /// What went wrong.
        error: String,
        /// When to try again; `None` to give up.
        next: Option<DateTime<Utc>>,
    },
}

/// The webhook part of the storage.
#[async_trait]
pub trait WebhookStore: Send + Sync + 'static {
    /// Registers a webhook.
    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;

    /// The account's webhooks, oldest first.
    async fn webhooks(&self, account: AccountId) -> Result<Vec<Webhook>, StoreError>;

    /// Every webhook of every account (for queueing their events).
    async fn all_webhooks(&self) -> Result<Vec<Webhook>, StoreError>;

    /// One of the account's webhooks; `NotFound` for another's.
    async fn webhook(&self, account: AccountId, id: WebhookId) -> Result<Webhook, StoreError>;

    /// Deletes one of the account's webhooks and its deliveries; `NotFound` for
    /// another's.
    async fn delete_webhook(&self, account: AccountId, id: WebhookId) -> Result<(), StoreError>;

    /// Queues `deliveries` for `webhook` and moves its cursor up to `cursor`, in one
    /// transaction. An event already queued (by another instance) is skipped.
    async fn queue_deliveries(
        &self,
        webhook: WebhookId,
        cursor: u64,
        deliveries: &[NewDelivery],
    ) -> Result<(), StoreError>;

    /// Claims at most `limit` pending deliveries due by `now`, most overdue first, and
    /// leases them until `lease_until` (their next attempt time), so that no other
    /// worker takes them meanwhile. Of one webhook it claims only as many as keep
    /// the attempts in flight for it (leased, by any worker) at most `per_webhook`.
    async fn claim_deliveries(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
        per_webhook: u32,
    ) -> Result<Vec<ClaimedDelivery>, StoreError>;

    /// Records an attempt of a claimed delivery made at `at`.
    async fn record_attempt(
        &self,
        id: DeliveryId,
        attempt: &Attempt,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// A page of the webhook's deliveries, newest first, those `filter` selects
    /// when given; leases that have not ended by `now` are in flight.
    async fn deliveries(
        &self,
        webhook: WebhookId,
        filter: Option<DeliveryFilter>,
        page: Page<DeliveryId>,
        now: DateTime<Utc>,
    ) -> Result<Vec<ListedDelivery>, StoreError>;
}

/// A webhook row.
#[derive(sqlx::FromRow)]
struct WebhookRow {
    id: Uuid,
    account_id: Uuid,
    url: String,
    secret: String,
    cursor: i64,
    created_at: DateTime<Utc>,
}

impl WebhookRow {
    fn parse(self) -> Result<Webhook, StoreError> {
        Ok(Webhook {
            id: WebhookId(self.id),
            account: AccountId(self.account_id),
            url: self.url,
            secret: self.secret,
            cursor: u64::try_from(self.cursor)
                .map_err(|_| StoreError::Invalid(format!("corrupt cursor {}", self.cursor)))?,
            created_at: self.created_at,
        })
    }
}

/// The columns of [`DeliveryRow`], as a literal for `concat!` (SQL is literals only).
macro_rules! delivery_columns {
    () => {
        "id, webhook_id, event_seq, event_type, body, status, attempts, last_status, \
         last_error, next_attempt_at, created_at, delivered_at"
    };
}
pub(super) use delivery_columns;

/// The columns of [`WebhookRow`], as a literal for `concat!`.
macro_rules! webhook_columns {
    () => {
        "id, account_id, url, secret, cursor, created_at"
    };
}

/// A delivery row.
#[derive(sqlx::FromRow)]
pub(super) struct DeliveryRow {
    id: Uuid,
    webhook_id: Uuid,
    event_seq: i64,
    event_type: String,
    body: String,
    status: String,
    attempts: i32,
    last_status: Option<i32>,
    last_error: Option<String>,
    next_attempt_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    delivered_at: Option<DateTime<Utc>>,
}

impl DeliveryRow {
    pub(super) fn parse(self) -> Result<Delivery, StoreError> {
        let corrupt = |c: &str| StoreError::Invalid(format!("corrupt {c} column"));
        Ok(Delivery {
            id: DeliveryId(self.id),
            webhook: WebhookId(self.webhook_id),
            event_seq: u64::try_from(self.event_seq).map_err(|_| corrupt("event_seq"))?,
            event_type: self.event_type,
            body: self.body,
            status: DeliveryStatus::parse(&self.status).ok_or_else(|| {
                StoreError::Invalid(format!("corrupt status column: {:?}", self.status))
            })?,
            attempts: u32::try_from(self.attempts).map_err(|_| corrupt("attempts"))?,
            last_status: self
                .last_status
                .map(u16::try_from)
                .transpose()
                .map_err(|_| corrupt("last_status"))?,
            last_error: self.last_error,
            next_attempt_at: self.next_attempt_at,
            created_at: self.created_at,
            delivered_at: self.delivered_at,
        })
    }
}

/// A listed delivery row: the delivery and its lease, if one runs.
#[derive(sqlx::FromRow)]
struct ListedRow {
    #[sqlx(flatten)]
    delivery: DeliveryRow,
    in_flight_until: Option<DateTime<Utc>>,
}

/// A claimed delivery row: the delivery and its webhook's URL and secret.
#[derive(sqlx::FromRow)]
struct ClaimedRow {
    #[sqlx(flatten)]
    delivery: DeliveryRow,
    url: String,
    secret: String,
}

impl ClaimedRow {
    fn parse(self) -> Result<ClaimedDelivery, StoreError> {
        Ok(ClaimedDelivery {
            delivery: self.delivery.parse()?,
            url: self.url,
            secret: self.secret,
        })
    }
}

/// The columns an attempt writes (besides `attempts = attempts + 1`).
struct AttemptColumns {
    /// `status`.
    status: &'static str,
    /// `last_status`.
    http_status: Option<i32>,
    /// `last_error`.
    error: Option<String>,
    /// `next_attempt_at`.
    next: Option<DateTime<Utc>>,
    /// `delivered_at`.
    delivered: Option<DateTime<Utc>>,
}

/// The columns `attempt`, made at `at`, writes.
fn attempt_columns(attempt: &Attempt, at: DateTime<Utc>) -> AttemptColumns {
    match attempt {
        Attempt::Delivered { status } => AttemptColumns {
            status: DeliveryStatus::Delivered.as_str(),
            http_status: Some(i32::from(*status)),
            error: None,
            next: None,
            delivered: Some(at),
        },
        Attempt::Failed {
            status,
            error,
            next,
        } => AttemptColumns {
            status: if next.is_some() {
                DeliveryStatus::Pending.as_str()
            } else {
                DeliveryStatus::Failed.as_str()
            },
            http_status: status.map(i32::from),
            error: Some(error.clone()),
            next: *next,
            delivered: None,
        },
    }
}

/// The insertion of a webhook.
pub(super) const INSERT_WEBHOOK: &str = "INSERT INTO webhooks \
     (id, account_id, url, secret, cursor, created_at) VALUES ($1, $2, $3, $4, $5, $6)";

/// `i64` for a seq or cursor column.
pub(crate) fn seq(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// The statement claiming at most `$3` pending deliveries due by `$1`, most overdue
/// first, and of each webhook at most as many as keep its attempts in flight (leased
/// past `$1`) at `$4`; leased until `$2`, with their webhooks' URLs and secrets.
///
/// Two instances may choose the same row; the first update moves its
/// `next_attempt_at` past `$1`, and the second, re-checking that condition on the row
/// it waited for (Postgres re-reads an updated row under read committed; SQLite has
/// one writer), leaves it.
const CLAIM_DELIVERIES: &str = concat!(
    "UPDATE webhook_deliveries SET next_attempt_at = $2, leased_until = $2 \
     WHERE status = 'pending' AND next_attempt_at <= $1 AND id IN ( \
       SELECT id FROM ( \
         SELECT d.id, d.next_attempt_at, \
                ROW_NUMBER() OVER (PARTITION BY d.webhook_id \
                                   ORDER BY d.next_attempt_at, d.event_seq) AS n, \
                (SELECT count(*) FROM webhook_deliveries b \
                  WHERE b.webhook_id = d.webhook_id AND b.status = 'pending' \
                    AND b.leased_until > $1) AS busy \
         FROM webhook_deliveries d \
         WHERE d.status = 'pending' AND d.next_attempt_at <= $1) AS due \
       WHERE due.n + due.busy <= $4 \
       ORDER BY due.next_attempt_at LIMIT $3) \
     RETURNING ",
    delivery_columns!(),
    ", (SELECT w.url FROM webhooks w \
        WHERE w.id = webhook_deliveries.webhook_id) AS url, \
     (SELECT w.secret FROM webhooks w \
        WHERE w.id = webhook_deliveries.webhook_id) AS secret"
);

#[async_trait]
impl<B: Backend> WebhookStore for SqlStore<B> {
    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        sql(INSERT_WEBHOOK)
            .bind(webhook.id.0)
            .bind(webhook.account.0)
            .bind(webhook.url.as_str())
            .bind(webhook.secret.as_str())
            .bind(seq(webhook.cursor))
            .bind(micros(webhook.created_at))
            .execute(&mut self.conn().await?)
            .await
            .map(drop)
    }

    async fn webhooks(&self, account: AccountId) -> Result<Vec<Webhook>, StoreError> {
        let rows: Vec<WebhookRow> = sql(concat!(
            "SELECT ",
            webhook_columns!(),
            " FROM webhooks WHERE account_id = $1 ORDER BY created_at, id"
        ))
        .bind(account.0)
        .all(&mut self.conn().await?)
        .await?;
        rows.into_iter().map(WebhookRow::parse).collect()
    }

    async fn all_webhooks(&self) -> Result<Vec<Webhook>, StoreError> {
        read_webhooks(&mut self.conn().await?).await
    }

    async fn webhook(&self, account: AccountId, id: WebhookId) -> Result<Webhook, StoreError> {
        let row: WebhookRow = sql(concat!(
            "SELECT ",
            webhook_columns!(),
            " FROM webhooks WHERE id = $1 AND account_id = $2"
        ))
        .bind(id.0)
        .bind(account.0)
        .one(&mut self.conn().await?)
        .await?;
        row.parse()
    }

    async fn delete_webhook(&self, account: AccountId, id: WebhookId) -> Result<(), StoreError> {
        sql("DELETE FROM webhooks WHERE id = $1 AND account_id = $2")
            .bind(id.0)
            .bind(account.0)
            .execute_found(&mut self.conn().await?)
            .await
    }

    async fn queue_deliveries(
        &self,
        webhook: WebhookId,
        cursor: u64,
        deliveries: &[NewDelivery],
    ) -> Result<(), StoreError> {
        let deliveries = deliveries.to_vec();
        self.write(move |tx| {
            Box::pin(async move {
                for d in deliveries {
                    sql("INSERT INTO webhook_deliveries \
                         (id, webhook_id, event_seq, event_type, body, status, attempts, \
                          next_attempt_at, created_at) \
                         VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6) \
                         ON CONFLICT (webhook_id, event_seq) DO NOTHING")
                    .bind(d.id.0)
                    .bind(webhook.0)
                    .bind(seq(d.event_seq))
                    .bind(d.event_type)
                    .bind(d.body)
                    .bind(micros(d.created_at))
                    .execute(tx)
                    .await?;
                }
                sql("UPDATE webhooks SET cursor = $2 WHERE id = $1 AND cursor < $2")
                    .bind(webhook.0)
                    .bind(seq(cursor))
                    .execute(tx)
                    .await
                    .map(drop)
            })
        })
        .await
    }

    async fn claim_deliveries(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
        per_webhook: u32,
    ) -> Result<Vec<ClaimedDelivery>, StoreError> {
        self.detached(move |conn| {
            Box::pin(async move {
                let rows: Vec<ClaimedRow> = sql(CLAIM_DELIVERIES)
                    .bind(micros(now))
                    .bind(micros(lease_until))
                    .bind(i64::from(limit.clamp(1, 500)))
                    .bind(i64::from(per_webhook.max(1)))
                    .all(conn)
                    .await?;
                rows.into_iter().map(ClaimedRow::parse).collect()
            })
        })
        .await
    }

    async fn record_attempt(
        &self,
        id: DeliveryId,
        attempt: &Attempt,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let columns = attempt_columns(attempt, micros(at));
        self.detached(move |conn| {
            Box::pin(async move {
                sql(
                    "UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, \
                     last_status = $3, last_error = $4, next_attempt_at = $5, delivered_at = $6, \
                     leased_until = NULL \
                     WHERE id = $1",
                )
                .bind(id.0)
                .bind(columns.status)
                .bind(columns.http_status)
                .bind(columns.error)
                .bind(columns.next.map(micros))
                .bind(columns.delivered)
                .execute(conn)
                .await
                .map(drop)
            })
        })
        .await
    }

    async fn deliveries(
        &self,
        webhook: WebhookId,
        filter: Option<DeliveryFilter>,
        page: Page<DeliveryId>,
        now: DateTime<Utc>,
    ) -> Result<Vec<ListedDelivery>, StoreError> {
        let (status, leased) = match filter.map(DeliveryFilter::selects) {
            None => (None, None),
            Some((status, leased)) => (Some(status.as_str()), leased),
        };
        // 0: leased or not; 1: leased only; 2: not leased only.
        let lease_flag: i64 = match leased {
            None => 0,
            Some(true) => 1,
            Some(false) => 2,
        };
        let rows: Vec<ListedRow> = sql(concat!(
            "SELECT ",
            delivery_columns!(),
            ", CASE WHEN status = 'pending' AND leased_until > $3 THEN leased_until END \
               AS in_flight_until \
             FROM webhook_deliveries WHERE webhook_id = $1 \
               AND ($2 IS NULL OR status = $2) \
               AND ($4 = 0 \
                    OR ($4 = 1 AND leased_until IS NOT NULL AND leased_until > $3) \
                    OR ($4 = 2 AND (leased_until IS NULL OR leased_until <= $3))) \
               AND ($5 IS NULL OR (created_at, event_seq) < \
                    (SELECT b.created_at, b.event_seq FROM webhook_deliveries b \
                      WHERE b.id = $5 AND b.webhook_id = $1)) \
             ORDER BY created_at DESC, event_seq DESC LIMIT $6"
        ))
        .bind(webhook.0)
        .bind(status)
        .bind(micros(now))
        .bind(lease_flag)
        .bind(page.before.map(|id| id.0))
        .bind(row_limit(page.limit))
        .all(&mut self.conn().await?)
        .await?;
        rows.into_iter()
            .map(|row| {
                Ok(ListedDelivery {
                    delivery: row.delivery.parse()?,
                    in_flight_until: row.in_flight_until,
                })
            })
            .collect()
    }
}

/// Every webhook, oldest first, read on `conn` (an export's snapshot).
pub(super) async fn read_webhooks<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<Webhook>, StoreError> {
    let rows: Vec<WebhookRow> = sql(concat!(
        "SELECT ",
        webhook_columns!(),
        " FROM webhooks ORDER BY created_at, id"
    ))
    .all(conn)
    .await?;
    rows.into_iter().map(WebhookRow::parse).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delivery_statuses_read_back_their_names_and_nothing_else() {
        for (status, name) in [
            (DeliveryStatus::Pending, "pending"),
            (DeliveryStatus::Delivered, "delivered"),
            (DeliveryStatus::Failed, "failed"),
        ] {
            assert_eq!(status.as_str(), name);
            assert_eq!(DeliveryStatus::parse(name), Some(status));
        }
        assert_eq!(DeliveryStatus::parse("Pending"), None);
        assert_eq!(DeliveryStatus::parse(""), None);
    }

    #[test]
    fn delivery_filters_are_named_in_snake_case_and_nothing_else() {
        for (filter, name) in [
            (DeliveryFilter::Pending, "pending"),
            (DeliveryFilter::InFlight, "in_flight"),
            (DeliveryFilter::Delivered, "delivered"),
            (DeliveryFilter::Failed, "failed"),
        ] {
            assert_eq!(DeliveryFilter::parse(name), Some(filter));
        }
        for bad in ["InFlight", "inflight", "in-flight", "Pending", ""] {
            assert_eq!(DeliveryFilter::parse(bad), None, "{bad}");
        }
    }
}
