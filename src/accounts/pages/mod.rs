//! The accounts' pages: sign-up, log-in, log-out and the API tokens page
//! ([`account`]), the password reset and address verification pages ([`reset`]),
//! the settings index ([`settings`]) and the account page with its controls
//! ([`controls`]).

pub mod account;
pub mod controls;
pub mod reset;
pub mod settings;

use axum::Router;
use axum::routing::{get, post};

use crate::http::AppState;

/// The accounts' page routes, under the session and its form cookie.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/signup", get(account::sign_up_form).post(account::sign_up))
        .route("/login", get(account::log_in_form).post(account::log_in))
        .route("/logout", post(account::log_out))
        .route("/password-reset", get(reset::show).post(reset::request))
        .route(
            "/password-reset/confirm",
            get(reset::confirm_form).post(reset::confirm),
        )
        .route("/verify-address", get(reset::verify))
        .route(
            "/settings/tokens",
            get(account::tokens).post(account::create_token),
        )
        .route("/settings/tokens/{id}/revoke", post(account::revoke_token))
        .route("/settings", get(settings::show))
        .route("/settings/account", get(controls::show))
        .route(
            "/settings/account/password",
            post(controls::change_password),
        )
        .route(
            "/settings/account/log-out-everywhere",
            post(controls::log_out_everywhere),
        )
        .route(
            "/settings/account/delete",
            get(controls::confirm_delete).post(controls::delete),
        )
        .route("/settings/account/export", get(controls::export))
}
