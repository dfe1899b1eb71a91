//! The exact value of a position given its segment's history: a complete alpha-beta
//! search over the positions of its component, keeping how often each has occurred
//! (module docs of [`crate::solve`], facts 5 and 6).

use std::collections::HashMap;

use super::UNKNOWN;
use super::graph::Component;

/// What the search needs to know of one position of a component.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Info {
    /// North is to move.
    pub(crate) north: bool,
    /// The best move out of the component, from the mover's side; `UNKNOWN` if none.
    pub(crate) exit: i8,
    /// What ending by repetition here is worth to the mover.
    pub(crate) repetition: i8,
    /// The bounds of its fresh value, from the mover's side.
    pub(crate) low: i8,
    pub(crate) high: i8,
    /// The positions of the component its moves lead to.
    pub(crate) next: [usize; 3],
    pub(crate) len: u8,
}

impl Info {
    pub(crate) fn next(&self) -> &[usize] {
        &self.next[..usize::from(self.len)]
    }
}

/// The positions of one component, by some numbering.
pub(crate) trait Arena {
    /// What the search needs of position `s`.
    fn info(&mut self, s: usize) -> Info;
}

/// A component being solved, with its bounds, numbered by slot.
pub(crate) struct Slots<'a> {
    pub(crate) component: &'a Component,
    pub(crate) low: &'a [i8],
    pub(crate) high: &'a [i8],
}

impl Arena for Slots<'_> {
    fn info(&mut self, s: usize) -> Info {
        let c = self.component;
        let mut next = [0; 3];
        let succ = c.successors(s);
        for (n, &t) in next.iter_mut().zip(succ) {
            *n = t as usize;
        }
        Info {
            north: c.north[s],
            exit: c.exit[s],
            repetition: c.repetition[s],
            low: self.low[s],
            high: self.high[s],
            next,
            len: succ.len() as u8,
        }
    }
}

/// Repetition values run over `-OFFSET..=OFFSET`.
const OFFSET: usize = 64;

/// A search over one component.
pub(crate) struct HistorySearch<A> {
    arena: A,
    /// The occurrence that ends the game (§D12: 3, §T6: 2).
    limit: u8,
    /// Occurrences of each position in the segment so far.
    count: HashMap<usize, u8>,
    /// How many positions one more occurrence of which ends the game have each
    /// repetition value (South's side).
    last: Vec<u32>,
    last_total: u32,
    /// A hash of `count`, for the transposition table: 128 bits, so that two
    /// histories that differ share an entry with a chance of about 2^-128 per pair.
    hash: u128,
    table: HashMap<u128, (i8, i8)>,
    /// Positions searched.
    pub(crate) nodes: u64,
}

/// A 64-bit mix (splitmix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash key of position `s` occurring `count` times (0 for none).
fn zobrist(s: usize, count: u8) -> u128 {
    if count == 0 {
        return 0;
    }
    let x = (s as u64) << 8 | u64::from(count);
    let a = mix(x.wrapping_add(0x9e37_79b9_7f4a_7c15));
    let b = mix(x ^ 0x5eed_9057_a5a5_5a5a);
    u128::from(a) << 64 | u128::from(b)
}

impl<A: Arena> HistorySearch<A> {
    pub(crate) fn new(arena: A, limit: u8) -> HistorySearch<A> {
        HistorySearch {
            arena,
            limit,
            count: HashMap::new(),
            last: vec![0; 2 * OFFSET + 1],
            last_total: 0,
            hash: 0,
            table: HashMap::new(),
            nodes: 0,
        }
    }

    /// South's side of `s`'s repetition value, as an index into `last`.
    fn south_repetition(info: &Info) -> usize {
        let r = if info.north {
            -info.repetition
        } else {
            info.repetition
        };
        (i16::from(r) + OFFSET as i16) as usize
    }

    /// One more (`up`) or one less occurrence of `s`.
    fn step(&mut self, s: usize, up: bool) {
        let before = self.count.get(&s).copied().unwrap_or(0);
        let after = if up { before + 1 } else { before - 1 };
        self.hash ^= zobrist(s, before) ^ zobrist(s, after);
        let last = self.limit - 1;
        if before == last || after == last {
            let r = Self::south_repetition(&self.arena.info(s));
            if before == last {
                self.last[r] -= 1;
                self.last_total -= 1;
            } else {
                self.last[r] += 1;
                self.last_total += 1;
            }
        }
        if after == 0 {
            self.count.remove(&s);
        } else {
            self.count.insert(s, after);
        }
    }

    fn count(&self, s: usize) -> u8 {
        self.count.get(&s).copied().unwrap_or(0)
    }

    /// The exact value of `root` for its mover, the segment so far being `history`
    /// (positions with their occurrences, `root`'s own included).
    pub(crate) fn value(&mut self, root: usize, history: &[(usize, u8)]) -> i8 {
        for &(s, n) in history {
            for _ in 0..n {
                self.step(s, true);
            }
        }
        let v = self.negamax(root, -i8::MAX, i8::MAX);
        for &(s, n) in history {
            for _ in 0..n {
                self.step(s, false);
            }
        }
        v
    }

    /// The exact value for the mover at `from` of moving to `to`, the segment so far
    /// being `history` (`from`'s own occurrence included).
    pub(crate) fn move_value(&mut self, from: usize, to: usize, history: &[(usize, u8)]) -> i8 {
        for &(s, n) in history {
            for _ in 0..n {
                self.step(s, true);
            }
        }
        let from_info = self.arena.info(from);
        let v = self.child(&from_info, to, -i8::MAX, i8::MAX);
        for &(s, n) in history {
            for _ in 0..n {
                self.step(s, false);
            }
        }
        v
    }

    /// Bounds of `s`'s value for its mover with the current history: the fresh
    /// bounds, widened by the repetitions one more visit would end the game with.
    /// (The fresh bounds' strategies keep them against any ending on a cycle walked
    /// from here; only a position one occurrence short of the limit can end the game
    /// without one.)
    fn bounds(&mut self, s: usize, info: &Info) -> (i8, i8) {
        let (mut low, mut high) = (info.low, info.high);
        let own_last = self.count(s) == self.limit - 1;
        let own = Self::south_repetition(info);
        if own_last {
            self.last[own] -= 1;
            self.last_total -= 1;
        }
        if self.last_total > 0 {
            let lo = self.last.iter().position(|&n| n > 0).unwrap_or(OFFSET);
            let hi = self.last.iter().rposition(|&n| n > 0).unwrap_or(OFFSET);
            let lo = (lo as i16 - OFFSET as i16) as i8;
            let hi = (hi as i16 - OFFSET as i16) as i8;
            // From the mover's side.
            let (lo, hi) = if info.north { (-hi, -lo) } else { (lo, hi) };
            low = low.min(lo);
            high = high.max(hi);
        }
        if own_last {
            self.last[own] += 1;
            self.last_total += 1;
        }
        (low, high)
    }

    /// The value for the mover at `from` of moving to `to`, inside the component.
    fn child(&mut self, from: &Info, to: usize, alpha: i8, beta: i8) -> i8 {
        if self.count(to) >= self.limit - 1 {
            // The game ends there by repetition (§D12, §T6).
            let info = self.arena.info(to);
            return if info.north == from.north {
                info.repetition
            } else {
                -info.repetition
            };
        }
        self.step(to, true);
        let v = -self.negamax(to, -beta, -alpha);
        self.step(to, false);
        v
    }

    fn negamax(&mut self, s: usize, mut alpha: i8, mut beta: i8) -> i8 {
        self.nodes += 1;
        let info = self.arena.info(s);
        let (low, high) = self.bounds(s, &info);
        if low >= beta || low == high {
            return low;
        }
        if high <= alpha {
            return high;
        }
        alpha = alpha.max(low);
        beta = beta.min(high);
        let key = self.hash ^ zobrist(s, u8::MAX);
        if let Some(&(lo, hi)) = self.table.get(&key) {
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if info.exit == UNKNOWN {
            -i8::MAX
        } else {
            info.exit
        };
        if best < beta {
            // Moves that end the game first, then the most promising by their
            // fresh bounds.
            let mut moves: [(i8, usize); 3] = [(0, 0); 3];
            let len = info.next().len();
            for (m, &t) in moves.iter_mut().zip(info.next()) {
                let order = if self.count(t) >= self.limit - 1 {
                    i8::MAX
                } else {
                    -self.arena.info(t).low
                };
                *m = (order, t);
            }
            moves[..len].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
            for &(_, t) in &moves[..len] {
                let v = self.child(&info, t, alpha.max(best), beta);
                best = best.max(v);
                if best >= beta {
                    break;
                }
            }
        }
        let best = best.clamp(low, high);
        let entry = self.table.entry(key).or_insert((low, high));
        if best <= alpha0 {
            entry.1 = entry.1.min(best);
        } else if best >= beta0 {
            entry.0 = entry.0.max(best);
        } else {
            *entry = (best, best);
        }
        best
    }
}
