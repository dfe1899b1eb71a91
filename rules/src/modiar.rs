//! Modiar (RULES.md §D): 2×3 pits of 7 stones, no stores.

use crate::position::{BOARD, row_start};
use crate::{EndedBy, IllegalMove, Pit, PitSet, Position, Side, Variant};

/// Pits in a row.
const N: usize = 3;
/// Pits round the board.
const RING: usize = 2 * N;

/// The board after sowing one pit, before any capture.
struct Sowing {
    board: [u8; RING],
    /// Index of the pit the last stone fell into.
    last: usize,
    /// How many distinct pits received a stone: the reach of the capture chain (§D5).
    reach: usize,
}

/// One stone in every pit: the pits packed a byte each in a `u64`, South's pit 1 in
/// the lowest byte.
const EVERY_PIT: u64 = 0x0000_0101_0101_0101;

/// `PARTIAL_LAP[origin][rest]`: one stone in each of the `rest` pits round the board
/// from `origin`, packed as [`EVERY_PIT`].
const PARTIAL_LAP: [[u64; RING]; RING] = {
    let mut table = [[0; RING]; RING];
    let mut origin = 0;
    while origin < RING {
        let mut rest = 1;
        while rest < RING {
            let pit = (origin + rest - 1) % RING;
            table[origin][rest] = table[origin][rest - 1] | 1 << (8 * pit);
            rest += 1;
        }
        origin += 1;
    }
    table
};

/// Sows the pit at board index `origin` round the board (§D3): the first stone back
/// into the emptied pit, then one a pit, lap after lap, never picking up again.
fn sow_from(board: &[u8; BOARD], origin: usize) -> Sowing {
    // All the pits at once, a byte each: no byte can carry into the next, since the
    // board holds 42 stones in all, and the origin's byte holds the hand taken out.
    let mut packed = [0; 8];
    packed[..RING].copy_from_slice(&board[..RING]);
    let hand = usize::from(board[origin]);
    let (laps, rest) = (hand / RING, hand % RING);
    // Each lap gives every pit one stone; the rest go to the `rest` pits starting at
    // the origin.
    let sown = u64::from_le_bytes(packed) - ((hand as u64) << (8 * origin))
        + laps as u64 * EVERY_PIT
        + PARTIAL_LAP[origin][rest];
    let mut after = [0; RING];
    after.copy_from_slice(&sown.to_le_bytes()[..RING]);
    Sowing {
        board: after,
        last: (origin + hand - 1) % RING,
        reach: hand.min(RING),
    }
}

/// The pits captured by the last stone and the chain behind it (§D4, §D5), as a bit
/// mask of board indices.
fn chain(sowing: &Sowing) -> u8 {
    let mut mask = 0;
    for back in 0..sowing.reach {
        let i = (sowing.last + RING - back) % RING;
        if matches!(sowing.board[i], 2 | 4 | 6) {
            mask |= 1 << i;
        } else {
            break;
        }
    }
    mask
}

/// The bit mask of `side`'s row.
const fn row_mask(side: Side) -> u8 {
    match side {
        Side::South => 0b000_111,
        Side::North => 0b111_000,
    }
}

fn row_sum(board: &[u8; RING], side: Side) -> u8 {
    let start = row_start(Variant::Modiar, side);
    board[start..start + N].iter().sum()
}

/// [`row_sum`] of a position's board.
fn row_sum_of(board: &[u8; BOARD], side: Side) -> u8 {
    let start = row_start(Variant::Modiar, side);
    board[start..start + N].iter().sum()
}

/// The moves of the side to move, sorted by the rules of §D2, §D7–§D10.
struct Analysis {
    /// Pits with at least two stones (§D2).
    candidates: PitSet,
    /// Candidates that sow into the opponent's row, when the opponent's row is empty
    /// (§D7); otherwise empty.
    feeders: PitSet,
    /// Candidates that would be grand slams (§D8).
    slams: PitSet,
}

impl Analysis {
    fn of(pos: &Position) -> Analysis {
        let me = pos.to_move;
        let own = row_start(Variant::Modiar, me);
        let mut board = [0; RING];
        board.copy_from_slice(&pos.board[..RING]);
        let opp_empty = row_sum(&board, me.opposite()) == 0;
        let mut analysis = Analysis {
            candidates: PitSet::EMPTY,
            feeders: PitSet::EMPTY,
            slams: PitSet::EMPTY,
        };
        for i in 0..N {
            if board[own + i] < 2 {
                continue;
            }
            let pit = Pit::from_index(i);
            analysis.candidates.insert(pit);
            let sowing = sow_from(&pos.board, own + i);
            if opp_empty && row_sum(&sowing.board, me.opposite()) > 0 {
                analysis.feeders.insert(pit);
            }
            // §D6: the first move captures nothing, so it is never a grand slam.
            if !pos.opening && is_grand_slam(&sowing, me) {
                analysis.slams.insert(pit);
            }
        }
        analysis
    }

    /// The moves left after feeding (§D10: singletons, then feeding, then grand slam).
    fn after_feeding(&self) -> PitSet {
        if self.feeders.is_empty() {
            self.candidates
        } else {
            self.feeders
        }
    }

    /// Whether every move left after feeding is a grand slam, so that they may all be
    /// played but capture nothing (§D9).
    fn fallback(&self) -> bool {
        let left = self.after_feeding();
        !left.is_empty() && left.into_iter().all(|pit| self.slams.contains(pit))
    }
}

/// §D8: a move that captures from the opponent's row and leaves that row empty.
fn is_grand_slam(sowing: &Sowing, me: Side) -> bool {
    let captured = chain(sowing);
    let opp = row_mask(me.opposite());
    if captured & opp == 0 {
        return false;
    }
    let mut holding = 0;
    for (i, &stones) in sowing.board.iter().enumerate() {
        holding |= u8::from(stones > 0) << i;
    }
    opp & holding & !captured == 0
}

/// What [`Position::legal_moves`] gives for Modiar.
pub(crate) struct Legality {
    pub(crate) playable: PitSet,
}

pub(crate) fn legal_moves(pos: &Position) -> Legality {
    let analysis = Analysis::of(pos);
    let left = analysis.after_feeding();
    let playable = if analysis.fallback() {
        left
    } else {
        left.into_iter()
            .filter(|&pit| !analysis.slams.contains(pit))
            .collect()
    };
    Legality { playable }
}

/// Checks a pit of the side to move holding `stones` (at least one).
pub(crate) fn check(pos: &Position, pit: Pit, stones: u8) -> Result<(), IllegalMove> {
    if stones < 2 {
        return Err(IllegalMove::Singleton);
    }
    let me = pos.to_move;
    if row_sum_of(&pos.board, me.opposite()) > 0 {
        // The common case, decided by this move's sowing alone: with stones in the
        // opponent's row feeding does not apply (§D7), so every candidate is left and
        // only the grand slam ban can forbid this one (never the first move, §D6).
        if pos.opening {
            return Ok(());
        }
        let sowing = sow_from(&pos.board, row_start(Variant::Modiar, me) + pit.index());
        if !is_grand_slam(&sowing, me) {
            return Ok(());
        }
    }
    let analysis = Analysis::of(pos);
    if !analysis.after_feeding().contains(pit) {
        return Err(IllegalMove::MustFeed);
    }
    if analysis.slams.contains(pit) && !analysis.fallback() {
        return Err(IllegalMove::GrandSlam);
    }
    Ok(())
}

/// Plays a checked move (§D3–§D12 but the repetition, which the game keeps).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let sowing = sow_from(&pos.board, row_start(Variant::Modiar, me) + pit.index());
    // §D9: in the grand slam fallback the whole move captures nothing. The move has
    // been checked, so it is a grand slam exactly when the fallback is in force: a
    // legal grand slam is played only in the fallback, and a legal move that is not a
    // grand slam shows that not every move left is one.
    let captures = !pos.opening && !is_grand_slam(&sowing, me);
    pos.board[..RING].copy_from_slice(&sowing.board);
    if captures {
        let mask = chain(&sowing);
        for i in 0..RING {
            if mask & (1 << i) != 0 {
                *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[i]);
            }
        }
    }
    pos.to_move = me.opposite();
    // §D11: no legal move at the start of a turn ends the game.
    if pos.row(pos.to_move).iter().all(|&s| s < 2) {
        pos.end_taking_own_rows(EndedBy::NoMoves);
    }
}
