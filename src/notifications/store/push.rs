//! Web Push storage: the server's keys, the push subscriptions of each account's
//! devices, and the messages queued for them. Served by every [`Store`],
//! written once for both backends. Messages are claimed with a
//! lease like webhook deliveries (Postgres: `FOR UPDATE SKIP LOCKED`), so several
//! instances never send one at once; a message is queued once per subscription and key.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::domain::{AccountId, PushMessageId, PushSubscriptionId};
use crate::notifications::entity::{NotificationSettings, PushSubscription};
use crate::store::Store;
use crate::store::StoreError;
use crate::store::common::{corrupt, micros, row_limit};
use crate::store::dialect::{Backend, locking};
use crate::store::sql::{AsConn, SqlStore, on_backend, sql};
use crate::store::webhooks::{Attempt, seq};

/// A push message to queue for a subscription, due at once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPushMessage {
    /// Its id.
    pub id: PushMessageId,
    /// What it announces, unique per subscription (`event:<seq>`, `test:<id>`, ...):
    /// a key already queued is not queued again.
    pub key: String,
    /// The JSON the service worker shows.
    pub payload: String,
    /// The RFC 8030 `Topic` (the game's id without dashes), if any.
    pub topic: Option<String>,
    /// Seconds the push service keeps it for an offline device.
    pub ttl: u32,
    /// The RFC 8030 `Urgency`: `very-low`, `low`, `normal` or `high`.
    pub urgency: &'static str,
    /// Now: when it is queued and first due.
    pub created_at: DateTime<Utc>,
}

/// A message claimed for an attempt, with its subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedPush {
    /// The message's id.
    pub id: PushMessageId,
    /// The JSON payload.
    pub payload: String,
    /// Its topic.
    pub topic: Option<String>,
    /// Its TTL in seconds.
    pub ttl: u32,
    /// Its urgency.
    pub urgency: String,
    /// Attempts made before this one.
    pub attempts: u32,
    /// When it was queued.
    pub created_at: DateTime<Utc>,
    /// The subscription it goes to.
    pub subscription: PushSubscriptionId,
    /// The subscription's endpoint.
    pub endpoint: String,
    /// The subscription's P-256 public key (base64url).
    pub p256dh: String,
    /// The subscription's auth secret (base64url).
    pub auth: String,
}

/// Queues `message` for `subscription` in the caller's transaction, unless its key is
/// queued for it already.
pub(super) async fn insert_push_message<B: Backend>(
    tx: &mut sqlx::Transaction<'static, B>,
    subscription: PushSubscriptionId,
    message: NewPushMessage,
) -> Result<(), StoreError> {
    sql("INSERT INTO push_messages \
         (id, subscription_id, key, payload, topic, ttl, urgency, status, \
          attempts, next_attempt_at, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', 0, $8, $8) \
         ON CONFLICT (subscription_id, key) DO NOTHING")
    .bind(message.id.0)
    .bind(subscription.0)
    .bind(message.key)
    .bind(message.payload)
    .bind(message.topic)
    .bind(i32::try_from(message.ttl).unwrap_or(i32::MAX))
    .bind(message.urgency)
    .bind(micros(message.created_at))
    .execute(tx)
    .await
    .map(drop)
}

/// The push part of the storage.
#[async_trait]
pub trait PushStore: Send + Sync + 'static {
    /// The server key named `name`: the one stored, or else `fresh`, stored now. Two
    /// instances starting at once get the same value.
    async fn server_key(
        &self,
        name: &str,
        fresh: &str,
        at: DateTime<Utc>,
    ) -> Result<String, StoreError>;

    /// Saves a subscription; one with the same endpoint (the same device, perhaps
    /// signed in to another account before) is replaced, in one transaction.
    async fn save_push_subscription(&self, sub: &PushSubscription) -> Result<(), StoreError>;

    /// The account's subscriptions, oldest first.
    async fn push_subscriptions(
        &self,
        account: AccountId,
    ) -> Result<Vec<PushSubscription>, StoreError>;

    /// Every subscription of every account (for queueing their events).
    async fn all_push_subscriptions(&self) -> Result<Vec<PushSubscription>, StoreError>;

    /// Deletes one of the account's subscriptions and its messages; `NotFound` for
    /// another's.
    async fn delete_push_subscription(
        &self,
        account: AccountId,
        id: PushSubscriptionId,
    ) -> Result<(), StoreError>;

    /// Queues `messages` for `subscription` and, when given, moves its cursor up to
    /// `cursor`, in one transaction. A key already queued is skipped.
    async fn queue_push(
        &self,
        subscription: PushSubscriptionId,
        cursor: Option<u64>,
        messages: &[NewPushMessage],
    ) -> Result<(), StoreError>;

    /// Claims at most `limit` pending messages due by `now`, most overdue first, leased
    /// until `lease_until`.
    async fn claim_push(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPush>, StoreError>;

    /// Records an attempt of a claimed message made at `at`; a delivered one marks
    /// its subscription's last success.
    async fn record_push_attempt(
        &self,
        id: PushMessageId,
        attempt: &Attempt,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Deletes a subscription the push service says is gone (404 or 410), with its
    /// messages.
    async fn drop_push_subscription(&self, id: PushSubscriptionId) -> Result<(), StoreError>;

    /// Deletes the delivered and failed messages queued before `before`; returns how
    /// many.
    async fn purge_push(&self, before: DateTime<Utc>) -> Result<u64, StoreError>;

    /// The account's notification settings (the defaults until it saves its own).
    async fn notification_settings(
        &self,
        account: AccountId,
    ) -> Result<NotificationSettings, StoreError>;

    /// Saves the account's notification settings.
    async fn set_notification_settings(
        &self,
        account: AccountId,
        settings: &NotificationSettings,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
}

/// The columns of [`SubscriptionRow`], as a literal for `concat!`.
macro_rules! subscription_columns {
    () => {
        "id, account_id, endpoint, p256dh, auth, label, cursor, created_at, last_success_at"
    };
}
pub(super) use subscription_columns;

/// A subscription row.
#[derive(sqlx::FromRow)]
pub(super) struct SubscriptionRow {
    id: Uuid,
    account_id: Uuid,
    endpoint: String,
    p256dh: String,
    auth: String,
    label: String,
    cursor: i64,
    created_at: DateTime<Utc>,
    last_success_at: Option<DateTime<Utc>>,
}

impl SubscriptionRow {
    pub(super) fn parse(self) -> Result<PushSubscription, StoreError> {
        Ok(PushSubscription {
            id: PushSubscriptionId(self.id),
            account: AccountId(self.account_id),
            endpoint: self.endpoint,
            p256dh: self.p256dh,
            auth: self.auth,
            label: self.label,
            cursor: u64::try_from(self.cursor).map_err(|_| corrupt("cursor", self.cursor))?,
            created_at: self.created_at,
            last_success_at: self.last_success_at,
        })
    }
}

/// A claimed message row with its subscription's endpoint and keys.
#[derive(sqlx::FromRow)]
struct ClaimedRow {
    id: Uuid,
    subscription_id: Uuid,
    payload: String,
    topic: Option<String>,
    ttl: i32,
    urgency: String,
    attempts: i32,
    created_at: DateTime<Utc>,
    endpoint: String,
    p256dh: String,
    auth: String,
}

impl ClaimedRow {
    fn parse(self) -> Result<ClaimedPush, StoreError> {
        Ok(ClaimedPush {
            id: PushMessageId(self.id),
            payload: self.payload,
            topic: self.topic,
            ttl: u32::try_from(self.ttl).map_err(|_| corrupt("ttl", self.ttl))?,
            urgency: self.urgency,
            attempts: u32::try_from(self.attempts)
                .map_err(|_| corrupt("attempts", self.attempts))?,
            created_at: self.created_at,
            subscription: PushSubscriptionId(self.subscription_id),
            endpoint: self.endpoint,
            p256dh: self.p256dh,
            auth: self.auth,
        })
    }
}

/// The statement claiming at most `$3` pending messages due by `$1`, most overdue
/// first, leased until `$2`, with their subscriptions' endpoints and keys; `$lock`
/// ends the choice of rows (see [`locking`]).
macro_rules! claim_push {
    ($lock:literal) => {
        concat!(
            "UPDATE push_messages SET next_attempt_at = $2 \
             WHERE id IN (SELECT id FROM push_messages \
                          WHERE status = 'pending' AND next_attempt_at <= $1 \
                          ORDER BY next_attempt_at LIMIT $3",
            $lock,
            ") RETURNING id, subscription_id, payload, topic, ttl, urgency, attempts, created_at, \
             (SELECT s.endpoint FROM push_subscriptions s \
                WHERE s.id = push_messages.subscription_id) AS endpoint, \
             (SELECT s.p256dh FROM push_subscriptions s \
                WHERE s.id = push_messages.subscription_id) AS p256dh, \
             (SELECT s.auth FROM push_subscriptions s \
                WHERE s.id = push_messages.subscription_id) AS auth"
        )
    };
}

#[async_trait]
impl<S: Store + ?Sized> PushStore for S {
    async fn server_key(
        &self,
        name: &str,
        fresh: &str,
        at: DateTime<Utc>,
    ) -> Result<String, StoreError> {
        on_backend!(self.sql(), s => server_key(s, name, fresh, at).await)
    }

    async fn save_push_subscription(&self, sub: &PushSubscription) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => save_push_subscription(s, sub).await)
    }

    async fn push_subscriptions(
        &self,
        account: AccountId,
    ) -> Result<Vec<PushSubscription>, StoreError> {
        on_backend!(self.sql(), s => push_subscriptions(s, account).await)
    }

    async fn all_push_subscriptions(&self) -> Result<Vec<PushSubscription>, StoreError> {
        on_backend!(self.sql(), s => all_push_subscriptions(s).await)
    }

    async fn delete_push_subscription(
        &self,
        account: AccountId,
        id: PushSubscriptionId,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => delete_push_subscription(s, account, id).await)
    }

    async fn queue_push(
        &self,
        subscription: PushSubscriptionId,
        cursor: Option<u64>,
        messages: &[NewPushMessage],
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => queue_push(s, subscription, cursor, messages).await)
    }

    async fn claim_push(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedPush>, StoreError> {
        on_backend!(self.sql(), s => claim_push(s, now, lease_until, limit).await)
    }

    async fn record_push_attempt(
        &self,
        id: PushMessageId,
        attempt: &Attempt,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => record_push_attempt(s, id, attempt, at).await)
    }

    async fn drop_push_subscription(&self, id: PushSubscriptionId) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => drop_push_subscription(s, id).await)
    }

    async fn purge_push(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        on_backend!(self.sql(), s => purge_push(s, before).await)
    }

    async fn notification_settings(
        &self,
        account: AccountId,
    ) -> Result<NotificationSettings, StoreError> {
        on_backend!(self.sql(), s => notification_settings(s, account).await)
    }

    async fn set_notification_settings(
        &self,
        account: AccountId,
        settings: &NotificationSettings,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => set_notification_settings(s, account, settings, at).await)
    }
}

async fn server_key<B: Backend>(
    store: &SqlStore<B>,
    name: &str,
    fresh: &str,
    at: DateTime<Utc>,
) -> Result<String, StoreError> {
    let (name, fresh) = (name.to_owned(), fresh.to_owned());
    store
        .write(move |tx| {
            Box::pin(async move {
                sql(
                    "INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (name) DO NOTHING",
                )
                .bind(name.as_str())
                .bind(fresh)
                .bind(micros(at))
                .execute(tx)
                .await?;
                sql("SELECT value FROM server_keys WHERE name = $1")
                    .bind(name)
                    .values::<String>(tx)
                    .await?
                    .pop()
                    .ok_or(StoreError::NotFound)
            })
        })
        .await
}

async fn save_push_subscription<B: Backend>(
    store: &SqlStore<B>,
    sub: &PushSubscription,
) -> Result<(), StoreError> {
    let sub = sub.clone();
    store
        .write(move |tx| {
            Box::pin(async move {
                sql("DELETE FROM push_subscriptions WHERE endpoint = $1")
                    .bind(sub.endpoint.as_str())
                    .execute(tx)
                    .await?;
                insert_subscription(tx, &sub).await
            })
        })
        .await
}

async fn push_subscriptions<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<PushSubscription>, StoreError> {
    let rows: Vec<SubscriptionRow> = sql(concat!(
        "SELECT ",
        subscription_columns!(),
        " FROM push_subscriptions WHERE account_id = $1 ORDER BY created_at, id"
    ))
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(SubscriptionRow::parse).collect()
}

async fn all_push_subscriptions<B: Backend>(
    store: &SqlStore<B>,
) -> Result<Vec<PushSubscription>, StoreError> {
    let rows: Vec<SubscriptionRow> = sql(concat!(
        "SELECT ",
        subscription_columns!(),
        " FROM push_subscriptions ORDER BY created_at, id"
    ))
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(SubscriptionRow::parse).collect()
}

async fn delete_push_subscription<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    id: PushSubscriptionId,
) -> Result<(), StoreError> {
    sql("DELETE FROM push_subscriptions WHERE id = $1 AND account_id = $2")
        .bind(id.0)
        .bind(account.0)
        .execute_found(&mut store.conn().await?)
        .await
}

async fn queue_push<B: Backend>(
    store: &SqlStore<B>,
    subscription: PushSubscriptionId,
    cursor: Option<u64>,
    messages: &[NewPushMessage],
) -> Result<(), StoreError> {
    let messages = messages.to_vec();
    store
        .write(move |tx| {
            Box::pin(async move {
                for m in messages {
                    insert_push_message(tx, subscription, m).await?;
                }
                if let Some(cursor) = cursor {
                    sql("UPDATE push_subscriptions SET cursor = $2 WHERE id = $1 AND cursor < $2")
                        .bind(subscription.0)
                        .bind(seq(cursor))
                        .execute(tx)
                        .await?;
                }
                Ok(())
            })
        })
        .await
}

async fn claim_push<B: Backend>(
    store: &SqlStore<B>,
    now: DateTime<Utc>,
    lease_until: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<ClaimedPush>, StoreError> {
    store
        .detached(move |conn| {
            Box::pin(async move {
                let rows: Vec<ClaimedRow> = sql(locking::<B>(
                    claim_push!(" FOR UPDATE SKIP LOCKED"),
                    claim_push!(""),
                ))
                .bind(micros(now))
                .bind(micros(lease_until))
                .bind(row_limit(limit.clamp(1, 500)))
                .all(conn)
                .await?;
                rows.into_iter().map(ClaimedRow::parse).collect()
            })
        })
        .await
}

async fn record_push_attempt<B: Backend>(
    store: &SqlStore<B>,
    id: PushMessageId,
    attempt: &Attempt,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let (status, http_status, error, next) = match attempt {
        Attempt::Delivered { status } => ("delivered", Some(i32::from(*status)), None, None),
        Attempt::Failed {
            status,
            error,
            next,
        } => (
            if next.is_some() { "pending" } else { "failed" },
            status.map(i32::from),
            Some(error.clone()),
            next.map(micros),
        ),
    };
    let delivered = matches!(attempt, Attempt::Delivered { .. });
    store
        .write(move |tx| {
            Box::pin(async move {
                sql(
                    "UPDATE push_messages SET status = $2, attempts = attempts + 1, \
                 last_status = $3, last_error = $4, next_attempt_at = $5 WHERE id = $1",
                )
                .bind(id.0)
                .bind(status)
                .bind(http_status)
                .bind(error)
                .bind(next)
                .execute(tx)
                .await?;
                if delivered {
                    sql(
                        "UPDATE push_subscriptions SET last_success_at = $2 WHERE id = \
                     (SELECT subscription_id FROM push_messages WHERE id = $1)",
                    )
                    .bind(id.0)
                    .bind(micros(at))
                    .execute(tx)
                    .await?;
                }
                Ok(())
            })
        })
        .await
}

async fn drop_push_subscription<B: Backend>(
    store: &SqlStore<B>,
    id: PushSubscriptionId,
) -> Result<(), StoreError> {
    sql("DELETE FROM push_subscriptions WHERE id = $1")
        .bind(id.0)
        .execute(&mut store.conn().await?)
        .await
        .map(drop)
}

async fn purge_push<B: Backend>(
    store: &SqlStore<B>,
    before: DateTime<Utc>,
) -> Result<u64, StoreError> {
    store
        .delete_before(
            "DELETE FROM push_messages WHERE status <> 'pending' AND created_at < $1",
            before,
        )
        .await
}

async fn notification_settings<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<NotificationSettings, StoreError> {
    let stored: Option<(String,)> =
        sql("SELECT settings FROM notification_settings WHERE account_id = $1")
            .bind(account.0)
            .optional(&mut store.conn().await?)
            .await?;
    match stored {
        None => Ok(NotificationSettings::default()),
        Some((text,)) => serde_json::from_str(&text).map_err(|e| StoreError::Json(e.into())),
    }
}

async fn set_notification_settings<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
    settings: &NotificationSettings,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    insert_notification_settings(&mut store.conn().await?, account, settings, at).await
}

/// Writes a push subscription as it is, on `conn`: a browser's new device and the
/// import alike.
pub(super) async fn insert_subscription<B: Backend>(
    conn: &mut impl AsConn<B>,
    sub: &PushSubscription,
) -> Result<(), StoreError> {
    sql(concat!(
        "INSERT INTO push_subscriptions (",
        subscription_columns!(),
        ") VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
    ))
    .bind(sub.id.0)
    .bind(sub.account.0)
    .bind(sub.endpoint.as_str())
    .bind(sub.p256dh.as_str())
    .bind(sub.auth.as_str())
    .bind(sub.label.as_str())
    .bind(seq(sub.cursor))
    .bind(micros(sub.created_at))
    .bind(sub.last_success_at.map(micros))
    .execute(conn)
    .await
    .map(drop)
}

/// Saves `settings` as the account's notification settings (replacing any), on
/// `conn`: the settings page and the import alike.
pub(super) async fn insert_notification_settings<B: Backend>(
    conn: &mut impl AsConn<B>,
    account: AccountId,
    settings: &NotificationSettings,
    at: DateTime<Utc>,
) -> Result<(), StoreError> {
    let text = serde_json::to_string(settings).map_err(|e| StoreError::Json(e.into()))?;
    sql(
        "INSERT INTO notification_settings (account_id, settings, updated_at) \
         VALUES ($1, $2, $3) ON CONFLICT (account_id) \
         DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
    )
    .bind(account.0)
    .bind(text)
    .bind(micros(at))
    .execute(conn)
    .await
    .map(drop)
}
