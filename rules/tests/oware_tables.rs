//! The Oware endgame tables (RULES.md, "Oware endgame tables") against an exhaustive
//! search that keeps the whole segment and ends the game on a third occurrence as a
//! game does (§O9).

use std::collections::HashMap;

use seedpost_rules::oware_tables::{OwareTables, boards};
use seedpost_rules::{BySide, Position, Side, Variant};

/// A position as bytes: the houses, the captures and the side to move.
fn key(pos: &Position) -> [u8; 15] {
    let mut k = [0; 15];
    k[..6].copy_from_slice(pos.row(Side::South));
    k[6..12].copy_from_slice(pos.row(Side::North));
    k[12] = pos.stores().south;
    k[13] = pos.stores().north;
    k[14] = u8::from(pos.to_move() == Some(Side::North));
    k
}

/// The captures' difference for `me`.
fn diff(stores: BySide<u8>, me: Side) -> i16 {
    i16::from(*stores.get(me)) - i16::from(*stores.get(me.opposite()))
}

/// The segment's positions and how often each occurred, sorted: all its future
/// depends on.
type Memo = HashMap<([u8; 15], Vec<([u8; 15], u8)>), i16>;

/// The value of `pos` for its side to move, `segment` holding every position since the
/// last capture (`pos` last) with its occurrences.
fn exhaustive(pos: &Position, segment: &mut Vec<([u8; 15], u8)>, memo: &mut Memo) -> i16 {
    let mut sorted = segment.clone();
    sorted.sort_unstable();
    let memo_key = (key(pos), sorted);
    if let Some(&v) = memo.get(&memo_key) {
        return v;
    }
    let me = pos.to_move().expect("ongoing");
    let now = diff(pos.stores(), me);
    let mut best = i16::MIN;
    for pit in pos.legal_moves() {
        let next = pos.play(pit).expect("legal");
        let v = if let Some(outcome) = next.outcome() {
            diff(outcome.score, me) - now
        } else if next.stores() != pos.stores() {
            let gain = diff(next.stores(), me) - now;
            gain - exhaustive(&next, &mut vec![(key(&next), 1)], memo)
        } else {
            let k = key(&next);
            let seen = segment.iter().position(|e| e.0 == k);
            let count = seen.map_or(0, |i| segment[i].1) + 1;
            if count >= 3 {
                // §O9: each side captures the seeds on its own side.
                let south: u8 = next.row(Side::South).iter().sum();
                let north: u8 = next.row(Side::North).iter().sum();
                let stores = next.stores();
                let end = BySide::new(stores.south + south, stores.north + north);
                diff(end, me) - now
            } else {
                match seen {
                    Some(i) => segment[i].1 += 1,
                    None => segment.push((k, 1)),
                }
                let v = -exhaustive(&next, segment, memo);
                match seen {
                    Some(i) => segment[i].1 -= 1,
                    None => {
                        segment.pop();
                    }
                }
                v
            }
        };
        best = best.max(v);
    }
    memo.insert(memo_key, best);
    best
}

/// Every board of `seeds` seeds, South's row first.
fn all_boards(seeds: u8) -> Vec<[u8; 12]> {
    let mut out = Vec::new();
    let mut board = [0u8; 12];
    fn fill(out: &mut Vec<[u8; 12]>, board: &mut [u8; 12], i: usize, left: u8) {
        if i == 11 {
            board[i] = left;
            out.push(*board);
            return;
        }
        for s in 0..=left {
            board[i] = s;
            fill(out, board, i + 1, left - s);
        }
    }
    fill(&mut out, &mut board, 0, seeds);
    assert_eq!(out.len() as u64, boards(seeds));
    out
}

#[test]
fn every_oware_position_up_to_two_seeds_lies_within_its_bounds_and_equals_them_where_they_meet() {
    let tables = OwareTables::build(2, |_| {});
    let mut memo = Memo::new();
    let (mut checked, mut exact) = (0, 0);
    for seeds in 1..=2u8 {
        for board in all_boards(seeds) {
            for a in (24 - seeds)..=24 {
                let b = 48 - seeds - a;
                let pos = Position::from_parts(
                    Variant::Oware,
                    &board[..6],
                    &board[6..],
                    BySide::new(a, b),
                    Side::South,
                )
                .expect("a position");
                let Some(bounds) = tables.bounds(&pos) else {
                    assert!(pos.legal_moves().is_empty(), "{pos}");
                    continue;
                };
                let value = exhaustive(&pos, &mut vec![(key(&pos), 1)], &mut memo);
                assert!(
                    i16::from(bounds.lower) <= value && value <= i16::from(bounds.upper),
                    "{pos}: {value} outside {bounds:?}"
                );
                // The same position with North to move, its rows swapped: the same.
                let mirrored = Position::from_parts(
                    Variant::Oware,
                    &board[6..],
                    &board[..6],
                    BySide::new(b, a),
                    Side::North,
                )
                .expect("a position");
                assert_eq!(tables.bounds(&mirrored), Some(bounds));
                checked += 1;
                exact += usize::from(bounds.is_exact());
                if bounds.is_exact() {
                    // Each move's bounds hold its exhaustive value too.
                    for (pit, m) in tables.move_bounds(&pos).expect("moves") {
                        assert!(m.lower <= bounds.upper, "{pos} {pit}");
                    }
                }
            }
        }
    }
    assert!(exact > 0 && checked > exact, "{exact} exact of {checked}");
}
