//! What a player wants to be told, and how: per channel, which kinds of notice and
//! which reminder times before a move's deadline.

use std::collections::BTreeSet;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use serde::{Deserialize, Serialize};

use crate::domain::{AccountId, PushSubscriptionId};

/// A way notifications reach a player.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum Channel {
    /// Web Push to the player's devices.
    Push,
    /// E-mail (needs the operator's SMTP and the player's address).
    Email,
    /// Alarms in the calendar feed.
    Calendar,
    /// The `time_running_out` event of the event stream (for bots).
    Bot,
}

impl Channel {
    /// Every channel.
    pub const ALL: [Channel; 4] = [
        Channel::Push,
        Channel::Email,
        Channel::Calendar,
        Channel::Bot,
    ];

    /// The name used in SQL, JSON and forms.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// What a notification tells (besides reminders).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum NoticeKind {
    /// The opponent moved: it is your turn.
    YourTurn,
    /// Someone challenged you.
    Challenge,
    /// A game of yours started (a tournament's or a match's too).
    GameStart,
    /// A game of yours ended.
    GameFinish,
}

impl NoticeKind {
    /// Every kind.
    pub const ALL: [NoticeKind; 4] = [
        NoticeKind::YourTurn,
        NoticeKind::Challenge,
        NoticeKind::GameStart,
        NoticeKind::GameFinish,
    ];

    /// The name used in JSON and forms.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// The reminder times a player may choose, in minutes before a deadline: 15 min to
/// 2 days.
pub const REMINDER_CHOICES: [u32; 9] = [15, 30, 60, 120, 240, 480, 720, 1440, 2880];

/// The reminder times of a channel unless the player chooses: 24 h and 2 h.
pub const DEFAULT_REMINDERS: [u32; 2] = [1440, 120];

/// One channel's settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelSettings {
    /// The kinds of notice sent (push and e-mail; the calendar and bots have none).
    #[serde(default)]
    pub kinds: BTreeSet<NoticeKind>,
    /// Minutes before a deadline at which a reminder is sent, each a
    /// [`REMINDER_CHOICES`].
    #[serde(default)]
    pub reminders: BTreeSet<u32>,
}

impl ChannelSettings {
    fn of(kinds: &[NoticeKind], reminders: &[u32]) -> ChannelSettings {
        ChannelSettings {
            kinds: kinds.iter().copied().collect(),
            reminders: reminders.iter().copied().collect(),
        }
    }
}

/// A player's notification settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotificationSettings {
    /// Web Push: every kind and the default reminders unless chosen otherwise.
    pub push: ChannelSettings,
    /// E-mail on your turn and reminders: off unless chosen (opt-in).
    pub email: ChannelSettings,
    /// Calendar alarms: the default reminders.
    pub calendar: ChannelSettings,
    /// The `time_running_out` event at chosen times (besides the one at 80% of the
    /// time): none unless chosen.
    pub bot: ChannelSettings,
}

impl Default for NotificationSettings {
    fn default() -> Self {
        NotificationSettings {
            push: ChannelSettings::of(&NoticeKind::ALL, &DEFAULT_REMINDERS),
            email: ChannelSettings::of(&[], &[]),
            calendar: ChannelSettings::of(&[], &DEFAULT_REMINDERS),
            bot: ChannelSettings::of(&[], &[]),
        }
    }
}

/// Settings with a reminder time that is not one of [`REMINDER_CHOICES`], or kinds for
/// a channel that has none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "reminder times are chosen among 15, 30, 60, 120, 240, 480, 720, 1440 and 2880 minutes; only push and email have kinds"
)]
pub struct InvalidSettings;

impl NotificationSettings {
    /// One channel's settings.
    #[must_use]
    pub fn channel(&self, channel: Channel) -> &ChannelSettings {
        match channel {
            Channel::Push => &self.push,
            Channel::Email => &self.email,
            Channel::Calendar => &self.calendar,
            Channel::Bot => &self.bot,
        }
    }

    /// One channel's settings, to change.
    pub fn channel_mut(&mut self, channel: Channel) -> &mut ChannelSettings {
        match channel {
            Channel::Push => &mut self.push,
            Channel::Email => &mut self.email,
            Channel::Calendar => &mut self.calendar,
            Channel::Bot => &mut self.bot,
        }
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`InvalidSettings`] for a reminder time not among [`REMINDER_CHOICES`] or kinds
    /// on the calendar or bot channel.
    pub fn validate(self) -> Result<NotificationSettings, InvalidSettings> {
        let times_ok = Channel::ALL.iter().all(|c| {
            self.channel(*c)
                .reminders
                .iter()
                .all(|m| REMINDER_CHOICES.contains(m))
        });
        if !times_ok || !self.calendar.kinds.is_empty() || !self.bot.kinds.is_empty() {
            return Err(InvalidSettings);
        }
        Ok(self)
    }

    /// Whether `channel` sends notices of `kind`.
    #[must_use]
    pub fn sends(&self, channel: Channel, kind: NoticeKind) -> bool {
        self.channel(channel).kinds.contains(&kind)
    }
}

/// `minutes` as a time.
pub(crate) fn lead(minutes: u32) -> TimeDelta {
    TimeDelta::minutes(i64::from(minutes))
}

/// The reminder among `times` (minutes before the deadline) to send at `now`, while
/// the clock runs, for a move that began at `began` and is due at `deadline`; the
/// caller sends it unless it was sent for this move already.
///
/// A reminder is due once `deadline - now` is at most its time. Of several due at
/// once (the sweeper was late, or the clock stood still over a weekend or a vacation
/// while their times came), only the nearest the deadline goes: the later ones say
/// the same, more urgently. A time as long as the move's whole time or longer (24 h
/// on a one-day move, 48 h on it) never goes for that move: the move's start, with
/// its your-turn notice, said as much. None once the deadline has passed.
#[must_use]
pub fn due_reminder(
    times: &BTreeSet<u32>,
    began: DateTime<Utc>,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Option<u32> {
    if now >= deadline {
        return None;
    }
    times
        .iter()
        .copied()
        .filter(|t| lead(*t) < deadline - began && deadline - now <= lead(*t))
        .min()
}

/// When each reminder among `times` goes for a move that began at `began` and is due
/// at `deadline`, as [`due_reminder`] sends them to a sweeper that never misses: at
/// its time before the deadline, or when the clock runs again if that falls while
/// it stands (a weekend under a `weekend_pause`), and only if no nearer reminder is
/// due by then. Nearest the deadline first. The calendar feed's alarms.
///
#[must_use]
pub fn reminder_schedule(
    times: &BTreeSet<u32>,
    began: DateTime<Utc>,
    deadline: DateTime<Utc>,
    weekend_pause: bool,
) -> Vec<(u32, DateTime<Utc>)> {
    let mut schedule: Vec<(u32, DateTime<Utc>)> = Vec::new();
    for t in times.iter().copied() {
        if lead(t) >= deadline - began {
            continue;
        }
        let at = crate::deadline::running_from(deadline - lead(t), weekend_pause);
        // `times` ascends: those kept so far are nearer the deadline.
        if schedule.iter().all(|(s, _)| deadline - lead(*s) > at) {
            schedule.push((t, at));
        }
    }
    schedule
}

/// A device's push subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PushSubscription {
    /// Its id.
    pub id: PushSubscriptionId,
    /// Whose notifications it receives.
    pub account: AccountId,
    /// The push service's URL for the device.
    pub endpoint: String,
    /// The device's P-256 public key (base64url, uncompressed point).
    pub p256dh: String,
    /// The device's authentication secret (base64url, 16 bytes).
    pub auth: String,
    /// Which device it is, for the player (from its user agent).
    pub label: String,
    /// The seq of the account's last event already looked at for it.
    pub cursor: u64,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When the push service last accepted a message for it.
    pub last_success_at: Option<DateTime<Utc>>,
}

/// An account's calendar feed: never its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CalendarFeed {
    /// Whose deadlines it lists.
    pub account: AccountId,
    /// Lower-case hex SHA-256 of the secret in the feed's URL.
    pub hash: String,
    /// When this secret was made.
    pub created_at: DateTime<Utc>,
}

/// An account's digest settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestSettings {
    /// Whose they are.
    pub account: AccountId,
    /// Where the digest goes (checked to be an address when set).
    pub email: String,
    /// Whether it is sent.
    pub enabled: bool,
    /// The UTC day of the last digest sent (claimed), if any.
    pub last_sent_on: Option<NaiveDate>,
    /// When they last changed.
    pub updated_at: DateTime<Utc>,
    /// When the address was verified (its player followed the link mailed to it);
    /// `None` until then, and again once the address changes.
    pub verified_at: Option<DateTime<Utc>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_push_for_everything_and_reminders_at_24_and_2_hours() {
        let settings = NotificationSettings::default();
        assert!(
            NoticeKind::ALL
                .iter()
                .all(|k| settings.sends(Channel::Push, *k))
        );
        assert!(
            !settings.sends(Channel::Email, NoticeKind::YourTurn),
            "mail is opt-in"
        );
        assert_eq!(
            settings.push.reminders.iter().copied().collect::<Vec<_>>(),
            [120, 1440]
        );
        assert_eq!(settings.clone().validate(), Ok(settings));
    }

    #[test]
    fn reminder_times_come_from_the_choices_and_only_push_and_email_have_kinds() {
        let mut odd = NotificationSettings::default();
        odd.push.reminders.insert(7);
        assert_eq!(odd.validate(), Err(InvalidSettings));
        let mut kinds = NotificationSettings::default();
        kinds.bot.kinds.insert(NoticeKind::YourTurn);
        assert_eq!(kinds.validate(), Err(InvalidSettings));
    }

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        use chrono::TimeZone as _;
        // Monday 2026-11-30.
        Utc.with_ymd_and_hms(2026, 11, 30, hour, 0, 0)
            .single()
            .expect("a valid time")
            + TimeDelta::days(i64::from(day))
    }

    fn times(t: &[u32]) -> BTreeSet<u32> {
        t.iter().copied().collect()
    }

    #[test]
    fn a_reminder_is_due_from_its_time_and_only_the_nearest_the_deadline_goes() {
        // Three days from Monday noon: due Thursday noon.
        let (began, deadline) = (at(0, 12), at(3, 12));
        let chosen = times(&[120, 1440, 2880]);
        let due = |now| due_reminder(&chosen, began, deadline, now);
        assert_eq!(due(at(1, 11)), None, "49 h left");
        assert_eq!(due(at(1, 12)), Some(2880));
        assert_eq!(due(at(2, 11)), Some(2880), "25 h left");
        assert_eq!(due(at(2, 12)), Some(1440));
        assert_eq!(due(at(3, 9)), Some(1440), "3 h left");
        assert_eq!(due(at(3, 10)), Some(120));
        assert_eq!(due(at(3, 12)), None, "the deadline passed");
        assert_eq!(due_reminder(&times(&[]), began, deadline, at(3, 11)), None);
    }

    #[test]
    fn a_time_as_long_as_the_move_never_goes_for_it() {
        // One day: 24 h and 48 h are the move's whole time or more.
        let (began, deadline) = (at(0, 12), at(1, 12));
        let chosen = times(&[120, 1440, 2880]);
        assert_eq!(due_reminder(&chosen, began, deadline, at(0, 12)), None);
        assert_eq!(due_reminder(&chosen, began, deadline, at(1, 9)), None);
        assert_eq!(due_reminder(&chosen, began, deadline, at(1, 10)), Some(120));
    }

    #[test]
    fn settings_round_trip_through_json_and_missing_parts_are_empty() {
        let settings = NotificationSettings::default();
        let text = serde_json::to_string(&settings).expect("JSON");
        assert_eq!(
            serde_json::from_str::<NotificationSettings>(&text).ok(),
            Some(settings)
        );
        let sparse: NotificationSettings = serde_json::from_str(
            r#"{"push": {"kinds": ["your_turn"]}, "email": {}, "calendar": {}, "bot": {"reminders": [60]}}"#,
        )
        .expect("JSON");
        assert!(sparse.push.reminders.is_empty());
        assert_eq!(
            sparse.bot.reminders.iter().copied().collect::<Vec<_>>(),
            [60]
        );
    }

    fn at_minute(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
        at(day, hour) + TimeDelta::minutes(i64::from(minute))
    }

    #[test]
    fn alarms_that_fall_on_a_paused_weekend_ring_on_monday_only_the_nearest() {
        // Friday 23:00 with one day, weekend pause: due Monday 23:00.
        let began = at_minute(4, 23, 0);
        let deadline = at_minute(7, 23, 0);
        let chosen: BTreeSet<u32> = [120, 1440, 2880].into_iter().collect();
        // 48 h before is Saturday 23:00, 24 h Sunday 23:00: both on Monday 00:00,
        // where only the 24 h one rings; 2 h at Monday 21:00.
        assert_eq!(
            reminder_schedule(&chosen, began, deadline, true),
            [(120, at_minute(7, 21, 0)), (1440, at_minute(7, 0, 0))]
        );
        assert_eq!(
            reminder_schedule(&chosen, began, deadline, false),
            [
                (120, at_minute(7, 21, 0)),
                (1440, at_minute(6, 23, 0)),
                (2880, at_minute(5, 23, 0))
            ]
        );
    }

    #[test]
    fn a_reminder_as_long_as_the_move_has_no_alarm() {
        let chosen: BTreeSet<u32> = [120, 1440, 2880].into_iter().collect();
        assert_eq!(
            reminder_schedule(&chosen, at_minute(0, 12, 0), at_minute(1, 12, 0), false),
            [(120, at_minute(1, 10, 0))]
        );
    }
}
