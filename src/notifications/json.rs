//! The notifications' JSON shapes, with their OpenAPI schemas: the digest settings,
//! a device with push on, and the notification settings of each channel. Its API
//! handlers answer with them, and the accounts' export of one's own data and its
//! address verification read them (were in the API handlers' files).

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::Error;
use crate::notifications::entity::{Channel, NoticeKind, NotificationSettings, PushSubscription};
use crate::notifications::service::digest::DigestStatus;
use crate::wire::time;

/// `GET` and `PUT /me/digest`: the daily digest settings.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"email": "ayse@example.org", "enabled": true, "last_sent_on": "2026-11-30", "verified": true, "verified_at": "2026-11-29T18:02:11.000Z", "mail_configured": true, "hour": 7}))]
pub struct DigestJson {
    /// Where the digest goes; null before it is set.
    pub email: Option<String>,
    /// Whether it is sent.
    pub enabled: bool,
    /// The UTC day of the last digest; null before the first.
    pub last_sent_on: Option<String>,
    /// Whether the address is verified (its player followed the link mailed to it):
    /// password reset links go only to a verified address. Changing the address
    /// makes it unverified again.
    pub verified: bool,
    /// When it was verified; null while it is not.
    pub verified_at: Option<String>,
    /// Whether this server sends mail at all (its operator set up SMTP); without it
    /// the settings are kept but nothing is sent.
    pub mail_configured: bool,
    /// The hour (UTC) from which each day's digest goes out.
    pub hour: u32,
}

impl From<&DigestStatus> for DigestJson {
    fn from(status: &DigestStatus) -> DigestJson {
        DigestJson {
            email: status.email.clone(),
            enabled: status.enabled,
            last_sent_on: status.last_sent_on.map(|d| d.to_string()),
            verified: status.verified_at.is_some(),
            verified_at: status.verified_at.map(time),
            mail_configured: status.mail_configured,
            hour: status.hour,
        }
    }
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
    pub(crate) fn parse(self) -> Result<NotificationSettings, Error> {
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
