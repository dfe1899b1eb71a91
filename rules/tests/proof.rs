//! The proven bounds on Mangala and Kalah positions (RULES.md, "The Mangala start",
//! "Kalah endgame tables and the solve") against an independent exhaustive search: a
//! plain negamax over the engine's public moves with a hash map, no tables and no
//! bounds.

#![allow(missing_docs)]

use std::collections::HashMap;
use std::sync::Arc;

use seedpost_rules::endgame::{EndgameTables, Rules};
use seedpost_rules::proof::Prover;
use seedpost_rules::search::Budget;
use seedpost_rules::{BySide, KalahRules, Position, Side, Variant};

/// The stones on the board of the tables built here (251,940 positions).
const TABLES: u8 = 8;

type Key = ([u8; 12], bool);

fn key(pos: &Position) -> Key {
    let mut k = [0u8; 12];
    k[..6].copy_from_slice(pos.row(Side::South));
    k[6..].copy_from_slice(pos.row(Side::North));
    (k, pos.to_move() == Some(Side::North))
}

/// The final score difference for `me` so far (with the end's sweep once over).
fn diff(pos: &Position, me: Side) -> i16 {
    let s = pos.outcome().map_or(pos.stores(), |o| o.score);
    i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
}

/// What the side to move can still make of the game: every move tried to the end.
fn future(pos: &Position, memo: &mut HashMap<Key, i16>) -> i16 {
    if let Some(&v) = memo.get(&key(pos)) {
        return v;
    }
    let me = pos.to_move().expect("ongoing");
    let mut best: Option<i16> = None;
    for pit in pos.legal_moves() {
        let next = pos.play(pit).expect("legal");
        let gained = diff(&next, me) - diff(pos, me);
        let v = match next.to_move() {
            None => gained,
            Some(side) if side == me => gained + future(&next, memo),
            Some(_) => gained - future(&next, memo),
        };
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.unwrap_or(i16::from(pos.on_board()));
    memo.insert(key(pos), v);
    v
}

/// Every board with `stones` on its 12 pits.
fn boards(stones: u8, prefix: &mut Vec<u8>, out: &mut Vec<[u8; 12]>) {
    if prefix.len() == 11 {
        prefix.push(stones);
        out.push(prefix.as_slice().try_into().expect("12 pits"));
        prefix.pop();
        return;
    }
    for s in 0..=stones {
        prefix.push(s);
        boards(stones - s, prefix, out);
        prefix.pop();
    }
}

/// Positions of `variant` with `stones` on the board, every `step`th board, both sides
/// to move, the stores uneven so that the values are not futures alone.
fn sample(variant: Variant, stones: u8, step: usize) -> Vec<Position> {
    let mut all = Vec::new();
    boards(stones, &mut Vec::new(), &mut all);
    let off = 48 - stones;
    let stores = BySide {
        south: off / 3,
        north: off - off / 3,
    };
    all.iter()
        .step_by(step)
        .flat_map(|board| {
            Side::ALL.into_iter().filter_map(move |side| {
                Position::from_parts(variant, &board[..6], &board[6..], stores, side)
                    .ok()
                    .filter(|p| !p.legal_moves().is_empty())
            })
        })
        .collect()
}

#[test]
fn proven_bounds_always_hold_the_exact_value_and_meet_once_every_line_reaches_the_tables() {
    bounds_hold(Rules::Mangala);
}

#[test]
fn proven_kalah_bounds_always_hold_the_exact_value_and_meet_once_every_line_reaches_the_tables() {
    bounds_hold(Rules::KALAH);
}

/// The test above, for the game of `rules` (seedpost's rules: the exhaustive search
/// plays the engine's public moves).
fn bounds_hold(rules: Rules) {
    let tables = Arc::new(EndgameTables::build(rules, TABLES, 1, &mut |_| {}));
    // One prover for everything: what its table keeps from one search must stay true
    // in every other.
    let mut shared = Prover::new(16, Arc::clone(&tables));
    let mut memo = HashMap::new();
    let mut checked = 0;
    let mut open_at_two_plies = 0;
    for (stones, step) in [(10u8, 2113usize), (11, 7919)] {
        for pos in sample(rules.variant(), stones, step) {
            let me = pos.to_move().expect("ongoing");
            let exact = diff(&pos, me) + future(&pos, &mut memo);
            for depth in [0u8, 1, 2, 3, 5, 8] {
                let mut fresh = Prover::new(12, Arc::clone(&tables));
                for proven in [fresh.prove_at(&pos, depth), shared.prove_at(&pos, depth)] {
                    assert!(
                        proven.lower <= exact && exact <= proven.upper,
                        "{pos} at depth {depth}: {proven:?}, exact {exact}"
                    );
                }
                if depth == 2 && !fresh.prove_at(&pos, depth).is_exact() {
                    open_at_two_plies += 1;
                }
            }
            // Within a layer a move that stores nothing moves stones to the right in
            // the mover's row (§M3, §M4, §K2), so every line falls a layer within
            // 11 × 5 plies: at depth 120 every line of 11 stones or fewer has reached
            // the tables of 8.
            let mut fresh = Prover::new(16, Arc::clone(&tables));
            let proven = fresh.prove(
                &pos,
                Budget {
                    depth: 120,
                    nodes: u64::MAX,
                },
            );
            assert!(proven.is_exact(), "{pos}: {proven:?}");
            assert_eq!(proven.lower, exact, "{pos}");
            checked += 1;
        }
    }
    assert!(checked > 150, "{checked}");
    // Not a vacuous check: shallow searches leave most of these open.
    assert!(
        open_at_two_plies > checked / 2,
        "{open_at_two_plies} of {checked}"
    );
}

#[test]
fn the_start_gets_proven_bounds_inside_the_trivial_ones_and_a_node_budget_is_kept() {
    let tables = Arc::new(EndgameTables::build(Rules::Mangala, TABLES, 1, &mut |_| {}));
    let mut prover = Prover::new(16, tables);
    let start = Position::start(Variant::Mangala, Side::South);
    let proven = prover.prove(
        &start,
        Budget {
            depth: 40,
            nodes: 20_000,
        },
    );
    assert!(-48 <= proven.lower && proven.lower <= proven.upper && proven.upper <= 48);
    assert!(proven.depth < 40, "{proven:?}");
    assert!(proven.depth >= 1, "{proven:?}");
    // Stopped at the first test after the budget ran out, not long after.
    assert!(proven.nodes < 20_000 * 50, "{proven:?}");
    // Deterministic: the same search from nothing finds the same.
    let mut again = Prover::new(
        16,
        Arc::new(EndgameTables::build(Rules::Mangala, TABLES, 1, &mut |_| {})),
    );
    let twice = again.prove(
        &start,
        Budget {
            depth: 40,
            nodes: 20_000,
        },
    );
    assert_eq!(proven, twice);
}

#[test]
fn the_kalah_6_1_start_is_solved_exactly_and_agrees_with_an_exhaustive_search() {
    let tables = Arc::new(EndgameTables::build(Rules::KALAH, TABLES, 1, &mut |_| {}));
    let mut memo = HashMap::new();
    // Kalah(6,1): 12 seeds, every line beyond the tables of 8.
    for first in Side::ALL {
        let start = KalahRules::start(1, first);
        let exact = future(&start, &mut memo);
        let mut prover = Prover::new(18, Arc::clone(&tables));
        let proven = prover.prove(
            &start,
            Budget {
                depth: u8::MAX,
                nodes: u64::MAX,
            },
        );
        assert!(proven.is_exact(), "{proven:?}");
        assert_eq!(proven.lower, exact, "{first} first");
        // The tests around a guess find it too, from a wrong guess.
        let mut again = Prover::new(18, Arc::clone(&tables));
        let around = again.prove_around(&start, u8::MAX, exact + 4);
        assert_eq!(
            (around.lower, around.upper),
            (exact, exact),
            "{first} first"
        );
    }
}
