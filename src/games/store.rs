//! The games' SQL: reading a game with its moves, one game's row (batched), lists of
//! games, appending plies and ending a game. Written once, over the shared core's
//! [`SqlStore`] for any [`Backend`]; [`GameStore`] serves it from any [`Store`] (the
//! core's store names no feature: it hands over its SQL store, see [`Store::sql`]).
//!
//! Concurrent writers meet at the game row: a move or an ending updates it only if it
//! still stands at the ply the writer saw. On Postgres the first writer's row lock
//! makes the others wait, then find the ply changed; on SQLite every write transaction
//! holds the one write lock, so the second writer runs after the first committed.
//! Either way the second gives up with [`StoreError::Conflict`].

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::Variant;

use crate::domain::{
    Event, FinishedFilter, Game, GameFilter, GameId, GameState, GameWithMoves, Move, NewEvent,
    PlayerResult,
};
use crate::store::common::{
    GameRow, MoveRow, SELECT_OVERDUE, StateColumns, events_by_account, game_select, plies_columns,
    row_limit, to_i32,
};
use crate::store::core::{Append, events_and_ratings, update_state};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// The games' storage. Every method is one transaction (or one statement). Served by
/// every [`Store`].
#[async_trait]
pub trait GameStore {
    /// A game with its moves.
    async fn game(&self, id: GameId) -> Result<GameWithMoves, StoreError>;

    /// Game `id` without its moves: its players and cached state, in one query.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown game.
    async fn game_state(&self, id: GameId) -> Result<Game, StoreError>;

    /// Games matching `filter`, most urgent first: games where the filter's viewer is to
    /// move, by earliest deadline, those whose clock stands still (a player on
    /// vacation) after those whose clock runs; then the rest, latest change first.
    async fn games(&self, filter: &GameFilter) -> Result<Vec<Game>, StoreError>;

    /// A page of one player's finished games (not aborted ones), the latest ended
    /// first, by variant and by the player's result as `filter` asks.
    async fn finished_games(&self, filter: &FinishedFilter) -> Result<Vec<Game>, StoreError>;

    /// Appends plies to a game and replaces its cached state, in one transaction, if
    /// the game is still ongoing at ply `seen` (the number of plies before these).
    ///
    /// Returns `events` as stored, with their seqs, grouped by account.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another writer got there first: a ply with one of
    /// these numbers exists, or the game has changed or ended. Nothing is written.
    async fn append_plies(
        &self,
        id: GameId,
        seen: u32,
        plies: &[Move],
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Replaces the cached state of a game that is ongoing at ply `seen` without adding
    /// plies (resign, abort, timeout).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game has changed or ended meanwhile.
    async fn end_game(
        &self,
        id: GameId,
        seen: u32,
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// Ongoing games whose deadline is before `now`, oldest deadline first, without
    /// those with a player on vacation (their clocks stand still).
    async fn overdue_games(&self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Game>, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> GameStore for S {
    async fn game(&self, id: GameId) -> Result<GameWithMoves, StoreError> {
        on_backend!(self.sql(), s => game(s, id).await)
    }

    async fn game_state(&self, id: GameId) -> Result<Game, StoreError> {
        on_backend!(self.sql(), s => game_state(s, id).await)
    }

    async fn games(&self, filter: &GameFilter) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => games(s, filter).await)
    }

    async fn finished_games(&self, filter: &FinishedFilter) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => finished_games(s, filter).await)
    }

    async fn append_plies(
        &self,
        id: GameId,
        seen: u32,
        plies: &[Move],
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => append_plies(s, id, seen, plies, state, events).await)
    }

    async fn end_game(
        &self,
        id: GameId,
        seen: u32,
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => end_game(s, id, seen, state, events).await)
    }

    async fn overdue_games(&self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => overdue_games(s, now, limit).await)
    }
}

async fn game<B: Backend>(store: &SqlStore<B>, id: GameId) -> Result<GameWithMoves, StoreError> {
    let mut conn = store.conn().await?;
    let game: GameRow = sql(concat!(game_select!(), "WHERE g.id = $1"))
        .bind(id.0)
        .one(&mut conn)
        .await?;
    // Moves are only ever appended, together with the game row's update: those up
    // to the ply just read are exactly the ones that state is the replay of, even
    // if another ply is committed between the two statements.
    let moves: Vec<MoveRow> = sql("SELECT ply, side, pit, at FROM moves \
                                   WHERE game_id = $1 AND ply <= $2 ORDER BY ply")
    .bind(id.0)
    .bind(game.ply())
    .all(&mut conn)
    .await?;
    game.with_moves(moves)
}

async fn game_state<B: Backend>(store: &SqlStore<B>, id: GameId) -> Result<Game, StoreError> {
    store
        .games
        .get(id.0)
        .await?
        .ok_or(StoreError::NotFound)?
        .parse()
}

async fn games<B: Backend>(
    store: &SqlStore<B>,
    filter: &GameFilter,
) -> Result<Vec<Game>, StoreError> {
    let rows: Vec<GameRow> = sql(concat!(
        game_select!(),
        "WHERE ($1 IS NULL OR g.status = $1) \
           AND ($2 IS NULL OR g.south_id = $2 OR g.north_id = $2) \
           AND ($3 IS NULL OR (g.status = 'ongoing' AND \
                CASE g.to_move WHEN 'south' THEN g.south_id WHEN 'north' THEN g.north_id END \
                = $3)) \
         ORDER BY \
           CASE WHEN g.status = 'ongoing' AND \
                CASE g.to_move WHEN 'south' THEN g.south_id WHEN 'north' THEN g.north_id END \
                = $4 THEN 0 ELSE 1 END, \
           CASE WHEN g.status = 'ongoing' AND \
                CASE g.to_move WHEN 'south' THEN g.south_id WHEN 'north' THEN g.north_id END \
                = $4 AND EXISTS (SELECT 1 FROM vacations v WHERE v.ended_at IS NULL \
                                 AND v.account_id IN (g.south_id, g.north_id)) \
                THEN 1 ELSE 0 END, \
           CASE WHEN g.status = 'ongoing' AND \
                CASE g.to_move WHEN 'south' THEN g.south_id WHEN 'north' THEN g.north_id END \
                = $4 THEN g.deadline END, \
           g.updated_at DESC, g.id \
         LIMIT $5"
    ))
    .bind(filter.status.map(|s| s.as_str()))
    .bind(filter.player.map(|a| a.0))
    .bind(filter.to_move.map(|a| a.0))
    .bind(filter.viewer.map(|a| a.0))
    .bind(row_limit(filter.limit))
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(GameRow::parse).collect()
}

async fn finished_games<B: Backend>(
    store: &SqlStore<B>,
    filter: &FinishedFilter,
) -> Result<Vec<Game>, StoreError> {
    let rows: Vec<GameRow> = sql(concat!(
        game_select!(),
        "WHERE g.status = 'finished' \
           AND (g.south_id = $1 OR g.north_id = $1) \
           AND ($2 IS NULL OR g.variant = $2) \
           AND ($3 IS NULL \
                OR ($3 = 'drawn' AND g.winner IS NULL) \
                OR ($3 = 'won' AND (g.winner = 'south' AND g.south_id = $1 \
                                    OR g.winner = 'north' AND g.north_id = $1)) \
                OR ($3 = 'lost' AND (g.winner = 'south' AND g.north_id = $1 \
                                     OR g.winner = 'north' AND g.south_id = $1))) \
         ORDER BY g.updated_at DESC, g.id \
         LIMIT $4 OFFSET $5"
    ))
    .bind(filter.player.0)
    .bind(filter.variant.map(Variant::as_str))
    .bind(filter.result.map(PlayerResult::as_str))
    .bind(row_limit(filter.limit))
    .bind(i64::from(filter.offset))
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(GameRow::parse).collect()
}

async fn append_plies<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    seen: u32,
    plies: &[Move],
    state: &GameState,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    let append = Append {
        id,
        plies: plies_columns(seen, plies, state)?,
        state: StateColumns::new(state)?,
        seen: to_i32("ply", seen)?,
        events: events_by_account(events),
    };
    B::append_moves(store, append).await
}

async fn end_game<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    seen: u32,
    state: &GameState,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    if state.ply != seen {
        return Err(StoreError::Invalid(format!(
            "ending game {id} at ply {seen} with a state at ply {}",
            state.ply
        )));
    }
    let state = StateColumns::new(state)?;
    let seen = to_i32("ply", seen)?;
    let events = events_by_account(events);
    let ((), stored) = store
        .write_events(move |tx| {
            Box::pin(async move {
                update_state(tx, id, seen, &state).await?;
                Ok(((), events_and_ratings(tx, id, &state, &events).await?))
            })
        })
        .await?;
    Ok(stored)
}

async fn overdue_games<B: Backend>(
    store: &SqlStore<B>,
    now: DateTime<Utc>,
    limit: u32,
) -> Result<Vec<Game>, StoreError> {
    let rows: Vec<GameRow> = sql(SELECT_OVERDUE)
        .bind(now)
        .bind(row_limit(limit))
        .all(&mut store.conn().await?)
        .await?;
    rows.into_iter().map(GameRow::parse).collect()
}
