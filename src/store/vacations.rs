//! Vacation storage: the times accounts are away, during which the clocks of their
//! games stand still. A part of every [`Store`](super::Store) (a supertrait),
//! implemented per backend in `postgres/vacations.rs` and `sqlite/vacations.rs`.
//!
//! While an account is on vacation, the timeout sweeper passes over its games
//! ([`Store::overdue_games`](super::Store::overdue_games)). Ending the vacation, in
//! one transaction, pushes the deadline of each of its ongoing games by the time that
//! game's clock stood still: from the later of the vacation's start and the game's
//! last change, to the vacation's end.

use async_trait::async_trait;
use chrono::{DateTime, TimeDelta, Utc};
use uuid::Uuid;

use super::StoreError;
use crate::domain::AccountId;

/// A vacation, over or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vacation {
    /// Its id.
    pub id: Uuid,
    /// Who is away.
    pub account: AccountId,
    /// When it started.
    pub started_at: DateTime<Utc>,
    /// When the account's allowance runs out: it ends then at the latest.
    pub allowed_until: DateTime<Utc>,
    /// When it ended; `None` while it lasts.
    pub ended_at: Option<DateTime<Utc>>,
}

impl Vacation {
    /// How long it lasted, or has lasted by `now`, within its allowance.
    #[must_use]
    pub fn length(&self, now: DateTime<Utc>) -> TimeDelta {
        let end = self.ended_at.unwrap_or(now).min(self.allowed_until);
        (end - self.started_at).max(TimeDelta::zero())
    }
}

/// Storage of vacations.
#[async_trait]
pub trait VacationStore: Send + Sync {
    /// Starts a vacation.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the account is already on vacation.
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError>;

    /// Ends the account's vacation at `at` (at its `allowed_until` if that is earlier)
    /// and pushes the deadlines of its ongoing games, in one transaction; returns the
    /// vacation as ended.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when the account is not on vacation.
    async fn end_vacation(
        &self,
        account: AccountId,
        at: DateTime<Utc>,
    ) -> Result<Vacation, StoreError>;

    /// The account's vacations that started at or after `since`, oldest first (the
    /// one going on included).
    async fn vacations(
        &self,
        account: AccountId,
        since: DateTime<Utc>,
    ) -> Result<Vec<Vacation>, StoreError>;

    /// Every vacation, by start (for `seedpost export`).
    async fn export_vacations(&self) -> Result<Vec<Vacation>, StoreError>;

    /// The accounts whose vacation's allowance has run out by `now` without their
    /// ending it (the sweeper ends those vacations).
    async fn expired_vacations(&self, now: DateTime<Utc>) -> Result<Vec<AccountId>, StoreError>;
}

/// The columns of a [`VacationRow`].
macro_rules! vacation_columns {
    () => {
        "id, account_id, started_at, allowed_until, ended_at"
    };
}
pub(super) use vacation_columns;

/// A row of `vacations`.
#[derive(sqlx::FromRow)]
pub(super) struct VacationRow {
    id: Uuid,
    account_id: Uuid,
    started_at: DateTime<Utc>,
    allowed_until: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

impl VacationRow {
    pub(super) fn parse(self) -> Vacation {
        Vacation {
            id: self.id,
            account: AccountId(self.account_id),
            started_at: self.started_at,
            allowed_until: self.allowed_until,
            ended_at: self.ended_at,
        }
    }
}

/// An ongoing game of the account on vacation, as its end reads it.
#[derive(sqlx::FromRow)]
pub(super) struct PausedGameRow {
    pub(super) id: Uuid,
    pub(super) deadline: Option<DateTime<Utc>>,
    pub(super) updated_at: DateTime<Utc>,
}

/// The new deadline of a game whose clock stood still during `vacation` (ended at
/// `end`): pushed by the time from the later of the vacation's start and the game's
/// last change to `end`, if its deadline had not passed by then.
pub(super) fn pushed_deadline(
    game: &PausedGameRow,
    vacation: &Vacation,
    end: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let deadline = game.deadline?;
    let stopped = vacation.started_at.max(game.updated_at);
    if deadline <= stopped || end <= stopped {
        return None;
    }
    Some(deadline + (end - stopped))
}

/// The SQL starting a vacation.
pub(super) const INSERT_VACATION: &str =
    "INSERT INTO vacations (id, account_id, started_at, allowed_until) VALUES ($1, $2, $3, $4)";

/// The SQL reading an account's vacation going on.
pub(super) const SELECT_OPEN: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE account_id = $1 AND ended_at IS NULL"
);

/// The SQL ending a vacation.
pub(super) const CLOSE_VACATION: &str =
    "UPDATE vacations SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL";

/// The condition on a game `games` whose clock a vacation stops: any game, except
/// those of tournaments that forbid vacation.
macro_rules! vacation_stops_clock {
    () => {
        "NOT EXISTS (SELECT 1 FROM tournament_games tg \
                     JOIN tournaments t ON t.id = tg.tournament_id \
                     WHERE tg.game_id = games.id AND NOT t.vacation_allowed)"
    };
}
pub(super) use vacation_stops_clock;

/// The SQL reading the ongoing games of an account whose clocks its vacation stopped.
pub(super) const SELECT_PAUSED_GAMES: &str = concat!(
    "SELECT id, deadline, updated_at FROM games \
     WHERE status = 'ongoing' AND (south_id = $1 OR north_id = $1) AND ",
    vacation_stops_clock!(),
    " ORDER BY id"
);

/// The SQL moving an ongoing game's deadline.
pub(super) const PUSH_DEADLINE: &str =
    "UPDATE games SET deadline = $2 WHERE id = $1 AND status = 'ongoing'";

/// The SQL reading an account's vacations since a time.
pub(super) const SELECT_SINCE: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE account_id = $1 AND started_at >= $2 ORDER BY started_at"
);

/// The SQL reading every vacation.
pub(super) const SELECT_ALL: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations ORDER BY started_at, id"
);

/// The SQL writing a vacation as exported.
pub(super) const IMPORT_VACATION: &str = "INSERT INTO vacations (id, account_id, started_at, allowed_until, ended_at) \
     VALUES ($1, $2, $3, $4, $5)";

/// The SQL finding vacations past their allowance.
pub(super) const SELECT_EXPIRED: &str =
    "SELECT account_id FROM vacations WHERE ended_at IS NULL AND allowed_until <= $1";

#[cfg(test)]
mod tests {
    use super::*;

    fn t(hours: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_764_504_000, 0).expect("a time") + TimeDelta::hours(hours)
    }

    #[test]
    fn a_deadline_is_pushed_by_the_time_its_clock_stood_still() {
        let vacation = Vacation {
            id: Uuid::nil(),
            account: AccountId(Uuid::nil()),
            started_at: t(10),
            allowed_until: t(100),
            ended_at: None,
        };
        let game = |updated, deadline| PausedGameRow {
            id: Uuid::nil(),
            deadline: Some(t(deadline)),
            updated_at: t(updated),
        };
        // Moved before the vacation: stood still from its start.
        assert_eq!(
            pushed_deadline(&game(0, 72,), &vacation, t(30)),
            Some(t(92))
        );
        // Moved during it: stood still from the move.
        assert_eq!(
            pushed_deadline(&game(20, 92), &vacation, t(30)),
            Some(t(102))
        );
        // Already overdue when the vacation started: not pushed.
        assert_eq!(pushed_deadline(&game(0, 5), &vacation, t(30)), None);
    }
}
