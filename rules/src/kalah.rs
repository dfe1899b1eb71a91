//! Kalah(6,4) (RULES.md §K): 2×6 houses of 4 seeds and a store at each player's right.

use crate::position::row_start;
use crate::{EndedBy, Pit, Position, Variant};

/// Houses in a row.
const N: usize = 6;
/// Holes the mover sows into: their 6 houses, their store, the opponent's 6 houses. The
/// opponent's store is skipped (§K3), so the ring of holes has 13 places.
const RING: usize = 2 * N + 1;
/// The mover's store's place on the ring.
const OWN_STORE: usize = N;

/// Plays a checked move (§K2–§K6).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let own = row_start(Variant::Kalah, me);
    let opp = row_start(Variant::Kalah, me.opposite());
    // Place on the ring -> board index (None for the mover's store).
    let board_index = |place: usize| match place {
        0..N => Some(own + place),
        OWN_STORE => None,
        _ => Some(opp + place - N - 1),
    };

    // §K2: every seed leaves the house, and sowing starts with the next hole; a hand
    // of 13 comes back round to the emptied house.
    let origin = pit.index();
    let hand = usize::from(std::mem::take(&mut pos.board[own + origin]));
    let (laps, rest) = (hand / RING, hand % RING);
    if laps > 0 {
        // Whole laps: a seed in every hole on the ring (the opponent's store is not on
        // it, §K3). At most 48 seeds, so at most 3 laps.
        let laps = laps as u8;
        for i in own..own + N {
            pos.board[i] += laps;
        }
        for i in opp..opp + N {
            pos.board[i] += laps;
        }
        *pos.stores.get_mut(me) += laps;
    }
    let mut place = origin;
    for _ in 0..rest {
        place = (place + 1) % RING;
        match board_index(place) {
            Some(i) => pos.board[i] += 1,
            None => *pos.stores.get_mut(me) += 1,
        }
    }
    if rest == 0 {
        // The last seed of the last lap fell into the emptied house.
        place = origin;
    }

    let mut extra_turn = false;
    match board_index(place) {
        // §K4: last seed in the own store, the mover moves again.
        None => extra_turn = true,
        // §K5: last seed in an own house that was empty, the opposite house holding
        // seeds: both go to the mover's store. The opposite house empty, nothing.
        Some(i) if place < OWN_STORE => {
            let facing = opp + (N - 1 - place);
            if pos.board[i] == 1 && pos.board[facing] > 0 {
                let taken = 1 + std::mem::take(&mut pos.board[facing]);
                pos.board[i] = 0;
                *pos.stores.get_mut(me) += taken;
            }
        }
        // The opponent's row: nothing more.
        Some(_) => {}
    }

    if !extra_turn {
        pos.to_move = me.opposite();
    }
    // §K6: the side to move without a seed ends the game; the other side stores what
    // is left in its own houses.
    if pos.row(pos.to_move).iter().all(|&s| s == 0) {
        pos.end_taking_own_rows(EndedBy::EmptyRow);
    }
}
