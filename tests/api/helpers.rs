//! The test server: the real application on port 0, with fresh data and a clock the
//! test moves.

use std::sync::Arc;

use chrono::{TimeZone, Utc};
use reqwest::{Client, Method, StatusCode};
use seedpost::clock::ManualClock;
use seedpost::http::ratelimit::{RateLimiter, RateLimits};
use seedpost::http::{AppState, Settings};
use seedpost::service::Service;
use serde_json::{Value, json};

use crate::support::db::TestDb;

/// Which database a test runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server.
pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub clock: Arc<ManualClock>,
    pub service: Service,
    _db: TestDb,
    _shutdown: tokio::sync::oneshot::Sender<()>,
}

/// An answer: status and JSON body (or `Value::Null`).
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    /// The error code of an error answer.
    pub fn code(&self) -> &str {
        self.body["error"].as_str().unwrap_or("")
    }

    /// Asserts the status and returns the body.
    #[track_caller]
    pub fn expect(self, status: u16) -> Value {
        assert_eq!(
            self.status.as_u16(),
            status,
            "unexpected answer: {}",
            self.body
        );
        self.body
    }

    /// Asserts an error answer's status and code.
    #[track_caller]
    pub fn expect_error(&self, status: u16, code: &str) {
        assert_eq!(
            (self.status.as_u16(), self.code()),
            (status, code),
            "unexpected answer: {}",
            self.body
        );
        assert!(
            self.body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "an error has a message: {}",
            self.body
        );
    }
}

/// A signed-up account.
#[derive(Debug, Clone)]
pub struct Player {
    pub username: String,
    pub token: String,
}

impl TestApp {
    /// Starts the server on `backend`, or returns `None` (after saying so) when the
    /// Postgres suite is not configured.
    /// The server has no rate limits: tests of them use [`TestApp::spawn_with`].
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        let settings = Settings {
            rate_limiter: RateLimiter::new(RateLimits::UNLIMITED),
            ..Settings::default()
        };
        TestApp::spawn_with(backend, settings).await
    }

    /// Starts the server on `backend` with `settings` (e.g. low rate limits).
    pub async fn spawn_with(backend: Backend, settings: Settings) -> Option<TestApp> {
        TestApp::spawn_configured(backend, settings, |service, _| service).await
    }

    /// Starts the server on `backend` with `settings` and its service as `configure`
    /// makes it, given the service and the server's base URL (e.g. a mailer whose
    /// links point at the server).
    pub async fn spawn_configured(
        backend: Backend,
        settings: Settings,
        configure: impl FnOnce(Service, &str) -> Service,
    ) -> Option<TestApp> {
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
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port 0 binds");
        let base = format!("http://{}", listener.local_addr().expect("an address"));
        // The webhook tests run their receivers on loopback.
        let service = configure(
            Service::new(store, clock.clone()).with_private_webhooks(true),
            &base,
        );
        let state = AppState {
            service: service.clone(),
            settings: Arc::new(settings),
        };
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(seedpost::http::serve(listener, state, async move {
            let _ = rx.await;
        }));
        Some(TestApp {
            base,
            client: Client::new(),
            clock,
            service,
            _db: db,
            _shutdown: tx,
        })
    }

    /// Sends a request to `/api/v1{path}` with an optional token and JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let mut request = self
            .client
            .request(method, format!("{}/api/v1{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.expect("a body");
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer { status, body }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.call(Method::PUT, path, token, Some(body)).await
    }

    /// Signs up `username` with a fixed good password.
    pub async fn sign_up(&self, username: &str) -> Player {
        let body = self
            .post(
                "/accounts",
                None,
                json!({"username": username, "password": "correct horse battery", "bot": false}),
            )
            .await
            .expect(201);
        Player {
            username: username.to_owned(),
            token: body["token"].as_str().expect("a token").to_owned(),
        }
    }

    /// `challenger` challenges `opponent`, who accepts; returns the game JSON.
    pub async fn start_game(
        &self,
        challenger: &Player,
        opponent: &Player,
        variant: &str,
        first: &str,
    ) -> Value {
        let challenge = self
            .post(
                "/challenges",
                Some(&challenger.token),
                json!({"variant": variant, "days_per_move": 3, "first": first, "opponent": opponent.username}),
            )
            .await
            .expect(201);
        let id = challenge["id"].as_str().expect("an id");
        self.post(
            &format!("/challenges/{id}/accept"),
            Some(&opponent.token),
            json!({}),
        )
        .await
        .expect(201)
    }

    /// Plays `pit` in `game` at its current ply for `player`.
    pub async fn play(&self, player: &Player, game: &Value, pit: u64) -> Answer {
        let id = game["id"].as_str().expect("a game id");
        self.post(
            &format!("/games/{id}/moves"),
            Some(&player.token),
            json!({"ply": game["ply"], "pit": pit}),
        )
        .await
    }

    /// `player` resigns `game` (its JSON).
    pub async fn resign(&self, player: &Player, game: &Value) -> Answer {
        let id = game["id"].as_str().expect("a game id");
        self.post(
            &format!("/games/{id}/resign"),
            Some(&player.token),
            json!({}),
        )
        .await
    }

    /// The game JSON.
    pub async fn game(&self, id: &str) -> Value {
        self.get(&format!("/games/{id}"), None).await.expect(200)
    }
}

/// Declares each async test once, run on SQLite and on Postgres (skipped, saying so,
/// when `SEEDPOST_TEST_POSTGRES` is unset).
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let app = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Sqlite)
                        .await
                        .expect("SQLite is always there");
                    super::$name(app).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    let Some(app) = $crate::helpers::TestApp::spawn($crate::helpers::Backend::Postgres).await else {
                        return;
                    };
                    super::$name(app).await;
                }
            )*
        }
    };
}
