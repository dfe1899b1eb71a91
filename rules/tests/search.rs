//! Alpha-beta search: forced wins in small hand-made positions of all three games.

use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::{BySide, Pit, Position, Side, Variant};

fn pos(variant: Variant, south: &[u8], north: &[u8], stores: (u8, u8), side: Side) -> Position {
    Position::from_parts(variant, south, north, BySide::new(stores.0, stores.1), side)
        .expect("valid position")
}

fn pits(numbers: &[u8]) -> Vec<Pit> {
    numbers.iter().map(|&n| Pit::new(n).expect("pit")).collect()
}

const DEEP: Budget = Budget {
    depth: 12,
    nodes: u64::MAX,
};

#[test]
fn mangala_search_takes_the_move_that_empties_its_row_and_sweeps_the_board() {
    // §M9: S6 ends the game 45–3.
    let p = pos(
        Variant::Mangala,
        &[0, 0, 0, 0, 0, 1],
        &[4; 6],
        (20, 3),
        Side::South,
    );
    let found = Searcher::new(10).search(&p, &[], DEEP);
    assert_eq!(found.value, 42);
    assert_eq!(found.best, pits(&[6]));
}

#[test]
fn mangala_search_keeps_the_sign_across_an_extra_move() {
    // §M6: S6 lands in the store and South moves again; S5's lone counter then ends in
    // the empty S6 and takes N1 with it (§M8), which empties South's row, and South
    // takes North's row (§M9): 46–2.
    let p = pos(
        Variant::Mangala,
        &[0, 0, 0, 0, 1, 1],
        &[4; 6],
        (20, 2),
        Side::South,
    );
    let found = Searcher::new(10).search(&p, &[], DEEP);
    assert_eq!(found.value, 44);
    assert_eq!(found.best, pits(&[6]));
}

#[test]
fn modiar_search_finds_the_capture_that_ends_the_game_won() {
    // §D11: S2 takes N1 and leaves North without a move: 22–20.
    let p = pos(
        Variant::Modiar,
        &[0, 3, 0],
        &[1, 0, 1],
        (18, 19),
        Side::South,
    );
    let found = Searcher::new(10).search(&p, &[], DEEP);
    assert_eq!(found.value, 2);
    assert_eq!(found.best, pits(&[2]));
}

#[test]
fn tihbat_search_values_a_pass_and_the_repetition_that_follows() {
    // §T4: South passes; whatever North does, the game ends by repetition or capture.
    let p = pos(Variant::Tihbat, &[0, 0], &[1, 1], (13, 13), Side::South);
    let found = Searcher::new(10).search(&p, &[], DEEP);
    assert!(found.best.is_empty());
    // North's lone counters fall back: the position repeats, and the board is divided.
    assert_eq!(found.value, 0);
}

#[test]
fn a_node_budget_stops_the_deepening_early() {
    let p = Position::start(Variant::Mangala, Side::South);
    let found = Searcher::new(16).search(
        &p,
        &[],
        Budget {
            depth: 30,
            nodes: 2_000,
        },
    );
    assert!(found.depth < 30);
    assert!(!found.best.is_empty());
}

#[test]
fn kalah_search_finds_the_value_of_a_small_endgame() {
    // Solved to the end by the independent model of
    // rules/tests/fixtures/hand/work.py (exhaustive minimax): S1 is the only best move,
    // worth +2 (§K5, §K6).
    let p = pos(
        Variant::Kalah,
        &[1, 0, 0, 0, 0, 2],
        &[0, 1, 0, 0, 3, 0],
        (20, 21),
        Side::South,
    );
    let found = Searcher::new(12).search(&p, &[], DEEP);
    assert_eq!(found.value, 2);
    assert_eq!(found.best, pits(&[1]));
}

#[test]
fn oware_search_takes_the_capture_that_reaches_25() {
    // §O8: S6 makes N1 2 and takes it, 25–7 at once. Nothing can be worth less than
    // that to South, and S5 cannot win at once.
    let p = pos(
        Variant::Oware,
        &[0, 0, 0, 0, 1, 1],
        &[1, 1, 4, 4, 4, 2],
        (23, 7),
        Side::South,
    );
    let found = Searcher::new(16).search(
        &p,
        &[],
        Budget {
            depth: 10,
            nodes: u64::MAX,
        },
    );
    assert!(found.value >= 18, "{found:?}");
    assert!(found.best.contains(&Pit::new(6).expect("pit")), "{found:?}");
}

#[test]
fn togyz_search_takes_the_capture_that_reaches_82() {
    // §Z7: S9 makes N1 2 and takes it, 82–7 at once.
    let p = pos(
        Variant::Togyz,
        &[0, 0, 0, 0, 0, 0, 0, 1, 2],
        &[1, 9, 9, 9, 9, 9, 9, 9, 8],
        (80, 7),
        Side::South,
    );
    let found = Searcher::new(16).search(
        &p,
        &[],
        Budget {
            depth: 6,
            nodes: u64::MAX,
        },
    );
    assert!(found.value >= 75, "{found:?}");
    assert!(found.best.contains(&Pit::new(9).expect("pit")), "{found:?}");
}

#[test]
fn the_search_plays_a_whole_game_of_each_new_variant_from_the_start() {
    for variant in [Variant::Kalah, Variant::Oware, Variant::Togyz] {
        let mut game = seedpost_rules::Game::new(variant, Side::South);
        let mut searcher = Searcher::new(16);
        while !game.position().is_over() && game.ply() < 600 {
            let found = searcher.search(
                game.position(),
                &[],
                Budget {
                    depth: 4,
                    nodes: 50_000,
                },
            );
            let pit = found.best[0];
            game.play(pit).expect("the search plays a legal move");
        }
        assert!(game.position().is_over(), "{variant}: {}", game.position());
    }
}
