//! The competition's rows of `seedpost export` and `seedpost import`: read in the
//! export's snapshot, written in the import's transaction (see
//! [`crate::competition::export`]). The rating changes of rated games are still the
//! store's carried rows (`crate::store::carried`).

use sqlx::Transaction;

use super::matches::{import_matches, read_matches};
use super::ratings::read_ratings;
use super::tournaments::{import_tournaments, read_tournaments};
use super::vacations::read_vacations;
use crate::competition::export::Competition;
use crate::store::StoreError;
use crate::store::common::{micros, to_i32};
use crate::store::dialect::Backend;
use crate::store::sql::sql;

/// Every row the competition carries but the rating changes, read on `tx` (the
/// export's snapshot).
pub(in crate::competition) async fn read<B: Backend>(
    tx: &mut Transaction<'static, B>,
) -> Result<Competition, StoreError> {
    Ok(Competition {
        ratings: read_ratings(&mut *tx).await?,
        vacations: read_vacations(&mut *tx).await?,
        tournaments: read_tournaments(&mut *tx).await?,
        matches: read_matches(&mut *tx).await?,
        ..Competition::default()
    })
}

/// Writes `data`'s rows but the rating changes on `tx` (the import's transaction),
/// after the accounts and games they name.
pub(in crate::competition) async fn write<B: Backend>(
    tx: &mut Transaction<'static, B>,
    data: &Competition,
) -> Result<(), StoreError> {
    import_matches(tx, &data.matches).await?;
    for r in &data.ratings {
        sql(
            "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games, \
                                  updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(r.account.0)
        .bind(r.variant.as_str())
        .bind(r.rating.rating)
        .bind(r.rating.deviation)
        .bind(r.rating.volatility)
        .bind(to_i32("games", r.games)?)
        .bind(micros(r.updated_at))
        .execute(tx)
        .await?;
    }
    for v in &data.vacations {
        sql(super::vacations::IMPORT_VACATION)
            .bind(v.id)
            .bind(v.account.0)
            .bind(micros(v.started_at))
            .bind(micros(v.allowed_until))
            .bind(v.ended_at.map(micros))
            .execute(tx)
            .await?;
    }
    import_tournaments(tx, &data.tournaments).await
}
