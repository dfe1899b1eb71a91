//! Speed of the engine: random playouts from the start position, and the replay of a
//! recorded game, both reported in plies per second.
//!
//! The goal (issue 2) is at least 10 million plies a second for Mangala and 5 million
//! for Modiar and Tihbat on one core. Run with
//! `cargo bench -p seedpost-rules -- --warm-up-time 1 --measurement-time 3`.

#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::{Game, Pit, Ply, Side, Variant};

/// Plies played in each iteration of a playout benchmark.
const PLIES_PER_ITER: u64 = 10_000;

/// Plies in the recorded game that the replay benchmark replays.
const RECORD_PLIES: usize = 100;

/// A random side, a coin toss.
fn random_side(rng: &mut SmallRng) -> Side {
    if rng.random::<bool>() {
        Side::South
    } else {
        Side::North
    }
}

/// A random legal move of the side to move. The game must not be over: in every
/// position reached by playing, the side to move has a legal move (Tihbat's passes
/// are played by [`Game::play`] itself).
fn random_move(game: &Game, rng: &mut SmallRng) -> Pit {
    let legal = game.position().legal_moves();
    let k = rng.random_range(0..legal.len());
    legal
        .into_iter()
        .nth(k)
        .expect("an unfinished game has a legal move")
}

/// Plays random moves, restarting the game whenever it ends, until at least `plies`
/// plies have been played. Returns the plies played (one more than asked when the last
/// move is followed by a Tihbat pass).
fn play_random_plies(game: &mut Game, rng: &mut SmallRng, plies: u64) -> u64 {
    let mut played = 0;
    while played < plies {
        if game.position().is_over() {
            game.restart(random_side(rng));
        }
        let pit = random_move(game, rng);
        played += game.play(pit).expect("a legal move plays") as u64;
    }
    played
}

/// Random playouts from the start position, restarted at each game's end so that
/// every iteration plays the same number of plies.
fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playouts");
    group.throughput(Throughput::Elements(PLIES_PER_ITER));
    for variant in Variant::ALL {
        group.bench_function(BenchmarkId::from_parameter(variant), |b| {
            let mut rng = SmallRng::seed_from_u64(0x5eed_0001);
            let mut game = Game::new(variant, Side::South);
            // Grow the game's buffers to their working size before timing.
            play_random_plies(&mut game, &mut rng, 100_000);
            b.iter(|| black_box(play_random_plies(&mut game, &mut rng, PLIES_PER_ITER)));
        });
    }
    group.finish();
}

/// The first mover and plies of the first random game of `variant` (seeded) that
/// reaches `plies` plies, cut to exactly that many. A prefix of a legal game is a
/// legal record.
fn long_record(variant: Variant, plies: usize) -> (Side, Vec<Ply>) {
    let mut rng = SmallRng::seed_from_u64(0x5eed_0002);
    let mut game = Game::new(variant, Side::South);
    loop {
        game.restart(random_side(&mut rng));
        while !game.position().is_over() && game.ply() < plies {
            let pit = random_move(&game, &mut rng);
            game.play(pit).expect("a legal move plays");
        }
        if game.ply() >= plies {
            return (game.first(), game.plies()[..plies].to_vec());
        }
    }
}

/// Random records of `variant` (seeded), whole games back to back, adding up to at
/// least `plies` plies: for variants whose random games are shorter than that.
fn records_of(variant: Variant, plies: usize) -> Vec<(Side, Vec<Ply>)> {
    let mut rng = SmallRng::seed_from_u64(0x5eed_0003);
    let mut game = Game::new(variant, Side::South);
    let mut records = Vec::new();
    let mut total = 0;
    while total < plies {
        game.restart(random_side(&mut rng));
        while !game.position().is_over() {
            let pit = random_move(&game, &mut rng);
            game.play(pit).expect("a legal move plays");
        }
        total += game.ply();
        records.push((game.first(), game.plies().to_vec()));
    }
    records
}

/// [`Game::replay`] of recorded games: one 100-ply Mangala game (random Mangala games
/// last 43 plies on average and rarely reach 100), and for Modiar and Tihbat, whose
/// random games are shorter still (at most 72 and 99 plies in 20 million), whole games
/// back to back adding up to at least 100 plies.
fn replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    let (first, mangala) = long_record(Variant::Mangala, RECORD_PLIES);
    group.throughput(Throughput::Elements(mangala.len() as u64));
    group.bench_function("mangala_100_plies", |b| {
        b.iter(|| {
            black_box(Game::replay(Variant::Mangala, first, black_box(&mangala)))
                .expect("the recorded game replays")
        });
    });
    for variant in [Variant::Modiar, Variant::Tihbat] {
        let records = records_of(variant, RECORD_PLIES);
        let plies: usize = records.iter().map(|(_, plies)| plies.len()).sum();
        group.throughput(Throughput::Elements(plies as u64));
        let id = format!("{variant}_{}_games_{plies}_plies", records.len());
        group.bench_function(id, |b| {
            b.iter(|| {
                for (first, plies) in &records {
                    black_box(Game::replay(variant, *first, black_box(plies)))
                        .expect("a recorded game replays");
                }
            });
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, replay);
criterion_main!(benches);
