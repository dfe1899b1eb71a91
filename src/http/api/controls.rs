//! Account controls: changing the password, logging out everywhere.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::json::ErrorJson;
use crate::error::Result;
use crate::http::extract::{ApiJson, Auth, ClientAddr};
use crate::service::{PasswordChange, Service};

/// A password change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"current": "correct horse battery", "new": "staple battery horse correct", "revoke_tokens": false}))]
pub(super) struct PasswordBody {
    /// The password now.
    current: String,
    /// The new password: 8 to 1024 characters.
    new: String,
    /// Whether every API token of the account is revoked too, this one included
    /// (default false: tokens stay).
    #[serde(default)]
    revoke_tokens: bool,
}

/// What a change ended.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"sessions_ended": 2, "tokens_revoked": 0}))]
pub(super) struct EndedJson {
    /// Browser sessions ended.
    sessions_ended: u64,
    /// API tokens revoked.
    tokens_revoked: u64,
}

/// Changes the account's password. Every browser session of the account ends; API
/// tokens stay unless `revoke_tokens` is true, and then every one of them is revoked,
/// the one sending this too. The event streams opened by what ended close (on this
/// instance at once, on others within one keep-alive).
#[utoipa::path(
    post,
    path = "/me/password",
    operation_id = "change_password",
    tag = "accounts",
    security(("bearer" = ["account"])),
    request_body = PasswordBody,
    responses(
        (status = 200, description = "Changed: what ended", body = EndedJson),
        (status = 400, response = super::openapi::BadBody),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 422, description = "`invalid_password`: the new password has fewer than 8 or more than 1024 characters; `wrong_password`: the current password is wrong (counted as a failed log-in); `invalid_body`", body = ErrorJson,
            example = json!({"error": "wrong_password", "message": "the current password is wrong"})),
        (status = 429, description = "`rate_limited`: too many failed log-ins for this account from this address; wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 840 s", "retry_after": 840})),
    ),
)]
pub(super) async fn change_password(
    State(service): State<Service>,
    Auth(account): Auth,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<PasswordBody>,
) -> Result<Json<EndedJson>> {
    let ended = service
        .change_password(
            &account,
            PasswordChange {
                current: &body.current,
                new: &body.new,
                keep_session: None,
                revoke_tokens: body.revoke_tokens,
                client,
            },
        )
        .await?;
    Ok(Json(EndedJson {
        sessions_ended: ended.sessions,
        tokens_revoked: ended.tokens,
    }))
}

/// Logs the account out everywhere: every browser session ends (API tokens stay;
/// revoke them with `DELETE /tokens/{id}`), and the event streams they opened close.
#[utoipa::path(
    delete,
    path = "/me/sessions",
    operation_id = "log_out_everywhere",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "Logged out: what ended", body = EndedJson),
        (status = 401, response = super::openapi::Unauthorized),
    ),
)]
pub(super) async fn log_out_everywhere(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<EndedJson>> {
    let sessions = service.log_out_everywhere(&account).await?;
    Ok(Json(EndedJson {
        sessions_ended: sessions,
        tokens_revoked: 0,
    }))
}
