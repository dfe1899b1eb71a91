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
//! the positions since the last capture (P7). The analysis rests on four facts.
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
//! 4. Inside an SCC the two games differ:
//!    - **Tihbat** ends at the *second* occurrence and divides the board equally (§T7):
//!      the repetition is worth 0 to both, wherever it happens. Then the fresh value is
//!      exactly the value of the game in which endless play is worth 0 (computed by
//!      attractors, threshold by threshold). For a threshold `k > 0`, the side that can
//!      force a move worth `k` or more does so along an attractor whose rank falls at
//!      every step, so no position repeats on the way; the other side, kept outside the
//!      attractor, holds the result below `k` whether the game ends by a repetition
//!      (0) or by a move out of the SCC. The same holds for `k ≤ 0` with the sides
//!      swapped. So the table is exact for Tihbat.
//!    - **Modiar** ends at the *third* occurrence, each side taking its own row (§D12):
//!      what a repetition is worth depends on the position repeated, and a side may
//!      walk a cycle once and leave it on the second round. Games that end at a
//!      cycle and pay by where it closes are hard in general (no positional
//!      strategies), and Modiar's SCCs are large (up to 362,774 positions with 42
//!      stones), so no exact search over the occurrence counts is feasible. The
//!      solver values Modiar's SCCs with the same model as Tihbat's: endless play is
//!      worth 0. That is an approximation, and what it costs is measured, not proved:
//!      on every Modiar position with up to 10 stones on the board (16,016
//!      positions) it agrees with a brute-force search that keeps the whole history
//!      and applies the third-repetition rule exactly (`rules/tests/solve.rs`). Above
//!      10 stones the gap is unknown; it can only arise in the positions counted by
//!      [`Table::approximated`], and is at most the stones on the board.
//!
//! Positions in the middle of a segment (not fresh) can have other values: in Tihbat
//! an earlier position of the segment ends the game at 0 if it comes back, and in
//! Modiar the counts differ. [`Table`] answers for fresh positions.
//!
//! Modiar's very first move captures nothing (§D6): the two start positions are valued
//! separately ([`Table::start_value`]), from the fresh values of the positions after
//! the first move (the start, also in their history, is ignored: part of the Modiar
//! approximation).

use crate::{Pit, Position, Side, Variant};

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

/// How the positions of a variant are numbered: by the stones on the board (layer),
/// then the board's rank among the boards of its layer, then the side to move.
#[derive(Debug, Clone)]
struct Layout {
    variant: Variant,
    pits: usize,
    /// `offsets[b]`: the first index of layer `b`; one more entry for the end.
    offsets: Vec<usize>,
}

impl Layout {
    fn new(variant: Variant) -> Layout {
        let pits = 2 * variant.pits_per_row();
        let total = usize::from(variant.total_stones());
        let mut offsets = Vec::with_capacity(total + 2);
        let mut at = 0;
        for b in 0..=total {
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

    fn len(&self) -> usize {
        self.offsets[self.offsets.len() - 1]
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

    fn index(&self, pos: &Position) -> usize {
        let board = &pos.board[..self.pits];
        let b: usize = board.iter().map(|&s| usize::from(s)).sum();
        self.offsets[b] + 2 * self.rank(board) + usize::from(pos.to_move == Side::North)
    }

    /// Calls `f` with every board of `b` stones, in rank order.
    fn for_each_board(&self, b: usize, mut f: impl FnMut(&[u8])) {
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
        let mut board = [0u8; 12];
        go(&mut board[..self.pits], 0, b, &mut f);
    }
}

/// The solved values of every position of Tihbat or Modiar (see the module docs).
#[derive(Debug, Clone)]
pub struct Table {
    layout: Layout,
    values: Vec<i8>,
    start: [i8; 2],
    approximated: usize,
}

/// The first bytes of a table file.
const MAGIC: &[u8] = b"seedpost-solved\0";

/// Header bytes: magic, variant, version, length, approximated, two start values.
const HEADER: usize = 16 + 1 + 8 + 8 + 8 + 2;

fn variant_byte(variant: Variant) -> u8 {
    match variant {
        Variant::Mangala => 0,
        Variant::Modiar => 1,
        Variant::Tihbat => 2,
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
        Variant::Tihbat | Variant::Mangala => 0,
    }
}

/// The moves of one position of a layer.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The best value of the moves that leave the layer or end the game (or the SCC,
    /// once known), from the mover's side; `UNKNOWN` when there is none.
    exit: i8,
    /// Local indices of the positions the non-capturing moves lead to.
    next: [u32; 3],
    len: u8,
}

impl Node {
    fn next(&self) -> &[u32] {
        &self.next[..usize::from(self.len)]
    }
}

/// The position numbered `local` in layer `b`, not yet rebuilt from a board.
fn position_of(variant: Variant, board: &[u8], to_move: Side) -> Position {
    let mut full = [0u8; 12];
    full[..board.len()].copy_from_slice(board);
    let on_board: u8 = board.iter().sum();
    let captured = variant.total_stones() - on_board;
    Position {
        variant,
        board: full,
        stores: crate::BySide::new(captured - captured / 2, captured / 2),
        to_move,
        opening: false,
        outcome: None,
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
        None => gained(next) - gained(pos) - i16::from(values[layout.index(next)]),
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
    /// For [`Variant::Mangala`], too large to solve.
    #[must_use]
    pub fn solve(variant: Variant) -> Table {
        Table::solve_up_to(variant, variant.total_stones())
    }

    /// Solves the positions with at most `max_on_board` stones on the board (the
    /// others stay unsolved): for tests.
    ///
    /// # Panics
    /// For [`Variant::Mangala`], too large to solve.
    #[must_use]
    pub fn solve_up_to(variant: Variant, max_on_board: u8) -> Table {
        assert!(variant != Variant::Mangala, "Mangala is too large to solve");
        let layout = Layout::new(variant);
        let mut table = Table {
            values: vec![UNKNOWN; layout.len()],
            layout,
            start: [UNKNOWN; 2],
            approximated: 0,
        };
        let top = max_on_board.min(variant.total_stones());
        let mut nodes = Vec::new();
        for b in 0..=usize::from(top) {
            table.solve_layer(b, &mut nodes);
        }
        if top == variant.total_stones() {
            for side in Side::ALL {
                table.start[usize::from(side == Side::North)] = table.solve_start(side);
            }
        }
        table
    }

    fn solve_layer(&mut self, b: usize, nodes: &mut Vec<Node>) {
        let layout = &self.layout;
        let variant = layout.variant;
        let base = layout.offsets[b];
        nodes.clear();
        let values = &self.values;
        layout.for_each_board(b, |board| {
            for side in Side::ALL {
                let pos = position_of(variant, board, side);
                let mut node = Node {
                    exit: UNKNOWN,
                    next: [0; 3],
                    len: 0,
                };
                successors(&pos, |next| {
                    if next.outcome.is_none() && usize::from(next.on_board()) == b {
                        node.next[usize::from(node.len)] = (layout.index(&next) - base) as u32;
                        node.len += 1;
                    } else {
                        node.exit = node.exit.max(exit_value(layout, values, &pos, &next));
                    }
                });
                nodes.push(node);
            }
        });
        let approximated = solve_graph(
            nodes,
            &mut self.values[base..],
            |local| {
                let rank = local / 2;
                let side = if local % 2 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                let mut board = [0u8; 12];
                unrank(layout, b, rank, &mut board[..layout.pits]);
                repetition_value(&position_of(variant, &board[..layout.pits], side))
            },
            variant,
        );
        self.approximated += approximated;
    }

    fn solve_start(&self, first: Side) -> i8 {
        let start = Position::start(self.layout.variant, first);
        if self.layout.variant == Variant::Tihbat {
            // No special first move: the start is a fresh position like any other.
            return self.values[self.layout.index(&start)];
        }
        let mut best = UNKNOWN;
        for pit in start.legal_moves() {
            let mut next = start;
            next.play_unchecked(pit);
            // The start is in the history: coming back to it counts.
            let value = if next.is_over() || next.on_board() < start.on_board() {
                exit_value(&self.layout, &self.values, &start, &next)
            } else {
                -self.value_after_start(&start, &next)
            };
            best = best.max(value);
        }
        best
    }

    /// The value of `next`, reached from the start by the first move. Its history also
    /// holds the start, which the fresh value ignores (module docs, "Modiar").
    fn value_after_start(&self, start: &Position, next: &Position) -> i8 {
        let _ = start;
        self.values[self.layout.index(next)]
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
        let v = self.values[self.layout.index(pos)];
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
    /// order.
    #[must_use]
    pub fn best_moves(&self, pos: &Position) -> Vec<Pit> {
        let Some(value) = self.value(pos) else {
            return Vec::new();
        };
        pos.legal_moves()
            .filter(|&pit| {
                let mut next = *pos;
                next.play_unchecked(pit);
                let v = if next.is_over() || next.on_board() < pos.on_board() {
                    Some(exit_value(&self.layout, &self.values, pos, &next))
                } else {
                    self.value(&next).map(|v| -v)
                };
                v == Some(value)
            })
            .collect()
    }

    /// The table as bytes: a header (magic, variant, `version`, counts) and one byte a
    /// position. `version` identifies the engine that built it (the caller's choice: a
    /// hash of the rules' code, say), so that a stale file can be told apart.
    #[must_use]
    pub fn to_bytes(&self, version: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER + self.values.len());
        out.extend_from_slice(MAGIC);
        out.push(variant_byte(self.layout.variant));
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&(self.values.len() as u64).to_le_bytes());
        out.extend_from_slice(&(self.approximated as u64).to_le_bytes());
        out.extend(self.start.iter().map(|&v| v as u8));
        out.extend(self.values.iter().map(|&v| v as u8));
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
            && word(MAGIC.len() + 9)? == layout.len() as u64
            && body.len() == layout.len();
        if !ok {
            return None;
        }
        let approximated = usize::try_from(word(MAGIC.len() + 17)?).ok()?;
        let start = [head[HEADER - 2] as i8, head[HEADER - 1] as i8];
        Some(Table {
            layout,
            values: body.iter().map(|&b| b as i8).collect(),
            start,
            approximated,
        })
    }

    /// How many positions lie on cycles of Modiar's non-capturing moves, whose values
    /// rest on the model of the module docs (0 for Tihbat, where it is exact).
    #[must_use]
    pub const fn approximated(&self) -> usize {
        self.approximated
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

fn unrank(layout: &Layout, b: usize, mut rank: usize, board: &mut [u8]) {
    let mut left = b;
    let pits = board.len();
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
    let _ = layout;
}

/// Solves one layer's graph: `nodes[i]`'s value into `values[i]`. `repetition(i)` is
/// what ending by repetition at `i` is worth to its mover. Returns how many positions
/// got an approximate value (Modiar's cycles).
fn solve_graph(
    nodes: &[Node],
    values: &mut [i8],
    repetition: impl Fn(usize) -> i8,
    variant: Variant,
) -> usize {
    let mut approximated = 0;
    let mut slot = vec![u32::MAX; nodes.len()];
    tarjan(nodes, |scc| {
        if scc.len() == 1 {
            let i = scc[0] as usize;
            let node = &nodes[i];
            let mut best = node.exit;
            for &j in node.next() {
                best = best.max(-values[j as usize]);
            }
            // §D11: a (hand-made) position without a move is over, each side taking
            // its own row.
            values[i] = if best == UNKNOWN { repetition(i) } else { best };
            return;
        }
        solve_cycles(nodes, scc, values, &mut slot);
        if variant == Variant::Modiar {
            approximated += scc.len();
        }
        for &i in scc {
            slot[i as usize] = u32::MAX;
        }
    });
    approximated
}

/// Solves an SCC as the game in which endless play is worth 0 to both sides: exact for
/// Tihbat (module docs, fact 4). Attractors threshold by threshold, from the highest
/// value down, each growing from the last: `won[k]` (value ≥ k) and `lost[k]`
/// (value ≤ −k) only grow as `k` falls.
fn solve_cycles(nodes: &[Node], scc: &[u32], values: &mut [i8], slot: &mut [u32]) {
    for (s, &i) in scc.iter().enumerate() {
        slot[i as usize] = s as u32;
    }
    let n = scc.len();
    // The best move out of the SCC, the inner moves, and who leads into each.
    let mut exit = vec![UNKNOWN; n];
    let mut inner = vec![0u8; n];
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (s, &i) in scc.iter().enumerate() {
        let node = &nodes[i as usize];
        let mut best = node.exit;
        for &j in node.next() {
            let t = slot[j as usize];
            if t == u32::MAX {
                best = best.max(-values[j as usize]);
            } else {
                inner[s] += 1;
                preds[t as usize].push(s as u32);
            }
        }
        exit[s] = best;
    }
    let top = exit
        .iter()
        .filter(|&&e| e != UNKNOWN)
        .map(|&e| e.unsigned_abs())
        .max();
    let mut value: Vec<Option<i8>> = vec![None; n];
    let mut queue: Vec<(u32, i8)> = Vec::new();
    for k in (1..=top.unwrap_or(0) as i8).rev() {
        for s in 0..n {
            if value[s].is_none() {
                if exit[s] != UNKNOWN && exit[s] >= k {
                    value[s] = Some(k);
                    queue.push((s as u32, k));
                } else if inner[s] == 0 && (exit[s] == UNKNOWN || exit[s] <= -k) {
                    value[s] = Some(-k);
                    queue.push((s as u32, -k));
                }
            }
        }
        while let Some((s, v)) = queue.pop() {
            for &p in &preds[s as usize] {
                let p = p as usize;
                if value[p].is_some() {
                    continue;
                }
                if v < 0 {
                    // A move to a lost position wins k.
                    value[p] = Some(k);
                    queue.push((p as u32, k));
                } else {
                    inner[p] -= 1;
                    if inner[p] == 0 && (exit[p] == UNKNOWN || exit[p] <= -k) {
                        value[p] = Some(-k);
                        queue.push((p as u32, -k));
                    }
                }
            }
        }
    }
    for (s, &i) in scc.iter().enumerate() {
        values[i as usize] = value[s].unwrap_or(0);
    }
}

/// Tarjan's algorithm without recursion: calls `f` with each SCC, sinks first.
fn tarjan(nodes: &[Node], mut f: impl FnMut(&[u32])) {
    const NONE: u32 = u32::MAX;
    let n = nodes.len();
    let mut index = vec![NONE; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, u8)> = Vec::new();
    let mut counter = 0u32;
    for root in 0..n {
        if index[root] != NONE {
            continue;
        }
        call.push((root as u32, 0));
        index[root] = counter;
        low[root] = counter;
        counter += 1;
        stack.push(root as u32);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut edge)) = call.last_mut() {
            let vi = v as usize;
            let next = nodes[vi].next();
            if usize::from(*edge) < next.len() {
                let w = next[usize::from(*edge)] as usize;
                *edge += 1;
                if index[w] == NONE {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w as u32);
                    on_stack[w] = true;
                    call.push((w as u32, 0));
                } else if on_stack[w] {
                    low[vi] = low[vi].min(index[w]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let p = parent as usize;
                low[p] = low[p].min(low[vi]);
            }
            if low[vi] == index[vi] {
                let mut at = stack.len();
                loop {
                    at -= 1;
                    if stack[at] == v {
                        break;
                    }
                }
                for &w in &stack[at..] {
                    on_stack[w as usize] = false;
                }
                f(&stack[at..]);
                stack.truncate(at);
            }
        }
    }
}
