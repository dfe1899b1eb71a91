//! `seedpost export` and `seedpost import`: all data as JSON lines, the same on
//! SQLite and Postgres, so that a club that started on the embedded SQLite default
//! can move to Postgres without losing a game (docs/operations.md, "Moving to Postgres").
//!
//! The first line is a header, `{"type":"header","format":"seedpost-export",
//! "version":1}`; then one line per account (with its password hash), token (its
//! hash, never a secret), challenge, and game (with its moves, cached state and
//! result), each with a `type`; then one line per player's rating in a variant (after
//! the games, whose results it sums up), one per match (with the numbers of its
//! games, after them), one per vacation, and one per tournament (with its players
//! and the ids of its games); then one line per
//! stored event (each account's line carries its `event_seq` counter, so that seqs go
//! on above the old ones and a stream resumed with `since` misses nothing and hears
//! nothing twice), per webhook (with its secret and cursor), per webhook delivery
//! (pending ones keep their attempts and next attempt time, and are still delivered),
//! and per browser session (the hash of its secret, so that players stay logged in);
//! then one per calendar feed (the hash of its URL's secret) and one per account's
//! digest settings.
//! Exports from before a record kind existed simply have no such lines.
//!
//! The import trusts nothing it reads: every reference must point to an earlier
//! line, and every game is replayed through the engine (RULES.md) and its cached
//! board, stores, ply, side to move and result compared with the replay. The first
//! fault stops the import with the line and the game it concerns, before anything is
//! written; the write itself is one transaction into an empty database.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::io::{BufRead, Write};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Pit, Ply, Side, Variant};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::Transaction;
use uuid::Uuid;

use crate::domain::{
    AccountId, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason, DeliveryId, Ending,
    EventKind, FirstChoice, GameId, GameStatus, MatchId, MatchStatus, MatchTerms, Schedule, Scopes,
    Terms, TokenId, TournamentId, Username, WebhookId,
};
use crate::notifications::export::Notifications;
use crate::ratings::Rating;
use crate::store::dialect::Backend;
use crate::store::matches::{Match, MatchGame};
use crate::store::ops::{AccountWithPassword, DataSet, TokenWithHash};
use crate::store::ratings::VariantRating;
use crate::store::sql::{SqlStore, on_backend};
use crate::store::tournaments::{Tournament, TournamentRecord};
use crate::store::vacations::Vacation;
use crate::store::webhooks::{Delivery, DeliveryStatus, Webhook};
use crate::store::{
    Account, Challenge, Entrant, Event, Game, GameResult, GameState, GameWithMoves, Move,
    NewSession, Player, Store, StoreError, Token,
};
use crate::tournament::TournamentStatus;

mod carried;

/// The `format` of the header line.
pub const FORMAT: &str = "seedpost-export";

/// The longest line an import reads, in bytes: far above any record the server
/// writes (a game of a thousand plies is about 60 KB), so that a file cannot make the
/// import hold a huge text.
pub const MAX_LINE: usize = 1 << 20;

/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;

/// The tables the export carries whole for the features whose lines are still
/// written here (the rest are each feature's, see [`Lines::EXPORTED`]).
const UNMOVED_EXPORTED: &[&str] = &[
    "accounts",
    "tokens",
    "challenges",
    "games",
    "moves",
    "sessions",
    "events",
    "webhooks",
    "webhook_deliveries",
    "ratings",
    "game_ratings",
    "vacations",
    "matches",
    "match_games",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "challenge_filters",
    "play_settings",
    "conditional_lines",
    "conditional_plies",
    "game_notes",
    "blocks",
    "chat_lines",
    "chat_reports",
    "chat_mutes",
];

/// The tables the features whose lines are still written here leave out, each with
/// why nobody misses them (the rest are each feature's, see [`Lines::TRANSIENT`]).
const UNMOVED_TRANSIENT: &[(&str, &str)] = &[
    (
        "runner_leases",
        "which bot runner holds an account's lease now: a runner claims it again \
         within its heartbeat",
    ),
    (
        "mail_links",
        "single-use links of verification and password-reset mails: a link mailed \
         before the move no longer works; the player asks for a new one",
    ),
];

/// Every table an export carries, whole: all a player or an operator would miss on
/// the new server. A migration that makes a table puts it in its feature's
/// [`Lines::EXPORTED`] or [`Lines::TRANSIENT`] (`tests/tidy/transfer.rs` fails
/// otherwise), and the round trip test compares every one of these tables' rows
/// before and after.
#[must_use]
pub fn exported_tables() -> Vec<&'static str> {
    [UNMOVED_EXPORTED, Notifications::EXPORTED].concat()
}

/// The tables an export leaves out, each with why nobody misses them: queues,
/// claims and traces of the moment, which the new server starts without.
#[must_use]
pub fn transient_tables() -> Vec<(&'static str, &'static str)> {
    [UNMOVED_TRANSIENT, Notifications::TRANSIENT].concat()
}

/// A feature's lines of the export: its tables, read in the export's snapshot and
/// written in the import's transaction, its lines and how the import checks them.
/// Each feature's `export` module implements it; [`export`] and [`import`] drive
/// every one (the features whose lines are not yet their own are still written
/// here, over the store's [`DataSet`]).
#[async_trait]
pub trait Lines: Default + Send + Sync + Sized {
    /// Its lines, tagged by `"type"`.
    type Line: Serialize + DeserializeOwned;

    /// The `type`s of its lines.
    const KINDS: &'static [&'static str];

    /// The tables it carries whole.
    const EXPORTED: &'static [&'static str];

    /// The tables it leaves out, each with why nobody misses them.
    const TRANSIENT: &'static [(&'static str, &'static str)];

    /// Reads its rows on `tx`, the export's snapshot.
    async fn read<B: Backend>(tx: &mut Transaction<'static, B>) -> Result<Self, StoreError>;

    /// Writes its rows on `tx`, the import's transaction, after every row of the
    /// features not yet moved (the accounts they name among them).
    async fn write<B: Backend>(&self, tx: &mut Transaction<'static, B>) -> Result<(), StoreError>;

    /// Its lines, in the order the import reads them.
    fn lines(&self) -> Vec<Self::Line>;

    /// Reads one of its lines, checked as the API checks what it stands for and
    /// against what the import read before (`known`).
    ///
    /// # Errors
    /// [`ReadError`] for a line the import refuses.
    fn take(&mut self, line: Self::Line, known: &Known) -> Result<(), ReadError>;

    /// Adds how many rows of each kind it holds to `counts`.
    fn count(&self, counts: &mut Counts);
}

/// What the import read so far that a feature's lines may name.
#[derive(Debug, Default)]
pub struct Known {
    /// The accounts.
    accounts: HashMap<Uuid, Player>,
    /// Each account's event counter: no event, cursor or delivery goes above it.
    heads: HashMap<Uuid, u64>,
}

impl Known {
    /// The account `id` of an earlier line (`what` names what names it).
    ///
    /// # Errors
    /// [`ReadError::NoAccount`] when no earlier line is that account.
    pub fn player(&self, id: Uuid, what: &str) -> Result<Player, ReadError> {
        self.accounts
            .get(&id)
            .cloned()
            .ok_or_else(|| ReadError::NoAccount {
                what: what.to_owned(),
                id,
            })
    }

    /// The event counter of the account `id` of an earlier line.
    ///
    /// # Errors
    /// [`ReadError::NoAccount`] when no earlier line is that account.
    pub fn head(&self, id: Uuid, what: &str) -> Result<u64, ReadError> {
        self.heads
            .get(&id)
            .copied()
            .ok_or_else(|| ReadError::NoAccount {
                what: what.to_owned(),
                id,
            })
    }
}

/// Why the import refuses a line.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The line is no record of the format.
    #[error("not a record: {0}")]
    NotARecord(#[source] serde_json::Error),
    /// The line names an account that no earlier line is.
    #[error("{what} {id} is not an account of an earlier line")]
    NoAccount {
        /// What names it.
        what: String,
        /// The account named.
        id: Uuid,
    },
    /// What the line stands for is there already (the text says what).
    #[error("{0} twice")]
    Twice(String),
    /// A value the server would not have written.
    #[error("{what}: {why}")]
    Refused {
        /// What the line stands for.
        what: String,
        /// What is wrong with it.
        why: String,
    },
    /// Refused by the checks of the lines still written here, in their words.
    #[error("{0}")]
    Unmoved(String),
}

impl ReadError {
    /// [`ReadError::Refused`]: `what` is refused for `why`.
    pub fn refused(what: &str, why: impl fmt::Display) -> ReadError {
        ReadError::Refused {
            what: what.to_owned(),
            why: why.to_string(),
        }
    }
}

impl From<String> for ReadError {
    fn from(message: String) -> ReadError {
        ReadError::Unmoved(message)
    }
}

/// Everything an export carries: the rows of the features whose lines are still
/// written here, and each other feature's.
#[derive(Debug, Default)]
pub struct Data {
    /// The rows of the features whose lines are still written here.
    pub unmoved: DataSet,
    /// The notifications'.
    pub notifications: Notifications,
}

/// What can stop an export or an import.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    /// A line of the input is malformed, refers to something unknown, or holds a game
    /// that does not replay to its stored state.
    #[error("line {line}: {message}")]
    Invalid {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong, naming the game or account concerned.
        message: String,
    },
    /// What the database holds would not import (its line and why): the export
    /// writes nothing rather than a file that cannot be restored.
    #[error("the export would not import, so nothing was written: line {line}: {message}")]
    Unimportable {
        /// The line of the export, counted from 1.
        line: usize,
        /// What the import refuses there.
        message: String,
    },
    /// The target database already holds data.
    #[error(
        "the target database is not empty: import only into a new database \
         (an existing one is never merged into)"
    )]
    NotEmpty,
    /// The database failed.
    #[error("database")]
    Store(#[from] StoreError),
    /// Reading or writing failed.
    #[error("i/o")]
    Io(#[from] std::io::Error),
}

/// How much was exported or imported.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Accounts.
    pub accounts: usize,
    /// API tokens.
    pub tokens: usize,
    /// Challenges.
    pub challenges: usize,
    /// Games.
    pub games: usize,
    /// Moves (plies, automatic passes included).
    pub moves: usize,
    /// Ratings (one per player and variant with rated games).
    pub ratings: usize,
    /// Vacations.
    pub vacations: usize,
    /// Tournaments.
    pub tournaments: usize,
    /// Matches.
    pub matches: usize,
    /// Stored events.
    pub events: usize,
    /// Webhooks.
    pub webhooks: usize,
    /// Webhook deliveries, pending or done.
    pub deliveries: usize,
    /// Browser sessions.
    pub sessions: usize,
    /// Calendar feeds.
    pub calendars: usize,
    /// Accounts' digest settings.
    pub digests: usize,
    /// Accounts' play settings, challenge filters and notification settings.
    pub settings: usize,
    /// Push devices.
    pub push_devices: usize,
    /// Rated games' rating changes (one per player).
    pub rating_changes: usize,
    /// The server's own keys.
    pub server_keys: usize,
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} accounts, {} tokens, {} challenges, {} games, {} moves, {} ratings, {} vacations, \
             {} matches, {} tournaments, {} events, {} webhooks, {} webhook deliveries, \
             {} sessions, {} calendar feeds, {} digest settings, {} other settings, \
             {} push devices, {} rating changes, {} server keys",
            self.accounts,
            self.tokens,
            self.challenges,
            self.games,
            self.moves,
            self.ratings,
            self.vacations,
            self.matches,
            self.tournaments,
            self.events,
            self.webhooks,
            self.deliveries,
            self.sessions,
            self.calendars,
            self.digests,
            self.settings,
            self.push_devices,
            self.rating_changes,
            self.server_keys
        )
    }
}

impl Counts {
    fn of(all: &Data) -> Counts {
        let data = &all.unmoved;
        let mut counts = Counts {
            accounts: data.accounts.len(),
            tokens: data.tokens.len(),
            challenges: data.challenges.len(),
            games: data.games.len(),
            moves: data.games.iter().map(|g| g.moves.len()).sum(),
            ratings: data.ratings.len(),
            vacations: data.vacations.len(),
            tournaments: data.tournaments.len(),
            matches: data.matches.len(),
            events: data.events.len(),
            webhooks: data.webhooks.len(),
            deliveries: data.deliveries.len(),
            sessions: data.sessions.len(),
            calendars: 0,
            digests: 0,
            settings: data.carried.play_settings.len() + data.carried.challenge_filters.len(),
            push_devices: 0,
            rating_changes: data.carried.game_ratings.len(),
            server_keys: 0,
        };
        all.notifications.count(&mut counts);
        counts
    }
}

/// One line of an export.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line {
    Header {
        format: String,
        version: u32,
    },
    Account(AccountLine),
    Token(TokenLine),
    Challenge(ChallengeLine),
    Game(GameLine),
    Rating(RatingLine),
    Vacation(VacationLine),
    Tournament(TournamentLine),
    Match(MatchLine),
    Event(EventLine),
    Webhook(WebhookLine),
    Delivery(DeliveryLine),
    Session(SessionLine),
    PlaySettings(carried::PlaySettingsLine),
    ChallengeFilters(carried::FiltersLine),
    GameRating(carried::GameRatingLine),
    Conditional(carried::ConditionalLine),
    ConditionalPly(carried::ConditionalPlyLine),
    Note(carried::NoteLine),
    Block(carried::BlockLine),
    /// A chat line (`"type": "chat"`).
    Chat(carried::ChatLineLine),
    ChatReport(carried::ChatReportLine),
    ChatMute(carried::ChatMuteLine),
}

/// A stored event of an account's stream. Exports from before events have none.
#[derive(Debug, Serialize, Deserialize)]
struct EventLine {
    account_id: Uuid,
    seq: u64,
    kind: String,
    payload: String,
    created_at: DateTime<Utc>,
}

/// A webhook. Exports from before webhooks have none.
#[derive(Debug, Serialize, Deserialize)]
struct WebhookLine {
    id: Uuid,
    account_id: Uuid,
    url: String,
    secret: String,
    cursor: u64,
    created_at: DateTime<Utc>,
}

/// A webhook delivery with its attempts. Exports from before webhooks have none.
#[derive(Debug, Serialize, Deserialize)]
struct DeliveryLine {
    id: Uuid,
    webhook_id: Uuid,
    event_seq: u64,
    event_type: String,
    body: String,
    status: String,
    attempts: u32,
    last_status: Option<u16>,
    last_error: Option<String>,
    next_attempt_at: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    delivered_at: Option<DateTime<Utc>>,
}

/// A browser session: the hash of its secret, never the secret. Exports from before
/// sessions were carried have none.
#[derive(Debug, Serialize, Deserialize)]
struct SessionLine {
    hash: String,
    account_id: Uuid,
    csrf: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

/// An account's vacation. Exports from before vacations have none.
#[derive(Debug, Serialize, Deserialize)]
struct VacationLine {
    id: Uuid,
    account_id: Uuid,
    started_at: DateTime<Utc>,
    allowed_until: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

/// A round-robin tournament with its players and games (after the games). Exports
/// from before tournaments have none.
#[derive(Debug, Serialize, Deserialize)]
struct TournamentLine {
    id: Uuid,
    name: String,
    creator_id: Uuid,
    variant: Variant,
    days_per_move: u8,
    double: bool,
    rated: bool,
    vacation_allowed: bool,
    max_players: u32,
    starts_at: DateTime<Utc>,
    status: TournamentStatus,
    created_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
    players: Vec<EntrantLine>,
    games: Vec<TournamentGameLine>,
}

/// A player of a tournament.
#[derive(Debug, Serialize, Deserialize)]
struct EntrantLine {
    account_id: Uuid,
    joined_at: DateTime<Utc>,
    withdrawn_at: Option<DateTime<Utc>>,
}

/// A game of a tournament.
#[derive(Debug, Serialize, Deserialize)]
struct TournamentGameLine {
    game_id: Uuid,
    cycle: u8,
}

/// A player's rating in a variant. Exports from before ratings have none.
#[derive(Debug, Serialize, Deserialize)]
struct RatingLine {
    account_id: Uuid,
    variant: Variant,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: u32,
    updated_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, Deserialize)]
struct AccountLine {
    id: Uuid,
    username: String,
    password_hash: String,
    bot: bool,
    created_at: DateTime<Utc>,
    /// The seq of the account's latest event; absent (0) in exports from before
    /// events were carried.
    #[serde(default)]
    event_seq: u64,
    /// When the operator closed it (or its player deleted it); absent while open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    closed_at: Option<DateTime<Utc>>,
    /// When its player deleted it; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deleted_at: Option<DateTime<Utc>>,
    /// The address it signed up from, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sign_up_address: Option<String>,
    /// The language it chose (a primary tag); absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    language: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct TokenLine {
    id: Uuid,
    account_id: Uuid,
    label: String,
    hash: String,
    created_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
    /// Absent (every scope) in exports from before scopes.
    #[serde(default = "every_scope")]
    scopes: Vec<String>,
}

fn every_scope() -> Vec<String> {
    Scopes::ALL.iter().map(|s| s.as_str().to_owned()).collect()
}

#[derive(Debug, Serialize, Deserialize)]
struct ChallengeLine {
    id: Uuid,
    challenger_id: Uuid,
    opponent_id: Option<Uuid>,
    variant: Variant,
    days_per_move: u8,
    first: String,
    status: String,
    game_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    /// Absent (casual) in exports from before ratings.
    #[serde(default)]
    rated: bool,
    /// Absent (no pause) in exports from before weekend pauses.
    #[serde(default)]
    weekend_pause: bool,
    /// Absent (one game) in exports from before matches.
    #[serde(default = "one_game")]
    games: u8,
    /// Absent (sequential) in exports from before matches.
    #[serde(default = "sequential")]
    schedule: String,
    /// Absent (true) in exports from before matches.
    #[serde(default = "yes")]
    stop_when_decided: bool,
    /// Why it was declined (declined ones only); absent (generic) in exports from
    /// before decline reasons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    decline_reason: Option<String>,
    /// The game it is the rematch of (rematches only); absent in exports from before
    /// the mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rematch_of: Option<Uuid>,
}

fn one_game() -> u8 {
    1
}

fn sequential() -> String {
    Schedule::Sequential.as_str().to_owned()
}

fn yes() -> bool {
    true
}

/// A match of several games. Exports from before matches have none.
#[derive(Debug, Serialize, Deserialize)]
struct MatchLine {
    id: Uuid,
    challenge_id: Uuid,
    variant: Variant,
    south_id: Uuid,
    north_id: Uuid,
    days_per_move: u8,
    rated: bool,
    weekend_pause: bool,
    games: u8,
    schedule: String,
    stop_when_decided: bool,
    first: Side,
    status: String,
    half_points: Option<BySide<u32>>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    /// The game ids by number: the first is game 1.
    match_games: Vec<MatchGameLine>,
}

#[derive(Debug, Serialize, Deserialize)]
struct MatchGameLine {
    number: u8,
    game_id: Uuid,
}

#[derive(Debug, Serialize, Deserialize)]
struct ResultLine {
    score: BySide<u8>,
    winner: Option<Side>,
    ended_by: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct MoveLine {
    ply: u32,
    side: Side,
    pit: Option<u8>,
    at: DateTime<Utc>,
}

#[derive(Debug, Serialize, Deserialize)]
struct GameLine {
    id: Uuid,
    variant: Variant,
    south_id: Uuid,
    north_id: Uuid,
    first: Side,
    days_per_move: u8,
    challenge_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    /// Absent (casual) in exports from before ratings.
    #[serde(default)]
    rated: bool,
    /// Absent (no pause) in exports from before weekend pauses.
    #[serde(default)]
    weekend_pause: bool,
    status: String,
    ply: u32,
    to_move: Option<Side>,
    board: BySide<Vec<u8>>,
    stores: BySide<u8>,
    deadline: Option<DateTime<Utc>>,
    /// The ply at which the player to move was last told that time is running out;
    /// absent (never told) in exports from before reminders.
    #[serde(default)]
    reminded_ply: Option<u32>,
    result: Option<ResultLine>,
    updated_at: DateTime<Utc>,
    moves: Vec<MoveLine>,
}

fn account_line(a: &AccountWithPassword) -> Line {
    Line::Account(AccountLine {
        id: a.account.id.0,
        username: a.account.username.as_str().to_owned(),
        password_hash: a.password_hash.clone(),
        bot: a.account.bot,
        created_at: a.account.created_at,
        event_seq: a.event_seq,
        closed_at: a.state.closed_at,
        deleted_at: a.state.deleted_at,
        sign_up_address: a.sign_up_address.clone(),
        language: a.language.clone(),
    })
}

fn token_line(t: &TokenWithHash) -> Line {
    Line::Token(TokenLine {
        id: t.token.id.0,
        account_id: t.token.account_id.0,
        label: t.token.label.clone(),
        hash: t.hash.clone(),
        created_at: t.token.created_at,
        last_used_at: t.token.last_used_at,
        scopes: t
            .token
            .scopes
            .iter()
            .map(|s| s.as_str().to_owned())
            .collect(),
    })
}

fn challenge_line(c: &Challenge) -> Line {
    Line::Challenge(ChallengeLine {
        id: c.id.0,
        challenger_id: c.challenger.id.0,
        opponent_id: c.opponent.as_ref().map(|p| p.id.0),
        variant: c.variant,
        days_per_move: c.days_per_move.days(),
        first: c.first.as_str().to_owned(),
        status: c.status.as_str().to_owned(),
        game_id: c.game_id.map(|g| g.0),
        created_at: c.created_at,
        rated: c.terms.rated,
        weekend_pause: c.terms.weekend_pause,
        games: c.match_terms.games(),
        schedule: c.match_terms.schedule.as_str().to_owned(),
        stop_when_decided: c.match_terms.stop_when_decided,
        decline_reason: c.decline_reason.map(|r| r.as_str().to_owned()),
        rematch_of: c.rematch_of.map(|g| g.0),
    })
}

fn match_line(m: &Match) -> Line {
    Line::Match(MatchLine {
        id: m.id.0,
        challenge_id: m.challenge_id.0,
        variant: m.variant,
        south_id: m.players.south.id.0,
        north_id: m.players.north.id.0,
        days_per_move: m.days_per_move.days(),
        rated: m.terms.rated,
        weekend_pause: m.terms.weekend_pause,
        games: m.match_terms.games(),
        schedule: m.match_terms.schedule.as_str().to_owned(),
        stop_when_decided: m.match_terms.stop_when_decided,
        first: m.first,
        status: m.status.as_str().to_owned(),
        half_points: m.half_points,
        created_at: m.created_at,
        finished_at: m.finished_at,
        match_games: m
            .games
            .iter()
            .map(|g| MatchGameLine {
                number: g.number,
                game_id: g.game.0,
            })
            .collect(),
    })
}

fn game_line(g: &GameWithMoves, reminded_ply: Option<u32>) -> Line {
    let game = &g.game;
    let state = &game.state;
    Line::Game(GameLine {
        id: game.id.0,
        variant: game.variant,
        south_id: game.players.south.id.0,
        north_id: game.players.north.id.0,
        first: game.first,
        days_per_move: game.days_per_move.days(),
        challenge_id: game.challenge_id.map(|c| c.0),
        created_at: game.created_at,
        rated: game.terms.rated,
        weekend_pause: game.terms.weekend_pause,
        status: state.status.as_str().to_owned(),
        ply: state.ply,
        to_move: state.to_move,
        board: state.board.clone(),
        stores: state.stores,
        deadline: state.deadline,
        reminded_ply,
        result: state.result.map(|r| ResultLine {
            score: r.score,
            winner: r.winner,
            ended_by: r.ending.code().to_owned(),
        }),
        updated_at: state.updated_at,
        moves: g
            .moves
            .iter()
            .map(|m| MoveLine {
                ply: m.ply,
                side: m.side,
                pit: m.pit.map(Pit::number),
                at: m.at,
            })
            .collect(),
    })
}

fn rating_line(r: &VariantRating) -> Line {
    Line::Rating(RatingLine {
        account_id: r.account.0,
        variant: r.variant,
        rating: r.rating.rating,
        deviation: r.rating.deviation,
        volatility: r.rating.volatility,
        games: r.games,
        updated_at: r.updated_at,
    })
}

fn vacation_line(v: &Vacation) -> Line {
    Line::Vacation(VacationLine {
        id: v.id,
        account_id: v.account.0,
        started_at: v.started_at,
        allowed_until: v.allowed_until,
        ended_at: v.ended_at,
    })
}

fn tournament_line(r: &TournamentRecord) -> Line {
    let t = &r.tournament;
    Line::Tournament(TournamentLine {
        id: t.id.0,
        name: t.name.clone(),
        creator_id: t.creator.id.0,
        variant: t.variant,
        days_per_move: t.days_per_move.days(),
        double: t.double,
        rated: t.rated,
        vacation_allowed: t.vacation_allowed,
        max_players: t.max_players,
        starts_at: t.starts_at,
        status: t.status,
        created_at: t.created_at,
        ended_at: t.ended_at,
        players: r
            .entrants
            .iter()
            .map(|e| EntrantLine {
                account_id: e.player.id.0,
                joined_at: e.joined_at,
                withdrawn_at: e.withdrawn_at,
            })
            .collect(),
        games: r
            .games
            .iter()
            .map(|(g, cycle)| TournamentGameLine {
                game_id: g.0,
                cycle: *cycle,
            })
            .collect(),
    })
}

fn event_line(e: &Event) -> Line {
    Line::Event(EventLine {
        account_id: e.account.0,
        seq: e.seq,
        kind: e.kind.as_str().to_owned(),
        payload: e.payload.clone(),
        created_at: e.created_at,
    })
}

fn webhook_line(w: &Webhook) -> Line {
    Line::Webhook(WebhookLine {
        id: w.id.0,
        account_id: w.account.0,
        url: w.url.clone(),
        secret: w.secret.clone(),
        cursor: w.cursor,
        created_at: w.created_at,
    })
}

fn delivery_line(d: &Delivery) -> Line {
    Line::Delivery(DeliveryLine {
        id: d.id.0,
        webhook_id: d.webhook.0,
        event_seq: d.event_seq,
        event_type: d.event_type.clone(),
        body: d.body.clone(),
        status: d.status.as_str().to_owned(),
        attempts: d.attempts,
        last_status: d.last_status,
        last_error: d.last_error.clone(),
        next_attempt_at: d.next_attempt_at,
        created_at: d.created_at,
        delivered_at: d.delivered_at,
    })
}

fn session_line(s: &NewSession) -> Line {
    Line::Session(SessionLine {
        hash: s.hash.clone(),
        account_id: s.account.0,
        csrf: s.csrf.clone(),
        created_at: s.created_at,
        expires_at: s.expires_at,
    })
}

fn write_line(out: &mut impl Write, line: &impl Serialize) -> Result<(), TransferError> {
    serde_json::to_writer(&mut *out, line).map_err(std::io::Error::other)?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Whether `hash` is a SHA-256 in lower-case hex, as stored for secrets.
pub(crate) fn is_sha256_hex(hash: &str) -> bool {
    hash.len() == 64
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Writes everything in `store` to `out` as JSON lines, read from one snapshot of
/// the database; returns what it wrote. The lines are checked as [`import`] checks
/// them before any is written: an export that says it succeeded imports.
///
/// # Errors
/// [`TransferError::Unimportable`] (nothing written) when the data would not import;
/// database and write errors.
pub async fn export(store: &dyn Store, out: &mut impl Write) -> Result<Counts, TransferError> {
    let data = on_backend!(store.sql(), s => read_snapshot(s).await)?;
    let mut lines = Vec::new();
    write_lines(&data, &mut lines)?;
    if let Err(e) = read(lines.as_slice()) {
        return Err(match e {
            TransferError::Invalid { line, message } => {
                TransferError::Unimportable { line, message }
            }
            other => other,
        });
    }
    out.write_all(&lines)?;
    Ok(Counts::of(&data))
}

/// Reads everything an export carries, in one read-only transaction that sees one
/// moment of the database (see [`OpsStore::export`](crate::store::OpsStore::export)).
async fn read_snapshot<B: Backend>(store: &SqlStore<B>) -> Result<Data, StoreError> {
    let mut tx = crate::store::ops::begin_snapshot(store).await?;
    let data = read_all(&mut tx).await;
    // Read only: nothing to keep, whatever the outcome.
    tx.rollback().await?;
    data
}

/// Reads every feature's rows on `tx`.
async fn read_all<B: Backend>(tx: &mut Transaction<'static, B>) -> Result<Data, StoreError> {
    Ok(Data {
        unmoved: crate::store::ops::read_all(tx).await?,
        notifications: Notifications::read(tx).await?,
    })
}

/// Writes `data` into the store, in one transaction: all or nothing.
async fn write_all<B: Backend>(store: &SqlStore<B>, data: &Data) -> Result<(), StoreError> {
    let mut tx = crate::store::ops::begin_import(store).await?;
    let outcome = write_tx(&mut tx, data).await;
    crate::store::common::finish(tx, outcome).await
}

/// Writes every feature's rows on `tx`.
async fn write_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    data: &Data,
) -> Result<(), StoreError> {
    crate::store::ops::import_tx(tx, &data.unmoved).await?;
    data.notifications.write(tx).await
}

/// Writes `data` as the lines of an export.
fn write_lines(all: &Data, out: &mut impl Write) -> Result<(), TransferError> {
    let data = &all.unmoved;
    write_line(
        out,
        &Line::Header {
            format: FORMAT.to_owned(),
            version: VERSION,
        },
    )?;
    for a in &data.accounts {
        write_line(out, &account_line(a))?;
    }
    for t in &data.tokens {
        write_line(out, &token_line(t))?;
    }
    for c in &data.challenges {
        write_line(out, &challenge_line(c))?;
    }
    let reminded: std::collections::HashMap<_, _> = data.reminded.iter().copied().collect();
    for g in &data.games {
        write_line(out, &game_line(g, reminded.get(&g.game.id).copied()))?;
    }
    for r in &data.ratings {
        write_line(out, &rating_line(r))?;
    }
    for m in &data.matches {
        write_line(out, &match_line(m))?;
    }
    for v in &data.vacations {
        write_line(out, &vacation_line(v))?;
    }
    for t in &data.tournaments {
        write_line(out, &tournament_line(t))?;
    }
    for e in &data.events {
        write_line(out, &event_line(e))?;
    }
    for w in &data.webhooks {
        write_line(out, &webhook_line(w))?;
    }
    for d in &data.deliveries {
        write_line(out, &delivery_line(d))?;
    }
    for s in &data.sessions {
        write_line(out, &session_line(s))?;
    }
    for line in carried::lines(&data.carried) {
        write_line(out, &line)?;
    }
    for line in all.notifications.lines() {
        write_line(out, &line)?;
    }
    Ok(())
}

/// Reads an export from `input`, checks it all, and writes it into `store`, which
/// must be empty; returns what it wrote.
///
/// # Errors
/// [`TransferError::Invalid`] for the first bad line (nothing is written);
/// [`TransferError::NotEmpty`] when `store` holds data; database and read errors.
pub async fn import(store: &dyn Store, input: impl BufRead) -> Result<Counts, TransferError> {
    if !store.is_empty().await? {
        return Err(TransferError::NotEmpty);
    }
    let data = read(input)?;
    match on_backend!(store.sql(), s => write_all(s, &data).await) {
        Ok(()) => Ok(Counts::of(&data)),
        Err(StoreError::Conflict) if !store.is_empty().await.unwrap_or(false) => {
            Err(TransferError::NotEmpty)
        }
        Err(e) => Err(e.into()),
    }
}

/// Parses and checks an export (without a database).
///
/// # Errors
/// [`TransferError::Invalid`] for the first bad line; read errors.
pub fn read(mut input: impl BufRead) -> Result<Data, TransferError> {
    let mut reader = Reader::default();
    let mut bytes = Vec::new();
    let mut line = 0;
    loop {
        line += 1;
        bytes.clear();
        // One byte past the limit tells a line that is too long, without holding it.
        let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX) + 1;
        let read = std::io::Read::take(&mut input, limit).read_until(b'\n', &mut bytes)?;
        if read == 0 {
            break;
        }
        if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            return Err(TransferError::Invalid {
                line,
                message: format!("the line is longer than {MAX_LINE} bytes"),
            });
        }
        let text = std::str::from_utf8(&bytes).map_err(|e| TransferError::Invalid {
            line,
            message: format!("not UTF-8: {e}"),
        })?;
        if text.trim().is_empty() {
            continue;
        }
        reader
            .line(line, text)
            .map_err(|e| TransferError::Invalid {
                line,
                message: e.to_string(),
            })?;
    }
    if !reader.header {
        return Err(TransferError::Invalid {
            line: 1,
            message: format!("not a {FORMAT} file: the header line is missing"),
        });
    }
    reader.check_challenge_games()?;
    Ok(Data {
        unmoved: reader.data,
        notifications: reader.notifications,
    })
}

/// Checks a name sign-up refuses (`crate::service::check_reserved`) against what
/// the server itself gives such names to: a house bot's name only as one of the house
/// bots, written as the server writes it, and a deleted account's placeholder only
/// as `deleted-` and 8 hex digits on a deleted account.
fn reserved_name_fits(username: &Username, bot: bool, deleted: bool) -> Result<(), String> {
    if let Err(e) = crate::service::check_reserved(username) {
        let name = username.as_str();
        let house = crate::house::Level::ALL
            .iter()
            .any(|l| l.username() == name);
        let placeholder = name.strip_prefix("deleted-").is_some_and(|hex| {
            hex.len() == 8
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        });
        let fits = (house && bot && !deleted) || (placeholder && deleted);
        if !fits {
            return Err(format!(
                "{e}, and this is not one of the server's own accounts"
            ));
        }
    }
    Ok(())
}

/// Whether a string (or a key) of `value` holds a NUL.
fn holds_nul(value: &serde_json::Value) -> bool {
    use serde_json::Value;
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(fields) => fields.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// The `type` of a line.
#[derive(Deserialize)]
struct Kind {
    #[serde(rename = "type")]
    kind: String,
}

/// A line, parsed by the feature whose `type` it has.
enum Parsed {
    /// A line still written here.
    Unmoved(Line),
    /// The notifications'.
    Notifications(crate::notifications::export::Line),
}

/// The import's state: what has been read so far, and where.
#[derive(Default)]
struct Reader {
    header: bool,
    data: DataSet,
    /// The notifications' lines read.
    notifications: Notifications,
    /// The accounts and their event counters.
    known: Known,
    /// The user names' keys (unique ignoring case).
    usernames: HashSet<String>,
    tokens: HashMap<Uuid, usize>,
    /// Each challenge's line, index and accepted game.
    challenges: HashMap<Uuid, (usize, Option<Uuid>)>,
    /// Each game's line and challenge.
    games: HashMap<Uuid, (usize, Option<Uuid>)>,
    /// Each game's place in `data.games`.
    game_index: HashMap<Uuid, usize>,
    /// The (game, account) of each rating change read.
    game_ratings: HashSet<(Uuid, Uuid)>,
    /// The events read, by account and seq.
    events: HashSet<(Uuid, u64)>,
    /// Each webhook's account.
    webhooks: HashMap<Uuid, Uuid>,
    /// The deliveries read.
    deliveries: HashSet<Uuid>,
    /// The webhook and event of each delivery read: an event is queued once per
    /// webhook.
    delivered_events: HashSet<(Uuid, u64)>,
    /// The sessions' hashes.
    sessions: HashSet<String>,
    /// The chat's lines read (notes, blocks, chat lines, reports, mutes).
    chat_seen: carried::ChatSeen,
}

impl Reader {
    fn line(&mut self, line: usize, text: &str) -> Result<(), ReadError> {
        let kind = serde_json::from_str::<Kind>(text)
            .map_err(ReadError::NotARecord)?
            .kind;
        let parsed = if Notifications::KINDS.contains(&kind.as_str()) {
            Parsed::Notifications(serde_json::from_str(text).map_err(ReadError::NotARecord)?)
        } else {
            Parsed::Unmoved(serde_json::from_str(text).map_err(ReadError::NotARecord)?)
        };
        // No text anywhere holds a NUL (Postgres cannot store one); the fields shown
        // to people are checked for every control character below.
        if text.contains("\\u0000") {
            let tree: serde_json::Value =
                serde_json::from_str(text).map_err(ReadError::NotARecord)?;
            if holds_nul(&tree) {
                return Err(ReadError::Unmoved(
                    "a text holds a NUL character".to_owned(),
                ));
            }
        }
        match parsed {
            Parsed::Notifications(_) if !self.header => Err(ReadError::Unmoved(format!(
                "not a {FORMAT} file: the first line is not its header"
            ))),
            Parsed::Notifications(l) => self.notifications.take(l, &self.known),
            Parsed::Unmoved(l) => Ok(self.unmoved(line, l)?),
        }
    }

    /// Reads a line of the features whose lines are still written here.
    fn unmoved(&mut self, line: usize, parsed: Line) -> Result<(), String> {
        if !self.header {
            return match parsed {
                Line::Header { format, version } if format == FORMAT && version == VERSION => {
                    self.header = true;
                    Ok(())
                }
                Line::Header { format, version } => Err(format!(
                    "a {format:?} version {version} file: this seedpost reads {FORMAT} version {VERSION}"
                )),
                _ => Err(format!(
                    "not a {FORMAT} file: the first line is not its header"
                )),
            };
        }
        match parsed {
            Line::Header { .. } => Err("a second header line".to_owned()),
            Line::Account(a) => self.account(a),
            Line::Token(t) => self.token(t),
            Line::Challenge(c) => self.challenge(line, c),
            Line::Game(g) => self.game(line, g),
            Line::Rating(r) => self.rating(r),
            Line::Vacation(v) => self.vacation(v),
            Line::Tournament(t) => self.tournament(t),
            Line::Match(m) => self.a_match(m),
            Line::Event(e) => self.event(e),
            Line::Webhook(w) => self.webhook(w),
            Line::Delivery(d) => self.delivery(d),
            Line::Session(s) => self.session(s),
            Line::PlaySettings(p) => self.play_settings(p),
            Line::ChallengeFilters(f) => self.challenge_filters(f),
            Line::GameRating(r) => self.game_rating(r),
            Line::Conditional(l) => self.conditional(l),
            Line::ConditionalPly(p) => self.conditional_ply(p),
            Line::Note(n) => self.note(n),
            Line::Block(b) => self.block(b),
            Line::Chat(l) => self.chat_line(l),
            Line::ChatReport(r) => self.chat_report(r),
            Line::ChatMute(m) => self.chat_mute(m),
        }
    }

    fn player(&self, id: Uuid, what: &str) -> Result<Player, String> {
        self.known.player(id, what).map_err(|e| e.to_string())
    }

    fn account(&mut self, a: AccountLine) -> Result<(), String> {
        let username = Username::parse(&a.username)
            .map_err(|e| format!("account {}: bad username {:?}: {e}", a.id, a.username))?;
        if self.known.accounts.contains_key(&a.id) {
            return Err(format!("account {} appears twice", a.id));
        }
        reserved_name_fits(&username, a.bot, a.deleted_at.is_some())
            .map_err(|e| format!("account {}: user name {:?}: {e}", a.id, a.username))?;
        if !self.usernames.insert(username.key()) {
            return Err(format!(
                "account {}: user name {:?} is taken by an earlier account (names are unique ignoring case)",
                a.id, a.username
            ));
        }
        crate::service::check_password_hash(&a.password_hash)
            .map_err(|e| format!("account {}: {e}", a.id))?;
        if i64::try_from(a.event_seq).is_err() {
            return Err(format!(
                "account {}: event_seq {} is too large",
                a.id, a.event_seq
            ));
        }
        self.known.heads.insert(a.id, a.event_seq);
        let account = Account {
            id: AccountId(a.id),
            username: username.clone(),
            bot: a.bot,
            created_at: a.created_at,
        };
        self.known.accounts.insert(
            a.id,
            Player {
                id: account.id,
                username,
                bot: a.bot,
            },
        );
        if a.deleted_at.is_some() && a.closed_at.is_none() {
            return Err(format!("account {}: deleted but not closed", a.id));
        }
        if let Some(address) = &a.sign_up_address {
            address.parse::<std::net::IpAddr>().map_err(|_| {
                format!(
                    "account {}: sign_up_address {address:?} is not an IP address",
                    a.id
                )
            })?;
        }
        if let Some(tag) = &a.language {
            tag.parse::<crate::domain::Lang>()
                .map_err(|e| format!("account {}: language: {e}", a.id))?;
        }
        self.data.accounts.push(AccountWithPassword {
            account,
            password_hash: a.password_hash,
            event_seq: a.event_seq,
            state: crate::store::accounts::AccountState {
                closed_at: a.closed_at,
                deleted_at: a.deleted_at,
            },
            sign_up_address: a.sign_up_address,
            language: a.language,
        });
        Ok(())
    }

    fn token(&mut self, t: TokenLine) -> Result<(), String> {
        self.player(t.account_id, &format!("token {}: its account", t.id))?;
        let hex = t.hash.len() == 64
            && t.hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex {
            return Err(format!(
                "token {}: the hash is not lower-case hex SHA-256",
                t.id
            ));
        }
        let label =
            crate::service::parse_label(&t.label).map_err(|e| format!("token {}: {e}", t.id))?;
        if self.tokens.insert(t.id, self.data.tokens.len()).is_some() {
            return Err(format!("token {} appears twice", t.id));
        }
        let scopes = Scopes::parse(t.scopes.iter().map(String::as_str))
            .map_err(|e| format!("token {}: {e}", t.id))?;
        self.data.tokens.push(TokenWithHash {
            token: Token {
                id: TokenId(t.id),
                account_id: AccountId(t.account_id),
                label,
                scopes,
                created_at: t.created_at,
                last_used_at: t.last_used_at,
            },
            hash: t.hash,
        });
        Ok(())
    }

    fn challenge(&mut self, line: usize, c: ChallengeLine) -> Result<(), String> {
        let what = format!("challenge {}", c.id);
        let challenger = self.player(c.challenger_id, &format!("{what}: its challenger"))?;
        let opponent = c
            .opponent_id
            .map(|id| self.player(id, &format!("{what}: its opponent")))
            .transpose()?;
        let days_per_move =
            DaysPerMove::new(i64::from(c.days_per_move)).map_err(|e| format!("{what}: {e}"))?;
        let first = FirstChoice::parse(&c.first)
            .ok_or_else(|| format!("{what}: bad first {:?}", c.first))?;
        let status = ChallengeStatus::parse(&c.status)
            .ok_or_else(|| format!("{what}: bad status {:?}", c.status))?;
        if (status == ChallengeStatus::Accepted) != c.game_id.is_some() {
            return Err(format!(
                "{what}: an accepted challenge, and only one, has a game"
            ));
        }
        let decline_reason = match (status, c.decline_reason.as_deref()) {
            (ChallengeStatus::Declined, None) => Some(DeclineReason::Generic),
            (ChallengeStatus::Declined, Some(name)) => {
                Some(DeclineReason::parse(name).map_err(|e| format!("{what}: {e}"))?)
            }
            (_, None) => None,
            (_, Some(_)) => {
                return Err(format!(
                    "{what}: only a declined challenge has a decline reason"
                ));
            }
        };
        if self.challenges.insert(c.id, (line, c.game_id)).is_some() {
            return Err(format!("{what} appears twice"));
        }
        self.data.challenges.push(Challenge {
            id: ChallengeId(c.id),
            challenger,
            opponent,
            variant: c.variant,
            days_per_move,
            first,
            terms: Terms {
                rated: c.rated,
                weekend_pause: c.weekend_pause,
            },
            match_terms: MatchTerms::new(
                c.games.into(),
                Schedule::parse(&c.schedule)
                    .ok_or_else(|| format!("{what}: bad schedule {:?}", c.schedule))?,
                c.stop_when_decided,
            )
            .map_err(|e| format!("{what}: {e}"))?,
            status,
            decline_reason,
            game_id: c.game_id.map(GameId),
            rematch_of: c.rematch_of.map(GameId),
            created_at: c.created_at,
        });
        Ok(())
    }

    fn game(&mut self, line: usize, g: GameLine) -> Result<(), String> {
        let what = format!("game {}", g.id);
        let south = self.player(g.south_id, &format!("{what}: South"))?;
        let north = self.player(g.north_id, &format!("{what}: North"))?;
        if let Some(challenge) = g.challenge_id {
            match self.challenges.get(&challenge) {
                Some((_, Some(game))) if *game == g.id => {}
                Some(_) => {
                    return Err(format!(
                        "{what}: challenge {challenge} did not start this game"
                    ));
                }
                None => {
                    return Err(format!(
                        "{what}: challenge {challenge} is not on an earlier line"
                    ));
                }
            }
        }
        let days_per_move =
            DaysPerMove::new(i64::from(g.days_per_move)).map_err(|e| format!("{what}: {e}"))?;
        let status = GameStatus::parse(&g.status)
            .ok_or_else(|| format!("{what}: bad status {:?}", g.status))?;
        let result = g
            .result
            .as_ref()
            .map(|r| {
                Ok::<_, String>(GameResult {
                    score: r.score,
                    winner: r.winner,
                    ending: Ending::parse(&r.ended_by)
                        .ok_or_else(|| format!("{what}: bad ended_by {:?}", r.ended_by))?,
                })
            })
            .transpose()?;
        let moves = g
            .moves
            .iter()
            .map(|m| {
                let pit = m
                    .pit
                    .map(|n| {
                        Pit::new(n).ok_or_else(|| format!("{what}: ply {}: bad pit {n}", m.ply))
                    })
                    .transpose()?;
                Ok(Move {
                    ply: m.ply,
                    side: m.side,
                    pit,
                    at: m.at,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let game = Game {
            id: GameId(g.id),
            variant: g.variant,
            players: BySide::new(south, north),
            first: g.first,
            days_per_move,
            terms: Terms {
                rated: g.rated,
                weekend_pause: g.weekend_pause,
            },
            on_vacation: BySide::default(),
            plan_rev: 0,
            challenge_id: g.challenge_id.map(ChallengeId),
            // Its tournament's line comes later and links it.
            tournament: None,
            created_at: g.created_at,
            state: GameState {
                status,
                ply: g.ply,
                to_move: g.to_move,
                board: g.board,
                stores: g.stores,
                deadline: g.deadline,
                result,
                updated_at: g.updated_at,
            },
        };
        let stored = GameWithMoves { game, moves };
        check_game(&stored).map_err(|e| format!("{what}: {e}"))?;
        if let Some(ply) = g.reminded_ply {
            if ply > g.ply {
                return Err(format!(
                    "{what}: reminded at ply {ply}, beyond its ply {}",
                    g.ply
                ));
            }
            self.data.reminded.push((GameId(g.id), ply));
        }
        if self.games.insert(g.id, (line, g.challenge_id)).is_some() {
            return Err(format!("{what} appears twice"));
        }
        self.game_index.insert(g.id, self.data.games.len());
        self.data.games.push(stored);
        Ok(())
    }

    fn a_match(&mut self, m: MatchLine) -> Result<(), String> {
        let what = format!("match {}", m.id);
        let south = self.player(m.south_id, &format!("{what}: South"))?;
        let north = self.player(m.north_id, &format!("{what}: North"))?;
        if !self.challenges.contains_key(&m.challenge_id) {
            return Err(format!(
                "{what}: challenge {} is not on an earlier line",
                m.challenge_id
            ));
        }
        if self.data.matches.iter().any(|x| x.id.0 == m.id) {
            return Err(format!("{what} appears twice"));
        }
        let days_per_move =
            DaysPerMove::new(i64::from(m.days_per_move)).map_err(|e| format!("{what}: {e}"))?;
        let schedule = Schedule::parse(&m.schedule)
            .ok_or_else(|| format!("{what}: bad schedule {:?}", m.schedule))?;
        let match_terms = MatchTerms::new(m.games.into(), schedule, m.stop_when_decided)
            .map_err(|e| format!("{what}: {e}"))?;
        let status = MatchStatus::parse(&m.status)
            .ok_or_else(|| format!("{what}: bad status {:?}", m.status))?;
        if (status == MatchStatus::Finished) != (m.half_points.is_some() && m.finished_at.is_some())
        {
            return Err(format!(
                "{what}: a finished match, and only one, has a score and an end"
            ));
        }
        let mut games = Vec::with_capacity(m.match_games.len());
        for (expected, g) in (1..).zip(&m.match_games) {
            if g.number != expected || g.number > m.games {
                return Err(format!("{what}: game number {} out of order", g.number));
            }
            if !self.games.contains_key(&g.game_id) {
                return Err(format!(
                    "{what}: game {} is not on an earlier line",
                    g.game_id
                ));
            }
            let taken = self
                .data
                .matches
                .iter()
                .any(|x| x.games.iter().any(|y| y.game.0 == g.game_id));
            if taken {
                return Err(format!("{what}: game {} is in another match", g.game_id));
            }
            games.push(MatchGame {
                number: g.number,
                game: GameId(g.game_id),
            });
        }
        self.data.matches.push(Match {
            id: MatchId(m.id),
            challenge_id: ChallengeId(m.challenge_id),
            variant: m.variant,
            players: BySide::new(south, north),
            days_per_move,
            terms: Terms {
                rated: m.rated,
                weekend_pause: m.weekend_pause,
            },
            match_terms,
            first: m.first,
            status,
            half_points: m.half_points,
            created_at: m.created_at,
            finished_at: m.finished_at,
            games,
        });
        Ok(())
    }

    fn rating(&mut self, r: RatingLine) -> Result<(), String> {
        let what = format!("rating of {} in {}", r.account_id, r.variant);
        self.player(r.account_id, &format!("{what}: its account"))?;
        let valid = r.rating.is_finite()
            && r.deviation.is_finite()
            && r.deviation > 0.0
            && r.volatility.is_finite()
            && r.volatility > 0.0;
        if !valid {
            return Err(format!("{what}: not a Glicko-2 rating"));
        }
        if self
            .data
            .ratings
            .iter()
            .any(|x| x.account.0 == r.account_id && x.variant == r.variant)
        {
            return Err(format!("{what} appears twice"));
        }
        self.data.ratings.push(VariantRating {
            account: AccountId(r.account_id),
            variant: r.variant,
            rating: Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            games: r.games,
            updated_at: r.updated_at,
        });
        Ok(())
    }

    fn vacation(&mut self, v: VacationLine) -> Result<(), String> {
        let what = format!("vacation {}", v.id);
        self.player(v.account_id, &format!("{what}: its account"))?;
        let ordered = v.allowed_until > v.started_at
            && v.ended_at
                .is_none_or(|end| end >= v.started_at && end <= v.allowed_until);
        if !ordered {
            return Err(format!(
                "{what}: its start, allowance and end are out of order"
            ));
        }
        let open = |x: &Vacation| x.account.0 == v.account_id && x.ended_at.is_none();
        if v.ended_at.is_none() && self.data.vacations.iter().any(open) {
            return Err(format!("{what}: its account is on another vacation"));
        }
        if self.data.vacations.iter().any(|x| x.id == v.id) {
            return Err(format!("{what} appears twice"));
        }
        self.data.vacations.push(Vacation {
            id: v.id,
            account: AccountId(v.account_id),
            started_at: v.started_at,
            allowed_until: v.allowed_until,
            ended_at: v.ended_at,
        });
        Ok(())
    }

    fn tournament(&mut self, t: TournamentLine) -> Result<(), String> {
        let what = format!("tournament {}", t.id);
        let creator = self.player(t.creator_id, &format!("{what}: its creator"))?;
        let name_ok = crate::service::parse_tournament_name(&t.name).is_ok_and(|n| n == t.name);
        let days_per_move =
            DaysPerMove::new(t.days_per_move.into()).map_err(|e| format!("{what}: {e}"))?;
        let ended = matches!(
            t.status,
            TournamentStatus::Finished | TournamentStatus::Canceled
        );
        if !name_ok
            || !(2..=crate::tournament::MAX_PLAYERS).contains(&t.max_players)
            || ended != t.ended_at.is_some()
        {
            return Err(format!(
                "{what}: a bad name, player limit or end for its status"
            ));
        }
        if self
            .data
            .tournaments
            .iter()
            .any(|x| x.tournament.id.0 == t.id)
        {
            return Err(format!("{what} appears twice"));
        }
        let mut entrants = Vec::new();
        for e in &t.players {
            let player = self.player(e.account_id, &format!("{what}: its player"))?;
            if entrants.iter().any(|x: &Entrant| x.player.id == player.id) {
                return Err(format!("{what}: player {} appears twice", e.account_id));
            }
            entrants.push(Entrant {
                player,
                joined_at: e.joined_at,
                withdrawn_at: e.withdrawn_at,
            });
        }
        let mut games = Vec::new();
        for g in &t.games {
            if !self.games.contains_key(&g.game_id) {
                return Err(format!(
                    "{what}: game {} is not a game of an earlier line",
                    g.game_id
                ));
            }
            let taken = self
                .data
                .tournaments
                .iter()
                .flat_map(|r| &r.games)
                .chain(&games)
                .any(|(id, _): &(GameId, u8)| id.0 == g.game_id);
            if taken || !(1..=2).contains(&g.cycle) {
                return Err(format!(
                    "{what}: game {} is in another tournament or has a bad cycle",
                    g.game_id
                ));
            }
            games.push((GameId(g.game_id), g.cycle));
        }
        self.data.tournaments.push(TournamentRecord {
            tournament: Tournament {
                id: TournamentId(t.id),
                name: t.name,
                creator,
                variant: t.variant,
                days_per_move,
                double: t.double,
                rated: t.rated,
                vacation_allowed: t.vacation_allowed,
                max_players: t.max_players,
                players: u32::try_from(entrants.len()).unwrap_or(u32::MAX),
                starts_at: t.starts_at,
                status: t.status,
                created_at: t.created_at,
                ended_at: t.ended_at,
            },
            entrants,
            games,
        });
        Ok(())
    }

    /// The event counter of an account of an earlier line.
    fn head(&self, id: Uuid, what: &str) -> Result<u64, String> {
        self.known.head(id, what).map_err(|e| e.to_string())
    }

    fn event(&mut self, e: EventLine) -> Result<(), String> {
        let what = format!("event {} of account {}", e.seq, e.account_id);
        let head = self.head(e.account_id, &format!("{what}: its account"))?;
        if e.seq == 0 || e.seq > head {
            return Err(format!(
                "{what}: its seq is not between 1 and the account's event_seq {head}"
            ));
        }
        let kind =
            EventKind::parse(&e.kind).ok_or_else(|| format!("{what}: bad kind {:?}", e.kind))?;
        if serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(&e.payload).is_err() {
            return Err(format!("{what}: the payload is not a JSON object"));
        }
        if !self.events.insert((e.account_id, e.seq)) {
            return Err(format!("{what} appears twice"));
        }
        self.data.events.push(Event {
            account: AccountId(e.account_id),
            seq: e.seq,
            kind,
            payload: e.payload,
            created_at: e.created_at,
        });
        Ok(())
    }

    fn webhook(&mut self, w: WebhookLine) -> Result<(), String> {
        let what = format!("webhook {}", w.id);
        let head = self.head(w.account_id, &format!("{what}: its account"))?;
        // As the API checks them; private addresses are the configuration's to
        // allow, and the delivery worker's to refuse.
        let url = crate::service::parse_webhook_url(&w.url, true)
            .map_err(|e| format!("{what}: {:?}: {e}", w.url))?;
        if url != w.url {
            return Err(format!(
                "{what}: {:?} is not a URL as the API keeps it",
                w.url
            ));
        }
        crate::service::parse_webhook_secret(&w.secret).map_err(|e| format!("{what}: {e}"))?;
        if w.cursor > head {
            return Err(format!(
                "{what}: its cursor {} is above the account's event_seq {head}",
                w.cursor
            ));
        }
        if self.webhooks.insert(w.id, w.account_id).is_some() {
            return Err(format!("{what} appears twice"));
        }
        self.data.webhooks.push(Webhook {
            id: WebhookId(w.id),
            account: AccountId(w.account_id),
            url: w.url,
            secret: w.secret,
            cursor: w.cursor,
            created_at: w.created_at,
        });
        Ok(())
    }

    fn delivery(&mut self, d: DeliveryLine) -> Result<(), String> {
        let what = format!("webhook delivery {}", d.id);
        let account = *self
            .webhooks
            .get(&d.webhook_id)
            .ok_or_else(|| format!("{what}: webhook {} is not on an earlier line", d.webhook_id))?;
        let head = self.head(account, &format!("{what}: its account"))?;
        if d.event_seq == 0 || d.event_seq > head {
            return Err(format!(
                "{what}: its event seq {} is not between 1 and the account's event_seq {head}",
                d.event_seq
            ));
        }
        let status = DeliveryStatus::parse(&d.status)
            .ok_or_else(|| format!("{what}: bad status {:?}", d.status))?;
        if (status == DeliveryStatus::Pending) != d.next_attempt_at.is_some() {
            return Err(format!(
                "{what}: a pending delivery, and only one, has a next attempt time"
            ));
        }
        if i32::try_from(d.attempts).is_err() {
            return Err(format!("{what}: {} attempts is too many", d.attempts));
        }
        if !self.deliveries.insert(d.id) {
            return Err(format!("{what} appears twice"));
        }
        if !self.delivered_events.insert((d.webhook_id, d.event_seq)) {
            return Err(format!(
                "{what}: event {} is queued twice for webhook {}",
                d.event_seq, d.webhook_id
            ));
        }
        self.data.deliveries.push(Delivery {
            id: DeliveryId(d.id),
            webhook: WebhookId(d.webhook_id),
            event_seq: d.event_seq,
            event_type: d.event_type,
            body: d.body,
            status,
            attempts: d.attempts,
            last_status: d.last_status,
            last_error: d.last_error,
            next_attempt_at: d.next_attempt_at,
            created_at: d.created_at,
            delivered_at: d.delivered_at,
        });
        Ok(())
    }

    fn session(&mut self, s: SessionLine) -> Result<(), String> {
        // The hash is the session's key: name it by its start only.
        let what = format!("session {}…", s.hash.get(..8).unwrap_or(""));
        self.player(s.account_id, &format!("{what}: its account"))?;
        let hex = s.hash.len() == 64
            && s.hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex {
            return Err(format!("{what}: the hash is not lower-case hex SHA-256"));
        }
        if !is_sha256_hex(&s.csrf) {
            return Err(format!(
                "{what}: the form token is not 64 lower-case hex digits"
            ));
        }
        if s.expires_at <= s.created_at {
            return Err(format!("{what}: it expires before it starts"));
        }
        if !self.sessions.insert(s.hash.clone()) {
            return Err(format!("{what} appears twice"));
        }
        self.data.sessions.push(NewSession {
            hash: s.hash,
            account: AccountId(s.account_id),
            csrf: s.csrf,
            created_at: s.created_at,
            expires_at: s.expires_at,
        });
        Ok(())
    }

    /// Every accepted challenge's game is there and names it back.
    fn check_challenge_games(&self) -> Result<(), TransferError> {
        for (challenge, (line, game)) in &self.challenges {
            let Some(game) = game else { continue };
            match self.games.get(game) {
                Some((_, Some(c))) if c == challenge => {}
                _ => {
                    return Err(TransferError::Invalid {
                        line: *line,
                        message: format!(
                            "challenge {challenge}: its game {game} is missing or names another challenge"
                        ),
                    });
                }
            }
        }
        Ok(())
    }
}

/// Replays a game's moves through the engine and compares its cached state with the
/// replay: the move list is the truth (STYLE rule 7), and a state that disagrees
/// with it is refused rather than carried over.
///
/// # Errors
/// What disagrees, in words.
pub fn check_game(stored: &GameWithMoves) -> Result<(), String> {
    let game = &stored.game;
    let state = &game.state;
    if game.players.south.id == game.players.north.id {
        return Err("both sides are the same account".to_owned());
    }
    if let Some(m) = stored.moves.iter().zip(1..).find(|(m, n)| m.ply != *n) {
        return Err(format!(
            "the moves are not numbered 1, 2, 3…: ply {} found",
            m.0.ply
        ));
    }
    let plies: Vec<Ply> = stored
        .moves
        .iter()
        .map(|m| match m.pit {
            Some(pit) => Ply::Sow { side: m.side, pit },
            None => Ply::Pass { side: m.side },
        })
        .collect();
    let engine = seedpost_rules::Game::replay(game.variant, game.first, &plies)
        .map_err(|e| format!("the moves do not replay: {e}"))?;
    let position = engine.position();
    let ply = u32::try_from(engine.ply()).unwrap_or(u32::MAX);
    if state.ply != ply {
        return Err(format!(
            "the stored ply {} is not the {ply} moves' count",
            state.ply
        ));
    }
    let board = crate::games::json::board(position);
    if state.board != board {
        return Err(format!(
            "the stored board {:?} is not the replay's {:?}",
            state.board, board
        ));
    }
    if state.stores != position.stores() {
        return Err(format!(
            "the stored stores {:?} are not the replay's {:?}",
            state.stores,
            position.stores()
        ));
    }
    let ended = |to_move: Option<Side>, deadline: Option<DateTime<Utc>>| {
        if to_move.is_some() || deadline.is_some() {
            Err("an ended game has a side to move or a deadline".to_owned())
        } else {
            Ok(())
        }
    };
    match (engine.outcome(), state.status, state.result) {
        (Some(outcome), GameStatus::Finished, Some(result)) => {
            let expected = GameResult {
                score: outcome.score,
                winner: outcome.winner,
                ending: Ending::Rules(outcome.ended_by),
            };
            if result != expected {
                return Err(format!(
                    "the stored result {result:?} is not the replay's {expected:?}"
                ));
            }
            ended(state.to_move, state.deadline)
        }
        (Some(outcome), status, _) => Err(format!(
            "the moves end the game ({}) but it is stored as {} without that result",
            outcome.ended_by.code(),
            status.as_str()
        )),
        (None, GameStatus::Ongoing, None) => {
            if state.to_move != position.to_move() {
                return Err(format!(
                    "the stored side to move {:?} is not the replay's {:?}",
                    state.to_move,
                    position.to_move()
                ));
            }
            if state.deadline.is_none() {
                return Err("an ongoing game has no deadline".to_owned());
            }
            Ok(())
        }
        (None, status, Some(result)) => {
            let fits = match result.ending {
                Ending::Resign | Ending::Timeout => {
                    status == GameStatus::Finished && result.winner.is_some()
                }
                Ending::Abort => status == GameStatus::Aborted && result.winner.is_none(),
                Ending::Rules(e) => {
                    return Err(format!(
                        "the stored ending {} is not what the moves lead to (the game goes on)",
                        e.code()
                    ));
                }
            };
            if !fits || result.score != state.stores {
                return Err(format!(
                    "the stored result {result:?} does not fit a game {} by {}",
                    status.as_str(),
                    result.ending.code()
                ));
            }
            ended(state.to_move, state.deadline)
        }
        (None, status, None) => Err(format!("a {} game has no result", status.as_str())),
    }
}
