//! The accounts' lines of `seedpost export` and `seedpost import`: each account
//! (with its password hash and its event counter), API token (its hash, never a
//! secret) and browser session (the hash of its secret, so that players stay logged
//! in).

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::domain::{AccountId, Scopes, TokenId, Username};
use crate::store::ops::{AccountWithPassword, DataSet, TokenWithHash};
use crate::store::{Account, NewSession, Player, Token};
use crate::transfer::{Counts, Known, Lines, ReadError, Stored, is_sha256_hex};

/// Everything the accounts carry, and what their import has read.
#[derive(Debug, Default)]
pub struct Accounts {
    /// Every account, with its password hash and event counter.
    pub accounts: Vec<AccountWithPassword>,
    /// Every API token (its hash).
    pub tokens: Vec<TokenWithHash>,
    /// Every browser session (the hash of its secret).
    pub sessions: Vec<NewSession>,
    /// The user names' keys (unique ignoring case).
    usernames: HashSet<String>,
    /// The tokens read.
    token_ids: HashSet<Uuid>,
    /// The sessions' hashes.
    session_hashes: HashSet<String>,
}

/// A line of the accounts.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// An account.
    Account(AccountLine),
    /// An API token.
    Token(TokenLine),
    /// A browser session.
    Session(SessionLine),
}

/// An account, with its password hash.
#[derive(Debug, Serialize, Deserialize)]
pub struct AccountLine {
    id: Uuid,
    username: String,
    password_hash: String,
    bot: bool,
    created_at: DateTime<Utc>,
    /// The seq of the account's latest event; absent (0) in exports from before
    /// events were carried.
    #[serde(default)]
    event_seq: u64,
    /// When the operator closed it (or its player deleted it); absent while open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    closed_at: Option<DateTime<Utc>>,
    /// When its player deleted it; absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deleted_at: Option<DateTime<Utc>>,
    /// The address it signed up from, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sign_up_address: Option<String>,
    /// The language it chose (a primary tag); absent when none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    language: Option<String>,
}

/// An API token: its hash, never the secret.
#[derive(Debug, Serialize, Deserialize)]
pub struct TokenLine {
    id: Uuid,
    account_id: Uuid,
    label: String,
    hash: String,
    created_at: DateTime<Utc>,
    last_used_at: Option<DateTime<Utc>>,
    /// Absent (every scope) in exports from before scopes.
    #[serde(default = "every_scope")]
    scopes: Vec<String>,
}

fn every_scope() -> Vec<String> {
    Scopes::ALL.iter().map(|s| s.as_str().to_owned()).collect()
}

/// A browser session: the hash of its secret, never the secret. Exports from before
/// sessions were carried have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct SessionLine {
    hash: String,
    account_id: Uuid,
    csrf: String,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

impl Lines for Accounts {
    type Line = Line;

    const KINDS: &'static [&'static str] = &["account", "token", "session"];

    const EXPORTED: &'static [&'static str] = &["accounts", "tokens", "sessions"];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[(
        "mail_links",
        "single-use links of verification and password-reset mails: a link mailed \
         before the move no longer works; the player asks for a new one",
    )];

    fn lines(&self) -> Vec<Line> {
        let mut lines = Vec::new();
        lines.extend(self.accounts.iter().map(account_line));
        lines.extend(self.tokens.iter().map(token_line));
        lines.extend(self.sessions.iter().map(|s| {
            Line::Session(SessionLine {
                hash: s.hash.clone(),
                account_id: s.account.0,
                csrf: s.csrf.clone(),
                created_at: s.created_at,
                expires_at: s.expires_at,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Account(a) => self.account(a, known),
            Line::Token(t) => self.token(t, known),
            Line::Session(s) => self.session(s, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.accounts += self.accounts.len();
        counts.tokens += self.tokens.len();
        counts.sessions += self.sessions.len();
    }
}

impl Stored for Accounts {
    fn from_set(set: &mut DataSet) -> Accounts {
        Accounts {
            accounts: std::mem::take(&mut set.accounts),
            tokens: std::mem::take(&mut set.tokens),
            sessions: std::mem::take(&mut set.sessions),
            ..Accounts::default()
        }
    }

    fn into_set(self, set: &mut DataSet) {
        set.accounts = self.accounts;
        set.tokens = self.tokens;
        set.sessions = self.sessions;
    }
}

fn account_line(a: &AccountWithPassword) -> Line {
    Line::Account(AccountLine {
        id: a.account.id.0,
        username: a.account.username.as_str().to_owned(),
        password_hash: a.password_hash.clone(),
        bot: a.account.bot,
        created_at: a.account.created_at,
        event_seq: a.event_seq,
        closed_at: a.state.closed_at,
        deleted_at: a.state.deleted_at,
        sign_up_address: a.sign_up_address.clone(),
        language: a.language.clone(),
    })
}

fn token_line(t: &TokenWithHash) -> Line {
    Line::Token(TokenLine {
        id: t.token.id.0,
        account_id: t.token.account_id.0,
        label: t.token.label.clone(),
        hash: t.hash.clone(),
        created_at: t.token.created_at,
        last_used_at: t.token.last_used_at,
        scopes: t
            .token
            .scopes
            .iter()
            .map(|s| s.as_str().to_owned())
            .collect(),
    })
}

/// Checks a name sign-up refuses (`crate::accounts::service::account::check_reserved`) against what
/// the server itself gives such names to: a house bot's name only as one of the house
/// bots, written as the server writes it, and a deleted account's placeholder only
/// as `deleted-` and 8 hex digits on a deleted account.
fn reserved_name_fits(username: &Username, bot: bool, deleted: bool) -> Result<(), String> {
    if let Err(e) = crate::accounts::service::account::check_reserved(username) {
        let name = username.as_str();
        let house = crate::house::Level::ALL
            .iter()
            .any(|l| l.username() == name);
        let placeholder = name.strip_prefix("deleted-").is_some_and(|hex| {
            hex.len() == 8
                && hex
                    .bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        });
        let fits = (house && bot && !deleted) || (placeholder && deleted);
        if !fits {
            return Err(format!(
                "{e}, and this is not one of the server's own accounts"
            ));
        }
    }
    Ok(())
}

impl Accounts {
    fn account(&mut self, a: AccountLine, known: &mut Known) -> Result<(), ReadError> {
        let what = format!("account {}", a.id);
        let username = Username::parse(&a.username).map_err(|e| {
            ReadError::refused(&what, format!("bad username {:?}: {e}", a.username))
        })?;
        if known.is_account(a.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        reserved_name_fits(&username, a.bot, a.deleted_at.is_some())
            .map_err(|e| ReadError::refused(&what, format!("user name {:?}: {e}", a.username)))?;
        if !self.usernames.insert(username.key()) {
            let why = format!(
                "user name {:?} is taken by an earlier account (names are unique ignoring case)",
                a.username
            );
            return Err(ReadError::refused(&what, why));
        }
        crate::accounts::service::passwords::check_stored(&a.password_hash)
            .map_err(|e| ReadError::refused(&what, e))?;
        if i64::try_from(a.event_seq).is_err() {
            let why = format!("event_seq {} is too large", a.event_seq);
            return Err(ReadError::refused(&what, why));
        }
        let account = Account {
            id: AccountId(a.id),
            username: username.clone(),
            bot: a.bot,
            created_at: a.created_at,
        };
        let player = Player {
            id: account.id,
            username,
            bot: a.bot,
        };
        known.add_account(player, a.event_seq);
        if a.deleted_at.is_some() && a.closed_at.is_none() {
            return Err(ReadError::refused(&what, "deleted but not closed"));
        }
        if let Some(address) = &a.sign_up_address {
            address.parse::<std::net::IpAddr>().map_err(|_| {
                let why = format!("sign_up_address {address:?} is not an IP address");
                ReadError::refused(&what, why)
            })?;
        }
        if let Some(tag) = &a.language {
            tag.parse::<crate::domain::Lang>()
                .map_err(|e| ReadError::refused(&what, format!("language: {e}")))?;
        }
        self.accounts.push(AccountWithPassword {
            account,
            password_hash: a.password_hash,
            event_seq: a.event_seq,
            state: crate::domain::AccountState {
                closed_at: a.closed_at,
                deleted_at: a.deleted_at,
            },
            sign_up_address: a.sign_up_address,
            language: a.language,
        });
        Ok(())
    }

    fn token(&mut self, t: TokenLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("token {}", t.id);
        known.player(t.account_id, &format!("{what}: its account"))?;
        if !is_sha256_hex(&t.hash) {
            return Err(ReadError::refused(
                &what,
                "the hash is not lower-case hex SHA-256",
            ));
        }
        let label = crate::accounts::service::account::parse_label(&t.label)
            .map_err(|e| ReadError::refused(&what, e))?;
        if !self.token_ids.insert(t.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        let scopes = Scopes::parse(t.scopes.iter().map(String::as_str))
            .map_err(|e| ReadError::refused(&what, e))?;
        self.tokens.push(TokenWithHash {
            token: Token {
                id: TokenId(t.id),
                account_id: AccountId(t.account_id),
                label,
                scopes,
                created_at: t.created_at,
                last_used_at: t.last_used_at,
            },
            hash: t.hash,
        });
        Ok(())
    }

    fn session(&mut self, s: SessionLine, known: &Known) -> Result<(), ReadError> {
        // The hash is the session's key: name it by its start only.
        let what = format!("session {}…", s.hash.get(..8).unwrap_or(""));
        known.player(s.account_id, &format!("{what}: its account"))?;
        if !is_sha256_hex(&s.hash) {
            return Err(ReadError::refused(
                &what,
                "the hash is not lower-case hex SHA-256",
            ));
        }
        if !is_sha256_hex(&s.csrf) {
            return Err(ReadError::refused(
                &what,
                "the form token is not 64 lower-case hex digits",
            ));
        }
        if s.expires_at <= s.created_at {
            return Err(ReadError::refused(&what, "it expires before it starts"));
        }
        if !self.session_hashes.insert(s.hash.clone()) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.sessions.push(NewSession {
            hash: s.hash,
            account: AccountId(s.account_id),
            csrf: s.csrf,
            created_at: s.created_at,
            expires_at: s.expires_at,
        });
        Ok(())
    }
}
