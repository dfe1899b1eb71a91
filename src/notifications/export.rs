//! The notifications' lines of `seedpost export` and `seedpost import`: each
//! account's calendar feed (the hash of its URL's secret, never the secret), its
//! digest settings, its notification settings and its push devices, and the server's
//! own keys (the VAPID key those devices were subscribed with). Exports from before a
//! kind existed simply have no such lines. Checked on import as the API checks them.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use sqlx::Transaction;
use uuid::Uuid;

use super::entity::{CalendarFeed, DigestSettings, NotificationSettings, PushSubscription};
use crate::domain::{AccountId, PushSubscriptionId};
use crate::store::StoreError;
use crate::store::carried::Saved;
use crate::store::dialect::Backend;
use crate::transfer::{Counts, Known, Lines, ReadError, Rows, is_sha256_hex};

/// A key the server made for itself and keeps in the database (`server_keys`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerKey {
    /// Its name (`vapid` for the Web Push key).
    pub name: String,
    /// Its value, as the server stored it.
    pub value: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// Everything the notifications carry.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Notifications {
    /// Every calendar feed (the hash of its secret, never the secret).
    pub calendars: Vec<CalendarFeed>,
    /// Every account's digest settings.
    pub digests: Vec<DigestSettings>,
    /// The server's own keys.
    pub server_keys: Vec<ServerKey>,
    /// Every account's notification settings, for the accounts that saved some.
    pub settings: Vec<Saved<NotificationSettings>>,
    /// Every push device, with its keys and cursor.
    pub devices: Vec<PushSubscription>,
}

/// A line of the notifications.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A calendar feed.
    Calendar(CalendarLine),
    /// An account's digest settings.
    Digest(DigestLine),
    /// One of the server's keys.
    ServerKey(ServerKeyLine),
    /// An account's notification settings.
    Notifications(NotificationsLine),
    /// A push device.
    PushDevice(PushDeviceLine),
}

/// An account's calendar feed: the hash of its URL's secret, never the secret.
/// Exports from before calendar feeds have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct CalendarLine {
    account_id: Uuid,
    hash: String,
    created_at: DateTime<Utc>,
}

/// An account's daily digest settings. Exports from before digests have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct DigestLine {
    account_id: Uuid,
    email: String,
    enabled: bool,
    last_sent_on: Option<NaiveDate>,
    updated_at: DateTime<Utc>,
    /// When the address was verified. Exports from before verification have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    verified_at: Option<DateTime<Utc>>,
}

/// A key the server made for itself: the VAPID key that push devices were
/// subscribed with, without which every carried device would be refused.
#[derive(Debug, Serialize, Deserialize)]
pub struct ServerKeyLine {
    name: String,
    value: String,
    created_at: DateTime<Utc>,
}

/// An account's notification settings, as the API shows them.
#[derive(Debug, Serialize, Deserialize)]
pub struct NotificationsLine {
    account_id: Uuid,
    settings: NotificationSettings,
    updated_at: DateTime<Utc>,
}

/// A device push notifications go to, with its keys and how far it was told.
#[derive(Debug, Serialize, Deserialize)]
pub struct PushDeviceLine {
    id: Uuid,
    account_id: Uuid,
    endpoint: String,
    p256dh: String,
    auth: String,
    label: String,
    cursor: u64,
    created_at: DateTime<Utc>,
    last_success_at: Option<DateTime<Utc>>,
}

impl Lines for Notifications {
    type Line = Line;

    const KINDS: &'static [&'static str] = &[
        "calendar",
        "digest",
        "server_key",
        "notifications",
        "push_device",
    ];

    const EXPORTED: &'static [&'static str] = &[
        "calendar_feeds",
        "digest_settings",
        "server_keys",
        "push_subscriptions",
        "notification_settings",
    ];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[
        (
            "push_messages",
            "push notifications in flight: the devices are carried, and what they were \
             not yet told is in the events above their cursors",
        ),
        (
            "reminders_sent",
            "claims that a reminder of a deadline went out: at worst one reminder is sent \
             again after the move",
        ),
        (
            "turn_mails",
            "the queue of turn mails: a pending one is not sent after the move; the \
             player's next turn mails and digests come as usual",
        ),
        (
            "turn_mail_accounts",
            "each account's turn-mail back-off and lease: a new server starts without",
        ),
        ("game_presence", "who is looking at a game page right now"),
    ];

    fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        lines.extend(self.calendars.iter().map(|c| {
            Line::Calendar(CalendarLine {
                account_id: c.account.0,
                hash: c.hash.clone(),
                created_at: c.created_at,
            })
        }));
        lines.extend(self.digests.iter().map(|d| {
            Line::Digest(DigestLine {
                account_id: d.account.0,
                email: d.email.clone(),
                enabled: d.enabled,
                last_sent_on: d.last_sent_on,
                updated_at: d.updated_at,
                verified_at: d.verified_at,
            })
        }));
        lines.extend(self.server_keys.iter().map(|k| {
            Line::ServerKey(ServerKeyLine {
                name: k.name.clone(),
                value: k.value.clone(),
                created_at: k.created_at,
            })
        }));
        lines.extend(self.settings.iter().map(|s| {
            Line::Notifications(NotificationsLine {
                account_id: s.account.0,
                settings: s.value.clone(),
                updated_at: s.updated_at,
            })
        }));
        lines.extend(self.devices.iter().map(|d| {
            Line::PushDevice(PushDeviceLine {
                id: d.id.0,
                account_id: d.account.0,
                endpoint: d.endpoint.clone(),
                p256dh: d.p256dh.clone(),
                auth: d.auth.clone(),
                label: d.label.clone(),
                cursor: d.cursor,
                created_at: d.created_at,
                last_success_at: d.last_success_at,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Calendar(c) => self.calendar(c, known),
            Line::Digest(d) => self.digest(d, known),
            Line::ServerKey(k) => self.server_key(k),
            Line::Notifications(n) => self.notifications(n, known),
            Line::PushDevice(d) => self.push_device(d, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.calendars += self.calendars.len();
        counts.digests += self.digests.len();
        counts.server_keys += self.server_keys.len();
        counts.settings += self.settings.len();
        counts.push_devices += self.devices.len();
    }
}

#[async_trait]
impl Rows for Notifications {
    async fn read<B: Backend>(tx: &mut Transaction<'static, B>) -> Result<Self, StoreError> {
        super::store::export::read(tx).await
    }

    async fn write<B: Backend>(&self, tx: &mut Transaction<'static, B>) -> Result<(), StoreError> {
        super::store::export::write(tx, self).await
    }
}

impl Notifications {
    fn calendar(&mut self, c: CalendarLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the calendar feed of account {}", c.account_id);
        known.player(c.account_id, &format!("{what}: its account"))?;
        if !is_sha256_hex(&c.hash) {
            return Err(ReadError::refused(
                &what,
                "the hash is not lower-case hex SHA-256",
            ));
        }
        let taken = |x: &CalendarFeed| x.account.0 == c.account_id || x.hash == c.hash;
        if self.calendars.iter().any(taken) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.calendars.push(CalendarFeed {
            account: AccountId(c.account_id),
            hash: c.hash,
            created_at: c.created_at,
        });
        Ok(())
    }

    fn digest(&mut self, d: DigestLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the digest settings of account {}", d.account_id);
        known.player(d.account_id, &format!("{what}: its account"))?;
        let email = super::service::digest::parse_email(&d.email)
            .map_err(|e| ReadError::refused(&what, e))?;
        if email != d.email {
            let why = format!("{:?} is not an e-mail address", d.email);
            return Err(ReadError::refused(&what, why));
        }
        if self.digests.iter().any(|x| x.account.0 == d.account_id) {
            return Err(ReadError::Twice(format!("{what} appear")));
        }
        self.digests.push(DigestSettings {
            account: AccountId(d.account_id),
            email: d.email,
            enabled: d.enabled,
            last_sent_on: d.last_sent_on,
            updated_at: d.updated_at,
            verified_at: d.verified_at,
        });
        Ok(())
    }

    fn server_key(&mut self, k: ServerKeyLine) -> Result<(), ReadError> {
        let what = format!("server key {:?}", k.name);
        super::service::push::check_server_key(&k.name, &k.value)
            .map_err(|e| ReadError::refused(&what, e))?;
        if self.server_keys.iter().any(|x| x.name == k.name) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.server_keys.push(ServerKey {
            name: k.name,
            value: k.value,
            created_at: k.created_at,
        });
        Ok(())
    }

    fn notifications(&mut self, n: NotificationsLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the notification settings of account {}", n.account_id);
        known.player(n.account_id, &format!("{what}: its account"))?;
        let settings = n
            .settings
            .validate()
            .map_err(|e| ReadError::refused(&what, e))?;
        if self.settings.iter().any(|s| s.account.0 == n.account_id) {
            return Err(ReadError::Twice(format!("{what} appear")));
        }
        self.settings.push(Saved {
            account: AccountId(n.account_id),
            value: settings,
            updated_at: n.updated_at,
        });
        Ok(())
    }

    fn push_device(&mut self, d: PushDeviceLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("push device {}", d.id);
        let head = known.head(d.account_id, &format!("{what}: its account"))?;
        // As the API checks them; private addresses are the configuration's to allow.
        let (endpoint, p256dh, auth) =
            super::service::push::parse_push_device(&d.endpoint, &d.p256dh, &d.auth)
                .map_err(|e| ReadError::refused(&what, e))?;
        if (endpoint.as_str(), p256dh.as_str(), auth.as_str())
            != (d.endpoint.as_str(), d.p256dh.as_str(), d.auth.as_str())
        {
            return Err(ReadError::refused(
                &what,
                "its endpoint or keys are not as the API keeps them",
            ));
        }
        // A device's label is checked as a token's.
        let label =
            crate::domain::check_label(&d.label).map_err(|e| ReadError::refused(&what, e))?;
        if label != d.label {
            let why = format!("its label {:?} is not trimmed", d.label);
            return Err(ReadError::refused(&what, why));
        }
        if d.cursor > head {
            let why = format!(
                "its cursor {} is above the account's event_seq {head}",
                d.cursor
            );
            return Err(ReadError::refused(&what, why));
        }
        if self
            .devices
            .iter()
            .any(|x| x.id.0 == d.id || x.endpoint == d.endpoint)
        {
            return Err(ReadError::Twice(format!(
                "{what} (or its endpoint) appears"
            )));
        }
        self.devices.push(PushSubscription {
            id: PushSubscriptionId(d.id),
            account: AccountId(d.account_id),
            endpoint: d.endpoint,
            p256dh: d.p256dh,
            auth: d.auth,
            label: d.label,
            cursor: d.cursor,
            created_at: d.created_at,
            last_success_at: d.last_success_at,
        });
        Ok(())
    }
}
