//! The rows an export carries beside the games and accounts: each account's
//! settings (play settings, challenge filters, notification settings), its push
//! devices, the server's own keys (the VAPID key those devices were subscribed
//! with), how each rated game moved its players' ratings, and each player's
//! conditional lines with the plies played from them. Read in the export's
//! snapshot and written in the import's transaction (see [`super::ops`]).

use chrono::{DateTime, Utc};
use sqlx::Transaction;
use uuid::Uuid;

use super::StoreError;
use super::common::micros;
use super::dialect::Backend;
use super::prefs::{FiltersRow, PlaySettings};
use super::push::{PushSubscription, SubscriptionRow};
use super::sql::{AsConn, sql};
use crate::domain::notify::NotificationSettings;
use crate::domain::{AccountId, ChallengeFilters, GameId};

/// One account's saved settings of some kind, with when they were saved.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved<T> {
    /// The account.
    pub account: AccountId,
    /// What it saved.
    pub value: T,
    /// When.
    pub updated_at: DateTime<Utc>,
}

/// A key the server made for itself and keeps in the database (`server_keys`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerKey {
    /// Its name (`vapid` for the Web Push key).
    pub name: String,
    /// Its value, as the server stored it.
    pub value: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// A player's rating before and after one rated game (`game_ratings`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRatingRecord {
    /// The game.
    pub game: GameId,
    /// The player.
    pub account: AccountId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// A player's conditional lines in one game (`conditional_lines`), the lines as
/// stored (JSON, see `games::conditional`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesRecord {
    /// The game.
    pub game: GameId,
    /// Whose lines.
    pub account: AccountId,
    /// The game's ply they start from.
    pub ply: i32,
    /// The lines, as stored.
    pub lines: String,
    /// When they were last written.
    pub updated_at: DateTime<Utc>,
}

/// A ply the server played from a player's lines (`conditional_plies`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedRecord {
    /// The game.
    pub game: GameId,
    /// The ply.
    pub ply: i32,
    /// Whose lines it came from.
    pub account: AccountId,
}

/// Everything this module carries.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Carried {
    /// Every account's play settings, for the accounts that saved some.
    pub play_settings: Vec<Saved<PlaySettings>>,
    /// Every account's challenge filters, for the accounts that have some.
    pub challenge_filters: Vec<Saved<ChallengeFilters>>,
    /// Every account's notification settings, for the accounts that saved some.
    pub notification_settings: Vec<Saved<NotificationSettings>>,
    /// Every push device, with its keys and cursor.
    pub push_subscriptions: Vec<PushSubscription>,
    /// The server's own keys.
    pub server_keys: Vec<ServerKey>,
    /// How every rated game moved its players' ratings.
    pub game_ratings: Vec<GameRatingRecord>,
    /// Every player's conditional lines in force.
    pub conditional_lines: Vec<LinesRecord>,
    /// Every ply the server played from a player's lines.
    pub conditional_plies: Vec<PlayedRecord>,
}

/// A row of `challenge_filters` with its account.
#[derive(sqlx::FromRow)]
struct FiltersExportRow {
    account_id: Uuid,
    #[sqlx(flatten)]
    filters: FiltersRow,
    updated_at: DateTime<Utc>,
}

/// Reads everything this module carries on `conn` (the export's snapshot).
pub(super) async fn read_carried<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Carried, StoreError> {
    let play: Vec<(Uuid, bool, bool, DateTime<Utc>)> = sql(
        "SELECT account_id, confirm_moves, still_moves, updated_at FROM play_settings \
         ORDER BY account_id",
    )
    .all(&mut *conn)
    .await?;
    let filters: Vec<FiltersExportRow> = sql(
        "SELECT account_id, variants, min_days, max_days, rated, casual, from_bots, \
                from_humans, updated_at \
         FROM challenge_filters ORDER BY account_id",
    )
    .all(&mut *conn)
    .await?;
    let notifications: Vec<(Uuid, String, DateTime<Utc>)> = sql(
        "SELECT account_id, settings, updated_at FROM notification_settings \
         ORDER BY account_id",
    )
    .all(&mut *conn)
    .await?;
    let devices: Vec<SubscriptionRow> = sql(concat!(
        "SELECT ",
        super::push::subscription_columns!(),
        " FROM push_subscriptions ORDER BY created_at, id"
    ))
    .all(&mut *conn)
    .await?;
    let keys: Vec<(String, String, DateTime<Utc>)> =
        sql("SELECT name, value, created_at FROM server_keys ORDER BY name")
            .all(&mut *conn)
            .await?;
    let ratings: Vec<(Uuid, Uuid, f64, f64)> = sql(
        "SELECT game_id, account_id, rating_before, rating_after FROM game_ratings \
         ORDER BY game_id, account_id",
    )
    .all(&mut *conn)
    .await?;
    let lines: Vec<(Uuid, Uuid, i32, String, DateTime<Utc>)> = sql(
        "SELECT game_id, account_id, ply, lines, updated_at FROM conditional_lines \
         ORDER BY game_id, account_id",
    )
    .all(&mut *conn)
    .await?;
    let played: Vec<(Uuid, i32, Uuid)> =
        sql("SELECT game_id, ply, account_id FROM conditional_plies ORDER BY game_id, ply")
            .all(&mut *conn)
            .await?;
    Ok(Carried {
        conditional_lines: lines
            .into_iter()
            .map(|(game, account, ply, lines, updated_at)| LinesRecord {
                game: GameId(game),
                account: AccountId(account),
                ply,
                lines,
                updated_at,
            })
            .collect(),
        conditional_plies: played
            .into_iter()
            .map(|(game, ply, account)| PlayedRecord {
                game: GameId(game),
                ply,
                account: AccountId(account),
            })
            .collect(),
        play_settings: play
            .into_iter()
            .map(|(account, confirm_moves, still_moves, updated_at)| Saved {
                account: AccountId(account),
                value: PlaySettings {
                    confirm_moves,
                    still_moves,
                },
                updated_at,
            })
            .collect(),
        challenge_filters: filters
            .into_iter()
            .map(|row| {
                Ok(Saved {
                    account: AccountId(row.account_id),
                    value: row.filters.parse()?,
                    updated_at: row.updated_at,
                })
            })
            .collect::<Result<_, StoreError>>()?,
        notification_settings: notifications
            .into_iter()
            .map(|(account, text, updated_at)| {
                Ok(Saved {
                    account: AccountId(account),
                    value: serde_json::from_str(&text).map_err(|e| StoreError::Json(e.into()))?,
                    updated_at,
                })
            })
            .collect::<Result<_, StoreError>>()?,
        push_subscriptions: devices
            .into_iter()
            .map(SubscriptionRow::parse)
            .collect::<Result<_, _>>()?,
        server_keys: keys
            .into_iter()
            .map(|(name, value, created_at)| ServerKey {
                name,
                value,
                created_at,
            })
            .collect(),
        game_ratings: ratings
            .into_iter()
            .map(|(game, account, before, after)| GameRatingRecord {
                game: GameId(game),
                account: AccountId(account),
                before,
                after,
            })
            .collect(),
    })
}

/// Writes everything `carried` holds, in the import's transaction (after the
/// accounts and games it names).
pub(super) async fn import_carried<B: Backend>(
    tx: &mut Transaction<'static, B>,
    carried: &Carried,
) -> Result<(), StoreError> {
    for s in &carried.play_settings {
        super::prefs::insert_play_settings(&mut *tx, s.account, s.value, s.updated_at).await?;
    }
    for s in &carried.challenge_filters {
        super::prefs::insert_filters(&mut *tx, s.account, &s.value, s.updated_at).await?;
    }
    for s in &carried.notification_settings {
        super::push::insert_notification_settings(&mut *tx, s.account, &s.value, s.updated_at)
            .await?;
    }
    for d in &carried.push_subscriptions {
        super::push::insert_subscription(&mut *tx, d).await?;
    }
    for k in &carried.server_keys {
        sql("INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3)")
            .bind(k.name.as_str())
            .bind(k.value.as_str())
            .bind(micros(k.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for l in &carried.conditional_lines {
        sql(
            "INSERT INTO conditional_lines (game_id, account_id, ply, lines, updated_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(l.game.0)
        .bind(l.account.0)
        .bind(l.ply)
        .bind(l.lines.as_str())
        .bind(micros(l.updated_at))
        .execute(&mut *tx)
        .await?;
        // A move looks for lines in a game only once some were written there.
        sql("UPDATE games SET plan_rev = plan_rev + 1 WHERE id = $1")
            .bind(l.game.0)
            .execute(&mut *tx)
            .await?;
    }
    for p in &carried.conditional_plies {
        sql("INSERT INTO conditional_plies (game_id, ply, account_id) VALUES ($1, $2, $3)")
            .bind(p.game.0)
            .bind(p.ply)
            .bind(p.account.0)
            .execute(&mut *tx)
            .await?;
    }
    for r in &carried.game_ratings {
        sql(super::ratings::INSERT_GAME_RATING)
            .bind(r.game.0)
            .bind(r.account.0)
            .bind(r.before)
            .bind(r.after)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}
