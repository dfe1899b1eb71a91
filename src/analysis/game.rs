//! The analysis of a finished game: for each ply, what the position was worth before
//! and after it for the side that played, the best moves, and whether the move was a
//! mistake.
//!
//! A value is the final score difference (the mover's stones minus the opponent's)
//! under best play from the position on. In Tihbat and Modiar every value is *exact*:
//! the solved tables with the positions seen since the last capture, as the repetition
//! rules count them (RULES.md, "Solved values", points 5 and 6). In Mangala it is a
//! *search* value, alpha-beta within [`BUDGET`], except where the game is over.
//!
//! The rows keep three invariants, for the side that moved: the value after a move is
//! never above the value before; it is equal exactly when the move is one of the best
//! moves; and a move that loses value is a mistake of that size.

use seedpost_rules::search::{Budget, Searcher};
use seedpost_rules::solve::Table;
use seedpost_rules::{Game, Ply, Position, Side};

use super::json::{PlyAnalysisJson, ValueJson, ValueKind};
use super::segment::{final_for, positions, segment_history, stores_for};
use super::solved::{endgame_tables, exact_future_moves, table};

/// The search budget of each position the tables do not value.
pub const BUDGET: Budget = Budget {
    depth: 14,
    nodes: 20_000,
};

/// A position's value for its side to move, and its best moves.
struct Valued {
    value: i16,
    kind: ValueKind,
    best: Vec<u8>,
}

/// Values position `i` of `positions` for its side to move (for the winner's side,
/// South if drawn, when the game is over: callers convert with [`for_side`]).
fn value_at(
    positions: &[Position],
    i: usize,
    solved: Option<&Table>,
    searcher: &mut Searcher,
) -> Valued {
    let pos = &positions[i];
    let Some(me) = pos.to_move() else {
        return Valued {
            value: final_for(pos, Side::South),
            kind: ValueKind::Exact,
            best: Vec::new(),
        };
    };
    let history = segment_history(positions, i);
    if let Some(table) = solved
        && let Some(value) = table.value_after(&history, pos)
    {
        let moves = table.move_values(&history, pos);
        return Valued {
            value: stores_for(pos, me) + i16::from(value),
            kind: ValueKind::Exact,
            best: moves
                .iter()
                .filter(|m| m.1 == value)
                .map(|m| m.0.number())
                .collect(),
        };
    }
    // The Mangala and Kalah endgame tables, then Kalah(6,4)'s proven line.
    if let Some(moves) = exact_future_moves(pos)
        && let Some(value) = moves.iter().map(|m| m.1).max()
    {
        return Valued {
            value: stores_for(pos, me) + value,
            kind: ValueKind::Exact,
            best: moves
                .iter()
                .filter(|m| m.1 == value)
                .map(|m| m.0.number())
                .collect(),
        };
    }
    let found = searcher.search(pos, &history, BUDGET);
    Valued {
        value: found.value,
        kind: ValueKind::Search,
        best: found.best.iter().map(|p| p.number()).collect(),
    }
}

/// `valued`'s value for `side`.
fn for_side(pos: &Position, valued: &Valued, side: Side) -> i16 {
    match pos.to_move() {
        Some(to_move) if to_move == side => valued.value,
        Some(_) => -valued.value,
        None => final_for(pos, side),
    }
}

/// The size of an analysis' transposition table: 2^18 entries, 4 MiB.
pub const TABLE_BITS: u32 = 18;

/// Analyses every ply of `game` (CPU-heavy: run it on a blocking thread). Building the
/// Modiar table on first use takes seconds ([`table`]): the server passes the table in
/// hand to [`analyse_with`] instead.
#[must_use]
pub fn analyse(game: &Game) -> Vec<PlyAnalysisJson> {
    analyse_with(game, table(game.variant()), &mut Searcher::new(TABLE_BITS))
}

/// [`analyse`] with `solved`, the solved table of the game's variant (`None` for
/// Mangala), and `searcher`, whose table is cleared first (the analysis depends on the
/// game alone) and then reused: no new table per game.
#[must_use]
pub fn analyse_with(
    game: &Game,
    solved: Option<&Table>,
    searcher: &mut Searcher,
) -> Vec<PlyAnalysisJson> {
    let positions = positions(game);
    searcher.clear();
    searcher.set_endgame(endgame_tables(game.variant()));
    let values: Vec<Valued> = (0..positions.len())
        .map(|i| value_at(&positions, i, solved, searcher))
        .collect();
    game.plies()
        .iter()
        .enumerate()
        .map(|(i, &ply)| {
            let side = ply.side();
            let before = ValueJson {
                value: for_side(&positions[i], &values[i], side),
                kind: values[i].kind,
            };
            let after = ValueJson {
                value: for_side(&positions[i + 1], &values[i + 1], side),
                kind: values[i + 1].kind,
            };
            let pit = match ply {
                Ply::Sow { pit, .. } => Some(pit.number()),
                Ply::Pass { .. } => None,
            };
            let best = if pit.is_some() {
                values[i].best.clone()
            } else {
                Vec::new()
            };
            let drop = (before.value - after.value).max(0);
            let mistake = drop > 0 && pit.is_some_and(|p| !best.contains(&p));
            PlyAnalysisJson {
                ply: u32::try_from(i + 1).unwrap_or(u32::MAX),
                side,
                pit,
                before,
                after,
                best,
                drop,
                mistake,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::sample::select;
    use seedpost_rules::{Game, Side, Variant};

    use super::*;

    /// The rows of a Tihbat or Modiar analysis against the module's invariants.
    fn assert_exact_and_consistent(game: &Game, rows: &[PlyAnalysisJson]) {
        for row in rows {
            let at = format!("ply {} of {:?}", row.ply, game.plies());
            assert_eq!(row.before.kind, ValueKind::Exact, "{at}");
            assert_eq!(row.after.kind, ValueKind::Exact, "{at}");
            assert!(row.after.value <= row.before.value, "{at}: {row:?}");
            assert_eq!(row.drop, row.before.value - row.after.value, "{at}");
            assert_eq!(row.mistake, row.drop > 0, "{at}: {row:?}");
            match row.pit {
                Some(pit) => assert_eq!(
                    row.after.value == row.before.value,
                    row.best.contains(&pit),
                    "{at}: {row:?}"
                ),
                None => assert!(row.best.is_empty() && row.drop == 0, "{at}: {row:?}"),
            }
        }
    }

    /// The games of each property: 1,000 random games of each solved variant.
    const GAMES: u32 = 1000;

    /// A random game of `variant` played to its end, choosing the `choices[k]`-th
    /// legal move (modulo their number) at ply k, the choices repeating.
    fn random_game(variant: Variant, first: Side, choices: &[u32]) -> Game {
        let mut game = Game::new(variant, first);
        for &choice in choices.iter().cycle() {
            let Some(pit) = game
                .position()
                .legal_moves()
                .into_iter()
                .nth(choice as usize % game.position().legal_moves().len().max(1))
            else {
                break;
            };
            game.play(pit).expect("legal");
        }
        assert!(game.position().is_over(), "random games end");
        game
    }

    thread_local! {
        /// One searcher per test thread (the tables are exact: it is not asked).
        static SEARCHER: std::cell::RefCell<Searcher> = std::cell::RefCell::new(Searcher::new(4));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(GAMES))]

        #[test]
        fn every_row_of_a_random_tihbat_game_is_exact_and_keeps_the_invariants(
            first in select(Side::ALL.to_vec()),
            choices in prop::collection::vec(any::<u32>(), 1..60),
        ) {
            let game = random_game(Variant::Tihbat, first, &choices);
            let rows = SEARCHER.with(|s| analyse_with(&game, table(game.variant()), &mut s.borrow_mut()));
            prop_assert_eq!(rows.len(), game.plies().len());
            assert_exact_and_consistent(&game, &rows);
        }

        #[test]
        fn every_row_of_a_random_modiar_game_is_exact_and_keeps_the_invariants(
            first in select(Side::ALL.to_vec()),
            choices in prop::collection::vec(any::<u32>(), 1..60),
        ) {
            let game = random_game(Variant::Modiar, first, &choices);
            let rows = SEARCHER.with(|s| analyse_with(&game, table(game.variant()), &mut s.borrow_mut()));
            prop_assert_eq!(rows.len(), game.plies().len());
            assert_exact_and_consistent(&game, &rows);
        }
    }

    #[test]
    fn a_first_move_the_table_calls_worse_is_marked_as_a_mistake_and_a_best_one_is_not() {
        let table = table(Variant::Tihbat).expect("Tihbat is solved");
        let start = Game::new(Variant::Tihbat, Side::South);
        let best = table.best_moves(start.position());
        for pit in start.position().legal_moves() {
            let mut game = start.clone();
            game.play(pit).expect("legal");
            let plies = analyse(&game);
            let first = &plies[0];
            assert_eq!(first.before.kind, ValueKind::Exact);
            let want = table.final_difference(start.position()).expect("solved");
            assert_eq!(first.before.value, want);
            assert_eq!(
                first.best,
                best.iter().map(|p| p.number()).collect::<Vec<_>>()
            );
            if best.contains(&pit) {
                assert!(!first.mistake, "pit {pit} keeps the value");
            } else if first.drop > 0 {
                assert!(first.mistake, "pit {pit} loses {}", first.drop);
            }
        }
    }
}
