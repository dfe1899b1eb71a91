//! Games, moves and standings.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use seedpost_rules::Variant;
use serde::Deserialize;

use super::json::{GameJson, StandingJson, VariantJson};
use crate::domain::{GameId, GameStatus};
use crate::error::{Error, Result};
use crate::http::extract::{ApiJson, ApiQuery, Auth, MaybeAuth, PathId};
use crate::service::{MoveOutcome, Service};

/// `GET /variants`.
pub(super) async fn variants() -> Json<Vec<VariantJson>> {
    Json(Variant::ALL.into_iter().map(VariantJson::from).collect())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ListQuery {
    status: Option<String>,
    player: Option<String>,
    my_turn: Option<bool>,
    limit: Option<u32>,
}

/// `GET /games?status=&player=&my_turn=&limit=`: most urgent first.
pub(super) async fn list(
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
    Ok(Json(games.iter().map(GameJson::summary).collect()))
}

/// `GET /games/{id}`: public to spectators.
pub(super) async fn show(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.game(id).await?)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoveBody {
    ply: i64,
    pit: i64,
}

/// `POST /games/{id}/moves` `{"ply", "pit"}` → 201 with the game, or 200 for a retry
/// of the move already played at that ply.
pub(super) async fn play(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
    body: std::result::Result<ApiJson<MoveBody>, Error>,
) -> Result<(StatusCode, Json<GameJson>)> {
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
        MoveOutcome::Played(game) => Ok((StatusCode::CREATED, Json(GameJson::full(&game)))),
        MoveOutcome::AlreadyPlayed(game) => Ok((StatusCode::OK, Json(GameJson::full(&game)))),
    }
}

/// `POST /games/{id}/resign`.
pub(super) async fn resign(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.resign(&account, id).await?)))
}

/// `POST /games/{id}/abort`.
pub(super) async fn abort(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<GameId>,
) -> Result<Json<GameJson>> {
    Ok(Json(GameJson::full(&service.abort(&account, id).await?)))
}

/// `GET /games/{id}/record`: the game in the text notation.
pub(super) async fn record(
    State(service): State<Service>,
    PathId(id): PathId<GameId>,
) -> Result<impl IntoResponse> {
    let text = service.record(id).await?;
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StandingsQuery {
    variant: Option<String>,
}

/// `GET /standings?variant=`.
pub(super) async fn standings(
    State(service): State<Service>,
    ApiQuery(query): ApiQuery<StandingsQuery>,
) -> Result<Json<Vec<StandingJson>>> {
    let variant = match query.variant.as_deref() {
        None | Some("") => None,
        Some(v) => Some(
            v.parse::<Variant>()
                .map_err(|e| Error::bad_request("invalid_query", format!("variant: {e}")))?,
        ),
    };
    let standings = service.standings(variant).await?;
    Ok(Json(standings.iter().map(StandingJson::from).collect()))
}
