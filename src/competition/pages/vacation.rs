//! The vacation page (`/settings/vacation`): start or end a vacation, and see what is
//! left of this year's allowance. While it lasts the clocks of the player's games
//! stand still, and their game pages say so.

use askama::Template;
use axum::extract::{RawQuery, State};
use axum::response::{IntoResponse, Redirect, Response};

use crate::competition::service::vacations::VacationStatus;
use crate::error::Error;
use crate::games::view::time_left;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::NoFields;
use crate::http::pages::session::{PageForm, Visitor};
use crate::http::pages::view::{Layout, render};

/// `templates/vacation.html`.
#[derive(Template)]
#[template(path = "vacation.html")]
struct VacationPage {
    layout: Layout,
    /// When the vacation going on started, if one is.
    since: Option<String>,
    /// When the vacation going on ends at the latest (the allowance runs out).
    until: Option<String>,
    /// What is left of this year's allowance: `17 days 4 hours`, or `no time left`.
    left: String,
    /// Whether any is left.
    any_left: bool,
    /// The yearly allowance, in days.
    days_per_year: u32,
    /// What the last form did (translated), or why it was refused.
    notice: Option<String>,
    error: Option<String>,
}

fn page(
    visitor: &Visitor,
    status: &VacationStatus,
    now: chrono::DateTime<chrono::Utc>,
    // The id of the message saying what the last form did.
    notice: Option<&str>,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    let page = VacationPage {
        layout: visitor.layout(&visitor.tr().t("vacation-title")),
        since: status
            .current
            .as_ref()
            .map(|v| visitor.tr().when(v.started_at)),
        until: status
            .current
            .as_ref()
            .map(|v| visitor.tr().when(v.allowed_until)),
        left: time_left(visitor.tr(), now + status.left, now),
        any_left: status.left > chrono::TimeDelta::zero(),
        days_per_year: status.days_per_year,
        notice: notice.map(|id| visitor.tr().t(id)),
        error: error.map(|e| refusal(visitor.tr(), e)),
    };
    let code = error.map_or(axum::http::StatusCode::OK, Error::status);
    Ok((code, render(&page)?).into_response())
}

/// `GET /settings/vacation`; `?started` or `?ended` after the forms says what they
/// did.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    RawQuery(query): RawQuery,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let status = state.service.vacation(account).await?;
    let notice = match query.as_deref() {
        Some("started") => Some("vacation-started"),
        Some("ended") => Some("vacation-ended"),
        _ => None,
    };
    page(&visitor, &status, state.service.now(), notice, None)
}

/// `POST /settings/vacation/start`: the clocks stop; a refused start (already away,
/// nothing left) says why.
pub async fn start(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    match state.service.start_vacation(account).await {
        Ok(_) => Ok(Redirect::to("/settings/vacation?started").into_response()),
        Err(e @ Error::Conflict { .. }) => {
            let status = state.service.vacation(account).await?;
            page(&visitor, &status, state.service.now(), None, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /settings/vacation/end`: the clocks run again.
pub async fn end(
    State(state): State<AppState>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    match state.service.end_vacation(account).await {
        Ok(_) => Ok(Redirect::to("/settings/vacation?ended").into_response()),
        Err(e @ Error::Conflict { .. }) => {
            let status = state.service.vacation(account).await?;
            page(&visitor, &status, state.service.now(), None, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}
