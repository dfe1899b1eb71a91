//! Address verification and password reset by e-mail (issue 19): re-sending the
//! verification link of the digest address, asking for a reset link, and setting a
//! new password with one. The links themselves lead to pages (`/verify-address`,
//! `/password-reset/confirm`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::controls::EndedJson;
use crate::accounts::service::maillinks::RESET_LINK_TTL;
use crate::error::Result;
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth, ClientAddr};
use crate::notifications::json::DigestJson;
use crate::service::Service;

/// Its routes of the API: the mailed links.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(resend_verification))
        .routes(routes!(request))
        .routes(routes!(confirm))
}

/// Mails the digest address a new verification link (it works for 24 hours; the
/// older one stops working). Setting or changing the address with `PUT /me/digest`
/// sends one already.
#[utoipa::path(
    post,
    path = "/me/digest/verification",
    operation_id = "resend_verification",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "Sent: the settings", body = DigestJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 409, description = "`mail_not_configured`: this server sends no e-mail; `no_address`: no address is set yet; `already_verified`: the address is verified", body = ErrorJson,
            example = json!({"error": "already_verified", "message": "ayse@example.org is verified already"})),
        (status = 429, description = "`rate_limited`: 5 verification mails to this account in the last hour; wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 2400 s", "retry_after": 2400})),
    ),
)]
pub(super) async fn resend_verification(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<DigestJson>> {
    let status = service.resend_verification(&account).await?;
    Ok(Json(DigestJson::from(&status)))
}

/// A request for a password reset link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"username_or_email": "ayse"}))]
pub(super) struct ResetRequestBody {
    /// The account's user name, or its verified e-mail address.
    username_or_email: String,
}

/// The answer to a reset request, the same whether or not an account matched.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"message": "if an account with a verified address matches, a link to set a new password is on its way there; it works for 60 minutes", "expires_in_minutes": 60}))]
pub(super) struct ResetAcceptedJson {
    /// What happens now.
    message: String,
    /// How long the link works.
    expires_in_minutes: i64,
}

/// Asks for a password reset link: when an account has this name, or this verified
/// digest address, a single-use link to set a new password goes to its verified
/// address; it works for 60 minutes and replaces any older one. The answer is the
/// same whether or not an account matches (and whether it has a verified address).
/// Without SMTP the server sends no mail: ask its operator (`seedpost admin
/// reset-password NAME`).
#[utoipa::path(
    post,
    path = "/password-reset",
    operation_id = "request_password_reset",
    tag = "accounts",
    request_body = ResetRequestBody,
    responses(
        (status = 202, description = "Accepted: a link goes out if an account matches", body = ResetAcceptedJson),
        (status = 409, description = "`mail_not_configured`: this server sends no e-mail; ask its operator to set a new password (`seedpost admin reset-password NAME`)", body = ErrorJson,
            example = json!({"error": "mail_not_configured", "message": "this server sends no e-mail: ask its operator to set a new password (seedpost admin reset-password NAME)"})),
        (status = 422, description = "`invalid_identifier`: an empty or overlong name or address; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_identifier", "message": "type a user name or an e-mail address (at most 254 characters)"})),
        (status = 429, description = "`rate_limited`: 10 requests from this address in the last hour; wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 2400 s", "retry_after": 2400})),
    ),
)]
pub(super) async fn request(
    State(service): State<Service>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<ResetRequestBody>,
) -> Result<(StatusCode, Json<ResetAcceptedJson>)> {
    service
        .request_password_reset(&body.username_or_email, client)
        .await?;
    let minutes = RESET_LINK_TTL.num_minutes();
    Ok((
        StatusCode::ACCEPTED,
        Json(ResetAcceptedJson {
            message: format!(
                "if an account with a verified address matches, a link to set a new password is on its way there; it works for {minutes} minutes"
            ),
            expires_in_minutes: minutes,
        }),
    ))
}

/// A new password, with the secret of a reset link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"token": "5f0c…", "password": "staple battery horse correct"}))]
pub(super) struct ResetConfirmBody {
    /// The `token` of the mailed link.
    token: String,
    /// The new password: 8 to 1024 characters.
    password: String,
}

/// Sets a new password with a mailed reset link. Every browser session of the account
/// ends, and the event streams they opened (API tokens stay: revoke them with
/// `DELETE /tokens/{id}`); the link is used up.
#[utoipa::path(
    post,
    path = "/password-reset/confirm",
    operation_id = "confirm_password_reset",
    tag = "accounts",
    request_body = ResetConfirmBody,
    responses(
        (status = 200, description = "Set: what ended", body = EndedJson),
        (status = 422, description = "`invalid_password`: fewer than 8 or more than 1024 characters; `link_unknown`: no such link (or a newer one replaced it); `link_used`: the link was used already; `link_expired`: the link is older than 60 minutes; `invalid_body`", body = ErrorJson,
            example = json!({"error": "link_expired", "message": "this link has expired; ask for a new one"})),
        (status = 429, description = "`rate_limited`: 20 unusable links from this address in the last hour; wait `retry_after` seconds", body = ErrorJson,
            headers(("Retry-After" = u64, description = "Seconds to wait")),
            example = json!({"error": "rate_limited", "message": "too many requests: retry in 2400 s", "retry_after": 2400})),
    ),
)]
pub(super) async fn confirm(
    State(service): State<Service>,
    ClientAddr(client): ClientAddr,
    ApiJson(body): ApiJson<ResetConfirmBody>,
) -> Result<Json<EndedJson>> {
    let ended = service
        .confirm_password_reset(&body.token, &body.password, client)
        .await?;
    Ok(Json(EndedJson::from(ended)))
}
