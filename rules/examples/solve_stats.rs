//! Solves Tihbat or Modiar and reports what it took: the time of the whole and of the
//! search that keeps the history (RULES.md, "Solved values"), the positions on cycles
//! and those the search settled, the start values and the peak memory.
//!
//! `cargo run -p seedpost-rules --release --example solve_stats -- modiar [max stones]`

#![allow(missing_docs)]

use std::time::{Duration, Instant};

use seedpost_rules::solve::{Progress, Table};
use seedpost_rules::{Side, Variant};

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
    let mut args = std::env::args().skip(1);
    let variant: Variant = args
        .next()
        .unwrap_or_else(|| "modiar".to_owned())
        .parse()
        .expect("tihbat or modiar");
    let top: u8 = args
        .next()
        .map_or(variant.total_stones(), |s| s.parse().expect("a number"));
    let began = Instant::now();
    let mut search_began = Instant::now();
    let mut searching = Duration::ZERO;
    let table = Table::solve_observed(variant, top, &mut |progress| match progress {
        Progress::Layer(_) => {}
        Progress::SearchStarted => search_began = Instant::now(),
        Progress::SearchFinished => searching += search_began.elapsed(),
    });
    let stats = table.stats();
    println!(
        "{variant} up to {top} stones: {} positions in {:.2?} (history search {:.2?}), \
         {} on cycles, {} searched ({} nodes), peak memory {}",
        table.len(),
        began.elapsed(),
        searching,
        stats.on_cycles,
        stats.searched,
        stats.search_nodes,
        peak_memory()
    );
    for side in Side::ALL {
        if let Some(v) = table.start_value(side) {
            println!("{side} moves first: {v:+} for {side}");
        }
    }
}
