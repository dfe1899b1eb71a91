//! The JSON API under `/api/v1`.
//!
//! The routes are listed once, in [`routes`]: each handler's `#[utoipa::path]` gives
//! both its place in the router and its entry in the OpenAPI description, so the two
//! cannot drift apart (`tests/api/openapi.rs` checks it).

use axum::Router;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AppState;

mod accounts;
mod analysis;
mod calendar;
mod challenges;
mod controls;
pub mod events;
mod games;
pub mod json;
mod matches;
pub mod openapi;
mod players;
mod push;
mod stream;
mod tournaments;
mod vacation;
mod webhooks;

/// The API's routes.
pub fn router() -> Router<AppState> {
    routes().split_for_parts().0
}

/// The OpenAPI description of [`router`]'s routes (without the rate limits in force;
/// see [`openapi::spec`]).
#[must_use]
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes().split_for_parts().1
}

/// Every route of the API with its description.
fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .routes(routes!(accounts::sign_up))
        .routes(routes!(accounts::create_token, accounts::tokens))
        .routes(routes!(accounts::revoke_token))
        .routes(routes!(accounts::me))
        .routes(routes!(controls::change_password))
        .routes(routes!(controls::log_out_everywhere))
        .routes(routes!(vacation::show, vacation::start, vacation::end))
        .routes(routes!(calendar::create, calendar::show, calendar::revoke))
        .routes(routes!(calendar::digest, calendar::set_digest))
        .routes(routes!(games::variants))
        .routes(routes!(challenges::create, challenges::list))
        .routes(routes!(challenges::show, challenges::cancel))
        .routes(routes!(challenges::accept))
        .routes(routes!(challenges::decline))
        .routes(routes!(games::list))
        .routes(routes!(games::show))
        .routes(routes!(games::play))
        .routes(routes!(games::resign))
        .routes(routes!(games::abort))
        .routes(routes!(games::record))
        .routes(routes!(matches::list))
        .routes(routes!(matches::show))
        .routes(routes!(analysis::show))
        .routes(routes!(analysis::position))
        .routes(routes!(games::standings))
        .routes(routes!(players::ratings))
        .routes(routes!(tournaments::create, tournaments::list))
        .routes(routes!(tournaments::show))
        .routes(routes!(tournaments::join))
        .routes(routes!(tournaments::withdraw))
        .routes(routes!(stream::events))
        .routes(routes!(stream::game))
        .routes(routes!(webhooks::create, webhooks::list))
        .routes(routes!(webhooks::delete))
        .routes(routes!(webhooks::deliveries))
        .routes(routes!(push::key))
        .routes(routes!(push::create, push::list))
        .routes(routes!(push::delete))
        .routes(routes!(push::test))
        .routes(routes!(push::settings, push::set_settings))
        .routes(routes!(openapi::openapi_json))
        .routes(routes!(openapi::docs))
}
