//! Connections: accepting them within limits, closing the idle and half-sent ones,
//! and shutting down gracefully (SECURITY.md, "Connections").
//!
//! A connection whose first request is a `GET` of a streaming route is served by
//! `super::streamconn`, which holds no buffer while the stream is open; every other
//! connection by hyper.
//!
//! hyper serves each connection (HTTP/1.1) with a header-read timeout: the time a
//! client has to send a whole request head, counted from the moment the server waits
//! for one, so also the time an idle keep-alive connection (or one that never sends
//! anything) stays open. A response in progress, such as an event stream, is not
//! affected: while it is being written the server waits for no head.
//!
//! Connections are capped per client address (the peer; behind a trusted proxy every
//! connection comes from the proxy, which then does that job) and in all, below the
//! process's file-descriptor limit: past a cap a new connection gets a short `503`
//! and is closed at once, so that the process never runs out of descriptors and the
//! connections it holds keep being served.

use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;
use tower::ServiceExt;

use super::streamconn::{self, First};

/// The request head (request line and headers) every connection is refused from:
/// 64 KiB. It is answered `431 Request Header Fields Too Large` and closed, so that a
/// connection costs less than this in buffer while its head is being sent (hyper's
/// default buffer, about 400 KiB, let 60 connections hold 23 MiB).
pub const MAX_HEAD_BYTES: usize = 64 * 1024;

/// hyper's read buffer (`max_buf_size`): half of [`MAX_HEAD_BYTES`]. hyper refuses a
/// head once its buffer holds this much without a whole head, but one read may fill
/// the buffer past it (to below twice as much): a head of up to 32 KiB is always
/// served, one of 64 KiB or more always refused, and one between is refused or not as
/// its bytes happen to arrive.
const READ_BUFFER: usize = MAX_HEAD_BYTES / 2;

/// The limits on connections.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// How long a client has to send a request head, and how long an idle
    /// connection stays open.
    pub header_timeout: Duration,
    /// Connections open at once, in all.
    pub max_connections: usize,
    /// Connections open at once from one client address; 0 for no cap.
    pub per_address: usize,
}

impl ConnectionLimits {
    /// The header timeout when not configured: 10 s.
    pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

    /// The cap per address when not configured: 64.
    pub const PER_ADDRESS: usize = 64;

    /// Descriptors kept for everything but client connections: the database pool,
    /// the SQLite files, webhook deliveries, mail, logs.
    pub const RESERVED_DESCRIPTORS: u64 = 128;

    /// The connections a process may hold with `descriptors` file descriptors:
    /// all but [`ConnectionLimits::RESERVED_DESCRIPTORS`], at least 16.
    #[must_use]
    pub fn max_for_descriptors(descriptors: u64) -> usize {
        let free = descriptors
            .saturating_sub(Self::RESERVED_DESCRIPTORS)
            .max(16);
        usize::try_from(free).unwrap_or(usize::MAX)
    }

    /// The limits with the cap in all derived from this process's descriptor limit
    /// (its soft `RLIMIT_NOFILE`; 1024 when unknown).
    #[must_use]
    pub fn for_this_process(header_timeout: Duration, per_address: usize) -> ConnectionLimits {
        ConnectionLimits {
            header_timeout,
            max_connections: Self::max_for_descriptors(descriptor_limit().unwrap_or(1024)),
            per_address,
        }
    }
}

impl Default for ConnectionLimits {
    fn default() -> ConnectionLimits {
        ConnectionLimits::for_this_process(Self::HEADER_TIMEOUT, Self::PER_ADDRESS)
    }
}

/// The process's soft limit on open file descriptors, if it has one.
#[must_use]
pub fn descriptor_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        rustix::process::getrlimit(rustix::process::Resource::Nofile).current
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The open connections of each client address.
#[derive(Default)]
struct PerAddress(Mutex<HashMap<IpAddr, usize>>);

/// One open connection of an address; counted until dropped.
struct AddressSlot {
    table: Arc<PerAddress>,
    ip: IpAddr,
}

impl PerAddress {
    fn take(table: &Arc<PerAddress>, ip: IpAddr, cap: usize) -> Option<AddressSlot> {
        let mut open = table
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(ip).or_default();
        if cap > 0 && *count >= cap {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            table: Arc::clone(table),
            ip,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self
            .table
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// What a connection past a cap is told before it is closed.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
    Content-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n\
    Content-Length: 64\r\n\r\n\
    {\"error\":\"unavailable\",\"message\":\"too many connections: retry\"}\n";

/// Tells a connection past a cap so, without waiting for it, and closes it.
fn refuse(stream: &TcpStream) {
    let _ = stream.try_write(REFUSED);
}

/// Serves `app` on `listener` within `limits` (the cap per address only when
/// `per_address_applies`: not behind a proxy) until `shutdown` completes; then calls
/// `stopping` (to end the streams), stops accepting, and waits for the connections
/// in flight to finish.
///
/// # Errors
/// None yet: accept errors are logged and retried (too many open files: after a
/// pause).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    per_address_applies: bool,
    shutdown: impl Future<Output = ()> + Send + 'static,
    stopping: impl FnOnce(),
) -> std::io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(READ_BUFFER)
        .keep_alive(true);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    // Every connection's task, to wait for at shutdown; and the signal that ends the
    // connections still waiting for their first byte.
    let tasks = TaskTracker::new();
    let closing = CancellationToken::new();
    let opening = Arc::new(Semaphore::new(streamconn::OPENING_AT_ONCE));
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let address_cap = if per_address_applies {
        limits.per_address
    } else {
        0
    };
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(&e).await;
                    continue;
                }
            },
        };
        let Ok(permit) = Arc::clone(&open).try_acquire_owned() else {
            tracing::debug!(%peer, "connection refused: too many connections");
            crate::metrics::connection_refused("total");
            refuse(&stream);
            continue;
        };
        let Some(slot) = PerAddress::take(&per_address, peer.ip(), address_cap) else {
            tracing::debug!(%peer, "connection refused: too many from this address");
            crate::metrics::connection_refused("address");
            refuse(&stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = app.clone();
        let http = http.clone();
        let watcher = graceful.watcher();
        let idle = closing.clone();
        let timeout = limits.header_timeout;
        let opening = Arc::clone(&opening);
        tasks.spawn(async move {
            let first = tokio::select! {
                () = idle.cancelled() => None,
                first = streamconn::first(&stream, timeout) => first,
            };
            match first {
                None => {}
                Some(First::Stream) => {
                    Box::pin(streamconn::serve(stream, router, peer, timeout, opening)).await;
                }
                Some(First::Other) => {
                    Box::pin(serve_hyper(&http, watcher, stream, router, peer)).await;
                }
            }
            drop(slot);
            drop(permit);
        });
    }
    closing.cancel();
    stopping();
    drop(listener);
    graceful.shutdown().await;
    tasks.close();
    tasks.wait().await;
    Ok(())
}

/// Serves a connection with hyper: every request on it, one after another.
async fn serve_hyper(
    http: &hyper::server::conn::http1::Builder,
    watcher: hyper_util::server::graceful::Watcher,
    stream: TcpStream,
    router: Router,
    peer: SocketAddr,
) {
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>(peer));
        router.clone().oneshot(request)
    });
    let connection = watcher.watch(http.serve_connection(TokioIo::new(stream), service));
    if let Err(e) = connection.await {
        tracing::debug!(%peer, error = %e, "connection ended");
    }
}

/// Waits after an accept error that is the server's (out of descriptors), so as not
/// to spin; a connection the client gave up is no reason to wait.
async fn accept_failed(e: &std::io::Error) {
    use std::io::ErrorKind;
    if matches!(
        e.kind(),
        ErrorKind::ConnectionAborted | ErrorKind::ConnectionReset | ErrorKind::ConnectionRefused
    ) {
        return;
    }
    tracing::warn!(error = %e, "cannot accept a connection");
    tokio::time::sleep(Duration::from_millis(100)).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_stop_well_before_the_descriptors_run_out() {
        assert_eq!(ConnectionLimits::max_for_descriptors(256), 128);
        assert_eq!(ConnectionLimits::max_for_descriptors(1024), 896);
        assert_eq!(ConnectionLimits::max_for_descriptors(100), 16);
    }

    #[test]
    fn an_address_holds_at_most_its_cap_until_it_lets_go() {
        let table = Arc::new(PerAddress::default());
        let ip: IpAddr = [192, 0, 2, 1].into();
        let first = PerAddress::take(&table, ip, 2);
        let second = PerAddress::take(&table, ip, 2);
        assert!(first.is_some() && second.is_some());
        assert!(PerAddress::take(&table, ip, 2).is_none());
        assert!(PerAddress::take(&table, [192, 0, 2, 2].into(), 2).is_some());
        drop(first);
        assert!(PerAddress::take(&table, ip, 2).is_some());
    }

    #[test]
    fn the_refusal_is_a_whole_http_answer() {
        let text = std::str::from_utf8(REFUSED).unwrap_or_default();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
        assert!(
            head.contains(&format!("Content-Length: {}", body.len())),
            "{text}"
        );
    }
}
