//! Rematches: after a game, one player offers the other the same game again, with
//! the other player moving first.

use super::service::ChallengeRequest;
use crate::domain::{GameId, GameStatus};
use crate::error::{Error, Result};
use crate::games::service::side_of;
use crate::service::Service;
use crate::store::{Account, Challenge, Game, Page};

impl Service {
    /// Offers `account`'s opponent in finished game `id` a rematch: a challenge on the
    /// same terms (variant, days per move, rated or casual, weekend pause), addressed
    /// to the opponent, the player who moved second now moving first. When one is
    /// open already (offered by either player), that one is the answer.
    ///
    /// # Errors
    /// `not_found` (404); `not_a_player` (403); `game_ongoing` (409) before the end.
    pub async fn rematch(&self, account: &Account, id: GameId) -> Result<Challenge> {
        let loaded = self.game(id).await?;
        let game = loaded.game();
        let me = loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
        if game.state.status == GameStatus::Ongoing {
            return Err(Error::conflict(
                "game_ongoing",
                "a rematch can be offered once the game is over",
            ));
        }
        if let Some(open) = self.rematch_of(account, game).await? {
            return Ok(open);
        }
        let request = ChallengeRequest {
            variant: game.variant.as_str().to_owned(),
            days_per_move: Some(i64::from(game.days_per_move.days())),
            first: Some(
                if game.first == me {
                    "opponent"
                } else {
                    "challenger"
                }
                .to_owned(),
            ),
            opponent: Some(game.players.get(me.opposite()).username.to_string()),
            rated: game.terms.rated,
            weekend_pause: game.terms.weekend_pause,
            games: None,
            schedule: None,
            stop_when_decided: None,
        };
        self.offer_challenge(account, request, Some(id)).await
    }

    /// The open rematch of `game` that `account` plays in, offered by either player:
    /// a challenge between its two players on its terms, made since it ended.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn rematch_of(&self, account: &Account, game: &Game) -> Result<Option<Challenge>> {
        let Some(me) = side_of(game, account.id) else {
            return Ok(None);
        };
        if game.state.status == GameStatus::Ongoing {
            return Ok(None);
        }
        let other = game.players.get(me.opposite());
        let open = self.open_challenges(account, Page::first(500)).await?;
        Ok(open.into_iter().find(|c| {
            let between = (c.challenger.id, c.opponent.as_ref().map(|o| o.id));
            (between == (account.id, Some(other.id)) || between == (other.id, Some(account.id)))
                && c.variant == game.variant
                && c.days_per_move == game.days_per_move
                && c.terms == game.terms
                && !c.match_terms.is_match()
                && c.created_at >= game.state.updated_at
        }))
    }
}
