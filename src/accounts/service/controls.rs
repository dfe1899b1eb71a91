//! Account controls: a player changes its password, logs out everywhere, exports and
//! deletes its account; the operator (`seedpost admin`) resets passwords, closes,
//! reopens and renames accounts and lists the sign-ups.
//!
//! Every change that ends a way into an account (a browser session, an API token)
//! makes the account's open event streams in this process check theirs at once, so
//! that those opened by what ended stop; the streams of other instances check at
//! their next keep-alive (see [`Service::end_streams_of_revoked`]).

use std::net::IpAddr;

use chrono::{DateTime, Utc};

use super::account::check_reserved;
use crate::accounts::entity::{Ended, SignUp};
use crate::accounts::store::AccountStore;
use crate::competition::entity::VariantRating;
use crate::domain::{
    AccountState, ChallengeId, DeclineReason, GameStatus, Password, Username, random_hex,
    token_hash,
};
use crate::error::{Error, Result};
use crate::games::service::LoadedGame;
use crate::notifications::entity::NotificationSettings;
use crate::notifications::entity::PushSubscription;
use crate::service::Service;
use crate::store::webhooks::Webhook;
use crate::store::{Account, Challenge, GameFilter, Page, StoreError, Token};

/// A password change, as asked.
#[derive(Debug, Clone)]
pub struct PasswordChange<'a> {
    /// The password now, as typed.
    pub current: &'a str,
    /// The new password, as typed.
    pub new: &'a str,
    /// The secret of the browser session asking, which stays signed in; `None` from
    /// the API, where every session ends.
    pub keep_session: Option<&'a str>,
    /// Whether every API token of the account is revoked too.
    pub revoke_tokens: bool,
    /// The client's address, for the log-in throttle.
    pub client: Option<IpAddr>,
}

impl Service {
    /// Changes `account`'s password, after checking the current one: every other
    /// browser session ends, and every API token too when asked (none otherwise).
    /// Returns what ended.
    ///
    /// A wrong current password counts as a failed log-in of the account from the
    /// client's address (see [`Service::log_in`]), so that a stolen session or
    /// token cannot be used to guess it.
    ///
    /// # Errors
    /// `invalid_password` (422) for a new password that is too short or too long
    /// (`invalid_text` for one holding a control character), checked first; `wrong_password` (422) for a wrong current one; `rate_limited`
    /// (429) while the account's log-ins from this address are slowed.
    pub async fn change_password(
        &self,
        account: &Account,
        change: PasswordChange<'_>,
    ) -> Result<Ended> {
        let new = Password::parse(change.new)?;
        match self
            .log_in(account.username.as_str(), change.current, change.client)
            .await
        {
            Ok(found) if found.id == account.id => {}
            Ok(_) | Err(Error::BadCredentials) => {
                return Err(Error::unprocessable(
                    "wrong_password",
                    "the current password is wrong",
                ));
            }
            Err(e) => return Err(e),
        }
        let hash = super::passwords::hash(new.expose().to_owned()).await?;
        let keep = change.keep_session.map(token_hash);
        let ended = self
            .store
            .change_password(account.id, &hash, keep.as_deref(), change.revoke_tokens)
            .await?;
        self.end_streams_of_revoked(account.id);
        tracing::info!(
            account = %account.id,
            sessions = ended.sessions,
            tokens = ended.tokens,
            "password changed"
        );
        Ok(ended)
    }

    /// Ends every browser session of `account` (API tokens stay); returns how many.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn log_out_everywhere(&self, account: &Account) -> Result<u64> {
        let ended = self.store.end_sessions(account.id, None).await?;
        self.end_streams_of_revoked(account.id);
        Ok(ended)
    }

    /// Checks `password` as the current password of `account`, counting a wrong one
    /// as a failed log-in from `client`.
    async fn confirm_password(
        &self,
        account: &Account,
        password: &str,
        client: Option<IpAddr>,
    ) -> Result<()> {
        match self
            .log_in(account.username.as_str(), password, client)
            .await
        {
            Ok(found) if found.id == account.id => Ok(()),
            Ok(_) | Err(Error::BadCredentials) => Err(Error::unprocessable(
                "wrong_password",
                "the current password is wrong",
            )),
            Err(e) => Err(e),
        }
    }

    /// Whether the account is closed or deleted.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn account_state(&self, account: &Account) -> Result<AccountState> {
        Ok(self.store.account_state(account.id).await?)
    }

    /// Everything the server keeps of `account` that its player may take away: the
    /// account, its tokens (without secrets), every game it played with the moves,
    /// its open challenges, webhooks (without secrets), push devices, notification
    /// settings, calendar feed, digest, vacation and ratings, its conditional lines,
    /// its notes, blocks and the chat of its games.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn export_account(&self, account: &Account) -> Result<AccountExport> {
        // The games, the bulk of it, may be a moment old (from the replica when the
        // request allows: the player's own writes are seen; see `Service::game`).
        let player = account.id;
        let ids = self.reads.run(|s| s.account_games(player)).await?;
        let mut games = Vec::new();
        for id in ids {
            match self.game(id).await {
                Ok(game) => games.push(game),
                Err(Error::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        let challenges = self
            .own_open_challenges(account)
            .await?
            .into_iter()
            .collect();
        Ok(AccountExport {
            exported_at: self.now(),
            account: account.clone(),
            tokens: self.tokens(account).await?,
            games,
            challenges,
            webhooks: self.webhooks(account).await?,
            push_subscriptions: self.push_subscriptions(account).await?,
            notifications: self.notification_settings(account).await?,
            calendar_since: self.calendar(account).await?,
            digest: self.digest(account).await?,
            vacation: self.vacation(account).await?,
            ratings: self.ratings_of(account).await?,
            conditional: self.conditional_of_account(account).await?,
            notes: self.notes_of(account).await?,
            blocks: self.blocks(account).await?,
            chat: self.chat_of_player(account).await?,
        })
    }

    /// The open challenges `account` made or is named in, every page of them.
    async fn own_open_challenges(&self, account: &Account) -> Result<Vec<Challenge>> {
        let mut own = Vec::new();
        let mut before: Option<ChallengeId> = None;
        loop {
            let page = self
                .store
                .open_challenges(account.id, Page { limit: 500, before })
                .await?;
            let full = page.len() >= 500;
            before = page.last().map(|c| c.id);
            own.extend(page.into_iter().filter(|c| {
                c.challenger.id == account.id
                    || c.opponent.as_ref().map(|o| o.id) == Some(account.id)
            }));
            if !full {
                return Ok(own);
            }
        }
    }

    /// Ends what `account` has going on, for a closed or deleted account: its open
    /// challenges are canceled (its own) or declined (naming it); each ongoing game is
    /// aborted where the rules allow (before both sides have moved), else resigned.
    /// Returns how many challenges and games it ended. What another writer ended
    /// first (a move, an acceptance) is skipped.
    async fn wind_down(&self, account: &Account) -> Result<(usize, usize)> {
        let mut challenges = 0;
        for challenge in self.own_open_challenges(account).await? {
            let closed = if challenge.challenger.id == account.id {
                self.cancel_challenge(account, challenge.id).await
            } else {
                self.decline_challenge(account, challenge.id, DeclineReason::Generic)
                    .await
            };
            match closed {
                Ok(_) => challenges += 1,
                Err(Error::Conflict { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        let mut games = 0;
        // Each round ends every game listed; a game that could not be ended (moved
        // meanwhile twice) is tried again next round, a few rounds at most.
        for _ in 0..5 {
            let filter = GameFilter {
                status: Some(GameStatus::Ongoing),
                player: Some(account.id),
                limit: 500,
                ..GameFilter::default()
            };
            let ongoing = self.games_matching(&filter).await?;
            if ongoing.is_empty() {
                break;
            }
            for game in ongoing {
                let ended = match self.abort(account, game.id).await {
                    Err(Error::Conflict {
                        code: "too_late_to_abort",
                        ..
                    }) => self.resign(account, game.id).await,
                    other => other,
                };
                match ended {
                    Ok(_) => games += 1,
                    Err(Error::GameOver | Error::Conflict { .. } | Error::NotFound(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok((challenges, games))
    }

    /// Deletes `account` after checking its password: it is closed first (its
    /// sessions and tokens end, and their streams), then its challenges and ongoing
    /// games end as for a closed account, then everything of it is deleted but the
    /// games, challenges, matches and tournaments that name it, where a placeholder
    /// (`deleted-` and 8 hex digits) replaces its name. Returns the placeholder.
    ///
    /// The name is free again at once: the games that bore it now bear the
    /// placeholder, so whoever takes it inherits nothing.
    ///
    /// # Errors
    /// `wrong_password` (422), `rate_limited` (429) as for
    /// [`Service::change_password`].
    pub async fn delete_account(
        &self,
        account: &Account,
        password: &str,
        client: Option<IpAddr>,
    ) -> Result<Username> {
        self.confirm_password(account, password, client).await?;
        match self.store.close_account(account.id, self.now()).await {
            Ok(_) | Err(StoreError::Conflict) => {}
            Err(e) => return Err(e.into()),
        }
        self.end_streams_of_revoked(account.id);
        self.wind_down(account).await?;
        // A hash of a secret nobody is told: the row keeps a well-formed hash that
        // no password matches.
        let hash = super::passwords::hash(random_hex()).await?;
        for _ in 0..3 {
            let placeholder = Username::parse(&format!("deleted-{}", &random_hex()[..8]))
                .map_err(|e| Error::internal_from("placeholder name", e))?;
            match self
                .store
                .delete_account(account.id, &placeholder, &hash, self.now())
                .await
            {
                Ok(()) => {
                    tracing::info!(account = %account.id, "account deleted");
                    return Ok(placeholder);
                }
                // The placeholder is taken (by an account made before names
                // beginning with "deleted" were refused): another one.
                Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::internal("no free placeholder name"))
    }

    /// The account named `name` for the operator, closed or not.
    async fn operated(&self, name: &str) -> Result<Account> {
        self.account(name).await
    }

    /// The operator closes the account named `name`: its sessions and tokens end
    /// (and their streams), its open challenges and ongoing games end as for a
    /// deleted account. A closed account signs in nowhere until reopened. Returns
    /// what ended: sessions and tokens, challenges and games.
    ///
    /// # Errors
    /// `not_found` (404); `account_closed` (409) when it is closed already.
    pub async fn close_account(&self, name: &str) -> Result<(Ended, usize, usize)> {
        let account = self.operated(name).await?;
        let ended = match self.store.close_account(account.id, self.now()).await {
            Ok(ended) => ended,
            Err(StoreError::Conflict) => {
                return Err(Error::conflict(
                    "account_closed",
                    format!("{name} is closed already"),
                ));
            }
            Err(e) => return Err(e.into()),
        };
        self.end_streams_of_revoked(account.id);
        let (challenges, games) = self.wind_down(&account).await?;
        tracing::info!(account = %account.id, "account closed");
        Ok((ended, challenges, games))
    }

    /// The operator reopens the closed account named `name`: it can log in again
    /// (its old tokens stay revoked).
    ///
    /// # Errors
    /// `not_found` (404); `account_open` (409) when it is not closed or was deleted.
    pub async fn reopen_account(&self, name: &str) -> Result<()> {
        let account = self.operated(name).await?;
        match self.store.reopen_account(account.id).await {
            Ok(()) => Ok(()),
            Err(StoreError::Conflict) => Err(Error::conflict(
                "account_open",
                format!("{name} is not closed, or was deleted"),
            )),
            Err(e) => Err(e.into()),
        }
    }

    /// The operator renames the account named `old` to `new` (its games show the
    /// new name; its sessions and tokens keep working).
    ///
    /// # Errors
    /// `not_found` (404); `invalid_username` (422); `username_taken` (409).
    pub async fn rename_account(&self, old: &str, new: &str) -> Result<Account> {
        let account = self.operated(old).await?;
        let name = Username::parse(new)
            .map_err(|e| Error::unprocessable("invalid_username", e.to_string()))?;
        check_reserved(&name)?;
        match self.store.rename_account(account.id, &name).await {
            Ok(()) => Ok(Account {
                username: name,
                ..account
            }),
            Err(StoreError::Conflict) => Err(Error::UsernameTaken),
            Err(StoreError::NotFound) => Err(Error::NotFound("player")),
            Err(e) => Err(e.into()),
        }
    }

    /// The operator sets a new password for the account named `name`: every browser
    /// session of it ends (its tokens stay).
    ///
    /// # Errors
    /// `not_found` (404); `invalid_password` or `invalid_text` (422).
    pub async fn reset_password(&self, name: &str, password: &str) -> Result<Ended> {
        let account = self.operated(name).await?;
        let password = Password::parse(password)?;
        let hash = super::passwords::hash(password.expose().to_owned()).await?;
        let ended = self
            .store
            .change_password(account.id, &hash, None, false)
            .await?;
        self.end_streams_of_revoked(account.id);
        Ok(ended)
    }

    /// The accounts made at `since` or later, newest first, at most `limit` (up to
    /// 500), with the addresses they signed up from.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn sign_ups(&self, since: DateTime<Utc>, limit: u32) -> Result<Vec<SignUp>> {
        Ok(self.store.sign_ups(since, limit).await?)
    }
}

/// Everything of an account its player may take away (see
/// [`Service::export_account`]).
#[derive(Debug, Clone)]
pub struct AccountExport {
    /// When it was taken.
    pub exported_at: DateTime<Utc>,
    /// The account.
    pub account: Account,
    /// Its API tokens, without secrets.
    pub tokens: Vec<Token>,
    /// Every game it played, with the moves, oldest first.
    pub games: Vec<LoadedGame>,
    /// Its open challenges and those naming it.
    pub challenges: Vec<Challenge>,
    /// Its webhooks.
    pub webhooks: Vec<Webhook>,
    /// Its push devices.
    pub push_subscriptions: Vec<PushSubscription>,
    /// What it is told, and how.
    pub notifications: NotificationSettings,
    /// Since when its calendar feed exists, if it does.
    pub calendar_since: Option<DateTime<Utc>>,
    /// Its daily digest settings.
    pub digest: crate::notifications::service::digest::DigestStatus,
    /// Its vacation and allowance.
    pub vacation: crate::competition::service::vacations::VacationStatus,
    /// Its ratings.
    pub ratings: Vec<VariantRating>,
    /// Its conditional lines in force, in any game.
    pub conditional: Vec<crate::games::conditional::Lines>,
    /// Its own notes on games.
    pub notes: Vec<crate::games::notes::StoredNote>,
    /// The accounts it blocked.
    pub blocks: Vec<crate::chat::service::Blocked>,
    /// The chat of every game it played, oldest first.
    pub chat: Vec<crate::chat::service::ChatLine>,
}
