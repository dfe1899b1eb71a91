//! Oware abapa (RULES.md §O): 2×6 houses of 4 seeds, no stores.

use crate::position::{BOARD, row_start};
use crate::{EndedBy, IllegalMove, Outcome, Pit, PitSet, Position, Side, Variant};

/// Houses in a row.
const N: usize = 6;
/// Houses round the board.
const RING: usize = 2 * N;
/// Captures that end the game: more than half the 48 seeds (§O8).
const MAJORITY: u8 = 25;

/// The houses after sowing one, before any capture.
struct Sowing {
    board: [u8; RING],
    /// Index of the house the last seed fell into.
    last: usize,
}

/// Sows the house at board index `origin` (§O3): one seed a house from the next one on,
/// the emptied house skipped on every lap.
fn sow_from(board: &[u8; BOARD], origin: usize) -> Sowing {
    let mut after = [0; RING];
    after.copy_from_slice(&board[..RING]);
    let hand = usize::from(std::mem::take(&mut after[origin]));
    // A lap is the 11 other houses; at most 48 seeds, so at most 4 laps.
    let (laps, rest) = (hand / (RING - 1), hand % (RING - 1));
    if laps > 0 {
        for (i, house) in after.iter_mut().enumerate() {
            if i != origin {
                *house += laps as u8;
            }
        }
    }
    // `rest` is at most 10: the partial lap never comes back to the origin.
    for k in 1..=rest {
        after[(origin + k) % RING] += 1;
    }
    let last = if rest > 0 {
        (origin + rest) % RING
    } else {
        // A whole number of laps ends just before the skipped origin.
        (origin + RING - 1) % RING
    };
    Sowing { board: after, last }
}

/// The houses the last seed captures (§O4) as a bit mask of board indices: the house
/// it fell into if it is the opponent's and now holds 2 or 3, then each house before
/// it of the same row while it holds 2 or 3.
fn chain(sowing: &Sowing, me: Side) -> u16 {
    let opp = row_start(Variant::Oware, me.opposite());
    let mut mask = 0;
    let mut i = sowing.last;
    while (opp..opp + N).contains(&i) && matches!(sowing.board[i], 2 | 3) {
        mask |= 1 << i;
        if i == opp {
            break;
        }
        i -= 1;
    }
    mask
}

/// §O5: a capture that would leave the opponent's row empty (a grand slam).
fn is_grand_slam(sowing: &Sowing, me: Side, mask: u16) -> bool {
    let opp = row_start(Variant::Oware, me.opposite());
    mask != 0 && (opp..opp + N).all(|i| mask & (1 << i) != 0 || sowing.board[i] == 0)
}

/// Whether `side`'s house at row index `i`, holding `seeds`, sows into the other row.
const fn feeds(i: usize, seeds: u8) -> bool {
    seeds as usize >= N - i
}

fn row_empty(pos: &Position, side: Side) -> bool {
    pos.row(side).iter().all(|&s| s == 0)
}

/// The legal moves of the side to move (§O2, §O6).
pub(crate) fn legal_moves(pos: &Position) -> PitSet {
    let must_feed = row_empty(pos, pos.to_move.opposite());
    let mut set = PitSet::EMPTY;
    for (i, &seeds) in pos.row(pos.to_move).iter().enumerate() {
        if seeds > 0 && (!must_feed || feeds(i, seeds)) {
            set.insert(Pit::from_index(i));
        }
    }
    set
}

/// Checks a non-empty house of the side to move (§O6).
pub(crate) fn check(pos: &Position, pit: Pit, seeds: u8) -> Result<(), IllegalMove> {
    if row_empty(pos, pos.to_move.opposite()) && !feeds(pit.index(), seeds) {
        return Err(IllegalMove::MustFeed);
    }
    Ok(())
}

/// Plays a checked move (§O3–§O8; the repetition, §O9, is the game's).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let sowing = sow_from(&pos.board, row_start(Variant::Oware, me) + pit.index());
    let mask = chain(&sowing, me);
    pos.board[..RING].copy_from_slice(&sowing.board);
    // §O5: a grand slam is played but captures nothing.
    if !is_grand_slam(&sowing, me, mask) {
        for i in 0..RING {
            if mask & (1 << i) != 0 {
                *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[i]);
            }
        }
    }
    // §O8: 25 captured wins at once. (24 each never follows a capture: one that took
    // the last seeds on the board would be a grand slam.)
    let stores = pos.stores;
    if stores.south >= MAJORITY || stores.north >= MAJORITY {
        pos.outcome = Some(Outcome::from_score(stores, EndedBy::Majority));
        return;
    }
    pos.to_move = me.opposite();
    // §O7: the mover's row empty and no move of the opponent's can feed it: the
    // opponent captures every seed left, all of them in its own row.
    if row_empty(pos, me) && legal_moves(pos).is_empty() {
        pos.end_taking_own_rows(EndedBy::NoMoves);
    }
}
