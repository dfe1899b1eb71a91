//! The notifications' rows of `seedpost export` and `seedpost import`: read in the
//! export's snapshot, written in the import's transaction (see
//! [`crate::notifications::export`]).

use chrono::{DateTime, Utc};
use sqlx::Transaction;
use uuid::Uuid;

use super::calendar::{IMPORT_CALENDAR, IMPORT_DIGEST, read_calendars, read_digests};
use super::push::{
    SubscriptionRow, insert_notification_settings, insert_subscription, subscription_columns,
};
use crate::domain::AccountId;
use crate::notifications::export::{Notifications, ServerKey};
use crate::store::StoreError;
use crate::store::carried::Saved;
use crate::store::common::micros;
use crate::store::dialect::Backend;
use crate::store::sql::sql;

/// Every row the notifications carry, read on `tx` (the export's snapshot).
pub(in crate::notifications) async fn read<B: Backend>(
    tx: &mut Transaction<'static, B>,
) -> Result<Notifications, StoreError> {
    let settings: Vec<(Uuid, String, DateTime<Utc>)> = sql(
        "SELECT account_id, settings, updated_at FROM notification_settings \
         ORDER BY account_id",
    )
    .all(&mut *tx)
    .await?;
    let devices: Vec<SubscriptionRow> = sql(concat!(
        "SELECT ",
        subscription_columns!(),
        " FROM push_subscriptions ORDER BY created_at, id"
    ))
    .all(&mut *tx)
    .await?;
    let keys: Vec<(String, String, DateTime<Utc>)> =
        sql("SELECT name, value, created_at FROM server_keys ORDER BY name")
            .all(&mut *tx)
            .await?;
    Ok(Notifications {
        calendars: read_calendars(&mut *tx).await?,
        digests: read_digests(&mut *tx).await?,
        server_keys: keys
            .into_iter()
            .map(|(name, value, created_at)| ServerKey {
                name,
                value,
                created_at,
            })
            .collect(),
        settings: settings
            .into_iter()
            .map(|(account, text, updated_at)| {
                Ok(Saved {
                    account: AccountId(account),
                    value: serde_json::from_str(&text).map_err(|e| StoreError::Json(e.into()))?,
                    updated_at,
                })
            })
            .collect::<Result<_, StoreError>>()?,
        devices: devices
            .into_iter()
            .map(SubscriptionRow::parse)
            .collect::<Result<_, _>>()?,
    })
}

/// Writes every row of `data` on `tx` (the import's transaction, after the accounts
/// they name).
pub(in crate::notifications) async fn write<B: Backend>(
    tx: &mut Transaction<'static, B>,
    data: &Notifications,
) -> Result<(), StoreError> {
    for c in &data.calendars {
        sql(IMPORT_CALENDAR)
            .bind(c.account.0)
            .bind(c.hash.as_str())
            .bind(micros(c.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for d in &data.digests {
        sql(IMPORT_DIGEST)
            .bind(d.account.0)
            .bind(d.email.as_str())
            .bind(d.enabled)
            .bind(d.last_sent_on)
            .bind(micros(d.updated_at))
            .bind(d.verified_at.map(micros))
            .execute(&mut *tx)
            .await?;
    }
    for k in &data.server_keys {
        sql("INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3)")
            .bind(k.name.as_str())
            .bind(k.value.as_str())
            .bind(micros(k.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for s in &data.settings {
        insert_notification_settings(&mut *tx, s.account, &s.value, s.updated_at).await?;
    }
    for d in &data.devices {
        insert_subscription(&mut *tx, d).await?;
    }
    Ok(())
}
