//! Builds the Oware endgame tables layer by layer and reports the curve: seeds on the
//! board, positions, those whose bounds meet (exact), the rounds of value iteration,
//! the time and the peak memory (RULES.md, "Oware endgame tables").
//!
//! `cargo run -p seedpost-rules --release --example oware_curve -- [max seeds]`

#![allow(missing_docs)]

use std::time::Instant;

use seedpost_rules::oware_tables::OwareTables;

/// The peak resident memory of this process (Linux), for the report.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

fn main() {
    let seeds: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(12);
    let started = Instant::now();
    let mut last = Instant::now();
    let (mut total, mut total_exact) = (0u64, 0u64);
    println!(
        "| N | positions | exact | no move | rounds | layer time | total time | peak memory |"
    );
    let tables = OwareTables::build(seeds, |stats| {
        total += stats.positions;
        total_exact += stats.exact;
        let playable = stats.positions - stats.unplayable;
        println!(
            "| {} | {} | {} ({:.1}%) | {} | {} | {:.2} s | {:.2} s | {} |",
            stats.seeds,
            stats.positions,
            stats.exact,
            100.0 * stats.exact as f64 / playable.max(1) as f64,
            stats.unplayable,
            stats.rounds,
            last.elapsed().as_secs_f64(),
            started.elapsed().as_secs_f64(),
            peak_memory()
        );
        last = Instant::now();
    });
    println!(
        "up to {} seeds: {total} positions, {total_exact} exact, {} bytes of bounds, {:.1} s, peak {}",
        tables.seeds(),
        tables.size(),
        started.elapsed().as_secs_f64(),
        peak_memory()
    );
}
