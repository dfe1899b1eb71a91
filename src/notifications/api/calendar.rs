//! Reminders outside the site: the account's calendar feed of move deadlines (a secret
//! URL) and its daily e-mail digest settings.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::Result;
use crate::http::AppState;
use crate::http::extract::{ApiJson, Auth, PublicBase};
use crate::notifications::json::DigestJson;
use crate::service::Service;

/// Its routes of the API.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create, show, revoke))
        .routes(routes!(digest, set_digest))
}

/// `POST /me/calendar`: the feed's URL, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"url": "https://seedpost.example.org/calendar/5f0c3a1e9b7d4c2a8e6f1b3d5a7c9e0f2b4d6f8a1c3e5a7b9d0f2e4c6a8b0d1e.ics"}))]
pub struct CalendarUrlJson {
    /// The feed: subscribe to it in a calendar program. Anyone with this URL sees the
    /// account's games and deadlines; a new one (or `DELETE /me/calendar`) stops it.
    pub url: String,
}

/// `GET /me/calendar`: whether the account has a feed, never its URL.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"active": true, "created_at": "2026-11-30T12:00:00.000Z"}))]
pub struct CalendarJson {
    /// Whether a feed URL works now.
    pub active: bool,
    /// When its secret was made; null without one.
    pub created_at: Option<String>,
}

/// `PUT /me/digest`'s body.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"email": "ayse@example.org", "enabled": true}))]
pub struct DigestRequest {
    /// Where to send it: an e-mail address.
    pub email: String,
    /// Whether to send it.
    pub enabled: bool,
}

/// Makes a new secret URL for the account's calendar feed (iCalendar, RFC 5545),
/// replacing the old one, which stops working. The feed (`GET /calendar/<secret>.ics`,
/// outside `/api/v1`, no token needed) has an event at the deadline of each ongoing
/// game: where it is the account's move, with alarms at its calendar reminder times
/// (`PUT /me/notifications`, `calendar`; by default 24 h and 2 h before); where it is
/// the opponent's, a free-time event for information.
#[utoipa::path(
    post,
    path = "/me/calendar",
    operation_id = "create_calendar",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 201, description = "The new feed URL, shown once", body = CalendarUrlJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn create(
    State(service): State<Service>,
    PublicBase(base): PublicBase,
    Auth(account): Auth,
) -> Result<(StatusCode, Json<CalendarUrlJson>)> {
    let secret = service.create_calendar(&account).await?;
    let url = format!("{base}/calendar/{secret}.ics");
    Ok((StatusCode::CREATED, Json(CalendarUrlJson { url })))
}

/// Whether the account has a calendar feed (its URL is shown only when made).
#[utoipa::path(
    get,
    path = "/me/calendar",
    operation_id = "calendar",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The feed", body = CalendarJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn show(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<CalendarJson>> {
    let created = service.calendar(&account).await?;
    Ok(Json(CalendarJson {
        active: created.is_some(),
        created_at: created.map(crate::wire::time),
    }))
}

/// Stops the account's calendar feed: its URL answers 404 from now on.
#[utoipa::path(
    delete,
    path = "/me/calendar",
    operation_id = "revoke_calendar",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 204, description = "Stopped"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn revoke(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<StatusCode> {
    service.revoke_calendar(&account).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The account's daily digest settings.
#[utoipa::path(
    get,
    path = "/me/digest",
    operation_id = "digest",
    tag = "accounts",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The settings", body = DigestJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn digest(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<DigestJson>> {
    let status = service.digest(&account).await?;
    Ok(Json(DigestJson::from(&status)))
}

/// Sets where the daily digest goes and whether it is sent: once a day, after the
/// server's digest hour (UTC), one plain-text mail listing the games where it is the
/// account's move (opponent, variant, deadline, link), when there are any. A new
/// address is unverified: when the server sends mail, a verification link (valid 24
/// hours) goes to it.
#[utoipa::path(
    put,
    path = "/me/digest",
    operation_id = "set_digest",
    tag = "accounts",
    security(("bearer" = ["account"])),
    request_body = DigestRequest,
    responses(
        (status = 200, description = "The settings", body = DigestJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_email`: not an e-mail address; `invalid_body`: a body without `email` and `enabled`", body = crate::http::api::json::ErrorJson,
            example = json!({"error": "invalid_email", "message": "\"ayse\" is not an e-mail address"})),
    ),
)]
pub(super) async fn set_digest(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(request): ApiJson<DigestRequest>,
) -> Result<Json<DigestJson>> {
    let status = service
        .set_digest(&account, &request.email, request.enabled)
        .await?;
    Ok(Json(DigestJson::from(&status)))
}
