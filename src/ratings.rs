//! Ratings: Glicko-2, one rating per player and variant, moved by rated games only.
//!
//! The maths is the `skillratings` crate's (Glickman's algorithm, "Example of the
//! Glicko-2 system", 2012); this module fixes seedpost's parameters and its choice of
//! rating period, and speaks the server's vocabulary (`BySide`, the winner's side).
//!
//! Parameters (docs/features.md, "Ratings"):
//! - a new player starts at rating 1500, deviation (RD) 350, volatility 0.06;
//! - the system constant τ is 0.5 (Glickman suggests 0.3 to 1.2);
//! - each rated game is one rating period for both of its players: ratings move as
//!   soon as the game ends, and a player's RD does not grow while they do not play;
//! - a rating is provisional while its RD is above 110.
//!
//! The module is pure: no I/O, no clock.

use seedpost_rules::{BySide, Side};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

/// The system constant τ: how fast volatility may change.
pub const TAU: f64 = 0.5;

/// Above this deviation a rating is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A player's Glicko-2 rating in one variant, on the Glicko scale (1500 = average).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its rating deviation (RD): how unsure it is.
    pub deviation: f64,
    /// Its volatility: how erratic the player's results are.
    pub volatility: f64,
}

impl Rating {
    /// Where every player starts: 1500, RD 350, volatility 0.06.
    pub const INITIAL: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// Whether the rating is still provisional: its deviation is above
    /// [`PROVISIONAL_DEVIATION`].
    #[must_use]
    pub fn is_provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn from_glicko(g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::INITIAL
    }
}

/// One game's result from a player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// 1 point.
    Win,
    /// ½ point.
    Draw,
    /// 0 points.
    Loss,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Draw => Outcomes::DRAW,
            Score::Loss => Outcomes::LOSS,
        }
    }
}

fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// The players' ratings after a rated game between them, one rating period, won by
/// `winner` (`None`: a draw).
#[must_use]
pub fn rate_game(before: BySide<Rating>, winner: Option<Side>) -> BySide<Rating> {
    let outcome = match winner {
        Some(Side::South) => Outcomes::WIN,
        Some(Side::North) => Outcomes::LOSS,
        None => Outcomes::DRAW,
    };
    let (south, north) = glicko2(
        &before.south.glicko(),
        &before.north.glicko(),
        &outcome,
        &config(),
    );
    BySide::new(Rating::from_glicko(south), Rating::from_glicko(north))
}

/// A player's rating after one rating period with these games (opponent's rating
/// before the period, and the player's score); with no games, only the deviation
/// grows.
#[must_use]
pub fn rate_period(player: Rating, games: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = games
        .iter()
        .map(|(opponent, score)| (opponent.glicko(), score.outcome()))
        .collect();
    Rating::from_glicko(glicko2_rating_period(&player.glicko(), &results, &config()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, within: f64) -> bool {
        (actual - expected).abs() < within
    }

    #[test]
    fn glickmans_worked_example_gives_his_published_figures() {
        // "Example of the Glicko-2 system", Glickman (2012), section "Example calculation".
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let after = rate_period(
            player,
            &[
                (opponent(1400.0, 30.0), Score::Win),
                (opponent(1550.0, 100.0), Score::Loss),
                (opponent(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!(close(after.rating, 1464.06, 0.01), "{after:?}");
        assert!(close(after.deviation, 151.52, 0.01), "{after:?}");
        assert!(close(after.volatility, 0.05999, 0.00001), "{after:?}");
    }

    #[test]
    fn one_game_is_one_rating_period_for_each_player() {
        let south = Rating {
            rating: 1620.0,
            deviation: 80.0,
            volatility: 0.059,
        };
        let north = Rating::INITIAL;
        let after = rate_game(BySide::new(south, north), Some(Side::North));
        assert_eq!(after.south, rate_period(south, &[(north, Score::Loss)]));
        assert_eq!(after.north, rate_period(north, &[(south, Score::Win)]));
        assert!(after.south.rating < south.rating);
        assert!(after.north.rating > north.rating);
    }

    #[test]
    fn a_draw_between_equals_moves_neither_rating() {
        let after = rate_game(BySide::new(Rating::INITIAL, Rating::INITIAL), None);
        assert!(close(after.south.rating, 1500.0, 1e-9));
        assert!(close(after.north.rating, 1500.0, 1e-9));
        assert!(after.south.deviation < 350.0);
    }

    #[test]
    fn a_rating_is_provisional_while_its_deviation_is_above_110() {
        let at = |deviation| Rating {
            deviation,
            ..Rating::INITIAL
        };
        assert!(Rating::INITIAL.is_provisional());
        assert!(at(110.5).is_provisional());
        assert!(!at(110.0).is_provisional());
        assert!(!at(60.0).is_provisional());
    }
}
