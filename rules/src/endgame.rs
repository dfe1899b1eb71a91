//! Endgame tables of Mangala and Kalah: the exact value of every position with at most
//! `N` stones on the board, for either side to move (RULES.md, "Mangala endgame
//! tables", "Kalah endgame tables and the solve"). One implementation serves both
//! games, the [`Rules`] being a parameter of the tables.
//!
//! # Values
//!
//! A value is what the side to move can still make of the game under perfect play:
//! its final score minus the opponent's, less the difference of the stores now. Stones
//! in a store never come back (§M5, §K3) and no rule looks at the stores, so the value
//! of a position depends on its board and side to move alone.
//!
//! # Layers, and the order within one
//!
//! A move either puts a stone in a store or keeps all its stones in the mover's own
//! row, each going to the right of the pit emptied. In Mangala a move stores a stone by
//! passing the mover's store (§M5, §M6) or capturing (§M7, §M8); otherwise the pit
//! emptied keeps the first stone (§M3, `n >= 2` stones) or passes its lone stone on
//! (§M4). In Kalah sowing starts in the next hole (§K2), so a move whose seeds reach
//! neither the mover's store (§K3, a lap of 13 included) nor a capture (§K5, and the
//! "empty capture" of other rule sets, which stores the seed) leaves the emptied house
//! at 0 and its seeds further right in the mover's row; a last seed in an empty house
//! facing an empty one stays on the board (§K5), further right too. So the stones on
//! the board never rise, and each count is a *layer* solved from the fewest stones up,
//! using the layers below for the moves that store a stone. Within a layer, a move that
//! stores nothing makes the board smaller in the lexicographic order of its pits
//! (South 1..6 then North 1..6): the pits before the one emptied are unchanged, and
//! that one goes down (to 1 or 0 in Mangala, to 0 in Kalah). Boards are numbered in
//! that order, so one pass in increasing number solves a layer, with every move's
//! result solved already: no cycle, no iteration, no search. Where the game ends does
//! not matter to the order: an ended game is valued by its final score, not looked up.
//!
//! # Layout
//!
//! Layer `k` holds `2 * C(k + 11, 11)` bytes: for the board of number `r` (its rank
//! among the boards of `k` stones), the value with South to move at `2r` and with
//! North to move at `2r + 1`, each an `i8` as a byte. The layers follow one another
//! from 0 stones up, after a header ([`EndgameTables::to_bytes`]). Moves and endings
//! are the engine's own ([`Position`]), so the tables cannot disagree with the rules.

use crate::kalah::{self, KalahRules};
use crate::position::{BOARD, NO_TUZDYK};
use crate::{BySide, Pit, Position, Side, Variant};

/// The game a table is built for: Mangala, or Kalah under some [`KalahRules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Mangala (RULES.md §M).
    Mangala,
    /// Kalah(6,n) under these rules ([`Rules::KALAH`]: the game seedpost plays, §K).
    Kalah(KalahRules),
}

impl Rules {
    /// Kalah as seedpost plays it (§K5, §K6).
    pub const KALAH: Rules = Rules::Kalah(KalahRules::SEEDPOST);

    /// The rules seedpost plays `variant` by, when tables can be built for it: Mangala
    /// and Kalah.
    #[must_use]
    pub const fn of(variant: Variant) -> Option<Rules> {
        match variant {
            Variant::Mangala => Some(Rules::Mangala),
            Variant::Kalah => Some(Rules::KALAH),
            _ => None,
        }
    }

    /// The variant whose positions the tables hold.
    #[must_use]
    pub const fn variant(self) -> Variant {
        match self {
            Rules::Mangala => Variant::Mangala,
            Rules::Kalah(_) => Variant::Kalah,
        }
    }

    /// The position after `pit` under these rules; `None` when `pos` is not of the
    /// rules' variant or `pit` is not legal in it.
    #[must_use]
    pub fn after(self, pos: &Position, pit: Pit) -> Option<Position> {
        if pos.variant != self.variant() || !pos.is_legal(pit) {
            return None;
        }
        let mut next = *pos;
        self.play(&mut next, pit);
        Some(next)
    }

    /// Plays `pit`, legal in `pos`, under these rules.
    pub(crate) fn play(self, pos: &mut Position, pit: Pit) {
        match self {
            Rules::Kalah(rules) if rules != KalahRules::SEEDPOST => {
                kalah::sow_with(pos, pit, rules);
                pos.opening = false;
            }
            _ => pos.play_unchecked(pit),
        }
    }

    /// The future value, for the side to move, of a board of `stones` on which that
    /// side has no stone (never reached in a game: it would have ended). Mangala gives
    /// the owner of the empty row the other row (§M9), Kalah gives each side its own
    /// (§K6), here all of them the opponent's.
    pub(crate) const fn stuck(self, stones: i16) -> i16 {
        match self {
            Rules::Mangala => stones,
            Rules::Kalah(_) => -stones,
        }
    }

    /// The file's magic bytes: `SPMANGEG`, `SPKALAEG` for seedpost's Kalah, and
    /// `SPKALAE` and a digit for the other rule sets.
    fn magic(self) -> [u8; 8] {
        match self {
            Rules::Mangala => *b"SPMANGEG",
            Rules::Kalah(KalahRules::SEEDPOST) => *b"SPKALAEG",
            Rules::Kalah(rules) => {
                let digit =
                    b'0' + u8::from(rules.empty_capture) + 2 * u8::from(rules.either_row_ends);
                let mut magic = *b"SPKALAE0";
                magic[7] = digit;
                magic
            }
        }
    }
}

/// Pits on the board.
const PITS: usize = 12;

/// The most stones on the board a table may cover.
pub const MAX_STONES: u8 = 30;

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

/// The exact values of every Mangala or Kalah position with at most
/// [`EndgameTables::stones`] on the board, under [`EndgameTables::rules`] (module docs).
#[derive(Clone)]
pub struct EndgameTables {
    rules: Rules,
    stones: u8,
    version: u64,
    /// The file's bytes: the header, then one byte a position.
    bytes: Vec<u8>,
}

impl std::fmt::Debug for EndgameTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameTables")
            .field("rules", &self.rules)
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

impl EndgameTables {
    /// Solves every position of `rules` with at most `stones` on the board (at most
    /// [`MAX_STONES`]), layer by layer from the fewest stones, telling `done` of each.
    /// `version` names the engine, for [`EndgameTables::from_bytes`].
    ///
    /// # Panics
    /// When `stones` is above [`MAX_STONES`].
    #[must_use]
    pub fn build(
        rules: Rules,
        stones: u8,
        version: u64,
        done: &mut dyn FnMut(LayerDone),
    ) -> EndgameTables {
        assert!(
            stones <= MAX_STONES,
            "at most {MAX_STONES} stones on the board"
        );
        let total = usize::try_from(positions_up_to(stones)).expect("fits in memory");
        let mut bytes = Vec::with_capacity(HEADER + total);
        bytes.extend_from_slice(&rules.magic());
        bytes.extend_from_slice(&version.to_le_bytes());
        bytes.push(stones);
        bytes.resize(HEADER + total, 0);
        let mut tables = EndgameTables {
            rules,
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
        let pos = position(self.rules.variant(), board, side);
        let k = pos.on_board();
        if k == 0 {
            return 0;
        }
        let mut best: Option<i16> = None;
        for pit in pos.legal_moves() {
            let mut next = pos;
            self.rules.play(&mut next, pit);
            let v = self.move_value(&pos, &next, side);
            best = Some(best.map_or(v, |b| b.max(v)));
        }
        // The side to move has an empty row: the game would have ended (§M9, §K6).
        let v = best.unwrap_or_else(|| self.rules.stuck(i16::from(k)));
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

    /// The game and rules the tables are built for.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
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

    /// The value of `pos` for its side to move (module docs), when it is a position of
    /// the tables' variant within the tables and the game is not over. (Tables of other
    /// rules than seedpost's value Kalah positions under their own rules.)
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<i8> {
        if pos.variant != self.rules.variant() || pos.is_over() || pos.on_board() > self.stones {
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
                    self.rules.play(&mut next, pit);
                    (pit, self.move_value(pos, &next, me) as i8)
                })
                .collect(),
        )
    }

    /// The tables as a file: the rules' magic bytes (`SPMANGEG` for Mangala, `SPKALAEG`
    /// for Kalah), the engine version (u64, little-endian), the stones, then the values
    /// (module docs).
    #[must_use]
    pub fn to_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Reads tables of `rules` written by [`EndgameTables::to_bytes`] by the engine
    /// `version`; `None` for other rules, another engine, another format or a truncated
    /// file.
    #[must_use]
    pub fn from_bytes(rules: Rules, bytes: Vec<u8>, version: u64) -> Option<EndgameTables> {
        if bytes.len() < HEADER || bytes[..8] != rules.magic() {
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
        Some(EndgameTables {
            rules,
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

/// The position of `variant` of `board` with `side` to move (the stones off the board
/// in South's store: values do not look at them).
fn position(variant: Variant, board: &[u8; PITS], side: Side) -> Position {
    let on: u8 = board.iter().sum();
    let mut full = [0; BOARD];
    full[..PITS].copy_from_slice(board);
    Position {
        variant,
        board: full,
        stores: BySide {
            south: variant.total_stones() - on,
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
