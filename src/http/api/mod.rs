//! The JSON API under `/api/v1`.

use axum::Router;
use axum::routing::{delete, get, post};

use super::AppState;

mod accounts;
mod challenges;
mod games;
pub mod json;

/// The API's routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/accounts", post(accounts::sign_up))
        .route(
            "/tokens",
            post(accounts::create_token).get(accounts::tokens),
        )
        .route("/tokens/{id}", delete(accounts::revoke_token))
        .route("/me", get(accounts::me))
        .route("/variants", get(games::variants))
        .route(
            "/challenges",
            post(challenges::create).get(challenges::list),
        )
        .route(
            "/challenges/{id}",
            get(challenges::show).delete(challenges::cancel),
        )
        .route("/challenges/{id}/accept", post(challenges::accept))
        .route("/challenges/{id}/decline", post(challenges::decline))
        .route("/games", get(games::list))
        .route("/games/{id}", get(games::show))
        .route("/games/{id}/moves", post(games::play))
        .route("/games/{id}/resign", post(games::resign))
        .route("/games/{id}/abort", post(games::abort))
        .route("/games/{id}/record", get(games::record))
        .route("/standings", get(games::standings))
}
