//! Web Push: notifications to the devices a player turned them on for, through the
//! browsers' push services (RFC 8030), the message encrypted for the device (RFC 8291)
//! and the request signed by the server's VAPID key (RFC 8292).
//!
//! Like webhooks, each subscription keeps a cursor over its account's events: a round
//! of [`Service::deliver_push`] queues a message for each event worth a notification
//! (your turn, a challenge, a game started or ended; the reminder sweeper queues the
//! reminders), then claims
//! the messages due and sends them, a few at a time. A push service that answers 429,
//! 5xx or not at all is tried again with back-off while the message lives (its TTL);
//! one that answers 404 or 410 has forgotten the device, whose subscription goes.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding as _};
use chrono::{DateTime, TimeDelta, Utc};
use serde_json::Value;
use web_push_native::jwt_simple::algorithms::{
    ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair,
};
use web_push_native::jwt_simple::claims::Claims;

use crate::domain::{AccountId, EventKind, PushMessageId, PushSubscriptionId};
use crate::error::{Error, Result};
use crate::i18n::Tr;
use crate::notifications::entity::PushSubscription;
use crate::notifications::entity::{Channel, NoticeKind, NotificationSettings};
use crate::notifications::store::PushStore;
use crate::notifications::store::push::{ClaimedPush, NewPushMessage};
use crate::service::Service;
use crate::service::webhooks::{client, names_private_host};
use crate::store::webhooks::Attempt;
use crate::store::{Account, Event, StoreError};

/// The waits after the first, second, ... failed attempt: 10 s, 1 min, 5 min, 30 min,
/// 2 h; and never past the message's TTL.
pub const PUSH_BACKOFF: [TimeDelta; 5] = [
    TimeDelta::seconds(10),
    TimeDelta::minutes(1),
    TimeDelta::minutes(5),
    TimeDelta::minutes(30),
    TimeDelta::hours(2),
];

/// Devices per account.
pub const MAX_PUSH_SUBSCRIPTIONS: usize = 20;

/// Requests to push services in flight at once in a round: a slow push service
/// holds up at most this many of a round's messages, not the others.
pub const PUSH_CONCURRENCY: usize = 16;

/// How long the VAPID token of a request is valid (RFC 8292 allows up to 24 h).
pub const VAPID_VALIDITY: Duration = Duration::from_secs(12 * 60 * 60);

/// The name of the VAPID private key among the server's keys.
const VAPID_KEY: &str = "vapid_private_key";

/// Messages attempted in one round (the rest wait for the next).
const CLAIM_BATCH: u32 = 200;

/// Events queued for one subscription in one round.
const QUEUE_BATCH: u32 = 500;

/// How long a claimed message is leased to its worker: longer than an attempt.
const LEASE: TimeDelta = TimeDelta::seconds(60);

/// How long sent and failed messages are kept.
const KEEP: TimeDelta = TimeDelta::days(7);

/// How Web Push is configured: the VAPID key (given, or made at first start and kept
/// in the database) and the contact sent to push services.
pub struct PushConfig {
    /// The private key given by the operator (base64url of the 32-byte scalar).
    given: Option<String>,
    /// The `sub` claim: a `mailto:` or `https:` contact for the push services.
    subject: String,
    /// The key pair in use, once loaded.
    key: tokio::sync::OnceCell<Arc<ES256KeyPair>>,
}

impl std::fmt::Debug for PushConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushConfig")
            .field("given", &self.given.as_ref().map(|_| "<redacted>"))
            .field("subject", &self.subject)
            .finish_non_exhaustive()
    }
}

impl Default for PushConfig {
    fn default() -> Self {
        PushConfig::new(None, "mailto:operator@seedpost.invalid".to_owned())
    }
}

impl PushConfig {
    /// A configuration with the given private key (or one made at first start) and
    /// contact.
    #[must_use]
    pub fn new(given: Option<String>, subject: String) -> PushConfig {
        PushConfig {
            given,
            subject,
            key: tokio::sync::OnceCell::new(),
        }
    }
}

/// What one round of [`Service::deliver_push`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PushRound {
    /// Messages newly queued.
    pub queued: usize,
    /// Attempts made.
    pub attempted: usize,
    /// Attempts the push service accepted.
    pub delivered: usize,
    /// Subscriptions deleted because the push service no longer knows them.
    pub gone: usize,
}

/// How an attempt ended.
enum Outcome {
    /// Recorded as it is.
    Recorded(Attempt),
    /// The push service answered 404 or 410: the subscription is gone.
    Gone,
}

/// A base64url value (padding and the standard alphabet tolerated) as bytes.
fn base64url(value: &str) -> Option<Vec<u8>> {
    let trimmed = value.trim().trim_end_matches('=');
    let url_safe: String = trimmed
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    Base64UrlUnpadded::decode_vec(&url_safe).ok()
}

/// Checks a push endpoint: an `https://` URL with a host, at most 2000 bytes, on a
/// public address; with `allow_private` (the operator's `--webhook-allow-private`)
/// also private addresses and `http://`, for tests and local push services. The same
/// address guard as webhooks.
fn parse_endpoint(endpoint: &str, allow_private: bool) -> Result<String> {
    let bad = || {
        Error::unprocessable(
            "invalid_endpoint",
            "a push endpoint is an https:// URL with a host, at most 2000 characters",
        )
    };
    let endpoint = endpoint.trim();
    if endpoint.len() > 2000 {
        return Err(bad());
    }
    let parsed = reqwest::Url::parse(endpoint).map_err(|_| bad())?;
    let scheme_ok = parsed.scheme() == "https" || (allow_private && parsed.scheme() == "http");
    if !scheme_ok || parsed.host_str().is_none_or(str::is_empty) {
        return Err(bad());
    }
    if !allow_private && names_private_host(&parsed) {
        return Err(Error::unprocessable(
            "private_url",
            "push endpoints may not be loopback, private or link-local addresses",
        ));
    }
    Ok(parsed.to_string())
}

/// Checks a subscription's keys: `p256dh` a P-256 public key (65-byte uncompressed
/// point), `auth` 16 bytes, both base64url. Returns them as stored (base64url,
/// unpadded).
fn parse_keys(p256dh: &str, auth: &str) -> Result<(String, String)> {
    let public = base64url(p256dh)
        .filter(|b| b.len() == 65)
        .filter(|b| web_push_native::p256::PublicKey::from_sec1_bytes(b).is_ok())
        .ok_or_else(|| {
            Error::unprocessable(
                "invalid_keys",
                "keys.p256dh is the base64url of a P-256 public key (65 bytes)",
            )
        })?;
    let secret = base64url(auth).filter(|b| b.len() == 16).ok_or_else(|| {
        Error::unprocessable("invalid_keys", "keys.auth is the base64url of 16 bytes")
    })?;
    Ok((
        Base64UrlUnpadded::encode_string(&public),
        Base64UrlUnpadded::encode_string(&secret),
    ))
}

/// Checks a push device as `seedpost import` reads it: its endpoint and keys as
/// [`Service::subscribe_push`] checks them (private addresses allowed: the
/// configuration decides, and the sender refuses them), returned as the API keeps
/// them.
///
/// # Errors
/// `invalid_endpoint`, `invalid_keys` (422).
pub fn parse_push_device(
    endpoint: &str,
    p256dh: &str,
    auth: &str,
) -> Result<(String, String, String)> {
    let endpoint = parse_endpoint(endpoint, true)?;
    let (p256dh, auth) = parse_keys(p256dh, auth)?;
    Ok((endpoint, p256dh, auth))
}

/// Checks a key the server keeps in the database, as `seedpost import` reads it:
/// only the VAPID key is known, and it must be a P-256 private key in base64url.
///
/// # Errors
/// A message saying what is wrong.
pub fn check_server_key(name: &str, value: &str) -> std::result::Result<(), String> {
    if name != VAPID_KEY {
        return Err(format!("the only server key is {VAPID_KEY:?}"));
    }
    let bytes = base64url(value).ok_or("the VAPID private key is not base64url")?;
    ES256KeyPair::from_bytes(&bytes)
        .map(drop)
        .map_err(|_| "the VAPID private key is not a P-256 private key".to_owned())
}

/// A short name for the device of a `User-Agent`, such as "Firefox on Android".
#[must_use]
pub fn device_label(user_agent: &str) -> String {
    let browser = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chromium"),
        ("Safari/", "Safari"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    let system = [
        ("Android", "Android"),
        ("iPhone", "iPhone"),
        ("iPad", "iPad"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("CrOS", "ChromeOS"),
        ("Linux", "Linux"),
    ]
    .into_iter()
    .find(|(mark, _)| user_agent.contains(mark))
    .map(|(_, name)| name);
    match (browser, system) {
        (Some(b), Some(s)) => format!("{b} on {s}"),
        (Some(b), None) => b.to_owned(),
        (None, Some(s)) => s.to_owned(),
        (None, None) => "A browser".to_owned(),
    }
}

/// Whether the player's settings want a push for an event of `kind`. Reminders are
/// not pushed from events (the `time_running_out` events are the bot channel's): the
/// reminder sweeper queues them at the push reminder times (`reminders`).
fn wanted(settings: &NotificationSettings, kind: EventKind) -> bool {
    let notice = match kind {
        EventKind::YourTurn => NoticeKind::YourTurn,
        EventKind::Challenge => NoticeKind::Challenge,
        EventKind::GameStart | EventKind::TournamentStart => NoticeKind::GameStart,
        EventKind::GameFinish => NoticeKind::GameFinish,
        _ => return false,
    };
    settings.sends(Channel::Push, notice)
}

/// The message an event makes, if it is worth a notification, in the language of
/// `tr` (the recipient's): its key, payload, topic, TTL and urgency.
fn message_of(tr: Tr, event: &Event, now: DateTime<Utc>) -> Option<NewPushMessage> {
    let body: Value = serde_json::from_str(&event.payload).ok()?;
    let game = &body["game"];
    let game_id = game["id"].as_str();
    // Both players' names: the event is in one player's stream, who knows which one
    // is theirs.
    let players = format!(
        "{} – {}",
        game["players"]["south"].as_str().unwrap_or_default(),
        game["players"]["north"].as_str().unwrap_or_default()
    );
    let title_of = |value: &Value| {
        value
            .as_str()
            .and_then(|v| seedpost_rules::Variant::parse_offered(v).ok())
            .map_or("?", seedpost_rules::Variant::title)
    };
    let variant = title_of(&game["variant"]);
    let about = |id: &str| tr.t2(id, "variant", variant, "players", players.as_str());
    let (title, text, url, urgency, ttl) = match event.kind {
        EventKind::YourTurn => (
            "push-your-turn-title",
            about("push-your-turn"),
            format!("/games/{}", game_id?),
            "normal",
            TimeDelta::days(1),
        ),
        EventKind::TimeRunningOut => (
            "push-running-out-title",
            about("push-running-out"),
            format!("/games/{}", game_id?),
            "high",
            TimeDelta::hours(12),
        ),
        EventKind::GameFinish => (
            "push-game-over-title",
            about("push-game"),
            format!("/games/{}", game_id?),
            "low",
            TimeDelta::days(2),
        ),
        EventKind::GameStart => (
            "push-game-start-title",
            about("push-game"),
            format!("/games/{}", game_id?),
            "normal",
            TimeDelta::days(1),
        ),
        EventKind::Challenge => {
            let challenge = &body["challenge"];
            (
                "push-challenge-title",
                tr.t2(
                    "push-challenge",
                    "challenger",
                    challenge["challenger"].as_str().unwrap_or("?"),
                    "variant",
                    title_of(&challenge["variant"]),
                ),
                "/".to_owned(),
                "normal",
                TimeDelta::days(2),
            )
        }
        EventKind::TournamentStart => (
            "push-tournament-title",
            tr.t("push-tournament"),
            "/".to_owned(),
            "normal",
            TimeDelta::days(1),
        ),
        _ => return None,
    };
    let title = tr.t(title);
    // One notification per game: a newer one replaces the older (`tag` on the
    // device, `Topic` at the push service).
    let tag = game_id.map_or_else(
        || format!("seedpost-{}", event.kind.as_str()),
        |id| format!("game-{id}"),
    );
    let topic = game_id.map(|id| id.replace('-', ""));
    let payload = serde_json::json!({
        "title": title,
        "body": text,
        "url": url,
        "tag": tag,
        "type": event.kind.as_str(),
        "game": game_id,
    });
    Some(NewPushMessage {
        id: PushMessageId::new(),
        key: format!("event:{}", event.seq),
        payload: payload.to_string(),
        topic,
        ttl: u32::try_from(ttl.num_seconds()).unwrap_or(u32::MAX),
        urgency,
        created_at: now,
    })
}

fn not_found(e: StoreError) -> Error {
    match e {
        StoreError::NotFound => Error::NotFound("push subscription"),
        e => e.into(),
    }
}

impl Service {
    /// The VAPID key pair: the operator's, or the one kept in the database (made at
    /// first start; every instance agrees on it).
    async fn vapid(&self) -> Result<Arc<ES256KeyPair>> {
        let config = self.push.clone();
        let store = self.store.clone();
        let now = self.now();
        config
            .key
            .get_or_try_init(|| async {
                let stored = match &config.given {
                    Some(given) => given.clone(),
                    None => {
                        let fresh =
                            Base64UrlUnpadded::encode_string(&ES256KeyPair::generate().to_bytes());
                        store.server_key(VAPID_KEY, &fresh, now).await?
                    }
                };
                let bytes = base64url(&stored)
                    .ok_or_else(|| Error::internal("the VAPID private key is not base64url"))?;
                let key = ES256KeyPair::from_bytes(&bytes)
                    .map_err(|e| Error::internal_from("the VAPID private key", e))?;
                Ok(Arc::new(key))
            })
            .await
            .cloned()
    }

    /// The server's VAPID public key, base64url (the `applicationServerKey` pages give
    /// `pushManager.subscribe`).
    ///
    /// # Errors
    /// Storage errors, or an operator's key that is not a P-256 private key.
    pub async fn vapid_public_key(&self) -> Result<String> {
        let key = self.vapid().await?;
        Ok(Base64UrlUnpadded::encode_string(
            &key.public_key().public_key().to_bytes_uncompressed(),
        ))
    }

    /// Saves the push subscription a browser made for this device: notifications go
    /// to it from now on. The same endpoint again replaces the earlier subscription
    /// (perhaps another account's, signed in on that device before).
    ///
    /// # Errors
    /// `invalid_endpoint`, `private_url`, `invalid_keys`, `too_many_devices` (422).
    pub async fn subscribe_push(
        &self,
        account: &Account,
        endpoint: &str,
        p256dh: &str,
        auth: &str,
        user_agent: &str,
    ) -> Result<PushSubscription> {
        let endpoint = parse_endpoint(endpoint, self.private_webhooks)?;
        let (p256dh, auth) = parse_keys(p256dh, auth)?;
        let existing = self.store.push_subscriptions(account.id).await?;
        if existing.len() >= MAX_PUSH_SUBSCRIPTIONS
            && !existing.iter().any(|s| s.endpoint == endpoint)
        {
            return Err(Error::unprocessable(
                "too_many_devices",
                format!("an account has push on at most {MAX_PUSH_SUBSCRIPTIONS} devices"),
            ));
        }
        let subscription = PushSubscription {
            id: PushSubscriptionId::new(),
            account: account.id,
            endpoint,
            p256dh,
            auth,
            label: device_label(user_agent),
            cursor: self.store.event_head(account.id).await?,
            created_at: self.now(),
            last_success_at: None,
        };
        self.store.save_push_subscription(&subscription).await?;
        Ok(subscription)
    }

    /// The account's notification settings.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn notification_settings(&self, account: &Account) -> Result<NotificationSettings> {
        Ok(self.store.notification_settings(account.id).await?)
    }

    /// Saves the account's notification settings.
    ///
    /// # Errors
    /// `invalid_settings` (422) for a reminder time not among
    /// [`REMINDER_CHOICES`](crate::notifications::entity::REMINDER_CHOICES), or kinds on the
    /// calendar or bot channel.
    pub async fn set_notification_settings(
        &self,
        account: &Account,
        settings: NotificationSettings,
    ) -> Result<NotificationSettings> {
        let settings = settings
            .validate()
            .map_err(|e| Error::unprocessable("invalid_settings", e.to_string()))?;
        self.store
            .set_notification_settings(account.id, &settings, self.now())
            .await?;
        Ok(settings)
    }

    /// The account's devices with push on, oldest first.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn push_subscriptions(&self, account: &Account) -> Result<Vec<PushSubscription>> {
        Ok(self.store.push_subscriptions(account.id).await?)
    }

    /// Turns push off for one of the account's devices.
    ///
    /// # Errors
    /// `not_found` (404) for an id that is not one of the account's subscriptions.
    pub async fn unsubscribe_push(&self, account: &Account, id: PushSubscriptionId) -> Result<()> {
        self.store
            .delete_push_subscription(account.id, id)
            .await
            .map_err(not_found)
    }

    /// Queues a test notification to each of the account's devices; returns how many.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn test_push(&self, account: &Account) -> Result<usize> {
        let subscriptions = self.store.push_subscriptions(account.id).await?;
        let now = self.now();
        let tr = self.recipient_tr(account.id).await?;
        for sub in &subscriptions {
            let id = PushMessageId::new();
            let payload = serde_json::json!({
                "title": "seedpost",
                "body": tr.t("push-test"),
                "url": "/settings/notifications",
                "tag": "seedpost-test",
                "type": "test",
                "game": null,
            });
            let message = NewPushMessage {
                id,
                key: format!("test:{id}"),
                payload: payload.to_string(),
                topic: None,
                ttl: 3600,
                urgency: "normal",
                created_at: now,
            };
            self.store.queue_push(sub.id, None, &[message]).await?;
        }
        Ok(subscriptions.len())
    }

    /// One round of the push worker: queues each subscription's new events, then
    /// sends the messages due by the service's clock, [`PUSH_CONCURRENCY`] at a time.
    ///
    /// # Errors
    /// Storage errors (a push service's failure is recorded, not returned).
    pub async fn deliver_push(&self) -> Result<PushRound> {
        self.push_round_with_accounts()
            .await
            .map(|(round, _)| round)
    }

    /// [`Service::deliver_push`] for the push worker of `seedpost serve`: returns the
    /// accounts with push on, whose events wake the next round.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn push_round(&self) -> Result<HashSet<AccountId>> {
        self.push_round_with_accounts()
            .await
            .map(|(_, accounts)| accounts)
    }

    async fn push_round_with_accounts(&self) -> Result<(PushRound, HashSet<AccountId>)> {
        let mut round = PushRound::default();
        let mut accounts = HashSet::new();
        for sub in self.store.all_push_subscriptions().await? {
            round.queued += self.queue_push_events(&sub).await?;
            accounts.insert(sub.account);
        }
        let now = self.now();
        self.store.purge_push(now - KEEP).await?;
        let claimed = self.store.claim_push(now, now + LEASE, CLAIM_BATCH).await?;
        if claimed.is_empty() {
            return Ok((round, accounts));
        }
        let key = self.vapid().await?;
        let subject = self.push.subject.clone();
        let mut waiting = claimed.into_iter();
        let mut attempts = tokio::task::JoinSet::new();
        loop {
            while attempts.len() < PUSH_CONCURRENCY {
                let Some(claim) = waiting.next() else { break };
                attempts.spawn(attempt(
                    claim,
                    now,
                    key.clone(),
                    subject.clone(),
                    self.private_webhooks,
                ));
            }
            let Some(done) = attempts.join_next().await else {
                break;
            };
            let (claim, outcome) = done.map_err(|e| Error::internal_from("a push attempt", e))?;
            round.attempted += 1;
            match outcome {
                Outcome::Gone => {
                    round.gone += 1;
                    self.store
                        .drop_push_subscription(claim.subscription)
                        .await?;
                }
                Outcome::Recorded(attempt) => {
                    if matches!(attempt, Attempt::Delivered { .. }) {
                        round.delivered += 1;
                    }
                    self.store
                        .record_push_attempt(claim.id, &attempt, now)
                        .await?;
                }
            }
        }
        Ok((round, accounts))
    }

    /// Queues the messages of the subscription's account's events it has not looked
    /// at yet.
    async fn queue_push_events(&self, sub: &PushSubscription) -> Result<usize> {
        let events = self
            .store
            .events(sub.account, sub.cursor, QUEUE_BATCH)
            .await?;
        let Some(last) = events.last().map(|e| e.seq) else {
            return Ok(0);
        };
        let now = self.now();
        let settings = self.store.notification_settings(sub.account).await?;
        let tr = self.recipient_tr(sub.account).await?;
        let messages: Vec<NewPushMessage> = events
            .iter()
            .filter(|e| wanted(&settings, e.kind))
            .filter_map(|e| message_of(tr, e, now))
            .collect();
        self.store.queue_push(sub.id, Some(last), &messages).await?;
        Ok(messages.len())
    }
}

/// The origin of a URL (`scheme://host[:port]`), the `aud` of its VAPID token.
fn origin(url: &reqwest::Url) -> String {
    url.origin().ascii_serialization()
}

/// The `Authorization` header of a request to `endpoint`: `vapid t=<JWT>, k=<public
/// key>` (RFC 8292), the token signed with ES256 for the endpoint's origin.
fn vapid_header(endpoint: &reqwest::Url, key: &ES256KeyPair, subject: &str) -> Result<String> {
    let claims = Claims::create(VAPID_VALIDITY.into())
        .with_audience(origin(endpoint))
        .with_subject(subject);
    let token = key
        .sign(claims)
        .map_err(|e| Error::internal_from("signing the VAPID token", e))?;
    let public =
        Base64UrlUnpadded::encode_string(&key.public_key().public_key().to_bytes_uncompressed());
    Ok(format!("vapid t={token}, k={public}"))
}

/// The encrypted body (RFC 8291, `aes128gcm`) of `payload` for a subscription.
fn encrypt(payload: &str, p256dh: &str, auth: &str) -> Result<Vec<u8>> {
    let bad = |what: &str| Error::internal(format!("a stored subscription has a bad {what}"));
    let public = base64url(p256dh)
        .and_then(|b| web_push_native::p256::PublicKey::from_sec1_bytes(&b).ok())
        .ok_or_else(|| bad("p256dh"))?;
    let auth = base64url(auth)
        .filter(|b| b.len() == 16)
        .ok_or_else(|| bad("auth"))?;
    web_push_native::encrypt(
        payload.as_bytes().to_vec(),
        &public,
        web_push_native::Auth::from_slice(&auth),
    )
    .map_err(|e| Error::internal_from("encrypting a push message", e))
}

/// Attempts one message at `now`.
async fn attempt(
    claim: ClaimedPush,
    now: DateTime<Utc>,
    key: Arc<ES256KeyPair>,
    subject: String,
    allow_private: bool,
) -> (ClaimedPush, Outcome) {
    let made = claim.attempts + 1;
    let expires = claim.created_at + TimeDelta::seconds(i64::from(claim.ttl));
    let failed = |status: Option<u16>, error: String, at_least: TimeDelta| {
        let next = PUSH_BACKOFF
            .get(usize::try_from(made - 1).unwrap_or(usize::MAX))
            .map(|wait| now + (*wait).max(at_least))
            .filter(|next| *next < expires);
        Attempt::Failed {
            status,
            error,
            next,
        }
    };
    let request = async {
        let url = reqwest::Url::parse(&claim.endpoint).map_err(|e| e.to_string())?;
        if names_private_host(&url) && !allow_private {
            return Err("the endpoint names a private address".to_owned());
        }
        let authorization = vapid_header(&url, &key, &subject).map_err(|e| e.to_string())?;
        let body =
            encrypt(&claim.payload, &claim.p256dh, &claim.auth).map_err(|e| e.to_string())?;
        let mut request = client(allow_private)
            .post(url)
            .header(reqwest::header::AUTHORIZATION, authorization)
            .header(reqwest::header::CONTENT_ENCODING, "aes128gcm")
            .header(reqwest::header::CONTENT_TYPE, "application/octet-stream")
            .header("TTL", claim.ttl.to_string())
            .header("Urgency", claim.urgency.as_str());
        if let Some(topic) = &claim.topic {
            request = request.header("Topic", topic.as_str());
        }
        Ok(request.body(body))
    };
    let outcome = match request.await {
        Err(error) => Outcome::Recorded(Attempt::Failed {
            status: None,
            error,
            next: None,
        }),
        Ok(request) => match request.send().await {
            Ok(response) if response.status().is_success() => {
                Outcome::Recorded(Attempt::Delivered {
                    status: response.status().as_u16(),
                })
            }
            Ok(response) if matches!(response.status().as_u16(), 404 | 410) => Outcome::Gone,
            Ok(response) => {
                let status = response.status();
                let error = format!("the push service answered {status}");
                if status.as_u16() == 429 || status.is_server_error() {
                    let retry_after = response
                        .headers()
                        .get(reqwest::header::RETRY_AFTER)
                        .and_then(|v| v.to_str().ok())
                        .and_then(|v| v.trim().parse::<i64>().ok())
                        .map_or(TimeDelta::zero(), TimeDelta::seconds);
                    Outcome::Recorded(failed(Some(status.as_u16()), error, retry_after))
                } else {
                    // 400, 401, 403, 413: the request is wrong and stays wrong.
                    Outcome::Recorded(Attempt::Failed {
                        status: Some(status.as_u16()),
                        error,
                        next: None,
                    })
                }
            }
            Err(e) => Outcome::Recorded(failed(
                None,
                format!("cannot reach the push service: {e}"),
                TimeDelta::zero(),
            )),
        },
    };
    if let Outcome::Recorded(Attempt::Failed { error, .. }) = &outcome {
        tracing::info!(message = %claim.id, endpoint = %claim.endpoint, %error, "push failed");
    }
    (claim, outcome)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endpoints_are_https_on_public_addresses_unless_private_ones_are_allowed() {
        assert!(parse_endpoint("https://fcm.googleapis.com/fcm/send/abc", false).is_ok());
        assert_eq!(
            parse_endpoint("http://push.example.org/x", false)
                .expect_err("http")
                .code(),
            "invalid_endpoint"
        );
        for private in [
            "https://127.0.0.1:9/x",
            "https://localhost/x",
            "https://10.0.0.1/x",
        ] {
            assert_eq!(
                parse_endpoint(private, false).expect_err(private).code(),
                "private_url"
            );
            assert!(parse_endpoint(private, true).is_ok(), "{private}");
        }
        assert!(parse_endpoint("http://127.0.0.1:9/x", true).is_ok());
        assert!(parse_endpoint("ftp://127.0.0.1/x", true).is_err());
    }

    #[test]
    fn keys_must_be_a_p256_point_and_sixteen_bytes() {
        let key = web_push_native::p256::SecretKey::random(&mut rand_core_rng());
        let public = key.public_key();
        use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint as _;
        let p256dh = Base64UrlUnpadded::encode_string(public.to_encoded_point(false).as_bytes());
        let auth = Base64UrlUnpadded::encode_string(&[7u8; 16]);
        assert!(parse_keys(&p256dh, &auth).is_ok());
        assert!(parse_keys(&p256dh, &Base64UrlUnpadded::encode_string(&[7u8; 15])).is_err());
        let mut off_curve = public.to_encoded_point(false).as_bytes().to_vec();
        off_curve[64] ^= 1;
        assert!(parse_keys(&Base64UrlUnpadded::encode_string(&off_curve), &auth).is_err());
        assert!(parse_keys("not base64!", &auth).is_err());
    }

    fn rand_core_rng() -> web_push_native::p256::elliptic_curve::rand_core::OsRng {
        web_push_native::p256::elliptic_curve::rand_core::OsRng
    }

    #[test]
    fn devices_are_named_by_browser_and_system() {
        assert_eq!(
            device_label("Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0"),
            "Firefox on Android"
        );
        assert_eq!(
            device_label(
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
            ),
            "Safari on iPhone"
        );
        assert_eq!(device_label(""), "A browser");
    }
}
