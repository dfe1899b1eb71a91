//! Streams: an account's events, and one game's changes, as NDJSON or Server-Sent
//! Events.
//!
//! NDJSON (the default) is one JSON object per line, an empty line as keep-alive.
//! With `Accept: text/event-stream` the same objects come as SSE `data:` fields, a
//! stored event with its seq as `id:` (so a browser's `EventSource` resumes with
//! `Last-Event-ID`), a comment as keep-alive.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::time::{Instant, Interval, MissedTickBehavior};
use utoipa::IntoParams;

use super::json::ErrorJson;
use crate::domain::GameId;
use crate::error::{Error, Result};
use crate::games::json::GameJson;
use crate::http::Settings;
use crate::http::extract::ClientAddr;
use crate::http::extract::{ApiQuery, Auth, PathId, bearer_secret};
use crate::http::ratelimit::{self, StreamSlot, Throttle};
use crate::service::{EventFeed, EventLine, GameFeed, Service, StreamKey};

/// How often a quiet stream sends a keep-alive.
pub const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// How a stream is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Ndjson,
    Sse,
}

impl Format {
    /// SSE when the client accepts `text/event-stream`, NDJSON otherwise.
    fn of(headers: &HeaderMap) -> Format {
        let sse = headers
            .get_all(header::ACCEPT)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.contains("text/event-stream"));
        if sse { Format::Sse } else { Format::Ndjson }
    }

    fn content_type(self) -> &'static str {
        match self {
            Format::Ndjson => "application/x-ndjson",
            Format::Sse => "text/event-stream",
        }
    }

    /// Appends one object (`json` holds no newline) with its SSE id.
    fn push(self, out: &mut String, id: Option<u64>, json: &str) {
        match self {
            Format::Ndjson => {
                out.push_str(json);
                out.push('\n');
            }
            Format::Sse => {
                if let Some(id) = id {
                    out.push_str(&format!("id: {id}\n"));
                }
                out.push_str("data: ");
                out.push_str(json);
                out.push_str("\n\n");
            }
        }
    }

    fn keep_alive(self) -> &'static str {
        match self {
            Format::Ndjson => "\n",
            Format::Sse => ": keep-alive\n\n",
        }
    }
}

fn keep_alive_timer() -> Interval {
    let mut timer = tokio::time::interval_at(Instant::now() + KEEP_ALIVE, KEEP_ALIVE);
    timer.set_missed_tick_behavior(MissedTickBehavior::Delay);
    timer
}

fn streaming(format: Format, body: Body) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(format.content_type()),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    // Asks nginx-like proxies not to buffer the stream.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    response
}

/// `?since=` of the event stream.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct SinceQuery {
    /// Send the stored events with a seq above this one first (as `Last-Event-ID`,
    /// which it overrides). Without it, only events from now on follow the snapshot.
    /// Above the account's latest seq, the answer is 409 `since_ahead` with the
    /// `head`.
    since: Option<u64>,
}

/// The account's events: first the current state as lines marked `"snapshot": true`
/// (open challenges naming the account, and each game where it is to move, as
/// `your_turn` with the full game), then every stored event above `since` (or
/// `Last-Event-ID`) in seq order, then new ones as they happen: `challenge`,
/// `challenge_canceled`, `challenge_declined`, `game_start`, `move`, `your_turn`,
/// `time_running_out` (80% of the move's time used, or a reminder time chosen for bots,
/// with `minutes_left`), `game_finish`, each `{"type", "seq", "game" or "challenge"}`;
/// `match_finish` (a match is over) with `"match"`; `tournament_start` and
/// `tournament_finish`, each `{"type", "seq", "tournament", "standings"}`;
/// `vacation_start` and `vacation_end` (the opponent in an ongoing game went on
/// vacation or is back) with the `"game"`, whose `clock` stops and runs again.
/// Keep-alive every
/// 10 s. Events are kept at least 7 days. Several streams per token are allowed; they
/// end when the token is revoked (at once on the instance that revokes it, within one
/// keep-alive on the others, and before any further event).
#[utoipa::path(
    get,
    path = "/stream/events",
    tag = "streams",
    operation_id = "stream_events",
    security(("bearer" = ["read"])),
    params(
        SinceQuery,
        ("Last-Event-ID" = Option<u64>, Header, description = "The seq of the last event received"),
    ),
    responses(
        (status = 200, description = "Without end, one `Event` object after another: as NDJSON (`application/x-ndjson`, the default), one object per line and an empty line as keep-alive; or, when `Accept` includes `text/event-stream`, as Server-Sent Events, each object a `data:` field, a stored event with its seq as `id:`, a comment as keep-alive. The schema is that of one object (one line, or one `data:`)",
            content(
                (super::events::Event = "application/x-ndjson", example = json!({"type": "challenge_declined", "seq": 12, "challenge": {"id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet", "variant": "modiar", "days_per_move": 3, "first": "random", "rated": false, "weekend_pause": false, "games": 1, "schedule": "sequential", "stop_when_decided": true, "status": "declined", "game_id": null, "created_at": "2026-11-30T12:00:00.000Z"}})),
                (super::events::Event = "text/event-stream", example = json!({"type": "challenge", "snapshot": true, "challenge": {"id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet", "variant": "modiar", "days_per_move": 3, "first": "random", "rated": false, "weekend_pause": false, "games": 1, "schedule": "sequential", "stop_when_decided": true, "status": "open", "game_id": null, "created_at": "2026-11-30T12:00:00.000Z"}})),
            )),
        (status = 400, description = "`invalid_query`: a bad `since` or `Last-Event-ID`", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "Last-Event-ID is a seq"})),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 409, description = "`since_ahead`: `since` (or `Last-Event-ID`) is above the seq of the account's latest event, `head` (the server was restored from a backup, or the seq is another server's): resume from `head` or below, or without `since`", body = ErrorJson,
            example = json!({"error": "since_ahead", "message": "since 999999 is above this account's latest event, 16: resume from a seq at most the head, or open the stream without since", "head": 16})),
        (status = 429, response = super::openapi::TooManyRequests),
    ),
)]
pub(super) async fn events(
    State(service): State<Service>,
    State(settings): State<Arc<Settings>>,
    ClientAddr(client): ClientAddr,
    Auth(account): Auth,
    _: Throttle<ratelimit::Streams>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<SinceQuery>,
) -> Result<Response> {
    let format = Format::of(&headers);
    let slot = settings.stream_slots.take(client)?;
    let since = match query.since {
        Some(since) => Some(since),
        None => last_event_id(&headers)?,
    };
    // `Auth` has checked it: the stream ends when this token is revoked.
    let token = bearer_secret(&headers)?.ok_or(Error::Unauthorized)?;
    let (snapshot, feed) = service
        .open_event_stream(&account, StreamKey::Token(token), since)
        .await?;
    let mut first = String::new();
    for line in &snapshot {
        format.push(&mut first, line.seq, &line.json);
    }
    let state = EventStream {
        format,
        pending: (!first.is_empty()).then_some(first).into_iter().collect(),
        feed,
        _slot: slot,
        keep_alive: keep_alive_timer(),
        done: false,
    };
    let body = futures_util::stream::unfold(state, |mut state| async move {
        let chunk = state.next_chunk().await?;
        Some((Ok::<Bytes, Infallible>(Bytes::from(chunk)), state))
    });
    Ok(streaming(format, Body::from_stream(body)))
}

/// `Last-Event-ID`, if any.
fn last_event_id(headers: &HeaderMap) -> Result<Option<u64>> {
    match headers.get("last-event-id") {
        None => Ok(None),
        Some(value) => {
            let text = value.to_str().unwrap_or_default().trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse()
                .map(Some)
                .map_err(|_| Error::bad_request("invalid_query", "Last-Event-ID is a seq"))
        }
    }
}

struct EventStream {
    format: Format,
    pending: VecDeque<String>,
    feed: EventFeed,
    /// The client address's place, given back when the stream ends or is dropped.
    _slot: StreamSlot,
    keep_alive: Interval,
    done: bool,
}

impl EventStream {
    async fn next_chunk(&mut self) -> Option<String> {
        loop {
            if let Some(chunk) = self.pending.pop_front() {
                return Some(chunk);
            }
            if self.done {
                return None;
            }
            tokio::select! {
                next = self.feed.next() => match next {
                    Ok(Some(events)) => {
                        let mut chunk = String::new();
                        for event in &events {
                            let line = EventLine::of(event);
                            self.format.push(&mut chunk, line.seq, &line.json);
                        }
                        self.pending.push_back(chunk);
                    }
                    Ok(None) => self.done = true,
                    Err(e) => {
                        // The client reconnects with `since` and misses nothing.
                        tracing::warn!(error = %crate::error::Chain(&e), "event stream failed");
                        self.done = true;
                    }
                },
                _ = self.keep_alive.tick() => {
                    self.feed.poke();
                    self.pending.push_back(self.format.keep_alive().to_owned());
                }
            }
        }
    }
}

/// One game, for players and spectators: the full game JSON first, then again after
/// every change; the stream ends after the game is over. Keep-alive every 10 s. No
/// token is needed; one client address holds at most 32 game streams open at once
/// (`--max-streams-per-address`; 429 `rate_limited` past it), and the opening rate is
/// limited per client address, or per account with a token.
#[utoipa::path(
    get,
    path = "/games/{id}/stream",
    tag = "streams",
    operation_id = "stream_game",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game, then the game again after every change, until it is over: as NDJSON (`application/x-ndjson`, the default), one game per line and an empty line as keep-alive; or, when `Accept` includes `text/event-stream`, as Server-Sent Events, each game a `data:` field, a comment as keep-alive. The schema is that of one object (one line, or one `data:`)",
            content(
                (GameJson = "application/x-ndjson"),
                (GameJson = "text/event-stream"),
            )),
        (status = 404, response = super::openapi::NotFound),
        (status = 429, response = super::openapi::TooManyRequests),
    ),
)]
pub(super) async fn game(
    State(service): State<Service>,
    State(settings): State<Arc<Settings>>,
    ClientAddr(client): ClientAddr,
    _: Throttle<ratelimit::Streams>,
    PathId(id): PathId<GameId>,
    headers: HeaderMap,
) -> Result<Response> {
    let format = Format::of(&headers);
    let slot = settings.stream_slots.take(client)?;
    let feed = service.open_game_stream(id).await?;
    let state = GameStream {
        format,
        feed,
        _slot: slot,
        keep_alive: keep_alive_timer(),
        done: false,
    };
    let body = futures_util::stream::unfold(state, |mut state| async move {
        let chunk = state.next_chunk().await?;
        Some((Ok::<Bytes, Infallible>(Bytes::from(chunk)), state))
    });
    Ok(streaming(format, Body::from_stream(body)))
}

struct GameStream {
    format: Format,
    feed: GameFeed,
    /// The client address's place, given back when the stream ends or is dropped.
    _slot: StreamSlot,
    keep_alive: Interval,
    done: bool,
}

impl GameStream {
    async fn next_chunk(&mut self) -> Option<String> {
        while !self.done {
            tokio::select! {
                next = self.feed.next() => match next {
                    Ok(Some(loaded)) => {
                        let json = serde_json::to_string(&GameJson::full(&loaded)).ok()?;
                        let mut chunk = String::new();
                        self.format.push(&mut chunk, None, &json);
                        return Some(chunk);
                    }
                    Ok(None) => self.done = true,
                    Err(e) => {
                        tracing::warn!(error = %crate::error::Chain(&e), "game stream failed");
                        self.done = true;
                    }
                },
                _ = self.keep_alive.tick() => {
                    self.feed.poke();
                    return Some(self.format.keep_alive().to_owned());
                }
            }
        }
        None
    }
}
