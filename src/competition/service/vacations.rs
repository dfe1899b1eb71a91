//! Vacations: an account may be away for a number of days a year (20 by default,
//! `--vacation-days`), during which the clocks of all its games stand still. The
//! store keeps them (`crate::competition::store::vacations`); this module keeps the allowance.

use chrono::{DateTime, Datelike, NaiveDate, TimeDelta, Utc};

use crate::competition::entity::Vacation;
use crate::competition::store::{TournamentStore, VacationStore};
use crate::domain::{AccountId, EventKind, GameStatus};
use crate::error::{Error, Result};
use crate::service::{Service, events};
use crate::store::{Account, GameFilter, StoreError};

/// At most this many games of an account are told of its vacation (the most a game
/// list holds; its most urgent ones).
const VACATION_EVENT_GAMES: u32 = 500;

/// Vacation days a year when the operator does not say.
pub const DEFAULT_VACATION_DAYS: u32 = 20;

/// An account's vacation and what is left of its allowance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VacationStatus {
    /// The vacation going on, if any.
    pub current: Option<Vacation>,
    /// The yearly allowance, in days.
    pub days_per_year: u32,
    /// What is left of it this calendar year (UTC), by now.
    pub left: TimeDelta,
}

/// The start of `now`'s calendar year, UTC.
fn year_start(now: DateTime<Utc>) -> DateTime<Utc> {
    NaiveDate::from_ymd_opt(now.year(), 1, 1)
        .unwrap_or_default()
        .and_time(chrono::NaiveTime::MIN)
        .and_utc()
}

/// What is left of `days_per_year` after `taken` (the vacations started this year).
fn allowance_left(days_per_year: u32, taken: &[Vacation], now: DateTime<Utc>) -> TimeDelta {
    let used: TimeDelta = taken.iter().map(|v| v.length(now)).sum();
    (TimeDelta::days(i64::from(days_per_year)) - used).max(TimeDelta::zero())
}

impl Service {
    /// Gives every account `days` days of vacation a year instead of
    /// [`DEFAULT_VACATION_DAYS`].
    #[must_use]
    pub fn with_vacation_days(mut self, days: u32) -> Service {
        self.vacation_days = days;
        self
    }

    /// The account's vacation, if it is on one, and what is left of its allowance.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn vacation(&self, account: &Account) -> Result<VacationStatus> {
        let now = self.now();
        let taken = self.store.vacations(account.id, year_start(now)).await?;
        Ok(VacationStatus {
            current: taken.iter().find(|v| v.ended_at.is_none()).cloned(),
            days_per_year: self.vacation_days,
            left: allowance_left(self.vacation_days, &taken, now),
        })
    }

    /// Starts a vacation for the account: the clocks of its games stop until it ends
    /// it, or until its allowance for the year runs out.
    ///
    /// # Errors
    /// `on_vacation` (409) when it already is; `no_vacation_left` (409) when this
    /// year's allowance is used up.
    pub async fn start_vacation(&self, account: &Account) -> Result<VacationStatus> {
        let status = self.vacation(account).await?;
        if status.current.is_some() {
            return Err(on_vacation());
        }
        if status.left <= TimeDelta::zero() {
            return Err(Error::conflict(
                "no_vacation_left",
                format!(
                    "this year's {} days of vacation are used up",
                    status.days_per_year
                ),
            ));
        }
        let now = self.now();
        let vacation = Vacation {
            id: uuid::Uuid::new_v4(),
            account: account.id,
            started_at: now,
            allowed_until: now + status.left,
            ended_at: None,
        };
        match self.store.start_vacation(&vacation).await {
            Err(StoreError::Conflict) => return Err(on_vacation()),
            other => other?,
        }
        self.tell_opponents(account.id, EventKind::VacationStart)
            .await?;
        self.vacation(account).await
    }

    /// Tells the opponent in each ongoing game of `away` that its clock stopped
    /// (`vacation_start`) or runs again (`vacation_end`), with the game as it stands.
    /// The events are written after the vacation's change commits, not with it.
    async fn tell_opponents(&self, away: AccountId, kind: EventKind) -> Result<()> {
        let filter = GameFilter {
            status: Some(GameStatus::Ongoing),
            player: Some(away),
            viewer: None,
            to_move: None,
            limit: VACATION_EVENT_GAMES,
        };
        let now = self.now();
        let mut events = Vec::new();
        for game in self.games_matching(&filter).await? {
            // A tournament that forbids vacation keeps its games' clocks running:
            // nothing to tell there.
            if let Some(t) = &game.tournament
                && !self.store.tournament(t.id).await?.vacation_allowed
            {
                continue;
            }
            let loaded = match self.game(game.id).await {
                Ok(l) => l,
                Err(Error::NotFound(_)) => continue,
                Err(e) => return Err(e),
            };
            events.extend(events::vacation_event(&loaded, away, kind, now));
        }
        if !events.is_empty() {
            self.store.add_events(&events).await?;
        }
        Ok(())
    }

    /// Ends the account's vacation: the deadlines of its games move on by the time
    /// their clocks stood still.
    ///
    /// # Errors
    /// `not_on_vacation` (409).
    pub async fn end_vacation(&self, account: &Account) -> Result<VacationStatus> {
        match self.store.end_vacation(account.id, self.now()).await {
            Err(StoreError::NotFound) => {
                return Err(Error::conflict(
                    "not_on_vacation",
                    "you are not on vacation",
                ));
            }
            other => other?,
        };
        self.tell_opponents(account.id, EventKind::VacationEnd)
            .await?;
        self.vacation(account).await
    }

    /// Ends the vacations whose allowance ran out (the sweeper calls it before
    /// looking for overdue games).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn end_expired_vacations(&self) -> Result<()> {
        let now = self.now();
        for account in self.store.expired_vacations(now).await? {
            match self.store.end_vacation(account, now).await {
                Ok(_) => {
                    self.tell_opponents(account, EventKind::VacationEnd).await?;
                }
                Err(StoreError::NotFound) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(())
    }
}

fn on_vacation() -> Error {
    Error::conflict("on_vacation", "you are already on vacation")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(day: u32, hour: u32) -> DateTime<Utc> {
        NaiveDate::from_ymd_opt(2026, 12, day)
            .and_then(|d| d.and_hms_opt(hour, 0, 0))
            .expect("a valid time")
            .and_utc()
    }

    #[test]
    fn the_allowance_counts_the_vacations_of_the_year_within_their_limits() {
        let vacation = |start, until, ended| Vacation {
            id: uuid::Uuid::nil(),
            account: AccountId(uuid::Uuid::nil()),
            started_at: start,
            allowed_until: until,
            ended_at: ended,
        };
        let now = t(20, 0);
        assert_eq!(allowance_left(20, &[], now), TimeDelta::days(20));
        let taken = [
            vacation(t(1, 0), t(21, 0), Some(t(3, 12))),
            // Still going on: counted up to now.
            vacation(t(19, 0), t(30, 0), None),
        ];
        assert_eq!(
            allowance_left(20, &taken, now),
            TimeDelta::days(20) - TimeDelta::hours(60) - TimeDelta::days(1)
        );
        // Past its allowance it counts only up to it, and nothing is left.
        let over = [vacation(t(1, 0), t(2, 0), None)];
        assert_eq!(allowance_left(1, &over, now), TimeDelta::zero());
        assert_eq!(year_start(now), t(1, 0) - TimeDelta::days(334));
    }
}
