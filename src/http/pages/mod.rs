//! The web pages: server-rendered HTML that works without JavaScript, enhanced by
//! `static/app.js` (live updates over Server-Sent Events, moves sent with `fetch`).
//!
//! Each page is one askama struct over a template extending `templates/base.html`;
//! handlers parse the request, call the service, and render. Forms carry a CSRF token
//! checked by [`PageForm`]; errors render as HTML through [`PageError`], with the
//! status of [`crate::error::Error::status`].

use axum::Router;
use axum::extract::Request;
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::AppState;
use crate::error::Error;

pub(crate) mod assets;
pub(crate) mod error;
pub mod lang;
pub(crate) mod live;
pub(crate) mod refusal;
mod rules;
pub(crate) mod session;
pub(crate) mod view;
pub(crate) mod zone;

pub use error::PageError;
pub use lang::{LANG_COOKIE, Offers, scope as language_scope};
pub use session::{FORM_COOKIE, PageForm, SESSION_COOKIE, Visitor};

/// The pages' routes, with the static files.
pub fn router(state: AppState) -> Router<AppState> {
    Router::new()
        .merge(crate::accounts::pages::routes())
        .route("/language", post(lang::choose))
        .merge(crate::notifications::pages::routes())
        .merge(crate::challenges::pages::routes())
        .route("/live", get(live::account))
        .merge(crate::games::pages::routes())
        .merge(crate::games::plan::routes())
        .merge(crate::games::notes::page_routes())
        .merge(crate::chat::pages::routes())
        .merge(crate::competition::pages::routes())
        .merge(crate::analysis::pages::routes())
        .route("/rules", get(rules::index))
        .route("/rules/{variant}", get(rules::show))
        .route("/rules/{variant}/full", get(rules::full))
        .layer(middleware::from_fn_with_state(state, session::form_cookie))
        // Read by calendar programs: no session, no form cookie.
        .merge(crate::notifications::pages::open_routes())
        .merge(assets::router())
}

/// The answer for an unknown route: JSON under `/api/`, an HTML page elsewhere.
pub async fn not_found(request: Request) -> Response {
    answer_by_path(&request, Error::NotFound("route"), Error::NotFound("page"))
}

/// The answer for a known route asked with a method it does not take (the router adds
/// `Allow`): JSON under `/api/`, an HTML page elsewhere.
pub async fn method_not_allowed(request: Request) -> Response {
    answer_by_path(&request, Error::MethodNotAllowed, Error::MethodNotAllowed)
}

/// `api` as JSON for a request under `/api/`, `page` as an HTML page for any other.
fn answer_by_path(request: &Request, api: Error, page: Error) -> Response {
    // Under a nested router the URI has lost its prefix; the original has not.
    let path = request
        .extensions()
        .get::<axum::extract::OriginalUri>()
        .map_or_else(|| request.uri().path(), |uri| uri.0.path());
    if path.starts_with("/api/") {
        api.into_response()
    } else {
        PageError(page).into_response()
    }
}
