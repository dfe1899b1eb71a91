//! [`RatingStore`] on Postgres, and the rating of a game in the transaction that
//! ends it. The SQL is the same as SQLite's (`sqlite/ratings.rs`), plus `FOR UPDATE`.

use async_trait::async_trait;
use sqlx::postgres::PgConnection;

use super::PgStore;
use crate::domain::{AccountId, GameId};
use crate::ratings::Rating;
use crate::store::StoreError;
use crate::store::common::StateColumns;
use crate::store::ratings::{
    INSERT_INITIAL, RatedGameRow, RatingRow, RatingStore, SELECT_RATED_GAME, UPDATE_RATING,
    VariantRating, by_variant, players_in_lock_order, rate, rating_columns,
};

/// Rates game `id` if its new `state` finishes it and it is rated: called in the
/// transaction that writes that state, after the game row is updated (and locked).
pub(super) async fn rate_if_finished(
    conn: &mut PgConnection,
    id: GameId,
    state: &StateColumns,
) -> Result<(), StoreError> {
    if state.status != "finished" {
        return Ok(());
    }
    let game = sqlx::query_as::<_, RatedGameRow>(SELECT_RATED_GAME)
        .bind(id.0)
        .fetch_one(&mut *conn)
        .await?;
    if !game.rated {
        return Ok(());
    }
    let initial = Rating::INITIAL;
    for account in players_in_lock_order(&game) {
        sqlx::query(INSERT_INITIAL)
            .bind(account)
            .bind(&game.variant)
            .bind(initial.rating)
            .bind(initial.deviation)
            .bind(initial.volatility)
            .bind(state.updated_at)
            .execute(&mut *conn)
            .await?;
    }
    let [first, second] = players_in_lock_order(&game);
    let before = sqlx::query_as::<_, RatingRow>(concat!(
        "SELECT ",
        rating_columns!(),
        " FROM ratings WHERE variant = $1 AND account_id IN ($2, $3) ORDER BY account_id \
         FOR UPDATE"
    ))
    .bind(&game.variant)
    .bind(first)
    .bind(second)
    .fetch_all(&mut *conn)
    .await?;
    for (account, after) in rate(&game, before)? {
        sqlx::query(UPDATE_RATING)
            .bind(account)
            .bind(&game.variant)
            .bind(after.rating)
            .bind(after.deviation)
            .bind(after.volatility)
            .bind(state.updated_at)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

#[async_trait]
impl RatingStore for PgStore {
    async fn account_ratings(&self, account: AccountId) -> Result<Vec<VariantRating>, StoreError> {
        let rows = sqlx::query_as::<_, RatingRow>(concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings WHERE account_id = $1"
        ))
        .bind(account.0)
        .fetch_all(&self.pool)
        .await?;
        Ok(by_variant(
            rows.into_iter()
                .map(RatingRow::parse)
                .collect::<Result<_, _>>()?,
        ))
    }

    async fn export_ratings(&self) -> Result<Vec<VariantRating>, StoreError> {
        sqlx::query_as::<_, RatingRow>(concat!(
            "SELECT ",
            rating_columns!(),
            " FROM ratings ORDER BY account_id, variant"
        ))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(RatingRow::parse)
        .collect()
    }
}
