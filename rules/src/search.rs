//! Alpha-beta search (negamax) for all six games, with move ordering, iterative
//! deepening and a fixed-size transposition table.
//!
//! # Values
//!
//! A value is a final score difference seen from the side to move: its stones minus
//! the opponent's. A finished game is worth its exact final difference (§C5). Where
//! the depth or node budget runs out, a position is worth what the rules already make
//! sure of: the difference of the stores, since stones in a Mangala or Kalah store
//! (§M5, §K3) or a Togyz kumalak store (§Z4–§Z6) and stones captured in Modiar, Tihbat
//! and Oware are never given back. A Togyz tuzdyk is worth what it will bring in, which
//! the stores count as it comes.
//!
//! # Evaluation
//!
//! By default that is all a leaf is worth ([`Evaluation::STORES`]): values are stones,
//! as the analysis reports them. A player may add a *mobility* term
//! ([`Searcher::set_evaluation`], [`Evaluation::for_variant`]): the legal moves of
//! the side to move less the opponent's, weighted in quarter stones. The search then
//! counts in quarter stones inside and reports values rounded back to stones; its best
//! moves are what the house bots play.
//!
//! # Turns
//!
//! A Mangala or Kalah extra move (§M6, §K4) is the same side moving again: its value is taken as it
//! is, not negated, and the window is kept. A Tihbat side with no counters passes
//! (§T4), which is a ply like a move.
//!
//! # Repetition
//!
//! The search detects repetitions along its own path, added to the history it is given
//! (the positions since the last capture, as [`Game`](crate::Game) keeps them): a move
//! that makes a position occur for the third time in Modiar, Oware or Togyz kumalak, or
//! the second in Tihbat, ends the game as the rules do (§D12, §T6, §O9, §Z9, P7). The transposition table does not
//! know the path, so a value stored along one path can be reused along another where a
//! repetition would have come sooner or later: the usual graph-history approximation of
//! game-playing programs. For exact values of Tihbat and Modiar use
//! [`solve::Table`](crate::solve::Table). Mangala and Kalah have no repetition rule (P2,
//! §K6).

use std::sync::Arc;

use crate::endgame::EndgameTables;
use crate::position::RepetitionKey;
use crate::{Pit, Position, Side, Variant};

/// A bound on the work of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// The deepest iteration, in plies.
    pub depth: u8,
    /// No new iteration starts once this many positions have been searched.
    pub nodes: u64,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The value of the position for its side to move (module docs).
    pub value: i16,
    /// The moves of that value, in pit order; empty when the side to move must pass or
    /// the game is over.
    pub best: Vec<Pit>,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// Positions searched, all iterations.
    pub nodes: u64,
}

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: i16,
    depth: u8,
    bound: Bound,
    best: u8,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

const INFINITY: i16 = 30_000;

/// What a leaf of the search is worth besides the stores' difference (module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Evaluation {
    /// Quarter stones for each legal move the side to move has more than its opponent
    /// would have if it were to move; 0 for none.
    pub mobility: i16,
}

impl Evaluation {
    /// The stores' difference alone: values in whole stones.
    pub const STORES: Evaluation = Evaluation { mobility: 0 };

    /// Units of a stone inside a search with a mobility term.
    const SCALE: i16 = 4;

    /// The evaluation the house bots use in `variant`, tuned by matches of the new
    /// evaluation against the stores alone at equal depth (`cargo run -p
    /// seedpost-rules --release --example mobility_match`, RULES.md "The house bots'
    /// evaluation"). Mobility matters where running out of moves decides (Oware's
    /// feeding and no-move end, §O6, §O7; Togyz kumalak's and Kalah's empty row, §Z8,
    /// §K6); where the match showed no gain the term is left out.
    #[must_use]
    pub const fn for_variant(variant: Variant) -> Evaluation {
        let mobility = match variant {
            // Tuned at depth 6 over weights 1-16 (100 games each).
            Variant::Oware => 3,
            Variant::Togyz | Variant::Kalah => 8,
            // Mangala: 46%, 53% and 41% at weights 1, 4 and 8, no gain. Modiar and
            // Tihbat are solved.
            Variant::Mangala | Variant::Modiar | Variant::Tihbat => 0,
        };
        Evaluation { mobility }
    }

    /// The search's units of a stone.
    const fn scale(self) -> i16 {
        if self.mobility == 0 { 1 } else { Self::SCALE }
    }
}

/// A searcher: its transposition table is allocated once, by [`Searcher::new`], and
/// reused by every search.
#[derive(Debug, Clone)]
pub struct Searcher {
    table: Vec<Entry>,
    mask: usize,
    nodes: u64,
    path: Vec<RepetitionKey>,
    /// Exact values of the Mangala positions they hold, used wherever the search
    /// meets one (its leaves included).
    endgame: Option<Arc<EndgameTables>>,
    /// The leaves' worth besides the stores (module docs).
    evaluation: Evaluation,
    /// Units of a stone: 1, or [`Evaluation::SCALE`] with a mobility term.
    scale: i16,
}

impl Searcher {
    /// A searcher with a transposition table of `2^bits` entries (16 bytes each).
    ///
    /// # Panics
    /// When `bits` is over 30.
    #[must_use]
    pub fn new(bits: u32) -> Searcher {
        assert!(bits <= 30, "a table of 2^{bits} entries is too large");
        let size = 1usize << bits;
        Searcher {
            table: vec![Entry::default(); size],
            mask: size - 1,
            nodes: 0,
            path: Vec::with_capacity(256),
            endgame: None,
            evaluation: Evaluation::STORES,
            scale: 1,
        }
    }

    /// Evaluates leaves with `evaluation` from now on (and forgets every stored
    /// position, valued the old way).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        if evaluation != self.evaluation {
            self.evaluation = evaluation;
            self.scale = evaluation.scale();
            self.clear();
        }
    }

    /// A leaf's value for the side to move, in the search's units.
    fn leaf(&self, pos: &Position) -> i16 {
        let stores = self.scale * stores_value(pos);
        if self.evaluation.mobility == 0 {
            return stores;
        }
        let mine = pos.legal_moves().len() as i16;
        let mut theirs = *pos;
        theirs.to_move = pos.to_move.opposite();
        let theirs = theirs.legal_moves().len() as i16;
        stores + self.evaluation.mobility * (mine - theirs)
    }

    /// Uses `tables` (or none) for the Mangala positions they hold: the search stops
    /// there with the exact value, at any depth.
    pub fn set_endgame(&mut self, tables: Option<Arc<EndgameTables>>) {
        self.endgame = tables;
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// Searches `pos` by iterative deepening within `budget`. `history` is the
    /// positions of the current segment before `pos` (oldest first), for the repetition
    /// rules; empty for a fresh position.
    #[must_use]
    pub fn search(&mut self, pos: &Position, history: &[Position], budget: Budget) -> SearchResult {
        self.nodes = 0;
        self.path.clear();
        self.path
            .extend(history.iter().map(Position::repetition_key));
        self.path.push(pos.repetition_key());
        let mut result = SearchResult {
            value: stores_value(pos),
            best: Vec::new(),
            depth: 0,
            nodes: 0,
        };
        if pos.is_over() {
            result.value = final_value(pos, pos.to_move);
            return result;
        }
        for depth in 1..=budget.depth {
            let mut best_value = -INFINITY;
            let mut best = Vec::new();
            let me = pos.to_move;
            for pit in pos.legal_moves() {
                let mut next = *pos;
                next.play_unchecked(pit);
                let v = self.child(pos, &next, me, depth - 1, -INFINITY, INFINITY);
                if v > best_value {
                    best_value = v;
                    best.clear();
                }
                if v == best_value {
                    best.push(pit);
                }
            }
            if pos.must_pass()
                && let Ok(next) = pos.pass()
            {
                best_value = self.child(pos, &next, me, depth - 1, -INFINITY, INFINITY);
            } else if best.is_empty() {
                // A Modiar side without a move: the game would be over (§D11).
                let mut ended = *pos;
                ended.end_taking_own_rows(crate::EndedBy::NoMoves);
                best_value = self.scale * final_value(&ended, me);
            }
            result = SearchResult {
                // Back to whole stones, to the nearest.
                value: (best_value + self.scale / 2).div_euclid(self.scale),
                best,
                depth,
                nodes: self.nodes,
            };
            if self.nodes >= budget.nodes {
                break;
            }
        }
        result
    }

    /// The value for `me`, who moved from `pos` to `next`, with the repetition rules.
    fn child(
        &mut self,
        pos: &Position,
        next: &Position,
        me: Side,
        depth: u8,
        alpha: i16,
        beta: i16,
    ) -> i16 {
        if next.is_over() {
            self.nodes += 1;
            return self.scale * final_value(next, me);
        }
        let captured = next.stores != pos.stores;
        let saved = self.path.len();
        let mut start = 0;
        if captured {
            // P7: only the positions since the last capture count.
            start = saved;
        }
        let key = next.repetition_key();
        let count = 1 + self.path[start..].iter().filter(|&&k| k == key).count();
        if let Some(limit) = next.variant.repetition_limit()
            && count >= limit
        {
            self.nodes += 1;
            let mut ended = *next;
            ended.end_by_repetition();
            return self.scale * final_value(&ended, me);
        }
        let tail: Vec<RepetitionKey> = if captured {
            self.path.drain(..).collect()
        } else {
            Vec::new()
        };
        self.path.push(key);
        let v = if next.to_move == me {
            // §M6: the same side moves again.
            self.negamax(next, depth, alpha, beta)
        } else {
            -self.negamax(next, depth, -beta, -alpha)
        };
        self.path.pop();
        if captured {
            self.path = tail;
        }
        v
    }

    fn negamax(&mut self, pos: &Position, depth: u8, mut alpha: i16, beta: i16) -> i16 {
        self.nodes += 1;
        if let Some(v) = self.endgame.as_ref().and_then(|t| t.value(pos)) {
            return self.scale * (stores_value(pos) + i16::from(v));
        }
        if depth == 0 {
            return self.leaf(pos);
        }
        let hash = hash(pos);
        let slot = (hash as usize) & self.mask;
        let entry = self.table[slot];
        let mut tt_move = u8::MAX;
        if entry.bound != Bound::Empty && entry.key == hash {
            tt_move = entry.best;
            if entry.depth >= depth {
                match entry.bound {
                    Bound::Exact => return entry.value,
                    Bound::Lower if entry.value >= beta => return entry.value,
                    Bound::Upper if entry.value <= alpha => return entry.value,
                    _ => {}
                }
            }
        }
        let me = pos.to_move;
        if pos.must_pass() {
            let Ok(next) = pos.pass() else {
                return self.scale * stores_value(pos);
            };
            return self.child(pos, &next, me, depth - 1, alpha, beta);
        }
        // Move ordering: the stored best move, then the moves by what they gain at
        // once (captures and extra moves first).
        let mut moves: [(i16, u8, Position); Pit::MAX as usize] = [(0, 0, *pos); Pit::MAX as usize];
        let mut len = 0;
        for pit in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(pit);
            let index = pit.index() as u8;
            let mut order = stores_value(&next) * if next.to_move == me { 1 } else { -1 };
            if next.to_move == me && !next.is_over() {
                order += 1;
            }
            if index == tt_move {
                order = INFINITY;
            }
            moves[len] = (order, index, next);
            len += 1;
        }
        if len == 0 {
            // A Modiar side without a move: the game would be over (§D11).
            let mut ended = *pos;
            ended.end_taking_own_rows(crate::EndedBy::NoMoves);
            return self.scale * final_value(&ended, me);
        }
        moves[..len].sort_unstable_by_key(|m| std::cmp::Reverse(m.0));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = moves[0].1;
        for &(_, index, next) in &moves[..len] {
            let v = self.child(pos, &next, me, depth - 1, alpha, beta);
            if v > best {
                best = v;
                best_move = index;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key: hash,
            value: best,
            depth,
            bound,
            best: best_move,
        };
        best
    }
}

/// The difference of the stores for the side to move.
fn stores_value(pos: &Position) -> i16 {
    let me = pos.to_move;
    i16::from(*pos.stores.get(me)) - i16::from(*pos.stores.get(me.opposite()))
}

/// The final difference of a finished game for `me`.
fn final_value(pos: &Position, me: Side) -> i16 {
    let score = pos.outcome.map_or(pos.stores, |o| o.score);
    i16::from(*score.get(me)) - i16::from(*score.get(me.opposite()))
}

/// A hash of everything the search's values depend on but the path.
fn hash(pos: &Position) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(0x0000_0100_0000_01b3).rotate_left(5);
    for chunk in pos.board.chunks(4) {
        let mut x = 0u64;
        for &b in chunk {
            x = (x << 8) | u64::from(b);
        }
        h = mix(h, x);
    }
    h = mix(
        h,
        u64::from(pos.stores.south) << 8 | u64::from(pos.stores.north),
    );
    h = mix(
        h,
        u64::from(pos.to_move == Side::North) | u64::from(pos.opening) << 1,
    );
    h ^ (h >> 29)
}
