//! The Mangala endgame tables against an independent exhaustive search (the engine's
//! public moves, a hash map of solved positions, no ranking and no layers), and the
//! search that uses them at its leaves.

#![allow(missing_docs)]

use std::collections::HashMap;
use std::sync::Arc;

use seedpost_rules::endgame::{MangalaTables, positions_up_to};
use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::{BySide, Position, Side, Variant};

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

/// What the side to move can still make of the game: plain negamax to the end of the
/// game, every move tried, with a memo.
fn exhaustive(pos: &Position, memo: &mut HashMap<Key, i16>) -> i16 {
    if let Some(&v) = memo.get(&key(pos)) {
        return v;
    }
    let me = pos.to_move().expect("ongoing");
    let mut best: Option<i16> = None;
    for pit in pos.legal_moves() {
        let next = pos.play(pit).expect("legal");
        let v = after(pos, &next, me, memo);
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    let v = best.unwrap_or(i16::from(pos.on_board()));
    memo.insert(key(pos), v);
    v
}

fn after(pos: &Position, next: &Position, me: Side, memo: &mut HashMap<Key, i16>) -> i16 {
    let gained = diff(next, me) - diff(pos, me);
    match next.to_move() {
        None => gained,
        Some(side) if side == me => gained + exhaustive(next, memo),
        Some(_) => gained - exhaustive(next, memo),
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

fn position(board: &[u8; 12], side: Side, stores: BySide<u8>) -> Position {
    Position::from_parts(Variant::Mangala, &board[..6], &board[6..], stores, side)
        .expect("a position")
}

fn stores(on_board: u8) -> BySide<u8> {
    let off = 48 - on_board;
    BySide {
        south: off / 3,
        north: off - off / 3,
    }
}

#[test]
fn every_mangala_position_up_to_eight_stones_agrees_with_an_exhaustive_search() {
    let tables = MangalaTables::build(STONES, 1, &mut |_| {});
    assert_eq!(tables.len() as u64, positions_up_to(STONES));
    let mut memo = HashMap::new();
    let mut checked = 0usize;
    for k in 1..=STONES {
        let mut all = Vec::new();
        boards(k, &mut Vec::new(), &mut all);
        for board in &all {
            for side in Side::ALL {
                let pos = position(board, side, stores(k));
                if pos.legal_moves().is_empty() {
                    continue;
                }
                let want = exhaustive(&pos, &mut memo);
                assert_eq!(tables.value(&pos).map(i16::from), Some(want), "{pos}");
                let moves = tables.move_values(&pos).expect("held");
                for (pit, v) in moves {
                    let next = pos.play(pit).expect("legal");
                    assert_eq!(
                        i16::from(v),
                        after(&pos, &next, side, &mut memo),
                        "{pos} {pit}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 200_000, "{checked}");
    // Beyond the tables, nothing.
    let mut board = [0u8; 12];
    board[0] = STONES + 1;
    assert_eq!(
        tables.value(&position(&board, Side::South, stores(STONES + 1))),
        None
    );
}

#[test]
fn a_search_with_the_tables_at_its_leaves_finds_the_exact_value_beyond_them() {
    let tables = Arc::new(MangalaTables::build(5, 1, &mut |_| {}));
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
            let pos = position(board, side, stores(7));
            if pos.legal_moves().is_empty() {
                continue;
            }
            let want = exhaustive(&pos, &mut memo) + diff(&pos, side);
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
fn the_tables_round_trip_through_bytes_and_refuse_another_engine_or_a_cut_file() {
    let tables = MangalaTables::build(4, 7, &mut |_| {});
    let bytes = tables.to_bytes().to_vec();
    let back = MangalaTables::from_bytes(bytes.clone(), 7).expect("the same engine");
    assert_eq!(back.stones(), 4);
    assert_eq!(back.to_bytes(), tables.to_bytes());
    assert!(MangalaTables::from_bytes(bytes.clone(), 8).is_none());
    assert!(MangalaTables::from_bytes(bytes[..bytes.len() - 1].to_vec(), 7).is_none());
    let mut other = bytes;
    other[0] ^= 1;
    assert!(MangalaTables::from_bytes(other, 7).is_none());
}
