//! What running seedpost needs from storage beside the use cases: readiness, figures
//! for `/metrics`, and the whole data set for `seedpost export` and `seedpost import`.
//!
//! [`OpsStore`] is implemented once for both backends, with the same SQL, so that an
//! export from one imports into the other.

use async_trait::async_trait;
use uuid::Uuid;

use std::collections::HashMap;

use sqlx::Transaction;

use super::common::{
    AccountPasswordRow, ChallengeRow, EventRow, GameRow, INSERT_EVENT, MoveRow, StateColumns,
    TokenRow, challenge_select, game_select, micros, to_i32,
};
use super::core::{INSERT_CHALLENGE, INSERT_GAME, INSERT_MOVE, INSERT_SESSION, bind_state};
use super::dialect::Backend;
use super::sql::{SqlStore, sql};
use super::webhooks::{Delivery, DeliveryRow, INSERT_WEBHOOK, Webhook, seq};
use super::{Account, Challenge, Event, GameWithMoves, NewSession, StoreError, Token};
use crate::domain::{DeclineReason, GameId, GameStatus};

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
    /// Whether it is closed or deleted.
    pub state: crate::domain::AccountState,
    /// The client address it signed up from, when known.
    pub sign_up_address: Option<String>,
    /// The language it chose, as a primary tag, if any.
    pub language: Option<String>,
}

/// A row of `accounts` as exported.
#[derive(sqlx::FromRow)]
struct AccountExportRow {
    #[sqlx(flatten)]
    account: AccountPasswordRow,
    event_seq: i64,
    closed_at: Option<chrono::DateTime<chrono::Utc>>,
    deleted_at: Option<chrono::DateTime<chrono::Utc>>,
    sign_up_address: Option<String>,
    language: Option<String>,
}

impl AccountExportRow {
    fn parse(self) -> Result<AccountWithPassword, StoreError> {
        let (account, password_hash) = self.account.parse()?;
        let event_seq = u64::try_from(self.event_seq)
            .map_err(|_| StoreError::Invalid(format!("corrupt event_seq {}", self.event_seq)))?;
        Ok(AccountWithPassword {
            account,
            password_hash,
            event_seq,
            state: crate::domain::AccountState {
                closed_at: self.closed_at,
                deleted_at: self.deleted_at,
            },
            sign_up_address: self.sign_up_address,
            language: self.language,
        })
    }
}

/// The SQL reading every account with its password hash and event counter.
const EXPORT_ACCOUNTS: &str = "SELECT id, username, bot, created_at, password_hash, event_seq, \
     closed_at, deleted_at, sign_up_address, language FROM accounts ORDER BY created_at, id";

/// The SQL writing an account as exported.
const IMPORT_ACCOUNT: &str = "INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at, \
                           event_seq, closed_at, deleted_at, sign_up_address, language) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)";

/// The SQL reading every stored event, by account and seq.
const EXPORT_EVENTS: &str = "SELECT account_id, seq, kind, payload, created_at FROM events \
     ORDER BY account_id, seq";

/// The SQL reading every webhook delivery, queued or done.
const EXPORT_DELIVERIES: &str = concat!(
    "SELECT ",
    super::webhooks::delivery_columns!(),
    " FROM webhook_deliveries ORDER BY created_at, id"
);

/// The SQL writing a webhook delivery as exported, attempts and all.
const IMPORT_DELIVERY: &str = "INSERT INTO webhook_deliveries (id, webhook_id, event_seq, event_type, body, status, \
                                 attempts, last_status, last_error, next_attempt_at, \
                                 created_at, delivered_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)";

/// A row of `sessions`.
#[derive(sqlx::FromRow)]
struct SessionExportRow {
    hash: String,
    account_id: uuid::Uuid,
    csrf: String,
    created_at: chrono::DateTime<chrono::Utc>,
    expires_at: chrono::DateTime<chrono::Utc>,
}

impl SessionExportRow {
    fn parse(self) -> NewSession {
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
const EXPORT_SESSIONS: &str = "SELECT hash, account_id, csrf, created_at, expires_at FROM sessions \
     ORDER BY created_at, hash";

/// The SQL reading the ply each game was last reminded at, for the games reminded.
const EXPORT_REMINDED: &str =
    "SELECT id, reminded_ply FROM games WHERE reminded_ply IS NOT NULL ORDER BY id";

/// The SQL writing the ply a game was last reminded at, as exported.
const IMPORT_REMINDED: &str = "UPDATE games SET reminded_ply = $2 WHERE id = $1";

/// Parses [`EXPORT_REMINDED`] rows.
fn parse_reminded(rows: Vec<(Uuid, i32)>) -> Result<Vec<(GameId, u32)>, StoreError> {
    rows.into_iter()
        .map(|(id, ply)| {
            let ply = u32::try_from(ply)
                .map_err(|_| StoreError::Invalid(format!("bad reminded_ply {ply} of game {id}")))?;
            Ok((GameId(id), ply))
        })
        .collect()
}

/// Everything an import writes (see `crate::transfer::import`), in the order it
/// writes it.
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
    /// The ply at which each game's player to move was last told that time is
    /// running out (`games.reminded_ply`), for the games told at all, by game.
    pub reminded: Vec<(GameId, u32)>,
    /// Every stored event (those of the last 7 days at least), by account and seq.
    pub events: Vec<Event>,
    /// Every webhook, with its secret and cursor.
    pub webhooks: Vec<Webhook>,
    /// Every webhook delivery: the pending ones with their attempts and next attempt
    /// time, and the history of delivered and failed ones.
    pub deliveries: Vec<Delivery>,
    /// Every browser session (the hash of its secret), so that players stay logged in.
    pub sessions: Vec<NewSession>,
    /// Each account's other settings, its push devices, the server's keys and the
    /// rating changes of rated games.
    pub carried: super::carried::Carried,
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

    /// The rows of the features whose export lines are not yet their own (see
    /// `crate::transfer`), read in one
    /// read-only transaction that sees one moment of the database (repeatable read on
    /// Postgres; one read transaction of the write-ahead log on SQLite), so that an
    /// export taken while players move is whole: every move of each game read, every
    /// event below each account's counter.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] when a stored row does not parse (a game whose moves do
    /// not number 1 to its ply).
    async fn export(&self) -> Result<DataSet, StoreError>;
}

/// Whether every migration `migrator` embeds is among `applied` (the versions the
/// database records as successfully applied).
fn all_applied(migrator: &sqlx::migrate::Migrator, applied: &[i64]) -> bool {
    migrator
        .iter()
        .filter(|m| !m.migration_type.is_down_migration())
        .all(|m| applied.contains(&m.version))
}

/// Parses `SELECT status, count(*)` rows.
fn parse_counts(rows: Vec<(String, i64)>) -> Result<Vec<(GameStatus, u64)>, StoreError> {
    rows.into_iter()
        .map(|(status, n)| {
            let status = GameStatus::parse(&status)
                .ok_or_else(|| StoreError::Invalid(format!("bad status column {status:?}")))?;
            Ok((status, u64::try_from(n).unwrap_or(0)))
        })
        .collect()
}

/// A row of `tokens` with its hash.
#[derive(sqlx::FromRow)]
struct TokenHashRow {
    #[sqlx(flatten)]
    token: TokenRow,
    hash: String,
}

/// A row of `moves` with its game.
#[derive(sqlx::FromRow)]
struct GameMoveRow {
    game_id: Uuid,
    #[sqlx(flatten)]
    ply: MoveRow,
}

/// Whether the database holds an account, a challenge or a game.
const ANY_DATA: &str = "SELECT 1 WHERE EXISTS (SELECT 1 FROM accounts) \
     OR EXISTS (SELECT 1 FROM challenges) OR EXISTS (SELECT 1 FROM games)";

/// Begins the export's read-only transaction, which sees one moment of the database
/// (see [`OpsStore::export`]): the export reads every feature's rows in it.
pub(crate) async fn begin_snapshot<B: Backend>(
    store: &SqlStore<B>,
) -> Result<Transaction<'static, B>, StoreError> {
    Ok(store.pool.begin_with(B::BEGIN_SNAPSHOT).await?)
}

/// Begins the import's transaction, in which every feature's rows are written: all or
/// nothing. Not on a task of its own: the command line imports, no request that a
/// client may drop.
pub(crate) async fn begin_import<B: Backend>(
    store: &SqlStore<B>,
) -> Result<Transaction<'static, B>, StoreError> {
    Ok(store.pool.begin_with(B::BEGIN_WRITE).await?)
}

/// Writes every row of `data` into an empty database, in the import's transaction.
/// The caller has checked the data (see `crate::transfer`); the database checks its
/// constraints.
///
/// # Errors
/// [`StoreError::Conflict`] when the database is not empty or the data breaks a
/// uniqueness constraint; [`StoreError::Database`] when it breaks another one.
#[expect(clippy::too_many_lines, reason = "144 lines, to be split (issue 34)")]
pub(crate) async fn import_tx<B: Backend>(
    tx: &mut Transaction<'static, B>,
    data: &DataSet,
) -> Result<(), StoreError> {
    if sql(ANY_DATA).optional::<(i32,)>(tx).await?.is_some() {
        return Err(StoreError::Conflict);
    }
    for a in &data.accounts {
        sql(IMPORT_ACCOUNT)
            .bind(a.account.id.0)
            .bind(a.account.username.as_str())
            .bind(a.account.username.key())
            .bind(a.password_hash.as_str())
            .bind(a.account.bot)
            .bind(micros(a.account.created_at))
            .bind(seq(a.event_seq))
            .bind(a.state.closed_at.map(micros))
            .bind(a.state.deleted_at.map(micros))
            .bind(a.sign_up_address.clone())
            .bind(a.language.clone())
            .execute(tx)
            .await?;
    }
    for t in &data.tokens {
        sql(
            "INSERT INTO tokens (id, account_id, label, hash, created_at, last_used_at, scopes) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(t.token.id.0)
        .bind(t.token.account_id.0)
        .bind(t.token.label.as_str())
        .bind(t.hash.as_str())
        .bind(micros(t.token.created_at))
        .bind(t.token.last_used_at.map(micros))
        .bind(t.token.scopes.to_names())
        .execute(tx)
        .await?;
    }
    // The games' foreign key on challenges is checked at commit.
    for c in &data.challenges {
        sql(INSERT_CHALLENGE)
            .bind(c.id.0)
            .bind(c.challenger.id.0)
            .bind(c.opponent.as_ref().map(|p| p.id.0))
            .bind(c.variant.as_str())
            .bind(i32::from(c.days_per_move.days()))
            .bind(c.first.as_str())
            .bind(c.status.as_str())
            .bind(c.game_id.map(|g| g.0))
            .bind(micros(c.created_at))
            .bind(c.terms.rated)
            .bind(c.terms.weekend_pause)
            .bind(i32::from(c.match_terms.games()))
            .bind(c.match_terms.schedule.as_str())
            .bind(c.match_terms.stop_when_decided)
            .bind(c.decline_reason.map(DeclineReason::as_str))
            .bind(c.rematch_of.map(|g| g.0))
            .execute(tx)
            .await?;
    }
    for g in &data.games {
        import_game(tx, g).await?;
    }
    for (game, ply) in &data.reminded {
        sql(IMPORT_REMINDED)
            .bind(game.0)
            .bind(to_i32("reminded_ply", *ply)?)
            .execute(tx)
            .await?;
    }
    for e in &data.events {
        sql(INSERT_EVENT)
            .bind(e.account.0)
            .bind(seq(e.seq))
            .bind(e.kind.as_str())
            .bind(e.payload.as_str())
            .bind(micros(e.created_at))
            .execute(tx)
            .await?;
    }
    for w in &data.webhooks {
        sql(INSERT_WEBHOOK)
            .bind(w.id.0)
            .bind(w.account.0)
            .bind(w.url.as_str())
            .bind(w.secret.as_str())
            .bind(seq(w.cursor))
            .bind(micros(w.created_at))
            .execute(tx)
            .await?;
    }
    for d in &data.deliveries {
        sql(IMPORT_DELIVERY)
            .bind(d.id.0)
            .bind(d.webhook.0)
            .bind(seq(d.event_seq))
            .bind(d.event_type.as_str())
            .bind(d.body.as_str())
            .bind(d.status.as_str())
            .bind(to_i32("attempts", d.attempts)?)
            .bind(d.last_status.map(i32::from))
            .bind(d.last_error.clone())
            .bind(d.next_attempt_at.map(micros))
            .bind(micros(d.created_at))
            .bind(d.delivered_at.map(micros))
            .execute(tx)
            .await?;
    }
    for s in &data.sessions {
        sql(INSERT_SESSION)
            .bind(s.hash.as_str())
            .bind(s.account.0)
            .bind(s.csrf.as_str())
            .bind(micros(s.created_at))
            .bind(micros(s.expires_at))
            .execute(tx)
            .await?;
    }
    super::carried::import_carried(tx, &data.carried).await
}

/// Writes a game as exported, with its moves and cached state.
async fn import_game<B: Backend>(
    tx: &mut Transaction<'static, B>,
    g: &GameWithMoves,
) -> Result<(), StoreError> {
    let game = &g.game;
    let state = StateColumns::new(&game.state)?;
    bind_state(sql(INSERT_GAME), &state)
        .bind(game.id.0)
        .bind(game.variant.as_str())
        .bind(game.players.south.id.0)
        .bind(game.players.north.id.0)
        .bind(game.first.as_str())
        .bind(i32::from(game.days_per_move.days()))
        .bind(game.challenge_id.map(|c| c.0))
        .bind(micros(game.created_at))
        .bind(game.terms.rated)
        .bind(game.terms.weekend_pause)
        .execute(tx)
        .await?;
    for m in &g.moves {
        sql(INSERT_MOVE)
            .bind(game.id.0)
            .bind(to_i32("ply", m.ply)?)
            .bind(m.side.as_str())
            .bind(m.pit.map(|p| i32::from(p.number())))
            .bind(micros(m.at))
            .execute(tx)
            .await?;
    }
    Ok(())
}

/// Reads the rows of the features whose export lines are not yet their own on `tx`,
/// one snapshot of the database.
pub(crate) async fn read_all<B: Backend>(
    tx: &mut Transaction<'static, B>,
) -> Result<DataSet, StoreError> {
    let accounts: Vec<AccountExportRow> = sql(EXPORT_ACCOUNTS).all(tx).await?;
    let tokens: Vec<TokenHashRow> = sql(
        "SELECT id, account_id, label, scopes, created_at, last_used_at, hash FROM tokens \
         ORDER BY created_at, id",
    )
    .all(tx)
    .await?;
    let challenges: Vec<ChallengeRow> =
        sql(concat!(challenge_select!(), "ORDER BY c.created_at, c.id"))
            .all(tx)
            .await?;
    let games: Vec<GameRow> = sql(concat!(game_select!(), "ORDER BY g.created_at, g.id"))
        .all(tx)
        .await?;
    let move_rows: Vec<GameMoveRow> =
        sql("SELECT game_id, ply, side, pit, at FROM moves ORDER BY game_id, ply")
            .all(tx)
            .await?;
    let mut moves: HashMap<Uuid, Vec<MoveRow>> = HashMap::new();
    for row in move_rows {
        moves.entry(row.game_id).or_default().push(row.ply);
    }
    let events: Vec<EventRow> = sql(EXPORT_EVENTS).all(tx).await?;
    let deliveries: Vec<DeliveryRow> = sql(EXPORT_DELIVERIES).all(tx).await?;
    let sessions: Vec<SessionExportRow> = sql(EXPORT_SESSIONS).all(tx).await?;
    Ok(DataSet {
        accounts: accounts
            .into_iter()
            .map(AccountExportRow::parse)
            .collect::<Result<_, _>>()?,
        tokens: tokens
            .into_iter()
            .map(|row| {
                Ok(TokenWithHash {
                    token: row.token.parse()?,
                    hash: row.hash,
                })
            })
            .collect::<Result<_, StoreError>>()?,
        challenges: challenges
            .into_iter()
            .map(ChallengeRow::parse)
            .collect::<Result<_, _>>()?,
        games: games
            .into_iter()
            .map(|game| {
                let plies = moves.remove(&game.id()).unwrap_or_default();
                game.with_moves(plies)
            })
            .collect::<Result<_, _>>()?,
        reminded: parse_reminded(sql(EXPORT_REMINDED).all(tx).await?)?,
        events: events
            .into_iter()
            .map(EventRow::parse)
            .collect::<Result<_, _>>()?,
        webhooks: super::webhooks::read_webhooks(tx).await?,
        deliveries: deliveries
            .into_iter()
            .map(DeliveryRow::parse)
            .collect::<Result<_, _>>()?,
        sessions: sessions.into_iter().map(SessionExportRow::parse).collect(),
        carried: super::carried::read_carried(tx).await?,
    })
}

#[async_trait]
impl<B: Backend> OpsStore for SqlStore<B> {
    async fn migrations_applied(&self) -> Result<bool, StoreError> {
        let applied = sql("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version")
            .values::<i64>(&mut self.conn().await?)
            .await;
        match applied {
            Ok(applied) => Ok(all_applied(B::migrator(), &applied)),
            // No migrations table: nothing applied yet.
            Err(StoreError::Database(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    fn pool_stats(&self) -> PoolStats {
        PoolStats {
            size: self.pool.size(),
            idle: u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX),
            max: self.pool.options().get_max_connections(),
        }
    }

    async fn game_counts(&self) -> Result<Vec<(GameStatus, u64)>, StoreError> {
        let rows: Vec<(String, i64)> =
            sql("SELECT status, count(*) FROM games GROUP BY status ORDER BY status")
                .all(&mut self.conn().await?)
                .await?;
        parse_counts(rows)
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        let any: Option<(i32,)> = sql(ANY_DATA).optional(&mut self.conn().await?).await?;
        Ok(any.is_none())
    }

    async fn export(&self) -> Result<DataSet, StoreError> {
        let mut tx = begin_snapshot(self).await?;
        let data = read_all(&mut tx).await;
        // Read only: nothing to keep, whatever the outcome.
        tx.rollback().await?;
        data
    }
}
