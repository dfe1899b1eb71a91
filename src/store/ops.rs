//! What running seedpost needs from storage beside the use cases: readiness, figures
//! for `/metrics`, and the whole data set for `seedpost export` and `seedpost import`.
//!
//! [`OpsStore`] is implemented for both backends (`postgres/ops.rs`, `sqlite/ops.rs`)
//! with the same SQL, so that an export from one imports into the other.

use async_trait::async_trait;
use uuid::Uuid;

use super::common::AccountPasswordRow;
use super::ratings::VariantRating;
use super::vacations::Vacation;
use super::webhooks::{Delivery, Webhook};
use super::{Account, Challenge, Event, GameWithMoves, NewSession, StoreError, Token};
use crate::domain::{GameId, GameStatus};

/// The connections of a store's pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PoolStats {
    /// Connections open now, idle or in use.
    pub size: u32,
    /// Open connections waiting in the pool.
    pub idle: u32,
    /// The most the pool opens.
    pub max: u32,
}

/// An API token with the hash that authenticates it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenWithHash {
    /// The token.
    pub token: Token,
    /// Lower-case hex SHA-256 of its secret.
    pub hash: String,
}

/// An account with its password hash and its event counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountWithPassword {
    /// The account.
    pub account: Account,
    /// The argon2id PHC string of its password.
    pub password_hash: String,
    /// The seq of the account's latest event (0 before any): carried so that seqs
    /// go on above it in the new database, and a stream resumed with `since` neither
    /// misses an event nor hears one twice.
    pub event_seq: u64,
}

/// A row of `accounts` as exported.
#[derive(sqlx::FromRow)]
pub(super) struct AccountExportRow {
    #[sqlx(flatten)]
    account: AccountPasswordRow,
    event_seq: i64,
}

impl AccountExportRow {
    pub(super) fn parse(self) -> Result<AccountWithPassword, StoreError> {
        let (account, password_hash) = self.account.parse()?;
        let event_seq = u64::try_from(self.event_seq)
            .map_err(|_| StoreError::Other(format!("corrupt event_seq {}", self.event_seq)))?;
        Ok(AccountWithPassword {
            account,
            password_hash,
            event_seq,
        })
    }
}

/// The SQL reading every account with its password hash and event counter.
pub(super) const EXPORT_ACCOUNTS: &str = "SELECT id, username, bot, created_at, password_hash, event_seq FROM accounts \
     ORDER BY created_at, id";

/// The SQL writing an account as exported.
pub(super) const IMPORT_ACCOUNT: &str = "INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at, \
                           event_seq) \
     VALUES ($1, $2, $3, $4, $5, $6, $7)";

/// The SQL reading every stored event, by account and seq.
pub(super) const EXPORT_EVENTS: &str = "SELECT account_id, seq, kind, payload, created_at FROM events \
     ORDER BY account_id, seq";

/// The SQL reading every webhook delivery, queued or done.
pub(super) const EXPORT_DELIVERIES: &str = concat!(
    "SELECT ",
    super::webhooks::delivery_columns!(),
    " FROM webhook_deliveries ORDER BY created_at, id"
);

/// The SQL writing a webhook as exported.
pub(super) const IMPORT_WEBHOOK: &str = "INSERT INTO webhooks (id, account_id, url, secret, cursor, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6)";

/// The SQL writing a webhook delivery as exported, attempts and all.
pub(super) const IMPORT_DELIVERY: &str = "INSERT INTO webhook_deliveries (id, webhook_id, event_seq, event_type, body, status, \
                                 attempts, last_status, last_error, next_attempt_at, \
                                 created_at, delivered_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

/// A row of `sessions`.
#[derive(sqlx::FromRow)]
pub(super) struct SessionExportRow {
    hash: String,
    account_id: uuid::Uuid,
    csrf: String,
    created_at: chrono::DateTime<chrono::Utc>,
    expires_at: chrono::DateTime<chrono::Utc>,
}

impl SessionExportRow {
    pub(super) fn parse(self) -> NewSession {
        NewSession {
            hash: self.hash,
            account: crate::domain::AccountId(self.account_id),
            csrf: self.csrf,
            created_at: self.created_at,
            expires_at: self.expires_at,
        }
    }
}

/// The SQL reading every browser session (by its hash, never its secret).
pub(super) const EXPORT_SESSIONS: &str = "SELECT hash, account_id, csrf, created_at, expires_at FROM sessions \
     ORDER BY created_at, hash";

/// The SQL writing a session as exported.
pub(super) const IMPORT_SESSION: &str = "INSERT INTO sessions (hash, account_id, csrf, created_at, expires_at) \
     VALUES ($1, $2, $3, $4, $5)";

/// The SQL reading the ply each game was last reminded at, for the games reminded.
pub(super) const EXPORT_REMINDED: &str =
    "SELECT id, reminded_ply FROM games WHERE reminded_ply IS NOT NULL ORDER BY id";

/// The SQL writing the ply a game was last reminded at, as exported.
pub(super) const IMPORT_REMINDED: &str = "UPDATE games SET reminded_ply = $2 WHERE id = $1";

/// Parses [`EXPORT_REMINDED`] rows.
pub(super) fn parse_reminded(rows: Vec<(Uuid, i32)>) -> Result<Vec<(GameId, u32)>, StoreError> {
    rows.into_iter()
        .map(|(id, ply)| {
            let ply = u32::try_from(ply)
                .map_err(|_| StoreError::Other(format!("bad reminded_ply {ply} of game {id}")))?;
            Ok((GameId(id), ply))
        })
        .collect()
}

/// Everything [`OpsStore::import`] writes, in the order it writes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DataSet {
    /// Every account.
    pub accounts: Vec<AccountWithPassword>,
    /// Every API token.
    pub tokens: Vec<TokenWithHash>,
    /// Every challenge, whatever its status.
    pub challenges: Vec<Challenge>,
    /// Every game with its moves and cached state.
    pub games: Vec<GameWithMoves>,
    /// Every player's rating in each variant they have played rated games in.
    pub ratings: Vec<VariantRating>,
    /// Every vacation, over or going on.
    pub vacations: Vec<Vacation>,
    /// Every tournament with its players and the ids of its games.
    pub tournaments: Vec<super::tournaments::TournamentRecord>,
    /// The ply at which each game's player to move was last told that time is
    /// running out (`games.reminded_ply`), for the games told at all, by game.
    pub reminded: Vec<(GameId, u32)>,
    /// Every match with its games.
    pub matches: Vec<super::matches::Match>,
    /// Every stored event (those of the last 7 days at least), by account and seq.
    pub events: Vec<Event>,
    /// Every webhook, with its secret and cursor.
    pub webhooks: Vec<Webhook>,
    /// Every webhook delivery: the pending ones with their attempts and next attempt
    /// time, and the history of delivered and failed ones.
    pub deliveries: Vec<Delivery>,
    /// Every browser session (the hash of its secret), so that players stay logged in.
    pub sessions: Vec<NewSession>,
    /// Every calendar feed (the hash of its secret, never the secret).
    pub calendars: Vec<super::calendar::CalendarFeed>,
    /// Every account's digest settings.
    pub digests: Vec<super::calendar::DigestSettings>,
}

/// Storage for operating seedpost: health, metrics, export and import.
#[async_trait]
pub trait OpsStore: Send + Sync {
    /// Whether every migration this build embeds has been applied successfully.
    async fn migrations_applied(&self) -> Result<bool, StoreError>;

    /// The pool's connections now (no database round trip).
    fn pool_stats(&self) -> PoolStats;

    /// How many games have each status (statuses without games are left out).
    async fn game_counts(&self) -> Result<Vec<(GameStatus, u64)>, StoreError>;

    /// Whether the database holds no account, challenge or game.
    async fn is_empty(&self) -> Result<bool, StoreError>;

    /// Every account with its password hash, oldest first.
    async fn export_accounts(&self) -> Result<Vec<AccountWithPassword>, StoreError>;

    /// Every API token with its hash, oldest first.
    async fn export_tokens(&self) -> Result<Vec<TokenWithHash>, StoreError>;

    /// Every challenge, oldest first.
    async fn export_challenges(&self) -> Result<Vec<Challenge>, StoreError>;

    /// Every game with its moves, oldest first.
    ///
    /// # Errors
    /// [`StoreError::Other`] when a game's moves do not number 1 to its ply.
    async fn export_games(&self) -> Result<Vec<GameWithMoves>, StoreError>;

    /// The ply at which each game's player to move was last reminded, for the games
    /// reminded at all, by game.
    async fn export_reminded(&self) -> Result<Vec<(GameId, u32)>, StoreError>;

    /// Every stored event, by account and seq.
    async fn export_events(&self) -> Result<Vec<Event>, StoreError>;

    /// Every webhook delivery, oldest first (the webhooks themselves come from
    /// [`WebhookStore::all_webhooks`](super::webhooks::WebhookStore::all_webhooks)).
    async fn export_deliveries(&self) -> Result<Vec<Delivery>, StoreError>;

    /// Every browser session, oldest first.
    async fn export_sessions(&self) -> Result<Vec<NewSession>, StoreError>;

    /// Writes `data` into an empty database, in one transaction: all or nothing. The
    /// caller has checked the data (see `crate::transfer`); the database checks its
    /// constraints.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the database is not empty or the data breaks a
    /// uniqueness constraint; [`StoreError::Other`] when it breaks another one.
    async fn import(&self, data: &DataSet) -> Result<(), StoreError>;
}

/// Whether every migration `migrator` embeds is among `applied` (the versions the
/// database records as successfully applied).
pub(super) fn all_applied(migrator: &sqlx::migrate::Migrator, applied: &[i64]) -> bool {
    migrator
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .all(|m| applied.contains(&m.version))
}

/// Parses `SELECT status, count(*)` rows.
pub(super) fn parse_counts(rows: Vec<(String, i64)>) -> Result<Vec<(GameStatus, u64)>, StoreError> {
    rows.into_iter()
        .map(|(status, n)| {
            let status = GameStatus::parse(&status)
                .ok_or_else(|| StoreError::Other(format!("bad status column {status:?}")))?;
            Ok((status, u64::try_from(n).unwrap_or(0)))
        })
        .collect()
}
