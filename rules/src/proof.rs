//! Proven bounds on the value of a Mangala or Kalah position: a search whose every
//! answer is a theorem about perfect play, not an estimate (RULES.md, "The Mangala
//! start", "Kalah endgame tables and the solve"). The prover follows the rules of its
//! endgame tables ([`EndgameTables::rules`]).
//!
//! # Values
//!
//! As in [`search`](crate::search), a value is a final score difference seen from the
//! side to move. Inside the search a position's *future* value is used instead: the
//! final difference less the stores' difference now, which depends on the board and
//! the side to move alone (stones in a store never come back, §M5, §K3).
//!
//! # Soundness
//!
//! Every position the search meets gets an interval `[lo, hi]` that provably holds its
//! future value under perfect play of both sides:
//!
//! - within the endgame tables, the exact value (`lo == hi`);
//! - a finished game, its exact final difference;
//! - anywhere else, before it is searched, `[-S, +S]` with `S` the stones on the board:
//!   those stones are all that is left to win, and each goes to one side or the other.
//!   The future value also has the parity of `S` (the two sides' future gains add up to
//!   `S`), so the bounds are rounded inwards to it;
//! - a searched position, from its moves: the mover's value is the largest of its
//!   moves' values, so `lo` is the largest `lo` of the moves searched and `hi` the
//!   largest `hi` of all its moves, a move not searched counting `+S`. A move worth
//!   `g` now (stones it stored for the mover less those for the opponent, its end's
//!   sweep included) into a position of the same mover (§M6, §K4) is worth `g + [lo, hi]` of
//!   that position, into one of the opponent `g - [hi, lo]`.
//!
//! By induction every interval holds, whatever the depth, the order of the moves or
//! what the transposition table kept: bounds from different searches are intersected,
//! never trusted beyond what they state. The table keys a position by its whole board
//! and side to move, so no collision can mix two positions.
//!
//! # Search
//!
//! A test asks one question of a position with a number `t`: is its value at least
//! `t`, or is it below `t`? At a leaf the answer is yes only if the bounds above
//! already say so (the unknown stones counted against the answer), so a test is an
//! alpha-beta search with a null window over a game whose leaves are scored
//! pessimistically for the question: a yes is a proof (a move proving "at least",
//! every move proving "below"), a no proves nothing. The transposition table keeps
//! the proven bounds, which any later test may use, and the failed tests, which only
//! tests no deeper reuse. [`Prover::prove`] deepens by one ply at a time, and at
//! each depth raises the root's lower bound while a test proves the next value
//! reached, then lowers its upper bound likewise, as MTD(f) steps its tests. Plies count moves, an extra move (§M6)
//! included. The work is bounded by depth and nodes, never by a clock, so a result is
//! reproducible.

use std::sync::Arc;

use crate::endgame::{EndgameTables, Rules};
use crate::search::Budget;
use crate::{Position, Side};

/// Bounds on the value of a position, proven under perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proven {
    /// The side to move can make sure of at least this final difference.
    pub lower: i16,
    /// The opponent can hold the side to move to at most this final difference.
    pub upper: i16,
    /// The deepest search completed, in plies.
    pub depth: u8,
    /// Positions searched, all depths.
    pub nodes: u64,
}

impl Proven {
    /// Whether the value is known: the bounds meet.
    #[must_use]
    pub fn is_exact(&self) -> bool {
        self.lower == self.upper
    }
}

/// A position's key: its pits (at most 63 stones each, 6 bits each) and the side to
/// move. Equal keys are equal boards and sides, nothing less.
fn key(pos: &Position) -> u128 {
    let mut k = 0u128;
    for &s in &pos.board {
        k = (k << 6) | u128::from(s);
    }
    (k << 1) | u128::from(pos.to_move == Side::North)
}

/// The table's slot for a key.
fn slot(key: u128, mask: usize) -> usize {
    let x = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let x = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    ((x ^ (x >> 29)) as usize) & mask
}

/// What the table keeps of a position: proven bounds (true in any search), and the
/// tests that failed, which say only that a search of that depth could not prove it
/// (reused by searches no deeper).
#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u128,
    lo: i8,
    hi: i8,
    /// `at_least(t)` failed at this depth for this `t` (and so for any larger).
    failed_at_least: (u8, i8),
    /// `below(t)` failed at this depth for this `t` (and so for any smaller).
    failed_below: (u8, i8),
    /// The index of the move that settled the last test (`u8::MAX`: none).
    best: u8,
    /// The base-2 logarithm of the positions the last test of it searched: of the two
    /// entries a key may use, the one of less work is replaced.
    work: u8,
    used: bool,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            lo: 0,
            hi: 0,
            failed_at_least: (0, i8::MAX),
            failed_below: (0, i8::MIN),
            best: u8::MAX,
            work: 0,
            used: false,
        }
    }
}

/// Which question a test asks of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Question {
    /// Is the value at least `t`?
    AtLeast,
    /// Is the value below `t`?
    Below,
}

/// A prover: its transposition table is allocated once, by [`Prover::new`], and kept
/// across calls (the bounds it holds are true in any later search).
#[derive(Debug, Clone)]
pub struct Prover {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    /// Positions met that the endgame tables hold.
    in_tables: u64,
    tables: Arc<EndgameTables>,
    rules: Rules,
}

impl Prover {
    /// A prover with a transposition table of `2^bits` entries (32 bytes each) and the
    /// endgame `tables` for its leaves, proving under the tables' rules.
    ///
    /// # Panics
    /// When `bits` is over 32.
    #[must_use]
    pub fn new(bits: u32, tables: Arc<EndgameTables>) -> Prover {
        assert!(bits <= 32, "a table of 2^{bits} entries is too large");
        let size = 1usize << bits;
        Prover {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            in_tables: 0,
            rules: tables.rules(),
            tables,
        }
    }

    /// Positions searched since the prover was made.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Positions met since the prover was made that the endgame tables hold (their
    /// values exact).
    #[must_use]
    pub fn in_tables(&self) -> u64 {
        self.in_tables
    }

    /// Proves bounds on the value of `pos` (of the tables' variant) for its side to
    /// move, by iterative deepening within `budget`: no new depth starts once `budget.nodes`
    /// positions have been searched by this call, and the bounds are proven whenever
    /// it stops (module docs).
    ///
    /// # Panics
    /// When `pos` is not of the tables' variant.
    #[must_use]
    pub fn prove(&mut self, pos: &Position, budget: Budget) -> Proven {
        let began = self.nodes;
        let mut proven = self.prove_at(pos, 0);
        for depth in 1..=budget.depth {
            if proven.is_exact() || self.nodes - began >= budget.nodes {
                break;
            }
            proven = self.prove_at(pos, depth);
        }
        proven.nodes = self.nodes - began;
        proven
    }

    /// Proves bounds on the value of `pos` (of the tables' variant) for its side to
    /// move with tests of `depth` plies (and what the table holds from earlier searches):
    /// the largest lower bound and the smallest upper bound such tests prove.
    ///
    /// # Panics
    /// When `pos` is not of the tables' variant.
    #[must_use]
    pub fn prove_at(&mut self, pos: &Position, depth: u8) -> Proven {
        assert_eq!(
            pos.variant,
            self.rules.variant(),
            "a position of the tables' game"
        );
        let began = self.nodes;
        let me = pos.to_move;
        let stores = i16::from(*pos.stores.get(me)) - i16::from(*pos.stores.get(me.opposite()));
        if pos.is_over() {
            let score = pos.outcome.map_or(pos.stores, |o| o.score);
            let v = i16::from(*score.get(me)) - i16::from(*score.get(me.opposite()));
            return Proven {
                lower: v,
                upper: v,
                depth,
                nodes: 0,
            };
        }
        let s = i16::from(pos.on_board());
        let (mut lo, mut hi) = self.known(pos);
        // Raise the lower bound while a test proves the next value reached, then lower
        // the upper bound while one proves the value below it: a value's parity is the
        // board's, so each proof moves a bound by two.
        while lo < hi && self.test(pos, depth, Question::AtLeast, lo + 1) {
            let known = self.known(pos);
            (lo, hi) = parity(known.0.max(lo + 1), known.1.min(hi), s);
        }
        while lo < hi && self.test(pos, depth, Question::Below, hi) {
            let known = self.known(pos);
            (lo, hi) = parity(known.0.max(lo), known.1.min(hi - 1), s);
        }
        Proven {
            lower: stores + lo,
            upper: stores + hi,
            depth,
            nodes: self.nodes - began,
        }
    }

    /// Proves bounds on the value of `pos` (of the tables' variant) for its side to
    /// move by null-window tests of `depth` plies starting at `guess` (a final
    /// difference), as MTD(f) steps them: once "at least `g`" is proven the next test
    /// asks "at most `g`", once "below `g`" is proven it asks "at least" the value below,
    /// and a test that fails is asked the other way at the same value; two failures in
    /// a row end the search, the bounds proven so far kept. With a depth beyond every
    /// line's length (a search to the end of the game and the tables), a good guess
    /// settles the value in two or three tests where [`Prover::prove_at`] would step
    /// the bounds from the trivial ones. `nodes` counts this call's positions.
    ///
    /// # Panics
    /// When `pos` is not of the tables' variant.
    #[must_use]
    pub fn prove_around(&mut self, pos: &Position, depth: u8, guess: i16) -> Proven {
        assert_eq!(
            pos.variant,
            self.rules.variant(),
            "a position of the tables' game"
        );
        let began = self.nodes;
        let me = pos.to_move;
        let stores = i16::from(*pos.stores.get(me)) - i16::from(*pos.stores.get(me.opposite()));
        if pos.is_over() {
            return self.prove_at(pos, depth);
        }
        let s = i16::from(pos.on_board());
        let (mut lo, mut hi) = self.known(pos);
        let mut g = parity(guess - stores, guess - stores, s).0.clamp(lo, hi);
        let mut question = Question::AtLeast;
        let mut failures = 0;
        while lo < hi && failures < 2 {
            g = g.clamp(lo, hi);
            let proved = self.test(pos, depth, question, g);
            let known = self.known(pos);
            (lo, hi) = parity(known.0.max(lo), known.1.min(hi), s);
            if !proved {
                failures += 1;
                question = match question {
                    Question::AtLeast => Question::Below,
                    Question::Below => Question::AtLeast,
                };
                continue;
            }
            failures = 0;
            match question {
                Question::AtLeast => {
                    (lo, hi) = parity(lo.max(g), hi, s);
                    // Is it at most g, i.e. below the next value?
                    g = lo + 2;
                    question = Question::Below;
                }
                Question::Below => {
                    (lo, hi) = parity(lo, hi.min(g - 1), s);
                    // Is it at least the value below g?
                    g = hi;
                    question = Question::AtLeast;
                }
            }
        }
        Proven {
            lower: stores + lo,
            upper: stores + hi,
            depth,
            nodes: self.nodes - began,
        }
    }

    /// The proven bounds on `pos`'s future value without searching it.
    fn known(&self, pos: &Position) -> (i16, i16) {
        if let Some(v) = self.tables.value(pos) {
            return (i16::from(v), i16::from(v));
        }
        let s = i16::from(pos.on_board());
        if pos.legal_moves().is_empty() {
            // An empty row to move from would have ended the game (§M9, §K6).
            let v = self.rules.stuck(s);
            return (v, v);
        }
        let k = key(pos);
        match self.find(k) {
            Some(at) => (i16::from(self.table[at].lo), i16::from(self.table[at].hi)),
            None => (-s, s),
        }
    }

    /// The table's entry of `key`: a key may use its slot or the one beside it.
    fn find(&self, key: u128) -> Option<usize> {
        let at = slot(key, self.mask);
        [at, at ^ 1]
            .into_iter()
            .find(|&i| self.table[i].used && self.table[i].key == key)
    }

    /// Where to keep `key`: its entry, else the unused or less worked of its two slots.
    fn place(&self, key: u128) -> usize {
        if let Some(at) = self.find(key) {
            return at;
        }
        let at = slot(key, self.mask);
        let (a, b) = (&self.table[at], &self.table[at ^ 1]);
        if !a.used || (b.used && a.work <= b.work) {
            at
        } else {
            at ^ 1
        }
    }

    /// Whether a search of `depth` plies proves the future value of `pos` for its
    /// mover at least `t` ([`Question::AtLeast`]) or below `t` ([`Question::Below`]).
    /// A `true` is a proof, and the table keeps the bound; a `false` proves nothing.
    #[expect(clippy::too_many_lines, reason = "159 lines, to be split (issue 34)")]
    fn test(&mut self, pos: &Position, depth: u8, question: Question, t: i16) -> bool {
        self.nodes += 1;
        let s = i16::from(pos.on_board());
        if s <= i16::from(self.tables.stones()) {
            self.in_tables += 1;
        }
        let (lo, hi) = self.known(pos);
        let settled = match question {
            Question::AtLeast => (lo >= t).then_some(true).or((hi < t).then_some(false)),
            Question::Below => (hi < t).then_some(true).or((lo >= t).then_some(false)),
        };
        if let Some(answer) = settled {
            return answer;
        }
        if depth == 0 || lo == hi {
            return false;
        }
        let began = self.nodes;
        let k = key(pos);
        let mut tt_move = u8::MAX;
        if let Some(at) = self.find(k) {
            let entry = self.table[at];
            tt_move = entry.best;
            let failed = match question {
                Question::AtLeast => {
                    entry.failed_at_least.0 >= depth && t >= i16::from(entry.failed_at_least.1)
                }
                Question::Below => {
                    entry.failed_below.0 >= depth && t <= i16::from(entry.failed_below.1)
                }
            };
            if failed {
                return false;
            }
        }
        let me = pos.to_move;
        // The moves, with what each stores for the mover now: the stored best first,
        // then the largest gains and extra moves.
        let mut moves: [(i16, i16, u8, Position); 6] = [(0, 0, 0, *pos); 6];
        let mut len = 0;
        for pit in pos.legal_moves() {
            let mut next = *pos;
            self.rules.play(&mut next, pit);
            let gained = gain(pos, &next, me);
            let index = pit.index() as u8;
            let mut order = 2 * gained;
            if next.to_move == me && !next.is_over() {
                order += 1;
            }
            if index == tt_move {
                order = i16::MAX;
            }
            moves[len] = (order, gained, index, next);
            len += 1;
        }
        moves[..len].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        // A move whose result the table or the tables already value at least t
        // answers AtLeast at once (an enhanced transposition cutoff).
        if question == Question::AtLeast {
            for &(_, g, _, next) in &moves[..len] {
                let l = if next.is_over() {
                    g
                } else if next.to_move == me {
                    g + self.known(&next).0
                } else {
                    g - self.known(&next).1
                };
                if l >= t {
                    return true;
                }
            }
        }
        // AtLeast needs one move worth at least t; Below needs every move below t.
        let mut best = u8::MAX;
        let mut top_lo = i16::MIN;
        let mut top_hi = i16::MIN;
        let mut answer = question == Question::Below;
        let mut searched = 0;
        for &(_, g, index, next) in &moves[..len] {
            // The move's value is g + u (same mover) or g - u (the opponent's u).
            let (proved, l, h) = if next.is_over() {
                let proved = match question {
                    Question::AtLeast => g >= t,
                    Question::Below => g < t,
                };
                (proved, g, g)
            } else if next.to_move == me {
                let proved = self.test(&next, depth - 1, question, t - g);
                let (l, h) = self.known(&next);
                (proved, g + l, g + h)
            } else {
                // g - u >= t exactly when u < g - t + 1; g - u < t when u >= g - t + 1.
                let flipped = match question {
                    Question::AtLeast => Question::Below,
                    Question::Below => Question::AtLeast,
                };
                let proved = self.test(&next, depth - 1, flipped, g - t + 1);
                let (l, h) = self.known(&next);
                (proved, g - h, g - l)
            };
            // A proof says more than the table may still hold (its entry can have
            // been replaced since).
            let (l, h) = match (question, proved) {
                (Question::AtLeast, true) => (l.max(t), h),
                (Question::Below, true) => (l, h.min(t - 1)),
                _ => (l, h),
            };
            top_lo = top_lo.max(l);
            top_hi = top_hi.max(h);
            searched += 1;
            if question == Question::AtLeast && proved {
                best = index;
                answer = true;
                break;
            }
            if question == Question::Below && !proved {
                best = index;
                answer = false;
                break;
            }
        }
        // What the moves searched prove: the mover gets at least the best of their
        // lower bounds; at most the best of their upper bounds once all were searched.
        let mut new_lo = lo.max(top_lo);
        let mut new_hi = hi;
        if searched == len {
            new_hi = new_hi.min(top_hi);
        }
        (new_lo, new_hi) = parity(new_lo, new_hi, s);
        let at = self.place(k);
        let work = (64 - (self.nodes - began).leading_zeros()) as u8;
        let entry = &mut self.table[at];
        let same = entry.used && entry.key == k;
        if !same {
            *entry = Entry {
                key: k,
                ..Entry::default()
            };
            entry.used = true;
        }
        entry.work = work;
        entry.lo = new_lo as i8;
        entry.hi = new_hi as i8;
        if best != u8::MAX {
            entry.best = best;
        }
        if !answer {
            match question {
                Question::AtLeast => {
                    let (d, old) = entry.failed_at_least;
                    entry.failed_at_least = if d > depth {
                        (d, old)
                    } else if d == depth {
                        (d, old.min(t as i8))
                    } else {
                        (depth, t as i8)
                    };
                }
                Question::Below => {
                    let (d, old) = entry.failed_below;
                    entry.failed_below = if d > depth {
                        (d, old)
                    } else if d == depth {
                        (d, old.max(t as i8))
                    } else {
                        (depth, t as i8)
                    };
                }
            }
        }
        answer
    }
}

/// What the move from `pos` to `next` stored for `me` less what it stored for the
/// opponent, the end's sweep included (§M9, §K6).
fn gain(pos: &Position, next: &Position, me: Side) -> i16 {
    let diff = |p: &Position| {
        let s = p.outcome.map_or(p.stores, |o| o.score);
        i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
    };
    diff(next) - diff(pos)
}

/// `[lo, hi]` narrowed to the values of the parity of `s`, the stones on the board.
fn parity(lo: i16, hi: i16, s: i16) -> (i16, i16) {
    let odd = s.rem_euclid(2);
    let lo = if lo.rem_euclid(2) == odd { lo } else { lo + 1 };
    let hi = if hi.rem_euclid(2) == odd { hi } else { hi - 1 };
    (lo, hi)
}
