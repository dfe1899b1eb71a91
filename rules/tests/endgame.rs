//! The Mangala and Kalah endgame tables against an independent exhaustive search (the
//! engine's public moves, a hash map of solved positions, no ranking and no layers),
//! and the search that uses them at its leaves.

#![allow(missing_docs)]

use std::collections::HashMap;
use std::sync::Arc;

use seedpost_rules::endgame::{EndgameTables, Rules, positions_up_to};
use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::{BySide, KalahRules, Position, Side, Variant};

/// The stones on the board of the tables built here: 2 × C(20, 12) = 251,940
/// positions, built in well under a second.
const STONES: u8 = 8;

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

/// The position after `pit`: the engine's public move for the rules seedpost plays,
/// [`Rules::after`] for Kalah's other rule sets.
fn play(rules: Rules, pos: &Position, pit: seedpost_rules::Pit) -> Position {
    if Rules::of(pos.variant()) == Some(rules) {
        pos.play(pit).expect("legal")
    } else {
        rules.after(pos, pit).expect("legal")
    }
}

/// What the side to move can still make of the game: plain negamax to the end of the
/// game, every move tried, with a memo (of one game's rules).
fn exhaustive(rules: Rules, pos: &Position, memo: &mut HashMap<Key, i16>) -> i16 {
    if let Some(&v) = memo.get(&key(pos)) {
        return v;
    }
    let me = pos.to_move().expect("ongoing");
    let mut best: Option<i16> = None;
    for pit in pos.legal_moves() {
        let next = play(rules, pos, pit);
        let v = after(rules, pos, &next, me, memo);
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.expect("a move");
    memo.insert(key(pos), v);
    v
}

fn after(
    rules: Rules,
    pos: &Position,
    next: &Position,
    me: Side,
    memo: &mut HashMap<Key, i16>,
) -> i16 {
    let gained = diff(next, me) - diff(pos, me);
    match next.to_move() {
        None => gained,
        Some(side) if side == me => gained + exhaustive(rules, next, memo),
        Some(_) => gained - exhaustive(rules, next, memo),
    }
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

fn position(variant: Variant, board: &[u8; 12], side: Side, stores: BySide<u8>) -> Position {
    Position::from_parts(variant, &board[..6], &board[6..], stores, side).expect("a position")
}

fn stores(on_board: u8) -> BySide<u8> {
    let off = 48 - on_board;
    BySide {
        south: off / 3,
        north: off - off / 3,
    }
}

/// Checks every position of `rules` with at most `stones` on the board, and each of
/// its moves, against the exhaustive search; returns the positions checked.
fn every_position_agrees(rules: Rules, stones: u8) -> usize {
    let variant = rules.variant();
    let tables = EndgameTables::build(rules, stones, 1, &mut |_| {});
    assert_eq!(tables.len() as u64, positions_up_to(stones));
    let mut memo = HashMap::new();
    let mut checked = 0usize;
    for k in 1..=stones {
        let mut all = Vec::new();
        boards(k, &mut Vec::new(), &mut all);
        for board in &all {
            for side in Side::ALL {
                let pos = position(variant, board, side, stores(k));
                if pos.legal_moves().is_empty() {
                    continue;
                }
                let want = exhaustive(rules, &pos, &mut memo);
                assert_eq!(tables.value(&pos).map(i16::from), Some(want), "{pos}");
                let moves = tables.move_values(&pos).expect("held");
                for (pit, v) in moves {
                    let next = play(rules, &pos, pit);
                    assert_eq!(
                        i16::from(v),
                        after(rules, &pos, &next, side, &mut memo),
                        "{pos} {pit}"
                    );
                }
                checked += 1;
            }
        }
    }
    // Beyond the tables, nothing; nor for another game.
    let mut board = [0u8; 12];
    board[0] = stones + 1;
    assert_eq!(
        tables.value(&position(variant, &board, Side::South, stores(stones + 1))),
        None
    );
    let other = match variant {
        Variant::Mangala => Variant::Kalah,
        _ => Variant::Mangala,
    };
    board[0] = 1;
    assert_eq!(
        tables.value(&position(other, &board, Side::South, stores(1))),
        None
    );
    checked
}

#[test]
fn every_mangala_position_up_to_eight_stones_agrees_with_an_exhaustive_search() {
    let checked = every_position_agrees(Rules::Mangala, STONES);
    assert!(checked > 200_000, "{checked}");
}

#[test]
fn every_kalah_position_up_to_eight_seeds_agrees_with_an_exhaustive_search() {
    let checked = every_position_agrees(Rules::KALAH, STONES);
    assert!(checked > 200_000, "{checked}");
}

#[test]
fn kalah_tables_under_the_other_published_conventions_agree_with_an_exhaustive_search() {
    for empty_capture in [false, true] {
        for either_row_ends in [false, true] {
            let rules = Rules::Kalah(KalahRules {
                empty_capture,
                either_row_ends,
            });
            let checked = every_position_agrees(rules, 6);
            assert!(checked > 30_000, "{rules:?}: {checked}");
        }
    }
}

#[test]
fn each_other_convention_changes_the_value_of_some_small_kalah_positions() {
    let seedpost = EndgameTables::build(Rules::KALAH, 4, 1, &mut |_| {});
    let mut all = Vec::new();
    boards(4, &mut Vec::new(), &mut all);
    for (empty_capture, either_row_ends) in [(true, false), (false, true), (true, true)] {
        let other = EndgameTables::build(
            Rules::Kalah(KalahRules {
                empty_capture,
                either_row_ends,
            }),
            4,
            1,
            &mut |_| {},
        );
        let differ = all
            .iter()
            .flat_map(|board| {
                Side::ALL.map(|side| position(Variant::Kalah, board, side, stores(4)))
            })
            .filter(|pos| !pos.legal_moves().is_empty() && seedpost.value(pos) != other.value(pos))
            .count();
        assert!(differ > 0, "{empty_capture} {either_row_ends}");
    }
}

#[test]
fn a_search_with_the_tables_at_its_leaves_finds_the_exact_value_beyond_them() {
    let tables = Arc::new(EndgameTables::build(Rules::Mangala, 5, 1, &mut |_| {}));
    let mut searcher = Searcher::new(16);
    searcher.set_endgame(Some(tables));
    let mut memo = HashMap::new();
    let mut all = Vec::new();
    boards(7, &mut Vec::new(), &mut all);
    // Every 157th board of 7 stones, both sides to move: two layers above the tables.
    // Within a layer a move that stores nothing moves stones right in the mover's row,
    // so a game falls by a layer within 7 × 5 plies: depth 100 sees every line reach
    // the tables or the end.
    let mut checked = 0;
    for board in all.iter().step_by(157) {
        for side in Side::ALL {
            let pos = position(Variant::Mangala, board, side, stores(7));
            if pos.legal_moves().is_empty() {
                continue;
            }
            let want = exhaustive(Rules::Mangala, &pos, &mut memo) + diff(&pos, side);
            let found = searcher.search(
                &pos,
                &[],
                Budget {
                    depth: 100,
                    nodes: u64::MAX,
                },
            );
            assert_eq!(found.value, want, "{pos}");
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn the_tables_round_trip_through_bytes_and_refuse_another_engine_game_or_a_cut_file() {
    for rules in [Rules::Mangala, Rules::KALAH] {
        let tables = EndgameTables::build(rules, 4, 7, &mut |_| {});
        let bytes = tables.to_bytes().to_vec();
        let back = EndgameTables::from_bytes(rules, bytes.clone(), 7).expect("the same engine");
        assert_eq!(back.stones(), 4);
        assert_eq!(back.rules(), rules);
        assert_eq!(back.to_bytes(), tables.to_bytes());
        assert!(EndgameTables::from_bytes(rules, bytes.clone(), 8).is_none());
        assert!(EndgameTables::from_bytes(rules, bytes[..bytes.len() - 1].to_vec(), 7).is_none());
        let other_game = match rules {
            Rules::Mangala => Rules::KALAH,
            Rules::Kalah(_) => Rules::Mangala,
        };
        assert!(EndgameTables::from_bytes(other_game, bytes.clone(), 7).is_none());
        let mut other = bytes;
        other[0] ^= 1;
        assert!(EndgameTables::from_bytes(rules, other, 7).is_none());
    }
}
