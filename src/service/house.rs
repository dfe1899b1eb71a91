//! House bots: accounts played by the server itself, at the levels of
//! [`crate::house::Level`]. They accept the challenges addressed to them and move when
//! it is their turn, through the same use cases as every player ([`Service::accept_challenge`],
//! [`Service::play_move`]).

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{Output, SaltString};

use super::Service;
use crate::domain::{AccountId, ChallengeStatus, GameStatus, Username};
use crate::error::{Error, Result};
use crate::house::Level;
use crate::store::{Account, GameFilter, NewAccount, Page, StoreError};

/// Games a bot looks at in one round.
const GAMES_PER_ROUND: u32 = 100;

/// What one round of the house bots did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HouseRound {
    /// Challenges accepted.
    pub accepted: usize,
    /// Moves played.
    pub moved: usize,
}

/// A password hash no password matches: an argon2id PHC string whose salt and hash are
/// random bytes, so nobody can log in as a house bot.
fn unusable_password_hash() -> Result<String> {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let hash = Output::new(&bytes).map_err(|e| Error::Internal(e.to_string()))?;
    let salt = SaltString::generate(&mut OsRng);
    Ok(format!(
        "$argon2id$v=19$m=7168,t=5,p=1${}${hash}",
        salt.as_str()
    ))
}

impl Service {
    /// Creates the house bots' accounts that are missing (flagged as bots, with an
    /// unusable password and a token whose secret is thrown away); returns all of them.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn ensure_house_bots(&self) -> Result<Vec<(Level, Account)>> {
        let mut out = Vec::with_capacity(Level::ALL.len());
        for level in Level::ALL {
            let account = match self.store.account_by_name(level.username()).await {
                Ok(account) => account,
                Err(StoreError::NotFound) => self.create_house_bot(level).await?,
                Err(e) => return Err(e.into()),
            };
            out.push((level, account));
        }
        Ok(out)
    }

    async fn create_house_bot(&self, level: Level) -> Result<Account> {
        let username = Username::parse(level.username())
            .map_err(|e| Error::Internal(format!("house bot name: {e}")))?;
        let now = self.now();
        let account = NewAccount {
            id: AccountId::new(),
            username,
            password_hash: unusable_password_hash()?,
            bot: true,
            created_at: now,
            sign_up_address: None,
        };
        match self.store.create_account(account, None).await {
            Ok(account) => {
                tracing::info!(username = level.username(), "house bot created");
                Ok(account)
            }
            // Another instance made it meanwhile.
            Err(StoreError::Conflict) => Ok(self.store.account_by_name(level.username()).await?),
            Err(e) => Err(e.into()),
        }
    }

    /// The house bots that exist, with their levels (an account of a house bot's name
    /// that is not a bot is none).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn house_bots(&self) -> Result<Vec<(Level, Account)>> {
        let mut out = Vec::new();
        for level in Level::ALL {
            match self.store.account_by_name(level.username()).await {
                Ok(account) if account.bot => out.push((level, account)),
                Ok(_) | Err(StoreError::NotFound) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// Creates a challenge from `account` ([`Service::create_challenge`]); when it names
    /// a house bot, the bot accepts it at once, and the game it starts is returned, so
    /// that the player lands on the game rather than waiting for the bots' next round.
    ///
    /// # Errors
    /// Those of [`Service::create_challenge`]. A bot that cannot accept (the challenge
    /// was taken meanwhile) is no error: the challenge is returned without a game.
    pub async fn challenge_house_at_once(
        &self,
        account: &Account,
        request: super::ChallengeRequest,
    ) -> Result<(crate::store::Challenge, Option<crate::store::Game>)> {
        let challenge = self.create_challenge(account, request).await?;
        let Some(opponent) = challenge.opponent.as_ref().map(|o| o.id) else {
            return Ok((challenge, None));
        };
        let bot = self
            .house_bots()
            .await?
            .into_iter()
            .map(|(_, bot)| bot)
            .find(|bot| bot.id == opponent);
        let Some(bot) = bot else {
            return Ok((challenge, None));
        };
        match self.accept_challenge(&bot, challenge.id).await {
            Ok(game) => Ok((challenge, Some(game))),
            Err(e) => {
                tracing::debug!(error = %e, challenge = %challenge.id, "house bot could not accept at once");
                Ok((challenge, None))
            }
        }
    }

    /// One round of the house bots: each accepts the open challenges addressed to it
    /// and moves in every game where it is to move. A failure in one game is logged
    /// and the round goes on.
    ///
    /// # Errors
    /// Storage errors while listing the bots, challenges or games.
    pub async fn run_house_bots_once(&self) -> Result<HouseRound> {
        let mut round = HouseRound::default();
        for (level, bot) in self.house_bots().await? {
            for challenge in self.store.open_challenges(bot.id, Page::first(500)).await? {
                let addressed = challenge.opponent.as_ref().map(|o| o.id) == Some(bot.id);
                if !addressed || challenge.status != ChallengeStatus::Open {
                    continue;
                }
                match self.accept_challenge(&bot, challenge.id).await {
                    Ok(_) => round.accepted += 1,
                    Err(e) => {
                        tracing::debug!(error = %e, challenge = %challenge.id, "house bot could not accept");
                    }
                }
            }
            let filter = GameFilter {
                status: Some(GameStatus::Ongoing),
                player: Some(bot.id),
                to_move: Some(bot.id),
                viewer: Some(bot.id),
                limit: GAMES_PER_ROUND,
            };
            for game in self.store.games(&filter).await? {
                // Guard against a game playing a bot against itself moving forever.
                let mut moves_here = 0;
                while moves_here < 2 {
                    match self.house_move(level, &bot, game.id).await {
                        Ok(true) => {
                            round.moved += 1;
                            moves_here += 1;
                        }
                        Ok(false) => break,
                        Err(e) => {
                            tracing::warn!(error = %e, game = %game.id, "house bot could not move");
                            break;
                        }
                    }
                }
            }
        }
        Ok(round)
    }

    /// Plays one move for `bot` in game `id` if it is its turn; whether it moved.
    async fn house_move(
        &self,
        level: Level,
        bot: &Account,
        id: crate::domain::GameId,
    ) -> Result<bool> {
        let loaded = self.game(id).await?;
        let Some(side) = loaded.side_of(bot.id) else {
            return Ok(false);
        };
        if loaded.game().state.status != GameStatus::Ongoing
            || loaded.engine.position().to_move() != Some(side)
        {
            return Ok(false);
        }
        let seen = i64::from(loaded.game().state.ply);
        let engine = loaded.engine;
        let pit = tokio::task::spawn_blocking(move || {
            crate::house::choose_move(level, &engine, &mut rand::rng())
        })
        .await
        .map_err(|e| Error::Internal(format!("house bot search: {e}")))?;
        let Some(pit) = pit else {
            return Ok(false);
        };
        self.play_move(bot, id, seen, i64::from(pit.number()))
            .await?;
        Ok(true)
    }
}
