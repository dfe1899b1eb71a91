//! Browser sessions and forms: the session cookie, the CSRF token every form carries,
//! and the extractors that check them.
//!
//! A signed-in visitor's forms carry the token stored with the session. A signed-out
//! visitor's forms (sign-up, log-in) carry the value of a random [`FORM_COOKIE`] set
//! on the first page (a double-submit token: another site can neither read the cookie
//! nor set the field).

use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::header::SET_COOKIE;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::error::PageError;
use super::view::Layout;
use crate::accounts::service::sessions::SESSION_DAYS;
use crate::domain::Lang;
use crate::domain::random_hex;
use crate::error::Error;
use crate::http::{AppState, BODY_LIMIT};
use crate::i18n::Tr;
use crate::store::Account;

/// The session cookie: 256 random bits in hex, stored on the server only as a hash.
pub const SESSION_COOKIE: &str = "seedpost_session";

/// The signed-out visitor's form token cookie.
pub const FORM_COOKIE: &str = "seedpost_form";

/// The value of cookie `name`, if sent (the last one, if sent twice).
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    CookieJar::from_headers(headers)
        .get(name)
        .map(|c| c.value().to_owned())
}

/// Whether `value` looks like one of our secrets (64 hex digits).
fn is_secret(value: &str) -> bool {
    value.len() == 64 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, Path=/, Secure when configured;
/// `max_age` in seconds (`Some(0)` deletes it, `None` lasts the browser session).
pub fn set_cookie(name: &str, value: &str, max_age: Option<i64>, secure: bool) -> HeaderValue {
    let mut cookie = Cookie::build((name, value))
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(secure)
        .build();
    if let Some(age) = max_age {
        cookie.set_max_age(cookie::time::Duration::seconds(age));
    }
    HeaderValue::from_str(&cookie.to_string()).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The session cookie for a new session.
pub fn session_cookie(secret: &str, secure: bool) -> HeaderValue {
    set_cookie(
        SESSION_COOKIE,
        secret,
        Some(SESSION_DAYS * 24 * 3600),
        secure,
    )
}

/// The header that deletes the session cookie.
pub fn clear_session_cookie(secure: bool) -> HeaderValue {
    set_cookie(SESSION_COOKIE, "", Some(0), secure)
}

/// The signed-out form token of this request.
#[derive(Debug, Clone)]
struct FormToken(String);

/// Middleware: gives every visitor a [`FORM_COOKIE`], so that signed-out forms have a
/// token to carry.
pub async fn form_cookie(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Response {
    let existing = cookie(request.headers(), FORM_COOKIE).filter(|v| is_secret(v));
    let (token, new) = match existing {
        Some(token) => (token, false),
        None => (random_hex(), true),
    };
    request.extensions_mut().insert(FormToken(token.clone()));
    let mut response = next.run(request).await;
    if new {
        response.headers_mut().append(
            SET_COOKIE,
            set_cookie(FORM_COOKIE, &token, None, state.settings.secure_cookies),
        );
    }
    response
}

/// Who is looking: the signed-in account if any, and the token their forms carry.
#[derive(Debug, Clone)]
pub struct Visitor {
    /// The signed-in account.
    pub account: Option<Account>,
    /// The CSRF token of this visitor's forms.
    pub csrf: String,
    /// The session cookie's secret, when signed in.
    pub session: Option<String>,
    /// What waits for the signed-in account: its turns and the challenges to answer.
    pub waiting: super::view::Waiting,
    /// The language of this visitor's pages (see [`super::lang`] for how it is chosen).
    pub lang: Lang,
}

impl Visitor {
    /// The signed-in account, or 401.
    ///
    /// # Errors
    /// [`Error::Unauthorized`] when signed out.
    pub fn require(&self) -> Result<&Account, PageError> {
        self.account.as_ref().ok_or(PageError(Error::Unauthorized))
    }

    /// The translator of this visitor's language: `visitor.tr().t("home-title")`
    /// (see [`crate::i18n`]).
    #[must_use]
    pub fn tr(&self) -> Tr {
        Tr::new(self.lang)
    }

    /// The layout of a page with this title (already translated: `&tr.t("...")`)
    /// for this visitor.
    #[must_use]
    pub fn layout(&self, title: &str) -> Layout {
        Layout {
            waiting: self.waiting,
            tr: self.tr(),
            ..Layout::new(
                title,
                self.account.as_ref().map(|a| a.username.to_string()),
                &self.csrf,
            )
        }
    }
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Visitor, PageError> {
        if let Some(visitor) = parts.extensions.get::<Visitor>() {
            return Ok(visitor.clone());
        }
        let form_token = parts
            .extensions
            .get::<FormToken>()
            .map(|t| t.0.clone())
            .unwrap_or_default();
        let secret = cookie(&parts.headers, SESSION_COOKIE).filter(|v| is_secret(v));
        let session = match &secret {
            Some(secret) => state.service.session(secret).await?,
            None => None,
        };
        let offers = super::lang::offers(parts);
        let lang = offers.choose(session.as_ref().and_then(|s| s.language));
        let visitor = match session {
            Some(session) => Visitor {
                lang,
                // The header's count: a page still shows if it cannot be read.
                waiting: super::view::Waiting::of(state, &session.account).await,
                account: Some(session.account),
                csrf: session.csrf,
                session: secret,
            },
            None => Visitor {
                account: None,
                csrf: form_token,
                session: None,
                waiting: super::view::Waiting::default(),
                lang,
            },
        };
        super::lang::settle(&visitor);
        parts.extensions.insert(visitor.clone());
        Ok(visitor)
    }
}

/// A form body whose CSRF token (field `csrf`) matched the visitor's, and the visitor.
#[derive(Debug, Clone)]
pub struct PageForm<T> {
    /// Who sent it.
    pub visitor: Visitor,
    /// The form's fields.
    pub form: T,
}

#[derive(Deserialize)]
struct CsrfField {
    #[serde(default)]
    csrf: String,
}

/// Whether the token a form sent is the visitor's (never when the visitor has none),
/// compared without stopping at the first difference.
pub fn tokens_match(sent: &str, expected: &str) -> bool {
    !expected.is_empty() && same(sent.as_bytes(), expected.as_bytes())
}

/// Compares without stopping at the first difference.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl<T> FromRequest<AppState> for PageForm<T>
where
    T: DeserializeOwned,
{
    type Rejection = PageError;

    async fn from_request(request: Request, state: &AppState) -> Result<PageForm<T>, PageError> {
        let (mut parts, body) = request.into_parts();
        let visitor = Visitor::from_request_parts(&mut parts, state).await?;
        let bytes = axum::body::to_bytes(body, BODY_LIMIT)
            .await
            .map_err(|_| Error::PayloadTooLarge(BODY_LIMIT))?;
        let sent = serde_urlencoded::from_bytes::<CsrfField>(&bytes)
            .map(|f| f.csrf)
            .unwrap_or_default();
        if !tokens_match(&sent, &visitor.csrf) {
            return Err(PageError(Error::Forbidden(
                "this form has expired or did not come from this site: go back, reload the page and try again",
            )));
        }
        let form = serde_urlencoded::from_bytes(&bytes).map_err(|e| {
            Error::bad_request("invalid_form", format!("the form is incomplete: {e}"))
        })?;
        if let Some(field) = crate::http::extract::refused_in_form(&bytes) {
            return Err(PageError(Error::refused_text(&field)));
        }
        Ok(PageForm { visitor, form })
    }
}

/// A path parameter parsed with `FromStr`; anything unparsable is a 404 page.
#[derive(Debug, Clone)]
pub struct PagePath<T>(pub T);

impl<T, S> FromRequestParts<S> for PagePath<T>
where
    T: std::str::FromStr + Send,
    S: Send + Sync,
{
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PagePath<T>, PageError> {
        crate::http::extract::PathId::<T>::from_request_parts(parts, state)
            .await
            .map(|crate::http::extract::PathId(v)| PagePath(v))
            .map_err(PageError)
    }
}

/// A form with nothing but its token.
#[derive(Debug, Deserialize)]
pub struct NoFields {}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    #[test]
    fn cookies_are_found_by_name_among_others() {
        let mut headers = HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("a=1; seedpost_session=abc; b=2"),
        );
        assert_eq!(cookie(&headers, SESSION_COOKIE).as_deref(), Some("abc"));
        assert_eq!(cookie(&headers, "c"), None);
    }

    #[test]
    fn tokens_compare_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
        assert!(!same(b"", b"a"));
    }

    #[test]
    fn session_cookies_are_http_only_lax_and_secure_when_asked() {
        /// The cookie's name and value, and its attributes in any order.
        fn parts(value: &HeaderValue) -> (String, BTreeSet<String>) {
            let text = value.to_str().unwrap_or_default();
            let mut parts = text.split("; ").map(str::to_owned);
            let first = parts.next().unwrap_or_default();
            (first, parts.collect())
        }
        let set = |attrs: &[&str]| attrs.iter().map(|a| (*a).to_owned()).collect();
        let age = format!("Max-Age={}", SESSION_DAYS * 24 * 3600);
        assert_eq!(
            parts(&session_cookie("x", true)),
            (
                "seedpost_session=x".to_owned(),
                set(&["Path=/", "HttpOnly", "SameSite=Lax", &age, "Secure"])
            )
        );
        assert_eq!(
            parts(&session_cookie("x", false)),
            (
                "seedpost_session=x".to_owned(),
                set(&["Path=/", "HttpOnly", "SameSite=Lax", &age])
            )
        );
        assert_eq!(
            parts(&clear_session_cookie(false)),
            (
                "seedpost_session=".to_owned(),
                set(&["Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"])
            )
        );
        assert_eq!(
            parts(&set_cookie(FORM_COOKIE, "y", None, true)),
            (
                "seedpost_form=y".to_owned(),
                set(&["Path=/", "HttpOnly", "SameSite=Lax", "Secure"])
            )
        );
    }
}

/// A page's query string, refused as the API refuses it (`invalid_query`, 400) but
/// answered with an HTML page.
#[derive(Debug, Clone)]
pub struct PageQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for PageQuery<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<PageQuery<T>, PageError> {
        crate::http::extract::ApiQuery::<T>::from_request_parts(parts, state)
            .await
            .map(|crate::http::extract::ApiQuery(v)| PageQuery(v))
            .map_err(PageError)
    }
}
