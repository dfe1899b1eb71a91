//! Rating a game as it ends: the transaction that writes a rated game's last state
//! (the games' [`GameStore::append_plies`](crate::games::store::GameStore::append_plies)
//! and [`GameStore::end_game`](crate::games::store::GameStore::end_game), through
//! [`update_state`](super::core::update_state)) locks both players' rows of
//! `ratings`, rates the game from what it read (`crate::ratings`) and writes the
//! result, so two games ending at once for one player are rated one after the other,
//! never from the same old rating. In the core's store until the game's ending
//! transaction asks the competition's store; the competition reads the ratings
//! (`crate::competition::store::ratings`).

use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use uuid::Uuid;

use super::StoreError;
use super::common::StateColumns;
use super::dialect::{Backend, locking};
use super::sql::{AsConn, sql};
use crate::domain::GameId;
use crate::ratings::Rating;

/// The columns of a [`RatingRow`].
macro_rules! rating_columns {
    () => {
        "account_id, variant, rating, deviation, volatility, games, updated_at"
    };
}
pub(crate) use rating_columns;

/// A row of `ratings`.
#[derive(sqlx::FromRow)]
pub(crate) struct RatingRow {
    pub(crate) account_id: Uuid,
    pub(crate) variant: String,
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
    pub(crate) volatility: f64,
    pub(crate) games: i32,
    pub(crate) updated_at: DateTime<Utc>,
}

impl RatingRow {
    /// The row's rating.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a rating out of range.
    pub(crate) fn rating(&self) -> Result<Rating, StoreError> {
        let rating = Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        };
        if !(rating.rating.is_finite() && rating.deviation > 0.0 && rating.volatility > 0.0) {
            return Err(corrupt("rating"));
        }
        Ok(rating)
    }

    /// The row's variant.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for an unknown variant.
    pub(crate) fn variant(&self) -> Result<Variant, StoreError> {
        self.variant.parse().map_err(|_| corrupt(&self.variant))
    }

    /// The row's count of rated games.
    ///
    /// # Errors
    /// [`StoreError::Invalid`] for a negative count.
    pub(crate) fn games(&self) -> Result<u32, StoreError> {
        u32::try_from(self.games).map_err(|_| corrupt("games"))
    }
}

/// A corrupt rating row's error.
fn corrupt(what: &str) -> StoreError {
    StoreError::Invalid(format!("corrupt rating row: {what}"))
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
pub(crate) const INSERT_GAME_RATING: &str = "INSERT INTO game_ratings (game_id, account_id, rating_before, rating_after) \
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
        let rating = row.rating()?;
        row.variant()?;
        row.games()?;
        if row.account_id == game.south_id {
            south = Some(rating);
        } else if row.account_id == game.north_id {
            north = Some(rating);
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
pub(crate) async fn rate_if_finished<B: Backend>(
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
