//! The analysis' API handlers: the analysis of finished games, and of any position.

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::json::{AnalysisJson, PositionAnalysisJson};
use super::position::{PositionQuery, PositionText};
use crate::domain::GameId;
use crate::error::Result;
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiQuery, PathId};
use crate::service::Service;

/// The analysis' API routes: a finished game's analysis and a position's.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(show))
        .routes(routes!(position))
}

/// The analysis of a finished game: for each ply the value before and after for the
/// mover (a final score difference under best play: `exact` in Tihbat and Modiar, from
/// the solved tables and the positions seen since the last capture; `search` in
/// Mangala), the best moves, and the mistakes. Public, like the game. A Modiar game's
/// analysis answers 503 `table_building` (with `Retry-After`) in the seconds after the
/// server starts, while the Modiar table is being built.
#[utoipa::path(
    get,
    path = "/games/{id}/analysis",
    operation_id = "get_game_analysis",
    tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The analysis", body = AnalysisJson),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`game_not_over`: the game is not over", body = ErrorJson,
            example = json!({"error": "game_not_over", "message": "only finished games are analysed"})),
        (status = 503, response = crate::http::api::openapi::TableBuilding),
    ),
)]
pub async fn show(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<Json<AnalysisJson>> {
    Ok(Json(AnalysisJson::clone(&*service.analysis(id).await?)))
}

/// The position to analyse.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PositionParams {
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    variant: String,
    /// South's row, its stones from South's left separated by commas (`7,7`).
    south: String,
    /// North's row, from North's left.
    north: String,
    /// `south` or `north`.
    to_move: String,
    /// South's store (its captures in Oware). With `north_store`, needed in Oware and
    /// Togyz kumalak once stones are off the board: 25 captured (§O8) or 82 stored
    /// (§Z7) win at once, so the value depends on them. Elsewhere optional (the stones
    /// off the board are then shared evenly, which changes no value).
    south_store: Option<String>,
    /// North's store (its captures in Oware).
    north_store: Option<String>,
    /// Togyz kumalak: South's tuzdyk, the pit of North's row it made (§Z5). Optional.
    south_tuzdyk: Option<String>,
    /// Togyz kumalak: North's tuzdyk, a pit of South's row. Optional.
    north_tuzdyk: Option<String>,
    /// The earlier positions of the segment (since the last capture), oldest first, as
    /// `south/north/side` separated by `;`: the repetition rules count them (Tihbat,
    /// Modiar, Oware, Togyz kumalak). Optional.
    seen: Option<String>,
}

/// A position's value, as a tablebase gives it: what the side to move can make of the
/// game from now on under best play (its stones minus the opponent's, those already
/// stored or captured left out), each legal move's value, and the best moves. `exact` in
/// Tihbat and Modiar (the solved tables, with `seen`) and within Mangala's endgame
/// tables; elsewhere in Mangala, and in Kalah, Oware and Togyz kumalak, an `estimate`
/// by search, with its depth. In Oware and Togyz kumalak give each side's store:
/// the value depends on it. Public, like
/// the other reads (no token, no bucket); answers are kept and may be cached. A Modiar
/// position answers 503 `table_building` (with `Retry-After`) in the seconds after the
/// server starts, while the Modiar table is being built; Tihbat and Mangala are answered
/// meanwhile.
#[utoipa::path(
    get,
    path = "/analysis",
    operation_id = "analyse_position",
    tag = "games",
    params(PositionParams),
    responses(
        (status = 200, description = "The position's analysis", body = PositionAnalysisJson,
            headers(("cache-control" = String, description = "`public, max-age=86400`: a position's value does not change"))),
        (status = 400, description = "`invalid_query`: a parameter is missing or unknown", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "Failed to deserialize query string: missing field `variant`"})),
        (status = 422, description = "`invalid_variant`, `invalid_row`, `invalid_side`, `invalid_stones`, `invalid_stores`, `invalid_tuzdyk`, `invalid_position`, `no_moves`, `invalid_seen`: a position the game cannot have", body = ErrorJson,
            example = json!({"error": "invalid_row", "message": "south: tihbat has 2 pits a row, not 3"})),
        (status = 503, response = crate::http::api::openapi::TableBuilding),
    ),
)]
pub async fn position(
    State(service): State<Service>,
    ApiQuery(params): ApiQuery<PositionParams>,
) -> Result<Response> {
    let query = PositionQuery::parse(&PositionText {
        variant: &params.variant,
        south: &params.south,
        north: &params.north,
        to_move: &params.to_move,
        south_store: params.south_store.as_deref(),
        north_store: params.north_store.as_deref(),
        south_tuzdyk: params.south_tuzdyk.as_deref(),
        north_tuzdyk: params.north_tuzdyk.as_deref(),
        seen: params.seen.as_deref(),
    })?;
    let found = service.analyse_position(query).await?;
    Ok((
        [(header::CACHE_CONTROL, "public, max-age=86400")],
        Json(PositionAnalysisJson::clone(&found)),
    )
        .into_response())
}
