//! What operators and orchestrators ask of a running server: `/healthz` (the process
//! answers), `/readyz` (it can serve: the database answers and its migrations are
//! applied), `/metrics` (Prometheus), and the layer that measures every request and
//! bounds its time (docs/operations.md, "Health and metrics").

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use axum::Json;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::StreamExt;
use serde_json::json;

use super::AppState;
use crate::error::Chain;
use crate::service::Service;

/// How long `/readyz` waits for the database.
const READY_TIMEOUT: Duration = Duration::from_secs(3);

/// The routes `/healthz`, `/readyz` and `/metrics`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// The process is up: always `200 {"status": "ok"}`, without touching the database.
async fn healthz() -> Json<serde_json::Value> {
    Json(json!({"status": "ok"}))
}

/// `200 {"status": "ready"}` when the database answers and every migration is
/// applied, `503 {"status": "unavailable", "message": …}` otherwise: a load balancer
/// sends no traffic to an instance that cannot serve it.
async fn readyz(State(service): State<Service>) -> Response {
    let store = service.store();
    let check = async {
        store.ping().await.map_err(|e| Chain(&e).to_string())?;
        match store.migrations_applied().await {
            Ok(true) => Ok(()),
            Ok(false) => Err("the database migrations are not all applied".to_owned()),
            Err(e) => Err(Chain(&e).to_string()),
        }
    };
    let outcome = tokio::time::timeout(READY_TIMEOUT, check)
        .await
        .unwrap_or_else(|_| Err("the database did not answer in time".to_owned()));
    // The replica is told, not required: while it is down or lagging the primary
    // serves every read, and the instance is still ready.
    let replica = service.reads().status().map(|s| {
        json!({
            "state": s.state,
            "reads": if s.state == "streaming" { "replica" } else { "primary" },
            "lag_seconds": s.lag_seconds,
            "max_lag_seconds": s.max_lag_seconds,
            "reason": s.reason,
        })
    });
    let mut body = match &outcome {
        Ok(()) => json!({"status": "ready"}),
        Err(message) => json!({"status": "unavailable", "message": message}),
    };
    if let Some(replica) = replica {
        body["replica"] = replica;
    }
    match outcome {
        Ok(()) => Json(body).into_response(),
        Err(message) => {
            tracing::warn!(%message, "not ready");
            (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
        }
    }
}

/// The Prometheus text exposition.
async fn metrics(State(service): State<Service>) -> Response {
    let mut text = crate::metrics::render(service.store().as_ref()).await;
    if let Some(status) = service.reads().status() {
        text.push_str(&crate::metrics::replica(&status));
    }
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
        )],
        text,
    )
        .into_response()
}

/// Whether a route streams its answer without end: such routes get no request
/// timeout (docs/operations.md, "Production settings").
pub(super) fn is_streaming_route(route: &str) -> bool {
    route.ends_with("/stream") || route.ends_with("/live") || route.ends_with("/stream/events")
}

/// Whether a response is a stream (SSE or NDJSON) that stays open.
fn is_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.starts_with("text/event-stream") || v.starts_with("application/x-ndjson")
        })
}

/// Measures every request by its route template and status, counts open streams,
/// and bounds the time to a response head by the configured request timeout (except
/// on streaming routes).
///
/// The timeout is this one `tokio::time::timeout` rather than tower-http's
/// `TimeoutLayer`: that layer answers an empty body (408, or the status it is given),
/// where every error here is `{"error", "message"}` with a code (503 `timeout`); and it
/// wraps whatever router it is laid on, where the streams must be left out by their
/// route, which this middleware already knows. A layer would need a router split by
/// streaming or not and a second middleware to write the body.
pub(super) async fn observe(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    let timeout = state
        .settings
        .request_timeout
        .filter(|_| !is_streaming_route(&route));
    let response = match timeout {
        Some(limit) => {
            match tokio::time::timeout(limit, next.run(request)).await {
                Ok(response) => response,
                Err(_) => {
                    tracing::warn!(%route, ?limit, "request timed out");
                    (
                    StatusCode::SERVICE_UNAVAILABLE,
                    Json(json!({"error": "timeout", "message": "the request took too long: retry"})),
                )
                    .into_response()
                }
            }
        }
        None => next.run(request).await,
    };
    crate::metrics::request_answered(
        &method,
        &route,
        response.status().as_u16(),
        started.elapsed(),
    );
    if is_stream(response.headers()) {
        let open = crate::metrics::stream_opened(&route);
        let (parts, body) = response.into_parts();
        // The guard lives as long as the body: until the client goes or the stream ends.
        let body = body.into_data_stream().map(move |chunk| {
            let _ = &open;
            chunk
        });
        return Response::from_parts(parts, Body::from_stream(body));
    }
    response
}

/// The client's address: with `trust_proxy`, the address that the trusted proxies
/// saw, which is the `hops`-th `X-Forwarded-For` entry from the right (1, the
/// right-most, for one proxy that appends as nginx's `$proxy_add_x_forwarded_for`
/// does: every entry left of it came from the client, who may write anything there).
/// With fewer entries than `hops`, the left-most, which a trusted proxy set. Without
/// `trust_proxy`, without the header, or when the chosen entry is not an address, the
/// peer of the connection.
#[must_use]
pub fn client_addr(
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    trust_proxy: bool,
    hops: usize,
) -> Option<IpAddr> {
    let forwarded = trust_proxy
        .then(|| {
            let entries: Vec<&str> = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .collect();
            let chosen = entries.get(entries.len().saturating_sub(hops.max(1)))?;
            parse_forwarded(chosen)
        })
        .flatten();
    forwarded.or(peer.map(|p| p.ip()))
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`203.0.113.7:5000`,
/// `[2001:db8::1]:5000`).
fn parse_forwarded(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// The scheme the client used: with `trust_proxy`, `X-Forwarded-Proto`; otherwise
/// `http` (seedpost itself speaks plain HTTP).
#[must_use]
pub fn client_scheme(headers: &HeaderMap, trust_proxy: bool) -> &'static str {
    let https = trust_proxy
        && headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    if https { "https" } else { "http" }
}

/// The peer address axum recorded for the connection, if served with connect info.
pub(super) fn peer(request: &axum::http::Request<Body>) -> Option<SocketAddr> {
    request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_client_address_is_the_one_the_trusted_proxies_added() {
        let mut headers = HeaderMap::new();
        // The client wrote the first entry; the proxy appended the address it saw.
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("6.6.6.6, 203.0.113.7"),
        );
        headers.insert("x-forwarded-proto", HeaderValue::from_static("https"));
        let peer: SocketAddr = "10.0.0.2:5000".parse().expect("an address");
        let ip = |text: &str| text.parse::<IpAddr>().ok();
        assert_eq!(
            client_addr(&headers, Some(peer), true, 1),
            ip("203.0.113.7")
        );
        assert_eq!(client_addr(&headers, Some(peer), true, 2), ip("6.6.6.6"));
        assert_eq!(
            client_addr(&headers, Some(peer), true, 3),
            ip("6.6.6.6"),
            "fewer entries than hops: the left-most"
        );
        assert_eq!(client_addr(&headers, Some(peer), false, 1), Some(peer.ip()));
        // Several header lines read as one list, in order.
        headers.append(
            "x-forwarded-for",
            HeaderValue::from_static("[2001:db8::7]:443"),
        );
        assert_eq!(
            client_addr(&headers, Some(peer), true, 1),
            ip("2001:db8::7")
        );
        headers.insert("x-forwarded-for", HeaderValue::from_static("unknown"));
        assert_eq!(client_addr(&headers, Some(peer), true, 1), Some(peer.ip()));
        assert_eq!(client_scheme(&headers, true), "https");
        assert_eq!(client_scheme(&headers, false), "http");
    }

    #[test]
    fn streaming_routes_have_no_timeout() {
        assert!(is_streaming_route("/api/v1/games/{id}/stream"));
        assert!(is_streaming_route("/api/v1/stream/events"));
        assert!(is_streaming_route("/games/{id}/live"));
        assert!(!is_streaming_route("/api/v1/games/{id}/moves"));
    }
}
