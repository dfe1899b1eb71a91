//! The reminders page (`/settings/reminders`): the calendar feed's secret URL (make,
//! replace, stop) and the daily digest's address and switch; and the feed itself,
//! `GET /calendar/<secret>.ics`, which calendar programs read without logging in.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;

use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::PublicBase;
use crate::http::pages::error::PageError;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::{PageForm, Visitor};
use crate::http::pages::view::render;

/// `templates/reminders.html`.
#[derive(Template)]
#[template(path = "reminders.html")]
struct RemindersPage {
    layout: crate::http::pages::view::Layout,
    /// When the feed's secret was made, if there is a feed.
    calendar_since: Option<String>,
    /// The feed's URL, right after it was made (shown once).
    calendar_url: Option<String>,
    /// The digest address, as stored or as typed.
    email: String,
    /// Whether the digest is on (or was ticked).
    enabled: bool,
    /// The UTC day of the last digest.
    last_sent_on: Option<String>,
    /// Whether the server sends mail at all.
    mail_configured: bool,
    /// The digest hour (UTC).
    hour: u32,
    /// Why the digest form was refused.
    error: Option<String>,
    /// What the digest form just saved, in words.
    saved: Option<String>,
    /// Whether an address is stored.
    has_address: bool,
    /// When the stored address was verified, if it was.
    verified_on: Option<String>,
}

/// What the page shows beyond the stored settings: a new feed URL, or a refused
/// digest form with what was typed.
#[derive(Default)]
struct Shown {
    calendar_url: Option<String>,
    typed: Option<(String, bool)>,
    error: Option<Error>,
    /// Whether the digest form was just saved.
    saved: bool,
    /// Whether a verification link was just mailed.
    verification_sent: bool,
}

async fn page(state: &AppState, visitor: &Visitor, shown: Shown) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let since = state.service.calendar(account).await?;
    let digest = state.service.digest(account).await?;
    let (email, enabled) = shown
        .typed
        .unwrap_or_else(|| (digest.email.clone().unwrap_or_default(), digest.enabled));
    let tr = visitor.tr();
    let error = shown.error.as_ref().map(|e| refusal(tr, e));
    let mut saved = shown.saved.then(|| match (&digest.email, digest.enabled) {
        (Some(email), true) => tr.t1("reminders-saved-on", "email", email.as_str()),
        _ => tr.t("reminders-saved-off"),
    });
    if let (true, Some(email)) = (shown.verification_sent, &digest.email) {
        let sent = tr.t1("reminders-verification-sent", "email", email.as_str());
        saved = Some(match saved {
            Some(saved) => format!("{saved} {sent}"),
            None => sent,
        });
    }
    let page = RemindersPage {
        layout: visitor
            .layout(&tr.t("reminders-title"))
            .alerting(error.as_ref(), "digest-error"),
        calendar_since: since.map(|t| visitor.tr().when(t)),
        calendar_url: shown.calendar_url,
        email,
        enabled,
        last_sent_on: digest.last_sent_on.map(|d| d.to_string()),
        mail_configured: digest.mail_configured,
        hour: digest.hour,
        error,
        saved,
        has_address: digest.email.is_some(),
        verified_on: digest.verified_at.map(|t| tr.when(t)),
    };
    let status = shown
        .error
        .as_ref()
        .map_or(axum::http::StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// What the address after a saved digest form says: that it was saved, and that a
/// verification link was mailed.
#[derive(Debug, Default, Deserialize)]
pub struct SavedQuery {
    #[serde(default)]
    saved: Option<String>,
    #[serde(default)]
    sent: Option<String>,
}

/// `GET /settings/reminders`; after the digest form is saved,
/// `/settings/reminders?saved=1` (and `&sent=1` when a verification link went out).
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    crate::http::pages::session::PageQuery(query): crate::http::pages::session::PageQuery<
        SavedQuery,
    >,
) -> Result<Response, PageError> {
    let shown = Shown {
        saved: query.saved.as_deref() == Some("1"),
        verification_sent: query.sent.as_deref() == Some("1"),
        ..Shown::default()
    };
    page(&state, &visitor, shown).await
}

/// `POST /settings/reminders/calendar`: a new feed URL, shown once; the old one stops
/// working.
pub async fn create_calendar(
    State(state): State<AppState>,
    PublicBase(base): PublicBase,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Response, PageError> {
    let secret = state.service.create_calendar(visitor.require()?).await?;
    let shown = Shown {
        calendar_url: Some(format!("{base}/calendar/{secret}.ics")),
        ..Shown::default()
    };
    page(&state, &visitor, shown).await
}

/// `POST /settings/reminders/calendar/revoke`: stops the feed.
pub async fn revoke_calendar(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Redirect, PageError> {
    match state.service.revoke_calendar(visitor.require()?).await {
        Ok(()) | Err(Error::NotFound(_)) => Ok(Redirect::to("/settings/reminders")),
        Err(e) => Err(e.into()),
    }
}

/// The digest form.
#[derive(Debug, Deserialize)]
pub struct DigestForm {
    #[serde(default)]
    email: String,
    /// Present (`on`) when ticked.
    #[serde(default)]
    enabled: Option<String>,
}

/// `POST /settings/reminders/digest`: saves the address and switch, then sends the
/// browser to the page, which says what was saved; a bad address re-renders the form
/// with the reason.
pub async fn set_digest(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<DigestForm>,
) -> Result<Response, PageError> {
    let enabled = form.enabled.is_some();
    match state
        .service
        .set_digest(visitor.require()?, &form.email, enabled)
        .await
    {
        // Saved: to the page's own address, so that a reload does not send the form
        // again and the address bar shows a page one can come back to.
        Ok(status) => Ok(Redirect::to(if status.verification_sent {
            "/settings/reminders?saved=1&sent=1"
        } else {
            "/settings/reminders?saved=1"
        })
        .into_response()),
        Err(e @ Error::Unprocessable { .. }) => {
            let shown = Shown {
                typed: Some((form.email, enabled)),
                error: Some(e),
                ..Shown::default()
            };
            page(&state, &visitor, shown).await
        }
        Err(e) => Err(e.into()),
    }
}

/// `GET /calendar/{secret}.ics`: the feed, for calendar programs (no log-in: the URL
/// is the secret). An unknown, replaced or stopped secret is a 404 `not_found`.
pub async fn feed(
    State(state): State<AppState>,
    PublicBase(base): PublicBase,
    Path(file): Path<String>,
) -> Result<Response, Error> {
    let secret = file
        .strip_suffix(".ics")
        .filter(|s| !s.is_empty() && s.len() <= 128)
        .ok_or(Error::NotFound("calendar feed"))?;
    let text = state.service.calendar_feed(secret, &base).await?;
    Ok((
        [
            (CONTENT_TYPE, "text/calendar; charset=utf-8"),
            (CACHE_CONTROL, "private, max-age=300"),
        ],
        text,
    )
        .into_response())
}

/// `POST /settings/reminders/verification`: mails the address a new verification
/// link; a refused one says why.
pub async fn resend_verification(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<crate::http::pages::session::NoFields>,
) -> Result<Response, PageError> {
    let shown = match state.service.resend_verification(visitor.require()?).await {
        Ok(_) => Shown {
            verification_sent: true,
            ..Shown::default()
        },
        Err(e @ (Error::Conflict { .. } | Error::RateLimited { .. } | Error::Unavailable)) => {
            Shown {
                error: Some(e),
                ..Shown::default()
            }
        }
        Err(e) => return Err(e.into()),
    };
    page(&state, &visitor, shown).await
}
