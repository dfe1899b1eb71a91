//! Mangala endgame tables: the exact value of every Mangala position with at most
//! `N` stones on the board, for either side to move (RULES.md, "Mangala endgame
//! tables").
//!
//! # Values
//!
//! A value is what the side to move can still make of the game under perfect play:
//! its final score minus the opponent's, less the difference of the stores now. Stones
//! in a store never come back (§M5) and no rule looks at the stores, so the value of a
//! position depends on its board and side to move alone.
//!
//! # Layers, and the order within one
//!
//! A move either puts a stone in a store (passing the mover's store, §M5, §M6, or
//! capturing, §M7, §M8) or keeps all its stones in the mover's own row, each going to
//! the right of the pit emptied (§M3, §M4). So the stones on the board never rise, and
//! each count is a *layer* solved from the fewest stones up, using the layers below
//! for the moves that store a stone. Within a layer, a move that stores nothing makes
//! the board smaller in the lexicographic order of its pits (South 1..6 then North
//! 1..6): the pits before the one emptied are unchanged, and that one goes from `n`
//! stones to 1 (`n >= 2`, §M3) or from 1 to 0 (§M4). Boards are numbered in that
//! order, so one pass in increasing number solves a layer, with every move's result
//! solved already: no cycle, no iteration, no search.
//!
//! # Layout
//!
//! Layer `k` holds `2 * C(k + 11, 11)` bytes: for the board of number `r` (its rank
//! among the boards of `k` stones), the value with South to move at `2r` and with
//! North to move at `2r + 1`, each an `i8` as a byte. The layers follow one another
//! from 0 stones up, after a header ([`MangalaTables::to_bytes`]). Moves and endings
//! are the engine's own ([`Position`]), so the tables cannot disagree with the rules.

use crate::position::{BOARD, NO_TUZDYK};
use crate::{BySide, Pit, Position, Side, Variant};

/// Pits on the board.
const PITS: usize = 12;

/// The most stones on the board a table may cover.
pub const MAX_STONES: u8 = 30;

/// The file's magic bytes.
const MAGIC: &[u8; 8] = b"SPMANGEG";

/// The header's length: magic, engine version, stones.
const HEADER: usize = 8 + 8 + 1;

/// `C(n, k)` for `n < 64`, `k <= 12`.
const fn binomials() -> [[u64; 13]; 64] {
    let mut c = [[0u64; 13]; 64];
    let mut n = 0;
    while n < 64 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= 12 && k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}

static BINOMIAL: [[u64; 13]; 64] = binomials();

/// The number of boards with `stones` on them.
#[must_use]
pub fn boards(stones: u8) -> u64 {
    BINOMIAL[usize::from(stones) + PITS - 1][PITS - 1]
}

/// The number of positions (boards times sides to move) with at most `stones` on the
/// board: the entries of a table of `stones`.
#[must_use]
pub fn positions_up_to(stones: u8) -> u64 {
    // The sum over k <= n of C(k + 11, 11) is C(n + 12, 12).
    2 * BINOMIAL[usize::from(stones) + PITS][PITS]
}

/// The rank of `board` among the boards with the same stones, in lexicographic order
/// of its pits (module docs).
fn rank(board: &[u8; PITS]) -> u64 {
    let mut left: usize = board.iter().map(|&s| usize::from(s)).sum();
    let mut r = 0;
    for (i, &b) in board.iter().enumerate().take(PITS - 1) {
        let after = PITS - 1 - i;
        let b = usize::from(b);
        // Boards with the same pits before i and fewer stones in pit i.
        r += BINOMIAL[left + after][after] - BINOMIAL[left - b + after][after];
        left -= b;
    }
    r
}

/// The next board in lexicographic order with the same stones, or `false` after the
/// last.
fn next_board(board: &mut [u8; PITS]) -> bool {
    // The last pit before which stones remain further right: raise it by one and put
    // the rest, less one, in the last pit.
    let mut tail = u16::from(board[PITS - 1]);
    for i in (0..PITS - 1).rev() {
        if tail > 0 {
            board[i] += 1;
            for b in &mut board[i + 1..] {
                *b = 0;
            }
            board[PITS - 1] = (tail - 1) as u8;
            return true;
        }
        tail += u16::from(board[i]);
    }
    false
}

/// Where layer `stones` starts among the values.
fn layer_start(stones: u8) -> usize {
    if stones == 0 {
        0
    } else {
        usize::try_from(positions_up_to(stones - 1)).unwrap_or(usize::MAX)
    }
}

/// The exact values of every Mangala position with at most [`MangalaTables::stones`]
/// on the board (module docs).
#[derive(Clone)]
pub struct MangalaTables {
    stones: u8,
    version: u64,
    /// The file's bytes: the header, then one byte a position.
    bytes: Vec<u8>,
}

impl std::fmt::Debug for MangalaTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MangalaTables")
            .field("stones", &self.stones)
            .field("positions", &self.len())
            .finish_non_exhaustive()
    }
}

/// A table being built: what it reports on its way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerDone {
    /// The layer's stones on the board.
    pub stones: u8,
    /// Its positions (boards times sides).
    pub positions: u64,
}

impl MangalaTables {
    /// Solves every position with at most `stones` on the board (at most
    /// [`MAX_STONES`]), layer by layer from the fewest stones, telling `done` of each.
    /// `version` names the engine, for [`MangalaTables::from_bytes`].
    ///
    /// # Panics
    /// When `stones` is above [`MAX_STONES`].
    #[must_use]
    pub fn build(stones: u8, version: u64, done: &mut dyn FnMut(LayerDone)) -> MangalaTables {
        assert!(
            stones <= MAX_STONES,
            "at most {MAX_STONES} stones on the board"
        );
        let total = usize::try_from(positions_up_to(stones)).expect("fits in memory");
        let mut bytes = Vec::with_capacity(HEADER + total);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.push(stones);
        bytes.resize(HEADER + total, 0);
        let mut tables = MangalaTables {
            stones,
            version,
            bytes,
        };
        for k in 0..=stones {
            tables.solve_layer(k);
            done(LayerDone {
                stones: k,
                positions: 2 * boards(k),
            });
        }
        tables
    }

    fn solve_layer(&mut self, k: u8) {
        let start = HEADER + layer_start(k);
        let mut board = [0u8; PITS];
        board[PITS - 1] = k;
        let mut r = 0usize;
        loop {
            for (j, side) in [Side::South, Side::North].into_iter().enumerate() {
                let v = self.solve_one(&board, side);
                self.bytes[start + 2 * r + j] = v as u8;
            }
            r += 1;
            if !next_board(&mut board) {
                break;
            }
        }
        debug_assert_eq!(r as u64, boards(k));
    }

    /// The value of `board` with `side` to move, every move's result being solved.
    fn solve_one(&self, board: &[u8; PITS], side: Side) -> i8 {
        let pos = position(board, side);
        let k = pos.on_board();
        if k == 0 {
            return 0;
        }
        let mut best: Option<i16> = None;
        for pit in pos.legal_moves() {
            let mut next = pos;
            next.play_unchecked(pit);
            let v = self.move_value(&pos, &next, side);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        let v = best.unwrap_or_else(|| {
            // The side to move has an empty row: the game would have ended (§M9), its
            // owner taking the other row.
            i16::from(k)
        });
        v as i8
    }

    /// The value for `me`, who moved from `pos` to `next`: what the move stored, plus
    /// the value after it.
    fn move_value(&self, pos: &Position, next: &Position, me: Side) -> i16 {
        let diff = |p: &Position| {
            let s = p.outcome.map_or(p.stores, |o| o.score);
            i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
        };
        let gained = diff(next) - diff(pos);
        if next.is_over() {
            return gained;
        }
        let after = i16::from(self.stored(next));
        if next.to_move == me {
            gained + after
        } else {
            gained - after
        }
    }

    /// The stored value of a position in the tables.
    fn stored(&self, pos: &Position) -> i8 {
        let mut board = [0; PITS];
        board.copy_from_slice(&pos.board[..PITS]);
        let side = usize::from(pos.to_move == Side::North);
        let i = layer_start(pos.on_board()) + 2 * rank(&board) as usize + side;
        self.bytes[HEADER + i] as i8
    }

    /// The stones on the board the tables go up to.
    #[must_use]
    pub fn stones(&self) -> u8 {
        self.stones
    }

    /// The positions held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bytes.len() - HEADER
    }

    /// Whether no position is held (never: the empty board is).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `pos` for its side to move (module docs), when it is a Mangala
    /// position within the tables and the game is not over.
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<i8> {
        if pos.variant != Variant::Mangala || pos.is_over() || pos.on_board() > self.stones {
            return None;
        }
        Some(self.stored(pos))
    }

    /// Each legal move of `pos` with its exact value for the side to move (what it
    /// stores now included), in pit order; `None` outside the tables.
    #[must_use]
    pub fn move_values(&self, pos: &Position) -> Option<Vec<(Pit, i8)>> {
        self.value(pos)?;
        let me = pos.to_move;
        Some(
            pos.legal_moves()
                .into_iter()
                .map(|pit| {
                    let mut next = *pos;
                    next.play_unchecked(pit);
                    (pit, self.move_value(pos, &next, me) as i8)
                })
                .collect(),
        )
    }

    /// The tables as a file: `SPMANGEG`, the engine version (u64, little-endian), the
    /// stones, then the values (module docs).
    #[must_use]
    pub fn to_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Reads tables written by [`MangalaTables::to_bytes`] by the engine `version`;
    /// `None` for another engine, another format or a truncated file.
    #[must_use]
    pub fn from_bytes(bytes: Vec<u8>, version: u64) -> Option<MangalaTables> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return None;
        }
        let found = u64::from_le_bytes(bytes[8..16].try_into().ok()?);
        let stones = bytes[16];
        if found != version || stones > MAX_STONES {
            return None;
        }
        let want = usize::try_from(positions_up_to(stones)).ok()?;
        if bytes.len() != HEADER + want {
            return None;
        }
        Some(MangalaTables {
            stones,
            version,
            bytes,
        })
    }

    /// The engine version the tables were built by.
    #[must_use]
    pub fn version(&self) -> u64 {
        self.version
    }
}

/// The Mangala position of `board` with `side` to move (the stones off the board in
/// South's store: values do not look at them).
fn position(board: &[u8; PITS], side: Side) -> Position {
    let on: u8 = board.iter().sum();
    let mut full = [0; BOARD];
    full[..PITS].copy_from_slice(board);
    Position {
        variant: Variant::Mangala,
        board: full,
        stores: BySide {
            south: Variant::Mangala.total_stones() - on,
            north: 0,
        },
        tuzdyks: BySide::new(NO_TUZDYK, NO_TUZDYK),
        to_move: side,
        opening: false,
        outcome: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_numbered_in_lexicographic_order_from_zero_without_gaps() {
        for k in 0..=5u8 {
            let mut board = [0u8; PITS];
            board[PITS - 1] = k;
            let mut n = 0u64;
            let mut previous: Option<[u8; PITS]> = None;
            loop {
                assert_eq!(rank(&board), n, "{board:?}");
                if let Some(p) = previous {
                    assert!(p < board, "{p:?} before {board:?}");
                }
                previous = Some(board);
                n += 1;
                if !next_board(&mut board) {
                    break;
                }
            }
            assert_eq!(n, boards(k));
        }
        assert_eq!(positions_up_to(2), 2 * (1 + 12 + 78));
    }
}
