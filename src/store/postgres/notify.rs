//! Tells the other instances on the database which accounts have new events
//! (`NOTIFY` after the commit), and hears theirs (`LISTEN`).

use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool};

use crate::domain::AccountId;
use crate::store::{Event, EventWake};

/// The channel on which a transaction that wrote events notifies, with the account
/// id and the writing store's origin as payload (`<account> <origin>`).
pub(super) const EVENTS_CHANNEL: &str = "seedpost_events";

/// Hands every notification on [`EVENTS_CHANNEL`] to `wake`, until it asks to stop.
///
/// `PgListener` reconnects by itself after a lost connection; notifications sent
/// meanwhile are lost, so `wake(None)` then asks every stream to read the table.
pub(super) async fn listen_forever(mut listener: PgListener, wake: EventWake, origin: uuid::Uuid) {
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => {
                let (account, from) = notification
                    .payload()
                    .split_once(' ')
                    .unwrap_or((notification.payload(), ""));
                if from == origin.to_string() {
                    continue;
                }
                let account = account.parse::<uuid::Uuid>().ok().map(AccountId);
                if account.is_none() {
                    tracing::warn!(payload = notification.payload(), "bad event notification");
                }
                if !wake(account) {
                    return;
                }
            }
            Ok(None) => {
                tracing::warn!("event listener reconnecting");
                if !wake(None) {
                    return;
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "event listener failed; retrying");
                if !wake(None) {
                    return;
                }
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Tells the other instances' listeners which accounts have new events, after the
/// transactions that wrote them committed.
///
/// A `NOTIFY` inside a writing transaction would hold Postgres' global notification
/// lock through that transaction's commit and its WAL flush, so all such commits would
/// queue one behind the other (measured: 270 against 2,500 moves per second with
/// pgbench). Instead one task per store sends the notifications in batches, in short
/// transactions of their own that write nothing. Should this process die between a
/// commit and its notification, the other instances' streams find the events at their
/// next keep-alive, which reads the table.
#[derive(Debug, Clone)]
pub(super) struct Notifier {
    /// This store's id in its notifications, so that its listener skips its own (this
    /// process woke its streams already).
    pub(super) origin: uuid::Uuid,
    accounts: tokio::sync::mpsc::UnboundedSender<uuid::Uuid>,
}

impl Notifier {
    /// How many notifications one statement sends at most.
    const BATCH: usize = 256;

    pub(super) fn start(pool: PgPool) -> Notifier {
        let origin = uuid::Uuid::new_v4();
        let (accounts, mut queued) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(async move {
            let mut batch = Vec::with_capacity(Notifier::BATCH);
            while queued.recv_many(&mut batch, Notifier::BATCH).await > 0 {
                batch.sort_unstable();
                batch.dedup();
                let payloads: Vec<String> =
                    batch.drain(..).map(|a| format!("{a} {origin}")).collect();
                let sent = sqlx::query("SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p")
                    .bind(EVENTS_CHANNEL)
                    .bind(&payloads)
                    .execute(&pool)
                    .await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "event notifications not sent");
                }
            }
        });
        Notifier { origin, accounts }
    }

    /// Queues notifications for the accounts of committed events (grouped by account,
    /// as the store writes them).
    pub(super) fn send(&self, events: &[Event]) {
        for group in events.chunk_by(|a, b| a.account == b.account) {
            // The task ends only with the last store clone, which owns this sender.
            let _ = self.accounts.send(group[0].account.0);
        }
    }
}
