//! Extractors that parse requests into domain values or a clear [`Error`].

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{
    ConnectInfo, FromRef, FromRequest, FromRequestParts, MatchedPath, OptionalFromRequest, Request,
};
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::{AppState, BODY_LIMIT, Settings};
use crate::domain::{Account, AccountId, LINES_FIELDS, check_lines, check_text};
use crate::error::Error;
use crate::service::Service;

impl FromRef<AppState> for Service {
    fn from_ref(state: &AppState) -> Service {
        state.service.clone()
    }
}

impl FromRef<AppState> for Arc<Settings> {
    fn from_ref(state: &AppState) -> Arc<Settings> {
        state.settings.clone()
    }
}

/// The client's address (see [`super::ops::client_addr`]): the `X-Forwarded-For`
/// entry the trusted proxies added when proxy headers are trusted, else the
/// connection's peer; `None` when unknown.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub Option<IpAddr>);

impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &S,
    ) -> Result<ClientAddr, std::convert::Infallible> {
        let settings = Arc::<Settings>::from_ref(state);
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        Ok(ClientAddr(super::ops::client_addr(
            &parts.headers,
            peer,
            settings.trust_proxy_headers,
            settings.proxy_hops,
        )))
    }
}

/// The account of a valid `Authorization: Bearer <token>`, or 401.
#[derive(Debug, Clone)]
pub struct Auth(pub Account);

/// The account of a valid bearer token if one is given; 401 for a bad one.
#[derive(Debug, Clone)]
pub struct MaybeAuth(pub Option<Account>);

/// The secret of `Authorization: Bearer <token>`: `Ok(None)` without the header,
/// 401 for one that is not a bearer token.
pub fn bearer_secret(headers: &HeaderMap) -> Result<Option<&str>, Error> {
    let Some(value) = headers.get(AUTHORIZATION) else {
        return Ok(None);
    };
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.len() <= 200)
        .map(Some)
        .ok_or(Error::Unauthorized)
}

/// The account a request's bearer token was verified for, left in its extensions
/// by [`Auth`] and [`MaybeAuth`]: what rate limits are keyed by, never the token
/// string as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Verified(pub AccountId);

/// The account of the request's bearer token, if one is sent, once the token is found
/// to hold the scope the route needs (see [`super::api::required_scope`]; a token
/// with every scope, as every token made before scopes existed, passes everywhere).
async fn bearer(parts: &mut Parts, service: &Service) -> Result<Option<Account>, Error> {
    let (account, scopes) = match bearer_secret(&parts.headers)? {
        Some(secret) => service.authenticate(secret).await?,
        None => return Ok(None),
    };
    parts.extensions.insert(Verified(account.id));
    if !scopes.is_all() {
        let needed = parts
            .extensions
            .get::<MatchedPath>()
            .and_then(|matched| super::api::required_scope(&parts.method, matched.as_str()));
        match needed {
            Some(scope) if scopes.allows(scope) => {}
            Some(scope) => return Err(Error::MissingScope(scope)),
            None => {
                return Err(Error::Forbidden(
                    "this route takes only a token with every scope",
                ));
            }
        }
    }
    Ok(Some(account))
}

impl<S> FromRequestParts<S> for Auth
where
    S: Send + Sync,
    Service: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Auth, Error> {
        let service = Service::from_ref(state);
        bearer(parts, &service)
            .await?
            .map(Auth)
            .ok_or(Error::Unauthorized)
    }
}

impl<S> FromRequestParts<S> for MaybeAuth
where
    S: Send + Sync,
    Service: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<MaybeAuth, Error> {
        let service = Service::from_ref(state);
        bearer(parts, &service).await.map(MaybeAuth)
    }
}

/// A JSON body, with rejections turned into [`Error`]s.
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<ApiJson<T>, Error> {
        let (parts, body) = req.into_parts();
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| {
                if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    Error::PayloadTooLarge(BODY_LIMIT)
                } else {
                    Error::bad_request("malformed_json", e.body_text())
                }
            })?;
        let req = Request::from_parts(parts, axum::body::Body::from(bytes.clone()));
        let value = match <axum::Json<T> as FromRequest<S>>::from_request(req, state).await {
            Ok(axum::Json(value)) => value,
            Err(rejection) => return Err(json_error(&rejection)),
        };
        let tree: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|e| Error::bad_request("malformed_json", e.to_string()))?;
        match refused_in_json(&tree, "") {
            Some(field) => Err(Error::refused_text(&field)),
            None => Ok(ApiJson(value)),
        }
    }
}

/// An optional JSON body (`Option<ApiJson<T>>`): `None` for an empty body, whatever
/// its headers; anything else is read as [`ApiJson`] reads it.
impl<T, S> OptionalFromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request(req: Request, state: &S) -> Result<Option<ApiJson<T>>, Error> {
        let (parts, body) = req.into_parts();
        let bytes = Bytes::from_request(Request::from_parts(parts.clone(), body), state)
            .await
            .map_err(|e| {
                if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    Error::PayloadTooLarge(BODY_LIMIT)
                } else {
                    Error::bad_request("malformed_json", e.body_text())
                }
            })?;
        if bytes.is_empty() {
            return Ok(None);
        }
        let req = Request::from_parts(parts, axum::body::Body::from(bytes));
        <ApiJson<T> as FromRequest<S>>::from_request(req, state)
            .await
            .map(Some)
    }
}

/// The path (`a.b[2]`) of the first key or string of `value` that holds a refused
/// character (`domain::refused_char`), if any.
fn refused_in_json(value: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value;
    match value {
        Value::String(s) => check_text(s).is_err().then(|| at.to_owned()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| refused_in_json(v, &format!("{at}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(k, v)| {
            let lines = at.is_empty() && LINES_FIELDS.contains(&k.as_str());
            let at = if at.is_empty() {
                k.clone()
            } else {
                format!("{at}.{k}")
            };
            if check_text(k).is_err() {
                Some(at)
            } else if let (true, Value::String(s)) = (lines, v) {
                check_lines(s).is_err().then_some(at)
            } else {
                refused_in_json(v, &at)
            }
        }),
        Value::Null | Value::Bool(_) | Value::Number(_) => None,
    }
}

/// The name of the first field of an `application/x-www-form-urlencoded` text (a
/// query string or a form's body) whose name or value holds a refused character
/// (`domain::refused_char`), if any; `None` too for a text that does not decode (its
/// own parser refuses it then).
pub fn refused_in_form(encoded: &[u8]) -> Option<String> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(encoded).ok()?;
    pairs
        .into_iter()
        .find(|(k, v)| {
            let value = if LINES_FIELDS.contains(&k.as_str()) {
                check_lines(v)
            } else {
                check_text(v)
            };
            check_text(k).is_err() || value.is_err()
        })
        .map(|(k, _)| k)
}

fn json_error(rejection: &JsonRejection) -> Error {
    match rejection {
        JsonRejection::JsonDataError(e) => Error::unprocessable("invalid_body", e.body_text()),
        JsonRejection::JsonSyntaxError(e) => Error::bad_request("malformed_json", e.body_text()),
        JsonRejection::MissingJsonContentType(_) => Error::UnsupportedMediaType,
        JsonRejection::BytesRejection(e)
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE =>
        {
            Error::PayloadTooLarge(BODY_LIMIT)
        }
        other => Error::bad_request("malformed_json", other.body_text()),
    }
}

/// A path parameter parsed with `FromStr`; anything unparsable is a 404, as an id that
/// names nothing.
#[derive(Debug, Clone)]
pub struct PathId<T>(pub T);

impl<T, S> FromRequestParts<S> for PathId<T>
where
    T: std::str::FromStr + Send,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PathId<T>, Error> {
        let axum::extract::Path(raw) =
            axum::extract::Path::<String>::from_request_parts(parts, state)
                .await
                .map_err(|_: PathRejection| Error::NotFound("resource"))?;
        // No name or id holds a control character: such a path names nothing.
        if check_text(&raw).is_err() {
            return Err(Error::NotFound("resource"));
        }
        raw.parse()
            .map(PathId)
            .map_err(|_| Error::NotFound("resource"))
    }
}

/// A query string, with rejections turned into [`Error`]s.
#[derive(Debug, Clone)]
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ApiQuery<T>, Error> {
        if let Some(field) = refused_in_form(parts.uri.query().unwrap_or("").as_bytes()) {
            return Err(Error::refused_text(&field));
        }
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(q)| ApiQuery(q))
            .map_err(|e: QueryRejection| Error::bad_request("invalid_query", e.body_text()))
    }
}

/// The address players reach the server at, without a trailing `/`, for absolute
/// links: `--public-url` when set; otherwise built from the request's scheme (see
/// [`super::ops::client_scheme`]) and `Host` header.
#[derive(Debug, Clone)]
pub struct PublicBase(pub String);

impl<S> FromRequestParts<S> for PublicBase
where
    S: Send + Sync,
    Arc<Settings>: FromRef<S>,
{
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PublicBase, Error> {
        let settings = Arc::<Settings>::from_ref(state);
        if let Some(url) = &settings.public_url {
            return Ok(PublicBase(url.trim_end_matches('/').to_owned()));
        }
        let host = parts
            .headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| {
                !h.is_empty()
                    && h.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
            })
            .unwrap_or("localhost");
        let scheme = super::ops::client_scheme(&parts.headers, settings.trust_proxy_headers);
        Ok(PublicBase(format!("{scheme}://{host}")))
    }
}
