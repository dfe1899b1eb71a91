//! Vacation storage: the times accounts are away, during which the clocks of their
//! games stand still. Served by every [`Store`],
//! implemented once for both backends.
//!
//! While an account is on vacation, the timeout sweeper passes over its games
//! ([`GameStore::overdue_games`](crate::games::store::GameStore::overdue_games)). Ending the vacation, in
//! one transaction, pushes the deadline of each of its ongoing games by the time that
//! game's clock stood still: from the later of the vacation's start and the game's
//! last change, to the vacation's end — counted on weekday time in a game with a
//! weekend pause, so that the player to move gets back exactly the clock time they
//! had left; when the opponent is still away, only up to the opponent's start.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use std::collections::HashMap;

use sqlx::Transaction;

use crate::competition::entity::Vacation;
use crate::deadline::{after, clock_time};
use crate::domain::AccountId;
use crate::store::Store;
use crate::store::StoreError;
use crate::store::common::micros;
use crate::store::dialect::{Backend, locking};
use crate::store::sql::{AsConn, SqlStore, on_backend, sql};

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

/// A row of `vacations`.
#[derive(sqlx::FromRow)]
struct VacationRow {
    id: Uuid,
    account_id: Uuid,
    started_at: DateTime<Utc>,
    allowed_until: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

impl VacationRow {
    fn parse(self) -> Vacation {
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
struct PausedGameRow {
    id: Uuid,
    deadline: Option<DateTime<Utc>>,
    updated_at: DateTime<Utc>,
    weekend_pause: bool,
}

/// The new deadline of a game whose clock stood still during `vacation` (ended at
/// `end`), if its deadline had not passed by then: the clock time left when it stopped
/// (at the later of the vacation's start and the game's last change) runs again from
/// `end`. In plain time that pushes the deadline by the time it stood still; under a
/// weekend pause it is weekday time (`crate::deadline`).
///
/// When the other player is away too, since `other_away_since`, the clock still
/// stands: this vacation pushes only up to the other's start (nothing if that came
/// first), and the other's end pushes the rest, so time both were away counts once.
fn pushed_deadline(
    game: &PausedGameRow,
    vacation: &Vacation,
    end: DateTime<Utc>,
    other_away_since: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    let deadline = game.deadline?;
    let stopped = vacation.started_at.max(game.updated_at);
    let end = other_away_since.map_or(end, |since| end.min(since));
    if deadline <= stopped || end <= stopped {
        return None;
    }
    let left = clock_time(stopped, deadline, game.weekend_pause);
    Some(after(end, left, game.weekend_pause))
}

/// The SQL starting a vacation.
const INSERT_VACATION: &str =
    "INSERT INTO vacations (id, account_id, started_at, allowed_until) VALUES ($1, $2, $3, $4)";

/// The SQL reading an account's vacation going on.
const SELECT_OPEN: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE account_id = $1 AND ended_at IS NULL"
);

/// The SQL ending a vacation.
const CLOSE_VACATION: &str =
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

/// The SQL reading the ongoing games of an account whose clocks its vacation stopped.
const SELECT_PAUSED_GAMES: &str = concat!(
    "SELECT id, deadline, updated_at, weekend_pause FROM games \
     WHERE status = 'ongoing' AND (south_id = $1 OR north_id = $1) AND ",
    vacation_stops_clock!(),
    " ORDER BY id"
);

/// The SQL reading, for each ongoing game of the account `$1`, when its opponent's
/// vacation going on started, if the opponent is away.
const SELECT_OTHERS_AWAY: &str = "SELECT g.id, v.started_at FROM games g \
     JOIN vacations v ON v.ended_at IS NULL AND v.account_id <> $1 \
                     AND v.account_id IN (g.south_id, g.north_id) \
     WHERE g.status = 'ongoing' AND (g.south_id = $1 OR g.north_id = $1)";

/// The SQL moving an ongoing game's deadline.
const PUSH_DEADLINE: &str = "UPDATE games SET deadline = $2 WHERE id = $1 AND status = 'ongoing'";

/// The SQL reading an account's vacations since a time.
const SELECT_SINCE: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE account_id = $1 AND started_at >= $2 ORDER BY started_at"
);

/// The SQL reading every vacation.
const SELECT_ALL: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations ORDER BY started_at, id"
);

/// The SQL writing a vacation as exported.
pub(crate) const IMPORT_VACATION: &str = "INSERT INTO vacations (id, account_id, started_at, allowed_until, ended_at) \
     VALUES ($1, $2, $3, $4, $5)";

/// The SQL finding vacations past their allowance.
const SELECT_EXPIRED: &str =
    "SELECT account_id FROM vacations WHERE ended_at IS NULL AND allowed_until <= $1";

/// [`SELECT_OPEN`], locking the row until the commit (see [`locking`]).
const SELECT_OPEN_FOR_UPDATE: &str = concat!(
    "SELECT ",
    vacation_columns!(),
    " FROM vacations WHERE account_id = $1 AND ended_at IS NULL FOR UPDATE"
);

/// [`SELECT_PAUSED_GAMES`], locking the games until the commit.
const SELECT_PAUSED_GAMES_FOR_UPDATE: &str = concat!(
    "SELECT id, deadline, updated_at, weekend_pause FROM games \
     WHERE status = 'ongoing' AND (south_id = $1 OR north_id = $1) AND ",
    vacation_stops_clock!(),
    " ORDER BY id FOR UPDATE"
);

async fn end_vacation_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    account: AccountId,
    at: DateTime<Utc>,
) -> Result<Vacation, StoreError> {
    let open: VacationRow = sql(locking::<B>(SELECT_OPEN_FOR_UPDATE, SELECT_OPEN))
        .bind(account.0)
        .optional(tx)
        .await?
        .ok_or(StoreError::NotFound)?;
    let open = open.parse();
    let end = micros(at.min(open.allowed_until).max(open.started_at));
    if sql(CLOSE_VACATION)
        .bind(open.id)
        .bind(end)
        .execute(tx)
        .await?
        == 0
    {
        return Err(StoreError::Conflict);
    }
    let games: Vec<PausedGameRow> = sql(locking::<B>(
        SELECT_PAUSED_GAMES_FOR_UPDATE,
        SELECT_PAUSED_GAMES,
    ))
    .bind(account.0)
    .all(tx)
    .await?;
    let others: Vec<(Uuid, DateTime<Utc>)> =
        sql(SELECT_OTHERS_AWAY).bind(account.0).all(tx).await?;
    let others: HashMap<Uuid, DateTime<Utc>> = others.into_iter().collect();
    for game in &games {
        let other_away_since = others.get(&game.id).copied();
        if let Some(deadline) = pushed_deadline(game, &open, end, other_away_since) {
            sql(PUSH_DEADLINE)
                .bind(game.id)
                .bind(micros(deadline))
                .execute(tx)
                .await?;
        }
    }
    Ok(Vacation {
        ended_at: Some(end),
        ..open
    })
}

#[async_trait]
impl<S: Store + ?Sized> VacationStore for S {
    async fn start_vacation(&self, vacation: &Vacation) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => start_vacation(s, vacation).await)
    }

    async fn end_vacation(
        &self,
        account: AccountId,
        at: DateTime<Utc>,
    ) -> Result<Vacation, StoreError> {
        on_backend!(self.sql(), s => end_vacation(s, account, at).await)
    }

    async fn vacations(
        &self,
        account: AccountId,
        since: DateTime<Utc>,
    ) -> Result<Vec<Vacation>, StoreError> {
        on_backend!(self.sql(), s => vacations(s, account, since).await)
    }

    async fn export_vacations(&self) -> Result<Vec<Vacation>, StoreError> {
        on_backend!(self.sql(), s => export_vacations(s).await)
    }

    async fn expired_vacations(&self, now: DateTime<Utc>) -> Result<Vec<AccountId>, StoreError> {
        on_backend!(self.sql(), s => expired_vacations(s, now).await)
    }
}

async fn start_vacation<B: Backend>(
    s: &SqlStore<B>,
    vacation: &Vacation,
) -> Result<(), StoreError> {
    let vacation = vacation.clone();
    s.detached(move |conn| {
        Box::pin(async move {
            sql(INSERT_VACATION)
                .bind(vacation.id)
                .bind(vacation.account.0)
                .bind(micros(vacation.started_at))
                .bind(micros(vacation.allowed_until))
                .execute(conn)
                .await
                .map(drop)
        })
    })
    .await
}

async fn end_vacation<B: Backend>(
    s: &SqlStore<B>,
    account: AccountId,
    at: DateTime<Utc>,
) -> Result<Vacation, StoreError> {
    s.write(move |tx| Box::pin(end_vacation_tx(tx, account, at)))
        .await
}

async fn vacations<B: Backend>(
    s: &SqlStore<B>,
    account: AccountId,
    since: DateTime<Utc>,
) -> Result<Vec<Vacation>, StoreError> {
    let rows: Vec<VacationRow> = sql(SELECT_SINCE)
        .bind(account.0)
        .bind(micros(since))
        .all(&mut s.conn().await?)
        .await?;
    Ok(rows.into_iter().map(VacationRow::parse).collect())
}

async fn export_vacations<B: Backend>(s: &SqlStore<B>) -> Result<Vec<Vacation>, StoreError> {
    read_vacations(&mut s.conn().await?).await
}

async fn expired_vacations<B: Backend>(
    s: &SqlStore<B>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountId>, StoreError> {
    let accounts: Vec<Uuid> = sql(SELECT_EXPIRED)
        .bind(micros(now))
        .values(&mut s.conn().await?)
        .await?;
    Ok(accounts.into_iter().map(AccountId).collect())
}

/// Every vacation, read on `conn` (an export's snapshot).
pub(crate) async fn read_vacations<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<Vacation>, StoreError> {
    let rows: Vec<VacationRow> = sql(SELECT_ALL).all(conn).await?;
    Ok(rows.into_iter().map(VacationRow::parse).collect())
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

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
            weekend_pause: false,
        };
        // Moved before the vacation: stood still from its start.
        assert_eq!(
            pushed_deadline(&game(0, 72,), &vacation, t(30), None),
            Some(t(92))
        );
        // Moved during it: stood still from the move.
        assert_eq!(
            pushed_deadline(&game(20, 92), &vacation, t(30), None),
            Some(t(102))
        );
        // Already overdue when the vacation started: not pushed.
        assert_eq!(pushed_deadline(&game(0, 5), &vacation, t(30), None), None);
        // The opponent went away at t(15) and is still away: pushed to then only...
        assert_eq!(
            pushed_deadline(&game(0, 72), &vacation, t(30), Some(t(15))),
            Some(t(77))
        );
        // ... and not at all if they went away first.
        assert_eq!(
            pushed_deadline(&game(0, 72), &vacation, t(30), Some(t(5))),
            None
        );
    }

    #[test]
    fn under_a_weekend_pause_the_clock_time_left_is_given_back_in_weekday_time() {
        let wednesday = chrono::NaiveDate::from_ymd_opt(2026, 12, 2)
            .and_then(|d| d.and_hms_opt(12, 0, 0))
            .expect("a time")
            .and_utc();
        assert_eq!(chrono::Datelike::weekday(&wednesday), chrono::Weekday::Wed);
        let at = |hours: i64| wednesday + TimeDelta::hours(hours);
        let vacation = Vacation {
            id: Uuid::nil(),
            account: AccountId(Uuid::nil()),
            started_at: at(24),
            allowed_until: at(24 * 20),
            ended_at: None,
        };
        // Moved on Wednesday noon with three days a move: due Monday noon.
        let game = PausedGameRow {
            id: Uuid::nil(),
            deadline: Some(at(24 * 5)),
            updated_at: at(0),
            weekend_pause: true,
        };
        // Away from Thursday noon (two weekdays left) to the next Wednesday noon:
        // the two weekdays run from then, to Friday noon.
        assert_eq!(
            pushed_deadline(&game, &vacation, at(24 * 7), None),
            Some(at(24 * 9))
        );
        // Back on Saturday noon: the weekday time starts on Monday, due Wednesday 00:00.
        assert_eq!(
            pushed_deadline(&game, &vacation, at(24 * 3), None),
            Some(at(24 * 7 - 12))
        );
    }
}
