//! Token revocations told to every instance on the database: [`Store::delete_token`]
//! notifies [`CHANNEL`] with the account's id in the statement that deletes, so the
//! notification goes out exactly when the deletion commits, and each instance's token
//! cache listens.
//!
//! Postgres delivers a notification to every session that was listening when the
//! sending transaction committed. A listener that loses its connection misses what
//! was sent until it listens again, so it says [`Revocation::Lost`] as soon as it
//! notices, and [`Revocation::Listening`] once it listens again; the cache forgets
//! everything in between. What it cannot notice is a connection that died without a
//! word (a network partition before TCP gives up): the cache's time to live bounds
//! that case.
//!
//! [`Store::delete_token`]: crate::store::Store::delete_token

use std::time::Duration;

use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use uuid::Uuid;

use crate::domain::AccountId;
use crate::store::{Revocation, RevocationWake, StoreError};

/// The channel of revocations; the payload is the account's id.
pub(super) const CHANNEL: &str = "seedpost_revocations";

/// How long the listener waits between attempts to connect again.
const RETRY: Duration = Duration::from_secs(1);

/// Listens on [`CHANNEL`], tells `wake` [`Revocation::Listening`], and hands it every
/// revocation from then on, in a task of its own that reconnects after a loss.
///
/// The listener has a small pool of its own, so that it takes no connection from the
/// store's requests.
pub(super) async fn listen(pool: &PgPool, wake: RevocationWake) -> Result<(), StoreError> {
    let own = PgPoolOptions::new()
        .max_connections(2)
        .min_connections(0)
        .acquire_timeout(Duration::from_secs(5))
        .connect_lazy_with(pool.connect_options().as_ref().clone());
    let listener = connect(&own).await?;
    if wake(Revocation::Listening) {
        tokio::spawn(run(own, listener, wake));
    }
    Ok(())
}

/// A listener listening on [`CHANNEL`].
async fn connect(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

/// Hands `wake` what `listener` hears until `wake` asks to stop.
async fn run(pool: PgPool, mut listener: PgListener, wake: RevocationWake) {
    loop {
        let told = match listener.try_recv().await {
            Ok(Some(notification)) => match notification.payload().parse::<Uuid>() {
                Ok(account) => wake(Revocation::Revoked(AccountId(account))),
                Err(_) => {
                    // Not ours: whatever it meant, forgetting everything is safe.
                    tracing::warn!(payload = notification.payload(), "bad revocation");
                    wake(Revocation::Lost) && wake(Revocation::Listening)
                }
            },
            // The connection dropped and `PgListener` has already listened again on a
            // new one; what was sent in between is lost.
            Ok(None) => {
                tracing::warn!("revocation listener reconnected");
                wake(Revocation::Lost) && wake(Revocation::Listening)
            }
            Err(e) => {
                tracing::warn!(error = %e, "revocation listener failed; reconnecting");
                if !wake(Revocation::Lost) {
                    return;
                }
                drop(listener);
                listener = loop {
                    tokio::time::sleep(RETRY).await;
                    match connect(&pool).await {
                        Ok(listener) => break listener,
                        Err(e) if wake(Revocation::Lost) => {
                            tracing::warn!(error = %e, "revocation listener cannot reconnect");
                        }
                        Err(_) => return,
                    }
                };
                wake(Revocation::Listening)
            }
        };
        if !told {
            return;
        }
    }
}
