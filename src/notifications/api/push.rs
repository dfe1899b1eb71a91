//! Web Push: the server's VAPID public key, and the devices an account gets
//! notifications on (the browsers' `PushSubscription`s).

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header::USER_AGENT};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::PushSubscriptionId;
use crate::error::Result;
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::notifications::json::{NotificationSettingsJson, PushSubscriptionJson};
use crate::service::Service;

/// Its routes of the API.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(key))
        .routes(routes!(create, list))
        .routes(routes!(delete))
        .routes(routes!(test))
        .routes(routes!(settings, set_settings))
}

/// The server's VAPID public key.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"public_key": "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U"}))]
pub struct VapidKeyJson {
    /// The uncompressed P-256 point, base64url: `applicationServerKey` for
    /// `pushManager.subscribe`.
    pub public_key: String,
}

/// A device's keys, as the browser's `PushSubscription.toJSON()` gives them.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct PushKeysBody {
    /// The device's P-256 public key, base64url.
    p256dh: String,
    /// The device's 16-byte authentication secret, base64url.
    auth: String,
}

/// A browser's `PushSubscription` JSON, as `subscription.toJSON()` gives it.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({
    "endpoint": "https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b...",
    "expirationTime": null,
    "keys": {"p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM", "auth": "tBHItJI5svbpez7KI4CCXg"}
}))]
pub(super) struct NewPushSubscriptionBody {
    /// The push service's URL for the device: `https://`, on a public address.
    endpoint: String,
    /// The device's keys.
    keys: PushKeysBody,
    /// When the browser lets the subscription lapse (ignored; a lapsed one answers 404
    /// or 410 and is deleted then).
    #[serde(rename = "expirationTime")]
    #[allow(dead_code)]
    expiration_time: Option<f64>,
}

/// How many devices a test notification was queued for.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"devices": 2}))]
pub struct TestPushJson {
    /// Devices with push on: each gets one.
    pub devices: usize,
}

/// The server's VAPID public key (made at the server's first start unless the
/// operator gives one).
#[utoipa::path(
    get,
    path = "/push/key",
    tag = "notifications",
    operation_id = "vapid_public_key",
    responses((status = 200, description = "The key", body = VapidKeyJson)),
)]
pub(super) async fn key(State(service): State<Service>) -> Result<Json<VapidKeyJson>> {
    Ok(Json(VapidKeyJson {
        public_key: service.vapid_public_key().await?,
    }))
}

/// Turns push on for a device: takes the browser's `PushSubscription` JSON. From now
/// on the device is notified of the opponent's moves, challenges, games started and
/// ended, and deadline reminders; one notification per game (a `tag`), opening the
/// game when tapped. The same endpoint again replaces the earlier subscription.
#[utoipa::path(
    post,
    path = "/me/push-subscriptions",
    tag = "notifications",
    operation_id = "create_push_subscription",
    security(("bearer" = ["account"])),
    request_body = NewPushSubscriptionBody,
    responses(
        (status = 201, description = "The device", body = PushSubscriptionJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_endpoint`: not an `https://` URL; `private_url`: an endpoint naming a private, loopback or link-local address (refused unless the server is started to allow them); `invalid_keys`; `too_many_devices` (20 per account); `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_keys", "message": "keys.auth is the base64url of 16 bytes"})),
    ),
)]
pub(super) async fn create(
    State(service): State<Service>,
    Auth(account): Auth,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NewPushSubscriptionBody>,
) -> Result<(StatusCode, Json<PushSubscriptionJson>)> {
    let user_agent = headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let subscription = service
        .subscribe_push(
            &account,
            &body.endpoint,
            &body.keys.p256dh,
            &body.keys.auth,
            user_agent,
        )
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(PushSubscriptionJson::from(&subscription)),
    ))
}

/// The account's devices with push on, oldest first.
#[utoipa::path(
    get,
    path = "/me/push-subscriptions",
    tag = "notifications",
    operation_id = "list_push_subscriptions",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The devices", body = Vec<PushSubscriptionJson>),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn list(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<Vec<PushSubscriptionJson>>> {
    let subscriptions = service.push_subscriptions(&account).await?;
    Ok(Json(
        subscriptions
            .iter()
            .map(PushSubscriptionJson::from)
            .collect(),
    ))
}

/// Turns push off for a device.
#[utoipa::path(
    delete,
    path = "/me/push-subscriptions/{id}",
    tag = "notifications",
    operation_id = "delete_push_subscription",
    security(("bearer" = ["account"])),
    params(("id" = String, Path, description = "The device's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 404, response = crate::http::api::openapi::NotFound),
    ),
)]
pub(super) async fn delete(
    State(service): State<Service>,
    Auth(account): Auth,
    PathId(id): PathId<PushSubscriptionId>,
) -> Result<StatusCode> {
    service.unsubscribe_push(&account, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sends a test notification to each of the account's devices.
#[utoipa::path(
    post,
    path = "/me/notifications/test",
    tag = "notifications",
    operation_id = "test_push",
    security(("bearer" = ["account"])),
    responses(
        (status = 202, description = "Queued", body = TestPushJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn test(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<(StatusCode, Json<TestPushJson>)> {
    let devices = service.test_push(&account).await?;
    Ok((StatusCode::ACCEPTED, Json(TestPushJson { devices })))
}

/// The account's notification settings: which kinds of notice each channel sends, and
/// the reminder times before a move's deadline (by default push for everything, with
/// reminders 24 h and 2 h before; e-mail off).
#[utoipa::path(
    get,
    path = "/me/notifications",
    tag = "notifications",
    operation_id = "notification_settings",
    security(("bearer" = ["account"])),
    responses(
        (status = 200, description = "The settings", body = NotificationSettingsJson),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
    ),
)]
pub(super) async fn settings(
    State(service): State<Service>,
    Auth(account): Auth,
) -> Result<Json<NotificationSettingsJson>> {
    let settings = service.notification_settings(&account).await?;
    Ok(Json(NotificationSettingsJson::from(&settings)))
}

/// Replaces the account's notification settings.
#[utoipa::path(
    put,
    path = "/me/notifications",
    tag = "notifications",
    operation_id = "set_notification_settings",
    security(("bearer" = ["account"])),
    request_body = NotificationSettingsJson,
    responses(
        (status = 200, description = "The settings saved", body = NotificationSettingsJson),
        (status = 400, response = crate::http::api::openapi::BadBody),
        (status = 401, response = crate::http::api::openapi::Unauthorized),
        (status = 422, description = "`invalid_settings`: an unknown kind, a reminder time not among the choices, or kinds for the calendar or bots; `invalid_body`", body = ErrorJson,
            example = json!({"error": "invalid_settings", "message": "no such kind: everything"})),
    ),
)]
pub(super) async fn set_settings(
    State(service): State<Service>,
    Auth(account): Auth,
    ApiJson(body): ApiJson<NotificationSettingsJson>,
) -> Result<Json<NotificationSettingsJson>> {
    let saved = service
        .set_notification_settings(&account, body.parse()?)
        .await?;
    Ok(Json(NotificationSettingsJson::from(&saved)))
}
