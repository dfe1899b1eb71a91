//! Webhooks: register URLs that receive the account's events as signed POSTs.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::json::ErrorJson;
use crate::domain::WebhookId;
use crate::error::Result;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::service::Service;
use crate::store::webhooks::{Delivery, Webhook};
use crate::wire::time;

/// A webhook to register.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"url": "https://bot.example/seedpost", "secret": "a long random shared secret"}))]
pub(super) struct NewWebhookBody {
    /// Where to POST the events: an `http://` or `https://` URL.
    url: String,
    /// The HMAC-SHA256 key of the `Seedpost-Signature` header: 16 to 200 characters.
    secret: String,
}

/// A registered webhook (its secret is not shown again).
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "3c9e7f7e-2b8d-4c3a-9f1e-5d6c7b8a9e0f", "url": "https://bot.example/seedpost", "created_at": "2026-11-30T12:00:00.000Z"}))]
pub struct WebhookJson {
    /// Its id.
    pub id: String,
    /// Where the events go.
    pub url: String,
    /// When it was registered: it receives the events from then on.
    pub created_at: String,
}

impl From<&Webhook> for WebhookJson {
    fn from(w: &Webhook) -> Self {
        WebhookJson {
            id: w.id.to_string(),
            url: w.url.clone(),
            created_at: time(w.created_at),
        }
    }
}

/// One event's delivery to a webhook.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b", "event_seq": 12, "event_type": "your_turn",
    "status": "pending", "attempts": 1, "last_status": 500,
    "last_error": "the receiver answered 500 Internal Server Error",
    "next_attempt_at": "2026-11-30T12:00:10.000Z", "created_at": "2026-11-30T12:00:00.000Z",
    "delivered_at": null
}))]
pub struct DeliveryJson {
    /// Its id (sent as `Seedpost-Delivery`).
    pub id: String,
    /// The event's `seq`.
    pub event_seq: u64,
    /// The event's `type`.
    pub event_type: String,
    /// `pending`, `delivered` or `failed` (no more attempts).
    pub status: String,
    /// Attempts made.
    pub attempts: u32,
    /// The HTTP status of the last attempt, when the receiver answered.
    pub last_status: Option<u16>,
    /// What went wrong in the last failed attempt.
    pub last_error: Option<String>,
    /// When the next attempt is due (pending only).
    pub next_attempt_at: Option<String>,
    /// When the event was queued.
    pub created_at: String,
    /// When the receiver accepted it.
    pub delivered_at: Option<String>,
}

impl From<&Delivery> for DeliveryJson {
    fn from(d: &Delivery) -> Self {
        DeliveryJson {
            id: d.id.to_string(),
            event_seq: d.event_seq,
            event_type: d.event_type.clone(),
            status: d.status.as_str().to_owned(),
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error.clone(),
            next_attempt_at: d.next_attempt_at.map(time),
            created_at: time(d.created_at),
            delivered_at: d.delivered_at.map(time),
        }
    }
}

/// Registers a webhook: from now on every event of the account's stream is POSTed to
/// it as JSON, with `Seedpost-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
/// "<t>.<body>">`, `Seedpost-Event` and `Seedpost-Delivery` headers. A receiver
/// answers 2xx within 10 s; otherwise the delivery is retried after 10 s, 1 min,
/// 10 min, 1 h and 6 h, then given up.
#[utoipa::path(
    post,
    path = "/webhooks",
    tag = "webhooks",
    operation_id = "create_webhook",
    security(("bearer" = ["webhooks"])),
    request_body = NewWebhookBody,
    responses(
        (status = 201, description = "The webhook", body = WebhookJson),
        (status = 400, response = super::openapi::BadBody),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 422, description = "`invalid_url`: not an `http://` or `https://` URL; `private_url`: a URL naming a private, loopback or link-local address (refused unless the server is started to allow them); `invalid_secret`; `too_many_webhooks` (10 per account); `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_secret", "message": "a webhook secret has 16 to 200 characters"})),
    ),
)]
pub(super) async fn create(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(body): ApiJson<NewWebhookBody>,
) -> Result<(StatusCode, Json<WebhookJson>)> {
    let webhook = service
        .create_webhook(&account, &body.url, &body.secret)
        .await?;
    Ok((StatusCode::CREATED, Json(WebhookJson::from(&webhook))))
}

/// The account's webhooks.
#[utoipa::path(
    get,
    path = "/webhooks",
    tag = "webhooks",
    operation_id = "list_webhooks",
    security(("bearer" = ["webhooks"])),
    responses(
        (status = 200, description = "The webhooks, oldest first", body = Vec<WebhookJson>),
        (status = 401, response = super::openapi::Unauthorized),
    ),
)]
pub(super) async fn list(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<WebhookJson>>> {
    let webhooks = service.webhooks(&account).await?;
    Ok(Json(webhooks.iter().map(WebhookJson::from).collect()))
}

/// Deletes a webhook and its deliveries.
#[utoipa::path(
    delete,
    path = "/webhooks/{id}",
    tag = "webhooks",
    operation_id = "delete_webhook",
    security(("bearer" = ["webhooks"])),
    params(("id" = String, Path, description = "The webhook's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 404, response = super::openapi::NotFound),
    ),
)]
pub(super) async fn delete(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<WebhookId>,
) -> Result<StatusCode> {
    service.delete_webhook(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A webhook's latest deliveries (at most 50), newest first.
#[utoipa::path(
    get,
    path = "/webhooks/{id}/deliveries",
    tag = "webhooks",
    operation_id = "list_webhook_deliveries",
    security(("bearer" = ["webhooks"])),
    params(("id" = String, Path, description = "The webhook's id")),
    responses(
        (status = 200, description = "The deliveries", body = Vec<DeliveryJson>),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 404, response = super::openapi::NotFound),
    ),
)]
pub(super) async fn deliveries(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<WebhookId>,
) -> Result<Json<Vec<DeliveryJson>>> {
    let deliveries = service.webhook_deliveries(&account, id).await?;
    Ok(Json(deliveries.iter().map(DeliveryJson::from).collect()))
}
