//! What bot accounts set up: the scopes of an API token, the reasons a challenge is
//! declined for, and the filters that decline challenges on an account's behalf.

use std::fmt;

use seedpost_rules::Variant;
use serde::{Deserialize, Serialize};

use super::DaysPerMove;

/// One kind of access an API token may be made for.
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
    strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Scope {
    /// Reading the account's games, challenges and event stream, and itself.
    Read,
    /// Moving, resigning and aborting in its games.
    Play,
    /// Making, accepting, declining and canceling challenges; joining tournaments.
    Challenge,
    /// Registering webhooks and reading their deliveries.
    Webhooks,
    /// The account's settings: tokens, vacation, calendar, digest, notifications,
    /// challenge filters.
    Account,
}

impl Scope {
    /// Every scope, in the order they are listed and stored.
    pub const ALL: [Scope; 5] = [
        Scope::Read,
        Scope::Play,
        Scope::Challenge,
        Scope::Webhooks,
        Scope::Account,
    ];

    /// The name used in JSON, SQL and the OpenAPI description.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The scope with this name.
    #[must_use]
    pub fn parse(name: &str) -> Option<Scope> {
        name.parse().ok()
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The scopes of a token: a set of [`Scope`]s, never empty once parsed.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scopes(u8);

/// Why a list of scope names is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidScopes {
    /// A name that is not a scope.
    #[error("unknown scope `{0}`: a scope is read, play, challenge, webhooks or account")]
    Unknown(String),
    /// No scope at all.
    #[error("a token needs at least one scope: read, play, challenge, webhooks or account")]
    Empty,
}

impl Scopes {
    /// Every scope: what a token made without a choice, or before scopes existed, has.
    pub const ALL: Scopes = Scopes(0b1_1111);

    /// The set of these names (repeats allowed).
    ///
    /// # Errors
    /// [`InvalidScopes`] for an unknown name or no name at all.
    pub fn parse<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Scopes, InvalidScopes> {
        let mut bits = 0;
        for name in names {
            let scope =
                Scope::parse(name).ok_or_else(|| InvalidScopes::Unknown(name.to_owned()))?;
            bits |= scope.bit();
        }
        if bits == 0 {
            return Err(InvalidScopes::Empty);
        }
        Ok(Scopes(bits))
    }

    /// Whether the set holds `scope`.
    #[must_use]
    pub const fn allows(self, scope: Scope) -> bool {
        self.0 & scope.bit() != 0
    }

    /// Whether the set holds every scope.
    #[must_use]
    pub const fn is_all(self) -> bool {
        self.0 == Scopes::ALL.0
    }

    /// The scopes in the set, in [`Scope::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Scope> {
        Scope::ALL.into_iter().filter(move |s| self.allows(*s))
    }

    /// The names separated by single spaces, as stored.
    #[must_use]
    pub fn to_names(self) -> String {
        self.iter().map(Scope::as_str).collect::<Vec<_>>().join(" ")
    }
}

impl fmt::Debug for Scopes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Why the player a challenge named declined it (the reasons Lichess's bot authors
/// know).
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
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum DeclineReason {
    /// No reason given.
    #[default]
    Generic,
    /// Not now: try again later.
    Later,
    /// Not this variant.
    Variant,
    /// Not this time control: a longer one is wanted (or another one).
    TimeControl,
    /// A rated game is wanted instead.
    Rated,
    /// A casual game is wanted instead.
    Casual,
    /// Too little time per move.
    TooFast,
    /// No games against bots.
    NotBots,
    /// Games against bots only.
    OnlyBots,
}

/// The reason names, for messages.
const REASON_NAMES: &str = "generic, later, variant, time_control, rated, casual, too_fast, \
                            not_bots or only_bots";

impl DeclineReason {
    /// Every reason.
    pub const ALL: [DeclineReason; 9] = [
        DeclineReason::Generic,
        DeclineReason::Later,
        DeclineReason::Variant,
        DeclineReason::TimeControl,
        DeclineReason::Rated,
        DeclineReason::Casual,
        DeclineReason::TooFast,
        DeclineReason::NotBots,
        DeclineReason::OnlyBots,
    ];

    /// The name used in JSON, SQL and forms.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The reason with this name.
    ///
    /// # Errors
    /// [`InvalidDeclineReason`] for any other text.
    pub fn parse(name: &str) -> Result<DeclineReason, InvalidDeclineReason> {
        name.parse().map_err(|_| InvalidDeclineReason)
    }
}

/// A text that names no [`DeclineReason`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a decline reason is one of {REASON_NAMES}")]
pub struct InvalidDeclineReason;

/// The challenges an account takes; one naming it that asks for anything else is
/// declined as it is made, with [`ChallengeFilters::refuses`]'s reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeFilters {
    variants: Vec<Variant>,
    days: (DaysPerMove, DaysPerMove),
    rated: bool,
    casual: bool,
    from_bots: bool,
    from_humans: bool,
}

/// Why challenge filters are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidFilters {
    /// No variant allowed.
    #[error("allow at least one variant")]
    NoVariant,
    /// The shortest days per move above the longest.
    #[error("min_days_per_move is above max_days_per_move")]
    DaysReversed,
    /// Neither rated nor casual games.
    #[error("allow rated or casual games, or both")]
    NoTerms,
    /// Neither bots nor humans.
    #[error("allow challenges from bots or from humans, or both")]
    NoOne,
}

impl Default for ChallengeFilters {
    /// Every challenge taken.
    fn default() -> ChallengeFilters {
        ChallengeFilters {
            variants: Variant::OFFERED.to_vec(),
            days: (
                DaysPerMove(DaysPerMove::ALLOWED[0]),
                DaysPerMove(DaysPerMove::ALLOWED[DaysPerMove::ALLOWED.len() - 1]),
            ),
            rated: true,
            casual: true,
            from_bots: true,
            from_humans: true,
        }
    }
}

/// What a challenge asks for, as [`ChallengeFilters::refuses`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asked {
    /// The variant.
    pub variant: Variant,
    /// Days per move.
    pub days_per_move: DaysPerMove,
    /// Rated or casual.
    pub rated: bool,
    /// Whether the challenger is a bot.
    pub from_bot: bool,
}

impl ChallengeFilters {
    /// Filters allowing `variants` (repeats ignored), `min` to `max` days per move,
    /// rated and casual games as said, and challenges from bots and from humans as
    /// said.
    ///
    /// # Errors
    /// [`InvalidFilters`] for filters that refuse every challenge.
    pub fn new(
        variants: &[Variant],
        (min, max): (DaysPerMove, DaysPerMove),
        (rated, casual): (bool, bool),
        (from_bots, from_humans): (bool, bool),
    ) -> Result<ChallengeFilters, InvalidFilters> {
        let variants: Vec<Variant> = Variant::OFFERED
            .into_iter()
            .filter(|v| variants.contains(v))
            .collect();
        if variants.is_empty() {
            return Err(InvalidFilters::NoVariant);
        }
        if min > max {
            return Err(InvalidFilters::DaysReversed);
        }
        if !rated && !casual {
            return Err(InvalidFilters::NoTerms);
        }
        if !from_bots && !from_humans {
            return Err(InvalidFilters::NoOne);
        }
        Ok(ChallengeFilters {
            variants,
            days: (min, max),
            rated,
            casual,
            from_bots,
            from_humans,
        })
    }

    /// The variants allowed, in [`Variant::OFFERED`]'s order.
    #[must_use]
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// The fewest and most days per move allowed.
    #[must_use]
    pub const fn days(&self) -> (DaysPerMove, DaysPerMove) {
        self.days
    }

    /// Whether rated and casual games are allowed.
    #[must_use]
    pub const fn terms(&self) -> (bool, bool) {
        (self.rated, self.casual)
    }

    /// Whether challenges from bots and from humans are allowed.
    #[must_use]
    pub const fn from(&self) -> (bool, bool) {
        (self.from_bots, self.from_humans)
    }

    /// Why a challenge asking for `asked` is declined, or `None` when it is taken.
    /// Who asks is checked first, then the variant, the time and the terms.
    #[must_use]
    pub fn refuses(&self, asked: Asked) -> Option<DeclineReason> {
        if asked.from_bot && !self.from_bots {
            Some(DeclineReason::NotBots)
        } else if !asked.from_bot && !self.from_humans {
            Some(DeclineReason::OnlyBots)
        } else if !self.variants.contains(&asked.variant) {
            Some(DeclineReason::Variant)
        } else if asked.days_per_move < self.days.0 {
            Some(DeclineReason::TooFast)
        } else if asked.days_per_move > self.days.1 {
            Some(DeclineReason::TimeControl)
        } else if asked.rated && !self.rated {
            Some(DeclineReason::Casual)
        } else if !asked.rated && !self.casual {
            Some(DeclineReason::Rated)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(d: i64) -> DaysPerMove {
        DaysPerMove::new(d).expect("allowed days")
    }

    #[test]
    fn scopes_parse_store_and_check_by_name() {
        let scopes = Scopes::parse(["play", "read", "play"]).expect("scopes");
        assert_eq!(scopes.to_names(), "read play");
        assert!(scopes.allows(Scope::Read) && scopes.allows(Scope::Play));
        assert!(!scopes.allows(Scope::Webhooks) && !scopes.is_all());
        assert_eq!(
            Scopes::parse(Scopes::ALL.to_names().split(' ')).expect("scopes"),
            Scopes::ALL
        );
        assert!(Scope::ALL.into_iter().all(|s| Scopes::ALL.allows(s)));
        assert_eq!(
            Scopes::parse(["read", "admin"]),
            Err(InvalidScopes::Unknown("admin".to_owned()))
        );
        assert_eq!(Scopes::parse([]), Err(InvalidScopes::Empty));
    }

    #[test]
    fn a_scope_displays_as_its_name() {
        for scope in Scope::ALL {
            assert_eq!(scope.to_string(), scope.as_str());
        }
        assert_eq!(Scope::Read.to_string(), "read");
    }

    #[test]
    fn decline_reasons_round_trip_their_names() {
        for reason in DeclineReason::ALL {
            assert_eq!(DeclineReason::parse(reason.as_str()), Ok(reason));
        }
        assert_eq!(DeclineReason::TimeControl.as_str(), "time_control");
        assert!(DeclineReason::parse("rude").is_err());
    }

    #[test]
    fn filters_decline_with_the_reason_that_matches() {
        let filters = ChallengeFilters::new(
            &[Variant::Modiar],
            (days(2), days(7)),
            (false, true),
            (true, false),
        )
        .expect("filters");
        let taken = Asked {
            variant: Variant::Modiar,
            days_per_move: days(3),
            rated: false,
            from_bot: true,
        };
        assert_eq!(filters.refuses(taken), None);
        let cases = [
            (
                Asked {
                    from_bot: false,
                    ..taken
                },
                DeclineReason::OnlyBots,
            ),
            (
                Asked {
                    variant: Variant::Mangala,
                    ..taken
                },
                DeclineReason::Variant,
            ),
            (
                Asked {
                    days_per_move: days(1),
                    ..taken
                },
                DeclineReason::TooFast,
            ),
            (
                Asked {
                    days_per_move: days(10),
                    ..taken
                },
                DeclineReason::TimeControl,
            ),
            (
                Asked {
                    rated: true,
                    ..taken
                },
                DeclineReason::Casual,
            ),
        ];
        for (asked, reason) in cases {
            assert_eq!(filters.refuses(asked), Some(reason), "{asked:?}");
        }
        let humans_rated = ChallengeFilters::new(
            &Variant::OFFERED,
            (days(1), days(14)),
            (true, false),
            (false, true),
        )
        .expect("filters");
        assert_eq!(humans_rated.refuses(taken), Some(DeclineReason::NotBots));
        assert_eq!(
            humans_rated.refuses(Asked {
                from_bot: false,
                ..taken
            }),
            Some(DeclineReason::Rated)
        );
        let everything = ChallengeFilters::default();
        assert_eq!(everything.refuses(taken), None);
        assert_eq!(everything.variants(), Variant::OFFERED);
        assert_eq!(everything.days(), (days(1), days(14)));
    }

    #[test]
    fn filters_that_refuse_everything_are_refused() {
        let all = (days(1), days(14));
        assert_eq!(
            ChallengeFilters::new(&[], all, (true, true), (true, true)),
            Err(InvalidFilters::NoVariant)
        );
        assert_eq!(
            ChallengeFilters::new(
                &Variant::OFFERED,
                (days(7), days(3)),
                (true, true),
                (true, true)
            ),
            Err(InvalidFilters::DaysReversed)
        );
        assert_eq!(
            ChallengeFilters::new(&Variant::OFFERED, all, (false, false), (true, true)),
            Err(InvalidFilters::NoTerms)
        );
        assert_eq!(
            ChallengeFilters::new(&Variant::OFFERED, all, (true, true), (false, false)),
            Err(InvalidFilters::NoOne)
        );
    }
}
