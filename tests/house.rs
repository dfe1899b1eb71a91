//! The house bots' play, engine only (no server): the perfect bot never throws away a
//! Tihbat game its table calls won.

use rand::SeedableRng;
use rand::rngs::StdRng;
use seedpost::house::{Level, choose_move, final_for, is_fresh, positions, table};
use seedpost_rules::{Game, Side, Variant};

/// Plays one game of `variant`, `south` against `north`; returns it finished.
fn play(variant: Variant, first: Side, south: Level, north: Level, rng: &mut StdRng) -> Game {
    let mut game = Game::new(variant, first);
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
