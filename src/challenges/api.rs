//! Challenges.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::filters;
use super::json::ChallengeJson;
use super::service::{ChallengeRequest, parse_decline_reason};
use crate::domain::ChallengeId;
use crate::error::{Error, Result};
use crate::games::json::GameJson;
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, ApiQuery, Auth, PathId};
use crate::http::ratelimit::{self, Throttle};
use crate::service::Service;
use crate::store::Page;
use crate::wire::DeclineReasonName;

/// The API routes of challenges and challenge filters.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, list))
        .routes(routes!(show, cancel))
        .routes(routes!(accept))
        .routes(routes!(decline))
        .routes(routes!(filters::show, filters::set, filters::clear))
}

/// A new challenge.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"variant": "mangala", "days_per_move": 3, "first": "random", "opponent": "mehmet", "rated": true, "weekend_pause": false, "games": 5, "schedule": "sequential", "stop_when_decided": true}))]
pub(super) struct NewChallengeBody {
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    variant: String,
    /// Days per move: 1, 2, 3, 5, 7, 10 or 14 (default 3).
    #[serde(default)]
    days_per_move: Option<i64>,
    /// Who moves first: `random` (default), `challenger` or `opponent`.
    #[serde(default)]
    first: Option<String>,
    /// The player challenged; absent or empty for an open challenge.
    #[serde(default)]
    opponent: Option<String>,
    /// Whether the game is rated: it moves both players' Glicko-2 ratings in the
    /// variant when it finishes (default false: casual).
    #[serde(default)]
    rated: bool,
    /// Whether the clocks stop on Saturdays and Sundays, UTC: weekend time does not
    /// count towards the days per move (default false).
    #[serde(default)]
    weekend_pause: bool,
    /// The number of games: 1 (default) for a single game, 2 to 9 for a match, whose
    /// score is the sum of its games' points (1 / ½ / 0); the players keep their
    /// sides and the first mover alternates game by game.
    #[serde(default)]
    games: Option<i64>,
    /// How a match's games are played: `sequential` (default: each starts when the
    /// last one ends) or `parallel` (all start at once).
    #[serde(default)]
    schedule: Option<String>,
    /// Whether a match ends as soon as one player's points cannot be caught (default
    /// true); a parallel match then aborts its games still going, which score nothing.
    #[serde(default)]
    stop_when_decided: Option<bool>,
}

/// Challenges a player, or anyone.
#[utoipa::path(
    post,
    path = "/challenges",
    operation_id = "create_challenge",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    request_body = NewChallengeBody,
    responses(
        (status = 201, description = "The challenge", body = ChallengeJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, description = "`not_found`: no such opponent", body = ErrorJson,
            example = json!({"error": "not_found", "message": "player not found"})),
        (status = 422, description = "`invalid_variant`, `invalid_days_per_move`, `invalid_first`, `invalid_games` (not 1 to 9), `invalid_schedule`, `self_challenge` (naming oneself), `opponent_closed` (naming a closed or deleted account), `blocked` (one of the two players blocked the other: `PUT /me/blocks/{name}`), `too_many_challenges` (the account has 50 open challenges, or 5 naming this opponent: cancel one first), `invalid_body`: a bad field", body = ErrorJson,
            example = json!({"error": "invalid_variant", "message": "variant: expected `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub(super) async fn create(
    State(service): State<Service>,
    Auth(account): Auth,
    _: Throttle<ratelimit::Challenges>,
    ApiJson(body): ApiJson<NewChallengeBody>,
) -> Result<(StatusCode, Json<ChallengeJson>)> {
    let challenge = service
        .create_challenge(
            &account,
            ChallengeRequest {
                variant: body.variant,
                days_per_move: body.days_per_move,
                first: body.first,
                opponent: body.opponent,
                rated: body.rated,
                weekend_pause: body.weekend_pause,
                games: body.games,
                schedule: body.schedule,
                stop_when_decided: body.stop_when_decided,
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(ChallengeJson::from(&challenge))))
}

/// A page of the challenge list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct ListQuery {
    /// At most this many (default 100, at most 500).
    limit: Option<u32>,
    /// Only those listed after this challenge: the next page after one that ended
    /// with it.
    before: Option<String>,
}

/// The open challenges the account can see: those to it, its own, and open ones;
/// newest first, a page at a time (`limit`, then `before` the last one listed).
#[utoipa::path(
    get,
    path = "/challenges",
    operation_id = "list_challenges",
    tag = "challenges",
    security(("bearer" = ["read"])),
    params(ListQuery),
    responses(
        (status = 200, description = "Open challenges", body = Vec<ChallengeJson>),
        (status = 400, description = "`invalid_query`: a bad `limit` or `before`", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "before is a challenge id"})),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn list(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Json<Vec<ChallengeJson>>> {
    let before = match query.before.as_deref() {
        None => None,
        Some(id) => Some(
            id.parse::<ChallengeId>()
                .map_err(|_| Error::bad_request("invalid_query", "before is a challenge id"))?,
        ),
    };
    let page = Page {
        limit: query.limit.unwrap_or(100).clamp(1, 500),
        before,
    };
    let challenges = service.open_challenges(&account, page).await?;
    Ok(Json(challenges.iter().map(ChallengeJson::from).collect()))
}

/// One challenge: for its challenger and the player it names, or anyone when it is
/// open to anyone (404 for others).
#[utoipa::path(
    get,
    path = "/challenges/{id}",
    operation_id = "get_challenge",
    tag = "challenges",
    security(("bearer" = ["read"])),
    params(("id" = String, Path, description = "The challenge's id")),
    responses(
        (status = 200, description = "The challenge", body = ChallengeJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<Json<ChallengeJson>> {
    Ok(Json(ChallengeJson::from(
        &service.challenge_for(&account, id).await?,
    )))
}

/// Accepts a challenge: the game starts (game 1 of a match; all its games when they
/// are played at once, each with `game_start` events).
#[utoipa::path(
    post,
    path = "/challenges/{id}/accept",
    operation_id = "accept_challenge",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    params(("id" = String, Path, description = "The challenge's id")),
    responses(
        (status = 201, description = "The new game (game 1 of a match)", body = GameJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, description = "`forbidden`: the challenge names another player", body = ErrorJson,
            example = json!({"error": "forbidden", "message": "this challenge is addressed to another player"})),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, response = crate::http::api::openapi::ChallengeClosed),
        (status = 422, description = "`own_challenge`: one's own challenge; `blocked`: one of the two players blocked the other", body = ErrorJson,
            example = json!({"error": "own_challenge", "message": "you cannot accept your own challenge"})),
    ),
)]
pub(super) async fn accept(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<(StatusCode, Json<GameJson>)> {
    let game = service.accept_challenge(&account, id).await?;
    let loaded = service.game(game.id).await?;
    Ok((StatusCode::CREATED, Json(GameJson::full(&loaded))))
}

/// Why a challenge is declined; the body may be left out (a generic decline).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reason": "time_control"}))]
pub(super) struct DeclineBody {
    /// The reason the challenger is shown: `generic` (the default), `later`,
    /// `variant`, `time_control`, `rated`, `casual`, `too_fast`, `not_bots` or
    /// `only_bots`.
    #[schema(value_type = Option<DeclineReasonName>)]
    reason: Option<String>,
}

/// Declines a challenge addressed to the account, with a reason the challenger is
/// shown (in the challenge's `decline_reason` and their `challenge_declined` event).
#[utoipa::path(
    post,
    path = "/challenges/{id}/decline",
    operation_id = "decline_challenge",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    params(("id" = String, Path, description = "The challenge's id")),
    request_body(content = Option<DeclineBody>, description = "Optional: the reason (a generic decline without a body)",
        example = json!({"reason": "time_control"})),
    responses(
        (status = 200, description = "The declined challenge", body = ChallengeJson),
        (status = 422, description = "`invalid_decline_reason`: not one of the reasons; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_decline_reason", "message": "a decline reason is one of generic, later, variant, time_control, rated, casual, too_fast, not_bots or only_bots"})),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, description = "`forbidden`: the challenge does not name the account", body = ErrorJson,
            example = json!({"error": "forbidden", "message": "only the player a challenge names can decline it"})),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, response = crate::http::api::openapi::ChallengeClosed),
    ),
)]
pub(super) async fn decline(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
    body: Option<ApiJson<DeclineBody>>,
) -> Result<Json<ChallengeJson>> {
    let reason = parse_decline_reason(body.and_then(|ApiJson(b)| b.reason).as_deref())?;
    let challenge = service.decline_challenge(&account, id, reason).await?;
    Ok(Json(ChallengeJson::from(&challenge)))
}

/// Cancels one's own challenge.
#[utoipa::path(
    delete,
    path = "/challenges/{id}",
    operation_id = "cancel_challenge",
    tag = "challenges",
    security(("bearer" = ["challenge"])),
    params(("id" = String, Path, description = "The challenge's id")),
    responses(
        (status = 204, description = "Canceled"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, description = "`forbidden`: not the account's challenge", body = ErrorJson,
            example = json!({"error": "forbidden", "message": "only its creator can cancel a challenge"})),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 409, response = crate::http::api::openapi::ChallengeClosed),
    ),
)]
pub(super) async fn cancel(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<StatusCode> {
    service.cancel_challenge(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
