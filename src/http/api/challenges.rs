//! Challenges.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;

use super::json::{ChallengeJson, GameJson};
use crate::domain::ChallengeId;
use crate::error::Result;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::service::{ChallengeRequest, Service};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewChallengeBody {
    variant: String,
    #[serde(default)]
    days_per_move: Option<i64>,
    #[serde(default)]
    first: Option<String>,
    #[serde(default)]
    opponent: Option<String>,
}

/// `POST /challenges` → 201 with the challenge.
pub(super) async fn create(
    State(service): State<Service>,
    Auth(account): Auth,
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
            },
        )
        .await?;
    Ok((StatusCode::CREATED, Json(ChallengeJson::from(&challenge))))
}

/// `GET /challenges`: open ones the account can see.
pub(super) async fn list(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<ChallengeJson>>> {
    let challenges = service.open_challenges(&account).await?;
    Ok(Json(challenges.iter().map(ChallengeJson::from).collect()))
}

/// `GET /challenges/{id}`.
pub(super) async fn show(
    State(service): State<Service>,
    Auth(_): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<Json<ChallengeJson>> {
    Ok(Json(ChallengeJson::from(&service.challenge(id).await?)))
}

/// `POST /challenges/{id}/accept` → 201 with the game.
pub(super) async fn accept(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<(StatusCode, Json<GameJson>)> {
    let game = service.accept_challenge(&account, id).await?;
    let loaded = service.game(game.id).await?;
    Ok((StatusCode::CREATED, Json(GameJson::full(&loaded))))
}

/// `POST /challenges/{id}/decline`.
pub(super) async fn decline(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<Json<ChallengeJson>> {
    let challenge = service.decline_challenge(&account, id).await?;
    Ok(Json(ChallengeJson::from(&challenge)))
}

/// `DELETE /challenges/{id}` → 204.
pub(super) async fn cancel(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<ChallengeId>,
) -> Result<StatusCode> {
    service.cancel_challenge(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
