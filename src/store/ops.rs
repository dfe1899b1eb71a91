//! What running seedpost needs from storage beside the use cases: readiness, figures
//! for `/metrics`, and the whole data set for `seedpost export` and `seedpost import`.
//!
//! [`OpsStore`] is implemented for both backends (`postgres/ops.rs`, `sqlite/ops.rs`)
//! with the same SQL, so that an export from one imports into the other.

use async_trait::async_trait;

use super::ratings::VariantRating;
use super::vacations::Vacation;
use super::{Account, Challenge, GameWithMoves, StoreError, Token};
use crate::domain::GameStatus;

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

/// An account with its password hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountWithPassword {
    /// The account.
    pub account: Account,
    /// The argon2id PHC string of its password.
    pub password_hash: String,
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
