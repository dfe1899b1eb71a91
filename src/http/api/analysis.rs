//! The analysis of finished games.

use axum::Json;
use axum::extract::State;

use super::json::ErrorJson;
use crate::analysis::AnalysisJson;
use crate::domain::GameId;
use crate::error::Result;
use crate::http::extract::PathId;
use crate::service::Service;

/// The analysis of a finished game: for each ply the value before and after for the
/// mover (a final score difference under best play: `exact` in Tihbat and Modiar, from
/// the solved tables and the positions seen since the last capture; `search` in
/// Mangala), the best moves, and the mistakes. Public, like the game.
#[utoipa::path(
    get,
    path = "/games/{id}/analysis",
    operation_id = "get_game_analysis",
    tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The analysis", body = AnalysisJson),
        (status = 404, response = super::openapi::NotFound),
        (status = 409, description = "`game_not_over`: the game is not over", body = ErrorJson,
            example = json!({"error": "game_not_over", "message": "only finished games are analysed"})),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<Json<AnalysisJson>> {
    Ok(Json(AnalysisJson::clone(&*service.analysis(id).await?)))
}
