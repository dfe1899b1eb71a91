//! Modiar's solved table on the layers with large cycles, against an independent
//! search that keeps the whole history and applies the third-repetition rule as a
//! game does (§D12, P7).
//!
//! The checker shares nothing with the solver but the rules: it builds each layer's
//! graph of non-capturing moves from [`Position::play`], finds its strongly connected
//! components by Kosaraju's algorithm (the solver uses Tarjan's), and searches with
//! plain alpha-beta, remembering each (position, occurrences) it has settled. It takes
//! the table's values only where a position's history cannot matter: after a capture
//! (a fresh position of a lower layer, checked first when all layers are checked) and
//! in another component of the layer (which no position of the history can be
//! reached from). [`Checker::trusting`] also takes them at the positions the solver
//! did not search, reached with no position one occurrence short of the end in
//! their component: that is the theorem of RULES.md ("Solved values"), which the
//! exhaustive checks below test where they can reach.
//!
//! The layers up to 18 stones are checked in the ordinary test run; the heavy checks
//! (up to 26 stones, walks on the large cycles, and every position the history search
//! settled in the full table) are run by hand with
//! `cargo test -p seedpost-rules --release --test solve_cycles -- --ignored`.

use std::collections::{HashMap, HashSet};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::solve::Table;
use seedpost_rules::{BySide, Position, Side, Variant};

/// A position's pits and side to move, six bits a pit.
fn key(pos: &Position) -> u64 {
    let mut k = 0u64;
    for side in Side::ALL {
        for &s in pos.row(side) {
            k = k << 6 | u64::from(s);
        }
    }
    k << 1 | u64::from(pos.to_move() == Some(Side::North))
}

/// Every Modiar position with `b` stones on the board.
fn layer(b: u8) -> Vec<Position> {
    fn go(board: &mut [u8; 6], i: usize, left: u8, f: &mut dyn FnMut(&[u8; 6])) {
        if i == 5 {
            board[5] = left;
            f(board);
            return;
        }
        for a in 0..=left {
            board[i] = a;
            go(board, i + 1, left - a, f);
        }
    }
    let captured = 42 - b;
    let stores = BySide::new(captured / 2, captured - captured / 2);
    let mut out = Vec::new();
    go(&mut [0; 6], 0, b, &mut |board| {
        for side in Side::ALL {
            let pos = Position::from_parts(Variant::Modiar, &board[..3], &board[3..], stores, side);
            out.push(pos.expect("valid"));
        }
    });
    out
}

/// The positions the non-capturing moves of `pos` lead to.
fn inner_moves(pos: &Position) -> Vec<Position> {
    pos.legal_moves()
        .into_iter()
        .map(|pit| pos.play(pit).expect("legal"))
        .filter(|next| !next.is_over() && next.stores() == pos.stores())
        .collect()
}

/// The strongly connected component of every position of layer `b` (Kosaraju).
fn components(b: u8) -> HashMap<u64, u32> {
    let all = layer(b);
    let index: HashMap<u64, usize> = all.iter().enumerate().map(|(i, p)| (key(p), i)).collect();
    let succ: Vec<Vec<usize>> = all
        .iter()
        .map(|p| inner_moves(p).iter().map(|n| index[&key(n)]).collect())
        .collect();
    let n = all.len();
    let mut pred = vec![Vec::new(); n];
    for (i, s) in succ.iter().enumerate() {
        for &j in s {
            pred[j].push(i);
        }
    }
    let mut seen = vec![false; n];
    let mut finished = Vec::with_capacity(n);
    for root in 0..n {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root, 0)];
        while let Some((v, edge)) = stack.pop() {
            if edge < succ[v].len() {
                stack.push((v, edge + 1));
                let w = succ[v][edge];
                if !seen[w] {
                    seen[w] = true;
                    stack.push((w, 0));
                }
            } else {
                finished.push(v);
            }
        }
    }
    let mut component = vec![u32::MAX; n];
    let mut count = 0;
    for &root in finished.iter().rev() {
        if component[root] != u32::MAX {
            continue;
        }
        component[root] = count;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &u in &pred[v] {
                if component[u] == u32::MAX {
                    component[u] = count;
                    stack.push(u);
                }
            }
        }
        count += 1;
    }
    all.iter()
        .enumerate()
        .map(|(i, p)| (key(p), component[i]))
        .collect()
}

fn diff(stores: BySide<u8>, side: Side) -> i16 {
    i16::from(*stores.get(side)) - i16::from(*stores.get(side.opposite()))
}

/// Each side's own row, from `me`'s side: what a third occurrence is worth (§D12).
fn rows(pos: &Position, me: Side) -> i16 {
    let sum = |side| pos.row(side).iter().map(|&s| i16::from(s)).sum::<i16>();
    sum(me) - sum(me.opposite())
}

/// The occurrences of each position of the segment.
type History = Vec<(u64, u8)>;

struct Checker<'a> {
    table: &'a Table,
    components: HashMap<u8, HashMap<u64, u32>>,
    memo: HashMap<(u64, History), (i16, i16)>,
    /// The positions whose value the table may be taken for when nothing in their
    /// history can end the game on a single visit (see the module docs).
    trusted: Option<HashSet<u64>>,
}

impl<'a> Checker<'a> {
    fn new(table: &'a Table) -> Checker<'a> {
        Checker {
            table,
            components: HashMap::new(),
            memo: HashMap::new(),
            trusted: None,
        }
    }

    /// A checker that also takes the table's value at the positions the solver did
    /// not search, when no position of their component in the history has occurred
    /// twice.
    fn trusting(table: &'a Table) -> Checker<'a> {
        let searched: HashSet<u64> = table.searched_positions().map(|p| key(&p)).collect();
        let mut checker = Checker::new(table);
        checker.trusted = Some(searched);
        checker
    }

    fn component(&mut self, pos: &Position) -> u32 {
        let b = pos.on_board();
        self.components.entry(b).or_insert_with(|| components(b))[&key(pos)]
    }

    /// The value of `pos` for its side to move; `history` holds the occurrences of
    /// the positions of its segment, `pos` included.
    fn value(&mut self, pos: &Position, history: &mut History) -> i16 {
        self.search(pos, history, -100, 100)
    }

    fn search(&mut self, pos: &Position, history: &mut History, alpha: i16, beta: i16) -> i16 {
        let mut sorted = history.clone();
        sorted.sort_unstable();
        let memo_key = (key(pos), sorted);
        let (lo, hi) = self.memo.get(&memo_key).copied().unwrap_or((-100, 100));
        if lo >= beta || lo == hi {
            return lo;
        }
        if hi <= alpha {
            return hi;
        }
        let (alpha, beta) = (alpha.max(lo), beta.min(hi));
        let mut best = i16::MIN;
        // A hand-made position whose side to move has no stone passes, as the
        // solver has it (the rules never reach one, P1).
        let nexts: Vec<Position> = match pos.pass() {
            Ok(next) => vec![next],
            Err(_) => pos
                .legal_moves()
                .into_iter()
                .map(|pit| pos.play(pit).expect("legal"))
                .collect(),
        };
        for next in nexts {
            best = best.max(self.move_value(pos, &next, history, alpha.max(best), beta));
            if best >= beta {
                break;
            }
        }
        if best == i16::MIN {
            // No move (hand-made, P1): the game is over, each side taking its row.
            best = rows(pos, pos.to_move().expect("not over"));
        }
        let entry = self.memo.entry(memo_key).or_insert((-100, 100));
        if best <= alpha {
            entry.1 = entry.1.min(best);
        } else if best >= beta {
            entry.0 = entry.0.max(best);
        } else {
            *entry = (best, best);
        }
        best
    }

    /// What moving from `pos` to `next` is worth to the mover (`history` as for
    /// [`Checker::value`]).
    fn move_value(
        &mut self,
        pos: &Position,
        next: &Position,
        history: &mut History,
        alpha: i16,
        beta: i16,
    ) -> i16 {
        let me = pos.to_move().expect("not over");
        if let Some(outcome) = next.outcome() {
            return diff(outcome.score, me) - diff(pos.stores(), me);
        }
        let fresh = |table: &Table, p: &Position| i16::from(table.value(p).expect("solved"));
        if next.stores() != pos.stores() {
            return diff(next.stores(), me) - diff(pos.stores(), me) - fresh(self.table, next);
        }
        if self.component(next) != self.component(pos) {
            return -fresh(self.table, next);
        }
        let k = key(next);
        let at = history.iter().position(|h| h.0 == k);
        let count = at.map_or(1, |a| history[a].1 + 1);
        if count >= 3 {
            return rows(next, me);
        }
        if let Some(searched) = &self.trusted
            && !searched.contains(&k)
            && history.iter().all(|h| h.1 < 2 || h.0 == k)
        {
            return -fresh(self.table, next);
        }
        match at {
            Some(a) => history[a].1 += 1,
            None => history.push((k, 1)),
        }
        let v = -self.search(next, history, -beta, -alpha);
        match at {
            Some(a) => history[a].1 -= 1,
            None => {
                history.pop();
            }
        }
        v
    }
}

/// Every position of layers `from..=to` against the checker, with a fresh history.
fn assert_layers_are_exact(table: &Table, from: u8, to: u8) -> usize {
    let mut checker = Checker::new(table);
    let mut all = 0;
    for b in from..=to {
        for pos in layer(b) {
            let want = checker.value(&pos, &mut vec![(key(&pos), 1)]);
            assert_eq!(table.value(&pos).map(i16::from), Some(want), "{pos}");
            all += 1;
        }
    }
    all
}

#[test]
fn modiar_table_agrees_with_an_independent_history_search_on_every_position_up_to_18_stones() {
    let table = Table::solve_up_to(Variant::Modiar, 18);
    assert_eq!(assert_layers_are_exact(&table, 0, 18), 2 * 134_596);
}

/// Heavy: see the module docs.
#[test]
#[ignore = "heavy: cargo test -p seedpost-rules --release --test solve_cycles -- --ignored"]
fn modiar_table_agrees_with_an_independent_history_search_on_every_position_up_to_24_stones() {
    let table = Table::solve_up_to(Variant::Modiar, 24);
    assert_eq!(assert_layers_are_exact(&table, 0, 24), 2 * 593_775);
}

/// Heavy: see the module docs.
#[test]
#[ignore = "heavy: cargo test -p seedpost-rules --release --test solve_cycles -- --ignored"]
fn modiar_table_agrees_with_an_independent_history_search_on_every_position_up_to_26_stones() {
    let table = Table::solve_up_to(Variant::Modiar, 26);
    assert_eq!(assert_layers_are_exact(&table, 0, 26), 2 * 906_192);
}

/// Random walks from positions on the cycles of layers `from..=to`, going back to
/// positions of their segment when they can: at every step, the table's value given
/// the segment so far, and each move's, against the checker. Returns the steps at
/// which the history changed the value.
fn assert_walks_are_exact(table: &Table, from: u8, to: u8, walks: usize) -> usize {
    let mut checker = Checker::new(table);
    self::walks(table, &mut checker, from, to, walks)
}

fn walks(table: &Table, checker: &mut Checker<'_>, from: u8, to: u8, walks: usize) -> usize {
    let mut rng = SmallRng::seed_from_u64(42);
    let starts: Vec<Position> = (from..=to)
        .flat_map(layer)
        .filter(|p| table.on_cycle(p))
        .collect();
    let mut changed = 0;
    for _ in 0..walks {
        let mut pos = starts[rng.random_range(0..starts.len())];
        let mut history: Vec<Position> = Vec::new();
        for _ in 0..200 {
            let mut counts: History = Vec::new();
            for p in history.iter().chain(std::iter::once(&pos)) {
                match counts.iter_mut().find(|c| c.0 == key(p)) {
                    Some(c) => c.1 += 1,
                    None => counts.push((key(p), 1)),
                }
            }
            let want = checker.value(&pos, &mut counts);
            let got = table.value_after(&history, &pos).map(i16::from);
            assert_eq!(got, Some(want), "{pos} after {history:?}");
            let mut differs = table.value(&pos).map(i16::from) != Some(want);
            for (pit, v) in table.move_values(&history, &pos) {
                let next = pos.play(pit).expect("legal");
                let exact = checker.move_value(&pos, &next, &mut counts, -100, 100);
                assert_eq!(i16::from(v), exact, "{pos} {pit} after {history:?}");
                let fresh = Checker::new(table).move_value(&pos, &next, &mut vec![], -100, 100);
                differs |= exact != fresh;
            }
            changed += usize::from(differs);
            let inner = inner_moves(&pos);
            let back: Vec<&Position> = inner.iter().filter(|n| history.contains(n)).collect();
            let next = match (back.is_empty(), inner.is_empty()) {
                (false, _) if rng.random_bool(0.7) => *back[rng.random_range(0..back.len())],
                (_, false) => inner[rng.random_range(0..inner.len())],
                (_, true) => break,
            };
            history.push(pos);
            if counts.iter().any(|c| c.0 == key(&next) && c.1 >= 2) {
                break;
            }
            pos = next;
        }
    }
    changed
}

/// Heavy: see the module docs.
#[test]
#[ignore = "heavy: cargo test -p seedpost-rules --release --test solve_cycles -- --ignored"]
fn modiar_values_mid_segment_agree_with_an_independent_history_search_on_large_cycles() {
    let table = Table::solve_up_to(Variant::Modiar, 24);
    assert!(assert_walks_are_exact(&table, 21, 24, 300) > 0);
}

/// Heavy: see the module docs.
#[test]
#[ignore = "heavy: cargo test -p seedpost-rules --release --test solve_cycles -- --ignored"]
fn modiar_values_mid_segment_agree_with_an_independent_history_search_on_the_largest_cycles() {
    let table = Table::solve(Variant::Modiar);
    let mut checker = Checker::trusting(&table);
    assert!(walks(&table, &mut checker, 36, 42, 50) > 0);
}

/// Heavy: see the module docs.
#[test]
#[ignore = "heavy: cargo test -p seedpost-rules --release --test solve_cycles -- --ignored"]
fn modiar_positions_whose_bounds_differ_agree_with_an_independent_history_search() {
    let table = Table::solve(Variant::Modiar);
    let searched: Vec<Position> = table.searched_positions().collect();
    assert_eq!(searched.len(), table.stats().searched);
    assert!(!searched.is_empty());
    let mut checker = Checker::trusting(&table);
    for pos in &searched {
        let want = checker.value(pos, &mut vec![(key(pos), 1)]);
        assert_eq!(table.value(pos).map(i16::from), Some(want), "{pos}");
    }
    // The start values stay as published (RULES.md): −2 for the first mover.
    for first in Side::ALL {
        assert_eq!(table.start_value(first), Some(-2));
    }
}
