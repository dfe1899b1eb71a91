//! Tihbat and Modiar solved: the exact value under perfect play of every position with
//! the game's stones, by retrograde analysis (RULES.md, "Solved values").
//!
//! # What a value is
//!
//! A position's *value* is the score difference the side to move can make sure of from
//! now on, under perfect play by both sides: (its final score − its current captures) −
//! (the opponent's final score − the opponent's current captures). Captures are never
//! given back and the rules never look at them, so the final score difference is the
//! captures' difference plus this value ([`Table::final_difference`]).
//!
//! # Repetition
//!
//! The repetition rules (§D12, §T6) make the value of a position depend on its history:
//! the positions since the last capture (P7). The analysis rests on six facts.
//!
//! 1. A capture takes stones off the board for good, so the stones on the board never
//!    grow. A capture-free stretch of play (a *segment*) moves within one *layer*, the
//!    positions with a fixed number of stones on the board; a capture leaves the layer
//!    for good and starts a new segment whose history is only its first position.
//! 2. The table holds the value of each position as the *first position of its segment*
//!    (a *fresh* history): after a capture, or at the start of a game. Moves that
//!    capture lead to fresh positions of a lower layer, solved first, so their values
//!    are exact whatever happened before.
//! 3. In a layer, the non-capturing moves form a directed graph. A position on no cycle
//!    of it can never occur twice, so repetition cannot touch it: its value is the plain
//!    minimax of its moves. Positions on cycles come in strongly connected components
//!    (SCCs), solved sinks first; the moves leaving an SCC lead to positions that can
//!    never come back into it, so their values are already exact.
//! 4. **Tihbat** ends at the *second* occurrence and divides the board equally
//!    (§T7): the repetition is worth 0 to both, wherever it happens. Then the fresh
//!    value is exactly the value of the game in which endless play is worth 0
//!    (computed by attractors, threshold by threshold: `cycles::zero_model`). For a
//!    threshold `k > 0`, the side that can force a move worth `k` or more does so
//!    along an attractor whose rank falls at every step, so no position repeats on
//!    the way; the other side, kept outside the attractor, holds the result below `k`
//!    whether the game ends by a repetition (0) or by a move out of the SCC. The same
//!    holds for `k ≤ 0` with the sides swapped. So the table is exact for Tihbat.
//! 5. **Modiar** ends at the *third* occurrence, each side taking its own row (§D12):
//!    what a repetition is worth depends on the position repeated, and a side may walk
//!    a cycle once and leave it on the second round. It is solved exactly in two
//!    steps.
//!    - *Bounds from both sides* (`cycles::bounds`). For each side `p`, the game on
//!      the SCC in which endless play is worth to `p` the lowest repetition value
//!      among the positions it visits infinitely often. That game has positional
//!      optimal strategies (threshold by threshold it is a co-Büchi game), and a
//!      positional strategy keeps its guarantee in the real game: a real game that
//!      ends at a third occurrence of `x` has walked a closed walk through `x` that
//!      follows `p`'s strategy, which the opponent could repeat for ever, so the
//!      repetition at `x` is worth at least the guarantee. `p`'s guarantee is a lower
//!      bound of `p`'s real value, and the opponent's an upper one. Where they meet,
//!      the value is exact: at all but a few hundred of Modiar's positions on cycles.
//!    - *A search that keeps the history* (`history::HistorySearch`) settles the
//!      rest: complete alpha-beta over (position, occurrences of each position of the
//!      SCC), which is what the future depends on, the bounds narrowing the window at
//!      every node, with a transposition table keyed by a 128-bit hash of the
//!      occurrences (two different histories share a key with a chance of about
//!      2^-128).
//! 6. **Mid-segment positions.** A position reached without a capture since earlier
//!    positions of its segment can have another value: in Tihbat a move back to one of
//!    them ends the game at 0, in Modiar the counts differ. Only the earlier positions
//!    of its own SCC matter (any other is never reached again), and the bounds above
//!    still hold with history, widened by the repetitions of the positions one
//!    occurrence short of the end (those end the game on a single visit, without a
//!    cycle). [`Table::value_after`] and [`Table::move_values`] give these values by
//!    the same search; where the widened bounds meet, without searching.
//!
//! [`Table::value`] answers for fresh positions.
//!
//! Modiar's very first move captures nothing (§D6): the two start positions are valued
//! separately ([`Table::start_value`]), from the values of the positions after the
//! first move with the start in their history.

mod cycles;
mod cycles_index;
mod graph;
mod history;
mod layout;

use cycles_index::CycleIndex;
use graph::{Component, Node};
use history::{Arena, HistorySearch, Info, Slots};
use layout::Layout;

use crate::{Pit, Position, Side, Variant};

/// The solved values of every position of Tihbat or Modiar (see the module docs).
#[derive(Debug, Clone)]
pub struct Table {
    layout: Layout,
    values: Vec<i8>,
    start: [i8; 2],
    stats: Stats,
    /// The component of each position on a cycle.
    cycles: CycleIndex,
    /// The positions whose bounds differed (index, low, high), by index.
    gaps: Vec<(u32, i8, i8)>,
}

/// What solving a table took.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions on cycles of the non-capturing moves (module docs, fact 3).
    pub on_cycles: usize,
    /// Positions whose two bounds differed, settled by the search that keeps the
    /// history (Modiar; module docs, fact 5).
    pub searched: usize,
    /// Positions that search visited, all together.
    pub search_nodes: u64,
}

/// What [`Table::solve_observed`] is doing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// It starts on the positions with this many stones on the board.
    Layer(u8),
    /// A search that keeps the history starts (module docs, fact 5).
    SearchStarted,
    /// That search is over.
    SearchFinished,
}

/// The first bytes of a table file.
const MAGIC: &[u8] = b"seedpost-solved\0";

/// Header bytes: magic, variant, version, length, the three [`Stats`], two start
/// values.
const HEADER: usize = 16 + 1 + 8 + 8 + 3 * 8 + 2;

fn variant_byte(variant: Variant) -> u8 {
    match variant {
        Variant::Mangala => 0,
        Variant::Modiar => 1,
        Variant::Tihbat => 2,
        // Never solved (`Table::solve_observed` refuses them).
        Variant::Kalah => 3,
        Variant::Oware => 4,
        Variant::Togyz => 5,
    }
}

/// A value that no position can have, marking "not solved yet".
const UNKNOWN: i8 = i8::MIN;

/// What ending by repetition at `pos` is worth to its side to move (§D12, §T7).
fn repetition_value(pos: &Position) -> i8 {
    match pos.variant {
        // Each side takes its own row.
        Variant::Modiar => {
            let me = pos.row(pos.to_move).iter().sum::<u8>() as i8;
            let them = pos.row(pos.to_move.opposite()).iter().sum::<u8>() as i8;
            me - them
        }
        // The board is divided equally.
        Variant::Tihbat | Variant::Mangala | Variant::Kalah | Variant::Oware | Variant::Togyz => 0,
    }
}

/// What moving from `pos` to `next` by a capture or an ending is worth to the mover,
/// given the table's values of lower layers.
fn exit_value(layout: &Layout, values: &[i8], pos: &Position, next: &Position) -> i8 {
    let me = pos.to_move;
    let gained =
        |p: &Position| i16::from(*p.stores.get(me)) - i16::from(*p.stores.get(me.opposite()));
    let base = match next.outcome {
        Some(outcome) => {
            i16::from(*outcome.score.get(me))
                - i16::from(*outcome.score.get(me.opposite()))
                - gained(pos)
        }
        None => {
            let at = layout.index(next).expect("a lower layer");
            gained(next) - gained(pos) - i16::from(values[at])
        }
    };
    base as i8
}

/// The positions a position's side to move can reach: every legal move, or the pass.
fn successors(pos: &Position, mut f: impl FnMut(Position)) {
    if pos.must_pass() {
        if let Ok(next) = pos.pass() {
            f(next);
        }
        return;
    }
    for pit in pos.legal_moves() {
        let mut next = *pos;
        next.play_unchecked(pit);
        f(next);
    }
}

impl Table {
    /// Solves every position of `variant`.
    ///
    /// # Panics
    /// For any variant but Modiar and Tihbat: Mangala and the others are too large to
    /// solve.
    #[must_use]
    pub fn solve(variant: Variant) -> Table {
        Table::solve_up_to(variant, variant.total_stones())
    }

    /// Solves the positions with at most `max_on_board` stones on the board (the
    /// others stay unsolved): for tests.
    ///
    /// # Panics
    /// For any variant but Modiar and Tihbat: Mangala and the others are too large to
    /// solve.
    #[must_use]
    pub fn solve_up_to(variant: Variant, max_on_board: u8) -> Table {
        Table::solve_observed(variant, max_on_board, &mut |_| {})
    }

    /// [`Table::solve_up_to`], telling `progress` what it does as it goes (the
    /// engine has no clock: a caller that wants to time the parts does it there).
    ///
    /// # Panics
    /// For any variant but Modiar and Tihbat: Mangala and the others are too large to
    /// solve.
    #[must_use]
    pub fn solve_observed(
        variant: Variant,
        max_on_board: u8,
        progress: &mut dyn FnMut(Progress),
    ) -> Table {
        assert!(
            matches!(variant, Variant::Modiar | Variant::Tihbat),
            "{variant} is too large to solve"
        );
        let layout = Layout::new(variant);
        let mut table = Table {
            values: vec![UNKNOWN; layout.len()],
            layout,
            start: [UNKNOWN; 2],
            stats: Stats::default(),
            cycles: CycleIndex::default(),
            gaps: Vec::new(),
        };
        let top = max_on_board.min(variant.total_stones());
        let mut nodes = Vec::new();
        let mut components = 0;
        for b in 0..=usize::from(top) {
            progress(Progress::Layer(b as u8));
            table.solve_layer(b, &mut nodes, &mut components, progress);
        }
        // The layers not solved are on no cycle known.
        let rest = table.layout.len() - table.layout.offset(usize::from(top) + 1);
        table.cycles.extend(&vec![u32::MAX; rest]);
        table.gaps.sort_unstable_by_key(|g| g.0);
        if top == variant.total_stones() {
            for side in Side::ALL {
                table.start[usize::from(side == Side::North)] = table.solve_start(side);
            }
        }
        table
    }

    fn solve_layer(
        &mut self,
        b: usize,
        nodes: &mut Vec<Node>,
        components: &mut u32,
        progress: &mut dyn FnMut(Progress),
    ) {
        let layout = &self.layout;
        let variant = layout.variant;
        graph::layer(layout, &self.values, b, nodes);
        let base = layout.offset(b);
        let values = &mut self.values[base..];
        let stats = &mut self.stats;
        let gaps = &mut self.gaps;
        let mut component_of = vec![u32::MAX; nodes.len()];
        let mut slot = vec![u32::MAX; nodes.len()];
        graph::tarjan(nodes, |scc| {
            if scc.len() == 1 {
                let i = scc[0] as usize;
                let node = &nodes[i];
                let mut best = node.exit;
                for &j in node.next() {
                    best = best.max(-values[j as usize]);
                }
                // §D11: a (hand-made) position without a move is over, each side
                // taking its own row.
                values[i] = if best == UNKNOWN {
                    repetition_value(&layout.position(b, i))
                } else {
                    best
                };
                return;
            }
            let component = Component::new(layout, b, nodes, scc, values, &mut slot);
            for &i in scc {
                component_of[i as usize] = *components;
            }
            *components += 1;
            stats.on_cycles += component.len();
            let (low, high) = match variant {
                Variant::Modiar => cycles::bounds(&component),
                _ => {
                    let zero = cycles::zero_model(&component);
                    (zero.clone(), zero)
                }
            };
            let mut exact = low.clone();
            let open: Vec<usize> = (0..component.len())
                .filter(|&s| low[s] != high[s])
                .collect();
            if !open.is_empty() {
                progress(Progress::SearchStarted);
                let mut search = HistorySearch::new(
                    Slots {
                        component: &component,
                        low: &low,
                        high: &high,
                    },
                    limit(variant),
                );
                for &s in &open {
                    exact[s] = search.value(s, &[(s, 1)]);
                    let index = base + component.members[s] as usize;
                    gaps.push((index as u32, low[s], high[s]));
                }
                stats.searched += open.len();
                stats.search_nodes += search.nodes;
                progress(Progress::SearchFinished);
            }
            for (s, &i) in component.members.iter().enumerate() {
                values[i as usize] = exact[s];
            }
        });
        self.cycles.extend(&component_of);
    }

    /// The value of the start with `first` to move: its first move captures nothing
    /// (§D6), and the start is in the history of what follows.
    fn solve_start(&self, first: Side) -> i8 {
        let start = Position::start(self.layout.variant, first);
        if self.layout.variant == Variant::Tihbat {
            // No special first move: the start is a fresh position like any other.
            return self.values[self.layout.index(&start).expect("numbered")];
        }
        self.move_values(&[], &start)
            .into_iter()
            .map(|(_, v)| v)
            .max()
            .unwrap_or(UNKNOWN)
    }

    /// The value of `pos` for its side to move, as the first position of its segment
    /// (see the module docs); `None` when the game is over or the position's layer was
    /// not solved.
    #[must_use]
    pub fn value(&self, pos: &Position) -> Option<i8> {
        if pos.is_over() || pos.variant != self.layout.variant {
            return None;
        }
        if pos.opening {
            return self.start_value(pos.to_move);
        }
        let v = self.values[self.layout.index(pos)?];
        (v != UNKNOWN).then_some(v)
    }

    /// The value of the start position of a game with `first` to move, whose first move
    /// captures nothing (§D6).
    #[must_use]
    pub fn start_value(&self, first: Side) -> Option<i8> {
        let v = self.start[usize::from(first == Side::North)];
        (v != UNKNOWN).then_some(v)
    }

    /// The final score difference (South − North) under perfect play from `pos`.
    #[must_use]
    pub fn final_difference(&self, pos: &Position) -> Option<i16> {
        let v = i16::from(self.value(pos)?);
        let s = pos.stores;
        let now = i16::from(s.south) - i16::from(s.north);
        Some(match pos.to_move {
            Side::South => now + v,
            Side::North => now - v,
        })
    }

    /// The moves that keep the value of a fresh `pos` (see the module docs), in pit
    /// order: [`Table::best_moves_after`] with no history before `pos` (which is in
    /// the history of the positions after it).
    #[must_use]
    pub fn best_moves(&self, pos: &Position) -> Vec<Pit> {
        self.best_moves_after(&[], pos)
    }

    /// The value of `pos` for its side to move, given `history`: the positions of
    /// its segment before it (since the last capture, or since the start), oldest
    /// first, as a game keeps them. Exact in both games, wherever in a segment
    /// (module docs, fact 6). `None` as for [`Table::value`].
    ///
    /// Only the positions of `history` on the same cycles as `pos` count; they are
    /// taken to be earlier positions of its segment, as in a game.
    #[must_use]
    pub fn value_after(&self, history: &[Position], pos: &Position) -> Option<i8> {
        if pos.opening || pos.is_over() || pos.variant != self.layout.variant {
            return self.value(pos);
        }
        let index = self.layout.index(pos)?;
        let fresh = self.values[index];
        if fresh == UNKNOWN {
            return None;
        }
        let Some(component) = self.cycles.component(index) else {
            return Some(fresh);
        };
        let counts = self.counts(history, pos, component);
        let mut search =
            HistorySearch::new(Positions::new(self, component), limit(self.layout.variant));
        Some(search.value(index, &counts))
    }

    /// Each legal move of `pos`, in pit order, with its exact value for the side to
    /// move given `history` (as for [`Table::value_after`]): the value after it, from
    /// the mover's side. Empty when the game is over, the side to move must pass, or
    /// a position after a move was not solved.
    #[must_use]
    pub fn move_values(&self, history: &[Position], pos: &Position) -> Vec<(Pit, i8)> {
        if pos.is_over() || pos.variant != self.layout.variant {
            return Vec::new();
        }
        let Some(index) = self.layout.index(pos) else {
            return Vec::new();
        };
        let component = self.cycles.component(index);
        let counts = component.map(|c| self.counts(history, pos, c));
        let mut search = component
            .map(|c| HistorySearch::new(Positions::new(self, c), limit(self.layout.variant)));
        let mut out = Vec::new();
        for pit in pos.legal_moves() {
            let mut next = *pos;
            next.play_unchecked(pit);
            let value = if next.is_over() || next.on_board() < pos.on_board() {
                if next.outcome.is_none()
                    && self
                        .layout
                        .index(&next)
                        .is_none_or(|i| self.values[i] == UNKNOWN)
                {
                    return Vec::new();
                }
                exit_value(&self.layout, &self.values, pos, &next)
            } else {
                let Some(to) = self.layout.index(&next) else {
                    return Vec::new();
                };
                match (&mut search, &counts) {
                    (Some(search), Some(counts)) if self.cycles.component(to) == component => {
                        search.move_value(index, to, counts)
                    }
                    // No position of the history can come back: fresh.
                    _ if self.values[to] == UNKNOWN => return Vec::new(),
                    _ => -self.values[to],
                }
            };
            out.push((pit, value));
        }
        out
    }

    /// The moves that keep the value of `pos` given `history` (as for
    /// [`Table::value_after`]), in pit order.
    #[must_use]
    pub fn best_moves_after(&self, history: &[Position], pos: &Position) -> Vec<Pit> {
        let moves = self.move_values(history, pos);
        let best = moves.iter().map(|m| m.1).max();
        moves
            .into_iter()
            .filter(|m| Some(m.1) == best)
            .map(|m| m.0)
            .collect()
    }

    /// Whether `pos` lies on a cycle of its layer's non-capturing moves: only there
    /// can the positions seen before it change its value (module docs, fact 3).
    #[must_use]
    pub fn on_cycle(&self, pos: &Position) -> bool {
        pos.variant == self.layout.variant
            && !pos.is_over()
            && self
                .layout
                .index(pos)
                .is_some_and(|i| self.cycles.component(i).is_some())
    }

    /// The positions whose two bounds differed, settled by the search that keeps the
    /// history (module docs, fact 5), in index order.
    pub fn searched_positions(&self) -> impl Iterator<Item = Position> + '_ {
        self.gaps.iter().map(|&(i, _, _)| {
            let i = i as usize;
            let b = self.layout.layer_of(i);
            self.layout.position(b, i - self.layout.offset(b))
        })
    }

    /// The occurrences of the positions of component `component` in `history` and
    /// `pos`, by index.
    fn counts(&self, history: &[Position], pos: &Position, component: u32) -> Vec<(usize, u8)> {
        let mut counts: Vec<(usize, u8)> = Vec::new();
        for p in history.iter().chain(std::iter::once(pos)) {
            if p.variant != self.layout.variant || p.is_over() {
                continue;
            }
            let Some(i) = self.layout.index(p) else {
                continue;
            };
            if self.cycles.component(i) != Some(component) {
                continue;
            }
            match counts.iter_mut().find(|c| c.0 == i) {
                Some(c) => c.1 = c.1.saturating_add(1),
                None => counts.push((i, 1)),
            }
        }
        counts
    }

    /// The table as bytes: a header (magic, variant, `version`, counts), one byte a
    /// position, which positions are on which cycles, and the positions settled by
    /// the search with their bounds. `version` identifies the engine that built it
    /// (the caller's choice: a hash of the rules' code, say), so that a stale file
    /// can be told apart.
    #[must_use]
    pub fn to_bytes(&self, version: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.values.len());
        out.extend_from_slice(MAGIC);
        out.push(variant_byte(self.layout.variant));
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        for n in [
            self.stats.on_cycles as u64,
            self.stats.searched as u64,
            self.stats.search_nodes,
        ] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend(self.start.iter().map(|&v| v as u8));
        out.extend(self.values.iter().map(|&v| v as u8));
        self.cycles.write(&mut out);
        out.extend_from_slice(&(self.gaps.len() as u64).to_le_bytes());
        for &(i, low, high) in &self.gaps {
            out.extend_from_slice(&i.to_le_bytes());
            out.push(low as u8);
            out.push(high as u8);
        }
        out
    }

    /// Reads a table written by [`Table::to_bytes`] with the same `variant` and
    /// `version`; `None` when the bytes are anything else (stale, damaged, another
    /// game).
    #[must_use]
    pub fn from_bytes(variant: Variant, version: u64, bytes: &[u8]) -> Option<Table> {
        let layout = Layout::new(variant);
        let (head, body) = bytes.split_at_checked(HEADER)?;
        let word = |at: usize| -> Option<u64> {
            Some(u64::from_le_bytes(head.get(at..at + 8)?.try_into().ok()?))
        };
        let ok = head.starts_with(MAGIC)
            && head[MAGIC.len()] == variant_byte(variant)
            && word(MAGIC.len() + 1)? == version
            && word(MAGIC.len() + 9)? == layout.len() as u64;
        if !ok {
            return None;
        }
        let stats = Stats {
            on_cycles: usize::try_from(word(MAGIC.len() + 17)?).ok()?,
            searched: usize::try_from(word(MAGIC.len() + 25)?).ok()?,
            search_nodes: word(MAGIC.len() + 33)?,
        };
        let start = [head[HEADER - 2] as i8, head[HEADER - 1] as i8];
        let (values, rest) = body.split_at_checked(layout.len())?;
        let (cycles, used) = CycleIndex::read(rest, layout.len())?;
        let rest = &rest[used..];
        let (count, rest) = rest.split_at_checked(8)?;
        let count = usize::try_from(u64::from_le_bytes(count.try_into().ok()?)).ok()?;
        if rest.len() != count.checked_mul(6)? {
            return None;
        }
        let gaps = rest
            .chunks_exact(6)
            .map(|g| {
                let i = u32::from_le_bytes([g[0], g[1], g[2], g[3]]);
                (i, g[4] as i8, g[5] as i8)
            })
            .collect();
        Some(Table {
            layout,
            values: values.iter().map(|&b| b as i8).collect(),
            start,
            stats,
            cycles,
            gaps,
        })
    }

    /// What solving the table took.
    #[must_use]
    pub const fn stats(&self) -> Stats {
        self.stats
    }

    /// The number of positions numbered.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table numbers no position (never).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

/// The occurrence of a position that ends the game, as [`Variant::repetition_limit`]
/// says; a variant without one is never ended by a repetition.
const fn limit(variant: Variant) -> u8 {
    match variant.repetition_limit() {
        Some(occurrence) => occurrence as u8,
        None => u8::MAX,
    }
}

/// The positions of one component of a solved table, by table index: what a search
/// with history needs of each, worked out when first asked.
struct Positions<'a> {
    table: &'a Table,
    component: u32,
    known: std::collections::HashMap<usize, Info>,
}

impl<'a> Positions<'a> {
    fn new(table: &'a Table, component: u32) -> Positions<'a> {
        Positions {
            table,
            component,
            known: std::collections::HashMap::new(),
        }
    }
}

impl Arena for Positions<'_> {
    fn info(&mut self, s: usize) -> Info {
        if let Some(&info) = self.known.get(&s) {
            return info;
        }
        let t = self.table;
        let b = t.layout.layer_of(s);
        let base = t.layout.offset(b);
        let pos = t.layout.position(b, s - base);
        let node = graph::node(&t.layout, &t.values, &pos, base);
        let mut info = Info {
            north: pos.to_move == Side::North,
            exit: node.exit,
            repetition: repetition_value(&pos),
            low: t.values[s],
            high: t.values[s],
            next: [0; 3],
            len: 0,
        };
        for &j in node.next() {
            let to = base + j as usize;
            if t.cycles.component(to) == Some(self.component) {
                info.next[usize::from(info.len)] = to;
                info.len += 1;
            } else {
                info.exit = info.exit.max(-t.values[to]);
            }
        }
        if let Ok(at) = t.gaps.binary_search_by_key(&(s as u32), |g| g.0) {
            (info.low, info.high) = (t.gaps[at].1, t.gaps[at].2);
        }
        self.known.insert(s, info);
        info
    }
}
