//! Address verification and password reset by e-mail (issue 19; SECURITY.md,
//! "Forgotten passwords").
//!
//! Setting or changing the digest address mails a verification link to it (valid
//! [`VERIFY_LINK_TTL`]); following it marks the address verified, and changing the
//! address clears that. A forgotten password is reset by a link mailed to the
//! account's verified address (valid [`RESET_LINK_TTL`]) when the operator configured
//! SMTP, and by the operator (`seedpost admin reset-password NAME`) otherwise.
//!
//! Each link is a random secret of which only the SHA-256 is stored; it works once
//! (used by a conditional update in the transaction that does its work) and until it
//! expires; a new link of a kind replaces the account's unused ones of that kind.
//!
//! A reset request answers the same whether or not the name or address belongs to an
//! account: the lookup and the mail happen after the answer, in a task of their own,
//! so that neither the answer nor its time tells. Requests are throttled in memory,
//! per instance, like log-ins: per client address (refused past
//! [`LinkLimits::resets_per_address`]) and per account (past
//! [`LinkLimits::resets_per_account`] no more mails go, silently); failed uses of
//! reset links per client address; verification mails per account.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;

use chrono::{DateTime, TimeDelta, Utc};

use crate::accounts::entity::{Ended, LinkKind, MailLink};
use crate::accounts::store::MailLinkStore;
use crate::domain::{AccountId, Password, random_hex, token_hash};
use crate::error::{Error, Result};
use crate::notifications::service::digest::{Compose, Mailer, NotSent, mail_id};
use crate::service::Service;
use crate::store::{Account, StoreError};

/// How long a verification link works.
pub const VERIFY_LINK_TTL: TimeDelta = TimeDelta::hours(24);

/// How long a password reset link works.
pub const RESET_LINK_TTL: TimeDelta = TimeDelta::hours(1);

/// The throttling of mailed links.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkLimits {
    /// Reset requests per client address per window; past them 429.
    pub resets_per_address: usize,
    /// Reset mails per account per window; past them none is sent (the answer stays
    /// the same).
    pub resets_per_account: usize,
    /// Failed uses of reset links (unknown, used, expired) per client address per
    /// window; past them 429.
    pub failed_uses_per_address: usize,
    /// Verification mails per account per window (the one sent when the address is
    /// set counted); past them 429.
    pub verifications_per_account: usize,
    /// The sliding window.
    pub window: TimeDelta,
}

impl LinkLimits {
    /// The documented defaults (SECURITY.md): in any hour, 10 reset requests per
    /// address, 3 reset mails per account, 20 failed link uses per address, 5
    /// verification mails per account.
    pub const DEFAULT: LinkLimits = LinkLimits {
        resets_per_address: 10,
        resets_per_account: 3,
        failed_uses_per_address: 20,
        verifications_per_account: 5,
        window: TimeDelta::hours(1),
    };
}

/// What is counted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    /// Reset requests from a client address.
    ResetFrom(Option<IpAddr>),
    /// Reset mails to an account.
    ResetTo(AccountId),
    /// Failed link uses from a client address.
    FailedFrom(Option<IpAddr>),
    /// Verification mails to an account.
    VerifyTo(AccountId),
}

/// Past this many keys, forget those with nothing in the window.
const SWEEP_ABOVE: usize = 10_000;

/// Counts over a sliding window, per key.
#[derive(Debug, Default)]
pub(crate) struct LinkThrottle {
    limits: LinkLimits,
    recent: Mutex<HashMap<Key, VecDeque<DateTime<Utc>>>>,
}

impl Default for LinkLimits {
    fn default() -> Self {
        LinkLimits::DEFAULT
    }
}

impl LinkThrottle {
    pub(crate) fn new(limits: LinkLimits) -> LinkThrottle {
        LinkThrottle {
            limits,
            recent: Mutex::default(),
        }
    }

    fn limit(&self, key: &Key) -> usize {
        match key {
            Key::ResetFrom(_) => self.limits.resets_per_address,
            Key::ResetTo(_) => self.limits.resets_per_account,
            Key::FailedFrom(_) => self.limits.failed_uses_per_address,
            Key::VerifyTo(_) => self.limits.verifications_per_account,
        }
    }

    /// How long until `key` has room for one more at `now` (zero: room now), and
    /// counts one when it has room and `count` says so.
    fn take(&self, key: Key, now: DateTime<Utc>, count: bool) -> TimeDelta {
        let window = self.limits.window;
        let limit = self.limit(&key);
        let mut recent = self
            .recent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if recent.len() > SWEEP_ABOVE {
            recent.retain(|_, times| times.back().is_some_and(|t| now - *t < window));
        }
        let times = recent.entry(key).or_default();
        while times.front().is_some_and(|t| now - *t >= window) {
            times.pop_front();
        }
        if times.len() >= limit {
            return times
                .front()
                .map_or(window, |oldest| *oldest + window - now)
                .max(TimeDelta::seconds(1));
        }
        if count {
            times.push_back(now);
        }
        TimeDelta::zero()
    }

    /// Counts one for `key`, or refuses.
    fn count(&self, key: Key, now: DateTime<Utc>) -> Result<()> {
        let wait = self.take(key, now, true);
        if wait > TimeDelta::zero() {
            let ms = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
            return Err(Error::RateLimited {
                retry_after: ms.div_ceil(1000).max(1),
            });
        }
        Ok(())
    }

    /// Refuses when `key` is full, without counting.
    fn check(&self, key: Key, now: DateTime<Utc>) -> Result<()> {
        let wait = self.take(key, now, false);
        if wait > TimeDelta::zero() {
            let ms = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
            return Err(Error::RateLimited {
                retry_after: ms.div_ceil(1000).max(1),
            });
        }
        Ok(())
    }
}

/// Why a link cannot be used, as its stable code.
fn link_error(link: Result<&MailLink, ()>, now: DateTime<Utc>) -> Option<Error> {
    match link {
        Err(()) => Some(Error::unprocessable(
            "link_unknown",
            "this link is not known: it may have been replaced by a newer one; ask for a new one",
        )),
        Ok(l) if l.used_at.is_some() => Some(used()),
        Ok(l) if l.expires_at <= now => Some(Error::unprocessable(
            "link_expired",
            "this link has expired; ask for a new one",
        )),
        Ok(_) => None,
    }
}

/// The error of a link used meanwhile.
fn used() -> Error {
    Error::unprocessable(
        "link_used",
        "this link was used already: a link works once; ask for a new one",
    )
}

/// The error of a server without SMTP.
fn mail_not_configured() -> Error {
    Error::conflict(
        "mail_not_configured",
        "this server sends no e-mail: ask its operator to set a new password \
         (seedpost admin reset-password NAME)",
    )
}

/// A verified address, as the verification page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// The address.
    pub email: String,
    /// Whose it is.
    pub username: String,
}

impl Service {
    /// Whether the server sends mail (its operator configured SMTP).
    #[must_use]
    pub fn mail_configured(&self) -> bool {
        self.mailer.is_some()
    }

    /// The mailer, or `mail_not_configured` (409).
    fn link_mailer(&self) -> Result<std::sync::Arc<Mailer>> {
        self.mailer.clone().ok_or_else(mail_not_configured)
    }

    /// Makes and stores a link of `kind` for `account` to `email`; returns its
    /// secret.
    async fn new_link(
        &self,
        kind: LinkKind,
        account: AccountId,
        email: &str,
        ttl: TimeDelta,
    ) -> Result<String> {
        let secret = random_hex();
        let now = self.now();
        self.store
            .create_mail_link(&MailLink {
                hash: token_hash(&secret),
                kind,
                account,
                email: email.to_owned(),
                created_at: now,
                expires_at: now + ttl,
                used_at: None,
            })
            .await?;
        Ok(secret)
    }

    /// Mails `account` (named `username`) a link to verify `email`, counted against
    /// its verification mails.
    ///
    /// # Errors
    /// `rate_limited` (429); `unavailable` (503) when the SMTP server did not take
    /// the mail; storage errors.
    pub(crate) async fn send_verification(
        &self,
        mailer: &Mailer,
        account: &Account,
        email: &str,
    ) -> Result<()> {
        let now = self.now();
        self.link_throttle.count(Key::VerifyTo(account.id), now)?;
        let secret = self
            .new_link(LinkKind::VerifyAddress, account.id, email, VERIFY_LINK_TTL)
            .await?;
        let tr = self.recipient_tr(account.id).await?;
        let links = mailer.links();
        let text = format!(
            "{}\n\n{}\n\n{links}/verify-address?token={secret}\n\n{}\n",
            tr.t1("mail-digest-hello", "name", account.username.as_str()),
            tr.t1("mail-verify-intro", "hours", VERIFY_LINK_TTL.num_hours()),
            tr.t("mail-verify-footer"),
        );
        let message = mailer.compose(
            email,
            Compose {
                subject: tr.t("mail-verify-subject"),
                text,
                id: mail_id(links, &format!("verify-address.{}", &secret[..16])),
                now,
            },
        );
        match mailer.send(message).await {
            Ok(()) => {
                tracing::info!(account = %account.id, "verification mail sent");
                Ok(())
            }
            Err(NotSent::Unreachable(e)) => {
                tracing::warn!(account = %account.id, error = %crate::error::Chain(&e), "a verification mail could not be sent: the SMTP server cannot be reached");
                Err(Error::Unavailable)
            }
            Err(NotSent::Refused(error)) => {
                tracing::warn!(account = %account.id, %error, "a verification mail was refused");
                Err(Error::Unavailable)
            }
        }
    }

    /// Mails the account's digest address a new verification link.
    ///
    /// # Errors
    /// `mail_not_configured` (409) without SMTP; `no_address` (409) before an
    /// address is set; `already_verified` (409); `rate_limited` (429) past
    /// [`LinkLimits::verifications_per_account`] an hour; `unavailable` (503) when
    /// the SMTP server did not take it.
    pub async fn resend_verification(
        &self,
        account: &Account,
    ) -> Result<crate::notifications::service::digest::DigestStatus> {
        let mailer = self.link_mailer()?;
        let Some(settings) = self.digest_settings(account.id).await? else {
            return Err(Error::conflict(
                "no_address",
                "set an address first (PUT /me/digest)",
            ));
        };
        if settings.verified_at.is_some() {
            return Err(Error::conflict(
                "already_verified",
                format!("{} is verified already", settings.email),
            ));
        }
        self.send_verification(&mailer, account, &settings.email)
            .await?;
        self.digest(account).await
    }

    /// Follows a verification link: marks its address verified, if it is still the
    /// account's address.
    ///
    /// # Errors
    /// `link_unknown`, `link_used`, `link_expired` (422); `address_changed` (422)
    /// when the account's address is another now.
    pub async fn verify_address(&self, secret: &str) -> Result<Verified> {
        let hash = token_hash(secret.trim());
        let now = self.now();
        let (link, account) = self
            .usable_link(LinkKind::VerifyAddress, &hash, now)
            .await?;
        let marked = match self.store.verify_address(&hash, now).await {
            Ok((_, marked)) => marked,
            // Used between the look and the use.
            Err(StoreError::Conflict) => return Err(used()),
            Err(e) => return Err(e.into()),
        };
        if !marked {
            return Err(Error::unprocessable(
                "address_changed",
                format!(
                    "this link verifies {}, which is no longer the account's address",
                    link.email
                ),
            ));
        }
        tracing::info!(account = %link.account, "address verified");
        Ok(Verified {
            email: link.email,
            username: account.username.to_string(),
        })
    }

    /// The link of `kind` with this hash and its account, if it can be used at `now`.
    async fn usable_link(
        &self,
        kind: LinkKind,
        hash: &str,
        now: DateTime<Utc>,
    ) -> Result<(MailLink, Account)> {
        match self.store.mail_link(kind, hash).await {
            Ok((link, account)) => match link_error(Ok(&link), now) {
                Some(e) => Err(e),
                None => Ok((link, account)),
            },
            Err(StoreError::NotFound) => Err(link_error(Err(()), now).unwrap_or_else(used)),
            Err(e) => Err(e.into()),
        }
    }

    /// Asks for a password reset of the account named `name_or_email`, or of those
    /// whose verified address it is: each gets a link at its verified address, if it
    /// has one. Answers the same whether or not any account matches; the lookup and
    /// the mail happen in a task of their own, after the answer.
    ///
    /// # Errors
    /// `mail_not_configured` (409) without SMTP; `invalid_identifier` (422) for an
    /// empty or overlong name or address; `rate_limited` (429) past
    /// [`LinkLimits::resets_per_address`] requests an hour from `client`.
    pub async fn request_password_reset(
        &self,
        name_or_email: &str,
        client: Option<IpAddr>,
    ) -> Result<()> {
        let mailer = self.link_mailer()?;
        let wanted = name_or_email.trim().to_owned();
        if wanted.is_empty() || wanted.len() > 254 || wanted.chars().any(char::is_control) {
            return Err(Error::unprocessable(
                "invalid_identifier",
                "type a user name or an e-mail address (at most 254 characters)",
            ));
        }
        self.link_throttle
            .count(Key::ResetFrom(client), self.now())?;
        let service = self.clone();
        tokio::spawn(async move {
            if let Err(e) = service.send_resets(&mailer, &wanted).await {
                tracing::warn!(error = %crate::error::Chain(&e), "password reset links could not be sent");
            }
        });
        Ok(())
    }

    /// Mails a reset link to each account `name_or_email` names (see
    /// [`Service::request_password_reset`]).
    async fn send_resets(&self, mailer: &Mailer, name_or_email: &str) -> Result<()> {
        for (account, email) in self.store.reset_addresses(name_or_email).await? {
            let now = self.now();
            if self
                .link_throttle
                .count(Key::ResetTo(account.id), now)
                .is_err()
            {
                tracing::info!(account = %account.id, "a password reset was asked for too often: no mail");
                continue;
            }
            let secret = self
                .new_link(LinkKind::PasswordReset, account.id, &email, RESET_LINK_TTL)
                .await?;
            let tr = self.recipient_tr(account.id).await?;
            let links = mailer.links();
            let text = format!(
                "{}\n\n{}\n\n{links}/password-reset/confirm?token={secret}\n\n{}\n",
                tr.t1("mail-digest-hello", "name", account.username.as_str()),
                tr.t1("mail-reset-intro", "minutes", RESET_LINK_TTL.num_minutes()),
                tr.t("mail-reset-footer"),
            );
            let message = mailer.compose(
                &email,
                Compose {
                    subject: tr.t("mail-reset-subject"),
                    text,
                    id: mail_id(links, &format!("password-reset.{}", &secret[..16])),
                    now,
                },
            );
            match mailer.send(message).await {
                Ok(()) => tracing::info!(account = %account.id, "password reset link sent"),
                Err(NotSent::Unreachable(e)) => {
                    tracing::warn!(account = %account.id, error = %crate::error::Chain(&e), "a password reset link could not be sent: the SMTP server cannot be reached");
                }
                Err(NotSent::Refused(error)) => {
                    tracing::warn!(account = %account.id, %error, "a password reset link was refused");
                }
            }
        }
        Ok(())
    }

    /// The name of the account a reset link is for, if the link can be used.
    ///
    /// # Errors
    /// `link_unknown`, `link_used`, `link_expired` (422); `rate_limited` (429) past
    /// [`LinkLimits::failed_uses_per_address`] failed uses an hour from `client`.
    pub async fn password_reset_link(
        &self,
        secret: &str,
        client: Option<IpAddr>,
    ) -> Result<String> {
        let (_, account) = self.usable_reset_link(secret, client).await?;
        Ok(account.username.to_string())
    }

    /// The reset link of `secret`, if it can be used; a failure counts against
    /// `client`.
    async fn usable_reset_link(
        &self,
        secret: &str,
        client: Option<IpAddr>,
    ) -> Result<(MailLink, Account)> {
        let now = self.now();
        self.link_throttle.check(Key::FailedFrom(client), now)?;
        let found = self
            .usable_link(LinkKind::PasswordReset, &token_hash(secret.trim()), now)
            .await;
        if let Err(Error::Unprocessable { .. }) = found {
            // Counted, not refused: this answer is the error itself.
            self.link_throttle.take(Key::FailedFrom(client), now, true);
        }
        found
    }

    /// Sets a new password with a reset link: every browser session of the account
    /// ends, and the event streams they opened (its API tokens stay); the link is
    /// used up. Returns what ended.
    ///
    /// # Errors
    /// `invalid_password` (422) for a password that is too short or too long
    /// (`invalid_text` for one holding a control character), checked first; `link_unknown`, `link_used`, `link_expired` (422);
    /// `rate_limited` (429) past [`LinkLimits::failed_uses_per_address`] failed uses
    /// an hour from `client`.
    pub async fn confirm_password_reset(
        &self,
        secret: &str,
        password: &str,
        client: Option<IpAddr>,
    ) -> Result<Ended> {
        let new = Password::parse(password)?;
        let (link, _) = self.usable_reset_link(secret, client).await?;
        let hash = super::passwords::hash(new.expose().to_owned()).await?;
        let now = self.now();
        let (link, ended) = match self
            .store
            .reset_password_by_link(&link.hash, &hash, now)
            .await
        {
            Ok(done) => done,
            // Used, or expired, between the look and the use.
            Err(StoreError::Conflict) => return Err(used()),
            Err(e) => return Err(e.into()),
        };
        self.end_streams_of_revoked(link.account);
        tracing::info!(account = %link.account, sessions = ended.sessions, "password reset by a mailed link");
        Ok(ended)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_takes_its_limit_in_the_window_and_then_waits_for_the_oldest() {
        let throttle = LinkThrottle::new(LinkLimits {
            resets_per_address: 2,
            ..LinkLimits::DEFAULT
        });
        let t0 = DateTime::<Utc>::UNIX_EPOCH;
        let one: Option<IpAddr> = Some([192, 0, 2, 1].into());
        let two: Option<IpAddr> = Some([192, 0, 2, 2].into());
        assert!(throttle.count(Key::ResetFrom(one), t0).is_ok());
        assert!(
            throttle
                .count(Key::ResetFrom(one), t0 + TimeDelta::minutes(10))
                .is_ok()
        );
        match throttle.count(Key::ResetFrom(one), t0 + TimeDelta::minutes(20)) {
            Err(Error::RateLimited { retry_after }) => assert_eq!(retry_after, 40 * 60),
            other => panic!("expected rate_limited, got {other:?}"),
        }
        assert!(throttle.count(Key::ResetFrom(two), t0).is_ok());
        assert!(
            throttle
                .count(Key::ResetFrom(one), t0 + TimeDelta::minutes(60))
                .is_ok(),
            "the first left the window"
        );
    }

    #[test]
    fn a_link_is_refused_when_unknown_used_or_expired() {
        let now = DateTime::<Utc>::UNIX_EPOCH + TimeDelta::days(1);
        let link = MailLink {
            hash: String::new(),
            kind: LinkKind::PasswordReset,
            account: AccountId(uuid::Uuid::nil()),
            email: "ayse@example.org".to_owned(),
            created_at: now - TimeDelta::minutes(30),
            expires_at: now + TimeDelta::minutes(30),
            used_at: None,
        };
        let code = |l: Result<&MailLink, ()>| link_error(l, now).map(|e| e.code());
        assert_eq!(code(Ok(&link)), None);
        assert_eq!(code(Err(())), Some("link_unknown"));
        let used = MailLink {
            used_at: Some(now),
            ..link.clone()
        };
        assert_eq!(code(Ok(&used)), Some("link_used"));
        let expired = MailLink {
            expires_at: now,
            ..link
        };
        assert_eq!(code(Ok(&expired)), Some("link_expired"));
    }
}
