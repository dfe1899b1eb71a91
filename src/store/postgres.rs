//! What only Postgres does, each in one place: moves batched into shared statements
//! (`appends`), the notices that cross instances (`notify`: `NOTIFY` after each
//! commit, one `LISTEN` per store), the rate limits the instances share (`rates`),
//! and the events of a write inserted with arrays, one statement per account.
//!
//! Everything else about the store on Postgres is the one [`SqlStore`], with the
//! differences named in [`super::dialect`].

use chrono::{DateTime, Utc};
use sqlx::postgres::PgPool;
use sqlx::{Postgres, Transaction};

use super::batch::Batches;
use super::common::AccountEvents;
use super::core::{Append, GAME_EXISTS, append_alone, missed};
use super::sql::{Listeners, SqlStore};
use super::{Event, EventWake, StoreError};

mod appends;
mod notify;
pub(super) mod rates;

/// The store on a Postgres database, for servers with many players.
pub type PgStore = SqlStore<Postgres>;

/// What the store keeps beside its pool on Postgres: the notifier of this process's
/// listeners and the other instances, and the batches of moves.
#[derive(Clone)]
pub struct PgOwn {
    notifier: notify::Notifier,
    /// Moves that leave their games going, concurrent ones batched (see [`appends`]).
    appends: Batches<Append, appends::Answer>,
}

impl PgOwn {
    /// Starts the notifier (of `listeners` and the other instances) and the batches
    /// of moves on `pool`.
    pub(super) fn start(pool: &PgPool, listeners: &Listeners) -> PgOwn {
        let notifier = notify::Notifier::start(pool.clone(), listeners.clone());
        PgOwn {
            appends: appends::append_batches(pool.clone(), notifier.clone()),
            notifier,
        }
    }

    /// Tells this process's listeners and the other instances of `events`, just
    /// committed.
    pub(super) fn announce(&self, events: &[Event]) {
        self.notifier.send(events);
    }
}

/// Writes events in the caller's transaction: one statement per account, in account
/// order (so that two writers lock account rows in the same order), that takes the
/// seqs and inserts the events. The row lock taken by the seq update orders the
/// writers of one account: commit order is seq order.
pub(super) async fn insert_events(
    tx: &mut Transaction<'static, Postgres>,
    groups: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    let mut stored = Vec::new();
    for group in groups {
        let kinds: Vec<&str> = group.events.iter().map(|(kind, _, _)| *kind).collect();
        let payloads: Vec<&str> = group.events.iter().map(|(_, p, _)| p.as_str()).collect();
        let times: Vec<DateTime<Utc>> = group.events.iter().map(|(_, _, at)| *at).collect();
        let last: i64 = sqlx::query_scalar(
            "WITH taken AS ( \
                 UPDATE accounts SET event_seq = event_seq + $2 WHERE id = $1 \
                 RETURNING event_seq \
             ), inserted AS ( \
                 INSERT INTO events (account_id, seq, kind, payload, created_at) \
                 SELECT $1, taken.event_seq - $2 + e.n, e.kind, e.payload, e.at \
                 FROM taken, unnest($3::text[], $4::text[], $5::timestamptz[]) \
                      WITH ORDINALITY AS e(kind, payload, at, n) \
             ) \
             SELECT event_seq FROM taken",
        )
        .bind(group.account)
        .bind(group.len())
        .bind(&kinds)
        .bind(&payloads)
        .bind(&times)
        .fetch_one(&mut **tx)
        .await?;
        stored.extend(group.stored(last)?);
    }
    Ok(stored)
}

/// Appends a move: batched with the concurrent moves of other games when it leaves its
/// game going (see [`appends`]); alone otherwise, since a move that ends the game may
/// rate it in the same transaction, the rating rows locked after the game row, as when
/// a game ends otherwise (resign, timeout); and alone when it plays or prunes a
/// player's conditional lines, which it rewrites in its transaction.
pub(super) async fn append_moves(
    store: &PgStore,
    append: Append,
) -> Result<Vec<Event>, StoreError> {
    if append.state.status != "ongoing" || append.plan.is_some() {
        return append_alone(store, append).await;
    }
    let id = append.id;
    match store.own.appends.run(append).await?? {
        Some(stored) => Ok(stored),
        None => Err(missed(&mut store.conn().await?, GAME_EXISTS, id.0).await),
    }
}

/// Adds `wake` to this process's listeners, and starts hearing the other instances'
/// notifications for them if it has not yet (see
/// [`Store::listen_events`](super::Store::listen_events)).
pub(super) fn listen(store: &PgStore, wake: EventWake) {
    store.listeners.add(wake);
    store.own.notifier.listen(store.pool.clone());
}
