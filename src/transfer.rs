//! `seedpost export` and `seedpost import`: all data as JSON lines, the same on
//! SQLite and Postgres, so that a club that started on the embedded SQLite default
//! can move to Postgres without losing a game (docs/operations.md, "Moving to Postgres").
//!
//! The first line is a header, `{"type":"header","format":"seedpost-export",
//! "version":1}`; then each feature's lines, each with a `type`, in the order of
//! [`ORDER`]: one per account (with its password hash), token (its hash, never a
//! secret), challenge, and game (with its moves, cached state and result); then one
//! per player's rating in a variant (after the games, whose results it sums up), one
//! per match (with the numbers of its games, after them), one per vacation, and one
//! per tournament (with its players and the ids of its games); then one per stored
//! event (each account's line carries its `event_seq` counter, so that seqs go on
//! above the old ones and a stream resumed with `since` misses nothing and hears
//! nothing twice), per webhook (with its secret and cursor), per webhook delivery
//! (pending ones keep their attempts and next attempt time, and are still delivered),
//! and per browser session (the hash of its secret, so that players stay logged in);
//! then the accounts' settings, the games' conditional lines and notes, the chat, the
//! rating changes of rated games, and the notifications' lines. Exports from before
//! a record kind existed simply have no such lines.
//!
//! Each feature's lines are its own ([`Lines`]: the games', challenges', chat's and
//! competition's in their folders, the notifications' too; those of the features not
//! yet moved into folders in `src/transfer/`, from where they move with their
//! feature). This module
//! is the driver: the file format, its header and version, the order of the lines,
//! reading and writing, and the checks that span features.
//!
//! The import trusts nothing it reads: every reference must point to an earlier
//! line, and every game is replayed through the engine (RULES.md) and its cached
//! board, stores, ply, side to move and result compared with the replay. The first
//! fault stops the import with the line and the game it concerns, before anything is
//! written; the write itself is one transaction into an empty database.

use std::collections::HashMap;
use std::fmt;
use std::io::{BufRead, Write};

use async_trait::async_trait;
use seedpost_rules::BySide;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sqlx::Transaction;
use uuid::Uuid;

use crate::accounts::export::Accounts;
use crate::challenges::export::Challenges;
use crate::chat::export::Chat;
use crate::competition::export::Competition;
use crate::domain::GameStatus;
use crate::games::export::Games;
use crate::notifications::export::Notifications;
use crate::store::dialect::Backend;
use crate::store::ops::DataSet;
use crate::store::sql::{SqlStore, on_backend};
use crate::store::{Player, Store, StoreError};

pub mod bots;

use bots::Bots;

/// The `format` of the header line.
pub const FORMAT: &str = "seedpost-export";

/// The longest line an import reads, in bytes: far above any record the server
/// writes (a game of a thousand plies is about 60 KB), so that a file cannot make the
/// import hold a huge text.
pub const MAX_LINE: usize = 1 << 20;

/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;

/// The `type`s of the lines after the header, in the order an export writes them:
/// every line after those it names. Each is one feature's ([`Lines::KINDS`]).
pub const ORDER: &[&str] = &[
    "account",
    "token",
    "challenge",
    "game",
    "rating",
    "match",
    "vacation",
    "tournament",
    "event",
    "webhook",
    "delivery",
    "session",
    "play_settings",
    "challenge_filters",
    "conditional",
    "conditional_ply",
    "note",
    "block",
    "chat",
    "chat_report",
    "chat_mute",
    "game_rating",
    "calendar",
    "digest",
    "server_key",
    "notifications",
    "push_device",
];

/// Every table an export carries, whole: all a player or an operator would miss on
/// the new server. A migration that makes a table puts it in its feature's
/// [`Lines::EXPORTED`] or [`Lines::TRANSIENT`] (`tests/tidy/transfer.rs` fails
/// otherwise), and the round trip test compares every one of these tables' rows
/// before and after.
#[must_use]
pub fn exported_tables() -> Vec<&'static str> {
    [
        Accounts::EXPORTED,
        Challenges::EXPORTED,
        Games::EXPORTED,
        Competition::EXPORTED,
        Bots::EXPORTED,
        Chat::EXPORTED,
        Notifications::EXPORTED,
    ]
    .concat()
}

/// The tables an export leaves out, each with why nobody misses them: queues,
/// claims and traces of the moment, which the new server starts without.
#[must_use]
pub fn transient_tables() -> Vec<(&'static str, &'static str)> {
    [
        Accounts::TRANSIENT,
        Challenges::TRANSIENT,
        Games::TRANSIENT,
        Competition::TRANSIENT,
        Bots::TRANSIENT,
        Chat::TRANSIENT,
        Notifications::TRANSIENT,
    ]
    .concat()
}

/// A feature's lines of the export: the tables it carries, its lines and how the
/// import checks them. Each feature's `export` module implements it (those of the
/// features not yet in folders of their own are in `src/transfer/`); [`export`] and
/// [`import`] drive every one.
pub trait Lines: Default + Send + Sync + Sized {
    /// Its lines, tagged by `"type"`.
    type Line: Serialize + DeserializeOwned;

    /// The `type`s of its lines (each also in [`ORDER`]).
    const KINDS: &'static [&'static str];

    /// The tables it carries whole.
    const EXPORTED: &'static [&'static str];

    /// The tables it leaves out, each with why nobody misses them.
    const TRANSIENT: &'static [(&'static str, &'static str)];

    /// Its lines, those of each `type` in the order the import reads them.
    fn lines(&self) -> Vec<Self::Line>;

    /// Reads one of its lines, checked as the API checks what it stands for and
    /// against what the import read before (`known`, to which it adds what other
    /// features' lines may name).
    ///
    /// # Errors
    /// [`ReadError`] for a line the import refuses.
    fn take(&mut self, line: Self::Line, known: &mut Known) -> Result<(), ReadError>;

    /// Adds how many rows of each kind it holds to `counts`.
    fn count(&self, counts: &mut Counts);
}

/// The rows of a feature whose SQL is its own: read in the export's snapshot and
/// written in the import's transaction.
#[async_trait]
pub trait Rows: Lines {
    /// Reads its rows on `tx`, the export's snapshot.
    async fn read<B: Backend>(tx: &mut Transaction<'static, B>) -> Result<Self, StoreError>;

    /// Writes its rows on `tx`, the import's transaction, after every row of the
    /// features whose SQL is still the store's (the accounts they name among them).
    async fn write<B: Backend>(&self, tx: &mut Transaction<'static, B>) -> Result<(), StoreError>;
}

/// The rows of a feature whose SQL is still the store's, as its part of the store's
/// [`DataSet`] (read and written whole by `crate::store::ops`).
pub trait Stored: Lines {
    /// Takes its part of `set`.
    fn from_set(set: &mut DataSet) -> Self;

    /// Puts its rows back into `set`.
    fn into_set(self, set: &mut DataSet);
}

/// What the import read of a game that other lines may name.
#[derive(Debug, Clone)]
pub struct KnownGame {
    /// Its line, counted from 1.
    pub line: usize,
    /// The challenge that started it.
    pub challenge: Option<Uuid>,
    /// Its players' accounts.
    pub players: BySide<Uuid>,
    /// Whether it is rated.
    pub rated: bool,
    /// Its status.
    pub status: GameStatus,
}

/// What the import read so far that a feature's lines may name.
#[derive(Debug, Default)]
pub struct Known {
    /// The line being read, counted from 1.
    line: usize,
    /// The accounts.
    accounts: HashMap<Uuid, Player>,
    /// Each account's event counter: no event, cursor or delivery goes above it.
    heads: HashMap<Uuid, u64>,
    /// Each challenge's line and accepted game.
    challenges: HashMap<Uuid, (usize, Option<Uuid>)>,
    /// The games.
    games: HashMap<Uuid, KnownGame>,
}

impl Known {
    /// The line being read, counted from 1.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

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

    /// Whether an earlier line is the account `id`.
    #[must_use]
    pub fn is_account(&self, id: Uuid) -> bool {
        self.accounts.contains_key(&id)
    }

    /// Notes an account and its event counter.
    pub fn add_account(&mut self, player: Player, head: u64) {
        self.heads.insert(player.id.0, head);
        self.accounts.insert(player.id.0, player);
    }

    /// Notes challenge `id` (on the line being read) and its accepted game; false
    /// when an earlier line is that challenge.
    pub fn add_challenge(&mut self, id: Uuid, game: Option<Uuid>) -> bool {
        self.challenges.insert(id, (self.line, game)).is_none()
    }

    /// The accepted game of the challenge `id` of an earlier line (`Some(None)` for
    /// a challenge without one), `None` when no earlier line is that challenge.
    #[must_use]
    pub fn challenge_game(&self, id: Uuid) -> Option<Option<Uuid>> {
        self.challenges.get(&id).map(|(_, game)| *game)
    }

    /// Notes game `id`; false when an earlier line is that game.
    pub fn add_game(&mut self, id: Uuid, game: KnownGame) -> bool {
        self.games.insert(id, game).is_none()
    }

    /// The game `id` of an earlier line.
    #[must_use]
    pub fn game(&self, id: Uuid) -> Option<&KnownGame> {
        self.games.get(&id)
    }

    /// Whether `account` plays `game`, read on an earlier line (`what` names the
    /// line).
    ///
    /// # Errors
    /// [`ReadError::Refused`] when the game is not of an earlier line or the account
    /// does not play it.
    pub fn plays(&self, game: Uuid, account: Uuid, what: &str) -> Result<(), ReadError> {
        let found = self
            .game(game)
            .ok_or_else(|| ReadError::refused(what, "its game is not on an earlier line"))?;
        if found.players.south == account || found.players.north == account {
            Ok(())
        } else {
            Err(ReadError::refused(
                what,
                "its account does not play its game",
            ))
        }
    }

    /// Every accepted challenge's game is there and names it back.
    fn check_challenge_games(&self) -> Result<(), TransferError> {
        for (challenge, (line, game)) in &self.challenges {
            let Some(game) = game else { continue };
            match self.games.get(game) {
                Some(g) if g.challenge == Some(*challenge) => {}
                _ => {
                    return Err(TransferError::Invalid {
                        line: *line,
                        error: ReadError::ChallengeGame {
                            challenge: *challenge,
                            game: *game,
                        },
                    });
                }
            }
        }
        Ok(())
    }
}

/// The line `types` an export writes, as a refused line's message lists them.
fn kinds_listed() -> String {
    std::iter::once("header")
        .chain(ORDER.iter().copied())
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Why the import refuses a line.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The line is longer than [`MAX_LINE`].
    #[error("the line is longer than {max} bytes", max = MAX_LINE)]
    TooLong,
    /// The line is not UTF-8.
    #[error("not UTF-8: {0}")]
    NotUtf8(#[source] std::str::Utf8Error),
    /// The line is no record of the format.
    #[error("not a record: {0}")]
    NotARecord(#[source] serde_json::Error),
    /// The line's `type` is none of the format's.
    #[error("not a record: unknown variant `{0}`, expected one of {list}", list = kinds_listed())]
    UnknownKind(String),
    /// A text of the line holds a NUL (Postgres cannot store one).
    #[error("a text holds a NUL character")]
    Nul,
    /// The first line is not the header.
    #[error("not a {format} file: the first line is not its header", format = FORMAT)]
    NotFirst,
    /// The header names another format or version.
    #[error(
        "a {format:?} version {version} file: this seedpost reads {ours} version {our_version}",
        ours = FORMAT,
        our_version = VERSION
    )]
    Version {
        /// The format it names.
        format: String,
        /// The version it names.
        version: u32,
    },
    /// A header line after the first.
    #[error("a second header line")]
    SecondHeader,
    /// The input has no line at all.
    #[error("not a {format} file: the header line is missing", format = FORMAT)]
    NoHeader,
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
    /// A game whose stored state is not what its moves replay to.
    #[error("game {game}: {why}")]
    Replay {
        /// The game.
        game: Uuid,
        /// What disagrees.
        why: String,
    },
    /// An accepted challenge whose game is missing or names another challenge.
    #[error("challenge {challenge}: its game {game} is missing or names another challenge")]
    ChallengeGame {
        /// The challenge.
        challenge: Uuid,
        /// The game it names.
        game: Uuid,
    },
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

/// Everything an export carries, feature by feature.
#[derive(Debug, Default)]
pub struct Data {
    /// The accounts': accounts, tokens and sessions.
    pub accounts: Accounts,
    /// The challenges': challenges, play settings and challenge filters.
    pub challenges: Challenges,
    /// The games': games, conditional lines and notes.
    pub games: Games,
    /// The competition's: ratings, matches, vacations, tournaments, rating changes.
    pub competition: Competition,
    /// The bots': events, webhooks and deliveries.
    pub bots: Bots,
    /// The chat's: blocks, chat lines, reports and mutes.
    pub chat: Chat,
    /// The notifications'.
    pub notifications: Notifications,
}

impl Data {
    /// The store's rows, the competition's and the notifications', feature by
    /// feature.
    fn from_parts(
        mut set: DataSet,
        mut competition: Competition,
        notifications: Notifications,
    ) -> Data {
        competition.take_carried(&mut set);
        Data {
            accounts: Accounts::from_set(&mut set),
            challenges: Challenges::from_set(&mut set),
            games: Games::from_set(&mut set),
            competition,
            bots: Bots::from_set(&mut set),
            chat: Chat::from_set(&mut set),
            notifications,
        }
    }

    /// The rows the store writes, the competition's and the notifications'.
    fn into_parts(mut self) -> (DataSet, Competition, Notifications) {
        let mut set = DataSet::default();
        self.accounts.into_set(&mut set);
        self.challenges.into_set(&mut set);
        self.games.into_set(&mut set);
        self.competition.give_carried(&mut set);
        self.bots.into_set(&mut set);
        self.chat.into_set(&mut set);
        (set, self.competition, self.notifications)
    }
}

/// What can stop an export or an import.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    /// A line of the input is malformed, refers to something unknown, or holds a game
    /// that does not replay to its stored state.
    #[error("line {line}: {error}")]
    Invalid {
        /// The line, counted from 1.
        line: usize,
        /// What is wrong, naming the game or account concerned.
        error: ReadError,
    },
    /// What the database holds would not import (its line and why): the export
    /// writes nothing rather than a file that cannot be restored.
    #[error("the export would not import, so nothing was written: line {line}: {error}")]
    Unimportable {
        /// The line of the export, counted from 1.
        line: usize,
        /// What the import refuses there.
        error: ReadError,
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
    fn of(data: &Data) -> Counts {
        let mut counts = Counts::default();
        data.accounts.count(&mut counts);
        data.challenges.count(&mut counts);
        data.games.count(&mut counts);
        data.competition.count(&mut counts);
        data.bots.count(&mut counts);
        data.chat.count(&mut counts);
        data.notifications.count(&mut counts);
        counts
    }
}

/// The header line.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Header {
    Header { format: String, version: u32 },
}

/// The `type` of a line.
#[derive(Deserialize)]
struct Kind {
    #[serde(rename = "type")]
    kind: String,
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
            TransferError::Invalid { line, error } => TransferError::Unimportable { line, error },
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
    let set = crate::store::ops::read_all(tx).await?;
    let competition = Competition::read(tx).await?;
    let notifications = Notifications::read(tx).await?;
    Ok(Data::from_parts(set, competition, notifications))
}

/// Writes the rows into the store, in one transaction: all or nothing.
async fn write_all<B: Backend>(
    store: &SqlStore<B>,
    set: &DataSet,
    competition: &Competition,
    notifications: &Notifications,
) -> Result<(), StoreError> {
    let mut tx = crate::store::ops::begin_import(store).await?;
    let outcome = write_tx(&mut tx, set, competition, notifications).await;
    crate::store::common::finish(tx, outcome).await
}

/// Writes every feature's rows on `tx`.
async fn write_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    set: &DataSet,
    competition: &Competition,
    notifications: &Notifications,
) -> Result<(), StoreError> {
    crate::store::ops::import_tx(tx, set).await?;
    competition.write(tx).await?;
    notifications.write(tx).await
}

/// Each `type`'s lines, written.
type ByKind = HashMap<String, Vec<u8>>;

/// Writes `feature`'s lines into `by_kind`, each under its `type`.
fn sort_lines<L: Lines>(feature: &L, by_kind: &mut ByKind) -> Result<(), TransferError> {
    for line in feature.lines() {
        let mut bytes = Vec::new();
        write_line(&mut bytes, &line)?;
        let kind = serde_json::from_slice::<Kind>(&bytes)
            .map_err(std::io::Error::other)?
            .kind;
        by_kind.entry(kind).or_default().extend_from_slice(&bytes);
    }
    Ok(())
}

/// Writes `data` as the lines of an export: the header, then every feature's lines
/// in the [`ORDER`] of their `type`s.
fn write_lines(data: &Data, out: &mut impl Write) -> Result<(), TransferError> {
    write_line(
        out,
        &Header::Header {
            format: FORMAT.to_owned(),
            version: VERSION,
        },
    )?;
    let mut by_kind = ByKind::new();
    sort_lines(&data.accounts, &mut by_kind)?;
    sort_lines(&data.challenges, &mut by_kind)?;
    sort_lines(&data.games, &mut by_kind)?;
    sort_lines(&data.competition, &mut by_kind)?;
    sort_lines(&data.bots, &mut by_kind)?;
    sort_lines(&data.chat, &mut by_kind)?;
    sort_lines(&data.notifications, &mut by_kind)?;
    for kind in ORDER {
        if let Some(bytes) = by_kind.remove(*kind) {
            out.write_all(&bytes)?;
        }
    }
    if let Some(kind) = by_kind.keys().next() {
        let message = format!("lines of type {kind:?} have no place in the export's order");
        return Err(std::io::Error::other(message).into());
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
    let counts = Counts::of(&data);
    let (set, competition, notifications) = data.into_parts();
    match on_backend!(store.sql(), s => write_all(s, &set, &competition, &notifications).await) {
        Ok(()) => Ok(counts),
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
        let invalid = |error| TransferError::Invalid { line, error };
        if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            return Err(invalid(ReadError::TooLong));
        }
        let text = std::str::from_utf8(&bytes).map_err(|e| invalid(ReadError::NotUtf8(e)))?;
        if text.trim().is_empty() {
            continue;
        }
        reader.known.line = line;
        reader.line(text).map_err(invalid)?;
    }
    if !reader.header {
        return Err(TransferError::Invalid {
            line: 1,
            error: ReadError::NoHeader,
        });
    }
    reader.known.check_challenge_games()?;
    Ok(reader.data)
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

/// Refuses a line in which a text holds a NUL (Postgres cannot store one); the
/// fields shown to people are checked for every control character by their features.
fn refuse_nul(text: &str) -> Result<(), ReadError> {
    if text.contains("\\u0000") {
        let tree: serde_json::Value = serde_json::from_str(text).map_err(ReadError::NotARecord)?;
        if holds_nul(&tree) {
            return Err(ReadError::Nul);
        }
    }
    Ok(())
}

/// Reads a line of `feature`'s, after the header.
fn take<L: Lines>(
    feature: &mut L,
    text: &str,
    known: &mut Known,
    header: bool,
) -> Result<(), ReadError> {
    let line: L::Line = serde_json::from_str(text).map_err(ReadError::NotARecord)?;
    refuse_nul(text)?;
    if !header {
        return Err(ReadError::NotFirst);
    }
    feature.take(line, known)
}

/// The import's state: what has been read so far.
#[derive(Default)]
struct Reader {
    /// Whether the header was read.
    header: bool,
    /// Every feature's rows read.
    data: Data,
    /// What the lines read may name.
    known: Known,
}

impl Reader {
    /// Reads a line, handing it to the feature whose `type` it has.
    fn line(&mut self, text: &str) -> Result<(), ReadError> {
        let kind = serde_json::from_str::<Kind>(text)
            .map_err(ReadError::NotARecord)?
            .kind;
        let (data, known, header) = (&mut self.data, &mut self.known, self.header);
        let kind = kind.as_str();
        if kind == "header" {
            self.header_line(text)
        } else if Accounts::KINDS.contains(&kind) {
            take(&mut data.accounts, text, known, header)
        } else if Challenges::KINDS.contains(&kind) {
            take(&mut data.challenges, text, known, header)
        } else if Games::KINDS.contains(&kind) {
            take(&mut data.games, text, known, header)
        } else if Competition::KINDS.contains(&kind) {
            take(&mut data.competition, text, known, header)
        } else if Bots::KINDS.contains(&kind) {
            take(&mut data.bots, text, known, header)
        } else if Chat::KINDS.contains(&kind) {
            take(&mut data.chat, text, known, header)
        } else if Notifications::KINDS.contains(&kind) {
            take(&mut data.notifications, text, known, header)
        } else {
            Err(ReadError::UnknownKind(kind.to_owned()))
        }
    }

    /// Reads a header line: the first line, of this format and version.
    fn header_line(&mut self, text: &str) -> Result<(), ReadError> {
        let Header::Header { format, version } =
            serde_json::from_str(text).map_err(ReadError::NotARecord)?;
        refuse_nul(text)?;
        if self.header {
            return Err(ReadError::SecondHeader);
        }
        if format != FORMAT || version != VERSION {
            return Err(ReadError::Version { format, version });
        }
        self.header = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `type`s of every feature's lines, feature by feature.
    fn kinds_of_features() -> Vec<&'static str> {
        [
            Accounts::KINDS,
            Challenges::KINDS,
            Games::KINDS,
            Competition::KINDS,
            Bots::KINDS,
            Chat::KINDS,
            Notifications::KINDS,
        ]
        .concat()
    }

    #[test]
    fn every_features_line_types_are_in_the_order_once_and_no_other() {
        let mut ours = kinds_of_features();
        ours.sort_unstable();
        let mut order = ORDER.to_vec();
        order.sort_unstable();
        assert_eq!(ours, order);
        order.dedup();
        assert_eq!(order.len(), ORDER.len(), "a type is in the order twice");
    }

    #[test]
    fn a_line_of_no_known_type_is_refused_as_no_record_naming_the_types() {
        let text = "{\"type\":\"header\",\"format\":\"seedpost-export\",\"version\":1}\n\
                    {\"type\":\"gossip\"}\n";
        let Err(TransferError::Invalid { line, error }) = read(text.as_bytes()) else {
            panic!("a line of no known type is read");
        };
        assert_eq!(line, 2);
        assert!(
            matches!(&error, ReadError::UnknownKind(k) if k == "gossip"),
            "{error}"
        );
        let message = error.to_string();
        assert!(
            message.starts_with("not a record: unknown variant `gossip`"),
            "{message}"
        );
        assert!(message.contains("`account`") && message.contains("`push_device`"));
    }

    #[test]
    fn a_header_of_another_version_and_a_second_header_are_refused() {
        let header = |v: u32| {
            format!("{{\"type\":\"header\",\"format\":\"seedpost-export\",\"version\":{v}}}\n")
        };
        let Err(TransferError::Invalid { error, .. }) = read(header(2).as_bytes()) else {
            panic!("version 2 is read");
        };
        assert!(
            matches!(error, ReadError::Version { version: 2, .. }),
            "{error}"
        );
        let twice = format!("{}{}", header(1), header(1));
        let Err(TransferError::Invalid { line, error }) = read(twice.as_bytes()) else {
            panic!("two headers are read");
        };
        assert_eq!(line, 2);
        assert!(matches!(error, ReadError::SecondHeader), "{error}");
        let Err(TransferError::Invalid { error, .. }) = read("".as_bytes()) else {
            panic!("nothing is read");
        };
        assert!(matches!(error, ReadError::NoHeader), "{error}");
    }
}
