//! Matches: several games between the same two players, scored 1 / ½ / 0 each.

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::competition::json::MatchJson;
use crate::domain::MatchId;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiQuery, PathId};
use crate::service::Service;

/// The API routes of the matches (mounted by `http`).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show))
}

/// One match with its games and score: public to spectators.
#[utoipa::path(
    get,
    path = "/matches/{id}",
    operation_id = "get_match",
    tag = "games",
    params(("id" = String, Path, description = "The match's id")),
    responses(
        (status = 200, description = "The match", body = MatchJson),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    PathId(id): PathId<MatchId>,
) -> Result<Json<MatchJson>> {
    Ok(Json(service.get_match(id).await?.json()))
}

/// Filters of the match list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct MatchQuery {
    /// The player whose matches to list (required).
    player: Option<String>,
}

/// A player's matches, newest first (at most 50): public to spectators.
#[utoipa::path(
    get,
    path = "/matches",
    operation_id = "list_matches",
    tag = "games",
    params(MatchQuery),
    responses(
        (status = 200, description = "The matches", body = Vec<MatchJson>),
        (status = 400, description = "`invalid_query`: no player named, or a bad query", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "name a player: ?player=NAME"})),
        (status = 404, response = crate::http::api::openapi::PlayerNotFound),
    ),
)]
pub(super) async fn list(
    State(service): State<Service>,
    ApiQuery(query): ApiQuery<MatchQuery>,
) -> Result<Json<Vec<MatchJson>>> {
    let player = query
        .player
        .filter(|p| !p.trim().is_empty())
        .ok_or_else(|| Error::bad_request("invalid_query", "name a player: ?player=NAME"))?;
    let matches = service.player_matches(player.trim()).await?;
    Ok(Json(matches.iter().map(|m| m.json()).collect()))
}
