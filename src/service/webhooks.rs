//! Webhooks: an account's events POSTed to the URLs it registers, signed, and retried
//! with backoff until the receiver answers 2xx or the attempts run out.
//!
//! [`Service::deliver_webhooks`] is one round of the worker: it queues the events
//! each webhook has not seen yet (a cursor per webhook over the stored events), then
//! claims the due deliveries and attempts them. `main` runs the worker
//! ([`Service::deliver_webhooks_forever`]), whose rounds never wait for an attempt: a
//! slow receiver holds only its own webhook's attempts (at most
//! [`ATTEMPTS_PER_WEBHOOK`] at once), never another's; tests call a round after
//! moving the clock.

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use tokio::sync::Notify;
use tokio_util::task::TaskTracker;

use super::{EventLine, Service};
use crate::domain::{AccountId, DeliveryId, WebhookId};
use crate::error::{Error, Result};
use crate::store::webhooks::{
    Attempt, ClaimedDelivery, DeliveryFilter, ListedDelivery, NewDelivery, Webhook,
};
use crate::store::{Account, Page, StoreError};

/// The header carrying the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
/// "<t>.<body>" keyed by the secret>`.
pub const SIGNATURE_HEADER: &str = "Seedpost-Signature";

/// How long a receiver has to answer an attempt.
pub const DELIVERY_TIMEOUT: Duration = Duration::from_secs(10);

/// The waits after the first, second, ... failed attempt: 10 s, 1 min, 10 min, 1 h,
/// 6 h. After as many retries as there are waits, the delivery fails for good.
pub const RETRY_BACKOFF: [TimeDelta; 5] = [
    TimeDelta::seconds(10),
    TimeDelta::minutes(1),
    TimeDelta::minutes(10),
    TimeDelta::hours(1),
    TimeDelta::hours(6),
];

/// Attempts made before a delivery fails for good (the first and the retries).
pub const MAX_ATTEMPTS: u32 = 1 + RETRY_BACKOFF.len() as u32;

/// Webhooks per account.
pub const MAX_WEBHOOKS: usize = 10;

/// Attempts in flight at once in one worker, over every webhook (the rest wait for
/// a free place).
pub const MAX_ATTEMPTS_IN_FLIGHT: usize = 64;

/// Attempts in flight at once for one webhook, over every instance: a slow receiver
/// holds no more of the worker than this.
pub const ATTEMPTS_PER_WEBHOOK: u32 = 2;

/// Events queued for one webhook in one round.
const QUEUE_BATCH: u32 = 500;

/// How long a claimed delivery is leased to its worker: longer than an attempt.
const LEASE: TimeDelta = TimeDelta::seconds(60);

/// The HTTP client of the deliveries, webhooks and push alike (one connection pool for
/// the process), resolving names to public addresses only unless `allow_private`.
pub(crate) fn client(allow_private: bool) -> &'static reqwest::Client {
    static PUBLIC: OnceLock<reqwest::Client> = OnceLock::new();
    static ANY: OnceLock<reqwest::Client> = OnceLock::new();
    let build = |public_only: bool| {
        let builder = reqwest::Client::builder()
            .timeout(DELIVERY_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("seedpost/", env!("CARGO_PKG_VERSION"), " webhooks"));
        let builder = if public_only {
            builder.dns_resolver(std::sync::Arc::new(PublicOnly))
        } else {
            builder
        };
        builder.build().unwrap_or_default()
    };
    if allow_private {
        ANY.get_or_init(|| build(false))
    } else {
        PUBLIC.get_or_init(|| build(true))
    }
}

/// Whether an address is on the public internet: not loopback, private, link-local,
/// shared, documentation, benchmarking, reserved (`240.0.0.0/4`, `192.0.0.0/24`,
/// `fec0::/10`), multicast or unspecified, nor an IPv6 address that carries an IPv4
/// one the network may route inside (IPv4-mapped and IPv4-compatible `::a.b.c.d`,
/// NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4 `2002::/16`, Teredo `2001::/32`).
/// Webhooks (and anything else the server calls at a user's word) go only there
/// unless the operator allows otherwise, so that users cannot make the server POST
/// into its own network. The one guard for every such address.
#[must_use]
pub fn is_public(ip: std::net::IpAddr) -> bool {
    use std::net::IpAddr;
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            !(v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || a >= 240
                || (a == 192 && b == 0 && c == 0)
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19)))
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4));
            }
            let s = v6.segments();
            let first = s[0];
            let ipv4_compatible = s[..6] == [0; 6];
            let nat64 =
                (s[..2] == [0x64, 0xff9b] && s[2..6] == [0; 4]) || s[..3] == [0x64, 0xff9b, 1];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || ipv4_compatible
                || nat64
                || first == 0x2002
                || (first == 0x2001 && (s[1] == 0 || s[1] == 0x0db8))
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
                || (first & 0xffc0) == 0xfec0)
        }
    }
}

/// Resolves host names to their public addresses only (see [`is_public`]); checked at
/// every connection, so a name that later points inside is refused too.
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let addrs: Vec<std::net::SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| is_public(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Whether a URL names a private address outright (`localhost`, or an IP literal
/// that is not public); names are checked when resolved.
pub(crate) fn names_private_host(url: &reqwest::Url) -> bool {
    let Some(host) = url.host_str() else {
        return true;
    };
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    match literal.parse::<std::net::IpAddr>() {
        Ok(ip) => !is_public(ip),
        Err(_) => {
            let name = host.trim_end_matches('.').to_ascii_lowercase();
            name == "localhost" || name.ends_with(".localhost")
        }
    }
}

/// The signature header's value for `body` sent at `t` (unix seconds).
#[must_use]
pub fn signature(secret: &str, t: i64, body: &str) -> String {
    // HMAC accepts keys of any length.
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC takes any key length"));
    mac.update(t.to_string().as_bytes());
    mac.update(b".");
    mac.update(body.as_bytes());
    let digest = mac.finalize().into_bytes();
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={t},v1={hex}")
}

/// Checks a webhook URL: `http` or `https`, with a host, at most 2000 bytes, and not
/// a private address unless `allow_private`. `crate::transfer` checks with it too.
///
/// # Errors
/// `invalid_url`, `private_url` (422).
pub fn parse_url(url: &str, allow_private: bool) -> Result<String> {
    let bad = || {
        Error::unprocessable(
            "invalid_url",
            "a webhook URL is an http:// or https:// URL with a host, at most 2000 characters",
        )
    };
    let url = url.trim();
    if url.len() > 2000 {
        return Err(bad());
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| bad())?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none_or(str::is_empty) {
        return Err(bad());
    }
    if !allow_private && names_private_host(&parsed) {
        return Err(Error::unprocessable(
            "private_url",
            "webhooks may not call loopback, private or link-local addresses",
        ));
    }
    Ok(parsed.to_string())
}

/// Checks a webhook secret: 16 to 200 characters, none of them a control character.
///
/// # Errors
/// `invalid_secret` (422).
pub fn parse_secret(secret: &str) -> Result<String> {
    if (16..=200).contains(&secret.chars().count())
        && secret.len() <= 200
        && crate::domain::check_text(secret).is_ok()
    {
        Ok(secret.to_owned())
    } else {
        Err(Error::unprocessable(
            "invalid_secret",
            "a webhook secret has 16 to 200 characters",
        ))
    }
}

/// What one round of [`Service::deliver_webhooks`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DeliveryRound {
    /// Events newly queued.
    pub queued: usize,
    /// Attempts made.
    pub attempted: usize,
    /// Attempts the receiver accepted.
    pub delivered: usize,
}

fn not_found(e: StoreError) -> Error {
    match e {
        StoreError::NotFound => Error::NotFound("webhook"),
        e => e.into(),
    }
}

impl Service {
    /// Registers a webhook for the account's events from now on.
    ///
    /// # Errors
    /// `invalid_url`, `invalid_secret`, `too_many_webhooks` (422).
    pub async fn create_webhook(
        &self,
        account: &Account,
        url: &str,
        secret: &str,
    ) -> Result<Webhook> {
        let url = parse_url(url, self.private_webhooks)?;
        let secret = parse_secret(secret)?;
        if self.store.webhooks(account.id).await?.len() >= MAX_WEBHOOKS {
            return Err(Error::unprocessable(
                "too_many_webhooks",
                format!("an account has at most {MAX_WEBHOOKS} webhooks"),
            ));
        }
        let webhook = Webhook {
            id: WebhookId::new(),
            account: account.id,
            url,
            secret,
            cursor: self.store.event_head(account.id).await?,
            created_at: self.now(),
        };
        self.store.create_webhook(&webhook).await?;
        Ok(webhook)
    }

    /// The account's webhooks.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn webhooks(&self, account: &Account) -> Result<Vec<Webhook>> {
        Ok(self.store.webhooks(account.id).await?)
    }

    /// Deletes one of the account's webhooks, with its deliveries.
    ///
    /// # Errors
    /// `not_found` (404) for an id that is not one of the account's webhooks.
    pub async fn delete_webhook(&self, account: &Account, id: WebhookId) -> Result<()> {
        self.store
            .delete_webhook(account.id, id)
            .await
            .map_err(not_found)
    }

    /// A page of the deliveries of one of the account's webhooks, newest first,
    /// those `filter` selects when given; in flight are those a worker's lease holds
    /// by the service's clock.
    ///
    /// # Errors
    /// `not_found` (404) for an id that is not one of the account's webhooks.
    pub async fn webhook_deliveries(
        &self,
        account: &Account,
        id: WebhookId,
        filter: Option<DeliveryFilter>,
        page: Page<DeliveryId>,
    ) -> Result<Vec<ListedDelivery>> {
        let webhook = self
            .store
            .webhook(account.id, id)
            .await
            .map_err(not_found)?;
        Ok(self
            .store
            .deliveries(webhook.id, filter, page, self.now())
            .await?)
    }

    /// One round of the webhook worker: queues every webhook's new events, then
    /// attempts the deliveries due by the service's clock, and waits for those
    /// attempts.
    ///
    /// # Errors
    /// Storage errors (a receiver's failure is recorded, not returned).
    pub async fn deliver_webhooks(&self) -> Result<DeliveryRound> {
        let attempts = Attempts::default();
        let (mut round, _) = self.delivery_round(&attempts).await?;
        // The cap per webhook held the rest back: claim again as attempts end.
        while attempts.in_flight.load(Ordering::SeqCst) > 0 {
            attempts.finished.notified().await;
            if attempts.in_flight.load(Ordering::SeqCst) == 0
                && self.start_attempts(&attempts).await? == 0
            {
                break;
            }
        }
        attempts.tracker.close();
        attempts.tracker.wait().await;
        round.attempted = attempts.attempted.load(Ordering::SeqCst);
        round.delivered = attempts.delivered.load(Ordering::SeqCst);
        Ok(round)
    }

    /// Queues every webhook's new events and starts the attempts of the deliveries
    /// due, as many as `attempts` has room for; returns without waiting for them,
    /// with the events queued and the accounts that have webhooks.
    async fn delivery_round(
        &self,
        attempts: &Attempts,
    ) -> Result<(DeliveryRound, HashSet<AccountId>)> {
        let mut round = DeliveryRound::default();
        let mut hooked = HashSet::new();
        for webhook in self.store.all_webhooks().await? {
            round.queued += self.queue_events(&webhook).await?;
            hooked.insert(webhook.account);
        }
        self.start_attempts(attempts).await?;
        Ok((round, hooked))
    }

    /// Claims the deliveries due, as many as `attempts` has room for, and starts
    /// their attempts; returns how many.
    async fn start_attempts(&self, attempts: &Attempts) -> Result<usize> {
        let room = MAX_ATTEMPTS_IN_FLIGHT.saturating_sub(attempts.in_flight.load(Ordering::SeqCst));
        if room == 0 {
            return Ok(0);
        }
        let now = self.now();
        let claimed = self
            .store
            .claim_deliveries(
                now,
                now + LEASE,
                u32::try_from(room).unwrap_or(u32::MAX),
                ATTEMPTS_PER_WEBHOOK,
            )
            .await?;
        let started = claimed.len();
        for claim in claimed {
            attempts.start(self.clone(), claim, now);
        }
        Ok(started)
    }

    /// Runs the webhook worker until `stop` resolves (the worker of `seedpost
    /// serve`): a round after each event for an account with a webhook, committed
    /// through any instance (the store's notices), after each attempt that frees a
    /// place, and every `every` for the retries that come due. Rounds do not wait
    /// for their attempts. A round that fails is logged and the next one retries. On
    /// `stop`, it waits for the attempts in flight (each at most
    /// [`DELIVERY_TIMEOUT`]).
    pub async fn deliver_webhooks_forever(
        self,
        every: Duration,
        stop: impl std::future::Future<Output = ()>,
    ) {
        let mut accounts = self.subscribe_event_accounts();
        let mut hooked = HashSet::new();
        let attempts = Attempts::default();
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        tokio::pin!(stop);
        loop {
            tokio::select! {
                () = &mut stop => break,
                _ = ticks.tick() => {}
                () = attempts.finished.notified() => {}
                account = accounts.recv() => {
                    // A receiver that lagged has a round: it reads every webhook's events.
                    if let Ok(account) = account && !hooked.contains(&account) {
                        continue;
                    }
                }
            }
            // A burst of notices makes one round: the round reads the events afresh.
            while accounts.try_recv().is_ok() {}
            match self.delivery_round(&attempts).await {
                Ok((_, now_hooked)) => hooked = now_hooked,
                Err(e) => tracing::warn!(error = %crate::error::Chain(&e), "webhook round failed"),
            }
        }
        attempts.tracker.close();
        attempts.tracker.wait().await;
    }

    /// Queues the events of the webhook's account that it has not seen yet.
    async fn queue_events(&self, webhook: &Webhook) -> Result<usize> {
        let events = self
            .store
            .events(webhook.account, webhook.cursor, QUEUE_BATCH)
            .await?;
        let Some(last) = events.last().map(|e| e.seq) else {
            return Ok(0);
        };
        let now = self.now();
        let deliveries: Vec<NewDelivery> = events
            .iter()
            .map(|event| NewDelivery {
                id: DeliveryId::new(),
                event_seq: event.seq,
                event_type: event.kind.as_str().to_owned(),
                body: EventLine::of(event).json,
                created_at: now,
            })
            .collect();
        self.store
            .queue_deliveries(webhook.id, last, &deliveries)
            .await?;
        Ok(deliveries.len())
    }
}

/// The attempts a worker has in flight, each a task that records its own result.
#[derive(Default)]
struct Attempts {
    tracker: TaskTracker,
    in_flight: Arc<AtomicUsize>,
    /// Told when an attempt ends (a place is free).
    finished: Arc<Notify>,
    attempted: Arc<AtomicUsize>,
    delivered: Arc<AtomicUsize>,
}

impl Attempts {
    /// Starts the attempt of `claim` at `now`, which records its result.
    fn start(&self, service: Service, claim: ClaimedDelivery, now: DateTime<Utc>) {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        let (in_flight, finished) = (self.in_flight.clone(), self.finished.clone());
        let (attempted, delivered) = (self.attempted.clone(), self.delivered.clone());
        self.tracker.spawn(async move {
            let (id, attempt) = attempt(claim, now, service.private_webhooks).await;
            let ok = matches!(attempt, Attempt::Delivered { .. });
            crate::metrics::webhook_attempt(ok);
            attempted.fetch_add(1, Ordering::SeqCst);
            if ok {
                delivered.fetch_add(1, Ordering::SeqCst);
            }
            // Unrecorded, the delivery is due again when its lease ends.
            if let Err(e) = service.store.record_attempt(id, &attempt, now).await {
                tracing::warn!(delivery = %id, error = %crate::error::Chain(&e), "webhook attempt not recorded");
            }
            in_flight.fetch_sub(1, Ordering::SeqCst);
            finished.notify_one();
        });
    }
}

/// Attempts one delivery at `now`: a signed POST of its body.
async fn attempt(
    claim: ClaimedDelivery,
    now: DateTime<Utc>,
    allow_private: bool,
) -> (DeliveryId, Attempt) {
    let delivery = &claim.delivery;
    let private = reqwest::Url::parse(&claim.url).map_or(true, |u| names_private_host(&u));
    let result = if private && !allow_private {
        Err(None)
    } else {
        client(allow_private)
            .post(&claim.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(
                SIGNATURE_HEADER,
                signature(&claim.secret, now.timestamp(), &delivery.body),
            )
            .header("Seedpost-Event", &delivery.event_type)
            .header("Seedpost-Delivery", delivery.id.to_string())
            .body(delivery.body.clone())
            .send()
            .await
            .map_err(Some)
    };
    let failed = |status: Option<u16>, error: String| {
        // `attempts` counts those before this one.
        let made = delivery.attempts + 1;
        let next = RETRY_BACKOFF
            .get(usize::try_from(made - 1).unwrap_or(usize::MAX))
            .filter(|_| made < MAX_ATTEMPTS)
            .map(|wait| now + *wait);
        Attempt::Failed {
            status,
            error,
            next,
        }
    };
    let attempt = match result {
        Ok(response) if response.status().is_success() => Attempt::Delivered {
            status: response.status().as_u16(),
        },
        Ok(response) => {
            let status = response.status();
            failed(
                Some(status.as_u16()),
                format!("the receiver answered {status}"),
            )
        }
        Err(Some(e)) if e.is_timeout() => failed(
            None,
            format!("no answer within {} s", DELIVERY_TIMEOUT.as_secs()),
        ),
        Err(Some(e)) => failed(None, format!("cannot reach the receiver: {e}")),
        Err(None) => failed(None, "the URL names a private address".to_owned()),
    };
    if let Attempt::Failed { error, .. } = &attempt {
        tracing::info!(delivery = %delivery.id, url = %claim.url, %error, "webhook delivery failed");
    }
    (delivery.id, attempt)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_addresses_are_public() {
        for ip in ["8.8.8.8", "1.1.1.1", "2606:4700::1111"] {
            assert!(is_public(ip.parse().expect("an address")), "{ip}");
        }
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            // Reserved and IPv4-carrying ranges.
            "240.0.0.1",
            "255.255.255.254",
            "192.0.0.8",
            "fec0::1",
            "::7f00:1",
            "::8.8.8.8",
            "64:ff9b::a00:1",
            "64:ff9b:1::1",
            "2002:7f00:1::1",
            "2001:0:4136:e378::1",
            "2001:db8::1",
        ] {
            assert!(!is_public(ip.parse().expect("an address")), "{ip}");
        }
        assert!(is_public(
            "2001:4860:4860::8888".parse().expect("an address")
        ));
        assert!(is_public("192.0.1.1".parse().expect("an address")));
    }

    #[test]
    fn webhook_urls_to_private_hosts_are_refused_unless_allowed() {
        for url in [
            "http://127.0.0.1:8080/hook",
            "http://[::1]/hook",
            "http://localhost/hook",
            "https://api.localhost./x",
            "http://169.254.169.254/latest/meta-data",
        ] {
            let refused = parse_url(url, false).expect_err(url);
            assert_eq!(refused.code(), "private_url", "{url}");
            assert!(parse_url(url, true).is_ok(), "{url}");
        }
        assert!(parse_url("https://bots.example.org/seedpost", false).is_ok());
    }

    #[test]
    fn signatures_are_hmac_sha256_of_time_dot_body() {
        // Computed independently: HMAC-SHA256(key "key", message "1.{}").
        assert_eq!(
            signature("key", 1, "{}"),
            "t=1,v1=1ba6b8171186efc613e8bcc0cbdab2748f24984d7c5a84faa2637afa0e40d224"
        );
        assert_ne!(signature("key", 1, "{}"), signature("key", 2, "{}"));
    }

    #[test]
    fn urls_are_http_or_https_with_a_host() {
        assert!(parse_url("https://bot.example/hook", false).is_ok());
        assert!(parse_url("http://127.0.0.1:8080/x", true).is_ok());
        for bad in [
            "ftp://x/y",
            "file:///etc/passwd",
            "not a url",
            "http://",
            "",
        ] {
            assert!(parse_url(bad, true).is_err(), "{bad}");
        }
    }

    #[test]
    fn secrets_have_16_to_200_characters() {
        assert!(parse_secret(&"s".repeat(16)).is_ok());
        assert!(parse_secret(&"s".repeat(200)).is_ok());
        assert!(parse_secret(&"s".repeat(15)).is_err());
        assert!(parse_secret(&"s".repeat(201)).is_err());
    }

    #[test]
    fn backoff_gives_up_after_the_last_wait() {
        assert_eq!(MAX_ATTEMPTS, 6);
    }
}
