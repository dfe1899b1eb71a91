//! What the two backends share: the rows they read, their parsing into domain types,
//! the columns they write, and running a write so that a dropped caller cannot cut it
//! short.
//!
//! Times are stored to the microsecond (Postgres' `timestamptz` precision), on both
//! backends, so that what is written reads back equal.

use std::fmt::Debug;
use std::future::Future;
use std::str::FromStr;

use chrono::{DateTime, SubsecRound, Utc};
use seedpost_rules::{BySide, Pit, Side, Variant};
use uuid::Uuid;

use super::{
    Account, Challenge, Event, Game, GameResult, GameState, GameWithMoves, Move, NewEvent, Player,
    Standing, StoreError, Token, format_board, parse_board,
};
use crate::domain::{
    AccountId, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason, Ending, EventKind,
    FirstChoice, GameId, GameStatus, MatchTerms, Schedule, Scopes, Terms, TokenId, TournamentId,
    Username,
};
use crate::ratings::Rating;

/// The columns of a [`ChallengeRow`], from `challenges c` joined with its challenger
/// `ca` and its opponent `oa` (left join).
macro_rules! challenge_select {
    () => {
        "SELECT c.id, c.challenger_id, ca.username AS challenger_username, \
                ca.bot AS challenger_bot, c.opponent_id, oa.username AS opponent_username, \
                oa.bot AS opponent_bot, c.variant, c.days_per_move, c.first, c.status, \
                c.game_id, c.created_at, c.rated, c.weekend_pause, \
                c.games, c.schedule, c.stop_when_decided, c.decline_reason, c.rematch_of \
         FROM challenges c \
         JOIN accounts ca ON ca.id = c.challenger_id \
         LEFT JOIN accounts oa ON oa.id = c.opponent_id "
    };
}
pub(super) use challenge_select;

/// The columns of a [`GameRow`], from `games g` joined with its players `sa` and `na`.
macro_rules! game_select {
    () => {
        "SELECT g.id, g.variant, g.south_id, sa.username AS south_username, \
                sa.bot AS south_bot, g.north_id, na.username AS north_username, \
                na.bot AS north_bot, g.first, g.days_per_move, g.challenge_id, g.created_at, \
                g.status, g.ply, g.to_move, g.board, g.store_south, g.store_north, g.deadline, \
                g.winner, g.ended_by, g.score_south, g.score_north, g.updated_at, g.rated, \
                g.weekend_pause, g.plan_rev, \
                (EXISTS (SELECT 1 FROM vacations v \
                         WHERE v.account_id = g.south_id AND v.ended_at IS NULL) \
                 AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
                                 JOIN tournaments t ON t.id = tg.tournament_id \
                                 WHERE tg.game_id = g.id AND NOT t.vacation_allowed)) \
                    AS south_vacation, \
                (EXISTS (SELECT 1 FROM vacations v \
                         WHERE v.account_id = g.north_id AND v.ended_at IS NULL) \
                 AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
                                 JOIN tournaments t ON t.id = tg.tournament_id \
                                 WHERE tg.game_id = g.id AND NOT t.vacation_allowed)) \
                    AS north_vacation, \
                (SELECT tg.tournament_id FROM tournament_games tg WHERE tg.game_id = g.id) \
                    AS tournament_id, \
                (SELECT t.name FROM tournament_games tg \
                 JOIN tournaments t ON t.id = tg.tournament_id WHERE tg.game_id = g.id) \
                    AS tournament_name \
         FROM games g \
         JOIN accounts sa ON sa.id = g.south_id \
         JOIN accounts na ON na.id = g.north_id "
    };
}
pub(crate) use game_select;

/// The matches of games (`MatchRefRow` in the games' store), up to the condition on
/// `mg.game_id`.
macro_rules! match_of_game {
    () => {
        "SELECT mg.game_id, mg.match_id, mg.number, m.games \
         FROM match_games mg JOIN matches m ON m.id = mg.match_id WHERE mg.game_id "
    };
}
pub(crate) use match_of_game;

/// The condition on a game `g` whose clock runs: ongoing, and no player on vacation,
/// unless the game belongs to a tournament that forbids vacation (then its clock runs
/// whoever is away).
macro_rules! clock_runs {
    () => {
        "g.status = 'ongoing' \
         AND (NOT EXISTS (SELECT 1 FROM vacations v WHERE v.ended_at IS NULL \
                          AND v.account_id IN (g.south_id, g.north_id)) \
              OR EXISTS (SELECT 1 FROM tournament_games tg \
                         JOIN tournaments t ON t.id = tg.tournament_id \
                         WHERE tg.game_id = g.id AND NOT t.vacation_allowed)) "
    };
}

/// Games whose clock runs past their deadline `$1`, oldest first, at most `$2`.
pub(crate) const SELECT_OVERDUE: &str = concat!(
    game_select!(),
    "WHERE ",
    clock_runs!(),
    "AND g.deadline < $1 ORDER BY g.deadline, g.id LIMIT $2"
);

/// Games of `$3` days per move whose clock runs with a deadline before `$1` and whose
/// player to move has not been reminded at the current ply, earliest first, at most
/// `$2`.
pub(super) const SELECT_TO_REMIND: &str = concat!(
    game_select!(),
    "WHERE ",
    clock_runs!(),
    "AND g.deadline < $1 AND g.days_per_move = $3 \
       AND (g.reminded_ply IS NULL OR g.reminded_ply < g.ply) \
     ORDER BY g.deadline, g.id LIMIT $2"
);

/// Games whose clock runs with a deadline before `$1`, after the game `$3` whose
/// deadline is `$2` in (deadline, id) order, at most `$4`: a page of the games the
/// reminder sweeper looks at.
pub(crate) const SELECT_REMINDER_PAGE: &str = concat!(
    game_select!(),
    "WHERE ",
    clock_runs!(),
    "AND g.deadline < $1 AND (g.deadline, g.id) > ($2, $3) \
     ORDER BY g.deadline, g.id LIMIT $4"
);

/// Marks game `$1`, ongoing at ply `$2`, reminded at that ply, unless it already is.
pub(super) const MARK_REMINDED: &str = "UPDATE games SET reminded_ply = $2 \
     WHERE id = $1 AND ply = $2 AND status = 'ongoing' \
       AND (reminded_ply IS NULL OR reminded_ply < $2)";

/// Runs a write on a task of its own and waits for it.
///
/// axum drops a handler's future when its client disconnects; a transaction dropped
/// half-way can hand its connection back to the pool still inside the transaction
/// (sqlx issues #4385 and #4393). On its own task the write always ends in a commit or
/// a rollback, whatever happens to the caller.
pub(super) async fn detached<T: Send + 'static>(
    work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::spawn(work).await.map_err(StoreError::task)?
}

/// Commits `tx` when `outcome` is a success, and rolls it back otherwise.
pub(crate) async fn finish<DB: sqlx::Database, T>(
    tx: sqlx::Transaction<'static, DB>,
    outcome: Result<T, StoreError>,
) -> Result<T, StoreError> {
    match outcome {
        Ok(value) => {
            tx.commit().await?;
            Ok(value)
        }
        Err(e) => {
            // The rollback's own failure would hide the reason; a failed rollback
            // leaves the transaction open, and sqlx then rolls it back when the
            // connection goes back to the pool.
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

/// `t` to the microsecond, as both backends keep it.
pub(crate) fn micros(t: DateTime<Utc>) -> DateTime<Utc> {
    t.trunc_subsecs(6)
}

/// The number of rows to ask for: 100 for 0, at most 500.
pub(crate) fn row_limit(limit: u32) -> i64 {
    match limit {
        0 => 100,
        n => i64::from(n.min(500)),
    }
}

/// The error for a column holding what it cannot.
pub(crate) fn corrupt(column: &str, value: impl Debug) -> StoreError {
    StoreError::Invalid(format!("corrupt {column} column: {value:?}"))
}

pub(crate) fn parse<T: FromStr>(column: &str, value: &str) -> Result<T, StoreError> {
    value.parse().map_err(|_| corrupt(column, value))
}

/// The two players of a game's or a match's row: each one's id, username and whether
/// it is a bot.
pub(crate) fn players(
    south: (Uuid, &str, bool),
    north: (Uuid, &str, bool),
) -> Result<BySide<Player>, StoreError> {
    let player = |(id, name, bot): (Uuid, &str, bool), column| {
        Ok::<_, StoreError>(Player {
            id: AccountId(id),
            username: username(column, name)?,
            bot,
        })
    };
    Ok(BySide::new(
        player(south, "south username")?,
        player(north, "north username")?,
    ))
}

/// A user-name column.
pub(crate) fn username(column: &str, value: &str) -> Result<Username, StoreError> {
    Username::parse(value).map_err(|_| corrupt(column, value))
}

/// A days-per-move column.
pub(crate) fn days_per_move(value: i32) -> Result<DaysPerMove, StoreError> {
    DaysPerMove::new(value.into()).map_err(|_| corrupt("days_per_move", value))
}

pub(crate) fn count<T: TryFrom<N>, N: Copy + Debug>(
    column: &str,
    value: N,
) -> Result<T, StoreError> {
    T::try_from(value).map_err(|_| corrupt(column, value))
}

/// An `i32` column from a count that the domain keeps as `u32`.
pub(crate) fn to_i32(what: &str, value: u32) -> Result<i32, StoreError> {
    i32::try_from(value).map_err(|_| StoreError::Invalid(format!("{what} too large: {value}")))
}

/// A row of `accounts`.
#[derive(Clone, sqlx::FromRow)]
pub(crate) struct AccountRow {
    pub(crate) id: Uuid,
    pub(crate) username: String,
    pub(crate) bot: bool,
    pub(crate) created_at: DateTime<Utc>,
}

impl AccountRow {
    pub(crate) fn parse(self) -> Result<Account, StoreError> {
        Ok(Account {
            id: AccountId(self.id),
            username: username("username", &self.username)?,
            bot: self.bot,
            created_at: self.created_at,
        })
    }
}

/// A row of `accounts` with its password hash.
#[derive(sqlx::FromRow)]
pub(super) struct AccountPasswordRow {
    #[sqlx(flatten)]
    account: AccountRow,
    password_hash: String,
}

impl AccountPasswordRow {
    pub(super) fn parse(self) -> Result<(Account, String), StoreError> {
        Ok((self.account.parse()?, self.password_hash))
    }
}

/// An account found by one of its tokens, with the token's last use.
#[derive(Clone, sqlx::FromRow)]
pub(super) struct TokenAccountRow {
    #[sqlx(flatten)]
    pub(super) account: AccountRow,
    pub(super) token_id: Uuid,
    pub(super) last_used_at: Option<DateTime<Utc>>,
    pub(super) scopes: String,
}

/// The scopes of a token as stored: their names separated by spaces.
pub(super) fn scopes(names: &str) -> Result<Scopes, StoreError> {
    Scopes::parse(names.split(' ')).map_err(|_| corrupt("scopes", names))
}

/// The columns of a [`HashedTokenRow`], from `tokens t` joined with its account `a`,
/// which is not closed (a closed account's tokens authenticate nothing).
macro_rules! hashed_token_select {
    () => {
        "SELECT t.hash, a.id, a.username, a.bot, a.created_at, t.id AS token_id, \
                t.last_used_at, t.scopes \
         FROM tokens t JOIN accounts a ON a.id = t.account_id AND a.closed_at IS NULL "
    };
}
pub(super) use hashed_token_select;

/// A token row with its account and its hash, as a batched read of tokens finds it.
#[derive(sqlx::FromRow)]
pub(super) struct HashedTokenRow {
    pub(super) hash: String,
    #[sqlx(flatten)]
    pub(super) row: TokenAccountRow,
}

/// A row of `tokens`, without the hash.
#[derive(sqlx::FromRow)]
pub(super) struct TokenRow {
    id: Uuid,
    account_id: Uuid,
    label: String,
    scopes: String,
    created_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
}

impl TokenRow {
    pub(super) fn parse(self) -> Result<Token, StoreError> {
        Ok(Token {
            id: TokenId(self.id),
            account_id: AccountId(self.account_id),
            label: self.label,
            scopes: scopes(&self.scopes)?,
            created_at: self.created_at,
            last_used_at: self.last_used_at,
        })
    }
}

/// A challenge as [`challenge_select`] reads it.
#[derive(sqlx::FromRow)]
pub(super) struct ChallengeRow {
    id: Uuid,
    challenger_id: Uuid,
    challenger_username: String,
    challenger_bot: bool,
    opponent_id: Option<Uuid>,
    opponent_username: Option<String>,
    opponent_bot: Option<bool>,
    variant: String,
    days_per_move: i32,
    first: String,
    status: String,
    game_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    rated: bool,
    weekend_pause: bool,
    games: i32,
    schedule: String,
    stop_when_decided: bool,
    decline_reason: Option<String>,
    rematch_of: Option<Uuid>,
}

impl ChallengeRow {
    pub(super) fn parse(self) -> Result<Challenge, StoreError> {
        let opponent = match (self.opponent_id, self.opponent_username, self.opponent_bot) {
            (Some(id), Some(name), Some(bot)) => Some(Player {
                id: AccountId(id),
                username: username("opponent username", &name)?,
                bot,
            }),
            (None, _, _) => None,
            (Some(id), _, _) => return Err(corrupt("opponent_id", id)),
        };
        let status =
            ChallengeStatus::parse(&self.status).ok_or_else(|| corrupt("status", &self.status))?;
        // A reason exactly for a declined challenge (Postgres checks it; on SQLite the
        // server keeps it, and a declined one without a reason reads as generic).
        let decline_reason = match (status, self.decline_reason.as_deref()) {
            (ChallengeStatus::Declined, None) => Some(DeclineReason::Generic),
            (ChallengeStatus::Declined, Some(name)) => {
                Some(DeclineReason::parse(name).map_err(|_| corrupt("decline_reason", name))?)
            }
            _ => None,
        };
        Ok(Challenge {
            id: ChallengeId(self.id),
            challenger: Player {
                id: AccountId(self.challenger_id),
                username: username("challenger username", &self.challenger_username)?,
                bot: self.challenger_bot,
            },
            opponent,
            variant: parse("variant", &self.variant)?,
            days_per_move: days_per_move(self.days_per_move)?,
            first: FirstChoice::parse(&self.first).ok_or_else(|| corrupt("first", &self.first))?,
            terms: Terms {
                rated: self.rated,
                weekend_pause: self.weekend_pause,
            },
            match_terms: MatchTerms::new(
                self.games.into(),
                Schedule::parse(&self.schedule)
                    .ok_or_else(|| corrupt("schedule", &self.schedule))?,
                self.stop_when_decided,
            )
            .map_err(|_| corrupt("games", self.games))?,
            status,
            decline_reason,
            game_id: self.game_id.map(GameId),
            rematch_of: self.rematch_of.map(GameId),
            created_at: self.created_at,
        })
    }
}

/// A game as [`game_select`] reads it.
#[derive(Clone, sqlx::FromRow)]
pub(crate) struct GameRow {
    id: Uuid,
    variant: String,
    south_id: Uuid,
    south_username: String,
    south_bot: bool,
    north_id: Uuid,
    north_username: String,
    north_bot: bool,
    first: String,
    days_per_move: i32,
    challenge_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    status: String,
    ply: i32,
    to_move: Option<String>,
    board: String,
    store_south: i32,
    store_north: i32,
    deadline: Option<DateTime<Utc>>,
    winner: Option<String>,
    ended_by: Option<String>,
    score_south: Option<i32>,
    score_north: Option<i32>,
    updated_at: DateTime<Utc>,
    rated: bool,
    weekend_pause: bool,
    plan_rev: i32,
    south_vacation: bool,
    north_vacation: bool,
    tournament_id: Option<Uuid>,
    tournament_name: Option<String>,
}

impl GameRow {
    /// The game's id.
    pub(crate) fn id(&self) -> Uuid {
        self.id
    }

    /// The number of plies played, as stored.
    pub(crate) fn ply(&self) -> i32 {
        self.ply
    }

    pub(crate) fn parse(self) -> Result<Game, StoreError> {
        let variant: Variant = parse("variant", &self.variant)?;
        let board = parse_board(&self.board)?;
        if board.south.len() != variant.pits_per_row()
            || board.north.len() != variant.pits_per_row()
        {
            return Err(corrupt("board", &self.board));
        }
        let result = match (self.ended_by, self.score_south, self.score_north) {
            (None, None, None) => None,
            (Some(ended_by), Some(south), Some(north)) => Some(GameResult {
                score: BySide::new(count("score_south", south)?, count("score_north", north)?),
                winner: self
                    .winner
                    .as_deref()
                    .map(|w| parse("winner", w))
                    .transpose()?,
                ending: Ending::parse(&ended_by).ok_or_else(|| corrupt("ended_by", &ended_by))?,
            }),
            (ended_by, _, _) => return Err(corrupt("result", ended_by)),
        };
        Ok(Game {
            id: GameId(self.id),
            variant,
            players: players(
                (self.south_id, &self.south_username, self.south_bot),
                (self.north_id, &self.north_username, self.north_bot),
            )?,
            first: parse("first", &self.first)?,
            days_per_move: days_per_move(self.days_per_move)?,
            terms: Terms {
                rated: self.rated,
                weekend_pause: self.weekend_pause,
            },
            on_vacation: BySide::new(self.south_vacation, self.north_vacation),
            challenge_id: self.challenge_id.map(ChallengeId),
            tournament: match (self.tournament_id, self.tournament_name) {
                (Some(id), Some(name)) => Some(crate::domain::TournamentRef {
                    id: TournamentId(id),
                    name,
                }),
                _ => None,
            },
            created_at: self.created_at,
            state: GameState {
                status: GameStatus::parse(&self.status)
                    .ok_or_else(|| corrupt("status", &self.status))?,
                ply: count("ply", self.ply)?,
                to_move: self
                    .to_move
                    .as_deref()
                    .map(|s| parse("to_move", s))
                    .transpose()?,
                board,
                stores: BySide::new(
                    count("store_south", self.store_south)?,
                    count("store_north", self.store_north)?,
                ),
                deadline: self.deadline,
                result,
                updated_at: self.updated_at,
            },
            plan_rev: self.plan_rev,
        })
    }

    /// The game with its moves: `moves` must be plies 1 to the game's ply, in order.
    pub(crate) fn with_moves(self, moves: Vec<MoveRow>) -> Result<GameWithMoves, StoreError> {
        let game = self.parse()?;
        let moves = moves
            .into_iter()
            .map(MoveRow::parse)
            .collect::<Result<Vec<_>, _>>()?;
        let numbered = moves.iter().zip(1..).all(|(m, n)| m.ply == n);
        if !numbered || moves.len() != game.state.ply as usize {
            return Err(StoreError::Invalid(format!(
                "game {} at ply {} has {} stored moves",
                game.id,
                game.state.ply,
                moves.len()
            )));
        }
        Ok(GameWithMoves { game, moves })
    }
}

/// A row of `moves` with its game, for the moves of many games read at once.
#[derive(sqlx::FromRow)]
pub(crate) struct GameMoveRow {
    /// The game.
    pub(crate) game_id: Uuid,
    /// The move.
    #[sqlx(flatten)]
    pub(crate) row: MoveRow,
}

/// A row of `moves`.
#[derive(sqlx::FromRow)]
pub(crate) struct MoveRow {
    ply: i32,
    side: String,
    pit: Option<i32>,
    at: DateTime<Utc>,
}

impl MoveRow {
    fn parse(self) -> Result<Move, StoreError> {
        let pit = match self.pit {
            None => None,
            Some(n) => Some(
                u8::try_from(n)
                    .ok()
                    .and_then(Pit::new)
                    .ok_or_else(|| corrupt("pit", n))?,
            ),
        };
        Ok(Move {
            ply: count("ply", self.ply)?,
            side: parse("side", &self.side)?,
            pit,
            at: self.at,
        })
    }
}

/// A line of the standings.
#[derive(sqlx::FromRow)]
pub(super) struct StandingRow {
    username: String,
    games: i64,
    wins: i64,
    draws: i64,
    losses: i64,
    half_points: i64,
    rating: Option<f64>,
    deviation: Option<f64>,
    volatility: Option<f64>,
    place: i64,
}

impl StandingRow {
    /// The line and its place.
    pub(super) fn parse(self) -> Result<(u32, Standing), StoreError> {
        let place = count("place", self.place)?;
        Ok((
            place,
            Standing {
                username: username("username", &self.username)?,
                games: count("games", self.games)?,
                wins: count("wins", self.wins)?,
                draws: count("draws", self.draws)?,
                losses: count("losses", self.losses)?,
                half_points: count("half_points", self.half_points)?,
                rating: match (self.rating, self.deviation, self.volatility) {
                    (Some(rating), Some(deviation), Some(volatility)) => Some(Rating {
                        rating,
                        deviation,
                        volatility,
                    }),
                    _ => None,
                },
            },
        ))
    }
}

/// The columns of a game's cached state, as written.
#[derive(Debug, Clone)]
pub(crate) struct StateColumns {
    pub(super) status: &'static str,
    pub(super) ply: i32,
    pub(super) to_move: Option<&'static str>,
    pub(super) board: String,
    pub(super) store_south: i32,
    pub(super) store_north: i32,
    pub(super) deadline: Option<DateTime<Utc>>,
    pub(super) winner: Option<&'static str>,
    pub(super) ended_by: Option<&'static str>,
    pub(super) score_south: Option<i32>,
    pub(super) score_north: Option<i32>,
    pub(super) updated_at: DateTime<Utc>,
}

impl StateColumns {
    pub(crate) fn new(state: &GameState) -> Result<StateColumns, StoreError> {
        let result = state.result.as_ref();
        Ok(StateColumns {
            status: state.status.as_str(),
            ply: to_i32("ply", state.ply)?,
            to_move: state.to_move.map(Side::as_str),
            board: format_board(&state.board),
            store_south: state.stores.south.into(),
            store_north: state.stores.north.into(),
            deadline: state.deadline.map(micros),
            winner: result.and_then(|r| r.winner).map(Side::as_str),
            ended_by: result.map(|r| r.ending.code()),
            score_south: result.map(|r| r.score.south.into()),
            score_north: result.map(|r| r.score.north.into()),
            updated_at: micros(state.updated_at),
        })
    }
}

/// The columns of a ply, as written.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveColumns {
    pub(super) ply: i32,
    pub(super) side: &'static str,
    pub(super) pit: Option<i32>,
    pub(super) at: DateTime<Utc>,
}

/// The columns of plies to append to a game at ply `seen`, with the state they lead to.
///
/// # Errors
/// [`StoreError::Invalid`] when the plies are not numbered `seen + 1`, `seen + 2`, …, or
/// the state's ply is not the last of them: a bug in the caller, not a race.
pub(crate) fn plies_columns(
    seen: u32,
    plies: &[Move],
    state: &GameState,
) -> Result<Vec<MoveColumns>, StoreError> {
    let numbered = plies.iter().zip(seen + 1..).all(|(m, n)| m.ply == n);
    let last = seen as usize + plies.len();
    if plies.is_empty() || !numbered || state.ply as usize != last {
        return Err(StoreError::Invalid(format!(
            "plies {:?} do not follow ply {seen} and lead to ply {}",
            plies.iter().map(|m| m.ply).collect::<Vec<_>>(),
            state.ply
        )));
    }
    plies
        .iter()
        .map(|m| {
            Ok(MoveColumns {
                ply: to_i32("ply", m.ply)?,
                side: m.side.as_str(),
                pit: m.pit.map(|p| i32::from(p.number())),
                at: micros(m.at),
            })
        })
        .collect()
}

/// A row of `events`.
#[derive(sqlx::FromRow)]
pub(crate) struct EventRow {
    account_id: Uuid,
    seq: i64,
    kind: String,
    payload: String,
    created_at: DateTime<Utc>,
}

impl EventRow {
    pub(crate) fn parse(self) -> Result<Event, StoreError> {
        Ok(Event {
            account: AccountId(self.account_id),
            seq: count("seq", self.seq)?,
            kind: EventKind::parse(&self.kind).ok_or_else(|| corrupt("kind", &self.kind))?,
            payload: self.payload,
            created_at: self.created_at,
        })
    }
}

/// The events of one account to write, as columns.
#[derive(Debug, Clone)]
pub struct AccountEvents {
    pub(super) account: Uuid,
    /// Kind, payload and creation time of each, in seq order.
    pub(super) events: Vec<(&'static str, String, DateTime<Utc>)>,
}

impl AccountEvents {
    /// How many seqs to take.
    pub(super) fn len(&self) -> i64 {
        i64::try_from(self.events.len()).unwrap_or(i64::MAX)
    }

    /// These events as stored, the last one with seq `last`.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a seq below 1 (a corrupt counter).
    pub(super) fn stored(&self, last: i64) -> Result<Vec<Event>, StoreError> {
        let first = last - self.len() + 1;
        (first..)
            .zip(&self.events)
            .map(|(seq, (kind, payload, at))| {
                Ok(Event {
                    account: AccountId(self.account),
                    seq: count("seq", seq)?,
                    kind: EventKind::parse(kind).ok_or_else(|| corrupt("kind", kind))?,
                    payload: payload.clone(),
                    created_at: *at,
                })
            })
            .collect()
    }
}

/// `events` grouped by account, keeping their order within each account, and the
/// accounts in id order: every writer locks account rows in that one order, so two
/// transactions writing events for the same two players cannot deadlock.
pub(crate) fn events_by_account(events: &[NewEvent]) -> Vec<AccountEvents> {
    let mut grouped: Vec<AccountEvents> = Vec::new();
    for event in events {
        let columns = (
            event.kind.as_str(),
            event.payload.clone(),
            micros(event.created_at),
        );
        match grouped.iter_mut().find(|g| g.account == event.account.0) {
            Some(group) => group.events.push(columns),
            None => grouped.push(AccountEvents {
                account: event.account.0,
                events: vec![columns],
            }),
        }
    }
    grouped.sort_by_key(|g| g.account);
    grouped
}

/// The SQL taking `$2` seqs for account `$1`, returning the last one taken. The row
/// lock it takes orders the writers of one account: commit order is seq order.
pub(super) const TAKE_SEQS: &str =
    "UPDATE accounts SET event_seq = event_seq + $2 WHERE id = $1 RETURNING event_seq";

/// The SQL inserting one event.
pub(super) const INSERT_EVENT: &str = "INSERT INTO events (account_id, seq, kind, payload, created_at) \
     VALUES ($1, $2, $3, $4, $5)";

/// The SQL reading an account's events after a seq.
pub(super) const SELECT_EVENTS: &str = "SELECT account_id, seq, kind, payload, created_at FROM events \
     WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3";

/// A failed migration: [`StoreError::Unavailable`] when the database could not be
/// reached, [`StoreError::Migrate`] otherwise.
pub(super) fn migrate_error(e: sqlx::migrate::MigrateError) -> StoreError {
    match e {
        sqlx::migrate::MigrateError::Execute(inner) if super::cannot_reach(&inner) => {
            StoreError::Unavailable(std::sync::Arc::new(inner))
        }
        other => StoreError::Migrate(std::sync::Arc::new(other)),
    }
}
