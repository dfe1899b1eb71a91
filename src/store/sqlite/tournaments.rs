//! [`TournamentStore`] on SQLite. The SQL is Postgres' (`postgres/tournaments.rs`),
//! without `FOR UPDATE`: each writing transaction holds SQLite's one write lock.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::sqlite::SqliteConnection;
use uuid::Uuid;

use super::{BEGIN_WRITE, SqliteStore, bind_state, insert_events};
use crate::domain::{AccountId, GameId, TournamentId};
use crate::store::common::{
    AccountEvents, GameRow, StateColumns, detached, events_by_account, finish, game_select, micros,
    row_limit, to_i32,
};
use crate::store::tournaments::{
    EntrantRow, IMPORT_ENTRANT, INSERT_GAME, INSERT_LINK, INSERT_TOURNAMENT, JOIN, LEAVE,
    MARK_CANCELED, MARK_FINISHED, MARK_RUNNING, NewTournament, NewTournamentGame, SELECT_ALL,
    SELECT_DUE, SELECT_ENTRANTS, SELECT_GAME_CYCLES, SELECT_LIST, SELECT_OF_GAME, SELECT_TO_FINISH,
    Tournament, TournamentGame, TournamentRecord, TournamentRow, TournamentStore, WITHDRAW, cycle,
    same_players, tournament_select,
};
use crate::store::{Entrant, Game, StoreError};
use crate::tournament::TournamentStatus;

async fn fetch(conn: &mut SqliteConnection, id: TournamentId) -> Result<Tournament, StoreError> {
    sqlx::query_as::<_, TournamentRow>(concat!(tournament_select!(), "WHERE t.id = $1"))
        .bind(id.0)
        .fetch_one(conn)
        .await?
        .parse()
}

/// What to answer when a conditional write on tournament `id` changed nothing.
async fn missed(conn: &mut SqliteConnection, id: TournamentId) -> StoreError {
    let exists = sqlx::query_scalar::<_, i32>("SELECT 1 FROM tournaments WHERE id = $1")
        .bind(id.0)
        .fetch_optional(conn)
        .await;
    match exists {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound,
        Err(e) => e.into(),
    }
}

async fn join_tx(
    conn: &mut SqliteConnection,
    id: TournamentId,
    account: AccountId,
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    // The write lock orders joins with each other and with the start.
    let locked = sqlx::query_scalar::<_, i32>("SELECT 1 FROM tournaments WHERE id = $1")
        .bind(id.0)
        .fetch_optional(&mut *conn)
        .await?;
    if locked.is_none() {
        return Err(StoreError::NotFound);
    }
    let joined = sqlx::query(JOIN)
        .bind(id.0)
        .bind(account.0)
        .bind(micros(now))
        .execute(&mut *conn)
        .await?;
    if joined.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

async fn start_tx(
    conn: &mut SqliteConnection,
    id: TournamentId,
    players: &[AccountId],
    games: &[(NewTournamentGame, StateColumns)],
    now: DateTime<Utc>,
    events: &[AccountEvents],
) -> Result<(), StoreError> {
    let marked = sqlx::query(MARK_RUNNING)
        .bind(id.0)
        .bind(micros(now))
        .execute(&mut *conn)
        .await?;
    if marked.rows_affected() == 0 {
        return Err(missed(conn, id).await);
    }
    let entrants: Vec<Uuid> =
        sqlx::query_scalar("SELECT account_id FROM tournament_players WHERE tournament_id = $1")
            .bind(id.0)
            .fetch_all(&mut *conn)
            .await?;
    if !same_players(players, entrants) {
        return Err(StoreError::Conflict);
    }
    for (new, state) in games {
        let game = &new.game;
        bind_state(sqlx::query(INSERT_GAME), state)
            .bind(game.id.0)
            .bind(game.variant.as_str())
            .bind(game.players.south.0)
            .bind(game.players.north.0)
            .bind(game.first.as_str())
            .bind(i32::from(game.days_per_move.days()))
            .bind(micros(game.created_at))
            .bind(game.terms.rated)
            .bind(game.terms.weekend_pause)
            .execute(&mut *conn)
            .await?;
        sqlx::query(INSERT_LINK)
            .bind(id.0)
            .bind(game.id.0)
            .bind(i32::from(new.cycle))
            .execute(&mut *conn)
            .await?;
    }
    insert_events(conn, events).await.map(drop)
}

async fn mark_tx(
    conn: &mut SqliteConnection,
    sql: &'static str,
    id: TournamentId,
    now: DateTime<Utc>,
    events: &[AccountEvents],
) -> Result<(), StoreError> {
    let marked = sqlx::query(sql)
        .bind(id.0)
        .bind(micros(now))
        .execute(&mut *conn)
        .await?;
    if marked.rows_affected() == 0 {
        return Err(missed(conn, id).await);
    }
    insert_events(conn, events).await.map(drop)
}

#[async_trait]
impl TournamentStore for SqliteStore {
    async fn create_tournament(
        &self,
        tournament: &NewTournament,
    ) -> Result<Tournament, StoreError> {
        let pool = self.pool.clone();
        let t = tournament.clone();
        let max_players = to_i32("max_players", t.max_players)?;
        detached(async move {
            let mut conn = pool.acquire().await?;
            sqlx::query(INSERT_TOURNAMENT)
                .bind(t.id.0)
                .bind(t.name.as_str())
                .bind(t.creator.0)
                .bind(t.variant.as_str())
                .bind(i32::from(t.days_per_move.days()))
                .bind(if t.double { 2_i32 } else { 1 })
                .bind(t.rated)
                .bind(t.vacation_allowed)
                .bind(max_players)
                .bind(micros(t.starts_at))
                .bind(TournamentStatus::Open.as_str())
                .bind(micros(t.created_at))
                .bind(None::<DateTime<Utc>>)
                .execute(&mut *conn)
                .await?;
            fetch(&mut conn, t.id).await
        })
        .await
    }

    async fn tournament(&self, id: TournamentId) -> Result<Tournament, StoreError> {
        let mut conn = self.pool.acquire().await?;
        fetch(&mut conn, id).await
    }

    async fn tournaments(
        &self,
        status: Option<TournamentStatus>,
        limit: u32,
    ) -> Result<Vec<Tournament>, StoreError> {
        sqlx::query_as::<_, TournamentRow>(SELECT_LIST)
            .bind(status.map(TournamentStatus::as_str))
            .bind(row_limit(limit))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(TournamentRow::parse)
            .collect()
    }

    async fn entrants(&self, id: TournamentId) -> Result<Vec<Entrant>, StoreError> {
        sqlx::query_as::<_, EntrantRow>(SELECT_ENTRANTS)
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(EntrantRow::parse)
            .collect()
    }

    async fn tournament_games(&self, id: TournamentId) -> Result<Vec<TournamentGame>, StoreError> {
        let cycles = sqlx::query_as::<_, (Uuid, i32)>(SELECT_GAME_CYCLES)
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?;
        let mut games = sqlx::query_as::<_, GameRow>(concat!(
            game_select!(),
            "WHERE g.id IN (SELECT game_id FROM tournament_games WHERE tournament_id = $1)"
        ))
        .bind(id.0)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|row| row.parse().map(|g| (g.id, g)))
        .collect::<Result<std::collections::HashMap<GameId, Game>, StoreError>>()?;
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

    async fn join_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = join_tx(&mut tx, id, account, now).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn leave_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
    ) -> Result<(), StoreError> {
        let left = sqlx::query(LEAVE)
            .bind(id.0)
            .bind(account.0)
            .execute(&self.pool)
            .await?;
        if left.rows_affected() > 0 {
            return Ok(());
        }
        let entrant = sqlx::query_scalar::<_, i32>(
            "SELECT 1 FROM tournament_players WHERE tournament_id = $1 AND account_id = $2",
        )
        .bind(id.0)
        .bind(account.0)
        .fetch_optional(&self.pool)
        .await?;
        Err(if entrant.is_some() {
            StoreError::Conflict
        } else {
            StoreError::NotFound
        })
    }

    async fn withdraw_from_tournament(
        &self,
        id: TournamentId,
        account: AccountId,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let marked = sqlx::query(WITHDRAW)
            .bind(id.0)
            .bind(account.0)
            .bind(micros(now))
            .execute(&self.pool)
            .await?;
        if marked.rows_affected() > 0 {
            return Ok(true);
        }
        let entrant = sqlx::query_as::<_, (Option<DateTime<Utc>>, String)>(
            "SELECT p.withdrawn_at, t.status FROM tournament_players p \
             JOIN tournaments t ON t.id = p.tournament_id \
             WHERE p.tournament_id = $1 AND p.account_id = $2",
        )
        .bind(id.0)
        .bind(account.0)
        .fetch_optional(&self.pool)
        .await?;
        match entrant {
            None => Err(StoreError::NotFound),
            Some((Some(_), status)) if status == "running" => Ok(false),
            Some(_) => Err(StoreError::Conflict),
        }
    }

    async fn start_tournament(
        &self,
        id: TournamentId,
        players: &[AccountId],
        games: &[NewTournamentGame],
        now: DateTime<Utc>,
        events: &[crate::store::NewEvent],
    ) -> Result<(), StoreError> {
        let games = games
            .iter()
            .map(|g| Ok((g.clone(), StateColumns::new(&g.game.state)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let players = players.to_vec();
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = start_tx(&mut tx, id, &players, &games, now, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn cancel_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[crate::store::NewEvent],
    ) -> Result<(), StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = mark_tx(&mut tx, MARK_CANCELED, id, now, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn finish_tournament(
        &self,
        id: TournamentId,
        now: DateTime<Utc>,
        events: &[crate::store::NewEvent],
    ) -> Result<(), StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = mark_tx(&mut tx, MARK_FINISHED, id, now, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn due_tournaments(&self, now: DateTime<Utc>) -> Result<Vec<TournamentId>, StoreError> {
        Ok(sqlx::query_scalar::<_, Uuid>(SELECT_DUE)
            .bind(micros(now))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(TournamentId)
            .collect())
    }

    async fn tournaments_to_finish(&self) -> Result<Vec<TournamentId>, StoreError> {
        Ok(sqlx::query_scalar::<_, Uuid>(SELECT_TO_FINISH)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(TournamentId)
            .collect())
    }

    async fn tournament_of_game(&self, game: GameId) -> Result<Option<TournamentId>, StoreError> {
        Ok(sqlx::query_scalar::<_, Uuid>(SELECT_OF_GAME)
            .bind(game.0)
            .fetch_optional(&self.pool)
            .await?
            .map(TournamentId))
    }

    async fn export_tournaments(&self) -> Result<Vec<TournamentRecord>, StoreError> {
        let tournaments = sqlx::query_as::<_, TournamentRow>(SELECT_ALL)
            .fetch_all(&self.pool)
            .await?;
        let mut records = Vec::with_capacity(tournaments.len());
        for row in tournaments {
            let tournament = row.parse()?;
            let entrants = self.entrants(tournament.id).await?;
            let games = sqlx::query_as::<_, (Uuid, i32)>(SELECT_GAME_CYCLES)
                .bind(tournament.id.0)
                .fetch_all(&self.pool)
                .await?
                .into_iter()
                .map(|(g, c)| Ok((GameId(g), cycle(c)?)))
                .collect::<Result<Vec<_>, StoreError>>()?;
            records.push(TournamentRecord {
                tournament,
                entrants,
                games,
            });
        }
        Ok(records)
    }
}

/// Writes exported tournaments, with their players and game links, in the import's
/// transaction (after the accounts and games they refer to).
pub(super) async fn import_tournaments(
    conn: &mut SqliteConnection,
    records: &[TournamentRecord],
) -> Result<(), StoreError> {
    for record in records {
        let t = &record.tournament;
        sqlx::query(INSERT_TOURNAMENT)
            .bind(t.id.0)
            .bind(t.name.as_str())
            .bind(t.creator.id.0)
            .bind(t.variant.as_str())
            .bind(i32::from(t.days_per_move.days()))
            .bind(if t.double { 2_i32 } else { 1 })
            .bind(t.rated)
            .bind(t.vacation_allowed)
            .bind(to_i32("max_players", t.max_players)?)
            .bind(micros(t.starts_at))
            .bind(t.status.as_str())
            .bind(micros(t.created_at))
            .bind(t.ended_at.map(micros))
            .execute(&mut *conn)
            .await?;
        for e in &record.entrants {
            sqlx::query(IMPORT_ENTRANT)
                .bind(t.id.0)
                .bind(e.player.id.0)
                .bind(micros(e.joined_at))
                .bind(e.withdrawn_at.map(micros))
                .execute(&mut *conn)
                .await?;
        }
        for (game, cycle) in &record.games {
            sqlx::query(INSERT_LINK)
                .bind(t.id.0)
                .bind(game.0)
                .bind(i32::from(*cycle))
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}
