//! [`MatchStore`] on SQLite: the SQL of Postgres (`postgres/matches.rs`), the
//! write transactions holding SQLite's one write lock.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::BySide;
use sqlx::sqlite::SqliteConnection;

use super::{BEGIN_WRITE, SqliteStore, accept_challenge_tx, bind_state, fetch_game, insert_events};
use crate::domain::{AccountId, ChallengeId, GameId, MatchId};
use crate::store::common::{
    AccountEvents, GameRow, StateColumns, detached, events_by_account, finish, micros, row_limit,
    to_i32,
};
use crate::store::matches::{
    FINISH_MATCH, IMPORT_MATCH_GAME, INSERT_GAME, INSERT_MATCH, INSERT_MATCH_GAME, Match,
    MatchGameRow, MatchRef, MatchRefRow, MatchRow, MatchStore, NewMatch, SELECT_ALL_MATCH_GAMES,
    SELECT_ALL_MATCHES, SELECT_MATCH, SELECT_MATCH_GAME_STATES, SELECT_MATCH_GAMES,
    SELECT_MATCH_OF_GAME, SELECT_PLAYER_MATCH_GAMES, SELECT_PLAYER_MATCHES, SELECT_TO_ADVANCE,
    parse_matches,
};
use crate::store::{Game, NewEvent, NewGame, StoreError};

/// Inserts a game of a match; `challenge` only for game 1.
async fn insert_game(
    conn: &mut SqliteConnection,
    game: &NewGame,
    challenge: Option<ChallengeId>,
) -> Result<(), StoreError> {
    let state = StateColumns::new(&game.state)?;
    bind_state(sqlx::query(INSERT_GAME), &state)
        .bind(game.id.0)
        .bind(game.variant.as_str())
        .bind(game.players.south.0)
        .bind(game.players.north.0)
        .bind(game.first.as_str())
        .bind(i32::from(game.days_per_move.days()))
        .bind(challenge.map(|c| c.0))
        .bind(micros(game.created_at))
        .bind(game.terms.rated)
        .bind(game.terms.weekend_pause)
        .execute(conn)
        .await?;
    Ok(())
}

/// Makes `game` number `number` of match `id`; a taken number is a unique violation
/// (a conflict), a match no longer ongoing inserts nothing (also a conflict).
async fn add_match_game(
    conn: &mut SqliteConnection,
    id: MatchId,
    number: u8,
    game: GameId,
) -> Result<(), StoreError> {
    let added = sqlx::query(INSERT_MATCH_GAME)
        .bind(id.0)
        .bind(i32::from(number))
        .bind(game.0)
        .execute(conn)
        .await?;
    if added.rows_affected() == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

async fn accept_match_tx(
    conn: &mut SqliteConnection,
    new_match: &NewMatch,
    games: &[NewGame],
    events: &[AccountEvents],
) -> Result<Game, StoreError> {
    let (first, rest) = games
        .split_first()
        .ok_or_else(|| StoreError::Other("a match starts with a game".to_owned()))?;
    let state = StateColumns::new(&first.state)?;
    let game = accept_challenge_tx(conn, new_match.challenge_id, first, &state).await?;
    sqlx::query(INSERT_MATCH)
        .bind(new_match.id.0)
        .bind(new_match.challenge_id.0)
        .bind(new_match.variant.as_str())
        .bind(new_match.players.south.0)
        .bind(new_match.players.north.0)
        .bind(i32::from(new_match.days_per_move.days()))
        .bind(new_match.terms.rated)
        .bind(new_match.terms.weekend_pause)
        .bind(i32::from(new_match.match_terms.games()))
        .bind(new_match.match_terms.schedule.as_str())
        .bind(new_match.match_terms.stop_when_decided)
        .bind(new_match.first.as_str())
        .bind("ongoing")
        .bind(None::<i32>)
        .bind(None::<i32>)
        .bind(micros(new_match.created_at))
        .bind(None::<DateTime<Utc>>)
        .execute(&mut *conn)
        .await?;
    add_match_game(conn, new_match.id, 1, first.id).await?;
    for (number, other) in (2..).zip(rest) {
        insert_game(conn, other, None).await?;
        add_match_game(conn, new_match.id, number, other.id).await?;
    }
    insert_events(conn, events).await?;
    Ok(game)
}

async fn start_match_game_tx(
    conn: &mut SqliteConnection,
    id: MatchId,
    number: u8,
    game: &NewGame,
    events: &[AccountEvents],
) -> Result<Game, StoreError> {
    insert_game(conn, game, None).await?;
    add_match_game(conn, id, number, game.id).await?;
    insert_events(conn, events).await?;
    fetch_game(conn, game.id).await
}

async fn finish_match_tx(
    conn: &mut SqliteConnection,
    id: MatchId,
    half_points: BySide<u32>,
    at: DateTime<Utc>,
    events: &[AccountEvents],
) -> Result<(), StoreError> {
    let finished = sqlx::query(FINISH_MATCH)
        .bind(id.0)
        .bind(to_i32("half points", half_points.south)?)
        .bind(to_i32("half points", half_points.north)?)
        .bind(micros(at))
        .execute(&mut *conn)
        .await?;
    if finished.rows_affected() == 0 {
        let exists = sqlx::query_scalar::<_, i32>("SELECT 1 FROM matches WHERE id = $1")
            .bind(id.0)
            .fetch_optional(&mut *conn)
            .await?;
        return Err(if exists.is_some() {
            StoreError::Conflict
        } else {
            StoreError::NotFound
        });
    }
    insert_events(conn, events).await.map(drop)
}

/// Writes matches and their games as exported (after their games).
pub(super) async fn import_matches(
    conn: &mut SqliteConnection,
    matches: &[Match],
) -> Result<(), StoreError> {
    for m in matches {
        let half = m.half_points.map(|h| {
            Ok::<_, StoreError>(BySide::new(
                to_i32("half points", h.south)?,
                to_i32("half points", h.north)?,
            ))
        });
        let half = half.transpose()?;
        sqlx::query(INSERT_MATCH)
            .bind(m.id.0)
            .bind(m.challenge_id.0)
            .bind(m.variant.as_str())
            .bind(m.players.south.id.0)
            .bind(m.players.north.id.0)
            .bind(i32::from(m.days_per_move.days()))
            .bind(m.terms.rated)
            .bind(m.terms.weekend_pause)
            .bind(i32::from(m.match_terms.games()))
            .bind(m.match_terms.schedule.as_str())
            .bind(m.match_terms.stop_when_decided)
            .bind(m.first.as_str())
            .bind(m.status.as_str())
            .bind(half.map(|h| h.south))
            .bind(half.map(|h| h.north))
            .bind(micros(m.created_at))
            .bind(m.finished_at.map(micros))
            .execute(&mut *conn)
            .await?;
        for g in &m.games {
            sqlx::query(IMPORT_MATCH_GAME)
                .bind(m.id.0)
                .bind(i32::from(g.number))
                .bind(g.game.0)
                .execute(&mut *conn)
                .await?;
        }
    }
    Ok(())
}

#[async_trait]
impl MatchStore for SqliteStore {
    async fn accept_match(
        &self,
        new_match: NewMatch,
        games: Vec<NewGame>,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = accept_match_tx(&mut tx, &new_match, &games, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn start_match_game(
        &self,
        id: MatchId,
        number: u8,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = start_match_game_tx(&mut tx, id, number, &game, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn finish_match(
        &self,
        id: MatchId,
        half_points: BySide<u32>,
        at: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<(), StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = finish_match_tx(&mut tx, id, half_points, at, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn get_match(&self, id: MatchId) -> Result<Match, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let row = sqlx::query_as::<_, MatchRow>(SELECT_MATCH)
            .bind(id.0)
            .fetch_one(&mut *conn)
            .await?;
        let games = sqlx::query_as::<_, MatchGameRow>(SELECT_MATCH_GAMES)
            .bind(id.0)
            .fetch_all(&mut *conn)
            .await?;
        row.parse(&games)
    }

    async fn match_game_states(&self, id: MatchId) -> Result<Vec<Game>, StoreError> {
        sqlx::query_as::<_, GameRow>(SELECT_MATCH_GAME_STATES)
            .bind(id.0)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(GameRow::parse)
            .collect()
    }

    async fn match_of_game(&self, game: GameId) -> Result<Option<MatchRef>, StoreError> {
        sqlx::query_as::<_, MatchRefRow>(SELECT_MATCH_OF_GAME)
            .bind(game.0)
            .fetch_optional(&self.pool)
            .await?
            .map(|r| r.parse().map(|(_, m)| m))
            .transpose()
    }

    async fn match_refs(&self, games: &[GameId]) -> Result<Vec<(GameId, MatchRef)>, StoreError> {
        if games.is_empty() {
            return Ok(Vec::new());
        }
        // One statement per game on one connection: SQLite runs in process.
        let mut conn = self.pool.acquire().await?;
        let mut refs = Vec::new();
        for game in games {
            if let Some(row) = sqlx::query_as::<_, MatchRefRow>(SELECT_MATCH_OF_GAME)
                .bind(game.0)
                .fetch_optional(&mut *conn)
                .await?
            {
                refs.push(row.parse()?);
            }
        }
        Ok(refs)
    }

    async fn matches_to_advance(&self, limit: u32) -> Result<Vec<MatchId>, StoreError> {
        Ok(sqlx::query_scalar::<_, uuid::Uuid>(SELECT_TO_ADVANCE)
            .bind(row_limit(limit))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(MatchId)
            .collect())
    }

    async fn player_matches(
        &self,
        account: AccountId,
        limit: u32,
    ) -> Result<Vec<Match>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query_as::<_, MatchRow>(SELECT_PLAYER_MATCHES)
            .bind(account.0)
            .bind(row_limit(limit))
            .fetch_all(&mut *conn)
            .await?;
        let games = sqlx::query_as::<_, MatchGameRow>(SELECT_PLAYER_MATCH_GAMES)
            .bind(account.0)
            .fetch_all(&mut *conn)
            .await?;
        parse_matches(rows, &games)
    }

    async fn export_matches(&self) -> Result<Vec<Match>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query_as::<_, MatchRow>(SELECT_ALL_MATCHES)
            .fetch_all(&mut *conn)
            .await?;
        let games = sqlx::query_as::<_, MatchGameRow>(SELECT_ALL_MATCH_GAMES)
            .fetch_all(&mut *conn)
            .await?;
        parse_matches(rows, &games)
    }
}
