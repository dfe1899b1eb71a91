//! Round-robin tournaments.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::competition::json::{TournamentDetailJson, TournamentJson};
use crate::competition::service::tournaments::TournamentRequest;
use crate::competition::tournament::TournamentStatus;
use crate::domain::TournamentId;
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, ApiQuery, Auth, PathId};
use crate::service::Service;

/// The API routes of the tournaments (mounted by `http`).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(show))
        .routes(routes!(join))
        .routes(routes!(withdraw))
}

/// A new tournament.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"name": "Winter cup", "variant": "mangala", "days_per_move": 3, "double": true, "rated": true, "vacation_allowed": false, "max_players": 8, "starts_at": "2026-12-05T12:00:00Z"}))]
pub(super) struct NewTournamentBody {
    /// 1 to 60 characters.
    name: String,
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    variant: String,
    /// Days per move: 1, 2, 3, 5, 7, 10 or 14 (default 3).
    #[serde(default)]
    days_per_move: Option<i64>,
    /// A double round robin: each pair plays twice, sides swapped (default false:
    /// once).
    #[serde(default)]
    double: bool,
    /// Whether the games are rated (default false).
    #[serde(default)]
    rated: bool,
    /// Whether a player's vacation stops the clocks of its games here (default true).
    #[serde(default = "yes")]
    vacation_allowed: bool,
    /// The player limit, 2 to 32 (default 8).
    #[serde(default)]
    max_players: Option<i64>,
    /// When it starts, in the future (RFC 3339): joining closes and every pairing
    /// starts as a game at once.
    starts_at: String,
}

fn yes() -> bool {
    true
}

/// Creates a tournament. Its creator plays only if it joins.
#[utoipa::path(
    post,
    path = "/tournaments",
    operation_id = "create_tournament",
    tag = "tournaments",
    security(("bearer" = ["challenge"])),
    request_body = NewTournamentBody,
    responses(
        (status = 201, description = "The tournament", body = TournamentJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_name`, `invalid_variant`, `invalid_days_per_move`, `invalid_max_players`, `invalid_starts_at`, `too_many_tournaments` (the account has created 5 open tournaments: wait for one to start), `invalid_body`: a bad field", body = ErrorJson,
            example = json!({"error": "invalid_max_players", "message": "a tournament has 2 to 32 players"})),
    ),
)]
pub(super) async fn create(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(body): ApiJson<NewTournamentBody>,
) -> Result<(StatusCode, Json<TournamentJson>)> {
    let tournament = service
        .create_tournament(
            &account,
            TournamentRequest {
                name: body.name,
                variant: body.variant,
                days_per_move: body.days_per_move,
                double: body.double,
                rated: body.rated,
                vacation_allowed: body.vacation_allowed,
                max_players: body.max_players,
                starts_at: body.starts_at,
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(TournamentJson::of(&tournament))))
}

/// Filters of the tournament list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct ListQuery {
    /// `open`, `running`, `finished` or `canceled`.
    status: Option<String>,
    /// At most this many: 200 by default, 500 at most.
    limit: Option<u32>,
    /// After this many (the next page: the previous `offset` plus `limit`); 0 by
    /// default.
    offset: Option<u32>,
}

/// Tournaments: open ones first (soonest start first), then the others, newest first.
#[utoipa::path(
    get,
    path = "/tournaments",
    operation_id = "list_tournaments",
    tag = "tournaments",
    params(ListQuery),
    responses(
        (status = 200, description = "The tournaments", body = Vec<TournamentJson>),
        (status = 400, description = "`invalid_query`: a bad query", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "status is open, running, finished or canceled"})),
    ),
)]
pub(super) async fn list(
    State(service): State<Service>,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<TournamentJson>>> {
    let status = match query.status.as_deref() {
        None | Some("") => None,
        Some(s) => Some(TournamentStatus::parse(s).ok_or_else(|| {
            Error::bad_request(
                "invalid_query",
                "status is open, running, finished or canceled",
            )
        })?),
    };
    let listed = service
        .tournaments(
            status,
            query.limit.unwrap_or(200),
            query.offset.unwrap_or(0),
        )
        .await?;
    Ok(Json(listed.iter().map(TournamentJson::of).collect()))
}

/// A tournament: its settings, players, standings (the crosstable, with points 1 / ½
/// / 0 and the Sonneborn–Berger tiebreak; final once finished) and games.
#[utoipa::path(
    get,
    path = "/tournaments/{id}",
    operation_id = "get_tournament",
    tag = "tournaments",
    params(("id" = String, Path, description = "The tournament's id")),
    responses(
        (status = 200, description = "The tournament", body = TournamentDetailJson),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    PathId(id): PathId<TournamentId>,
) -> Result<Json<TournamentDetailJson>> {
    let view = service.tournament(id).await?;
    Ok(Json(TournamentDetailJson::from(&view)))
}

/// Joins a tournament before its start.
#[utoipa::path(
    post,
    path = "/tournaments/{id}/join",
    operation_id = "join_tournament",
    tag = "tournaments",
    security(("bearer" = ["challenge"])),
    params(("id" = String, Path, description = "The tournament's id")),
    responses(
        (status = 200, description = "The tournament, with the account in it", body = TournamentDetailJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`tournament_started`: started or over; `tournament_full`; `already_joined`", body = ErrorJson,
            example = json!({"error": "tournament_full", "message": "the tournament is full"})),
    ),
)]
pub(super) async fn join(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<TournamentId>,
) -> Result<Json<TournamentDetailJson>> {
    let view = service.join_tournament(&account, id).await?;
    Ok(Json(TournamentDetailJson::from(&view)))
}

/// Leaves a tournament: before its start, simply; once it runs, by withdrawing, which
/// resigns every game of the account still going on in it (scored as losses).
#[utoipa::path(
    post,
    path = "/tournaments/{id}/withdraw",
    operation_id = "withdraw_from_tournament",
    tag = "tournaments",
    security(("bearer" = ["challenge"])),
    params(("id" = String, Path, description = "The tournament's id")),
    responses(
        (status = 200, description = "The tournament after the withdrawal", body = TournamentDetailJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, description = "`not_in_tournament`; `tournament_over`", body = ErrorJson,
            example = json!({"error": "not_in_tournament", "message": "you are not in this tournament"})),
    ),
)]
pub(super) async fn withdraw(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<TournamentId>,
) -> Result<Json<TournamentDetailJson>> {
    let view = service.withdraw_from_tournament(&account, id).await?;
    Ok(Json(TournamentDetailJson::from(&view)))
}
