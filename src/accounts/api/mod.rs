//! The accounts' API handlers: the account itself ([`account`]: sign-up, API tokens,
//! `/me`, its language), the account controls ([`controls`]: password change,
//! log-out everywhere, the export of one's own data, deletion), and the mailed links
//! ([`reset`]: address verification, password reset).

pub mod account;
pub mod controls;
pub mod reset;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::AppState;

/// The API routes of an account, its tokens and its controls.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(account::sign_up))
        .routes(routes!(account::create_token, account::tokens))
        .routes(routes!(account::revoke_token))
        .routes(routes!(account::me, controls::delete))
        .routes(routes!(controls::export))
        .routes(routes!(controls::change_password))
        .routes(routes!(controls::log_out_everywhere))
}
