//! The calendar feed: an iCalendar document (RFC 5545) of an account's move deadlines,
//! at a secret URL that calendar programs subscribe to without logging in.
//!
//! The secret is 256 random bits; only its SHA-256 is stored, like an API token's
//! (`domain::token_hash`). Making a new one replaces the old, whose URL stops
//! working; deleting it stops the feed.
//!
//! Each ongoing game gives one event at its deadline: where it is the account's move,
//! with an alarm at each calendar reminder time the account chose (by default 24 h
//! and 2 h before; [`reminder_schedule`]: a time as long as the move never rings, one
//! on a paused weekend rings on Monday); where it is the opponent's, a "free" event
//! for information, without an alarm. An event's UID names the game and its ply, so a
//! move makes a new event and the old one goes. A game whose clock stands still (a
//! player is on vacation) has no event until it runs again: its deadline is not known
//! until then.

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use icalendar::{Alarm, Calendar, Component, Event, EventLike, Property, Trigger};

use crate::domain::GameStatus;
use crate::domain::{random_hex, token_hash};
use crate::error::{Error, Result};
use crate::games::json::Clock;
use crate::games::service::side_of;
use crate::notifications::entity::CalendarFeed;
use crate::notifications::entity::reminder_schedule;
use crate::notifications::store::{CalendarStore, PushStore};
use crate::service::Service;
use crate::store::{Account, Game, GameFilter, StoreError};

/// At most this many games are listed (the most urgent first).
const FEED_GAMES: u32 = 500;

impl Service {
    /// Gives the account a new calendar feed secret, replacing the old one (whose URL
    /// stops working); returns the secret, shown once. The feed is at
    /// `/calendar/<secret>.ics`.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn create_calendar(&self, account: &Account) -> Result<String> {
        let secret = random_hex();
        let feed = CalendarFeed {
            account: account.id,
            hash: token_hash(&secret),
            created_at: self.now(),
        };
        self.store.set_calendar(&feed).await?;
        Ok(secret)
    }

    /// When the account's calendar feed secret was made, if it has one.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn calendar(&self, account: &Account) -> Result<Option<DateTime<Utc>>> {
        match self.store.calendar(account.id).await {
            Ok(feed) => Ok(Some(feed.created_at)),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Stops the account's calendar feed: its URL stops working.
    ///
    /// # Errors
    /// `not_found` (404) when it has none.
    pub async fn revoke_calendar(&self, account: &Account) -> Result<()> {
        match self.store.delete_calendar(account.id).await {
            Err(StoreError::NotFound) => Err(Error::NotFound("calendar feed")),
            other => Ok(other?),
        }
    }

    /// The iCalendar document of the feed with this secret, its links starting with
    /// `base` (such as `https://seedpost.example.org`).
    ///
    /// # Errors
    /// `not_found` (404) for an unknown, replaced or revoked secret.
    pub async fn calendar_feed(&self, secret: &str, base: &str) -> Result<String> {
        let account = match self.store.account_by_calendar(&token_hash(secret)).await {
            Err(StoreError::NotFound) => return Err(Error::NotFound("calendar feed")),
            other => other?,
        };
        let filter = GameFilter {
            status: Some(GameStatus::Ongoing),
            player: Some(account.id),
            viewer: Some(account.id),
            to_move: None,
            limit: FEED_GAMES,
        };
        let games = self.games_matching(&filter).await?;
        let alarms = self
            .store
            .notification_settings(account.id)
            .await?
            .calendar
            .reminders;
        Ok(feed(&account, &games, &alarms, base, self.now()))
    }
}

/// The feed of `account`'s `games` (those without a deadline left out), with alarms
/// at the reminder times `alarms` (minutes before a deadline), written at `now`.
#[must_use]
fn feed(
    account: &Account,
    games: &[Game],
    alarms: &BTreeSet<u32>,
    base: &str,
    now: DateTime<Utc>,
) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", "-//seedpost//move deadlines//EN"))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .name(&format!("seedpost: {}'s move deadlines", account.username))
        .ttl(&chrono::Duration::hours(1));
    for game in games {
        if let Some(event) = event(account, game, alarms, base, now) {
            calendar.push(event);
        }
    }
    calendar.done().to_string()
}

/// The event of one game, if it is ongoing with a deadline, its clock runs and
/// `account` plays it; with `alarms` where it is `account`'s move.
fn event(
    account: &Account,
    game: &Game,
    alarms: &BTreeSet<u32>,
    base: &str,
    now: DateTime<Utc>,
) -> Option<Event> {
    if Clock::of(game) != Some(Clock::Running) {
        return None;
    }
    let deadline = game.state.deadline?;
    let side = side_of(game, account.id)?;
    let to_move = game.state.to_move?;
    let opponent = &game.players.get(side.opposite()).username;
    let variant = game.variant.title();
    let url = format!("{base}/games/{}", game.id);
    let description = if to_move == side {
        let pace = match game.days_per_move.days() {
            1 => "a day per move".to_owned(),
            days => format!("{days} days per move"),
        };
        format!(
            "Your move in {variant} against {opponent}, {pace}: \
             play it by this time or lose on time. {url}"
        )
    } else {
        format!(
            "{opponent} is to move in your game of {variant}: \
             by this time, or {opponent} loses on time. {url}"
        )
    };
    let mut event = Event::new();
    event
        .uid(&format!("{}-{}@seedpost", game.id, game.state.ply))
        .timestamp(now)
        .starts(deadline)
        .url(&url)
        .description(&description)
        .last_modified(game.state.updated_at);
    if to_move == side {
        event.summary(&format!("Your move: {variant} against {opponent}"));
        let schedule = reminder_schedule(
            alarms,
            game.state.updated_at,
            deadline,
            game.terms.weekend_pause,
        );
        for (minutes, at) in schedule {
            event.alarm(
                Alarm::display(
                    &format!("Your move in {variant} against {opponent}: time is running out"),
                    Trigger::before_start(deadline - at),
                )
                .uid(&format!(
                    "{}-{}-alarm-{minutes}@seedpost",
                    game.id, game.state.ply
                ))
                .timestamp(now)
                .done(),
            );
        }
    } else {
        event
            .summary(&format!("{opponent} to move: {variant}"))
            .append_property(Property::new("TRANSP", "TRANSPARENT"));
    }
    Some(event.done())
}
