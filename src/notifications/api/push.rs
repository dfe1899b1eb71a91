//! Web Push: the server's VAPID public key, and the devices an account gets
//! notifications on (the browsers' `PushSubscription`s).

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header::USER_AGENT};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::http::api::json::ErrorJson;
use std::str::FromStr;

use crate::domain::PushSubscriptionId;
use crate::notifications::entity::{Channel, NoticeKind, NotificationSettings};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::extract::{ApiJson, Auth, PathId};
use crate::notifications::entity::PushSubscription;
use crate::service::Service;
use crate::wire::time;

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

/// A device with push on.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "id": "0b7c1c8e-5a3f-4d2b-9c1e-7f6a5b4c3d2e", "label": "Firefox on Android",
    "endpoint": "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA...",
    "created_at": "2026-11-30T12:00:00.000Z", "last_success_at": null
}))]
pub struct PushSubscriptionJson {
    /// Its id.
    pub id: String,
    /// Which device it is (from its user agent).
    pub label: String,
    /// The push service's URL for the device.
    pub endpoint: String,
    /// When push was turned on for it.
    pub created_at: String,
    /// When its push service last accepted a notification.
    pub last_success_at: Option<String>,
}

impl From<&PushSubscription> for PushSubscriptionJson {
    fn from(s: &PushSubscription) -> Self {
        PushSubscriptionJson {
            id: s.id.to_string(),
            label: s.label.clone(),
            endpoint: s.endpoint.clone(),
            created_at: time(s.created_at),
            last_success_at: s.last_success_at.map(time),
        }
    }
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

/// One channel's settings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChannelSettingsJson {
    /// The kinds of notice sent: `your_turn`, `challenge`, `game_start`,
    /// `game_finish` (push and email only).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Minutes before a move's deadline at which a reminder is sent: each one of 15,
    /// 30, 60, 120, 240, 480, 720, 1440, 2880. Each is sent once per move while the
    /// clock runs; a time as long as the move's whole time or longer is not sent for
    /// that move, and of several that came due together only the nearest the
    /// deadline is (docs/notifications.md).
    #[serde(default)]
    pub reminders: Vec<u32>,
}

/// What each channel sends.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "push": {"kinds": ["your_turn", "challenge", "game_start", "game_finish"], "reminders": [1440, 120]},
    "email": {"kinds": [], "reminders": []},
    "calendar": {"kinds": [], "reminders": [1440, 120]},
    "bot": {"kinds": [], "reminders": []}
}))]
pub struct NotificationSettingsJson {
    /// Web Push to the account's devices.
    pub push: ChannelSettingsJson,
    /// E-mail (opt-in; needs the operator's SMTP and the digest address).
    pub email: ChannelSettingsJson,
    /// Alarms in the calendar feed.
    pub calendar: ChannelSettingsJson,
    /// `time_running_out` events for bots, besides the one at 80% of the time.
    pub bot: ChannelSettingsJson,
}

impl From<&NotificationSettings> for NotificationSettingsJson {
    fn from(s: &NotificationSettings) -> Self {
        let channel = |c: Channel| {
            let mine = s.channel(c);
            ChannelSettingsJson {
                kinds: mine.kinds.iter().map(|k| k.as_str().to_owned()).collect(),
                // Longest first, as people say them: "24 h, then 2 h".
                reminders: mine.reminders.iter().rev().copied().collect(),
            }
        };
        NotificationSettingsJson {
            push: channel(Channel::Push),
            email: channel(Channel::Email),
            calendar: channel(Channel::Calendar),
            bot: channel(Channel::Bot),
        }
    }
}

impl NotificationSettingsJson {
    /// The settings it describes.
    fn parse(self) -> Result<NotificationSettings, Error> {
        let mut settings = NotificationSettings::default();
        for (channel, json) in [
            (Channel::Push, self.push),
            (Channel::Email, self.email),
            (Channel::Calendar, self.calendar),
            (Channel::Bot, self.bot),
        ] {
            let mine = settings.channel_mut(channel);
            mine.kinds = json
                .kinds
                .iter()
                .map(|k| {
                    NoticeKind::from_str(k).map_err(|_| {
                        Error::unprocessable("invalid_settings", format!("no such kind: {k}"))
                    })
                })
                .collect::<Result<_, _>>()?;
            mine.reminders = json.reminders.into_iter().collect();
        }
        Ok(settings)
    }
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
