//! Rating storage: each player's Glicko-2 rating per variant, read. Served by every
//! [`Store`], written once for both backends.
//!
//! Ratings are written only by the transaction that ends a rated game, in the core's
//! store (`crate::store::rate`), so that two games ending at once for one player are
//! rated one after the other, never from the same old rating.

use async_trait::async_trait;
use seedpost_rules::Variant;
use uuid::Uuid;

use crate::competition::entity::{GameRating, VariantRating};
use crate::domain::{AccountId, GameId};
use crate::store::dialect::Backend;
use crate::store::rate::{RatingRow, rating_columns};
use crate::store::sql::{AsConn, SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

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

/// A checked row of `ratings`.
fn parse(row: RatingRow) -> Result<VariantRating, StoreError> {
    Ok(VariantRating {
        account: AccountId(row.account_id),
        rating: row.rating()?,
        variant: row.variant()?,
        games: row.games()?,
        updated_at: row.updated_at,
    })
}

/// The order of [`RatingStore::account_ratings`]: by variant as listed in
/// [`Variant::ALL`].
fn by_variant(mut ratings: Vec<VariantRating>) -> Vec<VariantRating> {
    ratings.sort_by_key(|r| Variant::ALL.iter().position(|&v| v == r.variant));
    ratings
}

#[async_trait]
impl<S: Store + ?Sized> RatingStore for S {
    async fn game_ratings(&self, game: GameId) -> Result<Vec<GameRating>, StoreError> {
        on_backend!(self.sql(), s => game_ratings(s, game).await)
    }

    async fn account_ratings(&self, account: AccountId) -> Result<Vec<VariantRating>, StoreError> {
        on_backend!(self.sql(), s => account_ratings(s, account).await)
    }

    async fn export_ratings(&self) -> Result<Vec<VariantRating>, StoreError> {
        on_backend!(self.sql(), s => export_ratings(s).await)
    }
}

async fn game_ratings<B: Backend>(
    s: &SqlStore<B>,
    game: GameId,
) -> Result<Vec<GameRating>, StoreError> {
    let rows: Vec<(Uuid, f64, f64)> =
        sql("SELECT account_id, rating_before, rating_after FROM game_ratings WHERE game_id = $1")
            .bind(game.0)
            .all(&mut s.conn().await?)
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

async fn account_ratings<B: Backend>(
    s: &SqlStore<B>,
    account: AccountId,
) -> Result<Vec<VariantRating>, StoreError> {
    let rows: Vec<RatingRow> = sql(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE account_id = $1"
    ))
    .bind(account.0)
    .all(&mut s.conn().await?)
    .await?;
    Ok(by_variant(
        rows.into_iter().map(parse).collect::<Result<_, _>>()?,
    ))
}

async fn export_ratings<B: Backend>(s: &SqlStore<B>) -> Result<Vec<VariantRating>, StoreError> {
    read_ratings(&mut s.conn().await?).await
}

/// Every rating, by account and variant, read on `conn` (an export's snapshot).
pub(crate) async fn read_ratings<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Vec<VariantRating>, StoreError> {
    let rows: Vec<RatingRow> = sql(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings ORDER BY account_id, variant"
    ))
    .all(conn)
    .await?;
    rows.into_iter().map(parse).collect()
}
