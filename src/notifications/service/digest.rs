//! The daily digest: once a UTC day, after the operator's digest hour, each account
//! that asked for it gets one plain-text mail listing the games where it is its move
//! (opponent, variant, deadline and link), if there are any and it is not on
//! vacation. An account with no such game at the digest hour gets its mail later that
//! day, at the first sweep after it has one.
//!
//! The server sends mail only when the operator gives an SMTP server
//! (`--smtp-url`); players may set their address either way. A day's digest is
//! claimed in the database (`CalendarStore::claim_digest`) before the mail goes out,
//! so that two servers on one database never both send it. A mail that cannot be sent
//! gives its claim back: when the SMTP server refused it (or it cannot be written),
//! that account backs off ([`DIGEST_BACKOFF`]) and the round goes on with the next,
//! so one bad address never holds back the accounts after it; when the SMTP server
//! cannot be reached, the round ends and the next sweep (a minute later by default)
//! tries again, so a digest is late while the SMTP server is down, not lost. Should
//! the SMTP server fail after taking a mail but before saying so, that digest may
//! come twice.
//!
//! Addresses are checked when set exactly as the mail is built ([`parse_email`]): an
//! address the mail cannot carry is refused then, not found out at the digest hour.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, NaiveDate, TimeDelta, Timelike, Utc};
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::domain::{AccountId, GameStatus};
use crate::error::{Error, Result};
use crate::games::service::side_of;
use crate::i18n::Tr;
use crate::notifications::entity::DigestSettings;
use crate::notifications::store::CalendarStore;
use crate::service::Service;
use crate::store::{Account, Game, GameFilter, StoreError};

/// The digest hour (UTC) when the operator does not say.
pub const DEFAULT_DIGEST_HOUR: u32 = 7;

/// The least time between two turn mails to one player when the operator does not
/// say (`--turn-mail-minutes`).
pub const DEFAULT_TURN_MAIL_MINUTES: u32 = 15;

/// How long one SMTP conversation may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(15);

/// Digests sent by one sweep at most (the rest go at the next).
const DIGESTS_PER_SWEEP: u32 = 200;

/// The waits before an account's digest is tried again after the SMTP server refused
/// it: 5 minutes, 30 minutes, 2 hours, then 6 hours each time.
pub const DIGEST_BACKOFF: [TimeDelta; 4] = [
    TimeDelta::minutes(5),
    TimeDelta::minutes(30),
    TimeDelta::hours(2),
    TimeDelta::hours(6),
];

/// How the server sends digests: its SMTP server, sender and hour, and the accounts
/// whose digests failed lately.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    hour: u32,
    links: String,
    /// Per account: failures in a row, and when to try again.
    failures: Mutex<HashMap<AccountId, (usize, DateTime<Utc>)>>,
    /// At most one turn mail per player in this time (see `turnmail`).
    pub(super) turn_interval: TimeDelta,
    /// Up to when this instance has queued turn mails (see `turnmail`).
    pub(super) turns_scanned: Mutex<Option<DateTime<Utc>>>,
}

impl std::fmt::Debug for Mailer {
    // The transport holds the SMTP credentials: never shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mailer")
            .field("from", &self.from.to_string())
            .field("hour", &self.hour)
            .field("links", &self.links)
            .field("turn_interval", &self.turn_interval)
            .finish_non_exhaustive()
    }
}

impl Mailer {
    /// A mailer sending through `smtp_url` (`smtp://host:25` in plain text,
    /// `smtp://user:password@host:587?tls=required` with STARTTLS,
    /// `smtps://user:password@host:465` over TLS) from `from` (`Name <address>` or an
    /// address), at `hour` (UTC, 0 to 23), with links under `links` (the server's
    /// public address).
    ///
    /// # Errors
    /// A message saying which setting is wrong.
    pub fn new(smtp_url: &str, from: &str, hour: u32, links: &str) -> Result<Mailer, String> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(smtp_url)
            .map_err(|e| format!("the SMTP URL is not understood: {e}"))?
            .timeout(Some(SMTP_TIMEOUT))
            .build();
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| format!("the digest sender {from:?} is not an e-mail address: {e}"))?;
        if hour > 23 {
            return Err(format!("the digest hour {hour} is not an hour of the day"));
        }
        Ok(Mailer {
            transport,
            from,
            hour,
            links: links.trim_end_matches('/').to_owned(),
            failures: Mutex::default(),
            turn_interval: TimeDelta::minutes(i64::from(DEFAULT_TURN_MAIL_MINUTES)),
            turns_scanned: Mutex::default(),
        })
    }

    /// Sends each player at most one turn mail every `minutes` (1 to 1440; by default
    /// [`DEFAULT_TURN_MAIL_MINUTES`]): the turns of that time go together in the next.
    ///
    /// # Errors
    /// A message saying that the interval is out of range.
    pub fn with_turn_mail_minutes(mut self, minutes: u32) -> Result<Mailer, String> {
        if !(1..=1440).contains(&minutes) {
            return Err(format!(
                "the turn mail interval {minutes} is not 1 to 1440 minutes"
            ));
        }
        self.turn_interval = TimeDelta::minutes(i64::from(minutes));
        Ok(self)
    }

    /// The server's public address, links in mails start with it.
    pub(crate) fn links(&self) -> &str {
        &self.links
    }

    /// A plain-text mail from the server to `to`, in the recipient's language: 7-bit
    /// when the text is ASCII (English) in short lines, else UTF-8 in base64.
    pub(crate) fn compose(&self, to: &str, mail: Compose) -> Result<Message, String> {
        let to = mailbox(to).map_err(|e| format!("bad address: {e}"))?;
        // 7-bit only when every line is short enough for it (lettre refuses a 7-bit
        // body with a line of 75 characters or more, such as a long link).
        let encoding = if mail.text.is_ascii() && mail.text.lines().all(|l| l.len() < 75) {
            ContentTransferEncoding::SevenBit
        } else {
            ContentTransferEncoding::Base64
        };
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(mail.subject)
            .date(mail.now.into())
            .message_id(Some(mail.id))
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_PLAIN)
                    .header(encoding)
                    .body(mail.text),
            )
            .map_err(|e| e.to_string())
    }

    /// Sends a mail `compose` made (or says why it could not be made).
    ///
    /// # Errors
    /// [`NotSent::Unreachable`] when the SMTP server did not answer (nobody's mail
    /// would go now), [`NotSent::Refused`] when it refused this mail or the mail
    /// could not be made.
    pub(crate) async fn send(&self, message: Result<Message, String>) -> Result<(), NotSent> {
        match self
            .transport
            .send(message.map_err(NotSent::Refused)?)
            .await
        {
            Ok(_) => Ok(()),
            Err(e) if !e.is_permanent() && !e.is_transient() => Err(NotSent::Unreachable(e)),
            Err(e) => Err(NotSent::Refused(crate::error::Chain(&e).to_string())),
        }
    }

    fn failures(&self) -> std::sync::MutexGuard<'_, HashMap<AccountId, (usize, DateTime<Utc>)>> {
        self.failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// How many accounts are backing off at `now`.
    fn backing_off(&self, now: DateTime<Utc>) -> usize {
        self.failures().values().filter(|(_, at)| *at > now).count()
    }

    /// Whether `account` waits after a failure at `now` (of its digest or of a
    /// reminder mail: the same address).
    pub(super) fn waits(&self, account: AccountId, now: DateTime<Utc>) -> bool {
        self.failures()
            .get(&account)
            .is_some_and(|(_, at)| *at > now)
    }

    /// Notes that a mail to `account` (its digest or a reminder) failed at `now`;
    /// returns when it is tried again.
    pub(super) fn failed(&self, account: AccountId, now: DateTime<Utc>) -> DateTime<Utc> {
        let mut failures = self.failures();
        let entry = failures.entry(account).or_insert((0, now));
        let wait = DIGEST_BACKOFF[entry.0.min(DIGEST_BACKOFF.len() - 1)];
        *entry = (entry.0 + 1, now + wait);
        entry.1
    }

    /// Notes that a mail to `account` went out.
    pub(super) fn sent(&self, account: AccountId) {
        self.failures().remove(&account);
    }
}

/// Why a mail was not sent.
#[derive(Debug)]
pub(crate) enum NotSent {
    /// The SMTP server did not answer: nobody's mail would go now.
    Unreachable(lettre::transport::smtp::Error),
    /// The SMTP server refused this mail, or it could not be made.
    Refused(String),
}

/// A mail's parts besides its addresses.
pub(crate) struct Compose {
    /// Its subject.
    pub subject: String,
    /// Its text.
    pub text: String,
    /// Its `Message-ID`.
    pub id: String,
    /// Its date: now.
    pub now: DateTime<Utc>,
}

/// An account's digest settings, as shown to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestStatus {
    /// The address, once set.
    pub email: Option<String>,
    /// Whether the digest is sent.
    pub enabled: bool,
    /// The UTC day of the last digest.
    pub last_sent_on: Option<NaiveDate>,
    /// When the address was verified; `None` until then and once it changes.
    pub verified_at: Option<DateTime<Utc>>,
    /// Whether a verification link was just mailed (by a change of the address).
    pub verification_sent: bool,
    /// Whether this server sends mail at all (its operator gave an SMTP server).
    pub mail_configured: bool,
    /// The hour (UTC) after which the digest goes out.
    pub hour: u32,
}

/// Whether `c` may stand in an atom of an address's local part (RFC 5322 `atext`).
fn is_atext(c: char) -> bool {
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c)
}

/// The mailbox a digest goes to, from an address as stored: what the mail is built
/// with, and what [`parse_email`] checks. Only what every SMTP server carries: ASCII
/// (a server without `SMTPUTF8` refuses anything else), a local part of dot-separated
/// atoms (no quoted strings, which could carry headers), a domain of host-name
/// labels (no address literals such as `[127.0.0.1]`), at most 254 characters.
fn mailbox(email: &str) -> Result<Mailbox, String> {
    let email = email.trim();
    if email.len() > 254 {
        return Err("an e-mail address has at most 254 characters".to_owned());
    }
    if !email.is_ascii() {
        return Err(
            "an e-mail address here is ASCII only (mail servers without SMTPUTF8 refuse the rest)"
                .to_owned(),
        );
    }
    let (local, domain) = email
        .rsplit_once('@')
        .ok_or_else(|| "an e-mail address is local-part@domain".to_owned())?;
    let dotted = |part: &str, ok: &dyn Fn(char) -> bool| {
        !part.is_empty() && part.split('.').all(|a| !a.is_empty() && a.chars().all(ok))
    };
    if !dotted(local, &is_atext) {
        return Err("the part before @ is letters, digits and !#$%&'*+-/=?^_`{|}~, in dot-separated words (no quotes)".to_owned());
    }
    let label_ok = |label: &str| {
        label.len() <= 63
            && !label.starts_with('-')
            && !label.ends_with('-')
            && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
    };
    if !dotted(domain, &|c| c.is_ascii_alphanumeric() || c == '-')
        || !domain.contains('.')
        || !domain.split('.').all(label_ok)
    {
        return Err("the part after @ is a domain name such as example.org".to_owned());
    }
    let address = lettre::Address::new(local, domain).map_err(|e| e.to_string())?;
    Ok(Mailbox::new(None, address))
}

/// Checks an e-mail address as typed, exactly as the digest mail will be built (see
/// `mailbox`): trimmed, ASCII, `local@domain` without quotes or address literals, at
/// most 254 characters.
///
/// # Errors
/// `invalid_email` (422).
pub fn parse_email(email: &str) -> Result<String> {
    match mailbox(email) {
        Ok(_) => Ok(email.trim().to_owned()),
        Err(why) => Err(Error::unprocessable(
            "invalid_email",
            format!(
                "{:?} is not an e-mail address the digest can go to: {why}",
                email.trim()
            ),
        )),
    }
}

impl Service {
    /// Sends daily digests through `mailer` (without one, the server sends none).
    #[must_use]
    pub fn with_digest(mut self, mailer: Mailer) -> Service {
        self.mailer = Some(Arc::new(mailer));
        self
    }

    /// The account's digest settings as stored, `None` before it set an address.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn digest_settings(&self, account: AccountId) -> Result<Option<DigestSettings>> {
        match self.store.digest(account).await {
            Ok(d) => Ok(Some(d)),
            Err(StoreError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The account's digest settings.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn digest(&self, account: &Account) -> Result<DigestStatus> {
        let stored = self.digest_settings(account.id).await?;
        Ok(DigestStatus {
            email: stored.as_ref().map(|d| d.email.clone()),
            enabled: stored.as_ref().is_some_and(|d| d.enabled),
            last_sent_on: stored.as_ref().and_then(|d| d.last_sent_on),
            verified_at: stored.and_then(|d| d.verified_at),
            verification_sent: false,
            mail_configured: self.mailer.is_some(),
            hour: self.mailer.as_ref().map_or(DEFAULT_DIGEST_HOUR, |m| m.hour),
        })
    }

    /// Sets where the account's digest goes and whether it is sent. A new address
    /// is not verified: when the server sends mail, a verification link goes to it
    /// (see `maillinks`); a mail that cannot go is logged, the settings stay saved.
    ///
    /// # Errors
    /// `invalid_email` (422).
    pub async fn set_digest(
        &self,
        account: &Account,
        email: &str,
        enabled: bool,
    ) -> Result<DigestStatus> {
        let email = parse_email(email)?;
        let before = match self.store.digest(account.id).await {
            Ok(d) => Some(d.email),
            Err(StoreError::NotFound) => None,
            Err(e) => return Err(e.into()),
        };
        self.store
            .set_digest(account.id, &email, enabled, self.now())
            .await?;
        let mut sent = false;
        if let Some(mailer) = self.mailer.clone()
            && before.as_deref() != Some(email.as_str())
        {
            match self.send_verification(&mailer, account, &email).await {
                Ok(()) => sent = true,
                Err(e @ (Error::Unavailable | Error::RateLimited { .. })) => {
                    tracing::info!(account = %account.id, error = %e, "no verification mail for the new address");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(DigestStatus {
            verification_sent: sent,
            ..self.digest(account).await?
        })
    }

    /// Sends the digests due: after the digest hour, each enabled account not sent
    /// today's yet gets one if it has games where it is its move and is not on
    /// vacation. Returns how many were sent. Does nothing without a mailer.
    ///
    /// # Errors
    /// Storage errors. A mail the SMTP server refuses (or that cannot be written) is
    /// logged, its claim given back, and its account backs off ([`DIGEST_BACKOFF`])
    /// while the round goes on; when the SMTP server cannot be reached, the round ends
    /// there (the next one tries again).
    pub async fn send_digests(&self) -> Result<usize> {
        let Some(mailer) = self.mailer.clone() else {
            return Ok(0);
        };
        let now = self.now();
        if now.hour() < mailer.hour {
            return Ok(0);
        }
        let today = now.date_naive();
        let mut sent = 0;
        // Those backing off are skipped, so read past them.
        let limit = DIGESTS_PER_SWEEP
            .saturating_add(u32::try_from(mailer.backing_off(now)).unwrap_or(u32::MAX));
        for settings in self.store.digests_due(today, limit).await? {
            if mailer.waits(settings.account, now) {
                continue;
            }
            if !self.store.claim_digest(settings.account, today).await? {
                continue;
            }
            let filter = GameFilter {
                status: Some(GameStatus::Ongoing),
                to_move: Some(settings.account),
                viewer: Some(settings.account),
                player: None,
                limit: 100,
            };
            let mut games = self.games_matching(&filter).await?;
            games.retain(|g| side_of(g, settings.account).is_some_and(|s| !*g.on_vacation.get(s)));
            let username = games.first().and_then(|g| {
                side_of(g, settings.account).map(|s| g.players.get(s).username.to_string())
            });
            let Some(username) = username else {
                // The games moved on since they were counted: nothing to send today
                // after all, unless another comes.
                self.store
                    .unclaim_digest(settings.account, today, settings.last_sent_on)
                    .await?;
                continue;
            };
            let digest = Digest {
                tr: self.recipient_tr(settings.account).await?,
                email: &settings.email,
                username: &username,
                games: &games,
                id: message_id(&mailer.links, settings.account, today),
                now,
            };
            let failure = match mailer.send(digest_message(&mailer, &digest)).await {
                Ok(()) => None,
                // No answer from the server: nobody's mail would go now.
                Err(NotSent::Unreachable(error)) => {
                    tracing::warn!(account = %settings.account, error = %crate::error::Chain(&error), "the SMTP server cannot be reached; digests retried at the next sweep");
                    self.store
                        .unclaim_digest(settings.account, today, settings.last_sent_on)
                        .await?;
                    break;
                }
                Err(NotSent::Refused(error)) => Some(error),
            };
            if let Some(error) = failure {
                let again = mailer.failed(settings.account, now);
                tracing::warn!(account = %settings.account, %error, %again, "a digest could not be sent; this account is tried again later, the others go on");
                self.store
                    .unclaim_digest(settings.account, today, settings.last_sent_on)
                    .await?;
                continue;
            }
            mailer.sent(settings.account);
            tracing::info!(account = %settings.account, games = games.len(), "digest sent");
            sent += 1;
        }
        Ok(sent)
    }
}

/// One account's digest of one day, to write.
struct Digest<'a> {
    /// The recipient's language.
    tr: Tr,
    /// Where it goes.
    email: &'a str,
    /// Whom it greets.
    username: &'a str,
    /// The games where it is the account's move.
    games: &'a [Game],
    /// Its `Message-ID`.
    id: String,
    /// Now.
    now: DateTime<Utc>,
}

/// The `Message-ID` of `account`'s digest of `day`: the same for the same day, so that
/// a digest sent twice (the SMTP server failed after taking it) can be recognised.
fn message_id(links: &str, account: AccountId, day: NaiveDate) -> String {
    mail_id(links, &format!("digest.{day}.{account}"))
}

/// The `Message-ID` `<local@host>` of a mail with links under `links`.
pub(crate) fn mail_id(links: &str, local: &str) -> String {
    let host = links
        .split_once("://")
        .map_or(links, |(_, rest)| rest)
        .split(['/', ':'])
        .next()
        .filter(|h| !h.is_empty())
        .unwrap_or("localhost");
    format!("<{local}@{host}>")
}

/// The digest's mail, in the recipient's language.
fn digest_message(mailer: &Mailer, digest: &Digest<'_>) -> Result<Message, String> {
    let tr = digest.tr;
    mailer.compose(
        digest.email,
        Compose {
            subject: tr.t1("mail-digest-subject", "count", digest.games.len()),
            text: digest_text(tr, &mailer.links, digest.username, digest.games, digest.now),
            id: digest.id.clone(),
            now: digest.now,
        },
    )
}

/// The digest's text, in the language of `tr`: one entry per game with the opponent,
/// the variant, the deadline (UTC) — or that the clock stands still while the
/// opponent is on vacation — and the game's link, in short lines.
#[must_use]
fn digest_text(tr: Tr, links: &str, username: &str, games: &[Game], now: DateTime<Utc>) -> String {
    mail_text(
        tr,
        links,
        username,
        games,
        now,
        &tr.t("mail-digest-intro"),
        &tr.t1(
            "mail-digest-footer",
            "link",
            format!("{links}/settings/reminders"),
        ),
    )
}

/// The text of a mail to `username` about `games`, in the language of `tr`: a
/// greeting, `intro`, the [`game_entries`], and `footer` (what the mail is and how
/// to stop it).
pub(super) fn mail_text(
    tr: Tr,
    links: &str,
    username: &str,
    games: &[Game],
    now: DateTime<Utc>,
    intro: &str,
    footer: &str,
) -> String {
    let mut text = format!(
        "{}\n\n{intro}\n\n",
        tr.t1("mail-digest-hello", "name", username)
    );
    text.push_str(&game_entries(tr, links, username, games, now));
    let _ = writeln!(text, "{footer}");
    text
}

/// One entry per game, in the language of `tr`: the opponent of `username`, the
/// variant, the deadline (UTC) — or that the clock stands still while the opponent is
/// on vacation — and the game's link under `links`, in short lines.
fn game_entries(tr: Tr, links: &str, username: &str, games: &[Game], now: DateTime<Utc>) -> String {
    let mut text = String::new();
    for game in games {
        let Some(side) = [seedpost_rules::Side::South, seedpost_rules::Side::North]
            .into_iter()
            .find(|&s| game.players.get(s).username.as_str() == username)
        else {
            continue;
        };
        let opponent = game.players.get(side.opposite()).username.as_str();
        let what = tr.t2(
            "mail-digest-game",
            "variant",
            game.variant.title(),
            "opponent",
            opponent,
        );
        let when = if *game.on_vacation.get(side.opposite()) {
            Some(tr.t1("mail-digest-vacation", "opponent", opponent))
        } else {
            game.state.deadline.map(|deadline| {
                tr.t2(
                    "mail-digest-deadline",
                    "deadline",
                    deadline.format("%Y-%m-%d %H:%M").to_string(),
                    "left",
                    left(tr, deadline - now),
                )
            })
        };
        match when {
            Some(when) => {
                let _ = write!(text, "* {what}: {when}");
            }
            None => {
                let _ = write!(text, "* {what}");
            }
        }
        let _ = write!(text, "\n  {links}/games/{}\n\n", game.id);
    }
    text
}

/// "2 days 3 hours", "5 hours", "40 minutes" or "no time", in the language of `tr`.
pub(super) fn left(tr: Tr, time: chrono::TimeDelta) -> String {
    let (days, hours, minutes) = (
        time.num_days(),
        time.num_hours() % 24,
        time.num_minutes() % 60,
    );
    if time <= chrono::TimeDelta::zero() {
        tr.t("mail-digest-no-time")
    } else if days > 0 {
        tr.t2(
            "time-two-units",
            "larger",
            tr.t1("time-days", "count", days),
            "smaller",
            tr.t1("time-hours", "count", hours),
        )
    } else if hours > 0 {
        tr.t1("time-hours", "count", hours)
    } else {
        tr.t1("time-minutes", "count", minutes.max(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_checked_and_trimmed() {
        assert_eq!(
            parse_email(" ayse@example.org ").ok().as_deref(),
            Some("ayse@example.org")
        );
        for bad in [
            "",
            "ayse",
            "ayse@",
            "@example.org",
            "a b@example.org",
            "ünï@exämple.org",
            "ayse@exämple.org",
            "\"Bcc: z@evil.example\"@example.org",
            "\"a b\"@example.org",
            "user@[127.0.0.1]",
            "user@localhost",
            "a..b@example.org",
            ".a@example.org",
            "a@-example.org",
            "a@example..org",
            "a\r\nBcc: z@evil.example@example.org",
        ] {
            assert_eq!(
                parse_email(bad).map_err(|e| e.code()).err(),
                Some("invalid_email"),
                "{bad:?}"
            );
        }
        let long = format!("{}@example.org", "a".repeat(250));
        assert!(parse_email(&long).is_err());
        for good in [
            "a.b+tag@mail.example.org",
            "o'neil@example.co.uk",
            "x_y-z@a-b.example",
        ] {
            assert!(parse_email(good).is_ok(), "{good}");
            assert!(mailbox(good).is_ok(), "the mail is built with {good}");
        }
    }

    #[test]
    fn a_digests_message_id_names_its_day_account_and_host() {
        let account = AccountId(uuid::Uuid::nil());
        let day = NaiveDate::from_ymd_opt(2026, 12, 1).expect("a day");
        let id = |links| message_id(links, account, day);
        assert_eq!(
            id("https://seedpost.example.org"),
            format!("<digest.2026-12-01.{account}@seedpost.example.org>")
        );
        assert_eq!(
            id("http://127.0.0.1:8080/sub"),
            format!("<digest.2026-12-01.{account}@127.0.0.1>")
        );
        assert_eq!(id(""), format!("<digest.2026-12-01.{account}@localhost>"));
    }

    #[test]
    fn time_left_is_said_in_the_largest_units() {
        use chrono::TimeDelta;
        let en = Tr::new(crate::domain::Lang::En);
        assert_eq!(left(en, TimeDelta::hours(51)), "2 days 3 hours");
        assert_eq!(left(en, TimeDelta::hours(24)), "1 day 0 hours");
        assert_eq!(left(en, TimeDelta::hours(5)), "5 hours");
        assert_eq!(left(en, TimeDelta::seconds(30)), "1 minute");
        assert_eq!(left(en, TimeDelta::seconds(-1)), "no time");
        let tr = Tr::new(crate::domain::Lang::Tr);
        assert_eq!(left(tr, TimeDelta::hours(51)), "2 gün 3 saat");
    }
}
