//! The one SQL store: [`SqlStore`], generic over the database ([`Backend`]), and the
//! few pieces its statements are written with.
//!
//! sqlx states what a value needs to be bound or read as bounds on the value's type
//! for the database in hand (`Uuid: Encode<'q, DB> + Type<DB>`), and Rust does not
//! carry such bounds from a trait to the code generic over it: written against `DB:
//! sqlx::Database`, every function would repeat twenty of them. Here the values say
//! once that both databases take them ([`Param`]) and read them ([`Record`]); each
//! backend binds and reads through them ([`Backend::add`], [`Backend::decode`]), and
//! a `Statement` is written once for both.

use std::fmt::Debug;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{DateTime, Utc};
use sqlx::error::BoxDynError;
use sqlx::pool::PoolConnection;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Encode, FromRow, Pool, Postgres, Sqlite, Transaction, Type};

use super::batch::Batcher;
use super::common::{GameRow, TokenAccountRow, micros};
use super::dialect::Backend;
use super::{Event, EventWake, Notice, StoreError};

/// A value both databases take as a statement's parameter.
pub trait Param:
    for<'q> Encode<'q, Postgres> + Type<Postgres> + for<'q> Encode<'q, Sqlite> + Type<Sqlite> + Send
{
}

impl<T> Param for T where
    T: for<'q> Encode<'q, Postgres>
        + Type<Postgres>
        + for<'q> Encode<'q, Sqlite>
        + Type<Sqlite>
        + Send
{
}

/// A row both databases read: a `#[derive(sqlx::FromRow)]` struct, or a tuple.
pub trait Record:
    for<'r> FromRow<'r, PgRow> + for<'r> FromRow<'r, SqliteRow> + Send + Unpin
{
}

impl<T> Record for T where
    T: for<'r> FromRow<'r, PgRow> + for<'r> FromRow<'r, SqliteRow> + Send + Unpin
{
}

/// A connection a statement runs on: a transaction, or one taken from the pool.
pub(crate) trait AsConn<B: Backend>: Send {
    /// The connection.
    fn conn(&mut self) -> &mut B::Connection;
}

impl<B: Backend> AsConn<B> for Transaction<'static, B> {
    fn conn(&mut self) -> &mut B::Connection {
        self
    }
}

impl<B: Backend> AsConn<B> for PoolConnection<B> {
    fn conn(&mut self) -> &mut B::Connection {
        self
    }
}

impl AsConn<Postgres> for sqlx::PgConnection {
    fn conn(&mut self) -> &mut sqlx::PgConnection {
        self
    }
}

impl AsConn<Sqlite> for sqlx::SqliteConnection {
    fn conn(&mut self) -> &mut sqlx::SqliteConnection {
        self
    }
}

/// One SQL statement (a literal, `$1`-numbered parameters) with its parameters.
pub(crate) struct Statement<B: Backend> {
    sql: &'static str,
    args: B::Arguments,
    /// The first parameter that could not be encoded: the statement then fails.
    error: Option<BoxDynError>,
}

/// The statement `sql`, to bind parameters to.
pub(crate) fn sql<B: Backend>(sql: &'static str) -> Statement<B> {
    Statement {
        sql,
        args: B::Arguments::default(),
        error: None,
    }
}

impl<B: Backend> Statement<B> {
    /// Binds `value` to the next parameter.
    pub(crate) fn bind(mut self, value: impl Param) -> Self {
        let added = B::add(&mut self.args, value);
        self.keep(added)
    }

    /// Binds `ids` to the next parameter, as the backend takes a list of keys (see
    /// [`Backend::add_ids`]).
    pub(crate) fn bind_ids(mut self, ids: &[uuid::Uuid]) -> Self {
        let added = B::add_ids(&mut self.args, ids);
        self.keep(added)
    }

    /// Binds `keys` to the next parameter, as the backend takes a list of keys.
    pub(crate) fn bind_keys(mut self, keys: &[String]) -> Self {
        let added = B::add_keys(&mut self.args, keys);
        self.keep(added)
    }

    fn keep(mut self, added: Result<(), BoxDynError>) -> Self {
        if let Err(e) = added {
            self.error.get_or_insert(e);
        }
        self
    }

    fn query(self) -> Result<sqlx::query::Query<'static, B, B::Arguments>, sqlx::Error> {
        match self.error {
            Some(e) => Err(sqlx::Error::Encode(e)),
            None => Ok(sqlx::query_with(self.sql, self.args)),
        }
    }

    /// Runs it; returns how many rows it changed.
    pub(crate) async fn execute(self, conn: &mut impl AsConn<B>) -> Result<u64, StoreError> {
        let done = self.query()?.execute(B::on(conn.conn())).await?;
        Ok(B::rows_affected(&done))
    }

    /// Runs a write that must touch a row (a delete of one the account owns, say):
    /// `NotFound` when it touched none.
    pub(crate) async fn execute_found(self, conn: &mut impl AsConn<B>) -> Result<(), StoreError> {
        match self.execute(conn).await? {
            0 => Err(StoreError::NotFound),
            _ => Ok(()),
        }
    }

    /// Every row it returns.
    pub(crate) async fn all<O: Record>(
        self,
        conn: &mut impl AsConn<B>,
    ) -> Result<Vec<O>, StoreError> {
        let rows = self.query()?.fetch_all(B::on(conn.conn())).await?;
        Ok(rows.iter().map(B::decode).collect::<Result<_, _>>()?)
    }

    /// The one row it returns.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it returns none.
    pub(crate) async fn one<O: Record>(self, conn: &mut impl AsConn<B>) -> Result<O, StoreError> {
        let row = self.query()?.fetch_one(B::on(conn.conn())).await?;
        Ok(B::decode(&row)?)
    }

    /// The row it returns, if any.
    pub(crate) async fn optional<O: Record>(
        self,
        conn: &mut impl AsConn<B>,
    ) -> Result<Option<O>, StoreError> {
        let row = self.query()?.fetch_optional(B::on(conn.conn())).await?;
        Ok(row.as_ref().map(B::decode).transpose()?)
    }

    /// The first column of every row it returns.
    pub(crate) async fn values<T>(self, conn: &mut impl AsConn<B>) -> Result<Vec<T>, StoreError>
    where
        (T,): Record,
    {
        let rows: Vec<(T,)> = self.all(conn).await?;
        Ok(rows.into_iter().map(|(value,)| value).collect())
    }
}

/// The store on a database of backend `B`: its pool, the batched reads of its hot
/// rows, and what the backend keeps beside them (see [`Backend::Own`]).
pub struct SqlStore<B: Backend> {
    pub(super) pool: Pool<B>,
    /// Game rows by id, concurrent reads batched (see [`super::batch`]).
    pub(crate) games: Batcher<uuid::Uuid, GameRow>,
    /// Token rows with their accounts by the token's hash, batched likewise.
    pub(super) tokens: Batcher<String, TokenAccountRow>,
    /// This process's listeners to committed events (see [`Backend::announce`]).
    pub(super) listeners: Listeners,
    pub(super) own: B::Own,
}

impl<B: Backend> Clone for SqlStore<B> {
    fn clone(&self) -> Self {
        SqlStore {
            pool: self.pool.clone(),
            games: self.games.clone(),
            tokens: self.tokens.clone(),
            listeners: self.listeners.clone(),
            own: self.own.clone(),
        }
    }
}

impl<B: Backend> Debug for SqlStore<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqlStore")
            .field("pool", &self.pool)
            .finish_non_exhaustive()
    }
}

impl<B: Backend> SqlStore<B> {
    /// Connects to the database at `url` with a pool of at most `pool_size`
    /// connections, and applies the migrations.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when the database cannot be reached or opened; an
    /// error for a bad URL or a failed migration.
    pub async fn connect(url: &str, pool_size: u32) -> Result<Self, StoreError> {
        let store = SqlStore::over(B::connect(url, pool_size.max(1)).await?);
        store.migrate().await?;
        Ok(store)
    }

    /// The store over `pool`, as it is: no migration is applied (a read replica's
    /// pool, which cannot be written).
    pub(crate) fn over(pool: Pool<B>) -> Self {
        let listeners = Listeners::default();
        SqlStore {
            games: game_batcher(pool.clone()),
            tokens: token_batcher(pool.clone()),
            own: B::own(&pool, &listeners),
            listeners,
            pool,
        }
    }

    /// Applies the migrations of the backend not yet applied.
    ///
    /// # Errors
    /// When the database cannot be reached or a migration fails.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        B::migrate(&self.pool)
            .await
            .map_err(super::common::migrate_error)
    }

    /// Closes the pool's connections, waiting for those in use.
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// A connection from the pool, for reads.
    pub(crate) async fn conn(&self) -> Result<PoolConnection<B>, StoreError> {
        Ok(self.pool.acquire().await?)
    }

    /// Runs `work` on a connection from the pool, on a task of its own (see
    /// [`super::common::detached`]): a write of one statement.
    pub(crate) async fn detached<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut PoolConnection<B>) -> WriteFuture<'c, T> + Send + 'static,
    {
        let pool = self.pool.clone();
        super::common::detached(async move { work(&mut pool.acquire().await?).await }).await
    }

    /// Runs `statement`, a `DELETE` of old rows with one parameter `$1`, the time
    /// `before` which they go, on a task of its own; returns how many went.
    pub(crate) async fn delete_before(
        &self,
        statement: &'static str,
        before: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        self.detached(move |conn| {
            Box::pin(async move { sql(statement).bind(micros(before)).execute(conn).await })
        })
        .await
    }

    /// Runs `work` on a write transaction (see [`Backend::BEGIN_WRITE`]) on a task of
    /// its own (see [`super::common::detached`]): commits it when `work` succeeds,
    /// rolls it back otherwise. A transaction the database failed to break a deadlock
    /// runs again, from the start, on a copy of `work` (see [`SqlStore::write_events`]).
    pub(crate) async fn write<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Transaction<'static, B>) -> WriteFuture<'t, T>
            + Clone
            + Send
            + 'static,
    {
        let (value, _) = self
            .write_events(move |tx| Box::pin(async move { Ok((work(tx).await?, Vec::new())) }))
            .await?;
        Ok(value)
    }

    /// [`SqlStore::write`] for a `work` that stores events and returns them with its
    /// value: once committed, they are announced (see [`Backend::announce`]).
    ///
    /// The one place where a write transaction is retried: when the database broke a
    /// deadlock by failing it ([`Backend::deadlocked`]), it changed nothing, and it
    /// runs again from the start on a fresh copy of `work`, up to
    /// [`WRITE_ATTEMPTS`] times in all. Every writer takes account rows in id order
    /// (see `core::lock_accounts`), but Postgres can still find a cycle through the
    /// locks it queues on a row's older version: a statement that locks a row and
    /// then updates it (the batched moves) may wait behind a transaction waiting for
    /// it.
    ///
    /// A write whose caller stopped waiting before it committed (the request timed
    /// out, the client left) is rolled back instead ([`StoreError::Abandoned`]): a
    /// `503 timeout` means nothing was done, unless the commit was already under way.
    pub(crate) async fn write_events<T, F>(&self, work: F) -> Result<(T, Vec<Event>), StoreError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Transaction<'static, B>) -> WriteFuture<'t, (T, Vec<Event>)>
            + Clone
            + Send
            + 'static,
    {
        let store = self.clone();
        let gone = tokio_util::sync::CancellationToken::new();
        // Cancels `gone` when this future is dropped: the caller stopped waiting.
        let _caller = gone.clone().drop_guard();
        super::common::detached(async move {
            let mut attempt = 1;
            loop {
                let mut tx = store.pool.begin_with(B::BEGIN_WRITE).await?;
                let outcome = match work.clone()(&mut tx).await {
                    Ok(_) if gone.is_cancelled() => Err(StoreError::Abandoned),
                    outcome => outcome,
                };
                match super::common::finish(tx, outcome).await {
                    Ok((value, events)) => {
                        B::announce(&store, &events);
                        return Ok((value, events));
                    }
                    Err(e) if attempt < WRITE_ATTEMPTS && B::deadlocked(&e) => {
                        tracing::debug!(attempt, "a write lost a deadlock; running it again");
                        attempt += 1;
                    }
                    Err(e) => return Err(e),
                }
            }
        })
        .await
    }
}

/// How many times a write transaction runs, at most, when the database keeps failing
/// it to break deadlocks (see [`SqlStore::write_events`]).
pub(super) const WRITE_ATTEMPTS: u32 = 4;

/// The listeners of this process to committed events (see
/// [`Store::listen_events`](super::Store::listen_events)).
#[derive(Clone, Default)]
pub struct Listeners(Arc<Mutex<Vec<EventWake>>>);

impl Listeners {
    /// Adds `wake`, until it returns `false`.
    pub(super) fn add(&self, wake: EventWake) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(wake);
    }

    /// Tells every listener of `events`, just committed by this process: one notice
    /// per account.
    pub(super) fn committed(&self, events: &[Event]) {
        let notices: Vec<Notice> = events
            .chunk_by(|a, b| a.account == b.account)
            .map(|group| Notice::Committed(Arc::from(group)))
            .collect();
        self.tell(&notices);
    }

    /// Tells every listener `notices`, and forgets those that stop; returns whether
    /// any listener is left.
    pub(super) fn tell(&self, notices: &[Notice]) -> bool {
        let mut wakes = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if !notices.is_empty() {
            wakes.retain(|wake| notices.iter().all(|notice| wake(notice.clone())));
        }
        !wakes.is_empty()
    }
}

/// The future of a write's work on its transaction.
pub(crate) type WriteFuture<'t, T> =
    std::pin::Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 't>>;

/// The batched read of game rows.
fn game_batcher<B: Backend>(pool: Pool<B>) -> Batcher<uuid::Uuid, GameRow> {
    use super::batch::{BATCH_KEYS, BATCHES_RUNNING};
    Batcher::new(BATCHES_RUNNING, BATCH_KEYS, move |ids: Vec<uuid::Uuid>| {
        let pool = pool.clone();
        async move {
            let rows: Vec<GameRow> = sql(B::GAMES_BY_ID)
                .bind_ids(&ids)
                .all(&mut pool.acquire().await?)
                .await?;
            Ok(rows.into_iter().map(|row| (row.id(), row)).collect())
        }
    })
}

/// The batched read of tokens with their accounts.
fn token_batcher<B: Backend>(pool: Pool<B>) -> Batcher<String, TokenAccountRow> {
    use super::batch::{BATCH_KEYS, BATCHES_RUNNING};
    Batcher::new(BATCHES_RUNNING, BATCH_KEYS, move |hashes: Vec<String>| {
        let pool = pool.clone();
        async move {
            let rows: Vec<super::common::HashedTokenRow> = sql(B::TOKENS_BY_HASH)
                .bind_keys(&hashes)
                .all(&mut pool.acquire().await?)
                .await?;
            Ok(rows.into_iter().map(|r| (r.hash, r.row)).collect())
        }
    })
}

/// Runs `$body` with `$s` bound to the [`SqlStore`] of `$store`'s backend (an
/// [`AnySql`](super::AnySql)): how a feature's SQL, written once for any
/// [`Backend`], runs on the store it is given.
macro_rules! on_backend {
    ($store:expr, $s:ident => $body:expr) => {
        match $store {
            $crate::store::AnySql::Postgres($s) => $body,
            $crate::store::AnySql::Sqlite($s) => $body,
        }
    };
}
pub(crate) use on_backend;
