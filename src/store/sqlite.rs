//! The [`Store`] on SQLite: one file, nothing to install, the default.
//!
//! The file is in WAL mode: readers never wait for the writer. SQLite has one writer
//! at a time, so every write transaction starts with `BEGIN IMMEDIATE`, taking the
//! write lock up front: concurrent writers then queue on the busy timeout instead of
//! failing when a read lock cannot be upgraded. Of two writers at the same ply, the
//! second finds the game's ply changed and gives up with [`StoreError::Conflict`].

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use sqlx::query::Query;
use sqlx::sqlite::{SqliteArguments, SqliteConnection, SqlitePool};
use sqlx::{Sqlite, Transaction};

use super::sql::SqlStore;

use super::common::{
    AccountEvents, EventRow, INSERT_EVENT, MARK_REMINDED, SELECT_EVENTS, SELECT_OVERDUE,
    SELECT_TO_REMIND, TAKE_SEQS, events_by_account,
};
use super::common::{
    AccountPasswordRow, AccountRow, ChallengeRow, GameRow, MoveColumns, MoveRow, StandingRow,
    StateColumns, TokenRow, challenge_select, detached, finish, game_select, micros, plies_columns,
    row_limit, to_i32,
};
use super::{
    Account, Challenge, Game, GameFilter, GameState, GameWithMoves, Move, NewAccount, NewChallenge,
    NewGame, NewSession, NewToken, Session, SessionRow, Standing, Store, StoreError, Token,
};
use super::{Event, NewEvent};
use crate::domain::{AccountId, ChallengeId, ChallengeStatus, DaysPerMove, GameId, TokenId};

crate::store::matches::impl_match_store!(SqliteStore);
mod ops;
crate::store::tournaments::impl_tournament_store!(
    SqliteStore,
    lock = "SELECT 1 FROM tournaments WHERE id = $1"
);
mod webhooks;

/// Starts a write transaction holding the write lock (see the module's docs).
const BEGIN_WRITE: &str = "BEGIN IMMEDIATE";

/// How stale a token's last-use time may get before authenticating writes it again:
/// the hot read paths then write at most once a minute per token.
const LAST_USED_RESOLUTION: chrono::TimeDelta = chrono::TimeDelta::seconds(60);

/// The store on an SQLite database file.
pub type SqliteStore = SqlStore<Sqlite>;

/// This backend's connection, for the code both backends share (see
/// [`impl_match_store`](crate::store::matches::impl_match_store)).
type Conn = SqliteConnection;

/// Begins write transactions (holding SQLite's one write lock) and commits them: for
/// the code both backends share.
#[derive(Clone)]
struct Writer {
    pool: SqlitePool,
}

impl Writer {
    async fn begin(&self) -> Result<Transaction<'static, Sqlite>, StoreError> {
        Ok(self.pool.begin_with(BEGIN_WRITE).await?)
    }

    async fn finish<T>(
        &self,
        tx: Transaction<'static, Sqlite>,
        outcome: Result<T, StoreError>,
        _events: &[AccountEvents],
    ) -> Result<T, StoreError> {
        finish(tx, outcome).await
    }
}

impl SqliteStore {
    fn writer(&self) -> Writer {
        Writer {
            pool: self.pool.clone(),
        }
    }

    /// The matches of `games`: one query per game on one connection (SQLite runs in
    /// process).
    async fn match_refs_of(
        &self,
        games: &[GameId],
    ) -> Result<Vec<(GameId, crate::store::matches::MatchRef)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mut refs = Vec::new();
        for game in games {
            if let Some(row) = sqlx::query_as::<_, crate::store::matches::MatchRefRow>(
                crate::store::matches::SELECT_MATCH_OF_GAME,
            )
            .bind(game.0)
            .fetch_optional(&mut *conn)
            .await?
            {
                refs.push(row.parse()?);
            }
        }
        Ok(refs)
    }
}

/// Binds the cached-state columns as parameters `$1` to `$12`, in the order of the
/// `games` table.
fn bind_state<'q>(
    query: Query<'q, Sqlite, SqliteArguments>,
    state: &StateColumns,
) -> Query<'q, Sqlite, SqliteArguments> {
    query
        .bind(state.status)
        .bind(state.ply)
        .bind(state.to_move)
        .bind(state.board.clone())
        .bind(state.store_south)
        .bind(state.store_north)
        .bind(state.deadline)
        .bind(state.winner)
        .bind(state.ended_by)
        .bind(state.score_south)
        .bind(state.score_north)
        .bind(state.updated_at)
}

/// What to answer when a conditional update of game `id` changed nothing: the game
/// changed meanwhile, or never existed.
async fn game_missed(conn: &mut SqliteConnection, id: GameId) -> StoreError {
    let exists = sqlx::query_scalar::<_, i32>("SELECT 1 FROM games WHERE id = $1")
        .bind(id.0)
        .fetch_optional(conn)
        .await;
    match exists {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound,
        Err(e) => e.into(),
    }
}

/// What to answer when a conditional update of challenge `id` changed nothing.
async fn challenge_missed(conn: &mut SqliteConnection, id: ChallengeId) -> StoreError {
    let exists = sqlx::query_scalar::<_, i32>("SELECT 1 FROM challenges WHERE id = $1")
        .bind(id.0)
        .fetch_optional(conn)
        .await;
    match exists {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound,
        Err(e) => e.into(),
    }
}

async fn fetch_challenge(
    conn: &mut SqliteConnection,
    id: ChallengeId,
) -> Result<Challenge, StoreError> {
    sqlx::query_as::<_, ChallengeRow>(concat!(challenge_select!(), "WHERE c.id = $1"))
        .bind(id.0)
        .fetch_one(conn)
        .await?
        .parse()
}

async fn fetch_game(conn: &mut SqliteConnection, id: GameId) -> Result<Game, StoreError> {
    sqlx::query_as::<_, GameRow>(concat!(game_select!(), "WHERE g.id = $1"))
        .bind(id.0)
        .fetch_one(conn)
        .await?
        .parse()
}

async fn create_account_tx(
    conn: &mut SqliteConnection,
    account: &NewAccount,
    token: &NewToken,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(account.id.0)
    .bind(account.username.as_str())
    .bind(account.username.key())
    .bind(account.password_hash.as_str())
    .bind(account.bot)
    .bind(micros(account.created_at))
    .execute(&mut *conn)
    .await?;
    insert_token(conn, account.id, token).await
}

async fn insert_token(
    conn: &mut SqliteConnection,
    account: AccountId,
    token: &NewToken,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO tokens (id, account_id, label, hash, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token.id.0)
    .bind(account.0)
    .bind(token.label.as_str())
    .bind(token.hash.as_str())
    .bind(micros(token.created_at))
    .execute(conn)
    .await?;
    Ok(())
}

/// Writes events in the caller's transaction, taking each account's next seqs (see
/// `common::TAKE_SEQS` and the migration `0003_events.sql`).
async fn insert_events(
    conn: &mut SqliteConnection,
    groups: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    let mut stored = Vec::new();
    for group in groups {
        let last: i64 = sqlx::query_scalar(TAKE_SEQS)
            .bind(group.account)
            .bind(group.len())
            .fetch_one(&mut *conn)
            .await?;
        let first = last - group.len() + 1;
        for (seq, (kind, payload, at)) in (first..).zip(&group.events) {
            sqlx::query(INSERT_EVENT)
                .bind(group.account)
                .bind(seq)
                .bind(*kind)
                .bind(payload.as_str())
                .bind(*at)
                .execute(&mut *conn)
                .await?;
        }
        stored.extend(group.stored(last)?);
    }
    Ok(stored)
}

/// Marks game `id` reminded at `ply` and writes the reminder's events.
async fn remind_tx(
    conn: &mut SqliteConnection,
    id: GameId,
    ply: i32,
    events: &[AccountEvents],
) -> Result<(), StoreError> {
    let marked = sqlx::query(MARK_REMINDED)
        .bind(id.0)
        .bind(ply)
        .execute(&mut *conn)
        .await?;
    if marked.rows_affected() == 0 {
        return Err(game_missed(conn, id).await);
    }
    insert_events(conn, events).await.map(drop)
}

async fn end_game_tx(
    conn: &mut SqliteConnection,
    id: GameId,
    seen: i32,
    state: &StateColumns,
    events: &[AccountEvents],
) -> Result<(), StoreError> {
    let update = sqlx::query(
        "UPDATE games SET status = $1, ply = $2, to_move = $3, board = $4, \
                store_south = $5, store_north = $6, deadline = $7, winner = $8, \
                ended_by = $9, score_south = $10, score_north = $11, updated_at = $12 \
         WHERE id = $13 AND ply = $14 AND status = 'ongoing'",
    );
    let updated = bind_state(update, state)
        .bind(id.0)
        .bind(seen)
        .execute(&mut *conn)
        .await?;
    if updated.rows_affected() == 0 {
        return Err(game_missed(conn, id).await);
    }
    super::ratings::rate_if_finished(conn, id, state).await?;
    insert_events(conn, events).await.map(drop)
}

async fn create_challenge_tx(
    conn: &mut SqliteConnection,
    challenge: &NewChallenge,
    events: &[AccountEvents],
) -> Result<Challenge, StoreError> {
    sqlx::query(
        "INSERT INTO challenges (id, challenger_id, opponent_id, variant, days_per_move, \
                                 first, status, created_at, rated, weekend_pause, games, \
                                 schedule, stop_when_decided) \
         VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8, $9, $10, $11, $12)",
    )
    .bind(challenge.id.0)
    .bind(challenge.challenger.0)
    .bind(challenge.opponent.map(|a| a.0))
    .bind(challenge.variant.as_str())
    .bind(i32::from(challenge.days_per_move.days()))
    .bind(challenge.first.as_str())
    .bind(micros(challenge.created_at))
    .bind(challenge.terms.rated)
    .bind(challenge.terms.weekend_pause)
    .bind(i32::from(challenge.match_terms.games()))
    .bind(challenge.match_terms.schedule.as_str())
    .bind(challenge.match_terms.stop_when_decided)
    .execute(&mut *conn)
    .await?;
    insert_events(conn, events).await?;
    fetch_challenge(conn, challenge.id).await
}

async fn close_challenge_tx(
    conn: &mut SqliteConnection,
    id: ChallengeId,
    status: ChallengeStatus,
    events: &[AccountEvents],
) -> Result<Challenge, StoreError> {
    let closed = sqlx::query("UPDATE challenges SET status = $2 WHERE id = $1 AND status = 'open'")
        .bind(id.0)
        .bind(status.as_str())
        .execute(&mut *conn)
        .await?;
    if closed.rows_affected() == 0 {
        return Err(challenge_missed(conn, id).await);
    }
    insert_events(conn, events).await?;
    fetch_challenge(conn, id).await
}

async fn accept_challenge_tx(
    conn: &mut SqliteConnection,
    id: ChallengeId,
    game: &NewGame,
    state: &StateColumns,
) -> Result<Game, StoreError> {
    // The challenge is marked first, so that the second of two acceptors finds it no
    // longer open. The game's foreign key is checked at commit.
    let marked = sqlx::query(
        "UPDATE challenges SET status = 'accepted', game_id = $2 \
         WHERE id = $1 AND status = 'open'",
    )
    .bind(id.0)
    .bind(game.id.0)
    .execute(&mut *conn)
    .await?;
    if marked.rows_affected() == 0 {
        return Err(challenge_missed(conn, id).await);
    }
    let insert = sqlx::query(
        "INSERT INTO games (status, ply, to_move, board, store_south, store_north, deadline, \
                            winner, ended_by, score_south, score_north, updated_at, \
                            id, variant, south_id, north_id, first, days_per_move, \
                            challenge_id, created_at, rated, weekend_pause) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
                 $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)",
    );
    bind_state(insert, state)
        .bind(game.id.0)
        .bind(game.variant.as_str())
        .bind(game.players.south.0)
        .bind(game.players.north.0)
        .bind(game.first.as_str())
        .bind(i32::from(game.days_per_move.days()))
        .bind(id.0)
        .bind(micros(game.created_at))
        .bind(game.terms.rated)
        .bind(game.terms.weekend_pause)
        .execute(&mut *conn)
        .await?;
    fetch_game(conn, game.id).await
}

async fn append_plies_tx(
    conn: &mut SqliteConnection,
    id: GameId,
    seen: i32,
    plies: &[MoveColumns],
    state: &StateColumns,
) -> Result<(), StoreError> {
    // The transaction holds the write lock, so a second writer at the same ply runs
    // after the first has committed, and its update matches no row.
    let update = sqlx::query(
        "UPDATE games SET status = $1, ply = $2, to_move = $3, board = $4, \
                store_south = $5, store_north = $6, deadline = $7, winner = $8, \
                ended_by = $9, score_south = $10, score_north = $11, updated_at = $12 \
         WHERE id = $13 AND ply = $14 AND status = 'ongoing'",
    );
    let updated = bind_state(update, state)
        .bind(id.0)
        .bind(seen)
        .execute(&mut *conn)
        .await?;
    if updated.rows_affected() == 0 {
        return Err(game_missed(conn, id).await);
    }
    for ply in plies {
        sqlx::query("INSERT INTO moves (game_id, ply, side, pit, at) VALUES ($1, $2, $3, $4, $5)")
            .bind(id.0)
            .bind(ply.ply)
            .bind(ply.side)
            .bind(ply.pit)
            .bind(ply.at)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[async_trait]
impl Store for SqliteStore {
    async fn create_account(
        &self,
        account: NewAccount,
        token: NewToken,
    ) -> Result<Account, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let mut tx: Transaction<'static, Sqlite> = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = create_account_tx(&mut tx, &account, &token).await;
            finish(tx, outcome).await?;
            Ok(Account {
                id: account.id,
                username: account.username,
                bot: account.bot,
                created_at: micros(account.created_at),
            })
        })
        .await
    }

    async fn account_with_password(&self, username: &str) -> Result<(Account, String), StoreError> {
        sqlx::query_as::<_, AccountPasswordRow>(
            "SELECT id, username, bot, created_at, password_hash FROM accounts \
             WHERE username_key = $1",
        )
        .bind(username.to_ascii_lowercase())
        .fetch_one(&self.pool)
        .await?
        .parse()
    }

    async fn account_by_name(&self, username: &str) -> Result<Account, StoreError> {
        sqlx::query_as::<_, AccountRow>(
            "SELECT id, username, bot, created_at FROM accounts WHERE username_key = $1",
        )
        .bind(username.to_ascii_lowercase())
        .fetch_one(&self.pool)
        .await?
        .parse()
    }

    async fn account_by_token(
        &self,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<Account, StoreError> {
        let row = self
            .tokens
            .get(hash.to_owned())
            .await?
            .ok_or(StoreError::NotFound)?;
        let stale = now - LAST_USED_RESOLUTION;
        if row.last_used_at.is_none_or(|t| t < stale) {
            // One statement, no transaction; the condition keeps concurrent requests
            // from writing the same minute twice.
            sqlx::query(
                "UPDATE tokens SET last_used_at = $2 \
                 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)",
            )
            .bind(row.token_id)
            .bind(micros(now))
            .bind(stale)
            .execute(&self.pool)
            .await?;
        }
        row.account.parse()
    }

    async fn create_token(&self, account: AccountId, token: NewToken) -> Result<Token, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let mut conn = pool.acquire().await?;
            insert_token(&mut conn, account, &token).await?;
            Ok(Token {
                id: token.id,
                account_id: account,
                label: token.label,
                created_at: micros(token.created_at),
                last_used_at: None,
            })
        })
        .await
    }

    async fn tokens(&self, account: AccountId) -> Result<Vec<Token>, StoreError> {
        let rows = sqlx::query_as::<_, TokenRow>(
            "SELECT id, account_id, label, created_at, last_used_at FROM tokens \
             WHERE account_id = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(TokenRow::parse).collect())
    }

    async fn delete_token(&self, account: AccountId, id: TokenId) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let deleted = sqlx::query("DELETE FROM tokens WHERE id = $1 AND account_id = $2")
                .bind(id.0)
                .bind(account.0)
                .execute(&pool)
                .await?;
            if deleted.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            Ok(())
        })
        .await
    }

    async fn create_challenge(
        &self,
        challenge: NewChallenge,
        events: &[NewEvent],
    ) -> Result<Challenge, StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = create_challenge_tx(&mut tx, &challenge, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn challenge(&self, id: ChallengeId) -> Result<Challenge, StoreError> {
        let mut conn = self.pool.acquire().await?;
        fetch_challenge(&mut conn, id).await
    }

    async fn open_challenges(&self, account: AccountId) -> Result<Vec<Challenge>, StoreError> {
        sqlx::query_as::<_, ChallengeRow>(concat!(
            challenge_select!(),
            "WHERE c.status = 'open' \
               AND (c.challenger_id = $1 OR c.opponent_id = $1 OR c.opponent_id IS NULL) \
             ORDER BY c.created_at DESC, c.id DESC"
        ))
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(ChallengeRow::parse)
        .collect()
    }

    async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        events: &[NewEvent],
    ) -> Result<Challenge, StoreError> {
        if !matches!(
            status,
            ChallengeStatus::Declined | ChallengeStatus::Canceled
        ) {
            return Err(StoreError::Other(format!(
                "a challenge is closed as declined or canceled, not {}",
                status.as_str()
            )));
        }
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = close_challenge_tx(&mut tx, id, status, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn accept_challenge(
        &self,
        id: ChallengeId,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        let state = StateColumns::new(&game.state)?;
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = match accept_challenge_tx(&mut tx, id, &game, &state).await {
                Ok(game) => insert_events(&mut tx, &events).await.map(|_| game),
                Err(e) => Err(e),
            };
            finish(tx, outcome).await
        })
        .await
    }

    async fn game(&self, id: GameId) -> Result<GameWithMoves, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let game = sqlx::query_as::<_, GameRow>(concat!(game_select!(), "WHERE g.id = $1"))
            .bind(id.0)
            .fetch_one(&mut *conn)
            .await?;
        // Moves are only ever appended, together with the game row's update: those up
        // to the ply just read are exactly the ones that state is the replay of, even
        // if another ply is committed between the two statements.
        let moves = sqlx::query_as::<_, MoveRow>(
            "SELECT ply, side, pit, at FROM moves WHERE game_id = $1 AND ply <= $2 ORDER BY ply",
        )
        .bind(id.0)
        .bind(game.ply())
        .fetch_all(&mut *conn)
        .await?;
        game.with_moves(moves)
    }

    async fn game_state(&self, id: GameId) -> Result<Game, StoreError> {
        self.games
            .get(id.0)
            .await?
            .ok_or(StoreError::NotFound)?
            .parse()
    }

    async fn games(&self, filter: &GameFilter) -> Result<Vec<Game>, StoreError> {
        sqlx::query_as::<_, GameRow>(concat!(
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
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(GameRow::parse)
        .collect()
    }

    async fn append_plies(
        &self,
        id: GameId,
        seen: u32,
        plies: &[Move],
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        let plies = plies_columns(seen, plies, state)?;
        let state = StateColumns::new(state)?;
        let seen = to_i32("ply", seen)?;
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = match append_plies_tx(&mut tx, id, seen, &plies, &state).await {
                Ok(()) => match super::ratings::rate_if_finished(&mut tx, id, &state).await {
                    Ok(()) => insert_events(&mut tx, &events).await,
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            };
            finish(tx, outcome).await
        })
        .await
    }

    async fn end_game(
        &self,
        id: GameId,
        seen: u32,
        state: &GameState,
        events: &[NewEvent],
    ) -> Result<(), StoreError> {
        if state.ply != seen {
            return Err(StoreError::Other(format!(
                "ending game {id} at ply {seen} with a state at ply {}",
                state.ply
            )));
        }
        let state = StateColumns::new(state)?;
        let seen = to_i32("ply", seen)?;
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = end_game_tx(&mut tx, id, seen, &state, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn games_to_remind(
        &self,
        days: DaysPerMove,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        sqlx::query_as::<_, GameRow>(SELECT_TO_REMIND)
            .bind(before)
            .bind(row_limit(limit))
            .bind(i32::from(days.days()))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(GameRow::parse)
            .collect()
    }

    async fn remind(&self, id: GameId, ply: u32, events: &[NewEvent]) -> Result<(), StoreError> {
        let ply = to_i32("ply", ply)?;
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = remind_tx(&mut tx, id, ply, &events).await;
            finish(tx, outcome).await
        })
        .await
    }

    async fn add_events(&self, events: &[NewEvent]) -> Result<(), StoreError> {
        let events = events_by_account(events);
        let pool = self.pool.clone();
        detached(async move {
            let mut tx = pool.begin_with(BEGIN_WRITE).await?;
            let outcome = insert_events(&mut tx, &events).await.map(drop);
            finish(tx, outcome).await
        })
        .await
    }

    async fn overdue_games(&self, now: DateTime<Utc>, limit: u32) -> Result<Vec<Game>, StoreError> {
        sqlx::query_as::<_, GameRow>(SELECT_OVERDUE)
            .bind(now)
            .bind(row_limit(limit))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(GameRow::parse)
            .collect()
    }

    async fn standings(&self, variant: Option<Variant>) -> Result<Vec<Standing>, StoreError> {
        sqlx::query_as::<_, StandingRow>(
            "WITH results (account_id, half) AS ( \
                 SELECT south_id, CASE winner WHEN 'south' THEN 2 WHEN 'north' THEN 0 ELSE 1 END \
                 FROM games WHERE status = 'finished' AND ($1 IS NULL OR variant = $1) \
                 UNION ALL \
                 SELECT north_id, CASE winner WHEN 'north' THEN 2 WHEN 'south' THEN 0 ELSE 1 END \
                 FROM games WHERE status = 'finished' AND ($1 IS NULL OR variant = $1) \
             ) \
             SELECT a.username, \
                    count(*) AS games, \
                    sum(CASE WHEN r.half = 2 THEN 1 ELSE 0 END) AS wins, \
                    sum(CASE WHEN r.half = 1 THEN 1 ELSE 0 END) AS draws, \
                    sum(CASE WHEN r.half = 0 THEN 1 ELSE 0 END) AS losses, \
                    sum(r.half) AS half_points, \
                    rt.rating, rt.deviation, rt.volatility \
             FROM results r JOIN accounts a ON a.id = r.account_id \
             LEFT JOIN ratings rt ON rt.account_id = a.id AND rt.variant = $1 \
             GROUP BY a.id, a.username, a.username_key, rt.rating, rt.deviation, rt.volatility \
             ORDER BY half_points DESC, games DESC, a.username_key, a.id",
        )
        .bind(variant.map(Variant::as_str))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(StandingRow::parse)
        .collect()
    }

    async fn create_session(&self, session: NewSession) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            sqlx::query(
                "INSERT INTO sessions (hash, account_id, csrf, created_at, expires_at) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(session.hash)
            .bind(session.account.0)
            .bind(session.csrf)
            .bind(micros(session.created_at))
            .bind(micros(session.expires_at))
            .execute(&pool)
            .await?;
            Ok(())
        })
        .await
    }

    async fn session(&self, hash: &str, now: DateTime<Utc>) -> Result<Session, StoreError> {
        sqlx::query_as::<_, SessionRow>(
            "SELECT a.id, a.username, a.bot, a.created_at, s.csrf, s.expires_at \
             FROM sessions s JOIN accounts a ON a.id = s.account_id \
             WHERE s.hash = $1 AND s.expires_at > $2",
        )
        .bind(hash)
        .bind(micros(now))
        .fetch_one(&self.pool)
        .await?
        .parse()
    }

    async fn delete_session(&self, hash: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        let hash = hash.to_owned();
        detached(async move {
            sqlx::query("DELETE FROM sessions WHERE hash = $1 OR expires_at <= $2")
                .bind(hash)
                .bind(micros(now))
                .execute(&pool)
                .await?;
            Ok(())
        })
        .await
    }

    async fn events(
        &self,
        account: AccountId,
        since: u64,
        limit: u32,
    ) -> Result<Vec<Event>, StoreError> {
        sqlx::query_as::<_, EventRow>(SELECT_EVENTS)
            .bind(account.0)
            .bind(i64::try_from(since).unwrap_or(i64::MAX))
            .bind(row_limit(limit))
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(EventRow::parse)
            .collect()
    }

    async fn event_head(&self, account: AccountId) -> Result<u64, StoreError> {
        let head: i64 = sqlx::query_scalar("SELECT event_seq FROM accounts WHERE id = $1")
            .bind(account.0)
            .fetch_one(&self.pool)
            .await?;
        u64::try_from(head).map_err(|_| StoreError::Other(format!("corrupt event_seq {head}")))
    }

    async fn purge_events(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let pool = self.pool.clone();
        detached(async move {
            let deleted = sqlx::query("DELETE FROM events WHERE created_at < $1")
                .bind(micros(before))
                .execute(&pool)
                .await?;
            Ok(deleted.rows_affected())
        })
        .await
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }
}
