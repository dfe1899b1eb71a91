//! Tihbat (RULES.md §T): 2×2 pits of 7 counters, no stores.

use crate::position::row_start;
use crate::{EndedBy, Outcome, Pit, Position, Variant};

/// Pits round the board.
const RING: usize = 4;

/// Plays a checked move (§T2–§T5; passes and repetition are the game's).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let own = row_start(Variant::Tihbat, me);
    let origin = own + pit.index();
    // §T2: the first counter goes back into the emptied pit, then one a pit, round and
    // round; a lone counter drops straight back.
    let hand = usize::from(std::mem::take(&mut pos.board[origin]));
    for k in 0..hand {
        pos.board[(origin + k) % RING] += 1;
    }
    let last = (origin + hand - 1) % RING;
    // §T3: only the last pit, only on the mover's own row, only 2, 4, 6 or 8.
    let on_own_row = (own..own + 2).contains(&last);
    if on_own_row && matches!(pos.board[last], 2 | 4 | 6 | 8) {
        *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[last]);
    }
    pos.to_move = me.opposite();
    // §T5: nothing left on the board.
    if pos.on_board() == 0 {
        pos.outcome = Some(Outcome::from_score(pos.stores, EndedBy::AllCaptured));
    }
}
