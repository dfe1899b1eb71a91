//! The build curve of the endgame tables (RULES.md, "Mangala endgame tables", "Kalah
//! endgame tables and the solve"): for N = 8, 8 + step, … up to the N given, builds the
//! tables of the game given with at most N stones on the board and prints the
//! positions, the build time, the peak resident memory so far and the file's size.
//!
//! `cargo run -p seedpost-rules --release --example endgame_curve -- <max N> [mangala|kalah] [step]`
//!
//! The game is Mangala unless told, the step 2. Each N is built from nothing, in this
//! one process, from the smallest up: the peak memory (VmHWM) is the process's, so it
//! is the largest build's so far.

#![allow(missing_docs)]

use std::time::Instant;

use seedpost_rules::Variant;
use seedpost_rules::endgame::{EndgameTables, MAX_STONES, Rules, positions_up_to};

/// The peak resident memory of this process in KiB (Linux), for the report.
fn peak_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let top: u8 = args
        .next()
        .map_or(16, |s| s.parse().expect("the largest N, a number"));
    let game: Variant = args
        .next()
        .map_or(Variant::Mangala, |s| s.parse().expect("mangala or kalah"));
    let rules = Rules::of(game).expect("mangala or kalah");
    let step: usize = args
        .next()
        .map_or(2, |s| s.parse().expect("the step, a number"));
    assert!(top <= MAX_STONES, "N is at most {MAX_STONES}");
    println!("{game}: N\tpositions\tbuild s\tpeak RSS MiB\tfile bytes");
    for n in (8..=top).step_by(step) {
        let began = Instant::now();
        let tables = EndgameTables::build(rules, n, 1, &mut |_| {});
        let took = began.elapsed();
        let file = tables.to_bytes().len();
        assert_eq!(tables.len() as u64, positions_up_to(n));
        println!(
            "{n}\t{}\t{:.2}\t{}\t{file}",
            tables.len(),
            took.as_secs_f64(),
            peak_kib().map_or_else(|| "unknown".to_owned(), |k| format!("{}", k / 1024)),
        );
        drop(tables);
    }
}
