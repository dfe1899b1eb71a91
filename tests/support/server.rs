//! The real server on port 0, as every suite starts it: over a fresh database on
//! either backend (or over another instance's), with a clock the test moves.
//!
//! ```ignore
//! let server = Server::builder()
//!     .backend(Backend::Postgres)
//!     .rate_limits(RateLimits::UNLIMITED)
//!     .start()
//!     .await?; // None: the Postgres suite is not configured
//! let second = server.instance().start().await?; // the same database
//! ```

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use seedpost::accounts::service::floods::FloodLimits;
use seedpost::clock::ManualClock;
use seedpost::http::ratelimit::{RateLimiter, RateLimits};
use seedpost::http::{AppState, Settings};
use seedpost::service::Service;
use seedpost::store::replica::Reads;

use super::db::TestDb;

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// When every test's clock starts: a Monday, 2026-11-30 12:00 UTC.
pub fn start_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 12, 0, 0)
        .single()
        .expect("a valid time")
}

/// A clock standing at [`start_time`] until the test moves it.
pub fn clock() -> Arc<ManualClock> {
    Arc::new(ManualClock::new(start_time()))
}

/// What a server's service is made into before it serves, given the server's base
/// URL (e.g. a mailer whose links point at the server).
type Configure = Box<dyn FnOnce(Service, &str) -> Service + Send>;

/// How to start a [`Server`]: its database, clock, settings and service.
pub struct ServerBuilder {
    backend: Backend,
    /// Another instance's database, instead of a fresh one, and the fresh database
    /// it is (kept while any instance serves it).
    database: Option<(String, Option<Arc<TestDb>>)>,
    clock: Option<Arc<ManualClock>>,
    settings: Settings,
    private_webhooks: bool,
    floods: FloodLimits,
    configure: Option<Configure>,
    /// A read replica's URL for the database's URL, and the lag bound.
    replica: Option<(ReplicaUrl, Duration)>,
}

/// The URL on a read replica of the database at a URL.
type ReplicaUrl = Box<dyn FnOnce(&str) -> String + Send>;

/// The caps of the test servers unless told: the defaults, but no cap on sign-ups, as
/// every test signs its players up from one address.
pub const TEST_FLOODS: FloodLimits = FloodLimits {
    sign_ups_per_address: 0,
    ..FloodLimits::DEFAULT
};

impl ServerBuilder {
    /// Caps floods by `limits` (by default [`TEST_FLOODS`]).
    pub fn floods(mut self, limits: FloodLimits) -> ServerBuilder {
        self.floods = limits;
        self
    }

    /// Serves a fresh database on `backend` (SQLite unless told).
    pub fn backend(mut self, backend: Backend) -> ServerBuilder {
        self.backend = backend;
        self
    }

    /// Serves the database at `url`, which other instances may serve too.
    pub fn database(mut self, url: &str) -> ServerBuilder {
        self.database = Some((url.to_owned(), None));
        self
    }

    /// Tells time by `clock` (by default a clock of its own at [`start_time`]).
    pub fn clock(mut self, clock: Arc<ManualClock>) -> ServerBuilder {
        self.clock = Some(clock);
        self
    }

    /// The HTTP settings (by default `Settings::default()`).
    pub fn settings(mut self, settings: Settings) -> ServerBuilder {
        self.settings = settings;
        self
    }

    /// Enforces `limits` per token (by default `RateLimits::DEFAULT`).
    pub fn rate_limits(mut self, limits: RateLimits) -> ServerBuilder {
        self.settings.rate_limiter = RateLimiter::new(limits);
        self
    }

    /// Lets webhooks call loopback addresses, where tests run their receivers.
    pub fn private_webhooks(mut self, allow: bool) -> ServerBuilder {
        self.private_webhooks = allow;
        self
    }

    /// Sends the reads that may be a moment old to the replica whose URL for the
    /// server's database `url_of` tells, within `max_lag`.
    pub fn replica(
        mut self,
        url_of: impl FnOnce(&str) -> String + Send + 'static,
        max_lag: Duration,
    ) -> ServerBuilder {
        self.replica = Some((Box::new(url_of), max_lag));
        self
    }

    /// Makes the service into what `configure` returns before serving.
    pub fn configure(
        mut self,
        configure: impl FnOnce(Service, &str) -> Service + Send + 'static,
    ) -> ServerBuilder {
        self.configure = Some(Box::new(configure));
        self
    }

    /// Starts the server, or returns `None` (after saying so) when it needs a fresh
    /// Postgres database and the Postgres suite is not configured.
    pub async fn start(self) -> Option<Server> {
        let (url, db) = match self.database {
            Some((url, db)) => (url, db),
            None => {
                let db = match self.backend {
                    Backend::Sqlite => TestDb::sqlite().await,
                    Backend::Postgres => TestDb::postgres().await?,
                };
                (db.url.clone(), Some(Arc::new(db)))
            }
        };
        let store = seedpost::store::connect(&url, 8)
            .await
            .expect("the test database connects");
        let clock = self.clock.unwrap_or_else(clock);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port 0 binds");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        let reads = match self.replica {
            Some((url_of, max_lag)) => {
                Reads::with_replica(store.clone(), &url_of(&url), 8, max_lag)
                    .expect("a replica of a Postgres database")
            }
            None => Reads::primary(store.clone()),
        };
        let mut service = Service::new(store, clock.clone())
            .with_reads(reads)
            .with_private_webhooks(self.private_webhooks)
            .with_flood_limits(self.floods);
        if let Some(configure) = self.configure {
            service = configure(service, &base);
        }
        let state = AppState {
            service: service.clone(),
            settings: Arc::new(self.settings.clone()),
        };
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(seedpost::http::serve(listener, state, async move {
            let _ = rx.await;
        }));
        Some(Server {
            base,
            clock,
            service,
            url,
            settings: self.settings,
            private_webhooks: self.private_webhooks,
            _db: db,
            _shutdown: tx,
        })
    }
}

/// A running server; it stops when dropped (and its fresh database is dropped with
/// the last instance serving it).
pub struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    /// The server's clock.
    pub clock: Arc<ManualClock>,
    /// The server's use cases, for setting up and checking.
    pub service: Service,
    /// Its database's URL.
    pub url: String,
    settings: Settings,
    private_webhooks: bool,
    _db: Option<Arc<TestDb>>,
    _shutdown: tokio::sync::oneshot::Sender<()>,
}

impl Server {
    /// A server over a fresh SQLite database with the default settings, unless told
    /// otherwise.
    pub fn builder() -> ServerBuilder {
        ServerBuilder {
            backend: Backend::Sqlite,
            database: None,
            clock: None,
            settings: Settings::default(),
            private_webhooks: false,
            floods: TEST_FLOODS,
            configure: None,
            replica: None,
        }
    }

    /// Whether it serves a Postgres database.
    pub fn is_postgres(&self) -> bool {
        self.url.starts_with("postgres")
    }

    /// Another instance over this server's database, with its settings, and with
    /// a clock and rate-limit buckets of its own (as another process has).
    pub fn instance(&self) -> ServerBuilder {
        let mut builder = Server::builder()
            .settings(self.settings.clone())
            .rate_limits(self.settings.rate_limiter.limits())
            .private_webhooks(self.private_webhooks);
        builder.database = Some((self.url.clone(), self._db.clone()));
        builder
    }
}
