//! The games' API handlers: games, moves and standings.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use seedpost_rules::Variant;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::json::GameJson;
use crate::domain::{GameId, GameStatus};
use crate::error::{Error, Result};
use crate::games::service::MoveOutcome;
use crate::http::AppState;
use crate::http::api::json::{ErrorJson, StandingJson, VariantJson};
use crate::http::extract::{ApiJson, ApiQuery, Auth, MaybeAuth, PathId};
use crate::http::ratelimit::{self, Throttle};
use crate::service::Service;

/// The API routes of a game: the list, one game, a move, resigning, aborting and the
/// record (the list of variants and the standings are mounted beside the others
/// where they stand in the description, whose order is the router's).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(show))
        .routes(routes!(play))
        .routes(routes!(resign))
        .routes(routes!(abort))
        .routes(routes!(record))
        .routes(routes!(
            get_conditional,
            put_conditional,
            delete_conditional
        ))
}

/// The three games and their boards.
#[utoipa::path(
    get,
    path = "/variants",
    operation_id = "list_variants",
    tag = "games",
    responses((status = 200, description = "The variants", body = Vec<VariantJson>)),
)]
pub async fn variants() -> Json<Vec<VariantJson>> {
    Json(
        Variant::OFFERED
            .into_iter()
            .map(VariantJson::from)
            .collect(),
    )
}

/// Filters of the game list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `ongoing`, `finished` or `aborted`.
    status: Option<String>,
    /// Only games of this player.
    player: Option<String>,
    /// Only games where it is the token's account's turn (needs a token).
    my_turn: Option<bool>,
    /// At most this many: 100 by default (or 0), 500 at most.
    limit: Option<u32>,
}

/// Games, most urgent first (summaries, without `moves`).
#[utoipa::path(
    get,
    path = "/games",
    operation_id = "list_games",
    tag = "games",
    security((), ("bearer" = ["read"])),
    params(ListQuery),
    responses(
        (status = 200, description = "The games", body = Vec<GameJson>),
        (status = 400, description = "`invalid_query`: a bad query", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "status is ongoing, finished or aborted"})),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::PlayerNotFound),
    ),
)]
pub async fn list(
    State(service): State<Service>,
    MaybeAuth(viewer): MaybeAuth,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<GameJson>>> {
    let status = match query.status.as_deref() {
        None => None,
        Some(s) => Some(GameStatus::parse(s).ok_or_else(|| {
            Error::bad_request("invalid_query", "status is ongoing, finished or aborted")
        })?),
    };
    let my_turn = query.my_turn.unwrap_or(false);
    if my_turn && viewer.is_none() {
        return Err(Error::Unauthorized);
    }
    let games = service
        .games(
            viewer.as_ref(),
            status,
            query.player.as_deref(),
            my_turn,
            query.limit.unwrap_or(100),
        )
        .await?;
    let matches = service.match_refs(&games).await?;
    Ok(Json(
        games
            .iter()
            .zip(matches)
            .map(|(game, m)| {
                let mut json = GameJson::summary(game);
                json.match_ref = m.map(Into::into);
                json
            })
            .collect(),
    ))
}

/// One game with its moves: public to spectators.
#[utoipa::path(
    get,
    path = "/games/{id}",
    operation_id = "get_game",
    tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game", body = GameJson),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub async fn show(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.game(id).await?)))
}

/// A move.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"ply": 4, "pit": 2}))]
pub struct MoveBody {
    /// The game's `ply` as the mover saw it: a move for another position is refused.
    ply: i64,
    /// The pit to sow, from 1 at the mover's own left.
    pit: i64,
}

/// Plays a move: 201 with the game, or 200 for a retry of the move already played at
/// that ply.
#[utoipa::path(
    post,
    path = "/games/{id}/moves",
    operation_id = "play_move",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    request_body = MoveBody,
    responses(
        (status = 201, description = "Played: the game after the move", body = GameJson),
        (status = 200, description = "The same move was already played at that ply: the game", body = GameJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`not_your_turn`; `stale_ply`: the game is at another ply (reload it); `game_over`; `conflict`: the game changed meanwhile (retry)", body = ErrorJson,
            example = json!({"error": "stale_ply", "message": "the game is at ply 5, not 4: reload it"})),
        (status = 422, description = "`illegal_move`: the rules forbid the move, and `reason` says why (`empty_pit`, `out_of_range`, `singleton`, `must_feed`, `grand_slam`); `invalid_body`: not `{\"ply\", \"pit\"}` of numbers", body = ErrorJson,
            example = json!({"error": "illegal_move", "message": "illegal move: that pit is empty", "reason": "empty_pit"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn play(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Moves>,
    PathId(id): PathId<GameId>,
    body: std::result::Result<ApiJson<MoveBody>, Error>,
) -> Result<Response> {
    // The game's existence and the player's place come before the body's checks.
    let ApiJson(body) = match body {
        Ok(body) => body,
        Err(e) => {
            let loaded = service.game(id).await?;
            loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
            return Err(e);
        }
    };
    match service.play_move(&account, id, body.ply, body.pit).await? {
        MoveOutcome::Played(_, json) => Ok((StatusCode::CREATED, Json(json)).into_response()),
        MoveOutcome::AlreadyPlayed(game) => {
            Ok((StatusCode::OK, Json(GameJson::full(&game))).into_response())
        }
    }
}

/// Resigns the game.
#[utoipa::path(
    post,
    path = "/games/{id}/resign",
    operation_id = "resign_game",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The finished game", body = GameJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`game_over`: the game is over; `conflict`: the game changed meanwhile (retry)", body = ErrorJson,
            example = json!({"error": "game_over", "message": "the game is over"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn resign(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Moves>,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.resign(&account, id).await?)))
}

/// Aborts a game before both sides have moved: it scores nothing.
#[utoipa::path(
    post,
    path = "/games/{id}/abort",
    operation_id = "abort_game",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The aborted game", body = GameJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`too_late_to_abort`: both sides have moved; `game_over`: the game is over; `conflict`: the game changed meanwhile (retry)", body = ErrorJson,
            example = json!({"error": "too_late_to_abort", "message": "both sides have moved: the game can no longer be aborted"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn abort(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Moves>,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.abort(&account, id).await?)))
}

/// The game in the text notation.
#[utoipa::path(
    get,
    path = "/games/{id}/record",
    operation_id = "game_record",
    tag = "games",
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The game record", body = String, content_type = "text/plain"),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub async fn record(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<impl IntoResponse> {
    let text = service.record(id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// Which standings.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct StandingsQuery {
    /// Only games of this variant (all when absent).
    variant: Option<String>,
    /// At most this many lines: 100 by default (or 0), 500 at most.
    limit: Option<u32>,
    /// After this many lines (the next page: the previous `offset` plus `limit`); 0
    /// by default.
    offset: Option<u32>,
}

/// The standings: finished games, wins, draws, losses and points per player, a page
/// at a time.
#[utoipa::path(
    get,
    path = "/standings",
    operation_id = "standings",
    tag = "games",
    params(StandingsQuery),
    responses(
        (status = 200, description = "The standings, best first", body = Vec<StandingJson>),
        (status = 400, description = "`invalid_query`: a bad query", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "variant: expected `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`"})),
    ),
)]
pub async fn standings(
    State(service): State<Service>,
    ApiQuery(query): ApiQuery<StandingsQuery>,
) -> Result<Json<Vec<StandingJson>>> {
    let variant = match query.variant.as_deref() {
        None | Some("") => None,
        Some(v) => Some(
            Variant::parse_offered(v)
                .map_err(|e| Error::bad_request("invalid_query", format!("variant: {e}")))?,
        ),
    };
    let standings = service
        .standings(variant, query.limit.unwrap_or(0), query.offset.unwrap_or(0))
        .await?;
    Ok(Json(standings.iter().map(StandingJson::from).collect()))
}

/// A player's conditional lines in a game, as only that player sees them.
#[derive(Debug, serde::Serialize, ToSchema)]
#[schema(example = json!({"ply": 6, "lines": [[3, 5], [2, 4, 1, 6]], "played": [4]}))]
pub struct ConditionalJson {
    /// The game's ply the lines start from.
    ply: u32,
    /// The lines in force: each the pits sown in turn from that ply, by whoever the
    /// rules say moves (the opponent first; automatic passes are not written).
    lines: Vec<Vec<u8>>,
    /// The plies of the game the server played from this player's lines (seen by
    /// this player alone).
    played: Vec<u32>,
}

impl From<&crate::games::conditional::Plan> for ConditionalJson {
    fn from(plan: &crate::games::conditional::Plan) -> ConditionalJson {
        ConditionalJson {
            ply: plan.ply,
            lines: plan
                .lines
                .iter()
                .map(|l| l.iter().map(|p| p.number()).collect())
                .collect(),
            played: plan.played.clone(),
        }
    }
}

/// Conditional lines to set.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"ply": 6, "lines": [[3, 5], [2, 4, 1, 6]]}))]
pub struct ConditionalBody {
    /// The game's `ply` as the player saw it: lines for another position are refused.
    ply: i64,
    /// The lines, each the pits sown in turn from the current position by whoever
    /// the rules say moves: the opponent's ply or plies first, then at least one of
    /// yours. At most 64 lines of at most 40 plies; an empty list clears them.
    lines: Vec<Vec<i64>>,
}

/// Your conditional lines in a game, and the plies played from them. Nobody else
/// ever sees them.
#[utoipa::path(
    get,
    path = "/games/{id}/conditional",
    operation_id = "get_conditional",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "Your lines", body = ConditionalJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub async fn get_conditional(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
) -> Result<Json<ConditionalJson>> {
    let plan = service.conditional(&account, id).await?;
    Ok(Json(ConditionalJson::from(&plan)))
}

/// Plans ahead while it is the opponent's turn: "if they play X, I play Y". When the
/// opponent moves, the lines that start with the plies played stay and the rest are
/// dropped; where a line's next ply is yours, the server plays it at once as your
/// move, and goes on while the line says so. The new set replaces the old.
#[utoipa::path(
    put,
    path = "/games/{id}/conditional",
    operation_id = "put_conditional",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    request_body = ConditionalBody,
    responses(
        (status = 200, description = "The lines now in force", body = ConditionalJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`stale_ply`: the game is at another ply (reload it); `not_opponents_turn`: lines are set while the opponent is to move; `game_over`; `conflict`: the game changed meanwhile (retry)", body = ErrorJson,
            example = json!({"error": "stale_ply", "message": "the game is at ply 7, not 6: reload it"})),
        (status = 422, description = "`illegal_line`: a ply the rules forbid, with the `line` and `ply` (from 1) and the `reason`; `conflicting_lines`: two `lines` answer the same plies of the opponent differently, parting at your `ply`; `line_without_reply`: a line holds none of your plies; `too_many_lines`; `line_too_long`; `invalid_body`", body = ErrorJson,
            example = json!({"error": "illegal_line", "message": "line 2, ply 3: illegal move: that pit is empty", "line": 2, "ply": 3, "reason": "empty_pit"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn put_conditional(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Moves>,
    PathId(id): PathId<GameId>,
    body: std::result::Result<ApiJson<ConditionalBody>, Error>,
) -> Result<Json<ConditionalJson>> {
    // The game's existence and the player's place come before the body's checks.
    let ApiJson(body) = match body {
        Ok(body) => body,
        Err(e) => {
            let loaded = service.game(id).await?;
            loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
            return Err(e);
        }
    };
    let plan = service
        .set_conditional(&account, id, body.ply, &body.lines)
        .await?;
    Ok(Json(ConditionalJson::from(&plan)))
}

/// Clears your conditional lines in a game.
#[utoipa::path(
    delete,
    path = "/games/{id}/conditional",
    operation_id = "delete_conditional",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 204, description = "Cleared"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, response = crate::http::api::openapi::NotAPlayer),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn delete_conditional(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Moves>,
    PathId(id): PathId<GameId>,
) -> Result<StatusCode> {
    service.clear_conditional(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
