//! Batching of concurrent requests into shared statements. Point reads: requests
//! that look up rows by key at the same time share one query (`WHERE key = ANY($1)` on
//! Postgres, `WHERE key IN (SELECT … FROM json_each($1))` on SQLite), so that a busy
//! server pays one round trip (on SQLite, one hand-over to the connection's thread)
//! and one statement for many reads instead of one each ([`Batcher`]). Writes: the
//! same queue under any statement that answers each of its requests ([`Batches`];
//! Postgres batches moves with it, see `postgres/appends.rs`).
//!
//! Nothing is delayed on purpose and nothing is cached: a request joins the queue, and
//! a batch starts at once when fewer than `max_running` batches are running; otherwise
//! the next batch to start takes every request queued meanwhile. Alone, a request runs
//! at once as a batch of one; under load, batches grow by themselves. Every lookup is
//! answered by a query that started after it was made, so it sees every write committed
//! before it was made, as an unbatched read would.
//!
//! Batches run in tasks of their own: a request dropped half-way (its client gone)
//! cannot cancel a statement that other requests wait for, nor leave one half done.
//! (The `dataloader` crate, the usual answer for reads, runs one batch at a time,
//! delays each by a number of yields, and runs it inside whichever caller polls it.)

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

use super::StoreError;

/// Batched reads of one kind running at once, at most. Fewer, larger batches serve
/// more reads (`GET /api/v1/games/{id}` by the load tool's `reads` scenario on
/// Postgres, 64 clients: 1 or 2 running served 9,500–15,000 a second, 4 about
/// 6,400–9,500, 8 about 4,200, one query a read 3,500–5,600, on a noisy machine); two
/// keep one slow query from holding up every read.
pub(super) const BATCHES_RUNNING: usize = 2;

/// Keys in one batched read, at most.
pub(super) const BATCH_KEYS: usize = 64;

/// What a waiting lookup is sent: the row, if there is one.
type Answer<V> = Result<Option<V>, StoreError>;

/// The statement of one batch: the answer to each request, in the requests' order.
type Run<Q, A> = Box<
    dyn Fn(Vec<Q>) -> Pin<Box<dyn Future<Output = Result<Vec<A>, StoreError>> + Send>>
        + Send
        + Sync,
>;

/// Batches concurrent lookups of `V` by `K` into queries of many keys.
pub(crate) struct Batcher<K, V> {
    batches: Batches<K, Option<V>>,
}

impl<K, V> Clone for Batcher<K, V> {
    fn clone(&self) -> Self {
        Batcher {
            batches: self.batches.clone(),
        }
    }
}

impl<K, V> std::fmt::Debug for Batcher<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batcher")
            .field("batches", &self.batches)
            .finish()
    }
}

impl<K, V> Batcher<K, V>
where
    K: Eq + Hash + Clone + Send + 'static,
    V: Clone + Send + 'static,
{
    /// A batcher running at most `max_running` batches at once, each of at most
    /// `max_batch` keys, with `load` as the query of one batch: every key's row that
    /// exists, in any order. A key asked for twice in a batch is queried once.
    pub(super) fn new<F, Fut>(max_running: usize, max_batch: usize, load: F) -> Self
    where
        F: Fn(Vec<K>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<(K, V)>, StoreError>> + Send + 'static,
    {
        Batcher {
            batches: Batches::new(max_running, max_batch, move |asked: Vec<K>| {
                let mut keys = asked.clone();
                let mut seen = std::collections::HashSet::with_capacity(keys.len());
                keys.retain(|k| seen.insert(k.clone()));
                let rows = load(keys);
                async move {
                    let rows: HashMap<K, V> = rows.await?.into_iter().collect();
                    Ok(asked.iter().map(|k| rows.get(k).cloned()).collect())
                }
            }),
        }
    }

    /// The row of `key`, or `None` when there is none.
    ///
    /// # Errors
    /// The batch query's error.
    pub(crate) async fn get(&self, key: K) -> Answer<V> {
        self.batches.run(key).await
    }
}

/// Batches concurrent requests of type `Q` into statements of many requests, each
/// request answered with an `A`.
pub(super) struct Batches<Q, A> {
    inner: Arc<Inner<Q, A>>,
}

impl<Q, A> Clone for Batches<Q, A> {
    fn clone(&self) -> Self {
        Batches {
            inner: self.inner.clone(),
        }
    }
}

impl<Q, A> std::fmt::Debug for Batches<Q, A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batches")
            .field("max_running", &self.inner.max_running)
            .field("max_batch", &self.inner.max_batch)
            .finish_non_exhaustive()
    }
}

struct Inner<Q, A> {
    queue: Mutex<Queue<Q, A>>,
    run: Run<Q, A>,
    max_running: usize,
    max_batch: usize,
}

/// A queued request and where its answer goes.
type Waiting<Q, A> = (Q, oneshot::Sender<Result<A, StoreError>>);

struct Queue<Q, A> {
    waiting: Vec<Waiting<Q, A>>,
    running: usize,
}

impl<Q, A> Batches<Q, A>
where
    Q: Send + 'static,
    A: Send + 'static,
{
    /// Batches running at most `max_running` at once, each of at most `max_batch`
    /// requests, with `run` as the statement of one batch: it answers each request, in
    /// the order given.
    pub(super) fn new<F, Fut>(max_running: usize, max_batch: usize, run: F) -> Self
    where
        F: Fn(Vec<Q>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Vec<A>, StoreError>> + Send + 'static,
    {
        Batches {
            inner: Arc::new(Inner {
                queue: Mutex::new(Queue {
                    waiting: Vec::new(),
                    running: 0,
                }),
                run: Box::new(move |requests| Box::pin(run(requests))),
                max_running: max_running.max(1),
                max_batch: max_batch.max(1),
            }),
        }
    }

    /// The answer to `request`, from the batch it joins.
    ///
    /// # Errors
    /// The batch statement's error.
    pub(super) async fn run(&self, request: Q) -> Result<A, StoreError> {
        let (sender, answer) = oneshot::channel();
        let start = {
            let mut queue = self.inner.lock();
            queue.waiting.push((request, sender));
            let start = queue.running < self.inner.max_running;
            if start {
                queue.running += 1;
            }
            start
        };
        if start {
            tokio::spawn(run(self.inner.clone()));
        }
        answer.await.map_err(StoreError::task)?
    }
}

impl<Q, A> Inner<Q, A> {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue<Q, A>> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Gives a running batch's place back should its task end early (a panic in the
/// statement): the requests queued meanwhile then get a batch of their own.
struct Place<Q, A>
where
    Q: Send + 'static,
    A: Send + 'static,
{
    inner: Arc<Inner<Q, A>>,
    held: bool,
}

impl<Q, A> Drop for Place<Q, A>
where
    Q: Send + 'static,
    A: Send + 'static,
{
    fn drop(&mut self) {
        if !self.held {
            return;
        }
        let mut queue = self.inner.lock();
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) if !queue.waiting.is_empty() => {
                drop(queue);
                runtime.spawn(run(self.inner.clone()));
            }
            _ => queue.running -= 1,
        }
    }
}

/// One running batch: takes the queued requests and answers them, until none is left.
async fn run<Q, A>(inner: Arc<Inner<Q, A>>)
where
    Q: Send + 'static,
    A: Send + 'static,
{
    let mut place = Place {
        inner: inner.clone(),
        held: true,
    };
    loop {
        let (requests, senders): (Vec<Q>, Vec<_>) = {
            let mut queue = inner.lock();
            if queue.waiting.is_empty() {
                queue.running -= 1;
                place.held = false;
                return;
            }
            let n = queue.waiting.len().min(inner.max_batch);
            queue.waiting.drain(..n).unzip()
        };
        let asked = requests.len();
        match (inner.run)(requests).await {
            Ok(answers) if answers.len() == asked => {
                for (answer, sender) in answers.into_iter().zip(senders) {
                    let _ = sender.send(Ok(answer));
                }
            }
            Ok(answers) => {
                let e = StoreError::Invalid(format!(
                    "a batch of {asked} requests got {} answers",
                    answers.len()
                ));
                for sender in senders {
                    let _ = sender.send(Err(e.clone()));
                }
            }
            Err(e) => {
                // While the database is away the requests queued behind this batch
                // would each wait out another connection attempt (2 s) after this
                // one's: they fail now with it, so that every request answers 503
                // quickly during an outage.
                let mut failed = senders;
                if matches!(e, StoreError::Unavailable(_)) {
                    failed.extend(inner.lock().waiting.drain(..).map(|(_, s)| s));
                }
                for sender in failed {
                    let _ = sender.send(Err(e.clone()));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    /// A batcher whose query squares its keys (odd keys have no row) after a pause,
    /// counting queries and the largest batch.
    fn squares(max_running: usize, queries: Arc<AtomicUsize>) -> Batcher<u32, u64> {
        Batcher::new(max_running, 100, move |keys: Vec<u32>| {
            let queries = queries.clone();
            async move {
                queries.fetch_add(1, Ordering::SeqCst);
                tokio::task::yield_now().await;
                if keys.contains(&13) {
                    return Err(StoreError::Unavailable(sqlx::Error::PoolTimedOut.into()));
                }
                Ok(keys
                    .into_iter()
                    .filter(|k| k % 2 == 0)
                    .map(|k| (k, u64::from(k) * u64::from(k)))
                    .collect())
            }
        })
    }

    #[tokio::test]
    async fn a_lone_lookup_gets_its_row_or_none() {
        let batcher = squares(2, Arc::new(AtomicUsize::new(0)));
        assert_eq!(batcher.get(4).await.ok(), Some(Some(16)));
        assert_eq!(batcher.get(3).await.ok(), Some(None));
    }

    #[tokio::test]
    async fn concurrent_lookups_share_queries_and_each_gets_its_own_row() {
        let queries = Arc::new(AtomicUsize::new(0));
        let batcher = squares(1, queries.clone());
        let lookups = (0..50u32).map(|k| {
            let batcher = batcher.clone();
            async move { (k, batcher.get(k % 12).await) }
        });
        for (k, answer) in futures_util::future::join_all(lookups).await {
            let k = k % 12;
            let expected = (k % 2 == 0).then(|| u64::from(k) * u64::from(k));
            assert_eq!(answer.ok(), Some(expected), "key {k}");
        }
        let queries = queries.load(Ordering::SeqCst);
        assert!(queries < 50, "{queries} queries for 50 lookups");
    }

    #[tokio::test]
    async fn lookups_queued_behind_a_batch_that_found_the_database_away_fail_with_it() {
        let queries = Arc::new(AtomicUsize::new(0));
        let started = Arc::new(tokio::sync::Notify::new());
        let batcher: Batcher<u32, u64> = Batcher::new(1, 100, {
            let (queries, started) = (queries.clone(), started.clone());
            move |_keys: Vec<u32>| {
                let (queries, started) = (queries.clone(), started.clone());
                async move {
                    queries.fetch_add(1, Ordering::SeqCst);
                    started.notify_one();
                    for _ in 0..10 {
                        tokio::task::yield_now().await;
                    }
                    Err(StoreError::Unavailable(sqlx::Error::PoolTimedOut.into()))
                }
            }
        });
        let first = tokio::spawn({
            let batcher = batcher.clone();
            async move { batcher.get(1).await }
        });
        // The first lookup's query is running; the second is queued behind it.
        started.notified().await;
        let second = batcher.get(2).await;
        assert!(matches!(first.await, Ok(Err(StoreError::Unavailable(_)))));
        assert!(matches!(second, Err(StoreError::Unavailable(_))));
        assert_eq!(queries.load(Ordering::SeqCst), 1, "no second attempt");
    }

    #[tokio::test]
    async fn a_failed_query_fails_every_lookup_of_its_batch_and_later_ones_run() {
        let batcher = squares(1, Arc::new(AtomicUsize::new(0)));
        let (a, b) = tokio::join!(batcher.get(13), batcher.get(13));
        assert!(matches!(a, Err(StoreError::Unavailable(_))));
        assert!(matches!(b, Err(StoreError::Unavailable(_))));
        assert_eq!(batcher.get(2).await.ok(), Some(Some(4)));
    }
}
