//! The challenges' lines of `seedpost export` and `seedpost import`: each challenge
//! (whatever its status), and each account's play settings and challenge filters.
//! Exports from before a kind existed simply have no such lines. Checked on import
//! as the API checks them.

use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::domain::{
    AccountId, ChallengeFilters, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason,
    FirstChoice, GameId, MatchTerms, Schedule, Terms,
};
use crate::store::carried::Saved;
use crate::store::ops::DataSet;
use crate::store::{Challenge, PlaySettings};
use crate::transfer::{Counts, Known, Lines, ReadError, Stored};

/// Everything the challenges carry.
#[derive(Debug, Default)]
pub struct Challenges {
    /// Every challenge, whatever its status.
    pub challenges: Vec<Challenge>,
    /// Every account's play settings, for the accounts that saved some.
    pub play_settings: Vec<Saved<PlaySettings>>,
    /// Every account's challenge filters, for the accounts that have some.
    pub challenge_filters: Vec<Saved<ChallengeFilters>>,
}

/// A line of the challenges.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A challenge.
    Challenge(ChallengeLine),
    /// An account's play settings.
    PlaySettings(PlaySettingsLine),
    /// An account's challenge filters.
    ChallengeFilters(FiltersLine),
}

/// A challenge, whatever its status.
#[derive(Debug, Serialize, Deserialize)]
pub struct ChallengeLine {
    id: Uuid,
    challenger_id: Uuid,
    opponent_id: Option<Uuid>,
    variant: Variant,
    days_per_move: u8,
    first: String,
    status: String,
    game_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    /// Absent (casual) in exports from before ratings.
    #[serde(default)]
    rated: bool,
    /// Absent (no pause) in exports from before weekend pauses.
    #[serde(default)]
    weekend_pause: bool,
    /// Absent (one game) in exports from before matches.
    #[serde(default = "one_game")]
    games: u8,
    /// Absent (sequential) in exports from before matches.
    #[serde(default = "sequential")]
    schedule: String,
    /// Absent (true) in exports from before matches.
    #[serde(default = "yes")]
    stop_when_decided: bool,
    /// Why it was declined (declined ones only); absent (generic) in exports from
    /// before decline reasons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    decline_reason: Option<String>,
    /// The game it is the rematch of (rematches only); absent in exports from before
    /// the mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rematch_of: Option<Uuid>,
}

fn one_game() -> u8 {
    1
}

fn sequential() -> String {
    Schedule::Sequential.as_str().to_owned()
}

fn yes() -> bool {
    true
}

/// An account's play settings. Exports from before they were carried have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct PlaySettingsLine {
    account_id: Uuid,
    confirm_moves: bool,
    /// Absent from exports made before the setting existed: off.
    #[serde(default)]
    still_moves: bool,
    /// Exports from before the chat have none: on, the default.
    #[serde(default = "yes")]
    chat: bool,
    updated_at: DateTime<Utc>,
}

/// An account's challenge filters, as `PUT /me/challenge-filters` takes them.
#[derive(Debug, Serialize, Deserialize)]
pub struct FiltersLine {
    account_id: Uuid,
    variants: Vec<Variant>,
    min_days_per_move: u8,
    max_days_per_move: u8,
    rated: bool,
    casual: bool,
    from_bots: bool,
    from_humans: bool,
    updated_at: DateTime<Utc>,
}

impl Lines for Challenges {
    type Line = Line;

    const KINDS: &'static [&'static str] = &["challenge", "play_settings", "challenge_filters"];

    const EXPORTED: &'static [&'static str] = &["challenges", "play_settings", "challenge_filters"];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[];

    fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self.challenges.iter().map(challenge_line).collect();
        lines.extend(self.play_settings.iter().map(|s| {
            Line::PlaySettings(PlaySettingsLine {
                account_id: s.account.0,
                confirm_moves: s.value.confirm_moves,
                still_moves: s.value.still_moves,
                chat: s.value.chat,
                updated_at: s.updated_at,
            })
        }));
        lines.extend(self.challenge_filters.iter().map(|s| {
            let (min, max) = s.value.days();
            let (rated, casual) = s.value.terms();
            let (from_bots, from_humans) = s.value.from();
            Line::ChallengeFilters(FiltersLine {
                account_id: s.account.0,
                variants: s.value.variants().to_vec(),
                min_days_per_move: min.days(),
                max_days_per_move: max.days(),
                rated,
                casual,
                from_bots,
                from_humans,
                updated_at: s.updated_at,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Challenge(c) => self.challenge(c, known),
            Line::PlaySettings(s) => self.play_settings(s, known),
            Line::ChallengeFilters(f) => self.challenge_filters(f, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.challenges += self.challenges.len();
        counts.settings += self.play_settings.len() + self.challenge_filters.len();
    }
}

impl Stored for Challenges {
    fn from_set(set: &mut DataSet) -> Challenges {
        Challenges {
            challenges: std::mem::take(&mut set.challenges),
            play_settings: std::mem::take(&mut set.carried.play_settings),
            challenge_filters: std::mem::take(&mut set.carried.challenge_filters),
        }
    }

    fn into_set(self, set: &mut DataSet) {
        set.challenges = self.challenges;
        set.carried.play_settings = self.play_settings;
        set.carried.challenge_filters = self.challenge_filters;
    }
}

fn challenge_line(c: &Challenge) -> Line {
    Line::Challenge(ChallengeLine {
        id: c.id.0,
        challenger_id: c.challenger.id.0,
        opponent_id: c.opponent.as_ref().map(|p| p.id.0),
        variant: c.variant,
        days_per_move: c.days_per_move.days(),
        first: c.first.as_str().to_owned(),
        status: c.status.as_str().to_owned(),
        game_id: c.game_id.map(|g| g.0),
        created_at: c.created_at,
        rated: c.terms.rated,
        weekend_pause: c.terms.weekend_pause,
        games: c.match_terms.games(),
        schedule: c.match_terms.schedule.as_str().to_owned(),
        stop_when_decided: c.match_terms.stop_when_decided,
        decline_reason: c.decline_reason.map(|r| r.as_str().to_owned()),
        rematch_of: c.rematch_of.map(|g| g.0),
    })
}

/// Adds `account`'s settings to `list`, refused when the account has some already
/// (`what` names them).
fn save<T>(
    list: &mut Vec<Saved<T>>,
    account: Uuid,
    value: T,
    updated_at: DateTime<Utc>,
    what: &str,
) -> Result<(), ReadError> {
    if list.iter().any(|s| s.account.0 == account) {
        return Err(ReadError::Twice(format!("{what} appear")));
    }
    list.push(Saved {
        account: AccountId(account),
        value,
        updated_at,
    });
    Ok(())
}

impl Challenges {
    fn challenge(&mut self, c: ChallengeLine, known: &mut Known) -> Result<(), ReadError> {
        let what = format!("challenge {}", c.id);
        let challenger = known.player(c.challenger_id, &format!("{what}: its challenger"))?;
        let opponent = c
            .opponent_id
            .map(|id| known.player(id, &format!("{what}: its opponent")))
            .transpose()?;
        let days_per_move = DaysPerMove::new(i64::from(c.days_per_move))
            .map_err(|e| ReadError::refused(&what, e))?;
        let first = FirstChoice::parse(&c.first)
            .ok_or_else(|| ReadError::refused(&what, format!("bad first {:?}", c.first)))?;
        let status = ChallengeStatus::parse(&c.status)
            .ok_or_else(|| ReadError::refused(&what, format!("bad status {:?}", c.status)))?;
        if (status == ChallengeStatus::Accepted) != c.game_id.is_some() {
            return Err(ReadError::refused(
                &what,
                "an accepted challenge, and only one, has a game",
            ));
        }
        let decline_reason = match (status, c.decline_reason.as_deref()) {
            (ChallengeStatus::Declined, None) => Some(DeclineReason::Generic),
            (ChallengeStatus::Declined, Some(name)) => {
                Some(DeclineReason::parse(name).map_err(|e| ReadError::refused(&what, e))?)
            }
            (_, None) => None,
            (_, Some(_)) => {
                return Err(ReadError::refused(
                    &what,
                    "only a declined challenge has a decline reason",
                ));
            }
        };
        if !known.add_challenge(c.id, c.game_id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        let schedule = Schedule::parse(&c.schedule)
            .ok_or_else(|| ReadError::refused(&what, format!("bad schedule {:?}", c.schedule)))?;
        let match_terms = MatchTerms::new(c.games.into(), schedule, c.stop_when_decided)
            .map_err(|e| ReadError::refused(&what, e))?;
        self.challenges.push(Challenge {
            id: ChallengeId(c.id),
            challenger,
            opponent,
            variant: c.variant,
            days_per_move,
            first,
            terms: Terms {
                rated: c.rated,
                weekend_pause: c.weekend_pause,
            },
            match_terms,
            status,
            decline_reason,
            game_id: c.game_id.map(GameId),
            rematch_of: c.rematch_of.map(GameId),
            created_at: c.created_at,
        });
        Ok(())
    }

    fn play_settings(&mut self, s: PlaySettingsLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the play settings of account {}", s.account_id);
        known.player(s.account_id, &format!("{what}: its account"))?;
        let value = PlaySettings {
            confirm_moves: s.confirm_moves,
            still_moves: s.still_moves,
            chat: s.chat,
        };
        save(
            &mut self.play_settings,
            s.account_id,
            value,
            s.updated_at,
            &what,
        )
    }

    fn challenge_filters(&mut self, f: FiltersLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the challenge filters of account {}", f.account_id);
        known.player(f.account_id, &format!("{what}: its account"))?;
        let days = |d: u8| DaysPerMove::new(i64::from(d)).map_err(|e| ReadError::refused(&what, e));
        let filters = ChallengeFilters::new(
            &f.variants,
            (days(f.min_days_per_move)?, days(f.max_days_per_move)?),
            (f.rated, f.casual),
            (f.from_bots, f.from_humans),
        )
        .map_err(|e| ReadError::refused(&what, e))?;
        save(
            &mut self.challenge_filters,
            f.account_id,
            filters,
            f.updated_at,
            &what,
        )
    }
}
