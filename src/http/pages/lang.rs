//! Choosing the language of a page, and the language menu.
//!
//! A page is in the first of, in this order:
//! 1. `?lang=<tag>` on its URL (any page; for links that must open in a language:
//!    not remembered);
//! 2. the signed-in account's setting (stored with the account, read with the
//!    session);
//! 3. the [`LANG_COOKIE`] set by the language menu;
//! 4. the browser's `Accept-Language`, quality values honoured
//!    ([`Lang::from_accept_language`]);
//! 5. English.
//!
//! Tags are read leniently ([`Lang::from_tag`]: `tr-TR`, `ar_MA`); one seedpost does
//! not speak is passed over. The language menu in the footer of every page is a plain
//! form (no JavaScript): `POST /language` with `lang` and `back` sets the cookie and,
//! when the form carries the signed-in visitor's token, the account's setting, then
//! redirects back to `back` (a local path; its `lang=` dropped).
//!
//! [`scope`] (a middleware over every route) reads the request's offers once and
//! keeps, for the time of the request, the language chosen so far, the form token and
//! the page's own address where the pages' `Layout` finds them: the
//! [`Visitor`] extractor refines the language with the account's
//! setting, and pages built without a visitor (error pages) still speak it.

use std::cell::RefCell;

use axum::extract::Form;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT_LANGUAGE, LOCATION, REFERER, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::error::PageError;
use super::session::{Visitor, cookie, set_cookie, tokens_match};
use crate::domain::Lang;
use crate::error::Error;
use crate::http::AppState;

/// The cookie of the language menu: a primary tag (`tr`).
pub const LANG_COOKIE: &str = "seedpost_lang";

/// How long the menu's choice is remembered: a year, in seconds.
const LANG_COOKIE_AGE: i64 = 365 * 24 * 3600;

/// What a request offers to choose a language by, before the account is known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Offers {
    /// `?lang=` on the URL.
    pub query: Option<Lang>,
    /// The language menu's cookie.
    pub cookie: Option<Lang>,
    /// The best of `Accept-Language`.
    pub accept: Option<Lang>,
}

impl Offers {
    /// The offers of a request with these headers and this URI.
    #[must_use]
    pub fn read(headers: &HeaderMap, uri: &Uri) -> Offers {
        let query = uri.query().and_then(|q| {
            serde_urlencoded::from_str::<Vec<(String, String)>>(q)
                .ok()?
                .into_iter()
                .find(|(k, _)| k == "lang")
                .and_then(|(_, v)| Lang::from_tag(&v))
        });
        Offers {
            query,
            cookie: cookie(headers, LANG_COOKIE)
                .as_deref()
                .and_then(Lang::from_tag),
            accept: headers
                .get(ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Lang::from_accept_language),
        }
    }

    /// The language for a visitor whose account chose `account` (`None` when signed
    /// out or not chosen): see the [module docs](self) for the order.
    #[must_use]
    pub fn choose(&self, account: Option<Lang>) -> Lang {
        self.query
            .or(account)
            .or(self.cookie)
            .or(self.accept)
            .unwrap_or_default()
    }
}

/// What the layout of the current request takes from it.
#[derive(Debug, Clone, Default)]
pub struct Current {
    /// The language chosen so far.
    pub lang: Lang,
    /// The form token of the visitor, once known (for the language menu).
    pub csrf: String,
    /// The page's path and query without `lang=`, where the menu comes back to; for
    /// a page answering a form, the page the form was on (its `Referer`), else home.
    pub here: String,
    /// Whether the request only reads (`GET` or `HEAD`), so that its address can be
    /// opened again: where log-in comes back to after a page asked for it.
    pub readable: bool,
    /// The signed-in visitor's name, once known: an error page's header shows them
    /// signed in, as every other page does.
    pub viewer: Option<String>,
    /// What waits for the signed-in visitor, once known (the header's count).
    pub waiting: super::view::Waiting,
    /// The `?lang=` the page was opened with, kept on its forms and step links.
    pub kept: KeptLang,
}

/// The `?lang=` a page was opened with: its forms and its links within the same page
/// (stepping through a game) carry it, and a form's redirect keeps it (see
/// [`scope`]), so that the page after a form is in the same language. Nothing when
/// the page was opened without one: the account or the menu chose its language.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct KeptLang(Option<Lang>);

impl KeptLang {
    /// The current request's (none outside a request).
    #[must_use]
    pub fn current() -> KeptLang {
        CURRENT.try_with(|c| c.borrow().kept).unwrap_or_default()
    }

    /// `?lang=tr`, to follow an address without a query; empty when none was given.
    #[must_use]
    pub fn query(&self) -> String {
        self.0
            .map(|l| format!("?lang={}", l.tag()))
            .unwrap_or_default()
    }

    /// `&lang=tr`, to follow an address with a query; empty when none was given.
    #[must_use]
    pub fn and(&self) -> String {
        self.0
            .map(|l| format!("&lang={}", l.tag()))
            .unwrap_or_default()
    }
}

tokio::task_local! {
    static CURRENT: RefCell<Current>;
}

/// What the current request has chosen; the default (English, no token, `/`) outside
/// a request (in tests, jobs).
#[must_use]
pub fn current() -> Current {
    CURRENT
        .try_with(|c| c.borrow().clone())
        .unwrap_or_else(|_| Current {
            here: "/".to_owned(),
            ..Current::default()
        })
}

/// Records the visitor's language, form token, name and count for the rest of the
/// request.
pub fn settle(visitor: &super::Visitor) {
    let _ = CURRENT.try_with(|c| {
        let mut c = c.borrow_mut();
        c.lang = visitor.lang;
        visitor.csrf.clone_into(&mut c.csrf);
        c.viewer = visitor.account.as_ref().map(|a| a.username.to_string());
        c.waiting = visitor.waiting;
    });
}

/// Middleware over every route: reads the request's [`Offers`] (kept in its
/// extensions) and runs the rest of the request with the language they choose. A
/// request with `?lang=` that is answered by a redirect to a page of this site goes
/// there in the same language (the redirect's address gets the `lang=`), but for the
/// language menu's own form, which chooses another.
pub async fn scope(mut request: Request, next: Next) -> Response {
    let offers = Offers::read(request.headers(), request.uri());
    request.extensions_mut().insert(offers);
    let readable = matches!(*request.method(), Method::GET | Method::HEAD);
    // A page answering a form (a refused one, shown again) has an address that only
    // takes forms: the menu goes back to the page the form was on.
    let here = if readable {
        without_lang(request.uri())
    } else {
        request
            .headers()
            .get(REFERER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<Uri>().ok())
            .and_then(|uri| uri.path_and_query().map(|p| back_to(p.as_str())))
            .unwrap_or_else(|| "/".to_owned())
    };
    let current = Current {
        lang: offers.choose(None),
        csrf: String::new(),
        here,
        readable,
        viewer: None,
        waiting: super::view::Waiting::default(),
        kept: KeptLang(offers.query),
    };
    let menu = request.uri().path() == "/language";
    let response = CURRENT
        .scope(RefCell::new(current), next.run(request))
        .await;
    match offers.query {
        Some(lang) if !menu => keep_lang(response, lang),
        _ => response,
    }
}

/// `response` with `lang=` added to its redirect's address when that is a page of
/// this site that does not name a language itself.
fn keep_lang(mut response: Response, lang: Lang) -> Response {
    if !response.status().is_redirection() {
        return response;
    }
    let Some(to) = response
        .headers()
        .get(LOCATION)
        .and_then(|v| v.to_str().ok())
        .filter(|to| to.starts_with('/') && !to.starts_with("//"))
        .and_then(|to| to.parse::<Uri>().ok())
    else {
        return response;
    };
    if to
        .query()
        .is_some_and(|q| q.split('&').any(|p| p.starts_with("lang=")))
    {
        return response;
    }
    let joined = match to.query() {
        Some(q) if !q.is_empty() => format!("{}?{q}&lang={}", to.path(), lang.tag()),
        _ => format!("{}?lang={}", to.path(), lang.tag()),
    };
    if let Ok(value) = HeaderValue::from_str(&joined) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
}

/// The offers of a request, read by [`scope`] or else from its headers.
#[must_use]
pub fn offers(parts: &Parts) -> Offers {
    parts
        .extensions
        .get::<Offers>()
        .copied()
        .unwrap_or_else(|| Offers::read(&parts.headers, &parts.uri))
}

/// `uri`'s path and query, the query without its `lang` pairs.
fn without_lang(uri: &Uri) -> String {
    let path = uri.path();
    let kept: Vec<(String, String)> = uri
        .query()
        .and_then(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(q).ok())
        .unwrap_or_default()
        .into_iter()
        .filter(|(k, _)| k != "lang")
        .collect();
    match serde_urlencoded::to_string(&kept) {
        Ok(query) if !query.is_empty() => format!("{path}?{query}"),
        _ => path.to_owned(),
    }
}

/// Where a form may send a browser back to (the language menu, log-in's `next`): a
/// path of this site (not `//host`), with its `lang=` dropped; anything else is the
/// home page.
#[must_use]
pub fn back_to(back: &str) -> String {
    let local = back.starts_with('/') && !back.starts_with("//") && !back.contains('\\');
    match back.parse::<Uri>() {
        Ok(uri) if local && uri.authority().is_none() => without_lang(&uri),
        _ => "/".to_owned(),
    }
}

/// The language menu as sent.
#[derive(Debug, Clone, Deserialize)]
pub struct LanguageForm {
    /// The primary tag chosen.
    #[serde(default)]
    lang: String,
    /// The page to go back to.
    #[serde(default)]
    back: String,
    /// The visitor's form token (needed only to change the account's setting).
    #[serde(default)]
    csrf: String,
}

/// `POST /language`: remembers the language in a cookie, and as the account's
/// setting when the form came from the signed-in visitor's own page; then back.
///
/// A language cookie is harmless if another site sets it (like following a `?lang=`
/// link), so the cookie needs no token; the account's setting does.
///
/// # Errors
/// `invalid_language` (400) for a tag seedpost does not speak: nothing changes.
pub async fn choose(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<LanguageForm>,
) -> Result<Response, PageError> {
    let lang = form
        .lang
        .parse::<Lang>()
        .map_err(|e| PageError(Error::bad_request("invalid_language", e.to_string())))?;
    if let Some(account) = &visitor.account
        && tokens_match(&form.csrf, &visitor.csrf)
    {
        state.service.set_language(account, Some(lang)).await?;
    }
    let location = HeaderValue::from_str(&back_to(&form.back))
        .unwrap_or_else(|_| HeaderValue::from_static("/"));
    let mut response = StatusCode::SEE_OTHER.into_response();
    let headers = response.headers_mut();
    headers.insert(LOCATION, location);
    headers.append(
        SET_COOKIE,
        set_cookie(
            LANG_COOKIE,
            lang.tag(),
            Some(LANG_COOKIE_AGE),
            state.settings.secure_cookies,
        ),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offers(query: Option<Lang>, cookie: Option<Lang>, accept: Option<Lang>) -> Offers {
        Offers {
            query,
            cookie,
            accept,
        }
    }

    #[test]
    fn the_query_beats_the_account_which_beats_the_cookie_then_the_browser() {
        use Lang::{Ar, Ca, El, En, Tr};
        assert_eq!(offers(Some(Tr), Some(Ar), Some(El)).choose(Some(Ca)), Tr);
        assert_eq!(offers(None, Some(Ar), Some(El)).choose(Some(Ca)), Ca);
        assert_eq!(offers(None, Some(Ar), Some(El)).choose(None), Ar);
        assert_eq!(offers(None, None, Some(El)).choose(None), El);
        assert_eq!(offers(None, None, None).choose(None), En);
    }

    #[test]
    fn offers_are_read_from_the_query_the_cookie_and_the_header() {
        let mut headers = HeaderMap::new();
        headers.insert(
            axum::http::header::COOKIE,
            HeaderValue::from_static("a=1; seedpost_lang=el"),
        );
        headers.insert(ACCEPT_LANGUAGE, HeaderValue::from_static("ca-ES,ca;q=0.9"));
        let uri: Uri = "/games/1?ply=3&lang=ar-MA".parse().unwrap_or_default();
        assert_eq!(
            Offers::read(&headers, &uri),
            offers(Some(Lang::Ar), Some(Lang::El), Some(Lang::Ca))
        );
        let plain: Uri = "/?lang=xx".parse().unwrap_or_default();
        assert_eq!(Offers::read(&HeaderMap::new(), &plain), Offers::default());
    }

    #[test]
    fn the_menu_goes_back_only_to_this_site_without_lang() {
        assert_eq!(back_to("/games/1?ply=3&lang=tr"), "/games/1?ply=3");
        assert_eq!(back_to("/?lang=tr"), "/");
        assert_eq!(back_to("/standings"), "/standings");
        assert_eq!(back_to("//evil.example/x"), "/");
        assert_eq!(back_to("https://evil.example/"), "/");
        assert_eq!(back_to("/\\evil.example"), "/");
        assert_eq!(back_to(""), "/");
    }
}
