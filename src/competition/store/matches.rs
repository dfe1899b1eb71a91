//! Match storage: a challenge of several games starts a match, whose games are
//! listed in `match_games` (see `migrations/*/0010_matches.sql` and
//! `0009_matches.sql`). Served by every [`Store`],
//! implemented once for both backends.
//!
//! Two writers advancing one match (the service after a game ends, and every
//! instance's sweeper) are settled by the database: the primary key (match, number)
//! of `match_games` lets one of them create the n-th game, and finishing is a
//! conditional update of an ongoing match.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::BySide;
use uuid::Uuid;

use sqlx::Transaction;

use crate::competition::entity::{Match, MatchGame, NewMatch};
use crate::domain::{
    AccountId, ChallengeId, GameId, MatchId, MatchStatus, MatchTerms, Schedule, Terms,
};
use crate::store::Store;
use crate::store::common::{
    AccountEvents, GameRow, corrupt, count, days_per_move, events_by_account, micros, parse,
    row_limit, to_i32,
};
use crate::store::core::{INSERT_GAME, accept_challenge_tx, bind_new_game, fetch_game, missed};
use crate::store::dialect::Backend;
use crate::store::sql::{AsConn, SqlStore, Statement, on_backend, sql};
use crate::store::{Event, Game, NewEvent, NewGame, StoreError};

/// Storage of matches.
#[async_trait]
pub trait MatchStore: Send + Sync {
    /// Marks an open challenge accepted, creates its match and `games` (game 1 first,
    /// numbered in order, game 1 as the challenge's game) and writes `events`, in one
    /// transaction; returns game 1.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the challenge is no longer open.
    async fn accept_match(
        &self,
        new_match: NewMatch,
        games: Vec<NewGame>,
        events: &[NewEvent],
    ) -> Result<Game, StoreError>;

    /// Creates game `number` of an ongoing match with `events`, in one transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the match already has a game `number` (another
    /// writer got there first) or is over; nothing is written.
    async fn start_match_game(
        &self,
        id: MatchId,
        number: u8,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError>;

    /// Marks an ongoing match finished with its score in half points, with `events`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when it is already over; [`StoreError::NotFound`].
    async fn finish_match(
        &self,
        id: MatchId,
        half_points: BySide<u32>,
        at: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError>;

    /// One match with its games.
    ///
    /// # Errors
    /// [`StoreError::NotFound`].
    async fn get_match(&self, id: MatchId) -> Result<Match, StoreError>;

    /// The games of a match as they stand, by number.
    async fn match_game_states(&self, id: MatchId) -> Result<Vec<Game>, StoreError>;

    /// Ongoing matches that need advancing, oldest first, at most `limit`: those with
    /// no ongoing game (the next game is due, or the match is over), and those that
    /// stop once decided and are (their remaining games are to be aborted).
    async fn matches_to_advance(&self, limit: u32) -> Result<Vec<MatchId>, StoreError>;

    /// The matches `account` plays, newest first, at most `limit`.
    async fn player_matches(
        &self,
        account: AccountId,
        limit: u32,
    ) -> Result<Vec<Match>, StoreError>;

    /// Every match with its games, oldest first (for `seedpost export`).
    async fn export_matches(&self) -> Result<Vec<Match>, StoreError>;
}

/// The columns of a [`MatchRow`], from `matches m` joined with its players.
macro_rules! match_select {
    () => {
        "SELECT m.id, m.challenge_id, m.variant, m.south_id, sa.username AS south_username, \
                sa.bot AS south_bot, m.north_id, na.username AS north_username, \
                na.bot AS north_bot, m.days_per_move, m.rated, m.weekend_pause, m.games, \
                m.schedule, m.stop_when_decided, m.first, m.status, m.half_south, \
                m.half_north, m.created_at, m.finished_at \
         FROM matches m \
         JOIN accounts sa ON sa.id = m.south_id \
         JOIN accounts na ON na.id = m.north_id "
    };
}

/// The SQL reading match `$1`.
const SELECT_MATCH: &str = concat!(match_select!(), "WHERE m.id = $1");

/// The SQL reading the matches of account `$1`, newest first, at most `$2`.
const SELECT_PLAYER_MATCHES: &str = concat!(
    match_select!(),
    "WHERE m.south_id = $1 OR m.north_id = $1 ORDER BY m.created_at DESC, m.id LIMIT $2"
);

/// The SQL reading every match, oldest first.
const SELECT_ALL_MATCHES: &str = concat!(match_select!(), "ORDER BY m.created_at, m.id");

/// The SQL reading the games of match `$1`.
const SELECT_MATCH_GAMES: &str =
    "SELECT match_id, number, game_id FROM match_games WHERE match_id = $1 ORDER BY number";

/// The SQL reading the games of the matches of account `$1`.
const SELECT_PLAYER_MATCH_GAMES: &str = "SELECT mg.match_id, mg.number, mg.game_id \
     FROM match_games mg JOIN matches m ON m.id = mg.match_id \
     WHERE m.south_id = $1 OR m.north_id = $1 ORDER BY mg.match_id, mg.number";

/// The SQL reading every match's games.
const SELECT_ALL_MATCH_GAMES: &str =
    "SELECT match_id, number, game_id FROM match_games ORDER BY match_id, number";

/// The SQL reading the states of the games of match `$1`, by number.
const SELECT_MATCH_GAME_STATES: &str = concat!(
    crate::store::common::game_select!(),
    "JOIN match_games mg ON mg.game_id = g.id WHERE mg.match_id = $1 ORDER BY mg.number"
);

/// The SQL inserting a match, ongoing.
const INSERT_MATCH: &str = "INSERT INTO matches (id, challenge_id, variant, south_id, north_id, days_per_move, rated, \
                          weekend_pause, games, schedule, stop_when_decided, first, status, \
                          half_south, half_north, created_at, finished_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)";

/// The SQL making game `$3` number `$2` of match `$1`, if the match is ongoing.
const INSERT_MATCH_GAME: &str = "INSERT INTO match_games (match_id, number, game_id) \
     SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM matches WHERE id = $1 AND status = 'ongoing')";

/// The SQL writing a match's game as exported.
const IMPORT_MATCH_GAME: &str =
    "INSERT INTO match_games (match_id, number, game_id) VALUES ($1, $2, $3)";

/// The SQL finishing ongoing match `$1` with half points `$2` (South) and `$3`.
const FINISH_MATCH: &str = "UPDATE matches SET status = 'finished', half_south = $2, half_north = $3, \
            finished_at = $4 \
     WHERE id = $1 AND status = 'ongoing'";

/// The SQL listing the ongoing matches to advance, at most `$1`: without an ongoing
/// game, or stopping once decided and decided (the half points apart are more than
/// twice the games not yet over).
const SELECT_TO_ADVANCE: &str = "WITH tally AS ( \
         SELECT mg.match_id, \
                sum(CASE WHEN g.status = 'finished' THEN \
                    CASE g.winner WHEN 'south' THEN 2 WHEN 'north' THEN 0 ELSE 1 END \
                    ELSE 0 END) AS half_south, \
                sum(CASE WHEN g.status = 'finished' THEN \
                    CASE g.winner WHEN 'north' THEN 2 WHEN 'south' THEN 0 ELSE 1 END \
                    ELSE 0 END) AS half_north, \
                sum(CASE WHEN g.status = 'ongoing' THEN 1 ELSE 0 END) AS going, \
                count(*) AS made \
         FROM matches m \
         JOIN match_games mg ON mg.match_id = m.id \
         JOIN games g ON g.id = mg.game_id \
         WHERE m.status = 'ongoing' \
         GROUP BY mg.match_id \
     ) \
     SELECT m.id FROM matches m JOIN tally t ON t.match_id = m.id \
     WHERE m.status = 'ongoing' \
       AND (t.going = 0 \
            OR (m.stop_when_decided \
                AND abs(t.half_south - t.half_north) > 2 * (m.games - t.made + t.going))) \
     ORDER BY m.created_at, m.id LIMIT $1";

/// A match as [`SELECT_MATCH`] reads it.
#[derive(sqlx::FromRow)]
struct MatchRow {
    id: Uuid,
    challenge_id: Uuid,
    variant: String,
    south_id: Uuid,
    south_username: String,
    south_bot: bool,
    north_id: Uuid,
    north_username: String,
    north_bot: bool,
    days_per_move: i32,
    rated: bool,
    weekend_pause: bool,
    games: i32,
    schedule: String,
    stop_when_decided: bool,
    first: String,
    status: String,
    half_south: Option<i32>,
    half_north: Option<i32>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
}

impl MatchRow {
    /// The match, with `games` (the rows of `match_games` of any matches).
    fn parse(self, games: &[MatchGameRow]) -> Result<Match, StoreError> {
        let games = games
            .iter()
            .filter(|g| g.match_id == self.id)
            .map(|g| {
                Ok(MatchGame {
                    number: count("number", g.number)?,
                    game: GameId(g.game_id),
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let schedule =
            Schedule::parse(&self.schedule).ok_or_else(|| corrupt("schedule", &self.schedule))?;
        Ok(Match {
            id: MatchId(self.id),
            challenge_id: ChallengeId(self.challenge_id),
            variant: parse("variant", &self.variant)?,
            players: crate::store::common::players(
                (self.south_id, &self.south_username, self.south_bot),
                (self.north_id, &self.north_username, self.north_bot),
            )?,
            days_per_move: days_per_move(self.days_per_move)?,
            terms: Terms {
                rated: self.rated,
                weekend_pause: self.weekend_pause,
            },
            match_terms: MatchTerms::new(self.games.into(), schedule, self.stop_when_decided)
                .map_err(|_| corrupt("games", self.games))?,
            first: parse("first", &self.first)?,
            status: MatchStatus::parse(&self.status)
                .ok_or_else(|| corrupt("status", &self.status))?,
            half_points: match (self.half_south, self.half_north) {
                (Some(south), Some(north)) => Some(BySide::new(
                    count("half_south", south)?,
                    count("half_north", north)?,
                )),
                (None, None) => None,
                (south, _) => return Err(corrupt("half_south", south)),
            },
            created_at: self.created_at,
            finished_at: self.finished_at,
            games,
        })
    }
}

/// A row of `match_games`.
#[derive(sqlx::FromRow)]
struct MatchGameRow {
    match_id: Uuid,
    number: i32,
    game_id: Uuid,
}

/// Parses match rows with the rows of their games.
fn parse_matches(rows: Vec<MatchRow>, games: &[MatchGameRow]) -> Result<Vec<Match>, StoreError> {
    rows.into_iter().map(|r| r.parse(games)).collect()
}

/// Makes `game` number `number` of match `id`; a taken number is a unique violation
/// (a conflict), a match no longer ongoing inserts nothing (also a conflict).
async fn add_match_game<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: MatchId,
    number: u8,
    game: GameId,
) -> Result<(), StoreError> {
    let added = sql(INSERT_MATCH_GAME)
        .bind(id.0)
        .bind(i32::from(number))
        .bind(game.0)
        .execute(tx)
        .await?;
    if added == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

/// Binds the columns of [`INSERT_MATCH`] up to its status (the first twelve).
fn bind_match<B: Backend>(stmt: Statement<B>, m: &NewMatch) -> Statement<B> {
    stmt.bind(m.id.0)
        .bind(m.challenge_id.0)
        .bind(m.variant.as_str())
        .bind(m.players.south.0)
        .bind(m.players.north.0)
        .bind(i32::from(m.days_per_move.days()))
        .bind(m.terms.rated)
        .bind(m.terms.weekend_pause)
        .bind(i32::from(m.match_terms.games()))
        .bind(m.match_terms.schedule.as_str())
        .bind(m.match_terms.stop_when_decided)
        .bind(m.first.as_str())
}

async fn accept_match_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    new_match: &NewMatch,
    games: &[NewGame],
    events: &[AccountEvents],
) -> Result<(Game, Vec<Event>), StoreError> {
    let (first, rest) = games
        .split_first()
        .ok_or_else(|| StoreError::Invalid("a match starts with a game".to_owned()))?;
    let game = accept_challenge_tx(tx, new_match.challenge_id, first).await?;
    let m = new_match;
    bind_match(sql(INSERT_MATCH), m)
        .bind(MatchStatus::Ongoing.as_str())
        .bind(None::<i32>)
        .bind(None::<i32>)
        .bind(micros(m.created_at))
        .bind(None::<DateTime<Utc>>)
        .execute(tx)
        .await?;
    add_match_game(tx, m.id, 1, first.id).await?;
    for (number, other) in (2..).zip(rest) {
        bind_new_game(sql(INSERT_GAME), other, None)?
            .execute(tx)
            .await?;
        add_match_game(tx, m.id, number, other.id).await?;
    }
    Ok((game, B::insert_events(tx, events).await?))
}

async fn start_match_game_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: MatchId,
    number: u8,
    game: &NewGame,
    events: &[AccountEvents],
) -> Result<(Game, Vec<Event>), StoreError> {
    bind_new_game(sql(INSERT_GAME), game, None)?
        .execute(tx)
        .await?;
    add_match_game(tx, id, number, game.id).await?;
    let stored = B::insert_events(tx, events).await?;
    Ok((fetch_game(tx, game.id).await?, stored))
}

async fn finish_match_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    id: MatchId,
    half_points: BySide<u32>,
    at: DateTime<Utc>,
    events: &[AccountEvents],
) -> Result<Vec<Event>, StoreError> {
    let finished = sql(FINISH_MATCH)
        .bind(id.0)
        .bind(to_i32("half points", half_points.south)?)
        .bind(to_i32("half points", half_points.north)?)
        .bind(micros(at))
        .execute(tx)
        .await?;
    if finished == 0 {
        return Err(missed(tx, "SELECT 1 FROM matches WHERE id = $1", id.0).await);
    }
    B::insert_events(tx, events).await
}

/// Writes matches and their games as exported (after their games).
pub(crate) async fn import_matches<B: Backend>(
    tx: &mut Transaction<'static, B>,
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
        let new = NewMatch {
            id: m.id,
            challenge_id: m.challenge_id,
            variant: m.variant,
            players: BySide::new(m.players.south.id, m.players.north.id),
            days_per_move: m.days_per_move,
            terms: m.terms,
            match_terms: m.match_terms,
            first: m.first,
            created_at: m.created_at,
        };
        bind_match(sql(INSERT_MATCH), &new)
            .bind(m.status.as_str())
            .bind(half.map(|h| h.south))
            .bind(half.map(|h| h.north))
            .bind(micros(m.created_at))
            .bind(m.finished_at.map(micros))
            .execute(tx)
            .await?;
        for g in &m.games {
            sql(IMPORT_MATCH_GAME)
                .bind(m.id.0)
                .bind(i32::from(g.number))
                .bind(g.game.0)
                .execute(tx)
                .await?;
        }
    }
    Ok(())
}

#[async_trait]
impl<S: Store + ?Sized> MatchStore for S {
    async fn accept_match(
        &self,
        new_match: NewMatch,
        games: Vec<NewGame>,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        on_backend!(self.sql(), s => accept_match(s, new_match, games, events).await)
    }

    async fn start_match_game(
        &self,
        id: MatchId,
        number: u8,
        game: NewGame,
        events: &[NewEvent],
    ) -> Result<Game, StoreError> {
        on_backend!(self.sql(), s => start_match_game(s, id, number, game, events).await)
    }

    async fn finish_match(
        &self,
        id: MatchId,
        half_points: BySide<u32>,
        at: DateTime<Utc>,
        events: &[NewEvent],
    ) -> Result<Vec<Event>, StoreError> {
        on_backend!(self.sql(), s => finish_match(s, id, half_points, at, events).await)
    }

    async fn get_match(&self, id: MatchId) -> Result<Match, StoreError> {
        on_backend!(self.sql(), s => get_match(s, id).await)
    }

    async fn match_game_states(&self, id: MatchId) -> Result<Vec<Game>, StoreError> {
        on_backend!(self.sql(), s => match_game_states(s, id).await)
    }

    async fn matches_to_advance(&self, limit: u32) -> Result<Vec<MatchId>, StoreError> {
        on_backend!(self.sql(), s => matches_to_advance(s, limit).await)
    }

    async fn player_matches(
        &self,
        account: AccountId,
        limit: u32,
    ) -> Result<Vec<Match>, StoreError> {
        on_backend!(self.sql(), s => player_matches(s, account, limit).await)
    }

    async fn export_matches(&self) -> Result<Vec<Match>, StoreError> {
        on_backend!(self.sql(), s => export_matches(s).await)
    }
}

async fn accept_match<B: Backend>(
    s: &SqlStore<B>,
    new_match: NewMatch,
    games: Vec<NewGame>,
    events: &[NewEvent],
) -> Result<Game, StoreError> {
    let events = events_by_account(events);
    s.write_events(move |tx| {
        Box::pin(async move { accept_match_tx(tx, &new_match, &games, &events).await })
    })
    .await
    .map(|(game, _)| game)
}

async fn start_match_game<B: Backend>(
    s: &SqlStore<B>,
    id: MatchId,
    number: u8,
    game: NewGame,
    events: &[NewEvent],
) -> Result<Game, StoreError> {
    let events = events_by_account(events);
    s.write_events(move |tx| {
        Box::pin(async move { start_match_game_tx(tx, id, number, &game, &events).await })
    })
    .await
    .map(|(game, _)| game)
}

async fn finish_match<B: Backend>(
    s: &SqlStore<B>,
    id: MatchId,
    half_points: BySide<u32>,
    at: DateTime<Utc>,
    events: &[NewEvent],
) -> Result<Vec<Event>, StoreError> {
    let events = events_by_account(events);
    s.write_events(move |tx| {
        Box::pin(async move { Ok(((), finish_match_tx(tx, id, half_points, at, &events).await?)) })
    })
    .await
    .map(|((), stored)| stored)
}

async fn get_match<B: Backend>(s: &SqlStore<B>, id: MatchId) -> Result<Match, StoreError> {
    let mut conn = s.conn().await?;
    let row: MatchRow = sql(SELECT_MATCH).bind(id.0).one(&mut conn).await?;
    let games: Vec<MatchGameRow> = sql(SELECT_MATCH_GAMES).bind(id.0).all(&mut conn).await?;
    row.parse(&games)
}

async fn match_game_states<B: Backend>(
    s: &SqlStore<B>,
    id: MatchId,
) -> Result<Vec<Game>, StoreError> {
    let rows: Vec<GameRow> = sql(SELECT_MATCH_GAME_STATES)
        .bind(id.0)
        .all(&mut s.conn().await?)
        .await?;
    rows.into_iter().map(GameRow::parse).collect()
}

async fn matches_to_advance<B: Backend>(
    s: &SqlStore<B>,
    limit: u32,
) -> Result<Vec<MatchId>, StoreError> {
    let ids: Vec<Uuid> = sql(SELECT_TO_ADVANCE)
        .bind(row_limit(limit))
        .values(&mut s.conn().await?)
        .await?;
    Ok(ids.into_iter().map(MatchId).collect())
}

async fn player_matches<B: Backend>(
    s: &SqlStore<B>,
    account: AccountId,
    limit: u32,
) -> Result<Vec<Match>, StoreError> {
    let mut conn = s.conn().await?;
    let rows: Vec<MatchRow> = sql(SELECT_PLAYER_MATCHES)
        .bind(account.0)
        .bind(row_limit(limit))
        .all(&mut conn)
        .await?;
    let games: Vec<MatchGameRow> = sql(SELECT_PLAYER_MATCH_GAMES)
        .bind(account.0)
        .all(&mut conn)
        .await?;
    parse_matches(rows, &games)
}

async fn export_matches<B: Backend>(s: &SqlStore<B>) -> Result<Vec<Match>, StoreError> {
    read_matches(&mut s.conn().await?).await
}

/// Every match with its games, read on `conn` (an export's snapshot).
pub(crate) async fn read_matches<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<Match>, StoreError> {
    let rows: Vec<MatchRow> = sql(SELECT_ALL_MATCHES).all(conn).await?;
    let games: Vec<MatchGameRow> = sql(SELECT_ALL_MATCH_GAMES).all(conn).await?;
    parse_matches(rows, &games)
}
