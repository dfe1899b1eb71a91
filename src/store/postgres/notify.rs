//! Tells this process's listeners of the events it commits, and the other instances on
//! the database which accounts have new events (`NOTIFY` after the commit); hears
//! theirs (`LISTEN`) for this process's listeners.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool};

use crate::domain::AccountId;
use crate::store::sql::Listeners;
use crate::store::{Event, Notice};

/// The channel on which a transaction that wrote events notifies, with the account
/// id and the writing store's origin as payload (`<account> <origin>`).
const EVENTS_CHANNEL: &str = "seedpost_events";

/// How long to wait before connecting the listener again after a failure.
const RETRY: Duration = Duration::from_secs(1);

/// Hands every notification of the other instances on [`EVENTS_CHANNEL`] to
/// `listeners`, until none is left.
///
/// `PgListener` reconnects by itself after a lost connection; notifications sent
/// meanwhile are lost, so the listeners are then told [`Notice::Missed`] and read the
/// table.
async fn listen_forever(pool: PgPool, listeners: Listeners, origin: uuid::Uuid) {
    let mut listener = loop {
        let connected = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen(EVENTS_CHANNEL).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        match connected.await {
            Ok(listener) => break listener,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for other instances' events; retrying");
                if !listeners.tell(&[Notice::Missed]) {
                    return;
                }
                tokio::time::sleep(RETRY).await;
            }
        }
    };
    // What was committed elsewhere before the first `LISTEN` went unheard.
    if !listeners.tell(&[Notice::Missed]) {
        return;
    }
    loop {
        let notice = match listener.try_recv().await {
            Ok(Some(notification)) => {
                let (account, from) = notification
                    .payload()
                    .split_once(' ')
                    .unwrap_or((notification.payload(), ""));
                if from == origin.to_string() {
                    continue;
                }
                match account.parse::<uuid::Uuid>() {
                    Ok(account) => Notice::Elsewhere(AccountId(account)),
                    Err(_) => {
                        tracing::warn!(payload = notification.payload(), "bad event notification");
                        Notice::Missed
                    }
                }
            }
            Ok(None) => {
                tracing::warn!("event listener reconnecting");
                Notice::Missed
            }
            Err(e) => {
                tracing::warn!(error = %e, "event listener failed; retrying");
                tokio::time::sleep(RETRY).await;
                Notice::Missed
            }
        };
        if !listeners.tell(&[notice]) {
            return;
        }
    }
}

/// Tells this process's listeners of committed events at once, and the other
/// instances' listeners which accounts have new events.
///
/// A `NOTIFY` inside a writing transaction would hold Postgres' global notification
/// lock through that transaction's commit and its WAL flush, so all such commits would
/// queue one behind the other (measured: 270 against 2,500 moves per second with
/// pgbench). Instead one task per store sends the notifications in batches, in short
/// transactions of their own that write nothing. Should this process die between a
/// commit and its notification, the other instances' streams find the events at their
/// next keep-alive, which reads the table.
#[derive(Clone)]
pub(super) struct Notifier {
    /// This store's id in its notifications, so that its listener skips its own (this
    /// process told its listeners already).
    origin: uuid::Uuid,
    accounts: tokio::sync::mpsc::UnboundedSender<uuid::Uuid>,
    listeners: Listeners,
    /// Whether the `LISTEN` task has been started.
    listening: Arc<AtomicBool>,
}

impl Notifier {
    /// How many notifications one statement sends at most.
    const BATCH: usize = 256;

    pub(super) fn start(pool: PgPool, listeners: Listeners) -> Notifier {
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
        Notifier {
            origin,
            accounts,
            listeners,
            listening: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Tells this process's listeners of `events`, just committed (grouped by
    /// account, as the store writes them), and queues the notifications of the other
    /// instances.
    pub(super) fn send(&self, events: &[Event]) {
        self.listeners.committed(events);
        for group in events.chunk_by(|a, b| a.account == b.account) {
            // The task ends only with the last store clone, which owns this sender.
            let _ = self.accounts.send(group[0].account.0);
        }
    }

    /// Starts hearing the other instances for this process's listeners, once.
    pub(super) fn listen(&self, pool: PgPool) {
        if !self.listening.swap(true, Ordering::SeqCst) {
            let (listeners, origin) = (self.listeners.clone(), self.origin);
            let listening = Arc::clone(&self.listening);
            tokio::spawn(async move {
                listen_forever(pool, listeners, origin).await;
                listening.store(false, Ordering::SeqCst);
            });
        }
    }
}
