//! Mangala (RULES.md §M): 2×6 pits of 4 stones and a store at each player's right.

use crate::position::row_start;
use crate::{EndedBy, Outcome, Pit, Position, Side};

/// Pits in a row.
const N: usize = 6;
/// Holes the mover sows into: their 6 pits, their store, the opponent's 6 pits. The
/// opponent's store is skipped (§M5), so the ring of holes has 13 places.
const RING: usize = 2 * N + 1;
/// The mover's store's place on the ring.
const OWN_STORE: usize = N;

/// Plays a checked move (§M2–§M9).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let own = row_start(pos.variant, me);
    let opp = row_start(pos.variant, me.opposite());
    // Place on the ring -> board index (None for the mover's store).
    let board_index = |place: usize| match place {
        0..N => Some(own + place),
        OWN_STORE => None,
        _ => Some(opp + place - N - 1),
    };

    let origin = pit.index();
    let mut hand = std::mem::take(&mut pos.board[own + origin]);
    let mut place = origin;
    if hand >= 2 {
        // §M3: the first stone goes back into the pit just emptied.
        pos.board[own + origin] = 1;
        hand -= 1;
    }
    // §M4: a lone stone simply goes on to the next hole.
    while hand > 0 {
        place = (place + 1) % RING;
        match board_index(place) {
            Some(i) => pos.board[i] += 1,
            None => *pos.stores.get_mut(me) += 1, // §M5
        }
        hand -= 1;
    }

    let mut extra_turn = false;
    match board_index(place) {
        // §M6: last stone in the own store, the mover plays again.
        None => extra_turn = true,
        // §M7: last stone on the opponent's row making its pit even captures it.
        Some(i) if place > OWN_STORE => {
            if pos.board[i].is_multiple_of(2) {
                *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[i]);
            }
        }
        // §M8: last stone in an own pit that was empty captures it and the opposite pit,
        // when that holds stones.
        Some(i) => {
            let facing = opp + (N - 1 - place);
            if pos.board[i] == 1 && pos.board[facing] > 0 {
                let taken = 1 + std::mem::take(&mut pos.board[facing]);
                pos.board[i] = 0;
                *pos.stores.get_mut(me) += taken;
            }
        }
    }

    // §M9: an empty row ends the game, even in the middle of an extra turn.
    let south_empty = pos.row(Side::South).iter().all(|&s| s == 0);
    let north_empty = pos.row(Side::North).iter().all(|&s| s == 0);
    if south_empty || north_empty {
        if south_empty != north_empty {
            let (empty, full) = if south_empty {
                (Side::South, Side::North)
            } else {
                (Side::North, Side::South)
            };
            let start = row_start(pos.variant, full);
            let swept: u8 = pos.board[start..start + N].iter().sum();
            pos.board[start..start + N].fill(0);
            *pos.stores.get_mut(empty) += swept;
        }
        pos.outcome = Some(Outcome::from_score(pos.stores, EndedBy::EmptyRow));
        return;
    }
    if !extra_turn {
        pos.to_move = me.opposite();
    }
}
