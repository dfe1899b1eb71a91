//! The process's Prometheus metrics, served at `/metrics` (docs/operations.md,
//! "Health and metrics").
//!
//! Counters and histograms live in one registry for the whole process; the figures
//! kept by the database (games by status) and the pool are read at scrape time by
//! [`render`]. Other modules record what happens through the functions here
//! ([`move_played`], [`webhook_attempt`], [`stream_opened`]), which never fail.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGaugeVec, Opts, Registry,
    TextEncoder,
};
use seedpost_rules::Variant;

use crate::domain::GameStatus;
use crate::store::Store;

/// The metrics and the registry that holds them.
struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    moves: IntCounterVec,
    games: IntGaugeVec,
    pool: IntGaugeVec,
    streams: IntGaugeVec,
    webhooks: IntCounterVec,
    timeouts: IntCounter,
    refused: IntCounterVec,
}

/// Request latency buckets, in seconds: 1 ms to 10 s.
const LATENCY_BUCKETS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

fn counter(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntCounterVec {
    let metric = IntCounterVec::new(Opts::new(name, help), labels).expect("a valid counter");
    registry
        .register(Box::new(metric.clone()))
        .expect("a metric registered once");
    metric
}

fn gauge(registry: &Registry, name: &str, help: &str, labels: &[&str]) -> IntGaugeVec {
    let metric = IntGaugeVec::new(Opts::new(name, help), labels).expect("a valid gauge");
    registry
        .register(Box::new(metric.clone()))
        .expect("a metric registered once");
    metric
}

static METRICS: LazyLock<Metrics> = LazyLock::new(|| {
    let registry = Registry::new();
    let latency = HistogramVec::new(
        HistogramOpts::new(
            "seedpost_http_request_duration_seconds",
            "Time to answer a request (to its response head), by route.",
        )
        .buckets(LATENCY_BUCKETS.to_vec()),
        &["method", "route"],
    )
    .expect("a valid histogram");
    registry
        .register(Box::new(latency.clone()))
        .expect("a metric registered once");
    Metrics {
        requests: counter(
            &registry,
            "seedpost_http_requests_total",
            "Requests answered, by method, route template and status.",
            &["method", "route", "status"],
        ),
        latency,
        moves: counter(
            &registry,
            "seedpost_moves_total",
            "Moves played through this process, by variant.",
            &["variant"],
        ),
        games: gauge(
            &registry,
            "seedpost_games",
            "Games in the database, by status (read at scrape time).",
            &["status"],
        ),
        pool: gauge(
            &registry,
            "seedpost_db_pool_connections",
            "Database connections of this process's pool: open, idle, in use and max.",
            &["state"],
        ),
        streams: gauge(
            &registry,
            "seedpost_open_streams",
            "Streaming responses (event streams, game streams, live pages) open now, by route.",
            &["route"],
        ),
        webhooks: counter(
            &registry,
            "seedpost_webhook_deliveries_total",
            "Webhook delivery attempts by this process, by outcome (delivered or failed).",
            &["outcome"],
        ),
        refused: counter(
            &registry,
            "seedpost_connections_refused_total",
            "Connections refused past a cap, by cap (total or address).",
            &["cap"],
        ),
        timeouts: {
            let metric = IntCounter::new(
                "seedpost_games_timed_out_total",
                "Games this process's sweeper ended on time.",
            )
            .expect("a valid counter");
            registry
                .register(Box::new(metric.clone()))
                .expect("a metric registered once");
            metric
        },
        registry,
    }
});

/// Records an answered request: `route` is the matched route template (such as
/// `/api/v1/games/{id}/moves`), never the raw path, so that the labels stay few.
pub fn request_answered(method: &str, route: &str, status: u16, took: Duration) {
    let m = &*METRICS;
    m.requests
        .with_label_values(&[method, route, &status.to_string()])
        .inc();
    m.latency
        .with_label_values(&[method, route])
        .observe(took.as_secs_f64());
}

/// Records a connection refused past a cap (`total` or `address`).
pub fn connection_refused(cap: &str) {
    METRICS.refused.with_label_values(&[cap]).inc();
}

/// Records a move played (one per accepted move request; automatic passes it caused
/// are not counted).
pub fn move_played(variant: Variant) {
    METRICS.moves.with_label_values(&[variant.as_str()]).inc();
}

/// Records a webhook delivery attempt.
pub fn webhook_attempt(delivered: bool) {
    let outcome = if delivered { "delivered" } else { "failed" };
    METRICS.webhooks.with_label_values(&[outcome]).inc();
}

/// Records games ended on time by this process's sweeper.
pub fn games_timed_out(count: usize) {
    METRICS
        .timeouts
        .inc_by(u64::try_from(count).unwrap_or(u64::MAX));
}

/// An open stream, counted in `seedpost_open_streams` until dropped.
#[derive(Debug)]
#[must_use = "the stream counts as open only while this lives"]
pub struct OpenStream {
    route: String,
}

/// Counts a stream on `route` as open until the returned guard is dropped.
pub fn stream_opened(route: &str) -> OpenStream {
    METRICS.streams.with_label_values(&[route]).inc();
    OpenStream {
        route: route.to_owned(),
    }
}

impl Drop for OpenStream {
    fn drop(&mut self) {
        METRICS.streams.with_label_values(&[&self.route]).dec();
    }
}

/// The metrics in Prometheus' text format, after reading the games by status and the
/// pool from `store`. A database that cannot answer leaves the games gauge as it was
/// last read (and is logged): the scrape itself still succeeds.
pub async fn render(store: &dyn Store) -> String {
    let m = &*METRICS;
    match store.game_counts().await {
        Ok(counts) => {
            for status in [
                GameStatus::Ongoing,
                GameStatus::Finished,
                GameStatus::Aborted,
            ] {
                let n = counts
                    .iter()
                    .find(|(s, _)| *s == status)
                    .map_or(0, |&(_, n)| n);
                m.games
                    .with_label_values(&[status.as_str()])
                    .set(i64::try_from(n).unwrap_or(i64::MAX));
            }
        }
        Err(e) => tracing::warn!(error = %crate::error::Chain(&e), "metrics: cannot count games"),
    }
    let pool = store.pool_stats();
    for (state, n) in [
        ("open", pool.size),
        ("idle", pool.idle),
        ("in_use", pool.size.saturating_sub(pool.idle)),
        ("max", pool.max),
    ] {
        m.pool.with_label_values(&[state]).set(i64::from(n));
    }
    let mut out = Vec::new();
    if let Err(e) = TextEncoder::new().encode(&m.registry.gather(), &mut out) {
        tracing::warn!(error = %crate::error::Chain(&e), "metrics: cannot encode");
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The read replica's lines of the exposition, from this instance's view of it
/// (docs/operations.md, "A read replica"): its lag, whether reads fall back to the
/// primary, and where the reads that could go to it went.
#[must_use]
pub fn replica(status: &crate::store::replica::ReplicaStatus) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let up = u8::from(status.state != "down");
    let fallback = u8::from(status.state != "streaming");
    // A replica down has no lag to tell: NaN, as Prometheus writes an unknown value.
    let lag = status.lag_seconds.unwrap_or(f64::NAN);
    let _ = write!(
        out,
        "# HELP seedpost_replica_lag_seconds How far the read replica is behind the primary.\n\
         # TYPE seedpost_replica_lag_seconds gauge\n\
         seedpost_replica_lag_seconds {lag}\n\
         # HELP seedpost_replica_max_lag_seconds Past this lag, reads go to the primary.\n\
         # TYPE seedpost_replica_max_lag_seconds gauge\n\
         seedpost_replica_max_lag_seconds {max}\n\
         # HELP seedpost_replica_up Whether the read replica answers (1) or not (0).\n\
         # TYPE seedpost_replica_up gauge\n\
         seedpost_replica_up {up}\n\
         # HELP seedpost_replica_fallback Whether reads that may be a moment old go to the primary (1: replica down or lagging) or the replica (0).\n\
         # TYPE seedpost_replica_fallback gauge\n\
         seedpost_replica_fallback {fallback}\n\
         # HELP seedpost_replica_reads_total Reads that may be a moment old, by the database that served them.\n\
         # TYPE seedpost_replica_reads_total counter\n\
         seedpost_replica_reads_total{{served_by=\"replica\"}} {replica}\n\
         seedpost_replica_reads_total{{served_by=\"primary\"}} {primary}\n\
         # HELP seedpost_replica_failed_reads_total Reads the replica failed, read again on the primary.\n\
         # TYPE seedpost_replica_failed_reads_total counter\n\
         seedpost_replica_failed_reads_total {failed}\n",
        max = status.max_lag_seconds,
        replica = status.reads_replica,
        primary = status.reads_primary,
        failed = status.reads_failed,
    );
    out
}
