//! The house bots' evaluation against the stores' difference alone, side by side: for
//! each game, pairs of games from varied openings (a few random moves from the start,
//! the same for both games of a pair), the new evaluation South in one and North in
//! the other, both searching to the same depth. Prints the new evaluation's score with
//! a 95% confidence interval (RULES.md, "The house bots' evaluation").
//!
//! Deterministic: the openings come from a seeded generator and each search plays the
//! first of its best moves.
//!
//! `cargo run -p seedpost-rules --release --example mobility_match -- [pairs] [depth]
//! [variant...] [--mobility W] [--seed S]` (defaults: 100 pairs, depth 6, Oware, Togyz
//! kumalak, Kalah and Mangala, each game's tuned weight, seed 38; `--mobility W` tries
//! weight W instead; the weights were tuned with seed 38, so check with another).

#![allow(missing_docs)]

use std::time::Instant;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::search::{Budget, Evaluation, Searcher};
use seedpost_rules::{Game, Position, Side, Variant};

/// Plies after which a game is scored by its stores (none reached it in the runs).
const MAX_PLIES: usize = 600;

/// The opening: 2 to 6 random legal moves from the start, South first.
fn opening(variant: Variant, rng: &mut SmallRng) -> Game {
    loop {
        let mut game = Game::new(variant, Side::South);
        let plies = rng.random_range(2..=6);
        for _ in 0..plies {
            let moves: Vec<_> = game.position().legal_moves().into_iter().collect();
            if moves.is_empty() {
                break;
            }
            let pit = moves[rng.random_range(0..moves.len())];
            let _ = game.play(pit);
        }
        if !game.position().is_over() {
            return game;
        }
    }
}

/// Plays `game` on, `new` searching for `new_side` and `old` for the other; returns
/// the points of `new_side` (1, ½ or 0) and whether the game reached [`MAX_PLIES`].
fn play(
    mut game: Game,
    new_side: Side,
    new: &mut Searcher,
    old: &mut Searcher,
    depth: u8,
) -> (f64, bool) {
    let budget = Budget {
        depth,
        nodes: u64::MAX,
    };
    // The positions since the last capture, for the repetition rules.
    let mut segment: Vec<Position> = vec![*game.position()];
    while let Some(side) = game.position().to_move() {
        if game.ply() >= MAX_PLIES {
            let stores = game.position().stores();
            let (mine, theirs) = (*stores.get(new_side), *stores.get(new_side.opposite()));
            let points = match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
            return (points, true);
        }
        let pos = *game.position();
        let history = &segment[..segment.len() - 1];
        let searcher = if side == new_side {
            &mut *new
        } else {
            &mut *old
        };
        let found = searcher.search(&pos, history, budget);
        let Some(&pit) = found.best.first() else {
            break;
        };
        game.play(pit).expect("the search plays legal moves");
        let after = *game.position();
        if after.stores() != pos.stores() {
            segment.clear();
        }
        segment.push(after);
    }
    let outcome = game.outcome().expect("the game is over");
    (outcome.points().get(new_side).as_f64(), false)
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut option = |name: &str| -> Option<String> {
        let i = args.iter().position(|a| a == name)?;
        let value = args.get(i + 1).cloned();
        args.drain(i..(i + 2).min(args.len()));
        value
    };
    let weight: Option<i16> = option("--mobility").and_then(|w| w.parse().ok());
    let seed: u64 = option("--seed").and_then(|s| s.parse().ok()).unwrap_or(38);
    let pairs: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(100);
    let depth: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(6);
    let mut variants: Vec<Variant> = args.iter().skip(2).filter_map(|a| a.parse().ok()).collect();
    if variants.is_empty() {
        variants = vec![
            Variant::Oware,
            Variant::Togyz,
            Variant::Kalah,
            Variant::Mangala,
        ];
    }
    for variant in variants {
        let evaluation = weight.map_or(Evaluation::for_variant(variant), |mobility| Evaluation {
            mobility,
        });
        let started = Instant::now();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut new = Searcher::new(16);
        new.set_evaluation(evaluation);
        let mut old = Searcher::new(16);
        let (mut wins, mut draws, mut losses, mut capped) = (0, 0, 0, 0);
        let mut pair_scores = Vec::with_capacity(pairs);
        for _ in 0..pairs {
            let start = opening(variant, &mut rng);
            let mut pair = 0.0;
            for new_side in Side::ALL {
                new.clear();
                old.clear();
                let (points, cap) = play(start.clone(), new_side, &mut new, &mut old, depth);
                pair += points;
                capped += usize::from(cap);
                match points {
                    p if p > 0.75 => wins += 1,
                    p if p > 0.25 => draws += 1,
                    _ => losses += 1,
                }
            }
            pair_scores.push(pair);
        }
        // The pairs are independent; each scores 0..=2.
        let n = pair_scores.len() as f64;
        let mean = pair_scores.iter().sum::<f64>() / n;
        let var = pair_scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0);
        let half = 1.96 * (var / n).sqrt() / 2.0;
        let score = mean / 2.0;
        let elo = |p: f64| -400.0 * (1.0 / p.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
        println!(
            "{variant}: mobility {} vs stores alone, depth {depth}, seed {seed}, {} games: +{wins} ={draws} -{losses} \
             score {:.1}% ± {:.1}% (95%), Elo {:+.0} [{:+.0}, {:+.0}], {capped} capped, {:.1} s",
            evaluation.mobility,
            2 * pairs,
            100.0 * score,
            100.0 * half,
            elo(score),
            elo(score - half),
            elo(score + half),
            started.elapsed().as_secs_f64()
        );
    }
}
