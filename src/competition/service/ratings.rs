//! Ratings: what a player's Glicko-2 ratings are. They are written by the store, in
//! the transaction that finishes a rated game (`crate::competition::store::ratings`).

use seedpost_rules::{BySide, Side};

use crate::competition::entity::VariantRating;
use crate::competition::store::RatingStore;
use crate::error::Result;
use crate::games::board::GameRatingView;
use crate::service::Service;
use crate::store::{Account, Game};

impl Service {
    /// The player called `username` and their rating in each variant they have
    /// finished a rated game in.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown player.
    pub async fn player_ratings(&self, username: &str) -> Result<(Account, Vec<VariantRating>)> {
        let account = self.account(username).await?;
        let ratings = self.reads.run(|s| s.account_ratings(account.id)).await?;
        Ok((account, ratings))
    }

    /// `account`'s ratings, one per variant it has finished a rated game in (for the
    /// account's own export).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn ratings_of(&self, account: &Account) -> Result<Vec<VariantRating>> {
        Ok(self.store.account_ratings(account.id).await?)
    }

    /// Both players' ratings in `game`'s variant, and how the game moved them once it
    /// is a finished rated game.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn game_ratings(&self, game: &Game) -> Result<BySide<GameRatingView>> {
        let changes = if game.terms.rated {
            self.store.game_ratings(game.id).await?
        } else {
            Vec::new()
        };
        let mut views = BySide::<GameRatingView>::default();
        for side in Side::ALL {
            let player = game.players.get(side).id;
            let now = self
                .store
                .account_ratings(player)
                .await?
                .into_iter()
                .find(|r| r.variant == game.variant)
                .map(|r| r.rating);
            *views.get_mut(side) = GameRatingView {
                now,
                change: changes
                    .iter()
                    .find(|c| c.account == player)
                    .map(|c| (c.before, c.after)),
            };
        }
        Ok(views)
    }
}
