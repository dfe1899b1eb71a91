//! The HTTP side: the router, its state, and serving with graceful shutdown.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Request;
use tokio::net::TcpListener;
use tower_http::trace::TraceLayer;

use crate::service::Service;

pub mod api;
pub mod error;
pub mod extract;

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
}

/// The whole application's router.
pub fn app(state: AppState) -> Router {
    Router::new()
        .nest("/api/v1", api::router())
        .fallback(error::not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                tracing::info_span!(
                    "request",
                    method = %request.method(),
                    path = %request.uri().path(),
                )
            }),
        )
        .with_state(state)
}

/// Serves `state` on `listener` until `shutdown` completes, then finishes the
/// requests in flight.
///
/// # Errors
/// I/O errors of the listener.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Runs the timeout sweeper every `every` until `stop` resolves.
pub async fn sweep_forever(service: Service, every: Duration, stop: impl Future<Output = ()>) {
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => return,
            _ = ticks.tick() => {
                if let Err(e) = service.sweep_timeouts().await {
                    tracing::warn!(error = %e, "timeout sweep failed");
                }
            }
        }
    }
}
