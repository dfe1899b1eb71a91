//! The API suite's client: the real server on port 0 (`crate::support::server`),
//! without rate limits and with webhooks allowed on loopback, and typed requests.

use reqwest::{Method, StatusCode};
use seedpost::http::ratelimit::RateLimits;
use serde_json::{Value, json};

pub use crate::support::{Backend, Server, ServerBuilder, TestApp};

impl crate::support::Fixture for TestApp {
    async fn start(backend: Backend) -> Option<TestApp> {
        TestApp::spawn(backend).await
    }
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
    /// How the suite's servers start on `backend`: no rate limits (tests of them set
    /// their own), webhooks allowed on loopback (where the tests' receivers are).
    pub fn builder(backend: Backend) -> ServerBuilder {
        Server::builder()
            .backend(backend)
            .rate_limits(RateLimits::UNLIMITED)
            .private_webhooks(true)
    }

    /// Starts the server on `backend`, or returns `None` (after saying so) when the
    /// Postgres suite is not configured.
    pub async fn spawn(backend: Backend) -> Option<TestApp> {
        TestApp::start_with(TestApp::builder(backend)).await
    }

    /// Starts the server `builder` describes.
    pub async fn start_with(builder: ServerBuilder) -> Option<TestApp> {
        Some(TestApp::new(builder.start().await?))
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
            .request(method.clone(), format!("{}/api/v1{path}", self.base));
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
        let answer = Answer { status, body };
        self.check_described(&method, path, &answer).await;
        answer
    }

    /// Panics unless an error `answer` to `method path` is in the served description
    /// (see `described.rs`).
    pub async fn check_described(&self, method: &Method, path: &str, answer: &Answer) {
        if answer.status.as_u16() < 400 {
            return;
        }
        // Every server of the suite serves the same paths and answers (only the rate
        // limits in `info` differ): the first one asked describes them all.
        static SPEC: tokio::sync::OnceCell<Value> = tokio::sync::OnceCell::const_new();
        let spec = SPEC
            .get_or_init(|| async {
                let url = format!("{}/api/v1/openapi.json", self.base);
                let response = self.client.get(url).send().await.expect("the description");
                response.json().await.expect("the description is JSON")
            })
            .await;
        crate::described::check(spec, method, path, answer);
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

    /// `challenger` challenges `opponent` to a match of `variant` on `terms` (`games`,
    /// and any other field of a challenge), the challenger (South) moving first in
    /// game 1; `opponent` accepts. Returns game 1.
    pub async fn start_match(
        &self,
        challenger: &Player,
        opponent: &Player,
        variant: &str,
        terms: Value,
    ) -> Value {
        let mut body =
            json!({"variant": variant, "first": "challenger", "opponent": opponent.username});
        for (k, v) in terms.as_object().expect("terms are an object") {
            body[k] = v.clone();
        }
        let challenge = self
            .post("/challenges", Some(&challenger.token), body)
            .await
            .expect(201);
        assert_eq!(challenge["games"], terms["games"]);
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
