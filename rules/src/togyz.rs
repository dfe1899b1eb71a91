//! Togyz kumalak (RULES.md §Z): 2×9 houses of 9 stones, a store (kazan) for each side
//! kept apart from the sowing, and tuzdyks.

use crate::position::{NO_TUZDYK, row_start};
use crate::{EndedBy, Outcome, Pit, Position, Side, Variant};

/// Houses in a row.
const N: usize = 9;
/// Houses round the board.
const RING: usize = 2 * N;
/// Stones that win: more than half the 162 (§Z7).
const MAJORITY: u8 = 82;

/// Whether `me`'s last stone, making 3 in the opponent's house at board index `house`,
/// makes it `me`'s tuzdyk (§Z5): `me` has none yet, the house is not the opponent's 9th,
/// nor the house with the number of the opponent's tuzdyk. Also what
/// [`Position::with_tuzdyk`] allows.
pub(crate) fn can_make_tuzdyk(pos: &Position, me: Side, house: usize) -> bool {
    let number = house - row_start(Variant::Togyz, me.opposite());
    let theirs = *pos.tuzdyks.get(me.opposite());
    *pos.tuzdyks.get(me) == NO_TUZDYK
        && number != N - 1
        && (theirs == NO_TUZDYK || usize::from(theirs) - row_start(Variant::Togyz, me) != number)
}

/// Plays a checked move (§Z2–§Z8; the repetition, §Z9, is the game's).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    let me = pos.to_move;
    let origin = row_start(Variant::Togyz, me) + pit.index();
    let hand = usize::from(std::mem::take(&mut pos.board[origin]));
    // §Z3: the first stone goes back into the emptied house; a lone one moves on.
    let first = if hand == 1 {
        (origin + 1) % RING
    } else {
        origin
    };
    // Whole laps (at most 162 / 18 = 9) give every house a stone each.
    let (laps, rest) = (hand / RING, hand % RING);
    if laps > 0 {
        for house in &mut pos.board[..RING] {
            *house += laps as u8;
        }
    }
    for k in 0..rest {
        pos.board[(first + k) % RING] += 1;
    }
    let last = (first + hand - 1) % RING;
    // §Z6: a tuzdyk is always empty before the move, so what it holds now was sown
    // into it, and goes to its owner's store.
    for side in Side::ALL {
        let tuzdyk = *pos.tuzdyks.get(side);
        if tuzdyk != NO_TUZDYK {
            *pos.stores.get_mut(side) += std::mem::take(&mut pos.board[usize::from(tuzdyk)]);
        }
    }
    // §Z4, §Z5: the last stone in an opponent's house (not a tuzdyk).
    let opp = row_start(Variant::Togyz, me.opposite());
    if (opp..opp + N).contains(&last) && usize::from(*pos.tuzdyks.get(me)) != last {
        let count = pos.board[last];
        if count.is_multiple_of(2) {
            *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[last]);
        } else if count == 3 && can_make_tuzdyk(pos, me, last) {
            *pos.tuzdyks.get_mut(me) = last as u8;
            *pos.stores.get_mut(me) += std::mem::take(&mut pos.board[last]);
        }
    }
    // §Z7: 82 wins at once; 81 each is a draw (the board is then empty).
    let stores = pos.stores;
    if stores.south >= MAJORITY || stores.north >= MAJORITY {
        pos.outcome = Some(Outcome::from_score(stores, EndedBy::Majority));
        return;
    }
    if stores.south == MAJORITY - 1 && stores.north == MAJORITY - 1 {
        pos.outcome = Some(Outcome::from_score(stores, EndedBy::AllCaptured));
        return;
    }
    pos.to_move = me.opposite();
    // §Z8: the side to move without a stone ends the game; the mover takes its own.
    if pos.row(pos.to_move).iter().all(|&s| s == 0) {
        pos.end_taking_own_rows(EndedBy::EmptyRow);
    }
}
