//! The positions a value depends on: a game's positions, and the segment of each (the
//! positions since the last capture, which the repetition rules weigh: P7); and the
//! score differences a value is made of. The analysis and the house bots read them.

use seedpost_rules::{Game, Position, Side};

/// Every position of a game, from the start (`[0]`) to after the last ply (`[n]`).
#[must_use]
pub fn positions(game: &Game) -> Vec<Position> {
    let mut replay = Game::new(game.variant(), game.first());
    let mut out = Vec::with_capacity(game.ply() + 1);
    out.push(*replay.position());
    for &ply in game.plies() {
        if replay.push(ply).is_err() {
            break;
        }
        out.push(*replay.position());
    }
    out
}

/// Whether `positions[i]` starts a segment (P7): the start, or just after a capture.
/// Only there are the tables exact (`seedpost_rules::solve`).
#[must_use]
pub fn is_fresh(positions: &[Position], i: usize) -> bool {
    i == 0 || positions[i].stores() != positions[i - 1].stores()
}

/// The positions of `i`'s segment before it, oldest first: the history the repetition
/// rules look at.
#[must_use]
pub fn segment_history(positions: &[Position], i: usize) -> Vec<Position> {
    let mut start = i;
    while start > 0 && !is_fresh(positions, start) {
        start -= 1;
    }
    positions[start..i].to_vec()
}

/// The final score difference of a finished position for `side`.
#[must_use]
pub fn final_for(pos: &Position, side: Side) -> i16 {
    let score = pos.outcome().map_or(pos.stores(), |o| o.score);
    i16::from(*score.get(side)) - i16::from(*score.get(side.opposite()))
}

/// The stores' difference for `side`.
#[must_use]
pub fn stores_for(pos: &Position, side: Side) -> i16 {
    let stores = pos.stores();
    i16::from(*stores.get(side)) - i16::from(*stores.get(side.opposite()))
}
