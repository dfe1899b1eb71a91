//! The real server on port 0 over a fresh database, with a clock the test moves:
//! shared by the web and browser suites.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use seedpost::clock::ManualClock;
use seedpost::http::{AppState, Settings};
use seedpost::service::Service;

use super::db::TestDb;

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server; it stops when dropped.
pub struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// The server's clock.
    pub clock: Arc<ManualClock>,
    /// The server's use cases, for setting up and checking.
    pub service: Service,
    _db: TestDb,
    _shutdown: tokio::sync::oneshot::Sender<()>,
}

impl Server {
    /// Starts the server on `backend`, or returns `None` (after saying so) when the
    /// Postgres suite is not configured.
    pub async fn spawn(backend: Backend) -> Option<Server> {
        let db = match backend {
            Backend::Sqlite => TestDb::sqlite().await,
            Backend::Postgres => TestDb::postgres().await?,
        };
        let store = seedpost::store::connect(&db.url, 8)
            .await
            .expect("the test database connects");
        let clock = Arc::new(ManualClock::new(
            Utc.with_ymd_and_hms(2026, 11, 30, 12, 0, 0)
                .single()
                .expect("a valid time"),
        ));
        let service = Service::new(store, clock.clone());
        let state = AppState {
            service: service.clone(),
            settings: Arc::new(Settings::default()),
        };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port 0 binds");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(seedpost::http::serve(listener, state, async move {
            let _ = rx.await;
        }));
        Some(Server {
            base,
            clock,
            service,
            _db: db,
            _shutdown: tx,
        })
    }
}
