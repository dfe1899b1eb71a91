//! Kalah(6,4) (RULES.md §K): 2×6 houses of 4 seeds and a store at each player's right.

use crate::position::row_start;
use crate::{EndedBy, Pit, Position, Side, Variant};

/// Houses in a row.
const N: usize = 6;
/// Holes the mover sows into: their 6 houses, their store, the opponent's 6 houses. The
/// opponent's store is skipped (§K3), so the ring of holes has 13 places.
const RING: usize = 2 * N + 1;
/// The mover's store's place on the ring.
const OWN_STORE: usize = N;

/// The two points on which published rule sets of Kalah differ, as a solver may be
/// asked to follow either (RULES.md, "Kalah endgame tables and the solve"). The game
/// seedpost plays is [`KalahRules::SEEDPOST`] (§K5, §K6); the others exist to compare
/// with published results and are never played on the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KalahRules {
    /// The "empty capture": the last seed in an empty house of the mover's facing an
    /// empty house is taken alone into the mover's store. seedpost: `false`, the seed
    /// stays (§K5).
    pub empty_capture: bool,
    /// The game ends after a move that leaves either row empty, each side storing its
    /// own seeds. seedpost: `false`, only the side to move's empty row ends it (§K6).
    pub either_row_ends: bool,
}

impl KalahRules {
    /// The rules seedpost plays (§K5, §K6): no empty capture; the game ends when the
    /// side to move has no seed.
    pub const SEEDPOST: KalahRules = KalahRules {
        empty_capture: false,
        either_row_ends: false,
    };
}

impl KalahRules {
    /// The start of Kalah(6, `seeds`) with `first` to move (§K1 with `seeds` in each
    /// house), for solvers: seedpost plays Kalah(6,4), [`Position::start`], and the
    /// stones of any other count do not add up to the variant's total.
    ///
    /// # Panics
    /// When `seeds` is 0 or above 5 (the provers key a pit by 6 bits).
    #[must_use]
    pub fn start(seeds: u8, first: Side) -> Position {
        assert!((1..=5).contains(&seeds), "Kalah(6, 1..=5)");
        let mut pos = Position::start(Variant::Kalah, first);
        pos.board[..2 * N].fill(seeds);
        pos
    }
}

impl Default for KalahRules {
    fn default() -> KalahRules {
        KalahRules::SEEDPOST
    }
}

/// Plays a checked move (§K2–§K6).
pub(crate) fn sow(pos: &mut Position, pit: Pit) {
    sow_with(pos, pit, KalahRules::SEEDPOST);
}

/// Plays a checked move under `rules` ([`KalahRules::SEEDPOST`]: §K2–§K6).
pub(crate) fn sow_with(pos: &mut Position, pit: Pit, rules: KalahRules) {
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
        // seeds: both go to the mover's store. The opposite house empty, nothing (unless
        // `rules` take the seed alone).
        Some(i) if place < OWN_STORE => {
            let facing = opp + (N - 1 - place);
            if pos.board[i] == 1 && (pos.board[facing] > 0 || rules.empty_capture) {
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
    let empty = |side| pos.row(side).iter().all(|&s| s == 0);
    if empty(pos.to_move) || (rules.either_row_ends && empty(pos.to_move.opposite())) {
        pos.end_taking_own_rows(EndedBy::EmptyRow);
    }
}
