//! The competition's types, defined once: a player's rating in a variant and how a
//! game moved it, a match and its games, a tournament with its players and games, a
//! vacation (were in the competition's store). The pairings and the crosstable of a
//! tournament are [`super::tournament`]'s.
use chrono::{DateTime, TimeDelta, Utc};
use seedpost_rules::{BySide, Side, Variant};
use uuid::Uuid;

use super::tournament::TournamentStatus;
use crate::domain::{
    AccountId, ChallengeId, DaysPerMove, Game, GameId, MatchId, MatchStatus, MatchTerms, NewGame,
    Player, Terms, TournamentId,
};
use crate::ratings::Rating;

/// A player's rating in one variant.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantRating {
    /// The player.
    pub account: AccountId,
    /// The variant.
    pub variant: Variant,
    /// The rating with its deviation and volatility.
    pub rating: Rating,
    /// Rated games finished in the variant.
    pub games: u32,
    /// When the last of them ended.
    pub updated_at: DateTime<Utc>,
}

/// A player's rating before and after one rated game.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRating {
    /// The player.
    pub account: AccountId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// A match to create on accepting a challenge of several games.
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// Its id.
    pub id: MatchId,
    /// The challenge accepted.
    pub challenge_id: ChallengeId,
    /// The game played.
    pub variant: Variant,
    /// South's and North's accounts, the same in every game.
    pub players: BySide<AccountId>,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Rated or casual, weekend pause: every game keeps them.
    pub terms: Terms,
    /// How many games, how they are played.
    pub match_terms: MatchTerms,
    /// Who moves first in game 1.
    pub first: Side,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// One game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchGame {
    /// Its number in the match, from 1.
    pub number: u8,
    /// The game.
    pub game: GameId,
}

/// A stored match with its games (not their states).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// Its id.
    pub id: MatchId,
    /// The challenge that started it.
    pub challenge_id: ChallengeId,
    /// The game played.
    pub variant: Variant,
    /// The players, the same sides in every game.
    pub players: BySide<Player>,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Rated or casual, weekend pause.
    pub terms: Terms,
    /// How many games, how they are played.
    pub match_terms: MatchTerms,
    /// Who moves first in game 1 (the other side in game 2, and so on).
    pub first: Side,
    /// Where it stands.
    pub status: MatchStatus,
    /// The final score in half points per side, once finished.
    pub half_points: Option<BySide<u32>>,
    /// When it started.
    pub created_at: DateTime<Utc>,
    /// When it finished.
    pub finished_at: Option<DateTime<Utc>>,
    /// Its games so far, by number.
    pub games: Vec<MatchGame>,
}

impl Match {
    /// Who moves first in game `number` (from 1): game 1's first mover in odd games,
    /// the other side in even ones.
    #[must_use]
    pub fn first_in(&self, number: u8) -> Side {
        first_in(self.first, number)
    }
}

/// Who moves first in game `number` of a match whose game 1 `first` starts.
#[must_use]
pub fn first_in(first: Side, number: u8) -> Side {
    if number % 2 == 1 {
        first
    } else {
        first.opposite()
    }
}

/// A stored tournament, without its players and games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Its id.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
    /// Who made it.
    pub creator: Player,
    /// The game played.
    pub variant: Variant,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Each pair plays twice (sides swapped) rather than once.
    pub double: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether a player's vacation stops the clocks of its games here.
    pub vacation_allowed: bool,
    /// At most this many players.
    pub max_players: u32,
    /// How many players are in it (those who withdrew included).
    pub players: u32,
    /// When it starts: joining closes and the games start.
    pub starts_at: DateTime<Utc>,
    /// Where it stands.
    pub status: TournamentStatus,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When it finished or was canceled.
    pub ended_at: Option<DateTime<Utc>>,
}

/// A tournament to create.
#[derive(Debug, Clone)]
pub struct NewTournament {
    /// Its id.
    pub id: TournamentId,
    /// Its name (1 to 60 characters).
    pub name: String,
    /// Who makes it.
    pub creator: AccountId,
    /// The game played.
    pub variant: Variant,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// A double round robin.
    pub double: bool,
    /// Rated games.
    pub rated: bool,
    /// Whether vacation stops its clocks.
    pub vacation_allowed: bool,
    /// 2 to [`crate::competition::tournament::MAX_PLAYERS`].
    pub max_players: u32,
    /// When it starts.
    pub starts_at: DateTime<Utc>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// A player of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The player.
    pub player: Player,
    /// When it joined.
    pub joined_at: DateTime<Utc>,
    /// When it withdrew after the start, if it did.
    pub withdrawn_at: Option<DateTime<Utc>>,
}

/// A game of a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentGame {
    /// 1, or 2 for a return game of a double round robin.
    pub cycle: u8,
    /// The game.
    pub game: Game,
}

/// A game to start with its tournament.
#[derive(Debug, Clone)]
pub struct NewTournamentGame {
    /// 1 or 2.
    pub cycle: u8,
    /// The game.
    pub game: NewGame,
}

/// A tournament with its players and the ids of its games, as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRecord {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players, by join time.
    pub entrants: Vec<Entrant>,
    /// Its games and their cycles.
    pub games: Vec<(GameId, u8)>,
}

/// A vacation, over or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vacation {
    /// Its id.
    pub id: Uuid,
    /// Who is away.
    pub account: AccountId,
    /// When it started.
    pub started_at: DateTime<Utc>,
    /// When the account's allowance runs out: it ends then at the latest.
    pub allowed_until: DateTime<Utc>,
    /// When it ended; `None` while it lasts.
    pub ended_at: Option<DateTime<Utc>>,
}

impl Vacation {
    /// How long it lasted, or has lasted by `now`, within its allowance.
    #[must_use]
    pub fn length(&self, now: DateTime<Utc>) -> TimeDelta {
        let end = self.ended_at.unwrap_or(now).min(self.allowed_until);
        (end - self.started_at).max(TimeDelta::zero())
    }
}
