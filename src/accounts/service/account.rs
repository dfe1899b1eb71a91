//! Accounts, passwords and API tokens.

use std::net::IpAddr;

use rand::RngCore;

use crate::accounts::store::AccountStore;
use crate::domain::{
    AccountId, InvalidScopes, Lang, Password, Scopes, TokenId, Username, check_label, token_hash,
};
use crate::error::{Error, Result};
use crate::service::Service;
use crate::store::{Account, NewAccount, NewToken, StoreError, Token};

/// What a sign-up asks for, as typed.
#[derive(Debug, Clone)]
pub struct NewAccountRequest {
    /// The wanted name.
    pub username: String,
    /// The password.
    pub password: String,
    /// Whether a program will play.
    pub bot: bool,
    /// The client's address, whose sign-ups are capped; `None` when unknown.
    pub client: Option<IpAddr>,
}

/// A new account and its first token, shown once.
#[derive(Debug, Clone)]
pub struct SignedUp {
    /// The account.
    pub account: Account,
    /// The secret of its first API token.
    pub token: String,
}

/// A new random token secret: `sp_` and 64 hex digits (256 bits).
fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    let mut s = String::with_capacity(3 + 64);
    s.push_str("sp_");
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// Hashes a password (see [`super::passwords`]).
async fn hash_password(password: Password) -> Result<String> {
    super::passwords::hash(password.expose().to_owned()).await
}

/// Checks a password against its stored hash.
async fn verify_password(password: String, hash: String) -> Result<bool> {
    super::passwords::verify(password, hash).await
}

/// Refuses the names nobody may take: those of the house bots and of deleted
/// accounts' placeholders.
///
/// # Errors
/// `invalid_username` (422).
pub fn check_reserved(username: &Username) -> Result<()> {
    if username.is_house() {
        return Err(Error::unprocessable(
            "invalid_username",
            "names beginning with \"house\" are the server's own bots",
        ));
    }
    if username.is_placeholder() {
        return Err(Error::unprocessable(
            "invalid_username",
            "names beginning with \"deleted\" stand for deleted accounts",
        ));
    }
    Ok(())
}

/// Checks a token label: 1 to 100 characters, no control characters (the API and
/// `crate::transfer` check with it; see [`check_label`]).
///
/// # Errors
/// `invalid_label` (422).
pub fn parse_label(label: &str) -> Result<String> {
    Ok(check_label(label)?)
}

/// Parses the scope names a token is asked for; `None` (not said) is every scope.
///
/// # Errors
/// `invalid_scopes` (422) for an unknown name or an empty list.
pub fn parse_scopes<'a>(names: Option<impl IntoIterator<Item = &'a str>>) -> Result<Scopes> {
    match names {
        None => Ok(Scopes::ALL),
        Some(names) => Scopes::parse(names)
            .map_err(|e: InvalidScopes| Error::unprocessable("invalid_scopes", e.to_string())),
    }
}

impl Service {
    /// Creates an account and its first API token (an API sign-up: the secret is shown
    /// once, in the answer).
    ///
    /// # Errors
    /// `invalid_username` (422; also for a name that reads as a house bot's, see
    /// [`Username::is_house`]), `invalid_password` or `invalid_text` (422), `username_taken` (409);
    /// `rate_limited` (429) past [`FloodLimits::sign_ups_per_address`](super::floods::FloodLimits)
    /// in the last hour.
    pub async fn sign_up(&self, request: NewAccountRequest) -> Result<SignedUp> {
        let secret = new_secret();
        let token = NewToken {
            id: TokenId::new(),
            label: "first token".to_owned(),
            scopes: Scopes::ALL,
            hash: token_hash(&secret),
            created_at: self.now(),
        };
        let account = self.create_account(request, Some(token)).await?;
        Ok(SignedUp {
            account,
            token: secret,
        })
    }

    /// Creates an account without a token (a browser sign-up: the player never sees a
    /// secret, so none is made; the tokens page makes one when wanted).
    ///
    /// # Errors
    /// As [`Service::sign_up`].
    pub async fn sign_up_in_browser(&self, request: NewAccountRequest) -> Result<Account> {
        self.create_account(request, None).await
    }

    async fn create_account(
        &self,
        request: NewAccountRequest,
        token: Option<NewToken>,
    ) -> Result<Account> {
        let username = Username::parse(&request.username)
            .map_err(|e| Error::unprocessable("invalid_username", e.to_string()))?;
        check_reserved(&username)?;
        let password = Password::parse(&request.password)?;
        self.sign_ups.take(request.client, self.now())?;
        let password_hash = hash_password(password).await?;
        let account = NewAccount {
            id: AccountId::new(),
            username,
            password_hash,
            bot: request.bot,
            created_at: self.now(),
            sign_up_address: request.client,
        };
        match self.store.create_account(account, token).await {
            Ok(account) => Ok(account),
            Err(StoreError::Conflict) => Err(Error::UsernameTaken),
            Err(e) => Err(e.into()),
        }
    }

    /// The account with this name and password, for a client at `client`.
    ///
    /// Failures are counted per account and address, per address and per account;
    /// past [`LoginLimits`](super::throttle::LoginLimits) the password is not even checked.
    ///
    /// # Errors
    /// `bad_credentials` (401) for an unknown name or a wrong password alike;
    /// `rate_limited` (429) after too many failures from the address, or while the
    /// account is slowed and the address is not one it logged in from;
    /// `account_closed` (403) for the right password of a closed account.
    pub async fn log_in(
        &self,
        username: &str,
        password: &str,
        client: Option<IpAddr>,
    ) -> Result<Account> {
        self.login_throttle.check(username, client, self.now())?;
        let found = self.check_password(username, password).await;
        match &found {
            Ok(_) => self.login_throttle.succeeded(username, client, self.now()),
            Err(Error::BadCredentials) => self.login_throttle.failed(username, client, self.now()),
            Err(_) => {}
        }
        found
    }

    /// The account with this name and password, unthrottled.
    async fn check_password(&self, username: &str, password: &str) -> Result<Account> {
        let (account, hash) = match self.store.account_with_password(username).await {
            Ok(found) => found,
            Err(StoreError::NotFound) => {
                // Spend the same time as a real check, so that timing does not tell
                // which names exist.
                if let Ok(decoy) = Password::parse("not a real password") {
                    let _ = hash_password(decoy).await;
                }
                return Err(Error::BadCredentials);
            }
            Err(e) => return Err(e.into()),
        };
        if verify_password(password.to_owned(), hash).await? {
            // Told only to who knows the password: a closed account signs in nowhere.
            if self
                .store
                .account_state(account.id)
                .await?
                .closed_at
                .is_some()
            {
                return Err(Error::AccountClosed);
            }
            Ok(account)
        } else {
            Err(Error::BadCredentials)
        }
    }

    /// The account that owns this token secret, and what the token may be used for.
    ///
    /// # Errors
    /// `unauthorized` (401) for an unknown or revoked token.
    pub async fn authenticate(&self, secret: &str) -> Result<(Account, Scopes)> {
        match self
            .store
            .account_by_token(&token_hash(secret), self.now())
            .await
        {
            Ok(account) => Ok(account),
            Err(StoreError::NotFound) => Err(Error::Unauthorized),
            Err(e) => Err(e.into()),
        }
    }

    /// Adds an API token for `scopes` to an account; returns it and its secret, shown
    /// once.
    ///
    /// # Errors
    /// `invalid_label`, `too_many_tokens` (422: the account holds
    /// [`FloodLimits::tokens_per_account`](super::floods::FloodLimits) already).
    pub async fn create_token(
        &self,
        account: &Account,
        label: &str,
        scopes: Scopes,
    ) -> Result<(Token, String)> {
        let label = parse_label(label)?;
        let secret = new_secret();
        let token = NewToken {
            id: TokenId::new(),
            label,
            scopes,
            hash: token_hash(&secret),
            created_at: self.now(),
        };
        let cap = self.floods.tokens_per_account;
        match self.store.create_token(account.id, token, cap).await {
            Ok(token) => Ok((token, secret)),
            Err(StoreError::Full) => Err(Error::unprocessable(
                "too_many_tokens",
                format!("an account has at most {cap} tokens: revoke one first"),
            )),
            Err(e) => Err(e.into()),
        }
    }

    /// The account's tokens, without secrets.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn tokens(&self, account: &Account) -> Result<Vec<Token>> {
        Ok(self.store.tokens(account.id).await?)
    }

    /// Revokes one of the account's tokens; the event streams it opened end (see
    /// [`Service::end_streams_of_revoked`]).
    ///
    /// # Errors
    /// `not_found` (404) when the account has no such token.
    pub async fn revoke_token(&self, account: &Account, id: TokenId) -> Result<()> {
        match self.store.delete_token(account.id, id).await {
            Err(StoreError::NotFound) => Err(Error::NotFound("token")),
            other => {
                other?;
                self.end_streams_of_revoked(account.id);
                Ok(())
            }
        }
    }

    /// The account with this name.
    ///
    /// # Errors
    /// `not_found` (404).
    pub async fn account(&self, username: &str) -> Result<Account> {
        match self.reads.run(|s| s.account_by_name(username)).await {
            Err(StoreError::NotFound) => Err(Error::NotFound("player")),
            other => Ok(other?),
        }
    }

    /// The language the account chose, `None` until it chose one.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn language(&self, account: &Account) -> Result<Option<Lang>> {
        match self.store.language(account.id).await {
            Err(StoreError::NotFound) => Ok(None),
            other => Ok(other?),
        }
    }

    /// The translator of `account`'s language, for what is sent to them (mail, push):
    /// English when they chose none, or the account is gone.
    ///
    /// # Errors
    /// Storage errors.
    pub(crate) async fn recipient_tr(&self, account: AccountId) -> Result<crate::i18n::Tr> {
        let lang = match self.store.language(account).await {
            Err(StoreError::NotFound) => None,
            other => other?,
        };
        Ok(crate::i18n::Tr::new(lang.unwrap_or_default()))
    }

    /// Sets the language of the account's pages, e-mails and notifications; `None`
    /// forgets it (the browser's choice then decides).
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn set_language(&self, account: &Account, language: Option<Lang>) -> Result<()> {
        match self.store.set_language(account.id, language).await {
            Err(StoreError::NotFound) => Err(Error::NotFound("account")),
            other => Ok(other?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_secrets_are_long_random_and_stored_only_as_hashes() {
        let a = new_secret();
        let b = new_secret();
        assert_ne!(a, b);
        assert_eq!(a.len(), 67);
        let hash = token_hash(&a);
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains(&a[3..]));
        assert_eq!(hash, token_hash(&a));
    }

    #[test]
    fn labels_are_trimmed_and_bounded() {
        assert_eq!(parse_label("  my bot ").ok(), Some("my bot".to_owned()));
        assert!(parse_label("").is_err());
        assert!(parse_label("a\u{7}b").is_err());
        assert!(parse_label(&"x".repeat(101)).is_err());
    }
}
