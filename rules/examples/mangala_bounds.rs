//! Proven bounds on the value of the Mangala start for the first mover (RULES.md, "The
//! Mangala start"): builds the endgame tables of at most N stones on the board, then
//! proves bounds one ply deeper at a time until the time given has passed (a depth
//! whose search would clearly end past it is not started).
//!
//! `cargo run -p seedpost-rules --release --example mangala_bounds -- <N> <seconds> [table bits]`

#![allow(missing_docs)]

use std::sync::Arc;
use std::time::Instant;

use seedpost_rules::endgame::{EndgameTables, Rules};
use seedpost_rules::proof::Prover;
use seedpost_rules::{Position, Side, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let stones: u8 = args.next().map_or(16, |s| s.parse().expect("N, a number"));
    let seconds: f64 = args.next().map_or(60.0, |s| s.parse().expect("seconds"));
    let bits: u32 = args.next().map_or(24, |s| s.parse().expect("table bits"));
    let began = Instant::now();
    let tables = Arc::new(EndgameTables::build(Rules::Mangala, stones, 1, &mut |_| {}));
    println!(
        "tables up to {stones} stones: {} positions in {:.1?}",
        tables.len(),
        began.elapsed()
    );
    let mut prover = Prover::new(bits, tables);
    let start = Position::start(Variant::Mangala, Side::South);
    let began = Instant::now();
    let mut last = 0.0f64;
    let mut growth = 1.0f64;
    println!("depth\tlower\tupper\tnodes (all)\tin tables (all)\tdepth s\ttotal s");
    for depth in 1..=u8::MAX {
        let at = began.elapsed().as_secs_f64();
        if depth > 1 && at + last * growth > seconds {
            println!("depth {depth} would end past {seconds} s: stopped");
            break;
        }
        let proven = prover.prove_at(&start, depth);
        let took = began.elapsed().as_secs_f64() - at;
        if last > 0.0 {
            growth = (took / last).max(1.0);
        }
        last = took;
        println!(
            "{depth}\t{:+}\t{:+}\t{}\t{}\t{took:.1}\t{:.1}",
            proven.lower,
            proven.upper,
            prover.nodes(),
            prover.in_tables(),
            began.elapsed().as_secs_f64()
        );
        if proven.is_exact() {
            println!("solved: {:+} for the first mover", proven.lower);
            break;
        }
    }
}
