//! The house bots' play, engine only (no server): the perfect bot keeps the exact value
//! at every move of Tihbat and Modiar and never throws away a game its table calls won,
//! and the analysis of every game played here keeps its invariants.

use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use seedpost::analysis::game::analyse;
use seedpost::analysis::json::ValueKind;
use seedpost::analysis::segment::{final_for, is_fresh, positions, segment_history};
use seedpost::analysis::solved::table;
use seedpost::house::{Level, choose_move};
use seedpost_rules::{Game, Side, Variant};

/// Plays one game of `variant`, `south` against `north`; returns it finished.
fn play(variant: Variant, first: Side, south: Level, north: Level, rng: &mut StdRng) -> Game {
    let game = play_on(Game::new(variant, first), south, north, rng);
    assert_analysis_keeps_its_invariants(&game);
    game
}

/// Plays `game` to its end, `south` against `north`.
fn play_on(mut game: Game, south: Level, north: Level, rng: &mut StdRng) -> Game {
    let mut plies = 0;
    while let Some(side) = game.position().to_move() {
        let level = if side == Side::South { south } else { north };
        let pit = choose_move(level, &game, rng).expect("an ongoing game has a move");
        game.play(pit).expect("the bot plays a legal move");
        plies += 1;
        assert!(plies < 1000, "the game ends");
    }
    game
}

/// In Tihbat and Modiar every row of the analysis is exact; the value after a move is
/// never above the value before, equal exactly when the move is a best one, and a drop
/// is a mistake of that size (src/analysis/game.rs).
fn assert_analysis_keeps_its_invariants(game: &Game) {
    if table(game.variant()).is_none() {
        return;
    }
    for row in analyse(game) {
        let at = format!("ply {} of {:?}", row.ply, game.plies());
        assert_eq!(
            (row.before.kind, row.after.kind),
            (ValueKind::Exact, ValueKind::Exact)
        );
        assert!(row.after.value <= row.before.value, "{at}: {row:?}");
        assert_eq!(row.drop, row.before.value - row.after.value, "{at}");
        assert_eq!(row.mistake, row.drop > 0, "{at}: {row:?}");
        if let Some(pit) = row.pit {
            let kept = row.after.value == row.before.value;
            assert_eq!(kept, row.best.contains(&pit), "{at}: {row:?}");
        }
    }
}

#[test]
fn the_perfect_bot_keeps_the_exact_value_with_history_at_every_move_of_tihbat_and_modiar() {
    let mut rng = StdRng::seed_from_u64(23);
    let mut checked = 0;
    for variant in [Variant::Tihbat, Variant::Modiar] {
        let table = table(variant).expect("solved");
        for round in 0..24 {
            let opponent = [Level::Perfect, Level::Search, Level::Greedy, Level::Random][round % 4];
            let first = if rng.random() {
                Side::South
            } else {
                Side::North
            };
            // From a random position: some random plies first.
            let mut game = Game::new(variant, first);
            for _ in 0..rng.random_range(0..30) {
                let moves: Vec<_> = game.position().legal_moves().into_iter().collect();
                let Some(&pit) = moves.choose(&mut rng) else {
                    break;
                };
                game.play(pit).expect("legal");
            }
            let perfect_side = if rng.random() {
                Side::South
            } else {
                Side::North
            };
            let mut plies = 0;
            while let Some(side) = game.position().to_move() {
                let level = if side == perfect_side {
                    Level::Perfect
                } else {
                    opponent
                };
                let pit = choose_move(level, &game, &mut rng).expect("a move");
                if level == Level::Perfect {
                    let positions = positions(&game);
                    let i = positions.len() - 1;
                    let history = segment_history(&positions, i);
                    let value = table.value_after(&history, &positions[i]).expect("solved");
                    let moves = table.move_values(&history, &positions[i]);
                    let played = moves.iter().find(|m| m.0 == pit).expect("a legal move");
                    assert_eq!(played.1, value, "{variant} {:?} then {pit}", game.plies());
                    checked += 1;
                }
                game.play(pit).expect("legal");
                plies += 1;
                assert!(plies < 1000, "the game ends");
            }
            assert_analysis_keeps_its_invariants(&game);
        }
    }
    assert!(checked > 100, "{checked} moves checked");
}

#[test]
fn the_perfect_bot_never_loses_a_tihbat_game_from_a_position_its_table_calls_won() {
    let table = table(Variant::Tihbat).expect("Tihbat is solved");
    let mut rng = StdRng::seed_from_u64(9);
    let mut won_positions = 0;
    for round in 0..60 {
        let opponent = [Level::Search, Level::Greedy, Level::Random][round % 3];
        let perfect_side = if round % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let first = if round % 4 < 2 {
            Side::South
        } else {
            Side::North
        };
        let (south, north) = match perfect_side {
            Side::South => (Level::Perfect, opponent),
            Side::North => (opponent, Level::Perfect),
        };
        let game = play(Variant::Tihbat, first, south, north, &mut rng);
        let positions = positions(&game);
        let end = positions.last().expect("an end");
        let result = final_for(end, perfect_side);
        // The best the table promised the perfect bot at any of its fresh positions.
        for (i, pos) in positions.iter().enumerate() {
            if pos.to_move() != Some(perfect_side) || !is_fresh(&positions, i) {
                continue;
            }
            let promised = table.final_difference(pos).expect("solved");
            let promised = if perfect_side == Side::South {
                promised
            } else {
                -promised
            };
            if promised > 0 {
                won_positions += 1;
                assert!(
                    result > 0,
                    "game {round} against {opponent}: won by {promised} at ply {i}, ended {result}: {:?}",
                    game.plies()
                );
            }
            assert!(
                result >= promised,
                "game {round} against {opponent}: promised {promised} at ply {i}, ended {result}"
            );
        }
    }
    assert!(won_positions > 0, "some positions were won");
}

#[test]
fn every_level_finishes_games_of_each_variant_with_legal_moves() {
    let mut rng = StdRng::seed_from_u64(1);
    for variant in [Variant::Tihbat, Variant::Mangala] {
        for level in [Level::Random, Level::Greedy] {
            let game = play(variant, Side::South, level, Level::Random, &mut rng);
            assert!(game.outcome().is_some());
        }
    }
}
