//! Players: their ratings.

use axum::Json;
use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::competition::json::{PlayerRatingsJson, VariantRatingJson};
use crate::error::Result;
use crate::http::AppState;
use crate::http::extract::PathId;
use crate::service::Service;

/// The API routes of the players (mounted by `http`).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ratings))
}

/// A player's Glicko-2 rating in each variant they have finished a rated game in.
#[utoipa::path(
    get,
    path = "/players/{name}/ratings",
    operation_id = "player_ratings",
    tag = "games",
    params(("name" = String, Path, description = "The player's name (any case)")),
    responses(
        (status = 200, description = "The player's ratings", body = PlayerRatingsJson),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn ratings(
    State(service): State<Service>,
    PathId(name): PathId<String>,
) -> Result<Json<PlayerRatingsJson>> {
    let (account, ratings) = service.player_ratings(&name).await?;
    Ok(Json(PlayerRatingsJson {
        username: account.username.to_string(),
        ratings: ratings.iter().map(VariantRatingJson::from).collect(),
    }))
}
