//! Webhooks: register URLs that receive the account's events as signed POSTs.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::json::ErrorJson;
use crate::domain::{DeliveryId, WebhookId};
use crate::error::{Error, Result};
use crate::http::extract::{ApiJson, ApiQuery, Auth, PathId};
use crate::service::Service;
use crate::store::Page;
use crate::store::webhooks::{DeliveryFilter, ListedDelivery, Webhook};
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
    "delivered_at": null, "in_flight_until": null
}))]
pub struct DeliveryJson {
    /// Its id (sent as `Seedpost-Delivery`).
    pub id: String,
    /// The event's `seq`.
    pub event_seq: u64,
    /// The event's `type`.
    pub event_type: String,
    /// `pending` (waiting for an attempt), `in_flight` (a worker is attempting it
    /// now), `delivered` or `failed` (no more attempts).
    pub status: String,
    /// Attempts finished (one in flight counts once it ends).
    pub attempts: u32,
    /// The HTTP status of the last attempt, when the receiver answered.
    pub last_status: Option<u16>,
    /// What went wrong in the last failed attempt.
    pub last_error: Option<String>,
    /// When the next attempt is due (`pending` only).
    pub next_attempt_at: Option<String>,
    /// When the event was queued.
    pub created_at: String,
    /// When the receiver accepted it.
    pub delivered_at: Option<String>,
    /// `in_flight` only: when the worker's hold on the attempt under way lapses (if
    /// the attempt has not ended by then, the delivery is attempted again).
    pub in_flight_until: Option<String>,
}

impl From<&ListedDelivery> for DeliveryJson {
    fn from(listed: &ListedDelivery) -> Self {
        let d = &listed.delivery;
        let in_flight = listed.in_flight_until.is_some();
        DeliveryJson {
            id: d.id.to_string(),
            event_seq: d.event_seq,
            event_type: d.event_type.clone(),
            status: if in_flight {
                "in_flight".to_owned()
            } else {
                d.status.as_str().to_owned()
            },
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error.clone(),
            // While in flight, the stored next attempt time is the lease's end.
            next_attempt_at: if in_flight {
                None
            } else {
                d.next_attempt_at.map(time)
            },
            created_at: time(d.created_at),
            delivered_at: d.delivered_at.map(time),
            in_flight_until: listed.in_flight_until.map(time),
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

/// A page of a webhook's delivery list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub(super) struct DeliveriesQuery {
    /// Only those in this state: `pending`, `in_flight`, `delivered` or `failed`.
    status: Option<String>,
    /// At most this many: 1 to 500, 50 by default.
    limit: Option<u32>,
    /// Only those listed after this delivery: the next page after one that ended
    /// with it.
    before: Option<String>,
}

/// A webhook's deliveries, newest first, a page at a time (`limit`, then `before`
/// the last one listed), optionally only those of one `status`.
#[utoipa::path(
    get,
    path = "/webhooks/{id}/deliveries",
    tag = "webhooks",
    operation_id = "list_webhook_deliveries",
    security(("bearer" = ["webhooks"])),
    params(("id" = String, Path, description = "The webhook's id"), DeliveriesQuery),
    responses(
        (status = 200, description = "The deliveries", body = Vec<DeliveryJson>),
        (status = 400, description = "`invalid_query`: a bad `status`, `limit` or `before`", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "status is pending, in_flight, delivered or failed"})),
        (status = 401, response = super::openapi::Unauthorized),
        (status = 404, response = super::openapi::NotFound),
    ),
)]
pub(super) async fn deliveries(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<WebhookId>,
    ApiQuery(query): ApiQuery<DeliveriesQuery>,
) -> Result<Json<Vec<DeliveryJson>>> {
    let filter = match query.status.as_deref() {
        None => None,
        Some(s) => Some(DeliveryFilter::parse(s).ok_or_else(|| {
            Error::bad_request(
                "invalid_query",
                "status is pending, in_flight, delivered or failed",
            )
        })?),
    };
    let limit = query.limit.unwrap_or(50);
    if !(1..=500).contains(&limit) {
        return Err(Error::bad_request("invalid_query", "limit is 1 to 500"));
    }
    let before = match query.before.as_deref() {
        None => None,
        Some(id) => Some(
            id.parse::<DeliveryId>()
                .map_err(|_| Error::bad_request("invalid_query", "before is a delivery id"))?,
        ),
    };
    let deliveries = service
        .webhook_deliveries(&account, id, filter, Page { limit, before })
        .await?;
    Ok(Json(deliveries.iter().map(DeliveryJson::from).collect()))
}
