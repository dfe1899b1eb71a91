//! The HTTP side: the router, its state, and serving with graceful shutdown.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Request, header};
use axum::response::Response;
use tokio::net::TcpListener;
use tower::{Layer, ServiceExt};
use tower_http::CompressionLevel;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::service::Service;

pub mod api;
pub mod conn;
pub mod error;
pub mod extract;
pub mod ops;
pub mod pages;
pub mod ratelimit;
pub mod reads;
mod streamconn;

/// The largest request body accepted (64 KiB).
pub const BODY_LIMIT: usize = 64 * 1024;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The use cases.
    pub service: Service,
    /// Settings that handlers need.
    pub settings: Arc<Settings>,
}

/// Settings of the HTTP layer.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// Mark cookies `Secure` (behind HTTPS).
    pub secure_cookies: bool,
    /// The API's rate limits per token, and their live buckets.
    pub rate_limiter: ratelimit::RateLimiter,
    /// The address players reach the server at (`https://seedpost.example.org`),
    /// without a trailing `/`, for absolute links; `None` when not configured.
    pub public_url: Option<String>,
    /// Believe `X-Forwarded-For` and `X-Forwarded-Proto` from a reverse proxy in
    /// front (for the client address in logs and the scheme).
    pub trust_proxy_headers: bool,
    /// How many proxies in front append to `X-Forwarded-For`: the client's address is
    /// that many entries from the right (see [`ops::client_addr`]); 0 reads as 1.
    pub proxy_hops: usize,
    /// The largest request body accepted; `None` for [`BODY_LIMIT`].
    pub body_limit: Option<usize>,
    /// The longest a request may take to its response head, except on streaming
    /// routes; `None` for no limit.
    pub request_timeout: Option<Duration>,
    /// The limits on connections: header and idle timeout, caps in all and per
    /// address.
    pub connections: conn::ConnectionLimits,
    /// The game streams open per client address, and their cap.
    pub stream_slots: ratelimit::StreamSlots,
    /// The header's count after each account's latest event, for the `/live` streams.
    pub live_counts: pages::live::LiveCounts,
}

/// The whole application's router.
pub fn app(state: AppState) -> Router {
    let trust_proxy = state.settings.trust_proxy_headers;
    let hops = state.settings.proxy_hops;
    Router::new()
        .nest(api::PREFIX, api::router())
        .merge(pages::router(state.clone()))
        .merge(ops::router())
        .fallback(pages::not_found)
        .method_not_allowed_fallback(pages::method_not_allowed)
        // The language of pages, error pages included (see `pages::lang`).
        .layer(axum::middleware::from_fn(pages::language_scope))
        // Where the request's reads may go, with a read replica (see `reads`).
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            reads::scope,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            ops::observe,
        ))
        .layer(DefaultBodyLimit::max(
            state.settings.body_limit.unwrap_or(BODY_LIMIT),
        ))
        // No inline script or style, no framing, no sniffing, no referrer elsewhere.
        .layer(always(
            header::CONTENT_SECURITY_POLICY,
            CONTENT_SECURITY_POLICY,
        ))
        .layer(always(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(always(header::REFERRER_POLICY, "same-origin"))
        .layer(always(header::X_FRAME_OPTIONS, "DENY"))
        .layer(axum::middleware::from_fn(compress))
        .layer(
            TraceLayer::new_for_http().make_span_with(move |request: &Request<_>| {
                let client =
                    ops::client_addr(request.headers(), ops::peer(request), trust_proxy, hops);
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    path = %logged_path(request.uri().path()),
                    client = client.map(tracing::field::display),
                )
            }),
        )
        .with_state(state)
}

/// A request's path as logged: without a calendar feed's secret, the URL being its
/// only credential.
fn logged_path(path: &str) -> &str {
    if path.starts_with("/calendar/") {
        "/calendar/<secret>"
    } else {
        path
    }
}

/// Middleware: answers through [`compression`], except on the streaming routes, which
/// it never compresses. A compressed body holds its encoder's state inline, about
/// 6 KiB even when it passes a body through as it is: held open by every idle player,
/// that was a fifth of a stream's memory.
async fn compress(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    if ops::is_streaming_route(request.uri().path()) {
        return next.run(request).await;
    }
    match compression().layer(next).oneshot(request).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    }
}

/// Pages, stylesheets, scripts and JSON compressed (brotli or gzip) for the clients
/// that ask: a game page shrinks several times over a phone's connection. Never the
/// event streams (SSE and NDJSON), whose every line must reach the client at once, nor
/// bodies too small to gain.
fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(4))
        .compress_when(
            DefaultPredicate::new()
                .and(NotForContentType::const_new("application/x-ndjson"))
                .and(NotForContentType::const_new("text/event-stream")),
        )
}

/// A header every response carries unless its handler set it.
fn always(name: header::HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// The Content-Security-Policy of every response: scripts and styles from this site
/// only (no inline ones), nothing embeds us. The web app manifest and the service
/// worker come from this site too (without `manifest-src` the browser may not read
/// the manifest, and the site is not installable).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; manifest-src 'self'; \
     worker-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Serves `state` on `listener` until `shutdown` completes, then finishes the
/// requests in flight (see [`conn::serve`] for the limits on connections).
///
/// # Errors
/// I/O errors of the listener.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let service = state.service.clone();
    let limits = state.settings.connections;
    let direct = !state.settings.trust_proxy_headers;
    // Event and game streams never end by themselves: end them at shutdown, or
    // graceful shutdown would wait for them forever.
    conn::serve(listener, app(state), limits, direct, shutdown, move || {
        service.close_streams();
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_calendar_feeds_secret_is_not_logged() {
        assert_eq!(logged_path("/calendar/0123abcd.ics"), "/calendar/<secret>");
        assert_eq!(logged_path("/games/42"), "/games/42");
    }
}
