//! Oware endgame tables: proven bounds on the value of every Oware position with at
//! most `N` seeds on the board, exact wherever they meet (RULES.md, "Oware endgame
//! tables").
//!
//! # Values
//!
//! As for the other tables, a value is what the side to move can still make of the
//! game: its final score minus the opponent's, less the difference of the captures
//! now. Unlike Mangala's, it depends on the captures too: 25 end the game at once with
//! the seeds left on the board uncounted (§O8). So a position is its board, the side
//! to move and the mover's captures `a` (the opponent's are the rest of the 48). With
//! `n` seeds on the board and neither side at 25, `a` runs over `24 - n ..= 24`: `n +
//! 1` *splits*. A value lies in `-n ..= n`.
//!
//! # Layers, and cycles within one
//!
//! Seeds leave the board only by capture (§O4) or at the end, so each count of seeds on
//! the board is a *layer*, solved from the fewest seeds up. Within a layer the moves
//! that capture nothing (sowing, a grand slam, §O5) form a graph with cycles, and the
//! repetition rule (§O9: the third occurrence ends the game, each side taking its own
//! row) makes the value of a position on a cycle depend on the positions seen since the
//! last capture. The tables do not guess it; they bound it:
//!
//! - the *lower* bound is the value of the game in which play that never leaves the
//!   layer is the worst for the side to move (`-n`), and the *upper* bound that of the
//!   game in which it is the best (`+n`). Both are the fixed points of the negamax over
//!   the layer reached from `-n` and `+n` (value iteration; each bound of a position
//!   uses the other bound of its successors, the side to move changing);
//! - the real value lies between them: a side whose lower bound is `v` has a strategy
//!   that leaves the layer (by a capture or an end) worth at least `v` along which the
//!   rank of an attractor falls at every ply, so no position occurs twice on the way
//!   and no repetition can end the game first; the opponent's lower bound, negated, is
//!   the upper bound in the same way;
//! - where the bounds meet the value is exact. It holds for the first position of a
//!   segment (after a capture, or the start), and for any position whose segment so far
//!   has no position twice: only a position seen twice already could end the game on
//!   the way.
//!
//! Moves and endings are the engine's own ([`Position::play`]), so the tables cannot
//! disagree with the rules.
//!
//! # Layout
//!
//! Boards are seen from the side to move (its row first, then the opponent's) and
//! numbered in lexicographic order of the 12 houses among those with the same seeds.
//! Layer `n` holds, for board number `r` and split `s` (`a = 24 - n + s`), the lower
//! bound at `2 * ((n + 1) * r + s)` and the upper bound after it, each an `i8`.

use crate::{BySide, Pit, Position, Side, Variant};

/// Houses on the board.
const HOUSES: usize = 12;

/// Houses in a row.
const ROW: usize = 6;

/// The captures of a side that has not won (§O8: 25 wins).
const BELOW_MAJORITY: u8 = 24;

/// The most seeds on the board the tables may cover: every split of a layer keeps
/// both sides below 25.
pub const MAX_SEEDS: u8 = 24;

/// `C(n, k)` for `n < 48`, `k < 12`.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u64 = 1;
    for i in 0..k {
        c = c * (n - i) as u64 / (i + 1) as u64;
    }
    c
}

/// The number of boards with `seeds` on them.
#[must_use]
pub fn boards(seeds: u8) -> u64 {
    binomial(usize::from(seeds) + HOUSES - 1, HOUSES - 1)
}

/// The number of positions (board and split) of layer `seeds`.
#[must_use]
pub fn layer_positions(seeds: u8) -> u64 {
    boards(seeds) * (u64::from(seeds) + 1)
}

/// Counts of boards: `COUNT[m][r]` boards of `r` seeds in `m` houses.
struct Counts([[u64; MAX_SEEDS as usize + 1]; HOUSES + 1]);

impl Counts {
    fn new() -> Counts {
        let mut c = [[0; MAX_SEEDS as usize + 1]; HOUSES + 1];
        for (m, row) in c.iter_mut().enumerate() {
            for (r, count) in row.iter_mut().enumerate() {
                *count = if m == 0 {
                    u64::from(r == 0)
                } else {
                    binomial(r + m - 1, m - 1)
                };
            }
        }
        Counts(c)
    }

    /// The rank of `board` among the boards of its seeds, in lexicographic order.
    fn rank(&self, board: &[u8; HOUSES]) -> u64 {
        let mut left: usize = board.iter().map(|&s| usize::from(s)).sum();
        let mut rank = 0;
        for (i, &seeds) in board.iter().enumerate().take(HOUSES - 1) {
            let after = HOUSES - 1 - i;
            for fewer in 0..usize::from(seeds) {
                rank += self.0[after][left - fewer];
            }
            left -= usize::from(seeds);
        }
        rank
    }
}

/// Every board of `seeds`, in lexicographic order (so the `r`-th has rank `r`).
fn all_boards(seeds: u8) -> Vec<[u8; HOUSES]> {
    fn fill(out: &mut Vec<[u8; HOUSES]>, board: &mut [u8; HOUSES], i: usize, left: u8) {
        if i == HOUSES - 1 {
            board[i] = left;
            out.push(*board);
            return;
        }
        for seeds in 0..=left {
            board[i] = seeds;
            fill(out, board, i + 1, left - seeds);
        }
    }
    let mut out = Vec::with_capacity(usize::try_from(boards(seeds)).unwrap_or(0));
    fill(&mut out, &mut [0; HOUSES], 0, seeds);
    out
}

/// The board of `pos` seen from its side to move, and that side's captures.
fn from_mover(pos: &Position) -> ([u8; HOUSES], u8) {
    let me = pos.to_move().unwrap_or(Side::South);
    let mut board = [0; HOUSES];
    board[..ROW].copy_from_slice(pos.row(me));
    board[ROW..].copy_from_slice(pos.row(me.opposite()));
    (board, *pos.stores().get(me))
}

/// Proven bounds on a value (module docs): `lower <= value <= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The least the side to move can make sure of.
    pub lower: i8,
    /// The most the opponent lets it make.
    pub upper: i8,
}

impl Bounds {
    /// Whether the bounds meet: the value is exact.
    #[must_use]
    pub const fn is_exact(self) -> bool {
        self.lower == self.upper
    }

    /// The bounds of `gain - other`: a move that gains `gain` and hands the opponent a
    /// position of bounds `other`.
    const fn after(gain: i8, other: Bounds) -> Bounds {
        Bounds {
            lower: gain - other.upper,
            upper: gain - other.lower,
        }
    }
}

/// One layer: the bounds of its positions (module docs, "Layout").
struct Layer {
    seeds: u8,
    bounds: Vec<[i8; 2]>,
}

/// What the building of the tables did, layer by layer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LayerStats {
    /// Seeds on the board.
    pub seeds: u8,
    /// Positions (boards times splits).
    pub positions: u64,
    /// Of them, those whose bounds meet (the side to move having a move).
    pub exact: u64,
    /// Positions whose side to move has no move (never reached in a game: §O7 ends
    /// it first).
    pub unplayable: u64,
    /// Rounds of value iteration until nothing changed.
    pub rounds: u32,
}

/// Bounds on the value of every Oware position with at most [`OwareTables::seeds`]
/// seeds on the board (module docs).
pub struct OwareTables {
    counts: Counts,
    layers: Vec<Layer>,
}

impl std::fmt::Debug for OwareTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OwareTables")
            .field("seeds", &self.seeds())
            .finish_non_exhaustive()
    }
}

/// Marks a house with no exit yet.
const NO_EXIT: i8 = i8::MIN;

impl OwareTables {
    /// Builds the tables up to `seeds` on the board, calling `progress` after each
    /// layer.
    ///
    /// # Panics
    /// When `seeds` is over [`MAX_SEEDS`].
    #[must_use]
    pub fn build(seeds: u8, mut progress: impl FnMut(LayerStats)) -> OwareTables {
        assert!(seeds <= MAX_SEEDS, "at most {MAX_SEEDS} seeds");
        let mut tables = OwareTables {
            counts: Counts::new(),
            layers: Vec::with_capacity(usize::from(seeds) + 1),
        };
        // Layer 0: no seed, nothing to play (never a position to move in).
        tables.layers.push(Layer {
            seeds: 0,
            bounds: vec![[0, 0]; 1],
        });
        for n in 1..=seeds {
            let (layer, stats) = tables.build_layer(n);
            tables.layers.push(layer);
            progress(stats);
        }
        tables
    }

    /// The most seeds on the board the tables hold.
    #[must_use]
    pub fn seeds(&self) -> u8 {
        self.layers.last().map_or(0, |l| l.seeds)
    }

    /// The bytes the bounds take.
    #[must_use]
    pub fn size(&self) -> usize {
        self.layers.iter().map(|l| 2 * l.bounds.len()).sum()
    }

    /// The bounds of `pos` as the first position of its segment (module docs); `None`
    /// outside the tables, for another game, when the game is over or when the side to
    /// move has no move.
    #[must_use]
    pub fn bounds(&self, pos: &Position) -> Option<Bounds> {
        if pos.variant() != Variant::Oware || pos.is_over() || pos.legal_moves().is_empty() {
            return None;
        }
        let n = pos.on_board();
        let layer = self.layers.get(usize::from(n))?;
        let (board, a) = from_mover(pos);
        let s = a.checked_sub(BELOW_MAJORITY - n)?;
        if s > n {
            return None;
        }
        let r = usize::try_from(self.counts.rank(&board)).ok()?;
        let [lower, upper] = layer.bounds[(usize::from(n) + 1) * r + usize::from(s)];
        Some(Bounds { lower, upper })
    }

    /// The bounds of each legal move of `pos`, in pit order: what the side to move
    /// makes of the game by it, the seeds it captures included; `None` where
    /// [`OwareTables::bounds`] is.
    #[must_use]
    pub fn move_bounds(&self, pos: &Position) -> Option<Vec<(Pit, Bounds)>> {
        self.bounds(pos)?;
        let me = pos.to_move()?;
        pos.legal_moves()
            .into_iter()
            .map(|pit| {
                let next = pos.play(pit).ok()?;
                Some((pit, self.after_move(pos, &next, me)?))
            })
            .collect()
    }

    /// The bounds, for `me` who moved from `pos`, of `next`.
    fn after_move(&self, pos: &Position, next: &Position, me: Side) -> Option<Bounds> {
        let diff =
            |stores: BySide<u8>| i16::from(*stores.get(me)) - i16::from(*stores.get(me.opposite()));
        if let Some(outcome) = next.outcome() {
            let v = i8::try_from(diff(outcome.score) - diff(pos.stores())).ok()?;
            return Some(Bounds { lower: v, upper: v });
        }
        let gain = i8::try_from(diff(next.stores()) - diff(pos.stores())).ok()?;
        Some(Bounds::after(gain, self.bounds(next)?))
    }

    /// Builds layer `n` from the layers below it (module docs).
    fn build_layer(&self, n: u8) -> (Layer, LayerStats) {
        let splits = usize::from(n) + 1;
        let boards = all_boards(n);
        let count = boards.len();
        let mut bounds = vec![[-(n as i8), n as i8]; count * splits];
        // The best exit of each position (a capture or an end): its bounds.
        let mut exits = vec![[NO_EXIT, NO_EXIT]; count * splits];
        // The moves staying in the layer: the successors' board numbers, as rows of a
        // table (`starts[r]..starts[r + 1]`). They do not depend on the split: only a
        // capture can reach 25.
        let mut starts: Vec<u32> = Vec::with_capacity(count + 1);
        let mut successors: Vec<u32> = Vec::with_capacity(count * 3);
        let mut playable = vec![true; count];
        for (r, board) in boards.iter().enumerate() {
            starts.push(successors.len() as u32);
            for s in 0..splits {
                let a = BELOW_MAJORITY - n + s as u8;
                let b = 48 - n - a;
                let Ok(pos) = Position::from_parts(
                    Variant::Oware,
                    &board[..ROW],
                    &board[ROW..],
                    BySide::new(a, b),
                    Side::South,
                ) else {
                    continue;
                };
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    playable[r] = false;
                    bounds[r * splits + s] = [0, 0];
                    continue;
                }
                let mut best = [NO_EXIT, NO_EXIT];
                for pit in moves {
                    let Ok(next) = pos.play(pit) else { continue };
                    let stays = !next.is_over() && next.stores() == pos.stores();
                    if stays {
                        if s == 0 {
                            let (after, _) = from_mover(&next);
                            successors.push(self.counts.rank(&after) as u32);
                        }
                        continue;
                    }
                    let exit = self
                        .after_move(&pos, &next, Side::South)
                        .expect("the layers below are built");
                    best[0] = best[0].max(exit.lower);
                    best[1] = best[1].max(exit.upper);
                }
                exits[r * splits + s] = best;
            }
        }
        starts.push(successors.len() as u32);
        // Value iteration, in place, until nothing changes: the lower bounds rise from
        // -n and the upper bounds fall from +n (module docs).
        let mut rounds = 0;
        loop {
            rounds += 1;
            let mut changed = false;
            for r in 0..count {
                if !playable[r] {
                    continue;
                }
                let next = &successors[starts[r] as usize..starts[r + 1] as usize];
                for s in 0..splits {
                    let [mut lower, mut upper] = exits[r * splits + s];
                    // The opponent's split: the mover's captures become the other's.
                    let t = splits - 1 - s;
                    for &q in next {
                        let [l, u] = bounds[q as usize * splits + t];
                        lower = lower.max(-u);
                        upper = upper.max(-l);
                    }
                    let slot = &mut bounds[r * splits + s];
                    if *slot != [lower, upper] {
                        *slot = [lower, upper];
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut exact = 0;
        let mut unplayable = 0;
        for r in 0..count {
            for s in 0..splits {
                if !playable[r] {
                    unplayable += 1;
                } else if bounds[r * splits + s][0] == bounds[r * splits + s][1] {
                    exact += 1;
                }
            }
        }
        let stats = LayerStats {
            seeds: n,
            positions: (count * splits) as u64,
            exact,
            unplayable,
            rounds,
        };
        (Layer { seeds: n, bounds }, stats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_ranked_in_the_order_they_are_listed() {
        let counts = Counts::new();
        for seeds in [0, 1, 2, 5] {
            let all = all_boards(seeds);
            assert_eq!(all.len() as u64, boards(seeds));
            for (r, board) in all.iter().enumerate() {
                assert_eq!(counts.rank(board), r as u64, "{board:?}");
            }
        }
    }
}
