//! How the positions of a variant are numbered: by the stones on the board (the
//! *layer*), then the board's rank among the boards of its layer, then the side to
//! move. The stores are not part of the number: a position's future does not depend
//! on them (module docs of [`crate::solve`]).

use crate::position::{BOARD, NO_TUZDYK};
use crate::{BySide, Position, Side, Variant};

/// Binomial coefficients `C(n, k)` for `n < 64`, `k < 13`.
struct Binomial([[u64; 13]; 64]);

impl Binomial {
    const fn new() -> Binomial {
        let mut t = [[0u64; 13]; 64];
        let mut n = 0;
        while n < 64 {
            t[n][0] = 1;
            let mut k = 1;
            while k < 13 && k <= n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
                k += 1;
            }
            n += 1;
        }
        Binomial(t)
    }

    /// The number of ways to put `stones` into `pits` pits.
    fn compositions(&self, stones: usize, pits: usize) -> usize {
        if pits == 0 {
            return usize::from(stones == 0);
        }
        self.0[stones + pits - 1][pits - 1] as usize
    }
}

static BINOMIAL: Binomial = Binomial::new();

/// The numbering of the positions with up to `top` stones on the board.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub(crate) variant: Variant,
    /// Pits round the board.
    pub(crate) pits: usize,
    /// `offsets[b]`: the first index of layer `b`; one more entry for the end.
    offsets: Vec<usize>,
}

impl Layout {
    /// Every layer of `variant`, up to all its stones on the board.
    pub(crate) fn new(variant: Variant) -> Layout {
        Layout::up_to(variant, variant.total_stones())
    }

    /// The layers of `variant` with at most `top` stones on the board.
    pub(crate) fn up_to(variant: Variant, top: u8) -> Layout {
        let pits = 2 * variant.pits_per_row();
        let top = usize::from(top.min(variant.total_stones()));
        let mut offsets = Vec::with_capacity(top + 2);
        let mut at = 0;
        for b in 0..=top {
            offsets.push(at);
            at += 2 * BINOMIAL.compositions(b, pits);
        }
        offsets.push(at);
        Layout {
            variant,
            pits,
            offsets,
        }
    }

    /// Positions numbered.
    pub(crate) fn len(&self) -> usize {
        self.offsets[self.offsets.len() - 1]
    }

    /// The most stones on the board of a numbered position.
    pub(crate) fn top(&self) -> usize {
        self.offsets.len() - 2
    }

    /// The first index of layer `b`.
    pub(crate) fn offset(&self, b: usize) -> usize {
        self.offsets[b]
    }

    /// The layer of index `i`.
    pub(crate) fn layer_of(&self, i: usize) -> usize {
        self.offsets.partition_point(|&o| o <= i) - 1
    }

    /// The number of positions of layer `b`.
    pub(crate) fn layer_len(&self, b: usize) -> usize {
        self.offsets[b + 1] - self.offsets[b]
    }

    /// The lexicographic rank of `board` among the boards with as many stones.
    fn rank(&self, board: &[u8]) -> usize {
        let mut left: usize = board.iter().map(|&s| usize::from(s)).sum();
        let mut rank = 0;
        for (i, &a) in board.iter().enumerate().take(self.pits - 1) {
            let parts = self.pits - i;
            let a = usize::from(a);
            // Boards whose pit i holds fewer than `a`, all else before it equal.
            rank += BINOMIAL.compositions(left, parts) - BINOMIAL.compositions(left - a, parts);
            left -= a;
        }
        rank
    }

    /// The number of `pos` (its board and side to move), or `None` when it has more
    /// stones on the board than the layout numbers.
    pub(crate) fn index(&self, pos: &Position) -> Option<usize> {
        let board = &pos.board[..self.pits];
        let b: usize = board.iter().map(|&s| usize::from(s)).sum();
        if b > self.top() {
            return None;
        }
        Some(self.offsets[b] + 2 * self.rank(board) + usize::from(pos.to_move == Side::North))
    }

    /// The board of rank `rank` among those of `b` stones, into `board[..pits]`.
    pub(crate) fn unrank(&self, b: usize, mut rank: usize, board: &mut [u8; BOARD]) {
        let mut left = b;
        let pits = self.pits;
        for (i, pit) in board.iter_mut().enumerate().take(pits - 1) {
            let parts = pits - i;
            let mut a = 0;
            loop {
                // Boards with pit i = a, the rest free.
                let with_a = BINOMIAL.compositions(left - a, parts - 1);
                if rank < with_a {
                    break;
                }
                rank -= with_a;
                a += 1;
            }
            *pit = a as u8;
            left -= a;
        }
        board[pits - 1] = left as u8;
    }

    /// The position numbered `local` in layer `b` (as [`position_of`] makes it).
    pub(crate) fn position(&self, b: usize, local: usize) -> Position {
        let mut board = [0u8; BOARD];
        self.unrank(b, local / 2, &mut board);
        let side = if local.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        position_of(self.variant, &board[..self.pits], side)
    }

    /// Calls `f` with every board of `b` stones, in rank order.
    pub(crate) fn for_each_board(&self, b: usize, mut f: impl FnMut(&[u8])) {
        fn go(board: &mut [u8], i: usize, left: usize, f: &mut impl FnMut(&[u8])) {
            if i + 1 == board.len() {
                board[i] = left as u8;
                f(board);
                return;
            }
            for a in 0..=left {
                board[i] = a as u8;
                go(board, i + 1, left - a, f);
            }
        }
        let mut board = [0u8; BOARD];
        go(&mut board[..self.pits], 0, b, &mut f);
    }
}

/// A position with `board` and `to_move`, its captured stones split between the sides
/// (values do not depend on them).
pub(crate) fn position_of(variant: Variant, board: &[u8], to_move: Side) -> Position {
    let mut full = [0u8; BOARD];
    full[..board.len()].copy_from_slice(board);
    let on_board: u8 = board.iter().sum();
    let captured = variant.total_stones() - on_board;
    Position {
        variant,
        board: full,
        stores: BySide::new(captured - captured / 2, captured / 2),
        tuzdyks: BySide::new(NO_TUZDYK, NO_TUZDYK),
        to_move,
        opening: false,
        outcome: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_board_ranks_to_its_place_and_back() {
        for variant in [Variant::Tihbat, Variant::Modiar] {
            let layout = Layout::up_to(variant, 9);
            for b in 0..=layout.top() {
                let mut at = 0;
                layout.for_each_board(b, |board| {
                    for side in Side::ALL {
                        let pos = position_of(variant, board, side);
                        let index = layout.index(&pos).expect("numbered");
                        assert_eq!(index, layout.offset(b) + at);
                        assert_eq!(layout.position(b, at), pos);
                        at += 1;
                    }
                });
                assert_eq!(at, layout.layer_len(b));
            }
        }
    }
}
