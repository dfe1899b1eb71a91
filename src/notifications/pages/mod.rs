//! The notifications' pages: the notifications settings and the offline page
//! ([`settings`]), the reminders page and the calendar feed ([`reminders`]).

pub mod reminders;
pub mod settings;

use axum::Router;
use axum::routing::{get, post};

use crate::http::AppState;

/// The notifications' page routes, under the session and its form cookie.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/settings/reminders", get(reminders::show))
        .route(
            "/settings/reminders/calendar",
            post(reminders::create_calendar),
        )
        .route(
            "/settings/reminders/calendar/revoke",
            post(reminders::revoke_calendar),
        )
        .route("/settings/reminders/digest", post(reminders::set_digest))
        .route(
            "/settings/reminders/verification",
            post(reminders::resend_verification),
        )
        .route(
            "/settings/notifications",
            get(settings::show).post(settings::save),
        )
        .route(
            "/settings/notifications/devices",
            post(settings::add_device),
        )
        .route(
            "/settings/notifications/devices/{id}/delete",
            post(settings::delete_device),
        )
        .route("/settings/notifications/test", post(settings::test))
}

/// The routes read without a session or a form cookie: the calendar feed (read by
/// calendar programs) and the offline page (cached by the service worker).
pub fn open_routes() -> Router<AppState> {
    Router::new()
        .route("/calendar/{file}", get(reminders::feed))
        .route("/offline", get(settings::offline))
}
