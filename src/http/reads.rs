//! Where each request's reads may go when a read replica is configured (see
//! [`crate::store::replica`]), and the read position a client carries after it
//! writes (docs/operations.md, "A read replica").
//!
//! Read your writes holds across instances by the client's read position, not by a
//! pin in one instance's memory: after a request that writes (any method but `GET`
//! and `HEAD`, answered below 400), the answer carries the primary's log position
//! then, as the `seedpost_lsn` cookie and the `Seedpost-Lsn` header. A request that
//! brings one back (cookie or header) reads the replica only once the replica has
//! replayed that far; any instance can tell, as the position is the primary's. An API
//! client that keeps neither still reads its writes on the instance it wrote through:
//! the instance keeps each credential's last position for [`PIN_TTL`].
//!
//! A page's script that reads again because a stream told it of a change (the game
//! page's board, the home page's lists) asks for the primary with `Seedpost-Read:
//! primary` ([`READ_HEADER`]): what it reads must not be older than the notice, which
//! came from the primary.

use std::hash::BuildHasher;
use std::sync::LazyLock;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::Response;

use super::AppState;
use super::pages::session::{cookie, set_cookie};
use crate::store::replica::{Lsn, PIN_TTL, ReadScope, scoped};

/// The cookie carrying the client's read position.
pub const LSN_COOKIE: &str = "seedpost_lsn";

/// The header carrying the client's read position, both ways.
pub static LSN_HEADER: HeaderName = HeaderName::from_static("seedpost-lsn");

/// The header by which a request asks for every read from the primary
/// (`Seedpost-Read: primary`).
pub static READ_HEADER: HeaderName = HeaderName::from_static("seedpost-read");

/// Hashes credentials into the keys of the instance's pins (never kept in clear).
static CREDENTIAL_KEYS: LazyLock<std::hash::RandomState> =
    LazyLock::new(std::hash::RandomState::new);

/// Middleware: runs the request in the [`ReadScope`] it allows, and gives a request
/// that wrote its read position. Without a replica, it does nothing.
pub(super) async fn scope(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let reads = state.service.reads().clone();
    if !reads.has_replica() {
        return next.run(request).await;
    }
    let safe = matches!(*request.method(), Method::GET | Method::HEAD);
    let streaming = request
        .extensions()
        .get::<MatchedPath>()
        .is_some_and(|p| super::ops::is_streaming_route(p.as_str()));
    let fresh = request
        .headers()
        .get(&READ_HEADER)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"primary"));
    let key = credential_key(request.headers());
    let after = client_position(request.headers()).max(key.and_then(|k| reads.pinned(k)));
    let scope = ReadScope {
        stale_ok: safe && !streaming && !fresh,
        after,
    };
    let mut response = scoped(scope, next.run(request)).await;
    let status = response.status();
    if safe || !(status.is_success() || status.is_redirection()) {
        return response;
    }
    match reads.written().await {
        Ok(Some(lsn)) => {
            if let Some(key) = key {
                reads.pin(key, lsn);
            }
            let headers = response.headers_mut();
            let age = i64::try_from(PIN_TTL.as_secs()).unwrap_or(i64::MAX);
            headers.append(
                header::SET_COOKIE,
                set_cookie(
                    LSN_COOKIE,
                    &lsn.to_hex(),
                    Some(age),
                    state.settings.secure_cookies,
                ),
            );
            if let Ok(value) = HeaderValue::from_str(&lsn.to_hex()) {
                headers.insert(LSN_HEADER.clone(), value);
            }
        }
        Ok(None) => {}
        Err(e) => {
            // The write is done; without its position the client may read the
            // replica a moment behind it, which is what reads without a replica
            // never do: say so.
            tracing::warn!(error = %crate::error::Chain(&e), "cannot read the primary's log position after a write");
        }
    }
    response
}

/// The read position the client brings: the later of its cookie and header. One
/// that does not parse reads as "everything": the primary serves.
fn client_position(headers: &HeaderMap) -> Option<Lsn> {
    let parse = |text: &str| Some(text.trim().parse().unwrap_or(Lsn(u64::MAX)));
    let from_cookie = cookie(headers, LSN_COOKIE).and_then(|v| parse(&v));
    let from_header = headers
        .get(&LSN_HEADER)
        .map(|v| v.to_str().ok().and_then(parse).unwrap_or(Lsn(u64::MAX)));
    from_cookie.max(from_header)
}

/// The key of the request's credential: its `Authorization` header, else its session
/// cookie; `None` for a request without either.
fn credential_key(headers: &HeaderMap) -> Option<u64> {
    let credential = headers
        .get(header::AUTHORIZATION)
        .map(|v| v.as_bytes().to_vec())
        .or_else(|| cookie(headers, super::pages::SESSION_COOKIE).map(String::into_bytes))?;
    Some(CREDENTIAL_KEYS.hash_one(credential))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_later_position_of_cookie_and_header_is_the_clients() {
        let mut headers = HeaderMap::new();
        assert_eq!(client_position(&headers), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("seedpost_lsn=0000000100000010"),
        );
        assert_eq!(client_position(&headers), Some(Lsn(0x1_0000_0010)));
        headers.insert(&LSN_HEADER, HeaderValue::from_static("1/20"));
        assert_eq!(client_position(&headers), Some(Lsn(0x1_0000_0020)));
        headers.insert(&LSN_HEADER, HeaderValue::from_static("nonsense"));
        assert_eq!(
            client_position(&headers),
            Some(Lsn(u64::MAX)),
            "unreadable: the primary"
        );
    }

    #[test]
    fn a_credential_key_comes_from_the_token_or_the_session() {
        let mut headers = HeaderMap::new();
        assert_eq!(credential_key(&headers), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("seedpost_session=abc"),
        );
        let session = credential_key(&headers);
        assert!(session.is_some());
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer xyz"),
        );
        assert_ne!(credential_key(&headers), session);
    }
}
