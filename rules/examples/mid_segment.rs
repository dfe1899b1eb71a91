//! How long exact values in the middle of a segment take (`Table::value_after` and
//! `Table::move_values`): random walks on the cycles of the full table that go back to
//! positions of their segment when they can, timing each step.
//!
//! `cargo run -p seedpost-rules --release --example mid_segment -- modiar [walks] [bias]`

#![allow(missing_docs)]

use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::solve::Table;
use seedpost_rules::{BySide, Position, Side, Variant};

/// A random position with at least half the stones on the board, on a cycle.
fn start(table: &Table, variant: Variant, rng: &mut SmallRng) -> Position {
    let n = variant.pits_per_row();
    loop {
        let mut board = vec![0u8; 2 * n];
        let b = rng.random_range(variant.total_stones() / 2..=variant.total_stones());
        for _ in 0..b {
            board[rng.random_range(0..2 * n)] += 1;
        }
        let c = variant.total_stones() - b;
        let side = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let stores = BySide::new(c / 2, c - c / 2);
        let pos =
            Position::from_parts(variant, &board[..n], &board[n..], stores, side).expect("valid");
        if table.on_cycle(&pos) {
            return pos;
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let variant: Variant = args
        .next()
        .unwrap_or_else(|| "modiar".to_owned())
        .parse()
        .expect("tihbat or modiar");
    let walks: usize = args.next().map_or(20, |s| s.parse().expect("a number"));
    let bias: f64 = args.next().map_or(0.7, |s| s.parse().expect("a number"));
    let limit = if variant == Variant::Modiar { 3 } else { 2 };
    let table = Table::solve(variant);
    let mut rng = SmallRng::seed_from_u64(1);
    let (mut worst, mut total, mut steps, mut changed) = (Duration::ZERO, Duration::ZERO, 0, 0);
    for _ in 0..walks {
        let mut pos = start(&table, variant, &mut rng);
        let mut history: Vec<Position> = Vec::new();
        for _ in 0..300 {
            let t = Instant::now();
            let value = table.value_after(&history, &pos);
            let moves = table.move_values(&history, &pos);
            let took = t.elapsed();
            total += took;
            steps += 1;
            worst = worst.max(took);
            changed += usize::from(value != table.value(&pos));
            if moves.is_empty() {
                break;
            }
            let nexts: Vec<Position> = moves
                .iter()
                .map(|m| pos.play(m.0).expect("legal"))
                .collect();
            let back: Vec<&Position> = nexts
                .iter()
                .filter(|n| n.stores() == pos.stores() && history.contains(n))
                .collect();
            let next = if !back.is_empty() && rng.random_bool(bias) {
                *back[rng.random_range(0..back.len())]
            } else {
                nexts[rng.random_range(0..nexts.len())]
            };
            if next.is_over() {
                break;
            }
            if next.stores() != pos.stores() {
                history.clear();
            } else {
                history.push(pos);
                if history.iter().filter(|h| **h == next).count() + 1 >= limit {
                    break;
                }
            }
            pos = next;
        }
    }
    println!(
        "{variant}: {steps} steps, {changed} valued otherwise than fresh, \
         {:.2?} a step on average, worst {worst:.2?}",
        total / steps.max(1)
    );
}
