//! Rating storage: each player's Glicko-2 rating per variant. A part of every
//! [`Store`](super::Store) (a supertrait), implemented once for both backends.
//!
//! Ratings are written only by the transaction that ends a rated game (see
//! [`GameStore::append_plies`](crate::games::store::GameStore::append_plies) and
//! [`GameStore::end_game`](crate::games::store::GameStore::end_game)): it locks both players' rows, rates
//! the game from what it read (`crate::ratings`) and writes the result, so two games
//! ending at once for one player are rated one after the other, never from the same
//! old rating.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use uuid::Uuid;

use super::StoreError;
use super::common::StateColumns;
use super::dialect::{Backend, locking};
use super::sql::{AsConn, SqlStore, sql};
use crate::domain::{AccountId, GameId};
use crate::ratings::Rating;

/// A player's rating in one variant.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantRating {
    /// The player.
    pub account: AccountId,
    /// The variant.
    pub variant: Variant,
    /// The rating with its deviation and volatility.
    pub rating: Rating,
    /// Rated games finished in the variant.
    pub games: u32,
    /// When the last of them ended.
    pub updated_at: DateTime<Utc>,
}

/// A player's rating before and after one rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRating {
    /// The player.
    pub account: AccountId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// Storage of ratings.
#[async_trait]
pub trait RatingStore: Send + Sync {
    /// How rated game `game` moved its players' ratings: none for a game not rated (or
    /// not over, or rated before the store kept this).
    async fn game_ratings(&self, game: GameId) -> Result<Vec<GameRating>, StoreError>;

    /// The account's ratings, one per variant it has finished a rated game in, in
    /// variant order (`mangala`, `modiar`, `tihbat`, `kalah`, `oware`, `togyz`).
    async fn account_ratings(&self, account: AccountId) -> Result<Vec<VariantRating>, StoreError>;

    /// Every rating, by account then variant (for `seedpost export`).
    async fn export_ratings(&self) -> Result<Vec<VariantRating>, StoreError>;
}

/// The columns of a [`RatingRow`].
macro_rules! rating_columns {
    () => {
        "account_id, variant, rating, deviation, volatility, games, updated_at"
    };
}

/// A row of `ratings`.
#[derive(sqlx::FromRow)]
pub(super) struct RatingRow {
    pub(super) account_id: Uuid,
    variant: String,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: i32,
    updated_at: DateTime<Utc>,
}

impl RatingRow {
    pub(super) fn parse(self) -> Result<VariantRating, StoreError> {
        let corrupt = |what: &str| StoreError::Invalid(format!("corrupt rating row: {what}"));
        let rating = Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        if !(rating.rating.is_finite() && rating.deviation > 0.0 && rating.volatility > 0.0) {
            return Err(corrupt("rating"));
        }
        Ok(VariantRating {
            account: AccountId(self.account_id),
            variant: self.variant.parse().map_err(|_| corrupt(&self.variant))?,
            rating,
            games: u32::try_from(self.games).map_err(|_| corrupt("games"))?,
            updated_at: self.updated_at,
        })
    }
}

/// The order of [`RatingStore::account_ratings`]: by variant as listed in
/// [`Variant::ALL`].
fn by_variant(mut ratings: Vec<VariantRating>) -> Vec<VariantRating> {
    ratings.sort_by_key(|r| Variant::ALL.iter().position(|&v| v == r.variant));
    ratings
}

/// What the ending transaction reads of a game to rate it.
#[derive(sqlx::FromRow)]
struct RatedGameRow {
    rated: bool,
    variant: String,
    south_id: Uuid,
    north_id: Uuid,
    winner: Option<String>,
}

/// The SQL reading a game's rating facts.
const SELECT_RATED_GAME: &str =
    "SELECT rated, variant, south_id, north_id, winner FROM games WHERE id = $1";

/// The SQL making a player's row in a variant at the initial rating if it has none.
const INSERT_INITIAL: &str = "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games, updated_at) \
     VALUES ($1, $2, $3, $4, $5, 0, $6) ON CONFLICT (account_id, variant) DO NOTHING";

/// The SQL reading both players' rows in a variant.
const SELECT_PAIR: &str = concat!(
    "SELECT ",
    rating_columns!(),
    " FROM ratings WHERE variant = $1 AND account_id IN ($2, $3) ORDER BY account_id"
);

/// The SQL keeping a player's rating before and after a game.
pub(super) const INSERT_GAME_RATING: &str = "INSERT INTO game_ratings (game_id, account_id, rating_before, rating_after) \
     VALUES ($1, $2, $3, $4)";

/// The SQL writing a player's rating after one more rated game.
const UPDATE_RATING: &str = "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = games + 1, \
            updated_at = $6 \
     WHERE account_id = $1 AND variant = $2";

/// Both players of a rated game, in account id order (the order every writer locks
/// rating rows in, so that two games ending at once cannot deadlock).
fn players_in_lock_order(game: &RatedGameRow) -> [Uuid; 2] {
    let mut players = [game.south_id, game.north_id];
    players.sort_unstable();
    players
}

/// The new ratings of a rated game's players, by account, from their rows before it.
///
/// # Errors
/// [`StoreError::Invalid`] for a corrupt winner or variant, or a missing row.
fn rate(game: &RatedGameRow, before: Vec<RatingRow>) -> Result<[(Uuid, Rating); 2], StoreError> {
    let winner = match game.winner.as_deref() {
        None => None,
        Some(w) => Some(
            w.parse::<seedpost_rules::Side>()
                .map_err(|_| StoreError::Invalid(format!("corrupt winner column: {w:?}")))?,
        ),
    };
    let mut south = None;
    let mut north = None;
    for row in before {
        let parsed = row.parse()?;
        if parsed.account.0 == game.south_id {
            south = Some(parsed.rating);
        } else if parsed.account.0 == game.north_id {
            north = Some(parsed.rating);
        }
    }
    let (Some(south), Some(north)) = (south, north) else {
        return Err(StoreError::Invalid(
            "a rated game's rating rows are missing".to_owned(),
        ));
    };
    let after = crate::ratings::rate_game(seedpost_rules::BySide::new(south, north), winner);
    Ok([(game.south_id, after.south), (game.north_id, after.north)])
}

/// [`SELECT_PAIR`], locking the two rows until the commit (see [`locking`]).
const SELECT_PAIR_FOR_UPDATE: &str = concat!(
    "SELECT ",
    rating_columns!(),
    " FROM ratings WHERE variant = $1 AND account_id IN ($2, $3) ORDER BY account_id \
     FOR UPDATE"
);

/// Rates game `id` if its new `state` finishes it and it is rated: called in the
/// transaction that writes that state, after the game row is updated (and locked).
pub(super) async fn rate_if_finished<B: Backend>(
    conn: &mut impl AsConn<B>,
    id: GameId,
    state: &StateColumns,
) -> Result<(), StoreError> {
    if state.status != "finished" {
        return Ok(());
    }
    let game: RatedGameRow = sql(SELECT_RATED_GAME).bind(id.0).one(conn).await?;
    if !game.rated {
        return Ok(());
    }
    let initial = Rating::INITIAL;
    let [first, second] = players_in_lock_order(&game);
    for account in [first, second] {
        sql(INSERT_INITIAL)
            .bind(account)
            .bind(game.variant.as_str())
            .bind(initial.rating)
            .bind(initial.deviation)
            .bind(initial.volatility)
            .bind(state.updated_at)
            .execute(conn)
            .await?;
    }
    let before: Vec<RatingRow> = sql(locking::<B>(SELECT_PAIR_FOR_UPDATE, SELECT_PAIR))
        .bind(game.variant.as_str())
        .bind(first)
        .bind(second)
        .all(conn)
        .await?;
    let old: Vec<(Uuid, f64)> = before.iter().map(|r| (r.account_id, r.rating)).collect();
    for (account, after) in rate(&game, before)? {
        if let Some(&(_, was)) = old.iter().find(|(a, _)| *a == account) {
            sql(INSERT_GAME_RATING)
                .bind(id.0)
                .bind(account)
                .bind(was)
                .bind(after.rating)
                .execute(conn)
                .await?;
        }
        sql(UPDATE_RATING)
            .bind(account)
            .bind(game.variant.as_str())
            .bind(after.rating)
            .bind(after.deviation)
            .bind(after.volatility)
            .bind(state.updated_at)
            .execute(conn)
            .await?;
    }
    Ok(())
}

#[async_trait]
impl<B: Backend> RatingStore for SqlStore<B> {
    async fn game_ratings(&self, game: GameId) -> Result<Vec<GameRating>, StoreError> {
        let rows: Vec<(Uuid, f64, f64)> = sql(
            "SELECT account_id, rating_before, rating_after FROM game_ratings WHERE game_id = $1",
        )
        .bind(game.0)
        .all(&mut self.conn().await?)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(account, before, after)| GameRating {
                account: AccountId(account),
                before,
                after,
            })
            .collect())
    }

    async fn account_ratings(&self, account: AccountId) -> Result<Vec<VariantRating>, StoreError> {
        let rows: Vec<RatingRow> = sql(concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings WHERE account_id = $1"
        ))
        .bind(account.0)
        .all(&mut self.conn().await?)
        .await?;
        Ok(by_variant(
            rows.into_iter()
                .map(RatingRow::parse)
                .collect::<Result<_, _>>()?,
        ))
    }

    async fn export_ratings(&self) -> Result<Vec<VariantRating>, StoreError> {
        read_ratings(&mut self.conn().await?).await
    }
}

/// Every rating, by account and variant, read on `conn` (an export's snapshot).
pub(super) async fn read_ratings<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<VariantRating>, StoreError> {
    let rows: Vec<RatingRow> = sql(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings ORDER BY account_id, variant"
    ))
    .all(conn)
    .await?;
    rows.into_iter().map(RatingRow::parse).collect()
}
