//! The chat's API handlers: blocks, chat lines and reports.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::json::BlockedJson;
use super::service::LineJson;
use crate::domain::{GameId, check_text};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::service::Service;

/// The API routes of blocks and of the chat.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(blocks))
        .routes(routes!(block, unblock))
        .routes(routes!(lines, say))
        .routes(routes!(report))
}

/// The accounts this account blocked: they can neither challenge it nor chat with it.
#[utoipa::path(
    get,
    path = "/me/blocks",
    operation_id = "list_blocks",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The blocked accounts, by name", body = Vec<BlockedJson>),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub async fn blocks(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<BlockedJson>>> {
    let blocked = service.blocks(&account).await?;
    Ok(Json(blocked.iter().map(BlockedJson::from).collect()))
}

/// Blocks a player: it can no longer challenge this account (422 `blocked`) nor chat
/// with it (403 `blocked`). Blocking again changes nothing.
#[utoipa::path(
    put,
    path = "/me/blocks/{name}",
    operation_id = "block_player",
    tag = "accounts",
    security(("bearer" = ["account"])),
    params(("name" = String, Path, description = "The player's name (any case)")),
    responses(
        (status = 204, description = "Blocked"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 422, description = "`self_block`: an account cannot block itself", body = ErrorJson,
            example = json!({"error": "self_block", "message": "you cannot block yourself"})),
    ),
)]
pub async fn block(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(name): PathId<String>,
) -> Result<StatusCode> {
    service.block(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Unblocks a player (one not blocked: no change).
#[utoipa::path(
    delete,
    path = "/me/blocks/{name}",
    operation_id = "unblock_player",
    tag = "accounts",
    security(("bearer" = ["account"])),
    params(("name" = String, Path, description = "The player's name (any case)")),
    responses(
        (status = 204, description = "Not blocked (any more)"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub async fn unblock(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(name): PathId<String>,
) -> Result<StatusCode> {
    service.unblock(&account, &name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The chat of a game, oldest first: for its two players only.
#[utoipa::path(
    get,
    path = "/games/{id}/chat",
    operation_id = "game_chat",
    tag = "games",
    security(("bearer" = ["read"])),
    params(("id" = String, Path, description = "The game's id")),
    responses(
        (status = 200, description = "The chat, oldest first", body = Vec<LineJson>),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotYourGame),
    ),
)]
pub async fn lines(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
) -> Result<Json<Vec<LineJson>>> {
    let (lines, _) = service.chat(&account, id).await?;
    Ok(Json(lines.iter().map(LineJson::from).collect()))
}

/// A chat line to write.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"text": "Good game!"}))]
pub struct LineBody {
    /// 1 to 500 characters, on one line.
    text: String,
}

/// Writes a line in the chat of a game the account plays: both players' event
/// streams get it as a `chat_line` event.
#[utoipa::path(
    post,
    path = "/games/{id}/chat",
    operation_id = "write_chat_line",
    tag = "games",
    security(("bearer" = ["play"])),
    params(("id" = String, Path, description = "The game's id")),
    request_body = LineBody,
    responses(
        (status = 201, description = "The line as stored", body = LineJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 403, description = "`chat_off`: the server, the account or its opponent turned the chat off; `blocked`: one of the two players blocked the other; `muted`: the operator stopped the account's chat", body = ErrorJson,
            example = json!({"error": "blocked", "message": "you cannot chat with this player"})),
        (status = 404, response = crate::http::api::openapi::NotYourGame),
        (status = 422, description = "`invalid_chat_line`: empty or longer than 500 characters; `invalid_text`: a control character (a line break among them) or a bidirectional override; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_chat_line", "message": "a chat line holds 1 to 500 characters"})),
        (status = 429, description = "`rate_limited`: more lines in a minute than the server allows (10 unless `--chat-lines-per-minute` says otherwise); wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 60 s", "retry_after": 60})),
    ),
)]
pub async fn say(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
    ApiJson(body): ApiJson<LineBody>,
) -> Result<(StatusCode, Json<LineJson>)> {
    let line = service.say(&account, id, &body.text).await?;
    Ok((StatusCode::CREATED, Json(LineJson::from(&line))))
}

/// A game's id and a line's id from the path; anything else names nothing (404).
pub(super) fn game_and_line(game: &str, line: &str) -> Result<(GameId, Uuid)> {
    let bad = || Error::NotFound("chat line");
    if check_text(game).is_err() || check_text(line).is_err() {
        return Err(bad());
    }
    let game: GameId = game.parse().map_err(|_| bad())?;
    let line: Uuid = line.parse().map_err(|_| bad())?;
    Ok((game, line))
}

/// Reports a line of the opponent's to the server's operator.
#[utoipa::path(
    post,
    path = "/games/{id}/chat/{line}/report",
    operation_id = "report_chat_line",
    tag = "games",
    security(("bearer" = ["play"])),
    params(
        ("id" = String, Path, description = "The game's id"),
        ("line" = String, Path, description = "The line's id"),
    ),
    responses(
        (status = 204, description = "Reported"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, description = "`not_found`: no such game or line, or the account does not play the game", body = ErrorJson,
            example = json!({"error": "not_found", "message": "chat line not found"})),
        (status = 422, description = "`own_line`: the account wrote the line", body = ErrorJson,
            example = json!({"error": "own_line", "message": "you cannot report your own line"})),
    ),
)]
pub async fn report(
    State(service): State<Service>,
    Auth(account): Auth,
    Path((game, line)): Path<(String, String)>,
) -> Result<StatusCode> {
    let (game, line) = game_and_line(&game, &line)?;
    service.report_line(&account, game, line).await?;
    Ok(StatusCode::NO_CONTENT)
}
