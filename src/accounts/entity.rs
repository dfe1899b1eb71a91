//! The accounts' types that its use cases and pages read: a sign-up as the operator
//! lists it, what a change of password or a closing ended, and the links mailed to
//! players (were in the store modules accounts and maillinks). The account itself,
//! its tokens and sessions and whether it is closed (`AccountState`) are still in
//! `crate::domain`, where the export's reads in the store find them.

use chrono::{DateTime, Utc};

use crate::domain::{Account, AccountId, AccountState};

/// A sign-up, as the operator lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignUp {
    /// The account (its name now).
    pub account: Account,
    /// The client address it signed up from, when known.
    pub address: Option<String>,
    /// Whether it was closed or deleted since.
    pub state: AccountState,
}

/// What a change ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ended {
    /// Browser sessions deleted.
    pub sessions: u64,
    /// API tokens deleted.
    pub tokens: u64,
}

/// What a mailed link is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum LinkKind {
    /// It verifies the address it was sent to.
    VerifyAddress,
    /// It sets a new password.
    PasswordReset,
}

/// A link mailed to a player: never its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailLink {
    /// Lower-case hex SHA-256 of the link's secret.
    pub hash: String,
    /// What it is for.
    pub kind: LinkKind,
    /// Whose it is.
    pub account: AccountId,
    /// Where it was sent.
    pub email: String,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// Until when it works.
    pub expires_at: DateTime<Utc>,
    /// When it was used, if it was.
    pub used_at: Option<DateTime<Utc>>,
}
