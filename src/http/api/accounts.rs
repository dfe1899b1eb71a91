//! Accounts and tokens.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

use super::json::{AccountJson, TokenJson};
use crate::domain::TokenId;
use crate::error::Result;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::service::{NewAccountRequest, Service};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SignUpBody {
    username: String,
    password: String,
    #[serde(default)]
    bot: bool,
}

/// `POST /accounts` → 201 `{"username", "bot", "token"}`.
pub(super) async fn sign_up(
    State(service): State<Service>,
    ApiJson(body): ApiJson<SignUpBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let signed_up = service
        .sign_up(NewAccountRequest {
            username: body.username,
            password: body.password,
            bot: body.bot,
        })
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "username": signed_up.account.username.as_str(),
            "bot": signed_up.account.bot,
            "token": signed_up.token,
        })),
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NewTokenBody {
    username: String,
    password: String,
    label: String,
}

/// `POST /tokens` → 201 `{"id", "token", "label"}`.
pub(super) async fn create_token(
    State(service): State<Service>,
    ApiJson(body): ApiJson<NewTokenBody>,
) -> Result<(StatusCode, Json<Value>)> {
    let account = service.log_in(&body.username, &body.password).await?;
    let (token, secret) = service.create_token(&account, &body.label).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "id": token.id, "token": secret, "label": token.label })),
    ))
}

/// `GET /tokens`: the account's tokens, without secrets.
pub(super) async fn tokens(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<TokenJson>>> {
    let tokens = service.tokens(&account).await?;
    Ok(Json(tokens.iter().map(TokenJson::from).collect()))
}

/// `DELETE /tokens/{id}` → 204.
pub(super) async fn revoke_token(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<TokenId>,
) -> Result<StatusCode> {
    service.revoke_token(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /me`.
pub(super) async fn me(Auth(account): Auth) -> Json<AccountJson> {
    Json(AccountJson::from(&account))
}
