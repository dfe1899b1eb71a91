//! Validated values of the server's world, parsed once at the boundary (HTTP, forms,
//! CLI, the database) so that the rest of the code cannot hold a bad one, and the
//! entities made of them (accounts, challenges, games, events).

use std::fmt;
use std::str::FromStr;

use seedpost_rules::Side;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

mod bots;
mod entities;
mod lang;
mod secret;

pub use bots::{
    Asked, ChallengeFilters, DeclineReason, InvalidDeclineReason, InvalidFilters, InvalidScopes,
    Scope, Scopes,
};
pub use entities::{
    Account, AccountState, Challenge, Event, FinishedFilter, Game, GameFilter, GameResult,
    GameState, GameWithMoves, MatchRef, Move, NewAccount, NewChallenge, NewEvent, NewGame,
    NewSession, NewToken, Player, Session, Standing, Token, TournamentRef,
};
pub use lang::{Dir, Lang, UnknownLang};
pub use secret::{random_hex, token_hash};

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub Uuid);

        impl $name {
            /// A new random id.
            #[must_use]
            pub fn new() -> Self {
                Self(Uuid::new_v4())
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;

            fn from_str(s: &str) -> Result<Self, uuid::Error> {
                Uuid::parse_str(s).map(Self)
            }
        }
    };
}

id_type!(
    /// An account's id.
    AccountId
);
id_type!(
    /// An API token's id (not the secret).
    TokenId
);
id_type!(
    /// A challenge's id.
    ChallengeId
);
id_type!(
    /// A game's id.
    GameId
);
id_type!(
    /// A round-robin tournament's id.
    TournamentId
);
id_type!(
    /// A match's id.
    MatchId
);

/// Whether a text the server accepts may not hold `c`: a control character (C0,
/// DEL or C1, NUL among them: Postgres cannot store it, and no name or label needs
/// one) or a bidirectional embedding, override or isolate (U+202A to U+202E, U+2066
/// to U+2069), which would let a name shown to others display as something else.
#[must_use]
pub fn refused_char(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Why a text is refused: it holds a [`refused_char`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a text may not hold control characters (such as NUL) or bidirectional overrides")]
pub struct RefusedText;

/// Checks a text the server accepts from anyone (a body's, a form's or a query's
/// field, a CLI argument, an imported value).
///
/// # Errors
/// [`RefusedText`] when it holds a [`refused_char`].
pub fn check_text(s: &str) -> Result<(), RefusedText> {
    if s.chars().any(refused_char) {
        Err(RefusedText)
    } else {
        Ok(())
    }
}

/// Checks a text of several lines the server accepts from anyone (a note): as
/// [`check_text`], but line breaks (`\n`, `\r`) and tabs may stand in it.
///
/// # Errors
/// [`RefusedText`] when it holds another [`refused_char`].
pub fn check_lines(s: &str) -> Result<(), RefusedText> {
    if s.chars()
        .any(|c| !matches!(c, '\n' | '\r' | '\t') && refused_char(c))
    {
        Err(RefusedText)
    } else {
        Ok(())
    }
}

/// Why a label (of an API token, of a push device) is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a token label has 1 to 100 characters and no control characters")]
pub struct InvalidLabel;

/// Checks a label (of an API token, of a push device): 1 to 100 characters once
/// trimmed, no [`refused_char`]. Returns it trimmed.
///
/// # Errors
/// [`InvalidLabel`] for an empty or longer label, or one with a refused character.
pub fn check_label(label: &str) -> Result<String, InvalidLabel> {
    let label = label.trim();
    if label.is_empty() || label.chars().count() > 100 || label.chars().any(refused_char) {
        return Err(InvalidLabel);
    }
    Ok(label.to_owned())
}

/// The fields of a JSON body or form, at its top level, that may hold line breaks
/// and tabs: each route taking one checks it itself ([`check_lines`] for a note,
/// [`check_text`] for a chat line).
pub const LINES_FIELDS: &[&str] = &["text"];

/// A user name: 3 to 20 letters, digits, `_` or `-`; unique ignoring case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Username(String);

/// Why text is not a user name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a user name has 3 to 20 characters: ASCII letters, digits, _ or -")]
pub struct InvalidUsername;

impl Username {
    /// Parses a user name.
    ///
    /// # Errors
    /// [`InvalidUsername`] for the wrong length or characters.
    pub fn parse(s: &str) -> Result<Username, InvalidUsername> {
        let ok = (3..=20).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if ok {
            Ok(Username(s.to_owned()))
        } else {
            Err(InvalidUsername)
        }
    }

    /// The name as typed at sign-up.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that makes names unique ignoring case.
    #[must_use]
    pub fn key(&self) -> String {
        self.0.to_ascii_lowercase()
    }

    /// Whether the name reads as one of the server's own house bots: it begins with
    /// `house` in any case, with any `_` or `-` left out (`house_random`,
    /// `House-Random`, `houserandom` all read as `house-random`). Nobody signs up or
    /// is renamed to such a name; only the house bots have them.
    #[must_use]
    pub fn is_house(&self) -> bool {
        let skeleton: String = self
            .0
            .chars()
            .filter(|c| !matches!(c, '_' | '-'))
            .map(|c| c.to_ascii_lowercase())
            .collect();
        skeleton.starts_with("house")
    }

    /// Whether the name reads as the placeholder of a deleted account (`deleted`
    /// then anything, in any case, with or without `-` and `_`): nobody signs up or
    /// is renamed to such a name, so that nobody passes for a deleted player.
    #[must_use]
    pub fn is_placeholder(&self) -> bool {
        let skeleton: String = self
            .0
            .chars()
            .filter(|c| !matches!(c, '_' | '-'))
            .map(|c| c.to_ascii_lowercase())
            .collect();
        skeleton.starts_with("deleted")
    }
}

impl fmt::Display for Username {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Username {
    type Err = InvalidUsername;

    fn from_str(s: &str) -> Result<Username, InvalidUsername> {
        Username::parse(s)
    }
}

impl<'de> Deserialize<'de> for Username {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Username, D::Error> {
        let s = String::deserialize(d)?;
        Username::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// A password as typed: at least 8 characters (and at most 1024, to bound hashing),
/// none of them a [`refused_char`] (the rule of every text the server accepts, so that
/// `seedpost admin reset-password --stdin` refuses what the API refuses). Its `Debug`
/// hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

/// Why text is not an acceptable password.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidPassword {
    /// Too short or too long.
    #[error("a password has at least 8 and at most 1024 characters")]
    Length,
    /// It holds a [`refused_char`].
    #[error("a password may not hold control characters (such as NUL) or bidirectional overrides")]
    Text,
}

impl InvalidPassword {
    /// The error code the API answers with: `invalid_password`, or `invalid_text` as
    /// for any other text holding a [`refused_char`].
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            InvalidPassword::Length => "invalid_password",
            InvalidPassword::Text => "invalid_text",
        }
    }
}

impl Password {
    /// Parses a new password.
    ///
    /// # Errors
    /// [`InvalidPassword::Length`] when too short or too long,
    /// [`InvalidPassword::Text`] when it holds a [`refused_char`].
    pub fn parse(s: &str) -> Result<Password, InvalidPassword> {
        if !(8..=1024).contains(&s.chars().count()) {
            Err(InvalidPassword::Length)
        } else if check_text(s).is_err() {
            Err(InvalidPassword::Text)
        } else {
            Ok(Password(s.to_owned()))
        }
    }

    /// The secret itself.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(<redacted>)")
    }
}

/// Days a player has for each move: 1, 2, 3, 5, 7, 10 or 14.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct DaysPerMove(u8);

/// Why a number is not an allowed days-per-move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("days per move is one of 1, 2, 3, 5, 7, 10 or 14")]
pub struct InvalidDaysPerMove;

impl DaysPerMove {
    /// The allowed values.
    pub const ALLOWED: [u8; 7] = [1, 2, 3, 5, 7, 10, 14];

    /// Every allowed value, shortest first.
    pub fn all() -> impl Iterator<Item = DaysPerMove> {
        DaysPerMove::ALLOWED.into_iter().map(DaysPerMove)
    }

    /// Parses a number of days.
    ///
    /// # Errors
    /// [`InvalidDaysPerMove`] for any other number.
    pub fn new(days: i64) -> Result<DaysPerMove, InvalidDaysPerMove> {
        DaysPerMove::ALLOWED
            .into_iter()
            .find(|&d| i64::from(d) == days)
            .map(DaysPerMove)
            .ok_or(InvalidDaysPerMove)
    }

    /// The number of days.
    #[must_use]
    pub const fn days(self) -> u8 {
        self.0
    }

    /// The time allowed for a move.
    #[must_use]
    pub fn duration(self) -> chrono::Duration {
        chrono::Duration::days(i64::from(self.0))
    }

    /// How long before the deadline the player to move is told that time is running
    /// out: a fifth of the time per move, so once 80% of it is used.
    #[must_use]
    pub fn reminder_lead(self) -> chrono::Duration {
        self.duration() / 5
    }

    /// Whether, with `deadline` ahead, time is running out at `now`.
    #[must_use]
    pub fn running_out(
        self,
        deadline: chrono::DateTime<chrono::Utc>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> bool {
        now < deadline && deadline - now <= self.reminder_lead()
    }
}

/// The terms a challenge offers and the game it starts keeps, beside its variant, time
/// and first mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Terms {
    /// Whether the game moves its players' ratings (rated) or not (casual, the
    /// default).
    pub rated: bool,
    /// Whether the clocks stop on Saturdays and Sundays, UTC (`crate::deadline`).
    pub weekend_pause: bool,
}

/// How the games of a match are played.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Schedule {
    /// One after another: the next game starts when the last one ends (the default).
    #[default]
    Sequential,
    /// All at once: every game starts when the challenge is accepted.
    Parallel,
}

impl Schedule {
    /// The name used in JSON, forms and SQL.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The schedule with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<Schedule> {
        s.parse().ok()
    }
}

/// How many games a challenge asks for, and how they are played: one game (the
/// default) is no match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchTerms {
    /// The number of games, 1 to 9.
    games: u8,
    /// One after another or all at once.
    pub schedule: Schedule,
    /// Whether the match ends as soon as one player's points cannot be caught
    /// (default true); in a parallel match the games still going are then aborted.
    pub stop_when_decided: bool,
}

/// Why a number is not an allowed number of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a match has 1 to 9 games")]
pub struct InvalidGames;

impl MatchTerms {
    /// The most games a match has.
    pub const MAX_GAMES: u8 = 9;

    /// Terms of `games` games.
    ///
    /// # Errors
    /// [`InvalidGames`] unless `games` is 1 to 9.
    pub fn new(
        games: i64,
        schedule: Schedule,
        stop_when_decided: bool,
    ) -> Result<MatchTerms, InvalidGames> {
        match u8::try_from(games) {
            Ok(n @ 1..=MatchTerms::MAX_GAMES) => Ok(MatchTerms {
                games: n,
                schedule,
                stop_when_decided,
            }),
            _ => Err(InvalidGames),
        }
    }

    /// The number of games, 1 to 9.
    #[must_use]
    pub const fn games(self) -> u8 {
        self.games
    }

    /// Whether these terms make a match (more than one game).
    #[must_use]
    pub const fn is_match(self) -> bool {
        self.games > 1
    }
}

impl Default for MatchTerms {
    fn default() -> MatchTerms {
        MatchTerms {
            games: 1,
            schedule: Schedule::Sequential,
            stop_when_decided: true,
        }
    }
}

/// Where a match stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum MatchStatus {
    /// Games are being played, or are to come.
    Ongoing,
    /// Over: every game is over, or the match was decided and stopped.
    Finished,
}

impl MatchStatus {
    /// The name used in JSON and SQL.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The status with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<MatchStatus> {
        s.parse().ok()
    }
}

/// Who moves first in a challenged game.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum FirstChoice {
    /// Drawn by the server when the game starts (the default).
    #[default]
    Random,
    /// The player who made the challenge.
    Challenger,
    /// The player who accepts it.
    Opponent,
}

impl FirstChoice {
    /// The name used in JSON and SQL.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The choice with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<FirstChoice> {
        s.parse().ok()
    }

    /// The side that moves first. The challenger plays South and the opponent North;
    /// `draw` is the server's random draw, used only for [`FirstChoice::Random`].
    #[must_use]
    pub fn side(self, draw: Side) -> Side {
        match self {
            FirstChoice::Random => draw,
            FirstChoice::Challenger => Side::South,
            FirstChoice::Opponent => Side::North,
        }
    }
}

/// Where a challenge stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum ChallengeStatus {
    /// Waiting for an answer.
    Open,
    /// Accepted: a game was started.
    Accepted,
    /// Declined by the opponent it named.
    Declined,
    /// Withdrawn by its creator.
    Canceled,
}

impl ChallengeStatus {
    /// The name used in JSON and SQL.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The status with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<ChallengeStatus> {
        s.parse().ok()
    }
}

/// What an account's event tells it (the `type` of a line of its event stream).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum EventKind {
    /// A challenge naming the account was made.
    Challenge,
    /// A challenge naming the account was withdrawn.
    ChallengeCanceled,
    /// The account's challenge was declined.
    ChallengeDeclined,
    /// A game of the account started.
    GameStart,
    /// A ply was played in a game of the account (by either side).
    Move,
    /// The turn in a game passed to the account.
    YourTurn,
    /// 80% of the account's time for its move in a game is used.
    TimeRunningOut,
    /// A game of the account ended (by the rules, resignation, abort or time).
    GameFinish,
    /// A tournament the account joined started: all its games start with it.
    TournamentStart,
    /// A tournament the account joined finished (with its final standing), or was
    /// canceled at its start for want of players.
    TournamentFinish,
    /// A match of the account ended: all its games are over, or it was decided.
    MatchFinish,
    /// The opponent in an ongoing game of the account went on vacation: the game's
    /// clock stands still.
    VacationStart,
    /// The opponent in an ongoing game of the account is back from vacation: the
    /// game's clock runs again, to its moved deadline.
    VacationEnd,
    /// A line was written in the chat of a game of the account (by either player).
    ChatLine,
}

impl EventKind {
    /// Every kind.
    pub const ALL: [EventKind; 14] = [
        EventKind::Challenge,
        EventKind::ChallengeCanceled,
        EventKind::ChallengeDeclined,
        EventKind::GameStart,
        EventKind::Move,
        EventKind::YourTurn,
        EventKind::TimeRunningOut,
        EventKind::GameFinish,
        EventKind::TournamentStart,
        EventKind::TournamentFinish,
        EventKind::MatchFinish,
        EventKind::VacationStart,
        EventKind::VacationEnd,
        EventKind::ChatLine,
    ];

    /// The name used in JSON and SQL.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The kind with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<EventKind> {
        s.parse().ok()
    }
}

/// Where a game stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum GameStatus {
    /// Being played.
    Ongoing,
    /// Ended with a result.
    Finished,
    /// Ended before both sides moved, scoring nothing.
    Aborted,
}

impl GameStatus {
    /// The name used in JSON, SQL and query strings.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The status with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<GameStatus> {
        s.parse().ok()
    }
}

/// A finished game's result for one of its players: what the finished games' list
/// filters by (`won`, `drawn`, `lost` in query strings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "lowercase")]
pub enum PlayerResult {
    /// The player won.
    Won,
    /// A draw.
    Drawn,
    /// The player lost.
    Lost,
}

impl PlayerResult {
    /// Every result, in the order a filter offers them.
    pub const ALL: [PlayerResult; 3] = [PlayerResult::Won, PlayerResult::Drawn, PlayerResult::Lost];

    /// The name used in SQL and query strings.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// How a game ended: by the rules, or by the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The rules ended it.
    Rules(seedpost_rules::EndedBy),
    /// A player resigned.
    Resign,
    /// The side to move ran out of time.
    Timeout,
    /// Aborted before both sides moved (no points).
    Abort,
}

impl Ending {
    /// The stable code: the rules' codes, or `resign`, `timeout`, `abort`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Ending::Rules(e) => e.code(),
            Ending::Resign => "resign",
            Ending::Timeout => "timeout",
            Ending::Abort => "abort",
        }
    }

    /// The ending with this code.
    #[must_use]
    pub fn parse(s: &str) -> Option<Ending> {
        match s {
            "resign" => Some(Ending::Resign),
            "timeout" => Some(Ending::Timeout),
            "abort" => Some(Ending::Abort),
            _ => seedpost_rules::EndedBy::from_code(s).map(Ending::Rules),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_spelling_of_a_house_name_reads_as_the_houses() {
        for name in [
            "house-random",
            "house_random",
            "HOUSE-Random",
            "houserandom",
            "h_o_u_s_e-x",
            "hous-e",
        ] {
            let name = super::Username::parse(name).expect("a name");
            assert!(name.is_house(), "{name}");
        }
        for name in ["ayse", "my-house", "hose"] {
            let name = super::Username::parse(name).expect("a name");
            assert!(!name.is_house(), "{name}");
        }
    }

    #[test]
    fn time_runs_out_in_the_last_fifth_of_a_move_until_the_deadline() {
        let days = DaysPerMove::new(3).expect("3 days is allowed");
        let deadline = chrono::DateTime::UNIX_EPOCH + chrono::Duration::days(30);
        let before = |d: chrono::Duration| deadline - d;
        assert_eq!(days.reminder_lead(), chrono::Duration::minutes(864));
        assert!(!days.running_out(deadline, before(chrono::Duration::minutes(865))));
        assert!(days.running_out(deadline, before(chrono::Duration::minutes(864))));
        assert!(days.running_out(deadline, before(chrono::Duration::seconds(1))));
        assert!(
            !days.running_out(deadline, deadline),
            "over, not running out"
        );
    }

    use super::*;

    #[test]
    fn user_names_are_three_to_twenty_safe_characters() {
        for ok in ["abc", "a_b-c", "ABCdef123", "x".repeat(20).as_str()] {
            assert!(Username::parse(ok).is_ok(), "{ok}");
        }
        for bad in [
            "ab",
            "",
            "a b c",
            "<script>",
            "émile",
            "x".repeat(21).as_str(),
            "a'b;--",
        ] {
            assert_eq!(Username::parse(bad), Err(InvalidUsername), "{bad}");
        }
        assert_eq!(
            Username::parse("Ayse").map(|u| u.key()),
            Ok("ayse".to_owned())
        );
    }

    #[test]
    fn texts_with_control_characters_or_bidi_overrides_are_refused() {
        for ok in [
            "Spring open",
            "Çağrı'nın turnuvası",
            "名人戦",
            "a\u{200B}b",
            "",
        ] {
            assert_eq!(check_text(ok), Ok(()), "{ok:?}");
        }
        for bad in [
            "nul\0here",
            "tab\there",
            "line\nbreak",
            "del\u{7f}",
            "c1\u{85}",
            "\u{202E}evil",
            "\u{2066}isolate",
            "\u{202A}embed",
        ] {
            assert_eq!(check_text(bad), Err(RefusedText), "{bad:?}");
        }
    }

    #[test]
    fn days_per_move_takes_only_the_listed_values() {
        for d in DaysPerMove::ALLOWED {
            assert_eq!(DaysPerMove::new(i64::from(d)).map(DaysPerMove::days), Ok(d));
        }
        for d in [0, 4, 6, 15, -1, i64::MAX] {
            assert_eq!(DaysPerMove::new(d), Err(InvalidDaysPerMove), "{d}");
        }
    }

    #[test]
    fn a_match_has_one_to_nine_games() {
        for n in 1..=9 {
            let terms = MatchTerms::new(n, Schedule::Parallel, false).expect("allowed");
            assert_eq!(i64::from(terms.games()), n);
            assert_eq!(terms.is_match(), n > 1);
        }
        for n in [0, 10, -1, 256, i64::MAX] {
            assert_eq!(
                MatchTerms::new(n, Schedule::Sequential, true),
                Err(InvalidGames),
                "{n}"
            );
        }
        assert!(!MatchTerms::default().is_match());
        assert_eq!(Schedule::parse("parallel"), Some(Schedule::Parallel));
        assert_eq!(Schedule::parse("both"), None);
    }

    #[test]
    fn passwords_need_eight_characters_and_hide_in_debug() {
        assert_eq!(Password::parse("1234567"), Err(InvalidPassword::Length));
        assert_eq!(
            Password::parse("correct\0horse"),
            Err(InvalidPassword::Text)
        );
        let p = Password::parse("correct horse").expect("long enough");
        assert!(!format!("{p:?}").contains("horse"));
    }

    #[test]
    fn endings_round_trip_through_their_codes() {
        for code in [
            "resign",
            "timeout",
            "abort",
            "empty_row",
            "no_moves",
            "repetition",
            "all_captured",
        ] {
            assert_eq!(Ending::parse(code).map(Ending::code), Some(code));
        }
        assert_eq!(Ending::parse("draw"), None);
    }
}

id_type!(
    /// A webhook's id.
    WebhookId
);

id_type!(
    /// A webhook delivery's id.
    DeliveryId
);

id_type!(
    /// A push subscription's id (one per device and account).
    PushSubscriptionId
);

id_type!(
    /// A push message's id.
    PushMessageId
);
