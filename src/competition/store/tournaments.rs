//! Tournament storage: round-robin tournaments, their players and their games.
//! Served by every [`Store`], written once for both backends.
//!
//! Concurrent writers meet at the tournament row: starting it is a conditional update
//! of its status from `open`, in the same transaction as the insertion of all its
//! games, so that two sweepers (two instances on one database) cannot start it twice;
//! joining locks the row first, so that the start and the player limit see every
//! join or none.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use std::collections::HashMap;

use sqlx::Transaction;

use crate::competition::entity::{
    Entrant, NewTournament, NewTournamentGame, Tournament, TournamentGame, TournamentRecord,
};
use crate::competition::tournament::TournamentStatus;
use crate::domain::{AccountId, GameId, TournamentId};
use crate::store::Store;
use crate::store::common::{
    AccountEvents, GameRow, corrupt, days_per_move, events_by_account, game_select, micros,
    row_limit, to_i32, username,
};
use crate::store::core::{INSERT_GAME, bind_new_game, count_locked, missed};
use crate::store::dialect::{Backend, locking};
use crate::store::sql::{AsConn, SqlStore, Statement, on_backend, sql};
use crate::store::{Event, Game, NewEvent, Player, StoreError};

/// Storage of tournaments.
#[async_trait]
pub trait TournamentStore: Send + Sync {
    /// Creates an open tournament, unless its creator has `open_cap` open ones
    /// already (counted with the creator's row locked, so that concurrent creations
    /// cannot pass the cap together).
    ///
    /// # Errors
    /// [`StoreError::Full`] at the cap.
    async fn create_tournament(
        &self,
        tournament: &NewTournament,
        open_cap: u32,
    ) -> Result<Tournament, StoreError>;

    /// One tournament.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown id.
    async fn tournament(&self, id: TournamentId) -> Result<Tournament, StoreError>;

    /// Tournaments, of one status or all: open ones by start, the others newest first;
    /// `limit` (100 for 0, at most 500) after the first `offset`.
    async fn tournaments(
        &self,
        status: Option<TournamentStatus>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Tournament>, StoreError>;

    /// The tournament's players, by join time.
    async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError>;

    /// The tournament's games, by cycle and start.
    async fn tournament_games(&self, id: TournamentId) -> Result<Vec<TournamentGame>, StoreError>;

    /// Adds `account` to an open tournament before its start `now`, if there is room.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is not open, has started by `now`, is full, or
    /// the account is in it already; [`StoreError::NotFound`] for an unknown one.
    async fn join_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Takes `account` out of an open tournament.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it is not in it; [`StoreError::Conflict`] when
    /// the tournament is no longer open.
    async fn leave_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
    ) -> Result<(), StoreError>;

    /// Marks `account` withdrawn from a running tournament at `now`; a player already
    /// withdrawn stays so. Returns whether this call withdrew it.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] when it does not play in it; [`StoreError::Conflict`]
    /// when the tournament is not running.
    async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;

    /// Starts an open tournament whose start has come by `now`, with exactly
    /// `players`: marks it running and inserts `games` and `events`, in one
    /// transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is no longer open, its start has not come, or
    /// its players are not `players` (someone joined or left meanwhile): nothing is
    /// written.
    async fn start_tournament(
        &self,
        id: TournamentId,
        players: &[AccountId],
        games: &[NewTournamentGame],
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Cancels an open tournament whose start has come with fewer than two players.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is not open or has two players or more.
    async fn cancel_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Marks a running tournament finished when none of its games is ongoing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is not running or a game of it goes on.
    async fn finish_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Open tournaments whose start has come by `now`, earliest first.
    async fn due_tournaments(&self, now: DateTime<Utc>) -> Result<Vec<TournamentId>, StoreError>;

    /// Running tournaments none of whose games is ongoing.
    async fn tournaments_to_finish(&self) -> Result<Vec<TournamentId>, StoreError>;

    /// Every tournament with its players and games (for `seedpost export`).
    async fn export_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError>;
}

/// The columns of a [`TournamentRow`], from `tournaments t` joined with its creator
/// `ca`.
macro_rules! tournament_select {
    () => {
        "SELECT t.id, t.name, t.creator_id, ca.username AS creator_username, \
                ca.bot AS creator_bot, t.variant, t.days_per_move, t.cycles, t.rated, \
                t.vacation_allowed, t.max_players, t.starts_at, t.status, t.created_at, \
                t.ended_at, \
                (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id) \
                    AS players \
         FROM tournaments t JOIN accounts ca ON ca.id = t.creator_id "
    };
}

/// A tournament as [`tournament_select`] reads it.
#[derive(sqlx::FromRow)]
struct TournamentRow {
    id: Uuid,
    name: String,
    creator_id: Uuid,
    creator_username: String,
    creator_bot: bool,
    variant: String,
    days_per_move: i32,
    cycles: i32,
    rated: bool,
    vacation_allowed: bool,
    max_players: i32,
    players: i64,
    starts_at: DateTime<Utc>,
    status: String,
    created_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

impl TournamentRow {
    fn parse(self) -> Result<Tournament, StoreError> {
        Ok(Tournament {
            id: TournamentId(self.id),
            name: self.name,
            creator: Player {
                id: AccountId(self.creator_id),
                username: username("creator username", &self.creator_username)?,
                bot: self.creator_bot,
            },
            variant: self
                .variant
                .parse()
                .map_err(|_| corrupt("variant", &self.variant))?,
            days_per_move: days_per_move(self.days_per_move)?,
            double: match self.cycles {
                1 => false,
                2 => true,
                n => return Err(corrupt("cycles", n)),
            },
            rated: self.rated,
            vacation_allowed: self.vacation_allowed,
            max_players: u32::try_from(self.max_players)
                .map_err(|_| corrupt("max_players", self.max_players))?,
            players: u32::try_from(self.players).map_err(|_| corrupt("players", self.players))?,
            starts_at: self.starts_at,
            status: TournamentStatus::parse(&self.status)
                .ok_or_else(|| corrupt("status", &self.status))?,
            created_at: self.created_at,
            ended_at: self.ended_at,
        })
    }
}

/// A row of `tournament_players` with its account.
#[derive(sqlx::FromRow)]
struct EntrantRow {
    account_id: Uuid,
    username: String,
    bot: bool,
    joined_at: DateTime<Utc>,
    withdrawn_at: Option<DateTime<Utc>>,
}

impl EntrantRow {
    fn parse(self) -> Result<Entrant, StoreError> {
        Ok(Entrant {
            player: Player {
                id: AccountId(self.account_id),
                username: username("username", &self.username)?,
                bot: self.bot,
            },
            joined_at: self.joined_at,
            withdrawn_at: self.withdrawn_at,
        })
    }
}

/// A cycle column.
fn cycle(value: i32) -> Result<u8, StoreError> {
    match value {
        1 => Ok(1),
        2 => Ok(2),
        n => Err(corrupt("cycle", n)),
    }
}

/// The SQL creating a tournament.
const INSERT_TOURNAMENT: &str = "INSERT INTO tournaments (id, name, creator_id, \
     variant, days_per_move, cycles, rated, vacation_allowed, max_players, starts_at, status, \
     created_at, ended_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

/// The SQL reading a tournament's players.
const SELECT_ENTRANTS: &str = "SELECT p.account_id, a.username, a.bot, p.joined_at, \
     p.withdrawn_at FROM tournament_players p JOIN accounts a ON a.id = p.account_id \
     WHERE p.tournament_id = $1 ORDER BY p.joined_at, p.account_id";

/// The SQL reading the cycles and ids of a tournament's games.
const SELECT_GAME_CYCLES: &str = "SELECT tg.game_id, tg.cycle FROM tournament_games tg \
     JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = $1 \
     ORDER BY tg.cycle, g.created_at, g.id";

/// The SQL adding a player to an open tournament not yet started by `$3`, with room.
/// The caller has locked the tournament row (Postgres) or holds the write lock
/// (SQLite), so the count is that of every committed join.
const JOIN: &str = "INSERT INTO tournament_players (tournament_id, account_id, joined_at) \
     SELECT t.id, $2, $3 FROM tournaments t \
     WHERE t.id = $1 AND t.status = 'open' AND t.starts_at > $3 \
       AND (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = t.id) \
           < t.max_players";

/// The SQL taking a player out of an open tournament.
const LEAVE: &str = "DELETE FROM tournament_players \
     WHERE tournament_id = $1 AND account_id = $2 \
       AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'open')";

/// The SQL marking a player of a running tournament withdrawn.
const WITHDRAW: &str = "UPDATE tournament_players SET withdrawn_at = $3 \
     WHERE tournament_id = $1 AND account_id = $2 AND withdrawn_at IS NULL \
       AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'running')";

/// The SQL starting an open tournament whose start has come.
const MARK_RUNNING: &str = "UPDATE tournaments SET status = 'running' \
     WHERE id = $1 AND status = 'open' AND starts_at <= $2";

/// The SQL canceling an open tournament whose start has come, short of players.
const MARK_CANCELED: &str = "UPDATE tournaments SET status = 'canceled', ended_at = $2 \
     WHERE id = $1 AND status = 'open' AND starts_at <= $2 \
       AND (SELECT count(*) FROM tournament_players p WHERE p.tournament_id = $1) < 2";

/// The SQL finishing a running tournament none of whose games goes on.
const MARK_FINISHED: &str = "UPDATE tournaments SET status = 'finished', ended_at = $2 \
     WHERE id = $1 AND status = 'running' \
       AND NOT EXISTS (SELECT 1 FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
                       WHERE tg.tournament_id = $1 AND g.status = 'ongoing')";

/// The SQL linking a game to its tournament.
const INSERT_LINK: &str =
    "INSERT INTO tournament_games (tournament_id, game_id, cycle) VALUES ($1, $2, $3)";

/// The SQL finding due tournaments.
const SELECT_DUE: &str = "SELECT id FROM tournaments \
     WHERE status = 'open' AND starts_at <= $1 ORDER BY starts_at, id";

/// The SQL finding running tournaments that are over.
const SELECT_TO_FINISH: &str = "SELECT t.id FROM tournaments t \
     WHERE t.status = 'running' \
       AND NOT EXISTS (SELECT 1 FROM tournament_games tg JOIN games g ON g.id = tg.game_id \
                       WHERE tg.tournament_id = t.id AND g.status = 'ongoing') \
     ORDER BY t.id";

/// The SQL listing tournaments, of status `$1` or all, at most `$2`.
const SELECT_LIST: &str = concat!(
    tournament_select!(),
    "WHERE ($1 IS NULL OR t.status = $1) \
     ORDER BY CASE WHEN t.status = 'open' THEN 0 ELSE 1 END, \
              CASE WHEN t.status = 'open' THEN t.starts_at END, \
              t.created_at DESC, t.id \
     LIMIT $2 OFFSET $3"
);

/// The SQL reading every tournament.
const SELECT_ALL: &str = concat!(tournament_select!(), "ORDER BY t.created_at, t.id");

/// The SQL writing a player as exported.
const IMPORT_ENTRANT: &str = "INSERT INTO tournament_players (tournament_id, \
     account_id, joined_at, withdrawn_at) VALUES ($1, $2, $3, $4)";

/// Whether `players` are exactly the stored `entrants` (ids, in any order).
fn same_players(players: &[AccountId], mut entrants: Vec<Uuid>) -> bool {
    let mut players: Vec<Uuid> = players.iter().map(|a| a.0).collect();
    players.sort_unstable();
    entrants.sort_unstable();
    players == entrants
}

async fn fetch<B: Backend>(
    conn: &mut impl AsConn<B>,
    id: TournamentId,
) -> Result<Tournament, StoreError> {
    let row: TournamentRow = sql(concat!(tournament_select!(), "WHERE t.id = $1"))
        .bind(id.0)
        .one(conn)
        .await?;
    row.parse()
}

/// Whether tournament `$1` exists (see [`missed`]).
const TOURNAMENT_EXISTS: &str = "SELECT 1 FROM tournaments WHERE id = $1";

/// Binds a tournament's columns up to its status (the first ten of
/// [`INSERT_TOURNAMENT`]).
fn bind_tournament<B: Backend>(
    stmt: Statement<B>,
    t: &NewTournament,
) -> Result<Statement<B>, StoreError> {
    Ok(stmt
        .bind(t.id.0)
        .bind(t.name.as_str())
        .bind(t.creator.0)
        .bind(t.variant.as_str())
        .bind(i32::from(t.days_per_move.days()))
        .bind(if t.double { 2_i32 } else { 1 })
        .bind(t.rated)
        .bind(t.vacation_allowed)
        .bind(to_i32("max_players", t.max_players)?)
        .bind(micros(t.starts_at)))
}

async fn join_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: TournamentId,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    // The row lock (Postgres) or the write lock (SQLite) orders joins with each other
    // and with the start.
    let locked: Option<(i32,)> = sql(locking::<B>(
        "SELECT 1 FROM tournaments WHERE id = $1 FOR UPDATE",
        TOURNAMENT_EXISTS,
    ))
    .bind(id.0)
    .optional(tx)
    .await?;
    if locked.is_none() {
        return Err(StoreError::NotFound);
    }
    let joined = sql(JOIN)
        .bind(id.0)
        .bind(account.0)
        .bind(micros(now))
        .execute(tx)
        .await?;
    if joined == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

async fn start_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: TournamentId,
    players: &[AccountId],
    games: &[NewTournamentGame],
    now: DateTime<Utc>,
    events: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    if sql(MARK_RUNNING)
        .bind(id.0)
        .bind(micros(now))
        .execute(tx)
        .await?
        == 0
    {
        return Err(missed(tx, TOURNAMENT_EXISTS, id.0).await);
    }
    let entrants: Vec<Uuid> =
        sql("SELECT account_id FROM tournament_players WHERE tournament_id = $1")
            .bind(id.0)
            .values(tx)
            .await?;
    if !same_players(players, entrants) {
        return Err(StoreError::Conflict);
    }
    for new in games {
        bind_new_game(sql(INSERT_GAME), &new.game, None)?
            .execute(tx)
            .await?;
        sql(INSERT_LINK)
            .bind(id.0)
            .bind(new.game.id.0)
            .bind(i32::from(new.cycle))
            .execute(tx)
            .await?;
    }
    B::insert_events(tx, events).await
}

impl<B: Backend> SqlStore<B> {
    /// Ends a tournament by `mark` (canceled or finished) at `now`, with `events`.
    async fn mark_tournament(
        &self,
        mark: &'static str,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        let events = events_by_account(events);
        self.write_events(move |tx| {
            Box::pin(async move {
                if sql(mark)
                    .bind(id.0)
                    .bind(micros(now))
                    .execute(&mut *tx)
                    .await?
                    == 0
                {
                    return Err(missed(tx, TOURNAMENT_EXISTS, id.0).await);
                }
                Ok(((), B::insert_events(tx, &events).await?))
            })
        })
        .await
        .map(|((), stored)| stored)
    }
}

/// Writes exported tournaments, with their players and game links, in the import's
/// transaction (after the accounts and games they refer to).
pub(crate) async fn import_tournaments<B: Backend>(
    tx: &mut Transaction<'static, B>,
    records: &[TournamentRecord],
) -> Result<(), StoreError> {
    for record in records {
        let t = &record.tournament;
        let new = NewTournament {
            id: t.id,
            name: t.name.clone(),
            creator: t.creator.id,
            variant: t.variant,
            days_per_move: t.days_per_move,
            double: t.double,
            rated: t.rated,
            vacation_allowed: t.vacation_allowed,
            max_players: t.max_players,
            starts_at: t.starts_at,
            created_at: t.created_at,
        };
        bind_tournament(sql(INSERT_TOURNAMENT), &new)?
            .bind(t.status.as_str())
            .bind(micros(t.created_at))
            .bind(t.ended_at.map(micros))
            .execute(tx)
            .await?;
        for e in &record.entrants {
            sql(IMPORT_ENTRANT)
                .bind(t.id.0)
                .bind(e.player.id.0)
                .bind(micros(e.joined_at))
                .bind(e.withdrawn_at.map(micros))
                .execute(tx)
                .await?;
        }
        for (game, cycle) in &record.games {
            sql(INSERT_LINK)
                .bind(t.id.0)
                .bind(game.0)
                .bind(i32::from(*cycle))
                .execute(tx)
                .await?;
        }
    }
    Ok(())
}

#[async_trait]
impl<S: Store + ?Sized> TournamentStore for S {
    async fn create_tournament(
        &self,
        tournament: &NewTournament,
        open_cap: u32,
    ) -> Result<Tournament, StoreError> {
        on_backend!(self.sql(), s => create_tournament(s, tournament, open_cap).await)
    }

    async fn tournament(&self, id: TournamentId) -> Result<Tournament, StoreError> {
        on_backend!(self.sql(), s => tournament(s, id).await)
    }

    async fn tournaments(
        &self,
        status: Option<TournamentStatus>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Tournament>, StoreError> {
        on_backend!(self.sql(), s => tournaments(s, status, limit, offset).await)
    }

    async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
        on_backend!(self.sql(), s => entrants(s, id).await)
    }

    async fn tournament_games(&self, id: TournamentId) -> Result<Vec<TournamentGame>, StoreError> {
        on_backend!(self.sql(), s => tournament_games(s, id).await)
    }

    async fn join_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => join_tournament(s, id, account, now).await)
    }

    async fn leave_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => leave_tournament(s, id, account).await)
    }

    async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_backend!(self.sql(), s => withdraw_from_tournament(s, id, account, now).await)
    }

    async fn start_tournament(
        &self,
        id: TournamentId,
        players: &[AccountId],
        games: &[NewTournamentGame],
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => start_tournament(s, id, players, games, now, events).await)
    }

    async fn cancel_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => cancel_tournament(s, id, now, events).await)
    }

    async fn finish_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => finish_tournament(s, id, now, events).await)
    }

    async fn due_tournaments(&self, now: DateTime<Utc>) -> Result<Vec<TournamentId>, StoreError> {
        on_backend!(self.sql(), s => due_tournaments(s, now).await)
    }

    async fn tournaments_to_finish(&self) -> Result<Vec<TournamentId>, StoreError> {
        on_backend!(self.sql(), s => tournaments_to_finish(s).await)
    }

    async fn export_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        on_backend!(self.sql(), s => export_tournaments(s).await)
    }
}

async fn create_tournament<B: Backend>(
    s: &SqlStore<B>,
    tournament: &NewTournament,
    open_cap: u32,
) -> Result<Tournament, StoreError> {
    let (id, creator) = (tournament.id, tournament.creator);
    let tournament = tournament.clone();
    s.write(move |tx| {
        Box::pin(async move {
            let insert = bind_tournament(sql(INSERT_TOURNAMENT), &tournament)?
                .bind(TournamentStatus::Open.as_str())
                .bind(micros(tournament.created_at))
                .bind(None::<DateTime<Utc>>);
            let open = count_locked(
                tx,
                creator,
                "SELECT count(*) FROM tournaments WHERE creator_id = $1 AND status = 'open'",
            )
            .await?;
            if open >= i64::from(open_cap) {
                return Err(StoreError::Full);
            }
            insert.execute(tx).await?;
            fetch(tx, id).await
        })
    })
    .await
}

async fn tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
) -> Result<Tournament, StoreError> {
    fetch(&mut s.conn().await?, id).await
}

async fn tournaments<B: Backend>(
    s: &SqlStore<B>,
    status: Option<TournamentStatus>,
    limit: u32,
    offset: u32,
) -> Result<Vec<Tournament>, StoreError> {
    let rows: Vec<TournamentRow> = sql(SELECT_LIST)
        .bind(status.map(TournamentStatus::as_str))
        .bind(row_limit(limit))
        .bind(i64::from(offset))
        .all(&mut s.conn().await?)
        .await?;
    rows.into_iter().map(TournamentRow::parse).collect()
}

async fn entrants<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
) -> Result<Vec<Entrant>, StoreError> {
    let rows: Vec<EntrantRow> = sql(SELECT_ENTRANTS)
        .bind(id.0)
        .all(&mut s.conn().await?)
        .await?;
    rows.into_iter().map(EntrantRow::parse).collect()
}

async fn tournament_games<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
) -> Result<Vec<TournamentGame>, StoreError> {
    let mut conn = s.conn().await?;
    let cycles: Vec<(Uuid, i32)> = sql(SELECT_GAME_CYCLES).bind(id.0).all(&mut conn).await?;
    let rows: Vec<GameRow> = sql(concat!(
        game_select!(),
        "WHERE g.id IN (SELECT game_id FROM tournament_games WHERE tournament_id = $1)"
    ))
    .bind(id.0)
    .all(&mut conn)
    .await?;
    let mut games = rows
        .into_iter()
        .map(|row| row.parse().map(|g| (g.id, g)))
        .collect::<Result<HashMap<GameId, Game>, StoreError>>()?;
    cycles
        .into_iter()
        .filter_map(|(game, c)| games.remove(&GameId(game)).map(|g| (g, c)))
        .map(|(game, c)| {
            Ok(TournamentGame {
                cycle: cycle(c)?,
                game,
            })
        })
        .collect()
}

async fn join_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    s.write(move |tx| Box::pin(join_tx(tx, id, account, now)))
        .await
}

async fn leave_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    account: AccountId,
) -> Result<(), StoreError> {
    let mut conn = s.conn().await?;
    let left = sql(LEAVE)
        .bind(id.0)
        .bind(account.0)
        .execute(&mut conn)
        .await?;
    if left > 0 {
        return Ok(());
    }
    let entrant: Option<(i32,)> =
        sql("SELECT 1 FROM tournament_players WHERE tournament_id = $1 AND account_id = $2")
            .bind(id.0)
            .bind(account.0)
            .optional(&mut conn)
            .await?;
    Err(if entrant.is_some() {
        StoreError::Conflict
    } else {
        StoreError::NotFound
    })
}

async fn withdraw_from_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let mut conn = s.conn().await?;
    let marked = sql(WITHDRAW)
        .bind(id.0)
        .bind(account.0)
        .bind(micros(now))
        .execute(&mut conn)
        .await?;
    if marked > 0 {
        return Ok(true);
    }
    let entrant: Option<(Option<DateTime<Utc>>, String)> =
        sql("SELECT p.withdrawn_at, t.status FROM tournament_players p \
         JOIN tournaments t ON t.id = p.tournament_id \
         WHERE p.tournament_id = $1 AND p.account_id = $2")
        .bind(id.0)
        .bind(account.0)
        .optional(&mut conn)
        .await?;
    match entrant {
        None => Err(StoreError::NotFound),
        Some((Some(_), status)) if status == "running" => Ok(false),
        Some(_) => Err(StoreError::Conflict),
    }
}

async fn start_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    players: &[AccountId],
    games: &[NewTournamentGame],
    now: DateTime<Utc>,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    let games = games.to_vec();
    let players = players.to_vec();
    let events = events_by_account(events);
    s.write_events(move |tx| {
        Box::pin(async move { Ok(((), start_tx(tx, id, &players, &games, now, &events).await?)) })
    })
    .await
    .map(|((), stored)| stored)
}

async fn cancel_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    now: DateTime<Utc>,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    s.mark_tournament(MARK_CANCELED, id, now, events).await
}

async fn finish_tournament<B: Backend>(
    s: &SqlStore<B>,
    id: TournamentId,
    now: DateTime<Utc>,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    s.mark_tournament(MARK_FINISHED, id, now, events).await
}

async fn due_tournaments<B: Backend>(
    s: &SqlStore<B>,
    now: DateTime<Utc>,
) -> Result<Vec<TournamentId>, StoreError> {
    let ids: Vec<Uuid> = sql(SELECT_DUE)
        .bind(micros(now))
        .values(&mut s.conn().await?)
        .await?;
    Ok(ids.into_iter().map(TournamentId).collect())
}

async fn tournaments_to_finish<B: Backend>(
    s: &SqlStore<B>,
) -> Result<Vec<TournamentId>, StoreError> {
    let ids: Vec<Uuid> = sql(SELECT_TO_FINISH).values(&mut s.conn().await?).await?;
    Ok(ids.into_iter().map(TournamentId).collect())
}

async fn export_tournaments<B: Backend>(
    s: &SqlStore<B>,
) -> Result<Vec<TournamentRecord>, StoreError> {
    read_tournaments(&mut s.conn().await?).await
}

/// Every tournament with its players and games, read on `conn` (an export's
/// snapshot).
pub(crate) async fn read_tournaments<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<TournamentRecord>, StoreError> {
    let tournaments: Vec<TournamentRow> = sql(SELECT_ALL).all(conn).await?;
    let mut records = Vec::with_capacity(tournaments.len());
    for row in tournaments {
        let tournament = row.parse()?;
        let entrants: Vec<EntrantRow> =
            sql(SELECT_ENTRANTS).bind(tournament.id.0).all(conn).await?;
        let games: Vec<(Uuid, i32)> = sql(SELECT_GAME_CYCLES)
            .bind(tournament.id.0)
            .all(conn)
            .await?;
        records.push(TournamentRecord {
            tournament,
            entrants: entrants
                .into_iter()
                .map(EntrantRow::parse)
                .collect::<Result<_, _>>()?,
            games: games
                .into_iter()
                .map(|(g, c)| Ok((GameId(g), cycle(c)?)))
                .collect::<Result<_, StoreError>>()?,
        });
    }
    Ok(records)
}
