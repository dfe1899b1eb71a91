//! The JSON API under `/api/v1`.
//!
//! The routes are listed once, in [`routes`]: each handler's `#[utoipa::path]` gives
//! both its place in the router and its entry in the OpenAPI description, so the two
//! cannot drift apart (`tests/api/openapi.rs` checks it). The same annotation names
//! the scope a token needs for the route (`security(("bearer" = ["play"]))`), which
//! [`required_scope`] reads back for [`Auth`](super::extract::Auth) to check.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::Router;
use axum::http::Method;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AppState;
use crate::domain::Scope;

/// Where the API is served.
pub const PREFIX: &str = "/api/v1";

pub mod events;
pub mod json;
mod leases;
pub mod openapi;
mod stream;
pub(crate) mod webhooks;

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

/// The scope each operation taking a token needs, by method and path (as in the
/// description, without [`PREFIX`]), read from the description's security
/// requirements.
static SCOPES: LazyLock<HashMap<(Method, String), Scope>> = LazyLock::new(|| {
    let spec = serde_json::to_value(openapi()).unwrap_or_default();
    let mut scopes = HashMap::new();
    for (path, item) in spec["paths"].as_object().into_iter().flatten() {
        for (method, op) in item.as_object().into_iter().flatten() {
            let Ok(method) = Method::from_bytes(method.to_ascii_uppercase().as_bytes()) else {
                continue;
            };
            let named = op["security"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|requirement| requirement["bearer"].as_array())
                .flatten()
                .filter_map(|name| name.as_str().and_then(Scope::parse))
                .next();
            if let Some(scope) = named {
                scopes.insert((method, path.clone()), scope);
            }
        }
    }
    scopes
});

/// The scope a token needs for the route matched as `matched` (the router's path
/// pattern, `/api/v1/games/{id}/moves`) with `method`; `None` for a route that names
/// none (then only a token with every scope may use it).
#[must_use]
pub fn required_scope(method: &Method, matched: &str) -> Option<Scope> {
    let path = matched.strip_prefix(PREFIX)?;
    SCOPES.get(&(method.clone(), path.to_owned())).copied()
}

/// Every route of the API with its description.
fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(crate::accounts::api::routes())
        .merge(crate::competition::api::vacation::routes())
        .merge(crate::notifications::api::calendar::routes())
        .merge(crate::accounts::api::reset::routes())
        .merge(crate::accounts::api::account::language_routes())
        .routes(routes!(crate::games::api::variants))
        .merge(crate::challenges::api::routes())
        .routes(routes!(leases::claim, leases::release))
        .merge(crate::games::api::routes())
        .merge(crate::games::notes::api_routes())
        .merge(crate::chat::api::routes())
        .merge(crate::competition::api::matches::routes())
        .merge(crate::analysis::api::routes())
        .routes(routes!(crate::games::api::standings))
        .merge(crate::competition::api::players::routes())
        .merge(crate::games::archive::api_routes())
        .merge(crate::competition::api::tournaments::routes())
        .routes(routes!(stream::events))
        .routes(routes!(stream::game))
        .routes(routes!(webhooks::create, webhooks::list))
        .routes(routes!(webhooks::delete))
        .routes(routes!(webhooks::deliveries))
        .merge(crate::notifications::api::push::routes())
        .routes(routes!(openapi::openapi_json))
        .routes(routes!(openapi::docs))
}
