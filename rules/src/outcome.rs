//! How a game ended and what it scores.

use std::fmt;

use crate::{BySide, Side};

/// How the rules ended a game (RULES.md §C5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndedBy {
    /// Mangala: a row of pits became empty (§M9); Kalah and Togyz kumalak: the side
    /// to move had no stone in its houses (§K6, §Z8).
    EmptyRow,
    /// Modiar: the side to move had no legal move (§D11); Oware: the opponent's row
    /// was empty and no move could feed it (§O7).
    NoMoves,
    /// Modiar's, Oware's or Togyz kumalak's third or Tihbat's second occurrence of a
    /// position (§D12, §T6, §O9, §Z9).
    Repetition,
    /// Tihbat: every counter was captured (§T5); Oware and Togyz kumalak: every stone
    /// was taken, half each (§O8, §Z7).
    AllCaptured,
    /// Oware and Togyz kumalak: a side won more than half the stones (§O8, §Z7).
    Majority,
}

impl EndedBy {
    /// The stable code: `empty_row`, `no_moves`, `repetition`, `all_captured` or
    /// `majority`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            EndedBy::EmptyRow => "empty_row",
            EndedBy::NoMoves => "no_moves",
            EndedBy::Repetition => "repetition",
            EndedBy::AllCaptured => "all_captured",
            EndedBy::Majority => "majority",
        }
    }

    /// The ending with the given code.
    #[must_use]
    pub fn from_code(code: &str) -> Option<EndedBy> {
        [
            EndedBy::EmptyRow,
            EndedBy::NoMoves,
            EndedBy::Repetition,
            EndedBy::AllCaptured,
            EndedBy::Majority,
        ]
        .into_iter()
        .find(|e| e.code() == code)
    }
}

impl fmt::Display for EndedBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Points a finished game awards a side: 1 for a win, ½ for a draw, 0 for a loss (§C4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Points {
    /// A loss.
    Zero,
    /// A draw.
    Half,
    /// A win.
    One,
}

impl Points {
    /// The points as a number: 0, 0.5 or 1.
    #[must_use]
    pub const fn as_f64(self) -> f64 {
        match self {
            Points::Zero => 0.0,
            Points::Half => 0.5,
            Points::One => 1.0,
        }
    }

    /// The points counted in halves: 0, 1 or 2 (exact sums without floating point).
    #[must_use]
    pub const fn halves(self) -> u32 {
        match self {
            Points::Zero => 0,
            Points::Half => 1,
            Points::One => 2,
        }
    }

    /// The points of each side when `winner` won (or drew, for `None`).
    #[must_use]
    pub fn for_winner(winner: Option<Side>) -> BySide<Points> {
        BySide::from_fn(|side| match winner {
            None => Points::Half,
            Some(w) if w == side => Points::One,
            Some(_) => Points::Zero,
        })
    }
}

/// The end of a game decided by the rules: final scores, the winner and the reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Each side's final stones: its store (Mangala, Kalah, Togyz kumalak) or captures
    /// (Modiar, Tihbat, Oware), with the end-of-game sweep or division applied. A game
    /// won by a majority (§O8, §Z7) leaves the stones still on the board uncounted.
    pub score: BySide<u8>,
    /// Who won; `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub ended_by: EndedBy,
}

impl Outcome {
    /// The outcome with these final scores: the higher score wins, equal scores draw.
    #[must_use]
    pub fn from_score(score: BySide<u8>, ended_by: EndedBy) -> Outcome {
        let winner = match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        };
        Outcome {
            score,
            winner,
            ended_by,
        }
    }

    /// The points of each side (§C4).
    #[must_use]
    pub fn points(&self) -> BySide<Points> {
        Points::for_winner(self.winner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_higher_score_wins_one_point_and_equal_scores_share_it() {
        let win = Outcome::from_score(BySide::new(25, 23), EndedBy::EmptyRow);
        assert_eq!(win.winner, Some(Side::South));
        assert_eq!(win.points(), BySide::new(Points::One, Points::Zero));
        let loss = Outcome::from_score(BySide::new(10, 32), EndedBy::NoMoves);
        assert_eq!(loss.points(), BySide::new(Points::Zero, Points::One));
        let draw = Outcome::from_score(BySide::new(14, 14), EndedBy::Repetition);
        assert_eq!(draw.winner, None);
        assert_eq!(draw.points().map(Points::as_f64), BySide::new(0.5, 0.5));
    }

    #[test]
    fn ending_codes_round_trip() {
        for e in [
            EndedBy::EmptyRow,
            EndedBy::NoMoves,
            EndedBy::Repetition,
            EndedBy::AllCaptured,
            EndedBy::Majority,
        ] {
            assert_eq!(EndedBy::from_code(e.code()), Some(e));
        }
        assert_eq!(EndedBy::from_code("resign"), None);
    }
}
