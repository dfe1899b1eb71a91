//! [`WebhookStore`] on Postgres: deliveries are claimed with `FOR UPDATE SKIP LOCKED`
//! and a lease, so several instances never attempt one delivery at once.

use async_trait::async_trait;
use chrono::{DateTime, Utc};

use super::PgStore;
use crate::domain::{AccountId, DeliveryId, WebhookId};
use crate::store::StoreError;
use crate::store::common::{detached, micros};
use crate::store::webhooks::{
    Attempt, ClaimedDelivery, ClaimedRow, Delivery, DeliveryRow, NewDelivery, Webhook, WebhookRow,
    WebhookStore, attempt_columns, delivery_columns, seq, webhook_columns,
};

#[async_trait]
impl WebhookStore for PgStore {
    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO webhooks (id, account_id, url, secret, cursor, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(webhook.id.0)
        .bind(webhook.account.0)
        .bind(&webhook.url)
        .bind(&webhook.secret)
        .bind(seq(webhook.cursor))
        .bind(micros(webhook.created_at))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn webhooks(&self, account: AccountId) -> Result<Vec<Webhook>, StoreError> {
        sqlx::query_as::<_, WebhookRow>(concat!(
            "SELECT ",
            webhook_columns!(),
            " FROM webhooks WHERE account_id = $1 ORDER BY created_at, id"
        ))
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(WebhookRow::parse)
        .collect()
    }

    async fn all_webhooks(&self) -> Result<Vec<Webhook>, StoreError> {
        sqlx::query_as::<_, WebhookRow>(concat!(
            "SELECT ",
            webhook_columns!(),
            " FROM webhooks ORDER BY created_at, id"
        ))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(WebhookRow::parse)
        .collect()
    }

    async fn webhook(&self, account: AccountId, id: WebhookId) -> Result<Webhook, StoreError> {
        sqlx::query_as::<_, WebhookRow>(concat!(
            "SELECT ",
            webhook_columns!(),
            " FROM webhooks WHERE id = $1 AND account_id = $2"
        ))
        .bind(id.0)
        .bind(account.0)
        .fetch_one(&self.pool)
        .await?
        .parse()
    }

    async fn delete_webhook(&self, account: AccountId, id: WebhookId) -> Result<(), StoreError> {
        let done = sqlx::query("DELETE FROM webhooks WHERE id = $1 AND account_id = $2")
            .bind(id.0)
            .bind(account.0)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    async fn queue_deliveries(
        &self,
        webhook: WebhookId,
        cursor: u64,
        deliveries: &[NewDelivery],
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let deliveries = deliveries.to_vec();
        detached(async move {
            let mut tx = pool.begin().await?;
            for d in &deliveries {
                sqlx::query(
                    "INSERT INTO webhook_deliveries \
                     (id, webhook_id, event_seq, event_type, body, status, attempts, next_attempt_at, created_at) \
                     VALUES ($1, $2, $3, $4, $5, 'pending', 0, $6, $6) \
                     ON CONFLICT (webhook_id, event_seq) DO NOTHING",
                )
                .bind(d.id.0)
                .bind(webhook.0)
                .bind(seq(d.event_seq))
                .bind(&d.event_type)
                .bind(&d.body)
                .bind(micros(d.created_at))
                .execute(&mut *tx)
                .await?;
            }
            sqlx::query("UPDATE webhooks SET cursor = $2 WHERE id = $1 AND cursor < $2")
                .bind(webhook.0)
                .bind(seq(cursor))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(())
        })
        .await
    }

    async fn claim_deliveries(
        &self,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<ClaimedDelivery>, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            sqlx::query_as::<_, ClaimedRow>(
                "UPDATE webhook_deliveries d SET next_attempt_at = $2 \
                 FROM webhooks w \
                 WHERE w.id = d.webhook_id AND d.id IN ( \
                     SELECT id FROM webhook_deliveries \
                     WHERE status = 'pending' AND next_attempt_at <= $1 \
                     ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED) \
                 RETURNING d.id, d.webhook_id, d.event_seq, d.event_type, d.body, d.status, \
                     d.attempts, d.last_status, d.last_error, d.next_attempt_at, d.created_at, \
                     d.delivered_at, w.url, w.secret",
            )
            .bind(micros(now))
            .bind(micros(lease_until))
            .bind(i64::from(limit.clamp(1, 500)))
            .fetch_all(&pool)
            .await?
            .into_iter()
            .map(ClaimedRow::parse)
            .collect()
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
        let pool = self.pool.clone();
        detached(async move {
            sqlx::query(
                "UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, \
                 last_status = $3, last_error = $4, next_attempt_at = $5, delivered_at = $6 \
                 WHERE id = $1",
            )
            .bind(id.0)
            .bind(columns.status)
            .bind(columns.http_status)
            .bind(columns.error)
            .bind(columns.next.map(micros))
            .bind(columns.delivered)
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    async fn deliveries(
        &self,
        webhook: WebhookId,
        limit: u32,
    ) -> Result<Vec<Delivery>, StoreError> {
        sqlx::query_as::<_, DeliveryRow>(concat!(
            "SELECT ",
            delivery_columns!(),
            " FROM webhook_deliveries WHERE webhook_id = $1 \
             ORDER BY created_at DESC, event_seq DESC LIMIT $2"
        ))
        .bind(webhook.0)
        .bind(i64::from(limit.clamp(1, 500)))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(DeliveryRow::parse)
        .collect()
    }
}
