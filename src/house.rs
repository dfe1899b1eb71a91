//! The computer's play: how the house bots choose their moves, at four strengths, and
//! the solved tables of Tihbat and Modiar they and the analysis read (RULES.md,
//! "Solved values").
//!
//! Everything here is synchronous and may take a while (a search, or building a table
//! on first use): the server calls it on a blocking thread.

use std::sync::{Arc, Once, OnceLock, PoisonError, RwLock};

use rand::Rng;
use rand::seq::IndexedRandom;
use seedpost_rules::endgame::EndgameTables;
use seedpost_rules::oware_tables::OwareTables;
use seedpost_rules::search::{Budget, Evaluation, Searcher};
use seedpost_rules::solve::Table;
use seedpost_rules::{Game, Pit, Position, Side, Variant};

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

/// The solved table of `variant`, built on first use (Tihbat at once, Modiar in some
/// seconds; callers meanwhile block); `None` for Mangala. A table file written by
/// `seedpost solve` in the working directory is read instead when it is current (a
/// stale one is rebuilt in memory). The server asks for it in the background at start
/// (`Service::start_solved_tables`) and never under a lock another variant needs.
#[must_use]
pub fn table(variant: Variant) -> Option<&'static Table> {
    static TIHBAT: OnceLock<Table> = OnceLock::new();
    static MODIAR: OnceLock<Table> = OnceLock::new();
    let cell = match variant {
        Variant::Tihbat => &TIHBAT,
        Variant::Modiar => &MODIAR,
        Variant::Mangala | Variant::Kalah | Variant::Oware | Variant::Togyz => return None,
    };
    Some(cell.get_or_init(|| {
        let path = crate::solved::default_path(variant);
        std::fs::read(path)
            .ok()
            .and_then(|bytes| Table::from_bytes(variant, crate::solved::ENGINE_VERSION, &bytes))
            .unwrap_or_else(|| Table::solve(variant))
    }))
}

/// The Mangala and Kalah endgame tables in use: none until installed or, on first use,
/// read from `seedpost-mangala.endgame` or `seedpost-kalah.endgame` in the working
/// directory when `seedpost solve --variant mangala|kalah` wrote it there (and it is
/// current).
static MANGALA: RwLock<Option<Arc<EndgameTables>>> = RwLock::new(None);
static MANGALA_READ: Once = Once::new();
static KALAH: RwLock<Option<Arc<EndgameTables>>> = RwLock::new(None);
static KALAH_READ: Once = Once::new();

/// The cell of `variant`'s endgame tables, with whether they were looked for.
fn endgame_cell(
    variant: Variant,
) -> Option<(&'static RwLock<Option<Arc<EndgameTables>>>, &'static Once)> {
    match variant {
        Variant::Mangala => Some((&MANGALA, &MANGALA_READ)),
        Variant::Kalah => Some((&KALAH, &KALAH_READ)),
        _ => None,
    }
}

/// The endgame tables of `variant` (Mangala, Kalah), if there are any (RULES.md,
/// "Mangala endgame tables", "Kalah endgame tables and the solve").
#[must_use]
pub fn endgame_tables(variant: Variant) -> Option<Arc<EndgameTables>> {
    let (cell, read) = endgame_cell(variant)?;
    read.call_once(|| {
        let path = crate::solved::endgame_path(variant);
        if let Some(tables) = crate::solved::read_endgame(variant, &path) {
            tracing::info!(%variant, stones = tables.stones(), "endgame tables read");
            *cell.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(tables));
        }
    });
    cell.read().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Each legal move of `pos` with its exact value still to come for the side to move
/// (seeds already stored do not count), from the endgame tables of its game or, for
/// Kalah(6,4), the proven line of its solve ([`seedpost_rules::proven`]); `None` where
/// neither values it.
#[must_use]
pub fn exact_future_moves(pos: &Position) -> Option<Vec<(Pit, i16)>> {
    endgame_tables(pos.variant())
        .and_then(|tables| tables.move_values(pos))
        .map(|moves| moves.into_iter().map(|(p, v)| (p, i16::from(v))).collect())
        .or_else(|| seedpost_rules::proven::kalah_move_values(pos))
}

/// Uses `tables` from now on for their game in place of any others (tests build small
/// ones).
///
/// # Panics
/// Never: tables are built for Mangala or Kalah only.
pub fn install_endgame_tables(tables: EndgameTables) {
    let (cell, read) = endgame_cell(tables.rules().variant()).expect("Mangala or Kalah");
    read.call_once(|| {});
    *cell.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(tables));
}

/// Seeds on the board up to which the server builds the Oware endgame tables, on first
/// use (RULES.md, "Oware endgame tables": under a second at 6 in a release build; 8
/// takes some seconds, 12 some minutes).
pub const OWARE_SEEDS: u8 = 6;

/// The Oware endgame tables, built on first use ([`OWARE_SEEDS`]).
#[must_use]
pub fn oware_tables() -> &'static OwareTables {
    static OWARE: OnceLock<OwareTables> = OnceLock::new();
    OWARE.get_or_init(|| {
        let tables = OwareTables::build(OWARE_SEEDS, |_| {});
        tracing::info!(seeds = tables.seeds(), "Oware endgame tables built");
        tables
    })
}

/// A searcher with a transposition table of `2^bits` entries that uses `variant`'s
/// endgame tables (Mangala's or Kalah's), if any, wherever it meets a position they
/// hold.
#[must_use]
pub fn searcher(bits: u32, variant: Variant) -> Searcher {
    let mut searcher = Searcher::new(bits);
    searcher.set_endgame(endgame_tables(variant));
    searcher
}

/// Every position of a game, from the start (`[0]`) to after the last ply (`[n]`).
#[must_use]
pub fn positions(game: &Game) -> Vec<Position> {
    let mut replay = Game::new(game.variant(), game.first());
    let mut out = Vec::with_capacity(game.ply() + 1);
    out.push(*replay.position());
    for &ply in game.plies() {
        if replay.push(ply).is_err() {
            break;
        }
        out.push(*replay.position());
    }
    out
}

/// Whether `positions[i]` starts a segment (P7): the start, or just after a capture.
/// Only there are the tables exact (`seedpost_rules::solve`).
#[must_use]
pub fn is_fresh(positions: &[Position], i: usize) -> bool {
    i == 0 || positions[i].stores() != positions[i - 1].stores()
}

/// The positions of `i`'s segment before it, oldest first: the history the repetition
/// rules look at.
#[must_use]
pub fn segment_history(positions: &[Position], i: usize) -> Vec<Position> {
    let mut start = i;
    while start > 0 && !is_fresh(positions, start) {
        start -= 1;
    }
    positions[start..i].to_vec()
}

/// The final score difference of a finished position for `side`.
#[must_use]
pub fn final_for(pos: &Position, side: Side) -> i16 {
    let score = pos.outcome().map_or(pos.stores(), |o| o.score);
    i16::from(*score.get(side)) - i16::from(*score.get(side.opposite()))
}

/// The stores' difference for `side`.
#[must_use]
pub fn stores_for(pos: &Position, side: Side) -> i16 {
    let stores = pos.stores();
    i16::from(*stores.get(side)) - i16::from(*stores.get(side.opposite()))
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
