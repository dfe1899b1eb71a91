//! Ratings: what a player's Glicko-2 ratings are. They are written by the store, in
//! the transaction that finishes a rated game (`crate::store::ratings`).

use super::Service;
use crate::error::Result;
use crate::store::Account;
use crate::store::ratings::VariantRating;

impl Service {
    /// The player called `username` and their rating in each variant they have
    /// finished a rated game in.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown player.
    pub async fn player_ratings(&self, username: &str) -> Result<(Account, Vec<VariantRating>)> {
        let account = self.account(username).await?;
        let ratings = self.store.account_ratings(account.id).await?;
        Ok((account, ratings))
    }
}
