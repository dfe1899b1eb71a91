//! The JSON shapes of engine values shared by the replay command and the HTTP API:
//! `board`, `store` and `result` are one contract wherever they appear.

use seedpost_rules::{BySide, Outcome, Position, Side};
use serde::{Deserialize, Serialize};

/// Each side's pits, from its owner's left (pit 1 first).
#[must_use]
pub fn board(position: &Position) -> BySide<Vec<u8>> {
    BySide::from_fn(|side| position.row(side).to_vec())
}

/// The result of a finished game: `{"score", "points", "winner", "ended_by"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultJson {
    /// Final stones per side.
    pub score: BySide<u8>,
    /// 1, 0.5 or 0 per side.
    pub points: BySide<f64>,
    /// The winner, or null for a draw.
    pub winner: Option<Side>,
    /// `empty_row`, `no_moves`, `repetition`, `all_captured` (the rules), or `resign`,
    /// `timeout`, `abort` (the server).
    pub ended_by: String,
}

impl From<Outcome> for ResultJson {
    fn from(outcome: Outcome) -> Self {
        ResultJson {
            score: outcome.score,
            points: outcome.points().map(|p| p.as_f64()),
            winner: outcome.winner,
            ended_by: outcome.ended_by.code().to_owned(),
        }
    }
}
