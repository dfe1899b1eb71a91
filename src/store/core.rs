//! [`Store`] for both backends: accounts, tokens, challenges, events, sessions and
//! standings; and what writing a game's state shares with them (the games' own SQL is
//! in `src/games/store.rs`).

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use sqlx::Transaction;

use super::common::{
    AccountEvents, AccountPasswordRow, AccountRow, ChallengeRow, EventRow, GameRow, MARK_REMINDED,
    MoveColumns, SELECT_EVENTS, SELECT_TO_REMIND, StandingRow, StateColumns, TokenRow,
    challenge_select, events_by_account, game_select, micros, row_limit, scopes, to_i32,
};
use super::dialect::{Backend, locking};
use super::sql::{AsConn, SqlStore, Statement, sql};
use super::{
    Account, AnySql, Challenge, ChallengeCaps, Closing, Event, EventWake, Game, NewAccount,
    NewChallenge, NewEvent, NewGame, NewSession, NewToken, Page, Session, SessionRow, Standing,
    Store, StoreError, Token,
};
use crate::domain::{
    AccountId, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason, GameId, Lang, Scopes,
    TokenId,
};

/// How stale a token's last-use time may get before authenticating writes it again:
/// the hot read paths then write at most once a minute per token.
const LAST_USED_RESOLUTION: chrono::TimeDelta = chrono::TimeDelta::seconds(60);

/// The update of a game's cached state (`$1` to `$12`, see [`bind_state`]) if it is
/// still ongoing at ply `$14`; `$13` is the game.
macro_rules! update_state_sql {
    () => {
        "UPDATE games SET status = $1, ply = $2, to_move = $3, \
         board = $4, store_south = $5, store_north = $6, deadline = $7, winner = $8, \
         ended_by = $9, score_south = $10, score_north = $11, updated_at = $12 \
         WHERE id = $13 AND ply = $14 AND status = 'ongoing'"
    };
}

/// [`update_state_sql`], for the writers of a game's state that do not add plies.
pub(super) const UPDATE_STATE: &str = update_state_sql!();

/// [`update_state_sql`] for an append, which also needs the game's lines to stand
/// where its mover read them: their count of writes `plan_rev` is `$15`.
const UPDATE_STATE_AT_REV: &str = concat!(update_state_sql!(), " AND plan_rev = $15");

/// The insertion of a game: its cached state as `$1` to `$12` (see [`bind_state`]),
/// then `$13` to `$22`; `$19` is its challenge (none for later games of a match).
pub(super) const INSERT_GAME: &str = "INSERT INTO games (status, ply, to_move, board, \
     store_south, store_north, deadline, winner, ended_by, score_south, score_north, \
     updated_at, id, variant, south_id, north_id, first, days_per_move, challenge_id, \
     created_at, rated, weekend_pause) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
             $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)";

/// The insertion of one ply.
pub(super) const INSERT_MOVE: &str =
    "INSERT INTO moves (game_id, ply, side, pit, at) VALUES ($1, $2, $3, $4, $5)";

/// The insertion of a challenge as exported, whatever its status.
pub(super) const INSERT_CHALLENGE: &str = "INSERT INTO challenges (id, challenger_id, \
     opponent_id, variant, days_per_move, first, status, game_id, created_at, rated, \
     weekend_pause, games, schedule, stop_when_decided, decline_reason, rematch_of) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)";

/// The insertion of a session.
pub(super) const INSERT_SESSION: &str = "INSERT INTO sessions \
     (hash, account_id, csrf, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)";

/// The standings over finished games of variant `$1` (all for `NULL`), each line
/// with its `place` (1 for the first), the names ordered by `$collate` (byte order on
/// both backends), then `$tail`: an order and a window, or one account.
macro_rules! standings {
    ($collate:literal, $tail:literal) => {
        concat!(
            "WITH results (account_id, half) AS ( \
                 SELECT south_id, \
                        CASE winner WHEN 'south' THEN 2 WHEN 'north' THEN 0 ELSE 1 END \
                 FROM games WHERE status = 'finished' AND ($1 IS NULL OR variant = $1) \
                 UNION ALL \
                 SELECT north_id, \
                        CASE winner WHEN 'north' THEN 2 WHEN 'south' THEN 0 ELSE 1 END \
                 FROM games WHERE status = 'finished' AND ($1 IS NULL OR variant = $1) \
             ), \
             ranked AS ( \
             SELECT a.id AS account_id, a.username, \
                    count(*) AS games, \
                    sum(CASE WHEN r.half = 2 THEN 1 ELSE 0 END) AS wins, \
                    sum(CASE WHEN r.half = 1 THEN 1 ELSE 0 END) AS draws, \
                    sum(CASE WHEN r.half = 0 THEN 1 ELSE 0 END) AS losses, \
                    sum(r.half) AS half_points, \
                    rt.rating, rt.deviation, rt.volatility, \
                    row_number() OVER (ORDER BY sum(r.half) DESC, count(*) DESC, a.username_key",
            $collate,
            ", a.id) AS place \
             FROM results r JOIN accounts a ON a.id = r.account_id \
             LEFT JOIN ratings rt ON rt.account_id = a.id AND rt.variant = $1 \
             GROUP BY a.id, a.username, a.username_key, rt.rating, rt.deviation, \
                      rt.volatility \
             ) \
             SELECT username, games, wins, draws, losses, half_points, rating, deviation, \
                    volatility, place \
             FROM ranked ",
            $tail
        )
    };
}
pub(super) use standings;

/// Binds the cached-state columns as the next twelve parameters, in the order of the
/// `games` table.
pub(super) fn bind_state<B: Backend>(stmt: Statement<B>, state: &StateColumns) -> Statement<B> {
    stmt.bind(state.status)
        .bind(state.ply)
        .bind(state.to_move)
        .bind(state.board.as_str())
        .bind(state.store_south)
        .bind(state.store_north)
        .bind(state.deadline)
        .bind(state.winner)
        .bind(state.ended_by)
        .bind(state.score_south)
        .bind(state.score_north)
        .bind(state.updated_at)
}

/// Binds a new game's columns after its state (`$13` to `$22` of [`INSERT_GAME`]).
pub(super) fn bind_new_game<B: Backend>(
    stmt: Statement<B>,
    game: &NewGame,
    challenge: Option<ChallengeId>,
) -> Result<Statement<B>, StoreError> {
    let state = StateColumns::new(&game.state)?;
    Ok(bind_state(stmt, &state)
        .bind(game.id.0)
        .bind(game.variant.as_str())
        .bind(game.players.south.0)
        .bind(game.players.north.0)
        .bind(game.first.as_str())
        .bind(i32::from(game.days_per_move.days()))
        .bind(challenge.map(|c| c.0))
        .bind(micros(game.created_at))
        .bind(game.terms.rated)
        .bind(game.terms.weekend_pause))
}

/// What to answer when a conditional write on a row of `table` (`games`,
/// `challenges`, `matches`, `tournaments`) by id changed nothing: the row changed
/// meanwhile, or never existed.
pub(crate) async fn missed<B: Backend>(
    conn: &mut impl AsConn<B>,
    exists: &'static str,
    id: uuid::Uuid,
) -> StoreError {
    match sql(exists).bind(id).optional::<(i32,)>(conn).await {
        Ok(Some(_)) => StoreError::Conflict,
        Ok(None) => StoreError::NotFound,
        Err(e) => e,
    }
}

/// Whether game `$1` exists (see [`missed`]).
pub(super) const GAME_EXISTS: &str = "SELECT 1 FROM games WHERE id = $1";

/// Whether challenge `$1` exists (see [`missed`]).
const CHALLENGE_EXISTS: &str = "SELECT 1 FROM challenges WHERE id = $1";

pub(super) async fn fetch_challenge<B: Backend>(
    conn: &mut impl AsConn<B>,
    id: ChallengeId,
) -> Result<Challenge, StoreError> {
    let row: ChallengeRow = sql(concat!(challenge_select!(), "WHERE c.id = $1"))
        .bind(id.0)
        .one(conn)
        .await?;
    row.parse()
}

pub(super) async fn fetch_game<B: Backend>(
    conn: &mut impl AsConn<B>,
    id: GameId,
) -> Result<Game, StoreError> {
    let row: GameRow = sql(concat!(game_select!(), "WHERE g.id = $1"))
        .bind(id.0)
        .one(conn)
        .await?;
    row.parse()
}

async fn insert_token<B: Backend>(
    conn: &mut impl AsConn<B>,
    account: AccountId,
    token: &NewToken,
) -> Result<(), StoreError> {
    sql(
        "INSERT INTO tokens (id, account_id, label, hash, created_at, scopes) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token.id.0)
    .bind(account.0)
    .bind(token.label.as_str())
    .bind(token.hash.as_str())
    .bind(micros(token.created_at))
    .bind(token.scopes.to_names())
    .execute(conn)
    .await
    .map(drop)
}

/// Locks the rows of `accounts` until the commit (Postgres; SQLite's write
/// transaction holds the whole database), in id order whatever order they are given
/// in: every transaction that locks account rows takes them in that one order (the
/// event seqs of [`Backend::insert_events`] and the batched moves too), so that two
/// of them cannot wait for each other. The lock is `FOR NO KEY UPDATE`, the one the
/// seq update takes: it keeps the other writers of the rows waiting, but not the
/// foreign-key checks of rows inserted that name the accounts (a challenge, a game),
/// which a `FOR UPDATE` would hold up as well.
pub(super) async fn lock_accounts<B: Backend>(
    tx: &mut Transaction<'static, B>,
    accounts: &[AccountId],
) -> Result<(), StoreError> {
    let mut ids: Vec<uuid::Uuid> = accounts.iter().map(|a| a.0).collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        sql(locking::<B>(
            "SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE",
            "SELECT id FROM accounts WHERE id = $1",
        ))
        .bind(id)
        .values::<uuid::Uuid>(tx)
        .await?;
    }
    Ok(())
}

/// Locks the row of `account` ([`lock_accounts`]), so that writers counting what the
/// account holds against a cap take turns; returns how many rows `count` (a
/// `count(*)` with the account as `$1`) finds then.
pub(super) async fn count_locked<B: Backend>(
    tx: &mut Transaction<'static, B>,
    account: AccountId,
    count: &'static str,
) -> Result<i64, StoreError> {
    lock_accounts(tx, &[account]).await?;
    Ok(sql(count)
        .bind(account.0)
        .values::<i64>(tx)
        .await?
        .pop()
        .unwrap_or(0))
}

async fn create_account_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    account: &NewAccount,
    token: Option<&NewToken>,
) -> Result<(), StoreError> {
    sql(
        "INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at, \
                               sign_up_address) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(account.id.0)
    .bind(account.username.as_str())
    .bind(account.username.key())
    .bind(account.password_hash.as_str())
    .bind(account.bot)
    .bind(micros(account.created_at))
    .bind(account.sign_up_address.map(|a| a.to_string()))
    .execute(tx)
    .await?;
    match token {
        Some(token) => insert_token(tx, account.id, token).await,
        None => Ok(()),
    }
}

/// Marks game `id` reminded at `ply` and writes the reminder's events.
async fn remind_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: GameId,
    ply: i32,
    events: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    if sql(MARK_REMINDED).bind(id.0).bind(ply).execute(tx).await? == 0 {
        return Err(missed(tx, GAME_EXISTS, id.0).await);
    }
    B::insert_events(tx, events).await
}

/// Replaces the cached state of game `id` if it is still ongoing at ply `seen`.
///
/// # Errors
/// [`StoreError::Conflict`] when it is not, [`StoreError::NotFound`] for no game.
pub(crate) async fn update_state<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: GameId,
    seen: i32,
    state: &StateColumns,
) -> Result<(), StoreError> {
    let updated = bind_state(sql(UPDATE_STATE), state)
        .bind(id.0)
        .bind(seen)
        .execute(tx)
        .await?;
    if updated == 0 {
        return Err(missed(tx, GAME_EXISTS, id.0).await);
    }
    Ok(())
}

/// The events, then the ratings, of a change of game `id` to `state` just written: in
/// the order every writer locks their rows (accounts before ratings).
pub(crate) async fn events_and_ratings<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: GameId,
    state: &StateColumns,
    events: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    let stored = B::insert_events(tx, events).await?;
    super::ratings::rate_if_finished(tx, id, state).await?;
    Ok(stored)
}

/// Plies to append to a game (see
/// [`GameStore::append_plies`](crate::games::store::GameStore::append_plies)), as
/// columns.
pub struct Append {
    /// The game.
    pub(crate) id: GameId,
    /// The ply its mover saw.
    pub(crate) seen: i32,
    /// The count of writes of the game's lines its mover saw (see `games.plan_rev`).
    pub(crate) plan_rev: i32,
    /// What the append does to a player's conditional lines, if it touches any: such
    /// an append is written alone, never batched.
    pub(crate) plan: Option<PlanWrite>,
    /// The plies, numbered from `seen + 1`.
    pub(crate) plies: Vec<MoveColumns>,
    /// The state they lead to.
    pub(crate) state: StateColumns,
    /// The events they cause, by account.
    pub(crate) events: Vec<AccountEvents>,
}

/// What an append does to the conditional lines of its game (see
/// `games::conditional`): every row of lines of the game is deleted, the lines left
/// standing written again, and the plies played from them marked for their owner.
#[derive(Debug, Clone)]
pub struct PlanWrite {
    /// Whose lines they are.
    pub(crate) owner: uuid::Uuid,
    /// The lines left standing, as stored (JSON), and the ply they start from; `None`
    /// when none is left.
    pub(crate) kept: Option<(i32, String)>,
    /// The plies the server played from the lines.
    pub(crate) marks: Vec<i32>,
    /// Now.
    pub(crate) at: DateTime<Utc>,
}

/// Writes `plan` for game `id` in the append's transaction.
async fn write_plan<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: GameId,
    plan: &PlanWrite,
) -> Result<(), StoreError> {
    sql("DELETE FROM conditional_lines WHERE game_id = $1")
        .bind(id.0)
        .execute(&mut *tx)
        .await?;
    if let Some((ply, lines)) = &plan.kept {
        sql(
            "INSERT INTO conditional_lines (game_id, account_id, ply, lines, updated_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id.0)
        .bind(plan.owner)
        .bind(*ply)
        .bind(lines.as_str())
        .bind(micros(plan.at))
        .execute(&mut *tx)
        .await?;
    }
    for ply in &plan.marks {
        sql("INSERT INTO conditional_plies (game_id, ply, account_id) VALUES ($1, $2, $3)")
            .bind(id.0)
            .bind(*ply)
            .bind(plan.owner)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Appends plies to a game, with the state they lead to, their events and the game's
/// rating, in a write transaction of their own:
/// [`GameStore::append_plies`](crate::games::store::GameStore::append_plies), but for
/// Postgres' batched moves (see [`Backend::append_moves`]).
pub(super) async fn append_alone<B: Backend>(
    store: &SqlStore<B>,
    a: Append,
) -> Result<Vec<Event>, StoreError> {
    let ((), stored) = store
        .write_events(move |tx| {
            Box::pin(async move {
                let updated = bind_state(sql(UPDATE_STATE_AT_REV), &a.state)
                    .bind(a.id.0)
                    .bind(a.seen)
                    .bind(a.plan_rev)
                    .execute(&mut *tx)
                    .await?;
                if updated == 0 {
                    return Err(missed(tx, GAME_EXISTS, a.id.0).await);
                }
                if let Some(plan) = &a.plan {
                    write_plan(tx, a.id, plan).await?;
                }
                for ply in &a.plies {
                    sql(INSERT_MOVE)
                        .bind(a.id.0)
                        .bind(ply.ply)
                        .bind(ply.side)
                        .bind(ply.pit)
                        .bind(ply.at)
                        .execute(tx)
                        .await?;
                }
                Ok(((), events_and_ratings(tx, a.id, &a.state, &a.events).await?))
            })
        })
        .await?;
    Ok(stored)
}

async fn create_challenge_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    challenge: &NewChallenge,
    events: &[AccountEvents],
    caps: ChallengeCaps,
) -> Result<(Challenge, Vec<Event>), StoreError> {
    // Both players' rows first, in id order, as every writer of two accounts takes
    // them: the challenger's to count its challenges, both for the events. Taken
    // challenger first, a challenge to a player of a lower id waited for a move
    // between them (which holds that player's row and wants the challenger's).
    let players: Vec<AccountId> = std::iter::once(challenge.challenger)
        .chain(challenge.opponent)
        .collect();
    lock_accounts(tx, &players).await?;
    // One declined as it is made is never open: the caps on open ones leave it be.
    if caps != ChallengeCaps::NONE && challenge.declined.is_none() {
        let open: i64 =
            sql("SELECT count(*) FROM challenges WHERE challenger_id = $1 AND status = 'open'")
                .bind(challenge.challenger.0)
                .values::<i64>(tx)
                .await?
                .pop()
                .unwrap_or(0);
        if open >= i64::from(caps.open) {
            return Err(StoreError::Full);
        }
        if let Some(opponent) = challenge.opponent {
            let named: i64 = sql("SELECT count(*) FROM challenges \
                                  WHERE challenger_id = $1 AND opponent_id = $2 \
                                    AND status = 'open'")
            .bind(challenge.challenger.0)
            .bind(opponent.0)
            .values::<i64>(tx)
            .await?
            .pop()
            .unwrap_or(0);
            if named >= i64::from(caps.per_opponent) {
                return Err(StoreError::Full);
            }
        }
    }
    sql(
        "INSERT INTO challenges (id, challenger_id, opponent_id, variant, days_per_move, \
                                 first, status, created_at, rated, weekend_pause, games, \
                                 schedule, stop_when_decided, decline_reason, rematch_of) \
         VALUES ($1, $2, $3, $4, $5, $6, $13, $7, $8, $9, $10, $11, $12, $14, $15)",
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
    .bind(
        if challenge.declined.is_some() {
            ChallengeStatus::Declined
        } else {
            ChallengeStatus::Open
        }
        .as_str(),
    )
    .bind(challenge.declined.map(DeclineReason::as_str))
    .bind(challenge.rematch_of.map(|g| g.0))
    .execute(tx)
    .await?;
    let stored = B::insert_events(tx, events).await?;
    Ok((fetch_challenge(tx, challenge.id).await?, stored))
}

async fn close_challenge_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: ChallengeId,
    closing: Closing,
    events: &[AccountEvents],
) -> Result<(Challenge, Vec<Event>), StoreError> {
    let (status, reason) = match closing {
        Closing::Declined(reason) => (ChallengeStatus::Declined, Some(reason.as_str())),
        Closing::Canceled => (ChallengeStatus::Canceled, None),
    };
    let closed = sql("UPDATE challenges SET status = $2, decline_reason = $3 \
                      WHERE id = $1 AND status = 'open'")
    .bind(id.0)
    .bind(status.as_str())
    .bind(reason)
    .execute(tx)
    .await?;
    if closed == 0 {
        return Err(missed(tx, CHALLENGE_EXISTS, id.0).await);
    }
    let stored = B::insert_events(tx, events).await?;
    Ok((fetch_challenge(tx, id).await?, stored))
}

/// Marks challenge `id` accepted and inserts `game`, its first game.
pub(super) async fn accept_challenge_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: ChallengeId,
    game: &NewGame,
) -> Result<Game, StoreError> {
    // Marking the challenge first locks its row (Postgres; SQLite holds the write
    // lock): of two acceptors, the second waits, then finds it no longer open. The
    // game's foreign key is checked at commit.
    let marked = sql("UPDATE challenges SET status = 'accepted', game_id = $2 \
                      WHERE id = $1 AND status = 'open'")
    .bind(id.0)
    .bind(game.id.0)
    .execute(tx)
    .await?;
    if marked == 0 {
        return Err(missed(tx, CHALLENGE_EXISTS, id.0).await);
    }
    bind_new_game(sql(INSERT_GAME), game, Some(id))?
        .execute(tx)
        .await?;
    fetch_game(tx, game.id).await
}

#[async_trait]
impl<B: Backend> Store for SqlStore<B> {
    async fn create_account(
        &self,
        account: NewAccount,
        token: Option<NewToken>,
    ) -> Result<Account, StoreError> {
        self.write(move |tx| {
            Box::pin(async move {
                create_account_tx(tx, &account, token.as_ref()).await?;
                Ok(Account {
                    id: account.id,
                    username: account.username,
                    bot: account.bot,
                    created_at: micros(account.created_at),
                })
            })
        })
        .await
    }

    async fn account_with_password(&self, username: &str) -> Result<(Account, String), StoreError> {
        let row: AccountPasswordRow = sql("SELECT id, username, bot, created_at, password_hash \
                                           FROM accounts WHERE username_key = $1")
        .bind(username.to_ascii_lowercase())
        .one(&mut self.conn().await?)
        .await?;
        row.parse()
    }

    async fn account_by_name(&self, username: &str) -> Result<Account, StoreError> {
        let row: AccountRow =
            sql("SELECT id, username, bot, created_at FROM accounts WHERE username_key = $1")
                .bind(username.to_ascii_lowercase())
                .one(&mut self.conn().await?)
                .await?;
        row.parse()
    }

    async fn language(&self, account: AccountId) -> Result<Option<Lang>, StoreError> {
        let (tag,): (Option<String>,) = sql("SELECT language FROM accounts WHERE id = $1")
            .bind(account.0)
            .one(&mut self.conn().await?)
            .await?;
        Ok(tag.and_then(|t| t.parse().ok()))
    }

    async fn set_language(
        &self,
        account: AccountId,
        language: Option<Lang>,
    ) -> Result<(), StoreError> {
        self.detached(move |conn| {
            Box::pin(async move {
                sql("UPDATE accounts SET language = $2 WHERE id = $1")
                    .bind(account.0)
                    .bind(language.map(Lang::tag))
                    .execute_found(conn)
                    .await
            })
        })
        .await
    }

    async fn account_by_token(
        &self,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(Account, Scopes), StoreError> {
        let row = self
            .tokens
            .get(hash.to_owned())
            .await?
            .ok_or(StoreError::NotFound)?;
        let stale = now - LAST_USED_RESOLUTION;
        if row.last_used_at.is_none_or(|t| t < stale) {
            // One statement, no transaction; the condition keeps concurrent requests
            // from writing the same minute twice.
            sql("UPDATE tokens SET last_used_at = $2 \
                 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)")
            .bind(row.token_id)
            .bind(micros(now))
            .bind(stale)
            .execute(&mut self.conn().await?)
            .await?;
        }
        Ok((row.account.parse()?, scopes(&row.scopes)?))
    }

    async fn create_token(
        &self,
        account: AccountId,
        token: NewToken,
        cap: u32,
    ) -> Result<Token, StoreError> {
        self.write(move |tx| {
            Box::pin(async move {
                let held = count_locked(
                    tx,
                    account,
                    "SELECT count(*) FROM tokens WHERE account_id = $1",
                )
                .await?;
                if held >= i64::from(cap) {
                    return Err(StoreError::Full);
                }
                insert_token(tx, account, &token).await?;
                Ok(Token {
                    id: token.id,
                    account_id: account,
                    label: token.label,
                    scopes: token.scopes,
                    created_at: micros(token.created_at),
                    last_used_at: None,
                })
            })
        })
        .await
    }

    async fn tokens(&self, account: AccountId) -> Result<Vec<Token>, StoreError> {
        let rows: Vec<TokenRow> = sql("SELECT id, account_id, label, scopes, created_at, \
                                              last_used_at \
                                       FROM tokens WHERE account_id = $1 \
                                       ORDER BY created_at DESC, id DESC")
        .bind(account.0)
        .all(&mut self.conn().await?)
        .await?;
        rows.into_iter().map(TokenRow::parse).collect()
    }

    async fn delete_token(&self, account: AccountId, id: TokenId) -> Result<(), StoreError> {
        self.detached(move |conn| {
            Box::pin(async move {
                sql("DELETE FROM tokens WHERE id = $1 AND account_id = $2")
                    .bind(id.0)
                    .bind(account.0)
                    .execute_found(conn)
                    .await
            })
        })
        .await
    }

    async fn create_challenge(
        &self,
        challenge: NewChallenge,
        events: &[NewEvent],
        caps: ChallengeCaps,
    ) -> Result<Challenge, StoreError> {
        let events = events_by_account(events);
        self.write_events(move |tx| {
            Box::pin(async move { create_challenge_tx(tx, &challenge, &events, caps).await })
        })
        .await
        .map(|(challenge, _)| challenge)
    }

    async fn challenge(&self, id: ChallengeId) -> Result<Challenge, StoreError> {
        fetch_challenge(&mut self.conn().await?, id).await
    }

    async fn open_challenges(
        &self,
        account: AccountId,
        page: Page<ChallengeId>,
    ) -> Result<Vec<Challenge>, StoreError> {
        let rows: Vec<ChallengeRow> = sql(concat!(
            challenge_select!(),
            "WHERE c.status = 'open' \
               AND (c.challenger_id = $1 OR c.opponent_id = $1 OR c.opponent_id IS NULL) \
               AND ($2 IS NULL OR (c.created_at, c.id) < \
                    (SELECT b.created_at, b.id FROM challenges b WHERE b.id = $2)) \
             ORDER BY c.created_at DESC, c.id DESC LIMIT $3"
        ))
        .bind(account.0)
        .bind(page.before.map(|id| id.0))
        .bind(row_limit(page.limit))
        .all(&mut self.conn().await?)
        .await?;
        rows.into_iter().map(ChallengeRow::parse).collect()
    }

    async fn count_challenges_to(&self, account: AccountId) -> Result<usize, StoreError> {
        let (count,): (i64,) =
            sql("SELECT COUNT(*) FROM challenges WHERE status = 'open' AND opponent_id = $1")
                .bind(account.0)
                .one(&mut self.conn().await?)
                .await?;
        Ok(usize::try_from(count).unwrap_or(0))
    }

    async fn declined_challenges(
        &self,
        challenger: AccountId,
        since: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Challenge>, StoreError> {
        let rows: Vec<ChallengeRow> = sql(concat!(
            challenge_select!(),
            "WHERE c.challenger_id = $1 AND c.status = 'declined' AND c.created_at >= $2 \
             ORDER BY c.created_at DESC, c.id DESC LIMIT $3"
        ))
        .bind(challenger.0)
        .bind(micros(since))
        .bind(row_limit(limit))
        .all(&mut self.conn().await?)
        .await?;
        rows.into_iter().map(ChallengeRow::parse).collect()
    }

    async fn close_challenge(
        &self,
        id: ChallengeId,
        closing: Closing,
        events: &[NewEvent],
    ) -> Result<Challenge, StoreError> {
        let events = events_by_account(events);
        self.write_events(move |tx| {
            Box::pin(async move { close_challenge_tx(tx, id, closing, &events).await })
        })
        .await
        .map(|(challenge, _)| challenge)
    }

    async fn accept_challenge(
        &self,
        id: ChallengeId,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        let events = events_by_account(events);
        self.write_events(move |tx| {
            Box::pin(async move {
                let game = accept_challenge_tx(tx, id, &game).await?;
                Ok((game, B::insert_events(tx, &events).await?))
            })
        })
        .await
        .map(|(game, _)| game)
    }

    async fn games_to_remind(
        &self,
        days: DaysPerMove,
        before: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<Game>, StoreError> {
        let rows: Vec<GameRow> = sql(SELECT_TO_REMIND)
            .bind(before)
            .bind(row_limit(limit))
            .bind(i32::from(days.days()))
            .all(&mut self.conn().await?)
            .await?;
        rows.into_iter().map(GameRow::parse).collect()
    }

    async fn remind(
        &self,
        id: GameId,
        ply: u32,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        let ply = to_i32("ply", ply)?;
        let events = events_by_account(events);
        let ((), stored) = self
            .write_events(move |tx| {
                Box::pin(async move { Ok(((), remind_tx(tx, id, ply, &events).await?)) })
            })
            .await?;
        Ok(stored)
    }

    async fn add_events(&self, events: &[NewEvent]) -> Result<Vec<Event>, StoreError> {
        let events = events_by_account(events);
        let ((), stored) = self
            .write_events(move |tx| {
                Box::pin(async move { Ok(((), B::insert_events(tx, &events).await?)) })
            })
            .await?;
        Ok(stored)
    }

    async fn standings(
        &self,
        variant: Option<Variant>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Standing>, StoreError> {
        let rows: Vec<StandingRow> = sql(B::STANDINGS)
            .bind(variant.map(Variant::as_str))
            .bind(row_limit(limit))
            .bind(i64::from(offset))
            .all(&mut self.conn().await?)
            .await?;
        rows.into_iter()
            .map(|row| row.parse().map(|(_, line)| line))
            .collect()
    }

    async fn standing_of(
        &self,
        variant: Option<Variant>,
        account: AccountId,
    ) -> Result<Option<(u32, Standing)>, StoreError> {
        let row: Option<StandingRow> = sql(B::STANDING_OF)
            .bind(variant.map(Variant::as_str))
            .bind(account.0)
            .optional(&mut self.conn().await?)
            .await?;
        row.map(StandingRow::parse).transpose()
    }

    async fn create_session(&self, session: NewSession) -> Result<(), StoreError> {
        self.detached(move |conn| {
            Box::pin(async move {
                sql(INSERT_SESSION)
                    .bind(session.hash)
                    .bind(session.account.0)
                    .bind(session.csrf)
                    .bind(micros(session.created_at))
                    .bind(micros(session.expires_at))
                    .execute(conn)
                    .await
                    .map(drop)
            })
        })
        .await
    }

    async fn session(&self, hash: &str, now: DateTime<Utc>) -> Result<Session, StoreError> {
        let row: SessionRow = sql("SELECT a.id, a.username, a.bot, a.created_at, s.csrf, \
                                          s.expires_at, a.language \
                                   FROM sessions s JOIN accounts a ON a.id = s.account_id \
                                   WHERE s.hash = $1 AND s.expires_at > $2 \
                                     AND a.closed_at IS NULL")
        .bind(hash)
        .bind(micros(now))
        .one(&mut self.conn().await?)
        .await?;
        row.parse()
    }

    async fn delete_session(&self, hash: &str, now: DateTime<Utc>) -> Result<(), StoreError> {
        let hash = hash.to_owned();
        self.detached(move |conn| {
            Box::pin(async move {
                sql("DELETE FROM sessions WHERE hash = $1 OR expires_at <= $2")
                    .bind(hash)
                    .bind(micros(now))
                    .execute(conn)
                    .await
                    .map(drop)
            })
        })
        .await
    }

    async fn events(
        &self,
        account: AccountId,
        since: u64,
        limit: u32,
    ) -> Result<Vec<Event>, StoreError> {
        let rows: Vec<EventRow> = sql(SELECT_EVENTS)
            .bind(account.0)
            .bind(i64::try_from(since).unwrap_or(i64::MAX))
            .bind(row_limit(limit))
            .all(&mut self.conn().await?)
            .await?;
        rows.into_iter().map(EventRow::parse).collect()
    }

    async fn event_head(&self, account: AccountId) -> Result<u64, StoreError> {
        let (head,): (i64,) = sql("SELECT event_seq FROM accounts WHERE id = $1")
            .bind(account.0)
            .one(&mut self.conn().await?)
            .await?;
        u64::try_from(head).map_err(|_| StoreError::Invalid(format!("corrupt event_seq {head}")))
    }

    async fn purge_events(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        self.delete_before("DELETE FROM events WHERE created_at < $1", before)
            .await
    }

    async fn take_rate(
        &self,
        key: &[u8],
        interval: std::time::Duration,
        burst: u32,
        now: DateTime<Utc>,
    ) -> Result<Option<std::time::Duration>, StoreError> {
        B::take_rate(&self.pool, key, interval, burst, now).await
    }

    async fn purge_rates(&self, now: DateTime<Utc>) -> Result<u64, StoreError> {
        B::purge_rates(&self.pool, now).await
    }

    fn sql(&self) -> AnySql<'_> {
        B::any(self)
    }

    fn listen_events(&self, wake: EventWake) {
        B::listen(self, wake);
    }

    async fn ping(&self) -> Result<(), StoreError> {
        sql("SELECT 1")
            .execute(&mut self.conn().await?)
            .await
            .map(drop)
    }
}
