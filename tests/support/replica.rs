//! A streaming replica of the tests' Postgres server, made the real way by
//! `scripts/replica.sh` (`pg_basebackup -R` into a folder of the postgres user, its
//! own port, started with `pg_ctl`), for the suites of the read path.
//!
//! The replica copies the whole server, so every fresh test database is on it too
//! (under the same name) once replayed. The tests that use it take turns ([`take`]):
//! they pause its replay and stop it.
//!
//! With `SEEDPOST_TEST_POSTGRES` unset the tests say they are skipped; with it set, a
//! replica that cannot be made fails them loudly.

use std::path::PathBuf;
use std::time::Duration;

use sqlx::{Connection, PgConnection};
use tokio::sync::{Mutex, MutexGuard};

use super::db::POSTGRES_VAR;

/// The port of the replica (default 5433).
pub const PORT_VAR: &str = "SEEDPOST_TEST_REPLICA_PORT";

/// The tests using the replica take turns.
static TURN: Mutex<()> = Mutex::const_new(());

/// The replica, for one test at a time; replay running when taken.
pub struct Replica {
    port: u16,
    _turn: MutexGuard<'static, ()>,
}

/// The port of the replica.
fn port() -> u16 {
    std::env::var(PORT_VAR)
        .ok()
        .and_then(|p| p.parse().ok())
        .unwrap_or(5433)
}

/// Runs `scripts/replica.sh <command>`.
///
/// # Panics
/// When the script fails: its output says why.
fn script(command: &str, port: u16) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/replica.sh");
    let output = std::process::Command::new(&path)
        .arg(command)
        .env("SEEDPOST_REPLICA_PORT", port.to_string())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", path.display()));
    assert!(
        output.status.success(),
        "{} {command} failed ({}): {}{}",
        path.display(),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
}

/// The replica, made and started if need be, its replay running; `None` (after
/// saying so) when the Postgres suite is not configured.
///
/// # Panics
/// When `SEEDPOST_TEST_POSTGRES` is set and the replica cannot be made or started.
pub async fn take() -> Option<Replica> {
    if std::env::var(POSTGRES_VAR)
        .ok()
        .filter(|v| !v.is_empty())
        .is_none()
    {
        eprintln!("skipped: {POSTGRES_VAR} not set");
        return None;
    }
    let turn = TURN.lock().await;
    let port = port();
    tokio::task::spawn_blocking(move || script("up", port))
        .await
        .expect("the script's thread");
    let replica = Replica { port, _turn: turn };
    // A test that failed may have left it paused.
    replica.resume().await;
    Some(replica)
}

/// The URL on the replica at `port` of the database at `primary_url`.
pub fn url_on(port: u16, primary_url: &str) -> String {
    let (scheme, rest) = primary_url.split_once("://").expect("a URL");
    let (authority, path) = rest.split_once('/').expect("a database");
    let host = authority.rsplit_once(':').map_or(authority, |(h, _)| h);
    format!("{scheme}://{host}:{port}/{path}")
}

impl Replica {
    /// The URL on the replica of the database at `primary_url` (same name, the
    /// replica's port).
    pub fn url_of(&self, primary_url: &str) -> String {
        url_on(self.port, primary_url)
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Runs `statement` on the replica's `postgres` database.
    async fn run(&self, statement: &'static str) {
        let url = format!("postgres://postgres@127.0.0.1:{}/postgres", self.port);
        let mut conn = PgConnection::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("the replica at {url}: {e}"));
        sqlx::query(statement)
            .execute(&mut conn)
            .await
            .unwrap_or_else(|e| panic!("{statement} on the replica: {e}"));
        let _ = conn.close().await;
    }

    /// Pauses its replay: from now on it serves what it has.
    pub async fn pause(&self) {
        self.run("SELECT pg_wal_replay_pause()").await;
    }

    /// Resumes its replay.
    pub async fn resume(&self) {
        self.run("SELECT pg_wal_replay_resume()").await;
    }

    /// Waits until it has replayed everything the primary at `primary_url` has
    /// written so far.
    ///
    /// # Panics
    /// After 30 s.
    pub async fn catch_up(&self, primary_url: &str) {
        let mut primary = PgConnection::connect(primary_url)
            .await
            .expect("the primary");
        let target: String = sqlx::query_scalar("SELECT pg_current_wal_lsn()::text")
            .fetch_one(&mut primary)
            .await
            .expect("the primary's position");
        let url = format!("postgres://postgres@127.0.0.1:{}/postgres", self.port);
        let mut replica = PgConnection::connect(&url).await.expect("the replica");
        for _ in 0..300 {
            let caught: bool =
                sqlx::query_scalar("SELECT pg_last_wal_replay_lsn() >= $1::text::pg_lsn")
                    .bind(&target)
                    .fetch_one(&mut replica)
                    .await
                    .expect("the replica's position");
            if caught {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the replica did not replay up to {target} in 30 s");
    }

    /// Stops it (the tests' "replica down"); the next [`take`] starts it again.
    pub async fn stop(&self) {
        let port = self.port;
        tokio::task::spawn_blocking(move || script("stop", port))
            .await
            .expect("the script's thread");
    }

    /// Starts it again after [`Replica::stop`].
    pub async fn start(&self) {
        let port = self.port;
        tokio::task::spawn_blocking(move || script("up", port))
            .await
            .expect("the script's thread");
    }
}
