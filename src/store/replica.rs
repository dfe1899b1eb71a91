//! Reads that may be a moment old, served by a streaming replica of the primary
//! (`--read-database-url`, docs/operations.md, "A read replica").
//!
//! One place decides where a read goes: [`Reads::run`]. A read goes to the replica
//! only when all of these hold, and to the primary otherwise:
//!
//! - the code that reads says it may be a moment old, by reading through
//!   [`Reads::run`] (spectators' game pages and JSON, lists, standings, players'
//!   pages, tournaments, the games file and the games of an account's export);
//!   every other read, and every write, uses the primary;
//! - the request being served allows it ([`ReadScope::stale_ok`]): the HTTP layer
//!   allows it for `GET` and `HEAD` requests that are not streams, so that a read in
//!   a request that writes (a read that decides a write) is always the primary's, and
//!   so is every read of a background loop or of a stream woken by the primary's
//!   notices (outside any request's scope);
//! - the replica is up and has replayed the primary's log to within the lag bound;
//! - the replica has replayed at least the position the request must see
//!   ([`ReadScope::after`]): the primary's log position after the client's last
//!   write (read your writes).
//!
//! A read the replica fails is read again on the primary, and the replica is taken
//! for down until its next good poll: a replica that stops fails no request.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::future::Future;
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use sqlx::postgres::{PgPool, PgPoolOptions};

use super::postgres::PgStore;
use super::{AnySql, Store, StoreError};

/// How often the replica's replay position and the primary's log position are read.
pub const POLL: Duration = Duration::from_millis(500);

/// A poll older than this is no news: the replica is taken for down.
const POLL_STALE: Duration = Duration::from_secs(3);

/// How long a poll, or a connection to the replica, may take.
const POLL_TIMEOUT: Duration = Duration::from_secs(2);

/// How long a client's read position is kept by this instance (see [`Reads::pin`]).
pub const PIN_TTL: Duration = Duration::from_secs(300);

/// A position in the primary's write-ahead log (a Postgres LSN).
///
/// It reads and writes as Postgres writes it (`16/B374D848`) and, for cookies and
/// headers, as 16 hex digits ([`Lsn::to_hex`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Lsn(pub u64);

/// An LSN that does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a log position (`16/B374D848` or 16 hex digits)")]
pub struct ParseLsnError;

impl Lsn {
    /// As 16 hex digits, the form of the `seedpost_lsn` cookie and `Seedpost-Lsn`
    /// header.
    #[must_use]
    pub fn to_hex(self) -> String {
        format!("{:016X}", self.0)
    }
}

impl FromStr for Lsn {
    type Err = ParseLsnError;

    /// Postgres' `hi/lo` form, or 16 hex digits.
    fn from_str(text: &str) -> Result<Lsn, ParseLsnError> {
        let hex = |t: &str| {
            (!t.is_empty() && t.len() <= 16 && t.bytes().all(|b| b.is_ascii_hexdigit()))
                .then(|| u64::from_str_radix(t, 16).ok())
                .flatten()
                .ok_or(ParseLsnError)
        };
        match text.split_once('/') {
            Some((hi, lo)) if hi.len() <= 8 && lo.len() <= 8 => {
                Ok(Lsn((hex(hi)? << 32) | hex(lo)?))
            }
            Some(_) => Err(ParseLsnError),
            None if text.len() == 16 => Ok(Lsn(hex(text)?)),
            None => Err(ParseLsnError),
        }
    }
}

impl fmt::Display for Lsn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:X}/{:X}", self.0 >> 32, self.0 & 0xFFFF_FFFF)
    }
}

/// What the request being served allows its reads; set by the HTTP layer around
/// each request ([`scoped`]). Outside any scope (background loops, the bodies of
/// streams, tasks spawned by a handler) every read is the primary's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReadScope {
    /// Reads that may be a moment old may go to the replica.
    pub stale_ok: bool,
    /// The replica serves only once it has replayed this position: the primary's
    /// after the client's last write.
    pub after: Option<Lsn>,
}

tokio::task_local! {
    static SCOPE: ReadScope;
}

/// Runs `work` with its reads allowed what `scope` allows.
pub async fn scoped<F: Future>(scope: ReadScope, work: F) -> F::Output {
    SCOPE.scope(scope, work).await
}

impl ReadScope {
    /// The scope of the request being served (outside any, every read the
    /// primary's): for work a handler leaves to run after it returns, such as a body
    /// streamed page by page, which runs again in it by [`scoped`].
    #[must_use]
    pub fn current() -> ReadScope {
        SCOPE.try_with(|s| *s).unwrap_or_default()
    }
}

/// Where reads go: the primary, and a replica if one is configured. Cheap to clone.
#[derive(Clone)]
pub struct Reads {
    primary: Arc<dyn Store>,
    replica: Option<Arc<Replica>>,
}

impl fmt::Debug for Reads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reads")
            .field("replica", &self.replica.is_some())
            .finish_non_exhaustive()
    }
}

/// A streaming replica and what this instance knows of it.
struct Replica {
    /// The store on the replica, for reads only.
    store: Arc<dyn Store>,
    /// The replica's pool, for the polls.
    pool: PgPool,
    /// The primary's pool, for its log position.
    primary: PgPool,
    /// Past this lag, reads go to the primary.
    max_lag: Duration,
    health: Mutex<Health>,
    /// Clients' read positions by a key of their credential (see [`Reads::pin`]).
    pins: Mutex<HashMap<u64, (Lsn, Instant)>>,
    /// Reads that could have gone to the replica, by where they went.
    to_replica: AtomicU64,
    to_primary: AtomicU64,
    /// Reads the replica failed (read again on the primary).
    failed: AtomicU64,
}

/// The replica's state as of the last poll.
#[derive(Default)]
struct Health {
    /// When the last poll succeeded.
    polled: Option<Instant>,
    /// The replica's replay position then.
    replayed: Lsn,
    /// Since when the replica has been missing some of the primary's log: the time of
    /// the last sample of the primary's position that it had replayed; `None` when
    /// it had replayed all of the latest.
    behind_since: Option<Instant>,
    /// The primary's log positions polled, oldest first, with when: the lag is told
    /// by the latest one the replica has replayed.
    samples: VecDeque<(Lsn, Instant)>,
    /// Why the last poll or read failed, while the replica is taken for down.
    down: Option<String>,
}

/// The replica's state, as `/readyz` and `/metrics` tell it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplicaStatus {
    /// `streaming` (serving reads), `lagging` (beyond the bound: reads go to the
    /// primary) or `down` (unreachable or not a replica: reads go to the primary).
    pub state: &'static str,
    /// How far behind the primary it is, in seconds; `None` when down.
    pub lag_seconds: Option<f64>,
    /// The bound past which reads go to the primary, in seconds.
    pub max_lag_seconds: f64,
    /// Why it is down.
    pub reason: Option<String>,
    /// Reads that could have gone to the replica and did.
    pub reads_replica: u64,
    /// Reads that could have gone to the replica and went to the primary (replica
    /// down or lagging, a client reading its own writes, a failed replica read).
    pub reads_primary: u64,
    /// Reads the replica failed, read again on the primary.
    pub reads_failed: u64,
}

impl Reads {
    /// Every read on `primary`.
    #[must_use]
    pub fn primary(primary: Arc<dyn Store>) -> Reads {
        Reads {
            primary,
            replica: None,
        }
    }

    /// Reads that may be a moment old on the replica at `url` (a pool of at most
    /// `pool_size` connections, opened as needed: a replica down at start is polled
    /// until it answers), when within `max_lag` of `primary`; the rest on `primary`.
    /// Starts polling the replica every [`POLL`], for as long as these `Reads` (or a
    /// clone) live.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] when `primary` is not on Postgres or `url` is not a
    /// Postgres URL.
    pub fn with_replica(
        primary: Arc<dyn Store>,
        url: &str,
        pool_size: u32,
        max_lag: Duration,
    ) -> Result<Reads, StoreError> {
        let AnySql::Postgres(on_primary) = primary.sql() else {
            return Err(StoreError::Invalid(
                "a read replica needs a Postgres primary".to_owned(),
            ));
        };
        if !super::is_postgres(url) {
            return Err(StoreError::Invalid(
                "the read database must be a postgres:// URL".to_owned(),
            ));
        }
        let pool = PgPoolOptions::new()
            .max_connections(pool_size.max(1))
            .acquire_timeout(POLL_TIMEOUT)
            .connect_lazy(url)
            .map_err(|e| StoreError::Invalid(format!("the read database URL: {e}")))?;
        let replica = Arc::new(Replica {
            store: Arc::new(PgStore::over(pool.clone())),
            primary: on_primary.pool.clone(),
            pool,
            max_lag,
            health: Mutex::default(),
            pins: Mutex::default(),
            to_replica: AtomicU64::new(0),
            to_primary: AtomicU64::new(0),
            failed: AtomicU64::new(0),
        });
        tokio::spawn(poll_forever(Arc::downgrade(&replica)));
        Ok(Reads {
            primary,
            replica: Some(replica),
        })
    }

    /// Whether a replica is configured.
    #[must_use]
    pub fn has_replica(&self) -> bool {
        self.replica.is_some()
    }

    /// Runs `read` on the replica when the request being served and the replica's
    /// state allow (see the module's documentation), on the primary otherwise; a read
    /// the replica fails (or finds nothing for: a row too new for it) runs again on
    /// the primary.
    ///
    /// # Errors
    /// The primary's error, or the replica's when it is the answer.
    pub async fn run<'s, T, F, Fut>(&'s self, read: F) -> Result<T, StoreError>
    where
        F: Fn(&'s dyn Store) -> Fut,
        Fut: Future<Output = Result<T, StoreError>>,
    {
        let Some(replica) = &self.replica else {
            return read(self.primary.as_ref()).await;
        };
        let scope = ReadScope::current();
        if !scope.stale_ok {
            return read(self.primary.as_ref()).await;
        }
        if !replica.usable(scope.after) {
            replica.to_primary.fetch_add(1, Ordering::Relaxed);
            return read(self.primary.as_ref()).await;
        }
        match read(replica.store.as_ref()).await {
            Ok(value) => {
                replica.to_replica.fetch_add(1, Ordering::Relaxed);
                Ok(value)
            }
            Err(e) => {
                if !matches!(e, StoreError::NotFound) {
                    replica.failed.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(error = %chain(&e), "a replica read failed; reading the primary");
                    replica.fail(&e);
                }
                replica.to_primary.fetch_add(1, Ordering::Relaxed);
                read(self.primary.as_ref()).await
            }
        }
    }

    /// The primary's log position now, which covers every write committed so far:
    /// what a client that has just written must see (`None` without a replica, when
    /// no position is needed).
    ///
    /// # Errors
    /// When the primary cannot be asked.
    pub async fn written(&self) -> Result<Option<Lsn>, StoreError> {
        let Some(replica) = &self.replica else {
            return Ok(None);
        };
        Ok(Some(log_position(&replica.primary).await?))
    }

    /// Keeps `lsn` as the position the client with credential `key` must see, for
    /// [`PIN_TTL`]: a client that keeps no cookie and sends no `Seedpost-Lsn` header
    /// reads its writes on this instance.
    pub fn pin(&self, key: u64, lsn: Lsn) {
        let Some(replica) = &self.replica else {
            return;
        };
        let mut pins = replica.pins.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        if pins.len() >= 100_000 {
            pins.retain(|_, (_, at)| now.duration_since(*at) < PIN_TTL);
        }
        let pin = pins.entry(key).or_insert((lsn, now));
        *pin = (pin.0.max(lsn), now);
    }

    /// The position the client with credential `key` must see, kept by [`Reads::pin`].
    #[must_use]
    pub fn pinned(&self, key: u64) -> Option<Lsn> {
        let replica = self.replica.as_ref()?;
        let pins = replica.pins.lock().unwrap_or_else(PoisonError::into_inner);
        pins.get(&key)
            .filter(|(_, at)| at.elapsed() < PIN_TTL)
            .map(|(lsn, _)| *lsn)
    }

    /// The replica's state, `None` without a replica.
    #[must_use]
    pub fn status(&self) -> Option<ReplicaStatus> {
        let replica = self.replica.as_ref()?;
        let health = replica
            .health
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let down = health.down_reason();
        let lag = health.lag();
        let state = if down.is_some() {
            "down"
        } else if lag > replica.max_lag {
            "lagging"
        } else {
            "streaming"
        };
        Some(ReplicaStatus {
            state,
            lag_seconds: down.is_none().then_some(lag.as_secs_f64()),
            max_lag_seconds: replica.max_lag.as_secs_f64(),
            reason: down,
            reads_replica: replica.to_replica.load(Ordering::Relaxed),
            reads_primary: replica.to_primary.load(Ordering::Relaxed),
            reads_failed: replica.failed.load(Ordering::Relaxed),
        })
    }
}

impl Health {
    /// Why the replica is taken for down, if it is.
    fn down_reason(&self) -> Option<String> {
        if let Some(why) = &self.down {
            return Some(why.clone());
        }
        match self.polled {
            None => Some("not polled yet".to_owned()),
            Some(at) if at.elapsed() > POLL_STALE => Some("no answer to the last polls".to_owned()),
            Some(_) => None,
        }
    }

    /// How far behind the primary the replica is now.
    fn lag(&self) -> Duration {
        self.behind_since.map_or(Duration::ZERO, |at| at.elapsed())
    }

    /// Records a good poll: the primary was at `primary` when the replica had replayed
    /// `replayed`.
    fn polled(&mut self, primary: Lsn, replayed: Lsn, at: Instant) {
        self.polled = Some(at);
        self.replayed = replayed;
        self.down = None;
        if self.samples.back().is_none_or(|(lsn, _)| *lsn < primary) {
            self.samples.push_back((primary, at));
        }
        // Keep the latest sample the replica has replayed as the first.
        while self.samples.len() >= 2 && self.samples[1].0 <= replayed {
            self.samples.pop_front();
        }
        while self.samples.len() > 10_000 {
            self.samples.pop_front();
        }
        self.behind_since = match self.samples.front() {
            Some(&(lsn, _)) if replayed >= primary => {
                // Caught up: nothing older to keep but this position.
                self.samples.clear();
                self.samples.push_back((lsn.max(primary), at));
                None
            }
            // The replica has everything written before this sample's time.
            Some(&(lsn, since)) if lsn <= replayed => Some(since),
            // It has not even the oldest sample: at least that old.
            Some(&(_, since)) => Some(since),
            None => None,
        };
    }
}

impl Replica {
    /// Whether a read that must see `after` may go to the replica now.
    fn usable(&self, after: Option<Lsn>) -> bool {
        let health = self.health.lock().unwrap_or_else(PoisonError::into_inner);
        health.down_reason().is_none()
            && health.lag() <= self.max_lag
            && after.is_none_or(|lsn| health.replayed >= lsn)
    }

    /// Takes the replica for down until its next good poll, after `e`.
    fn fail(&self, e: &StoreError) {
        let mut health = self.health.lock().unwrap_or_else(PoisonError::into_inner);
        health.down = Some(chain(e));
    }
}

/// `e` and the errors beneath it, as one line (the store is beneath `crate::error`,
/// whose `Chain` does the same for the layers above).
fn chain(e: &dyn std::error::Error) -> String {
    let mut line = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        line.push_str(": ");
        line.push_str(&cause.to_string());
        source = cause.source();
    }
    line
}

/// The primary's log position now.
async fn log_position(pool: &PgPool) -> Result<Lsn, StoreError> {
    let text: String = sqlx::query_scalar("SELECT pg_current_wal_lsn()::text")
        .fetch_one(pool)
        .await?;
    text.parse()
        .map_err(|_| StoreError::Invalid(format!("bad log position {text:?}")))
}

/// The replica's replay position; an error when it is not a replica.
async fn replay_position(pool: &PgPool) -> Result<Lsn, StoreError> {
    let text: Option<String> = sqlx::query_scalar("SELECT pg_last_wal_replay_lsn()::text")
        .fetch_one(pool)
        .await?;
    let text = text.ok_or_else(|| {
        StoreError::Invalid("the read database is not a streaming replica".to_owned())
    })?;
    text.parse()
        .map_err(|_| StoreError::Invalid(format!("bad log position {text:?}")))
}

/// Polls the replica every [`POLL`] until its [`Replica`] is dropped.
async fn poll_forever(replica: Weak<Replica>) {
    let mut was_down = false;
    loop {
        let Some(replica) = replica.upgrade() else {
            return;
        };
        let at = Instant::now();
        // The primary's position first: the replica's, read after, tells how much of
        // the log written before `at` it has.
        let polled = tokio::time::timeout(POLL_TIMEOUT, async {
            let primary = log_position(&replica.primary).await?;
            let replayed = replay_position(&replica.pool).await?;
            Ok::<_, StoreError>((primary, replayed))
        })
        .await
        .unwrap_or_else(|_| Err(StoreError::Invalid("the poll timed out".to_owned())));
        {
            let mut health = replica
                .health
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            match polled {
                Ok((primary, replayed)) => {
                    if was_down {
                        tracing::info!("the read replica answers again");
                    }
                    was_down = false;
                    health.polled(primary, replayed, at);
                }
                Err(e) => {
                    let why = chain(&e);
                    if !was_down {
                        tracing::warn!(error = %why, "the read replica is down: reads go to the primary");
                    }
                    was_down = true;
                    health.down = Some(why);
                }
            }
        }
        drop(replica);
        tokio::time::sleep(POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_positions_read_in_both_forms() {
        let lsn: Lsn = "16/B374D848".parse().expect("an LSN");
        assert_eq!(lsn, Lsn(0x16_B374_D848));
        assert_eq!(lsn.to_string(), "16/B374D848");
        assert_eq!(lsn.to_hex().parse::<Lsn>(), Ok(lsn));
        for bad in [
            "",
            "/",
            "16/",
            "x/1",
            "123",
            "1/123456789",
            "0000000000000000x",
        ] {
            assert_eq!(bad.parse::<Lsn>(), Err(ParseLsnError), "{bad:?}");
        }
    }

    #[test]
    fn the_lag_is_the_age_of_the_newest_position_the_replica_has() {
        let mut health = Health::default();
        let t0 = Instant::now();
        health.polled(Lsn(100), Lsn(100), t0);
        assert_eq!(health.behind_since, None, "caught up");
        let t1 = t0 + Duration::from_secs(1);
        health.polled(Lsn(200), Lsn(100), t1);
        assert_eq!(health.behind_since, Some(t0), "has all of t0, not t1");
        let t2 = t1 + Duration::from_secs(1);
        health.polled(Lsn(300), Lsn(250), t2);
        assert_eq!(health.behind_since, Some(t1), "has t1's position, not t2's");
        let t3 = t2 + Duration::from_secs(1);
        health.polled(Lsn(300), Lsn(300), t3);
        assert_eq!(health.behind_since, None, "caught up again");
    }
}
