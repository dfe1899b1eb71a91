//! The bot suite's client and stream readers, over the real server on port 0
//! (`crate::support::server`) without rate limits.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::StatusCode;
use seedpost::http::ratelimit::RateLimits;
use serde_json::{Value, json};

pub use crate::support::TestApp;
use crate::support::{Backend, Fixture, Server};

impl Fixture for TestApp {
    async fn start(backend: Backend) -> Option<TestApp> {
        let server = Server::builder()
            .backend(backend)
            .rate_limits(RateLimits::UNLIMITED)
            .start()
            .await?;
        Some(TestApp::new(server))
    }
}

/// A signed-up account.
#[derive(Debug, Clone)]
pub struct Player {
    pub username: String,
    pub token: String,
}

impl TestApp {
    /// `POST /api/v1{path}` with a token; the status and JSON body.
    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        let mut request = self
            .client
            .post(format!("{}/api/v1{path}", self.base))
            .json(&body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// `GET /api/v1{path}`: the JSON body of a 200.
    pub async fn get(&self, path: &str) -> Value {
        let response = self
            .client
            .get(format!("{}/api/v1{path}", self.base))
            .send()
            .await
            .expect("the server answers");
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.json().await.expect("JSON")
    }

    /// Signs up a bot account.
    pub async fn sign_up(&self, username: &str) -> Player {
        let (status, body) = self
            .post(
                "/accounts",
                None,
                json!({"username": username, "password": "correct horse battery", "bot": true}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "sign-up: {body}");
        Player {
            username: username.to_owned(),
            token: body["token"].as_str().expect("a token").to_owned(),
        }
    }

    /// `challenger` challenges `opponent`; the challenge JSON.
    pub async fn challenge(&self, challenger: &Player, opponent: &Player, variant: &str) -> Value {
        let (status, body) = self
            .post(
                "/challenges",
                Some(&challenger.token),
                json!({"variant": variant, "first": "challenger", "opponent": opponent.username}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "challenge: {body}");
        body
    }

    /// A game of `variant` that `south` starts against `north`; the game JSON.
    pub async fn start_game(&self, south: &Player, north: &Player, variant: &str) -> Value {
        let challenge = self.challenge(south, north, variant).await;
        let id = challenge["id"].as_str().expect("an id");
        let (status, game) = self
            .post(
                &format!("/challenges/{id}/accept"),
                Some(&north.token),
                json!({}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "accept: {game}");
        game
    }

    /// Plays the first legal pit of `game` (as it stands) for `player`; the game after.
    pub async fn play_first_legal(&self, player: &Player, game: &Value) -> Value {
        let id = game["id"].as_str().expect("a game id");
        let pit = game["legal_moves"][0].as_u64().expect("a legal move");
        let (status, after) = self
            .post(
                &format!("/games/{id}/moves"),
                Some(&player.token),
                json!({"ply": game["ply"], "pit": pit}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "move: {after}");
        after
    }

    /// Opens the event stream of `player`, with `since`, `Last-Event-ID` and SSE as
    /// asked.
    pub async fn events(&self, player: &Player, since: Option<u64>, sse: Option<&str>) -> Lines {
        let mut url = format!("{}/api/v1/stream/events", self.base);
        if let Some(since) = since {
            url.push_str(&format!("?since={since}"));
        }
        let mut request = self.client.get(url).bearer_auth(&player.token);
        if let Some(last_event_id) = sse {
            request = request.header("accept", "text/event-stream");
            if !last_event_id.is_empty() {
                request = request.header("last-event-id", last_event_id);
            }
        }
        Lines::open(request, sse.is_some()).await
    }
}

/// One stream's objects as they arrive: NDJSON lines, or SSE events with their ids.
pub struct Lines {
    body: futures_util::stream::BoxStream<'static, reqwest::Result<axum::body::Bytes>>,
    buffer: String,
    sse: bool,
    pub content_type: String,
}

/// How long a test waits for a line that must come.
pub const WAIT: Duration = Duration::from_secs(10);

impl Lines {
    pub async fn open(request: reqwest::RequestBuilder, sse: bool) -> Lines {
        let response = request.send().await.expect("the stream opens");
        assert_eq!(response.status(), StatusCode::OK, "the stream opens");
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        Lines {
            body: response.bytes_stream().boxed(),
            buffer: String::new(),
            sse,
            content_type,
        }
    }

    /// The next object (skipping keep-alives) with its SSE id, or `None` if none comes
    /// within `wait` or the stream ends.
    pub async fn next_within(&mut self, wait: Duration) -> Option<(Option<String>, Value)> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let separator = if self.sse { "\n\n" } else { "\n" };
            while let Some(end) = self.buffer.find(separator) {
                let frame: String = self.buffer.drain(..end + separator.len()).collect();
                if let Some(parsed) = self.parse(&frame) {
                    return Some(parsed);
                }
            }
            let chunk = tokio::time::timeout_at(deadline, self.body.next())
                .await
                .ok()??
                .ok()?;
            self.buffer.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    fn parse(&self, frame: &str) -> Option<(Option<String>, Value)> {
        if !self.sse {
            let line = frame.trim();
            return (!line.is_empty()).then(|| (None, serde_json::from_str(line).expect("JSON")));
        }
        let mut id = None;
        let mut data = None;
        for line in frame.lines() {
            if let Some(v) = line.strip_prefix("id: ") {
                id = Some(v.to_owned());
            } else if let Some(v) = line.strip_prefix("data: ") {
                data = Some(serde_json::from_str(v).expect("JSON data"));
            }
        }
        data.map(|d| (id, d))
    }

    /// The next object, which must come.
    pub async fn next(&mut self) -> Value {
        self.next_within(WAIT).await.expect("a line within 10 s").1
    }

    /// Objects until none comes for `quiet`.
    pub async fn drain(&mut self, quiet: Duration) -> Vec<Value> {
        let mut all = Vec::new();
        while let Some((_, v)) = self.next_within(quiet).await {
            all.push(v);
        }
        all
    }
}
