//! Solves Kalah(6,n) from the start (RULES.md, "Kalah endgame tables and the solve"):
//! builds the endgame tables of at most N seeds on the board, proves bounds on the
//! start one ply deeper at a time up to 12 plies (filling the prover's table with first
//! moves), then asks null-window questions to the end of every line around the value a
//! heuristic search of 14 plies gives ([`Prover::prove_around`]), until the bounds meet;
//! prints each step's bounds, the nodes, the time and the peak memory.
//!
//! `cargo run -p seedpost-rules --release --example kalah_solve -- <N> [seeds] [table bits]
//! [rules] [line file]`
//!
//! `seeds` is 4 (Kalah(6,4), the default) or 5; `rules` is `seedpost` (the default, §K5
//! and §K6), `empty` (the empty capture), `either` (the game ends when either row is
//! empty) or `empty-either` (both). With a `line file`, also values every move of each
//! position along the proven line, exactly, from the start until the line reaches the
//! tables, and writes them there (`south/north/side value m1 … m6`, future values, `-`
//! for an empty house), for the server to answer them exactly. `KALAH_TABLES=<file>`
//! reads the tables from that file when it holds them, else writes them there.

#![allow(missing_docs)]

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use seedpost_rules::endgame::{EndgameTables, Rules};
use seedpost_rules::proof::{Proven, Prover};
use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::{KalahRules, Pit, Position, Side};

/// The peak resident memory of this process in MiB (Linux), for the report.
fn peak_mib() -> String {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or_else(|| "unknown".to_owned(), |k| format!("{}", k / 1024))
}

const ALL: Budget = Budget {
    depth: u8::MAX,
    nodes: u64::MAX,
};

/// The final difference for `me` so far (the end's sweep included once over).
fn diff(pos: &Position, me: Side) -> i16 {
    let s = pos.outcome().map_or(pos.stores(), |o| o.score);
    i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
}

/// Each legal move's exact final difference for the side to move, whose value is
/// `value` (the tests start there).
fn move_values(prover: &mut Prover, rules: Rules, pos: &Position, value: i16) -> Vec<(Pit, i16)> {
    let me = pos.to_move().expect("ongoing");
    pos.legal_moves()
        .into_iter()
        .map(|pit| {
            let next = rules.after(pos, pit).expect("legal");
            let v = match next.to_move() {
                None => diff(&next, me),
                Some(side) => {
                    let guess = if side == me { value } else { -value };
                    let mut proven = prover.prove_around(&next, u8::MAX, guess);
                    if !proven.is_exact() {
                        proven = prover.prove(&next, ALL);
                    }
                    assert!(proven.is_exact(), "{next}: {proven:?}");
                    if side == me {
                        proven.lower
                    } else {
                        -proven.lower
                    }
                }
            };
            (pit, v)
        })
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let stones: u8 = args.next().map_or(16, |s| s.parse().expect("N, a number"));
    let seeds: u8 = args.next().map_or(4, |s| s.parse().expect("seeds, 4 or 5"));
    let bits: u32 = args.next().map_or(24, |s| s.parse().expect("table bits"));
    let kalah = match args.next().as_deref().unwrap_or("seedpost") {
        "seedpost" => KalahRules::SEEDPOST,
        "empty" => KalahRules {
            empty_capture: true,
            either_row_ends: false,
        },
        "either" => KalahRules {
            empty_capture: false,
            either_row_ends: true,
        },
        "empty-either" => KalahRules {
            empty_capture: true,
            either_row_ends: true,
        },
        other => panic!("unknown rules {other}"),
    };
    let line = args.next();
    let rules = Rules::Kalah(kalah);
    let began = Instant::now();
    // `KALAH_TABLES=<file>`: read the tables from there when they are, else write them.
    let file = std::env::var_os("KALAH_TABLES").map(std::path::PathBuf::from);
    let read = file
        .as_ref()
        .and_then(|f| std::fs::read(f).ok())
        .and_then(|bytes| EndgameTables::from_bytes(rules, bytes, 1))
        .filter(|t| t.stones() == stones);
    let built = read.is_none();
    let tables =
        Arc::new(read.unwrap_or_else(|| EndgameTables::build(rules, stones, 1, &mut |_| {})));
    if let (true, Some(f)) = (built, &file) {
        std::fs::write(f, tables.to_bytes()).expect("the tables written");
    }
    println!(
        "Kalah(6,{seeds}), {kalah:?}: tables up to {stones} seeds, {} positions {} in {:.1?}, \
         peak RSS {} MiB",
        tables.len(),
        if built { "built" } else { "read" },
        began.elapsed(),
        peak_mib()
    );
    let mut prover = Prover::new(bits, Arc::clone(&tables));
    let start = KalahRules::start(seeds, Side::South);
    let began = Instant::now();
    // A guess from the heuristic search (seedpost's rules, with the tables at its
    // leaves when they are seedpost's): only where the proof's tests start.
    let mut searcher = Searcher::new(22);
    if rules == Rules::KALAH {
        searcher.set_endgame(Some(Arc::clone(&tables)));
    }
    let guess = searcher
        .search(
            &start,
            &[],
            Budget {
                depth: 14,
                nodes: u64::MAX,
            },
        )
        .value;
    println!(
        "guess (a search of 14 plies): {guess:+}, {:.1} s",
        began.elapsed().as_secs_f64()
    );
    println!("depth\tlower\tupper\tnodes (all)\tin tables (all)\ttotal s");
    let mut value = None;
    // Shallow bounds first (their tests fill the table with good first moves), then
    // tests around the guess ever deeper, to the end of every line.
    let report = |prover: &Prover, proven: Proven| {
        println!(
            "{}\t{:+}\t{:+}\t{}\t{}\t{:.1}",
            proven.depth,
            proven.lower,
            proven.upper,
            prover.nodes(),
            prover.in_tables(),
            began.elapsed().as_secs_f64()
        );
    };
    for depth in 1..=12 {
        let proven = prover.prove_at(&start, depth);
        report(&prover, proven);
    }
    let mut guess = guess;
    for depth in [u8::MAX] {
        let proven = prover.prove_around(&start, depth, guess);
        report(&prover, proven);
        if proven.is_exact() {
            value = Some(proven.lower);
            break;
        }
        guess = guess.clamp(proven.lower, proven.upper);
    }
    println!(
        "solved: {:+} for the first mover; {} nodes, {:.1} s of search, peak RSS {} MiB",
        value.expect("solved"),
        prover.nodes(),
        began.elapsed().as_secs_f64(),
        peak_mib()
    );
    let Some(path) = line else { return };
    // The proven line: every move of each position valued exactly, then the first best
    // move played, until the tables hold the position (or the game ends).
    let mut out = String::new();
    let mut pos = start;
    let mut value = value.expect("solved");
    while let Some(me) = pos.to_move() {
        if pos.on_board() <= stones {
            break;
        }
        let moves = move_values(&mut prover, rules, &pos, value);
        let stored = diff(&pos, me);
        let best = moves.iter().map(|m| m.1).max().expect("a move");
        let row = |side| {
            pos.row(side)
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let _ = write!(
            out,
            "{}/{}/{me} {}",
            row(Side::South),
            row(Side::North),
            best - stored
        );
        for i in 0..6 {
            match moves.iter().find(|m| m.0.index() == i) {
                Some(&(_, v)) => {
                    let _ = write!(out, " {}", v - stored);
                }
                None => out.push_str(" -"),
            }
        }
        out.push('\n');
        let pit = moves.iter().find(|m| m.1 == best).expect("a best move").0;
        pos = rules.after(&pos, pit).expect("legal");
        value = if pos.to_move() == Some(me) {
            best
        } else {
            -best
        };
    }
    std::fs::write(&path, &out).expect("the line file written");
    println!(
        "line: {} positions written to {path} in {:.1} s (all), {} nodes, peak RSS {} MiB",
        out.lines().count(),
        began.elapsed().as_secs_f64(),
        prover.nodes(),
        peak_mib()
    );
}
