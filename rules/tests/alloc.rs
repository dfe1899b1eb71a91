//! Playing moves allocates nothing on the heap once a game's buffers have grown to the
//! length of its longest game (issue 2: "no heap allocation per move").
//!
//! `allocation-counter` installs a counting global allocator in this test binary only
//! and counts, per thread, the allocations made while a closure runs.

#![allow(missing_docs)]

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use seedpost_rules::{Game, Pit, Side, Variant};

/// Random games played, first to grow the buffers, then again while counting.
const GAMES: usize = 2_000;

/// Plays `GAMES` random games in `game`, restarting it for each, with every pit tried
/// before each move (so that illegal moves are counted too). Returns the plies played.
fn play_random_games(game: &mut Game, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut plies = 0;
    for _ in 0..GAMES {
        let first = if rng.random::<bool>() {
            Side::South
        } else {
            Side::North
        };
        game.restart(first);
        while !game.position().is_over() {
            for n in 1..=Pit::MAX {
                let pit = Pit::new(n).expect("1..=6 are pits");
                let _ = game.position().check(pit);
                let _ = game.position().play(pit);
            }
            let legal = game.position().legal_moves();
            let k = rng.random_range(0..legal.len());
            let pit = legal.into_iter().nth(k).expect("k is below the count");
            for illegal in (1..=Pit::MAX).filter_map(Pit::new) {
                if !legal.contains(illegal) {
                    assert!(game.play(illegal).is_err());
                }
            }
            plies += game.play(pit).expect("a legal move plays");
            std::hint::black_box(game.occurrences());
        }
        std::hint::black_box(game.outcome());
    }
    plies
}

#[test]
fn playing_moves_allocates_nothing_once_the_game_is_warm() {
    for (seed, variant) in (1..).zip(Variant::ALL) {
        let mut game = Game::new(variant, Side::South);
        // The same games twice: the first pass grows the plies and the repetition
        // history to the longest game's length (which the counter sees), the second
        // must not allocate at all.
        let mut warm_up = 0;
        let growth = allocation_counter::measure(|| warm_up = play_random_games(&mut game, seed));
        assert!(
            growth.count_total > 0,
            "{variant}: the counter saw no growth"
        );
        let mut plies = 0;
        let info = allocation_counter::measure(|| plies = play_random_games(&mut game, seed));
        assert_eq!(plies, warm_up);
        assert_eq!(
            info.count_total, 0,
            "{variant}: {} allocations ({} bytes) in {plies} plies",
            info.count_total, info.bytes_total
        );
    }
}

#[test]
fn restarting_a_game_keeps_its_memory() {
    for variant in Variant::ALL {
        let mut game = Game::new(variant, Side::South);
        play_random_games(&mut game, 7);
        let info = allocation_counter::measure(|| {
            for first in [Side::North, Side::South] {
                game.restart(first);
                std::hint::black_box(&game);
            }
        });
        assert_eq!(info.count_total, 0, "{variant}");
        assert_eq!(game, Game::new(variant, Side::South));
    }
}
