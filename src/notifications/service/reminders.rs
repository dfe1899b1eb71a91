//! The reminders a player sets (issue 21): at the times before a move's deadline the
//! player chose per channel (the notifications settings), the sweeper sends a push
//! notification, a mail and a `time_running_out` event for bots. The calendar
//! channel needs no sweeper: the feed's alarms ring at the same times
//! ([`reminder_schedule`](crate::notifications::entity::reminder_schedule)).
//!
//! Which reminder is due is [`due_reminder`]: once per move, the nearest the deadline
//! of those whose time has come, never one as long as the move's whole time. None
//! goes while the game's clock stands (a player on vacation, the weekend under a
//! weekend pause); those whose time came meanwhile give way to the nearest one when it
//! runs again.
//!
//! Every instance's sweeper does this. A reminder is claimed by a row of
//! `reminders_sent` (unique per game, ply, channel and time) written in the same
//! transaction as what it sends (its push messages, its event), so two instances
//! never both send one. A mail (the e-mail channel, when the operator gave an SMTP
//! server and the player an address on the Reminders page) is sent after its claim;
//! when it cannot be sent the claim is given back, and a later sweep tries again: the
//! next when the SMTP server could not be reached (the round's other mails wait too),
//! after the digest's back-off ([`DIGEST_BACKOFF`](super::digest::DIGEST_BACKOFF)) for that
//! account when the SMTP server refused it.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, TimeDelta, Utc};

use super::digest::{Compose, Mailer, NotSent, left, mail_id, mail_text};
use crate::domain::{AccountId, PushMessageId};
use crate::error::{Error, Result};
use crate::games::service::side_of;
use crate::i18n::Tr;
use crate::notifications::entity::{Channel, NotificationSettings, REMINDER_CHOICES, due_reminder};
use crate::notifications::store::push::NewPushMessage;
use crate::notifications::store::reminders::{Reminder, ReminderSends};
use crate::notifications::store::{CalendarStore, PushStore, ReminderStore};
use crate::service::{Service, events};
use crate::store::{Game, StoreError};

/// Games read at a time.
const PAGE: u32 = 200;

/// How long the rows of reminders sent are kept after their move ended.
const KEEP: TimeDelta = TimeDelta::days(1);

/// What one round of [`Service::send_reminders`] sent.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ReminderRound {
    /// Push reminders queued (one per player and move, to each of its devices).
    pub push: usize,
    /// Reminder mails sent.
    pub email: usize,
    /// `time_running_out` events written for bots.
    pub bot: usize,
}

/// What became of a reminder mail.
enum Mailed {
    /// It went out.
    Sent,
    /// Nothing was sent: no address, claimed elsewhere, backing off, or refused.
    Not,
    /// The SMTP server could not be reached: no mail goes this round.
    Unreachable,
}

/// What a round keeps per account.
struct Recipient {
    settings: NotificationSettings,
    tr: Tr,
}

impl Service {
    /// Sends the reminders due by the service's clock on each channel of each
    /// player to move, once each (see the module's docs).
    ///
    /// # Errors
    /// Storage errors. A mail that cannot be sent is given back for the next sweep.
    pub async fn send_reminders(&self) -> Result<ReminderRound> {
        let now = self.now();
        self.store.purge_reminders(now - KEEP).await?;
        let longest = REMINDER_CHOICES.iter().copied().max().unwrap_or(0);
        let horizon = now + TimeDelta::minutes(i64::from(longest)) + TimeDelta::minutes(1);
        let sent: HashSet<Reminder> = self
            .store
            .sent_reminders(horizon)
            .await?
            .into_iter()
            .collect();
        let mut round = ReminderRound::default();
        // No mail without the operator's SMTP server, nor after it could not be reached.
        let mut mailer = self.mailer.clone();
        let mut recipients: HashMap<AccountId, Recipient> = HashMap::new();
        let mut after = None;
        loop {
            let page = self.store.reminder_games(horizon, after, PAGE).await?;
            for game in &page {
                let Some(due) = self.due(game, now, &sent, &mut recipients).await? else {
                    continue;
                };
                for (reminder, account) in due {
                    let recipient = &recipients[&account];
                    match reminder.channel {
                        Channel::Push => {
                            round.push += usize::from(
                                self.push_reminder(game, reminder, account, recipient.tr, now)
                                    .await?,
                            );
                        }
                        Channel::Bot => {
                            round.bot +=
                                usize::from(self.bot_reminder(game, reminder, account, now).await?);
                        }
                        Channel::Email => {
                            let Some(smtp) = mailer.as_deref() else {
                                continue;
                            };
                            match self
                                .email_reminder(smtp, game, reminder, account, recipient.tr, now)
                                .await?
                            {
                                Mailed::Sent => round.email += 1,
                                Mailed::Not => {}
                                Mailed::Unreachable => mailer = None,
                            }
                        }
                        Channel::Calendar => {}
                    }
                }
            }
            match page.last() {
                Some(last) if page.len() == PAGE as usize => {
                    after = last.state.deadline.map(|d| (d, last.id));
                    if after.is_none() {
                        break;
                    }
                }
                _ => break,
            }
        }
        Ok(round)
    }

    /// The reminders due in `game` at `now` not sent yet, with the player to move.
    async fn due(
        &self,
        game: &Game,
        now: DateTime<Utc>,
        sent: &HashSet<Reminder>,
        recipients: &mut HashMap<AccountId, Recipient>,
    ) -> Result<Option<Vec<(Reminder, AccountId)>>> {
        let (Some(side), Some(deadline)) = (game.state.to_move, game.state.deadline) else {
            return Ok(None);
        };
        if game.on_vacation.south
            || game.on_vacation.north
            || !crate::deadline::runs_at(now, game.terms.weekend_pause)
        {
            return Ok(None);
        }
        let account = game.players.get(side).id;
        if let std::collections::hash_map::Entry::Vacant(entry) = recipients.entry(account) {
            entry.insert(Recipient {
                settings: self.store.notification_settings(account).await?,
                tr: self.recipient_tr(account).await?,
            });
        }
        let settings = &recipients[&account].settings;
        let due = [Channel::Push, Channel::Email, Channel::Bot]
            .into_iter()
            .filter_map(|channel| {
                let minutes = due_reminder(
                    &settings.channel(channel).reminders,
                    game.state.updated_at,
                    deadline,
                    now,
                )?;
                let reminder = Reminder {
                    game: game.id,
                    ply: game.state.ply,
                    channel,
                    minutes,
                };
                (!sent.contains(&reminder)).then_some((reminder, account))
            })
            .collect();
        Ok(Some(due))
    }

    /// Queues `reminder` to each of `account`'s devices; whether it was claimed here.
    /// Nothing is claimed while the account has no device.
    async fn push_reminder(
        &self,
        game: &Game,
        reminder: Reminder,
        account: AccountId,
        tr: Tr,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let subscriptions = self.store.push_subscriptions(account).await?;
        if subscriptions.is_empty() {
            return Ok(false);
        }
        let Some(deadline) = game.state.deadline else {
            return Ok(false);
        };
        let message = reminder_push(tr, game, reminder, deadline, now);
        let push = subscriptions
            .iter()
            .map(|sub| {
                (
                    sub.id,
                    NewPushMessage {
                        id: PushMessageId::new(),
                        ..message.clone()
                    },
                )
            })
            .collect();
        let sends = ReminderSends {
            push,
            ..ReminderSends::default()
        };
        let (claimed, _) = self
            .store
            .claim_reminder(reminder, account, now, sends)
            .await?;
        Ok(claimed)
    }

    /// Mails `reminder` to `account` through `mailer`, when it has an address and
    /// is not backing off: claimed first (with nothing else written), given back
    /// when the mail does not go.
    async fn email_reminder(
        &self,
        mailer: &Mailer,
        game: &Game,
        reminder: Reminder,
        account: AccountId,
        tr: Tr,
        now: DateTime<Utc>,
    ) -> Result<Mailed> {
        if mailer.waits(account, now) {
            return Ok(Mailed::Not);
        }
        let email = match self.store.digest(account).await {
            Ok(settings) => settings.email,
            Err(StoreError::NotFound) => return Ok(Mailed::Not),
            Err(e) => return Err(e.into()),
        };
        let (claimed, _) = self
            .store
            .claim_reminder(reminder, account, now, ReminderSends::default())
            .await?;
        if !claimed {
            return Ok(Mailed::Not);
        }
        let message = reminder_mail(mailer, tr, game, reminder, account, &email, now);
        let error = match mailer.send(message).await {
            Ok(()) => {
                mailer.sent(account);
                tracing::info!(%account, game = %game.id, minutes = reminder.minutes, "reminder mail sent");
                return Ok(Mailed::Sent);
            }
            Err(error) => error,
        };
        self.store.unclaim_reminder(reminder).await?;
        match error {
            NotSent::Unreachable(error) => {
                tracing::warn!(%account, error = %crate::error::Chain(&error), "the SMTP server cannot be reached; reminder mails retried at the next sweep");
                Ok(Mailed::Unreachable)
            }
            NotSent::Refused(error) => {
                let again = mailer.failed(account, now);
                tracing::warn!(%account, %error, %again, "a reminder mail could not be sent; this account is tried again later, the others go on");
                Ok(Mailed::Not)
            }
        }
    }

    /// Writes the `time_running_out` event of `reminder`; whether it was claimed
    /// here.
    async fn bot_reminder(
        &self,
        game: &Game,
        reminder: Reminder,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let loaded = match self.game(game.id).await {
            Ok(loaded) => loaded,
            Err(Error::NotFound(_)) => return Ok(false),
            Err(e) => return Err(e),
        };
        if loaded.game().state.ply != reminder.ply {
            return Ok(false);
        }
        let Some(event) = events::reminder_event(&loaded, now) else {
            return Ok(false);
        };
        let sends = ReminderSends {
            events: vec![event],
            ..ReminderSends::default()
        };
        let (claimed, _) = self
            .store
            .claim_reminder(reminder, account, now, sends)
            .await?;
        Ok(claimed)
    }
}

/// The time left at `now` before `deadline`, as whole minutes.
fn minutes_left(deadline: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    (deadline - now).num_minutes().max(0)
}

/// The mail of `reminder` in `game` to `account` at `to`, in the language of `tr`:
/// its subject names the time left, the opponent and the game, its text the game
/// (deadline, time left, link) and where the reminder times are changed.
fn reminder_mail(
    mailer: &Mailer,
    tr: Tr,
    game: &Game,
    reminder: Reminder,
    account: AccountId,
    to: &str,
    now: DateTime<Utc>,
) -> std::result::Result<lettre::Message, String> {
    let side = side_of(game, account).unwrap_or(seedpost_rules::Side::South);
    let username = game.players.get(side).username.as_str();
    let left = game.state.deadline.map_or_else(
        || tr.t("mail-digest-no-time"),
        |deadline| left(tr, deadline - now),
    );
    let links = mailer.links();
    let subject = tr.t3(
        "mail-reminder-subject",
        "left",
        left.as_str(),
        "opponent",
        game.players.get(side.opposite()).username.as_str(),
        "variant",
        game.variant.title(),
    );
    let text = mail_text(
        tr,
        links,
        username,
        std::slice::from_ref(game),
        now,
        &tr.t1("mail-reminder-text", "left", left.as_str()),
        &tr.t1(
            "mail-reminder-footer",
            "link",
            format!("{links}/settings/notifications"),
        ),
    );
    let id = mail_id(
        links,
        &format!(
            "reminder.{}.{}.{}.{account}",
            game.id, reminder.ply, reminder.minutes
        ),
    );
    mailer.compose(
        to,
        Compose {
            subject,
            text,
            id,
            now,
        },
    )
}

/// The push message of `reminder` in `game`, in the language of `tr`: one
/// notification per game (its tag), opening the game; urgent within 4 hours of the
/// deadline, and of no use after it (its TTL).
fn reminder_push(
    tr: Tr,
    game: &Game,
    reminder: Reminder,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> NewPushMessage {
    let players = format!(
        "{} – {}",
        game.players.south.username, game.players.north.username
    );
    let body = tr.t3(
        "push-reminder",
        "variant",
        game.variant.title(),
        "players",
        players.as_str(),
        "left",
        left(tr, deadline - now),
    );
    let minutes = minutes_left(deadline, now);
    let payload = serde_json::json!({
        "title": tr.t("push-running-out-title"),
        "body": body,
        "url": format!("/games/{}", game.id),
        "tag": format!("game-{}", game.id),
        "type": "time_running_out",
        "game": game.id.to_string(),
        "minutes_left": minutes,
    });
    NewPushMessage {
        id: PushMessageId::new(),
        key: format!("reminder:{}:{}:{}", game.id, reminder.ply, reminder.minutes),
        payload: payload.to_string(),
        topic: Some(game.id.to_string().replace('-', "")),
        ttl: u32::try_from((deadline - now).num_seconds().max(60)).unwrap_or(u32::MAX),
        urgency: if minutes <= 240 { "high" } else { "normal" },
        created_at: now,
    }
}
