//! Stream connections: a connection whose first request is a `GET` of a streaming
//! route (an account's event stream, a game stream, a page's `/live`) is served here
//! rather than by hyper, through the same router and so the same middleware, limits
//! and handlers.
//!
//! Why: an idle player holds a stream open for hours, and hyper keeps an 8 KiB read
//! buffer and an 8 KiB write buffer for every connection it serves, with no setting
//! below that (`bench/README.md`, "Event streams"): 160 MiB for 10,000 idle players,
//! most of what they cost. Here the request head is read into a buffer freed once it
//! is parsed, and each event is written as it comes, so a stream holds its socket and
//! its handler's state and nothing more.
//!
//! The answer to a stream request is the connection's last: it says `Connection:
//! close`, its body is chunked (HTTP/1.1) or runs to the close (HTTP/1.0), and the
//! connection closes when the body ends, when the client closes its side, or when it
//! sends anything more. Everything that is not a whole request line of a `GET` of a
//! streaming route in the connection's first bytes goes to hyper, which serves it as
//! before; so does any request after the first on a connection hyper serves.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{HeaderName, HeaderValue, Method, Request, Response, StatusCode, Version};
use http_body_util::BodyExt;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tower::ServiceExt;

use super::conn::MAX_HEAD_BYTES;
use super::ops::is_streaming_route;

/// The most headers a stream request may have (hyper's default, too).
const MAX_HEADERS: usize = 100;

/// How much of a connection's first bytes is looked at for its request line.
const PEEK: usize = 2048;

/// How many stream requests are handled at once up to their response head (the rest
/// wait their turn, holding only their parsed head). Opening a stream reads its
/// snapshot from the database, whose pool serves a few at a time anyway; ten thousand
/// players opening theirs at once (a restart) would otherwise hold ten thousand
/// handlers' futures and queries in memory together, and the heap they leave behind
/// stays resident after they are done (bench/README.md, "Event streams").
pub(super) const OPENING_AT_ONCE: usize = 32;

/// Whether a connection's first request is one for this module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum First {
    /// A `GET` of a streaming route: served by [`serve`].
    Stream,
    /// Anything else, or a request line not yet whole: served by hyper.
    Other,
}

/// Which server a connection's first request is for, from its first bytes: `None` if
/// the client sent nothing within `timeout` or closed the connection.
pub(super) async fn first(stream: &TcpStream, timeout: Duration) -> Option<First> {
    let mut bytes = vec![0; PEEK];
    let seen = match tokio::time::timeout(timeout, stream.peek(&mut bytes)).await {
        Ok(Ok(n)) if n > 0 => n,
        _ => return None,
    };
    Some(classify(&bytes[..seen]))
}

/// [`First`] of a connection that began with `bytes`.
fn classify(bytes: &[u8]) -> First {
    let Some(end) = bytes.windows(2).position(|w| w == b"\r\n") else {
        return First::Other;
    };
    let Ok(line) = std::str::from_utf8(&bytes[..end]) else {
        return First::Other;
    };
    let mut parts = line.split(' ');
    let (Some("GET"), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return First::Other;
    };
    let path = target.split_once('?').map_or(target, |(path, _)| path);
    if path.starts_with('/')
        && is_streaming_route(path)
        && matches!(version, "HTTP/1.1" | "HTTP/1.0")
    {
        First::Stream
    } else {
        First::Other
    }
}

/// Why a stream request's head is refused before the application sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Refused {
    /// Not a request head, or one with a body.
    Malformed,
    /// [`MAX_HEAD_BYTES`] or more, or more than [`MAX_HEADERS`] headers.
    TooLarge,
}

/// Serves the one stream request `stream` begins with through `router`: reads its
/// head (within `timeout`), answers, and writes the body as it comes until it ends or
/// the client goes.
pub(super) async fn serve(
    mut stream: TcpStream,
    router: Router,
    peer: SocketAddr,
    timeout: Duration,
    opening: Arc<Semaphore>,
) {
    let mut request = match tokio::time::timeout(timeout, read_head(&mut stream)).await {
        Ok(Ok(Ok(Some(request)))) => request,
        Ok(Ok(Ok(None)) | Err(_)) | Err(_) => return,
        Ok(Ok(Err(refused))) => {
            let _ = stream.write_all(refusal(refused)).await;
            return;
        }
    };
    let http10 = request.version() == Version::HTTP_10;
    request
        .extensions_mut()
        .insert(ConnectInfo::<SocketAddr>(peer));
    let Ok(turn) = opening.acquire_owned().await else {
        return;
    };
    let Ok(response) = router.oneshot(request).await;
    drop(turn);
    if let Err(e) = write_response(&mut stream, response, http10).await {
        tracing::debug!(%peer, error = %e, "stream connection ended");
    }
}

/// Reads a request head from `stream`: `None` if the client closed first.
async fn read_head(
    stream: &mut TcpStream,
) -> std::io::Result<Result<Option<Request<Body>>, Refused>> {
    let mut buffer = Vec::with_capacity(1024);
    loop {
        if buffer.len() >= MAX_HEAD_BYTES {
            return Ok(Err(Refused::TooLarge));
        }
        buffer.reserve(1024);
        if stream.read_buf(&mut buffer).await? == 0 {
            return Ok(Ok(None));
        }
        match parse_head(&buffer) {
            Ok(Some(request)) => return Ok(Ok(Some(request))),
            Ok(None) => {}
            Err(refused) => return Ok(Err(refused)),
        }
    }
}

/// The request whose head `bytes` begin with, `None` while it is not whole.
fn parse_head(bytes: &[u8]) -> Result<Option<Request<Body>>, Refused> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut head = httparse::Request::new(&mut headers);
    match head.parse(bytes) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => return Err(Refused::TooLarge),
        Err(_) => return Err(Refused::Malformed),
    }
    let (Some(path), Some(minor)) = (head.path, head.version) else {
        return Err(Refused::Malformed);
    };
    if head.method != Some("GET") {
        return Err(Refused::Malformed);
    }
    let mut request = Request::builder()
        .method(Method::GET)
        .uri(path)
        .version(if minor == 0 {
            Version::HTTP_10
        } else {
            Version::HTTP_11
        });
    for header in head.headers.iter() {
        let name =
            HeaderName::from_bytes(header.name.as_bytes()).map_err(|_| Refused::Malformed)?;
        let value = HeaderValue::from_bytes(header.value).map_err(|_| Refused::Malformed)?;
        let has_body = name == axum::http::header::TRANSFER_ENCODING
            || (name == axum::http::header::CONTENT_LENGTH && value.as_bytes() != b"0");
        if has_body {
            return Err(Refused::Malformed);
        }
        request = request.header(name, value);
    }
    request
        .body(Body::empty())
        .map(Some)
        .map_err(|_| Refused::Malformed)
}

/// The whole answer to a refused head; the connection closes after it.
fn refusal(refused: Refused) -> &'static [u8] {
    match refused {
        Refused::Malformed => {
            b"HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\n\
            Connection: close\r\nContent-Length: 65\r\n\r\n\
            {\"error\":\"malformed_request\",\"message\":\"malformed request head\"}\n"
        }
        Refused::TooLarge => {
            b"HTTP/1.1 431 Request Header Fields Too Large\r\n\
            Content-Type: application/json\r\nConnection: close\r\nContent-Length: 87\r\n\r\n\
            {\"error\":\"request_head_too_large\",\"message\":\"the request head is 65536 bytes or more\"}\n"
        }
    }
}

/// Writes `response`'s head, then its body frame by frame until it ends, stopping
/// early when the client closes its side or sends more.
async fn write_response(
    stream: &mut TcpStream,
    response: Response<Body>,
    http10: bool,
) -> std::io::Result<()> {
    let (parts, mut body) = response.into_parts();
    let length = http_body::Body::size_hint(&body).exact();
    let chunked = length.is_none() && !http10;
    stream.write_all(&head(&parts, length, chunked)).await?;
    drop(parts);
    let (mut reader, mut writer) = stream.split();
    loop {
        let frame = tokio::select! {
            frame = body.frame() => frame,
            () = client_gone(&mut reader) => return Ok(()),
        };
        match frame {
            None => break,
            Some(Err(e)) => return Err(std::io::Error::other(e)),
            Some(Ok(frame)) => {
                let Ok(data) = frame.into_data() else {
                    continue;
                };
                if data.is_empty() {
                    continue;
                }
                if chunked {
                    let mut out = Vec::with_capacity(data.len() + 12);
                    out.extend_from_slice(format!("{:x}\r\n", data.len()).as_bytes());
                    out.extend_from_slice(&data);
                    out.extend_from_slice(b"\r\n");
                    writer.write_all(&out).await?;
                } else {
                    writer.write_all(&data).await?;
                }
            }
        }
    }
    if chunked {
        writer.write_all(b"0\r\n\r\n").await?;
    }
    writer.shutdown().await
}

/// Completes when the client closes its side of the connection, sends anything (no
/// request may follow a stream's), or the connection fails.
async fn client_gone(reader: &mut tokio::net::tcp::ReadHalf<'_>) {
    let mut byte = [0; 1];
    let _ = reader.read(&mut byte).await;
}

/// The response head: status line, the handler's headers, `Date`, the framing and
/// `Connection: close`.
fn head(parts: &axum::http::response::Parts, length: Option<u64>, chunked: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(512);
    let status: StatusCode = parts.status;
    out.extend_from_slice(b"HTTP/1.1 ");
    out.extend_from_slice(status.as_str().as_bytes());
    out.push(b' ');
    out.extend_from_slice(status.canonical_reason().unwrap_or("").as_bytes());
    out.extend_from_slice(b"\r\n");
    for (name, value) in &parts.headers {
        if matches!(
            *name,
            axum::http::header::CONNECTION
                | axum::http::header::TRANSFER_ENCODING
                | axum::http::header::CONTENT_LENGTH
        ) {
            continue;
        }
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    if !parts.headers.contains_key(axum::http::header::DATE) {
        out.extend_from_slice(b"date: ");
        out.extend_from_slice(httpdate::fmt_http_date(std::time::SystemTime::now()).as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    if let Some(length) = length {
        out.extend_from_slice(format!("content-length: {length}\r\n").as_bytes());
    } else if chunked {
        out.extend_from_slice(b"transfer-encoding: chunked\r\n");
    }
    out.extend_from_slice(b"connection: close\r\n\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_whole_request_line_getting_a_streaming_route_is_a_stream() {
        for line in [
            "GET /api/v1/stream/events HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /api/v1/games/0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88/stream?x=1 HTTP/1.1\r\n",
            "GET /live HTTP/1.0\r\n",
            "GET /games/42/live HTTP/1.1\r\n",
        ] {
            assert_eq!(classify(line.as_bytes()), First::Stream, "{line}");
        }
        for line in [
            "GET /api/v1/stream/events HTTP/1.1",
            "GET /api/v1/stream/ev",
            "G",
            "POST /live HTTP/1.1\r\n",
            "HEAD /live HTTP/1.1\r\n",
            "GET /healthz HTTP/1.1\r\n",
            "GET /live HTTP/2.0\r\n",
            "GET /live  HTTP/1.1\r\n",
            "GET http://x/live HTTP/1.1\r\n",
            "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
        ] {
            assert_eq!(classify(line.as_bytes()), First::Other, "{line}");
        }
    }

    #[test]
    fn a_head_is_parsed_once_whole_and_refused_with_a_body() {
        let whole = b"GET /live?x=1 HTTP/1.1\r\nHost: x\r\nCookie: a=b\r\n\r\n";
        assert!(matches!(parse_head(&whole[..20]), Ok(None)));
        let Ok(Some(request)) = parse_head(whole) else {
            panic!("a whole head is a request");
        };
        assert_eq!(request.uri(), "/live?x=1");
        assert_eq!(request.version(), Version::HTTP_11);
        assert_eq!(request.headers()["cookie"], "a=b");
        let with_body = b"GET /live HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc";
        assert_eq!(parse_head(with_body).err(), Some(Refused::Malformed));
        let chunked = b"GET /live HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n";
        assert_eq!(parse_head(chunked).err(), Some(Refused::Malformed));
        let many: String = (0..=MAX_HEADERS).map(|i| format!("X-{i}: y\r\n")).collect();
        let crowded = format!("GET /live HTTP/1.1\r\n{many}\r\n");
        assert_eq!(
            parse_head(crowded.as_bytes()).err(),
            Some(Refused::TooLarge)
        );
    }

    #[test]
    fn each_refusal_is_a_whole_http_answer() {
        for refused in [Refused::Malformed, Refused::TooLarge] {
            let text = std::str::from_utf8(refusal(refused)).unwrap_or_default();
            let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
            assert!(
                head.contains(&format!("Content-Length: {}", body.len())),
                "{text}"
            );
        }
    }

    #[test]
    fn a_stream_answer_is_chunked_and_the_connections_last() {
        let response = Response::builder()
            .status(StatusCode::OK)
            .header("content-type", "text/event-stream")
            .header("connection", "keep-alive")
            .body(())
            .unwrap_or_default();
        let (parts, ()) = response.into_parts();
        let text = String::from_utf8(head(&parts, None, true)).unwrap_or_default();
        assert!(text.starts_with("HTTP/1.1 200 OK\r\n"), "{text}");
        assert!(
            text.contains("content-type: text/event-stream\r\n"),
            "{text}"
        );
        assert!(text.contains("transfer-encoding: chunked\r\n"), "{text}");
        assert!(text.contains("\r\ndate: "), "{text}");
        assert!(text.ends_with("connection: close\r\n\r\n"), "{text}");
        assert!(!text.contains("keep-alive"), "{text}");
        let sized = String::from_utf8(head(&parts, Some(7), false)).unwrap_or_default();
        assert!(sized.contains("content-length: 7\r\n"), "{sized}");
        assert!(!sized.contains("chunked"), "{sized}");
    }
}
