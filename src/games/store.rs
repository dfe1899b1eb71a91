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

use seedpost_rules::Side;
use uuid::Uuid;

use super::conditional::{Line, Lines, LinesAfter, lines_text, parse_lines};
use crate::domain::{
    AccountId, Event, FinishedFilter, Game, GameFilter, GameId, GameState, GameWithMoves, MatchId,
    MatchRef, Move, NewEvent, PlayerResult,
};
use crate::store::common::{
    GameRow, MoveRow, SELECT_OVERDUE, StateColumns, count, events_by_account, game_select,
    match_of_game, micros, plies_columns, row_limit, to_i32,
};
use crate::store::core::{Append, PlanWrite, events_and_ratings, update_state};
use crate::store::dialect::Backend;
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// Where a mover read a game: the ply, and the count of writes of its lines (see
/// `games::conditional`). An append is written only if the game still stands there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    /// The number of plies before the append's.
    pub ply: u32,
    /// The game's `plan_rev`.
    pub plan_rev: i32,
}

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

    /// How many ongoing games wait for `account`'s move: the games
    /// [`GameStore::games`] lists with `to_move` set to `account`, counted in one
    /// query without reading them.
    async fn count_turns(&self, account: AccountId) -> Result<usize, StoreError>;

    /// Appends plies to a game and replaces its cached state, in one transaction, if
    /// the game is still ongoing at ply `seen` (the number of plies before these) and
    /// its players never wrote conditional lines (see [`GameStore::append_move`]).
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
    ) -> Result<Vec<Event>, StoreError> {
        let seen = Seen {
            ply: seen,
            plan_rev: 0,
        };
        self.append_move(id, seen, plies, state, events, None).await
    }

    /// [`GameStore::append_plies`] for a game whose lines may have been written: the
    /// append is written only if the game still stands where `seen` says (its ply and
    /// its count of writes of lines), and it writes what it does to the lines.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when another writer got there first. Nothing is
    /// written.
    async fn append_move(
        &self,
        id: GameId,
        seen: Seen,
        plies: &[Move],
        state: &GameState,
        events: &[NewEvent],
        lines: Option<&LinesAfter>,
    ) -> Result<Vec<Event>, StoreError>;

    /// The count of writes of game `id`'s lines and every player's lines in it, read
    /// together.
    ///
    /// # Errors
    /// [`StoreError::NotFound`] for an unknown game.
    async fn game_lines(&self, id: GameId) -> Result<(i32, Vec<Lines>), StoreError>;

    /// `account`'s lines in game `id`, if it has any.
    async fn account_lines(
        &self,
        id: GameId,
        account: AccountId,
    ) -> Result<Option<Lines>, StoreError>;

    /// Replaces `account`'s lines in game `id` with `lines` (none: clears them), in one
    /// transaction, if the game is still ongoing at ply `ply` with `to_move` to move;
    /// raises the game's count of writes of lines.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed meanwhile; nothing is written.
    async fn set_lines(
        &self,
        id: GameId,
        account: AccountId,
        ply: u32,
        to_move: Side,
        lines: &[Line],
        now: DateTime<Utc>,
    ) -> Result<(), StoreError>;

    /// Clears `account`'s lines in game `id`, raising the game's count of writes of
    /// lines when there were some.
    async fn clear_lines(&self, id: GameId, account: AccountId) -> Result<(), StoreError>;

    /// The plies of game `id` the server played from `account`'s lines, in order.
    async fn played_from_lines(
        &self,
        id: GameId,
        account: AccountId,
    ) -> Result<Vec<u32>, StoreError>;

    /// Every line `account` has, in any game.
    async fn lines_of_account(&self, account: AccountId) -> Result<Vec<Lines>, StoreError>;

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

    /// The match game `game` belongs to, if any.
    async fn match_of_game(&self, game: GameId) -> Result<Option<MatchRef>, StoreError>;

    /// The matches of those of `games` that belong to one.
    async fn match_refs(&self, games: &[GameId]) -> Result<Vec<(GameId, MatchRef)>, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> GameStore for S {
    #[tracing::instrument(level = "debug", name = "store.game", skip_all, fields(game = %id))]
    async fn game(&self, id: GameId) -> Result<GameWithMoves, StoreError> {
        on_backend!(self.sql(), s => game(s, id).await)
    }

    #[tracing::instrument(level = "debug", name = "store.game_state", skip_all, fields(game = %id))]
    async fn game_state(&self, id: GameId) -> Result<Game, StoreError> {
        on_backend!(self.sql(), s => game_state(s, id).await)
    }

    async fn games(&self, filter: &GameFilter) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => games(s, filter).await)
    }

    async fn finished_games(&self, filter: &FinishedFilter) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => finished_games(s, filter).await)
    }

    async fn count_turns(&self, account: AccountId) -> Result<usize, StoreError> {
        on_backend!(self.sql(), s => count_turns(s, account).await)
    }

    #[tracing::instrument(level = "debug", name = "store.append_move", skip_all, fields(game = %id, plies = plies.len()))]
    async fn append_move(
        &self,
        id: GameId,
        seen: Seen,
        plies: &[Move],
        state: &GameState,
        events: &[NewEvent],
        lines: Option<&LinesAfter>,
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => append_plies(s, id, seen, plies, state, events, lines).await)
    }

    async fn game_lines(&self, id: GameId) -> Result<(i32, Vec<Lines>), StoreError> {
        on_backend!(self.sql(), s => game_lines(s, id).await)
    }

    async fn account_lines(
        &self,
        id: GameId,
        account: AccountId,
    ) -> Result<Option<Lines>, StoreError> {
        on_backend!(self.sql(), s => account_lines(s, id, account).await)
    }

    async fn set_lines(
        &self,
        id: GameId,
        account: AccountId,
        ply: u32,
        to_move: Side,
        lines: &[Line],
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => set_lines(s, id, account, ply, to_move, lines, now).await)
    }

    async fn clear_lines(&self, id: GameId, account: AccountId) -> Result<(), StoreError> {
        on_backend!(self.sql(), s => clear_lines(s, id, account).await)
    }

    async fn played_from_lines(
        &self,
        id: GameId,
        account: AccountId,
    ) -> Result<Vec<u32>, StoreError> {
        on_backend!(self.sql(), s => played_from_lines(s, id, account).await)
    }

    async fn lines_of_account(&self, account: AccountId) -> Result<Vec<Lines>, StoreError> {
        on_backend!(self.sql(), s => lines_of_account(s, account).await)
    }

    #[tracing::instrument(level = "debug", name = "store.end_game", skip_all, fields(game = %id))]
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

    async fn match_of_game(&self, game: GameId) -> Result<Option<MatchRef>, StoreError> {
        on_backend!(self.sql(), s => match_of_game(s, game).await)
    }

    async fn match_refs(&self, games: &[GameId]) -> Result<Vec<(GameId, MatchRef)>, StoreError> {
        on_backend!(self.sql(), s => match_refs(s, games).await)
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

async fn count_turns<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<usize, StoreError> {
    // The same condition as `games` with `to_move`.
    let (count,): (i64,) = sql("SELECT COUNT(*) FROM games g \
                                WHERE g.status = 'ongoing' AND \
                                CASE g.to_move WHEN 'south' THEN g.south_id \
                                               WHEN 'north' THEN g.north_id END = $1")
    .bind(account.0)
    .one(&mut store.conn().await?)
    .await?;
    Ok(usize::try_from(count).unwrap_or(0))
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
    seen: Seen,
    plies: &[Move],
    state: &GameState,
    events: &[NewEvent],
    lines: Option<&LinesAfter>,
) -> Result<Vec<Event>, StoreError> {
    let plan = match lines {
        Some(after) => Some(PlanWrite {
            owner: after.owner.0,
            kept: match &after.kept {
                Some((ply, kept)) => Some((to_i32("ply", *ply)?, lines_text(kept))),
                None => None,
            },
            marks: after
                .played
                .iter()
                .map(|&p| to_i32("ply", p))
                .collect::<Result<_, _>>()?,
            at: state.updated_at,
        }),
        None => None,
    };
    let append = Append {
        id,
        plies: plies_columns(seen.ply, plies, state)?,
        state: StateColumns::new(state)?,
        seen: to_i32("ply", seen.ply)?,
        plan_rev: seen.plan_rev,
        plan,
        events: events_by_account(events),
    };
    B::append_moves(store, append).await
}

/// A row of `conditional_lines`.
type LinesRow = (Uuid, Uuid, i32, String, DateTime<Utc>);

fn parse_lines_row((game, account, ply, text, updated_at): LinesRow) -> Result<Lines, StoreError> {
    Ok(Lines {
        game: GameId(game),
        account: AccountId(account),
        ply: u32::try_from(ply).map_err(|_| StoreError::Invalid(format!("lines at ply {ply}")))?,
        lines: parse_lines(&text).map_err(StoreError::Invalid)?,
        updated_at,
    })
}

async fn game_lines<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
) -> Result<(i32, Vec<Lines>), StoreError> {
    type Row = (
        i32,
        Option<Uuid>,
        Option<Uuid>,
        Option<i32>,
        Option<String>,
        Option<DateTime<Utc>>,
    );
    let rows: Vec<Row> = sql(
        "SELECT g.plan_rev, c.game_id, c.account_id, c.ply, c.lines, \
                                     c.updated_at \
                              FROM games g LEFT JOIN conditional_lines c ON c.game_id = g.id \
                              WHERE g.id = $1 ORDER BY c.account_id",
    )
    .bind(id.0)
    .all(&mut store.conn().await?)
    .await?;
    let rev = rows.first().ok_or(StoreError::NotFound)?.0;
    let mut lines = Vec::new();
    for row in rows {
        if let (_, Some(game), Some(account), Some(ply), Some(text), Some(at)) = row {
            lines.push(parse_lines_row((game, account, ply, text, at))?);
        }
    }
    Ok((rev, lines))
}

async fn account_lines<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    account: AccountId,
) -> Result<Option<Lines>, StoreError> {
    let row: Option<LinesRow> = sql("SELECT game_id, account_id, ply, lines, updated_at \
                                     FROM conditional_lines \
                                     WHERE game_id = $1 AND account_id = $2")
    .bind(id.0)
    .bind(account.0)
    .optional(&mut store.conn().await?)
    .await?;
    row.map(parse_lines_row).transpose()
}

async fn set_lines<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    account: AccountId,
    ply: u32,
    to_move: Side,
    lines: &[Line],
    now: DateTime<Utc>,
) -> Result<(), StoreError> {
    let ply = to_i32("ply", ply)?;
    let text = (!lines.is_empty()).then(|| lines_text(lines));
    store
        .write(move |tx| {
            Box::pin(async move {
                // The game row first: it settles a move racing these lines (see
                // `games::conditional`).
                let raised = sql("UPDATE games SET plan_rev = plan_rev + 1 \
                                  WHERE id = $1 AND ply = $2 AND status = 'ongoing' \
                                    AND to_move = $3")
                .bind(id.0)
                .bind(ply)
                .bind(to_move.as_str())
                .execute(&mut *tx)
                .await?;
                if raised == 0 {
                    return Err(StoreError::Conflict);
                }
                sql("DELETE FROM conditional_lines WHERE game_id = $1 AND account_id = $2")
                    .bind(id.0)
                    .bind(account.0)
                    .execute(&mut *tx)
                    .await?;
                if let Some(text) = &text {
                    sql("INSERT INTO conditional_lines \
                             (game_id, account_id, ply, lines, updated_at) \
                         VALUES ($1, $2, $3, $4, $5)")
                    .bind(id.0)
                    .bind(account.0)
                    .bind(ply)
                    .bind(text.as_str())
                    .bind(micros(now))
                    .execute(&mut *tx)
                    .await?;
                }
                Ok(())
            })
        })
        .await
}

async fn clear_lines<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    account: AccountId,
) -> Result<(), StoreError> {
    store
        .write(move |tx| {
            Box::pin(async move {
                // The game row first, as every writer of lines (see `set_lines`).
                sql("UPDATE games SET plan_rev = plan_rev + 1 WHERE id = $1 \
                       AND EXISTS (SELECT 1 FROM conditional_lines c \
                                   WHERE c.game_id = $1 AND c.account_id = $2)")
                .bind(id.0)
                .bind(account.0)
                .execute(&mut *tx)
                .await?;
                sql("DELETE FROM conditional_lines WHERE game_id = $1 AND account_id = $2")
                    .bind(id.0)
                    .bind(account.0)
                    .execute(&mut *tx)
                    .await?;
                Ok(())
            })
        })
        .await
}

async fn played_from_lines<B: Backend>(
    store: &SqlStore<B>,
    id: GameId,
    account: AccountId,
) -> Result<Vec<u32>, StoreError> {
    let plies: Vec<i32> = sql("SELECT ply FROM conditional_plies \
                               WHERE game_id = $1 AND account_id = $2 ORDER BY ply")
    .bind(id.0)
    .bind(account.0)
    .values(&mut store.conn().await?)
    .await?;
    plies
        .into_iter()
        .map(|p| u32::try_from(p).map_err(|_| StoreError::Invalid(format!("ply {p}"))))
        .collect()
}

async fn lines_of_account<B: Backend>(
    store: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<Lines>, StoreError> {
    let rows: Vec<LinesRow> = sql("SELECT game_id, account_id, ply, lines, updated_at \
                                   FROM conditional_lines WHERE account_id = $1 \
                                   ORDER BY updated_at, game_id")
    .bind(account.0)
    .all(&mut store.conn().await?)
    .await?;
    rows.into_iter().map(parse_lines_row).collect()
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
                // Lines of a game over are of no use to anyone.
                sql("DELETE FROM conditional_lines WHERE game_id = $1")
                    .bind(id.0)
                    .execute(&mut *tx)
                    .await?;
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

/// The SQL reading the match of game `$1`.
const SELECT_MATCH_OF_GAME: &str = concat!(match_of_game!(), "= $1");

/// A game's match as [`SELECT_MATCH_OF_GAME`] reads it.
#[derive(sqlx::FromRow)]
struct MatchRefRow {
    game_id: Uuid,
    match_id: Uuid,
    number: i32,
    games: i32,
}

impl MatchRefRow {
    fn parse(self) -> Result<(GameId, MatchRef), StoreError> {
        Ok((
            GameId(self.game_id),
            MatchRef {
                id: MatchId(self.match_id),
                number: count("number", self.number)?,
                of: count("games", self.games)?,
            },
        ))
    }
}

async fn match_of_game<B: Backend>(
    s: &SqlStore<B>,
    game: GameId,
) -> Result<Option<MatchRef>, StoreError> {
    let row: Option<MatchRefRow> = sql(SELECT_MATCH_OF_GAME)
        .bind(game.0)
        .optional(&mut s.conn().await?)
        .await?;
    row.map(|r| r.parse().map(|(_, m)| m)).transpose()
}

async fn match_refs<B: Backend>(
    s: &SqlStore<B>,
    games: &[GameId],
) -> Result<Vec<(GameId, MatchRef)>, StoreError> {
    if games.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<Uuid> = games.iter().map(|g| g.0).collect();
    let rows: Vec<MatchRefRow> = sql(B::MATCHES_OF_GAMES)
        .bind_ids(&ids)
        .all(&mut s.conn().await?)
        .await?;
    rows.into_iter().map(MatchRefRow::parse).collect()
}
