//! The computer's play: how the house bots choose their moves, at four strengths,
//! reading the solved and endgame tables of the analysis ([`crate::analysis::solved`],
//! RULES.md, "Solved values").
//!
//! Everything here is synchronous and may take a while (a search, or building a table
//! on first use): the server calls it on a blocking thread.

use rand::Rng;
use rand::seq::IndexedRandom;
use seedpost_rules::endgame::EndgameTables;
use seedpost_rules::search::{Budget, Evaluation, Searcher};
use seedpost_rules::solve::Table;
use seedpost_rules::{Game, Pit, Position, Variant};

use crate::analysis::segment::{final_for, positions, segment_history, stores_for};
use crate::analysis::solved::{endgame_tables, table};

/// How strongly a house bot plays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString, strum::Display,
)]
#[strum(serialize_all = "lowercase")]
pub enum Level {
    /// Any legal move, uniformly at random.
    Random,
    /// The move that gains the most stones at once (ties at random).
    Greedy,
    /// Alpha-beta search within a node budget ([`SEARCH_BUDGET`]).
    Search,
    /// The solved tables for Tihbat and Modiar, deep search for Mangala.
    Perfect,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Greedy, Level::Search, Level::Perfect];

    /// The level's code: `random`, `greedy`, `search`, `perfect`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The name of the house bot of this level: `house-<level>`.
    #[must_use]
    pub const fn username(self) -> &'static str {
        match self {
            Level::Random => "house-random",
            Level::Greedy => "house-greedy",
            Level::Search => "house-search",
            Level::Perfect => "house-perfect",
        }
    }

    /// The level of a house bot's name, or of a level code.
    #[must_use]
    pub fn parse(s: &str) -> Option<Level> {
        s.parse().ok().or_else(|| {
            Level::ALL
                .into_iter()
                .find(|l| l.username().eq_ignore_ascii_case(s))
        })
    }
}

/// The budget of the `search` level.
pub const SEARCH_BUDGET: Budget = Budget {
    depth: 12,
    nodes: 50_000,
};

/// The budget of the `perfect` level where no table applies (Mangala).
pub const DEEP_BUDGET: Budget = Budget {
    depth: 30,
    nodes: 2_000_000,
};

/// Transposition-table size of the bots' searches: 2^18 entries, 4 MiB.
const TABLE_BITS: u32 = 18;

/// A searcher with a transposition table of `2^bits` entries that uses `variant`'s
/// endgame tables (Mangala's or Kalah's), if any, wherever it meets a position they
/// hold.
#[must_use]
pub fn searcher(bits: u32, variant: Variant) -> Searcher {
    let mut searcher = Searcher::new(bits);
    searcher.set_endgame(endgame_tables(variant));
    searcher
}

/// Whether `level` reads a solved table in `variant` (the perfect level in Tihbat and
/// Modiar): such a move waits for [`table`], which for Modiar takes seconds the first
/// time.
#[must_use]
pub fn needs_table(level: Level, variant: Variant) -> bool {
    level == Level::Perfect && matches!(variant, Variant::Tihbat | Variant::Modiar)
}

/// The move `level` plays in `game`, or `None` when the game is over (passes are
/// played automatically by [`Game::play`]). The perfect level builds the variant's
/// table first if nobody has ([`table`]).
pub fn choose_move(level: Level, game: &Game, rng: &mut impl Rng) -> Option<Pit> {
    let solved = if needs_table(level, game.variant()) {
        table(game.variant())
    } else {
        None
    };
    choose_move_with(level, game, solved, rng)
}

/// The move `level` plays in `game` as [`choose_move`], the perfect level reading
/// `solved`, the table of the game's variant (a deep search without one).
pub fn choose_move_with(
    level: Level,
    game: &Game,
    solved: Option<&Table>,
    rng: &mut impl Rng,
) -> Option<Pit> {
    let pos = *game.position();
    let me = pos.to_move()?;
    let moves: Vec<Pit> = pos.legal_moves().into_iter().collect();
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let candidates = match level {
        Level::Random => moves,
        Level::Greedy => {
            let gain = |pit: Pit| {
                let mut next = game.clone();
                let _ = next.play(pit);
                let after = next.position();
                let mut v = if after.is_over() {
                    final_for(after, me)
                } else {
                    stores_for(after, me)
                };
                // §M6: moving again is worth a little too.
                if after.to_move() == Some(me) {
                    v += 1;
                }
                v
            };
            best_by(&moves, gain)
        }
        Level::Search => searched(game, SEARCH_BUDGET),
        Level::Perfect => match solved {
            Some(table) => perfect(table, game, &moves),
            None => searched(game, DEEP_BUDGET),
        },
    };
    candidates.choose(rng).copied()
}

/// The moves of `moves` of the greatest `value`.
fn best_by(moves: &[Pit], mut value: impl FnMut(Pit) -> i16) -> Vec<Pit> {
    let scored: Vec<(Pit, i16)> = moves.iter().map(|&p| (p, value(p))).collect();
    let best = scored.iter().map(|s| s.1).max().unwrap_or(0);
    scored
        .into_iter()
        .filter(|s| s.1 == best)
        .map(|s| s.0)
        .collect()
}

/// The best moves by a search of the current position, with its segment's history.
fn searched(game: &Game, budget: Budget) -> Vec<Pit> {
    let positions = positions(game);
    let i = positions.len() - 1;
    let history = segment_history(&positions, i);
    let tables = endgame_tables(game.variant());
    if let Some(best) = tables.and_then(|t| endgame_best(&t, &positions[i])) {
        return best;
    }
    let mut searcher = searcher(TABLE_BITS, game.variant());
    // The stores' difference and, where it plays better, each side's moves.
    searcher.set_evaluation(Evaluation::for_variant(game.variant()));
    searcher.search(&positions[i], &history, budget).best
}

/// The moves that keep the exact value of a position the endgame tables hold.
fn endgame_best(tables: &EndgameTables, pos: &Position) -> Option<Vec<Pit>> {
    let moves = tables.move_values(pos)?;
    let best = moves.iter().map(|m| m.1).max()?;
    Some(
        moves
            .into_iter()
            .filter(|m| m.1 == best)
            .map(|m| m.0)
            .collect(),
    )
}

/// The moves that keep the exact value of the current position given the positions
/// seen since the last capture (RULES.md, "Solved values", point 6); among them,
/// those that capture or end the game first, so that a won position is not walked
/// round into a repetition.
fn perfect(table: &Table, game: &Game, moves: &[Pit]) -> Vec<Pit> {
    let positions = positions(game);
    let i = positions.len() - 1;
    let best = table.best_moves_after(&segment_history(&positions, i), &positions[i]);
    if best.is_empty() {
        // Only a pass, or a position the table does not hold (never in a game).
        return moves.to_vec();
    }
    prefer_progress(game, &best)
}

/// Of equally good moves, those that capture or end the game, else those that lead to
/// a position not yet seen in this segment, else all.
fn prefer_progress(game: &Game, best: &[Pit]) -> Vec<Pit> {
    let pos = game.position();
    let positions = positions(game);
    let history = segment_history(&positions, positions.len() - 1);
    let mut progress = Vec::new();
    let mut new = Vec::new();
    for &pit in best {
        let mut next = game.clone();
        let _ = next.play(pit);
        let after = next.position();
        if after.is_over() || after.stores() != pos.stores() {
            progress.push(pit);
        } else if !history.contains(after) && after != pos {
            new.push(pit);
        }
    }
    if !progress.is_empty() {
        progress
    } else if !new.is_empty() {
        new
    } else {
        best.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_their_bot_names_parse_back() {
        for level in Level::ALL {
            assert_eq!(Level::parse(level.as_str()), Some(level));
            assert_eq!(Level::parse(level.username()), Some(level));
            assert!(level.username().ends_with(level.as_str()));
        }
        assert_eq!(Level::parse("house-nobody"), None);
    }

    #[test]
    fn levels_keep_their_codes_in_text_and_display() {
        let codes: Vec<&str> = Level::ALL.iter().map(|l| l.as_str()).collect();
        assert_eq!(codes, ["random", "greedy", "search", "perfect"]);
        for level in Level::ALL {
            assert_eq!(level.to_string(), level.as_str());
        }
        assert_eq!(Level::parse("Random"), None, "codes are lower case");
    }
}
