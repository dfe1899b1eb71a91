//! The analysis of one position, as a tablebase gives it (`GET /api/v1/analysis`, the
//! `/analysis` page): its value for the side to move, each legal move's value, the best
//! moves, and whether the values are exact.
//!
//! A value here is what the side to move can still make of the game: the final score
//! difference (its stones minus the opponent's) less the difference of the stones
//! stored or captured already, which never come back. In Mangala, Modiar, Tihbat and
//! Kalah it does not depend on how the stones off the board were shared, so a position
//! is given by its two rows and the side to move. In Oware and Togyz kumalak it does:
//! 25 captured (§O8) or 82 in a store (§Z7) end the game at once, the stones left on
//! the board uncounted, so a query gives each side's store (and in Togyz kumalak each
//! side's tuzdyk, §Z5). In Tihbat and Modiar it is exact: the solved tables, with the
//! positions seen since the last capture (RULES.md, "Solved values", point 6). In
//! Oware it is exact where the endgame tables' bounds meet for every move, with no
//! position of the segment seen twice (RULES.md, "Oware endgame tables"). In
//! Mangala and Kalah it is exact within the endgame tables (and for Kalah along the
//! proven line of its solve, [`seedpost_rules::proven`]) and an estimate elsewhere
//! (alpha-beta within [`BUDGET`] for each move, which uses the tables at its
//! leaves).

use seedpost_rules::search::Searcher;
use seedpost_rules::solve::Table;
use seedpost_rules::{BySide, Pit, Position, Side, Variant};

use super::game::BUDGET;
use super::json::{Certainty, MoveValueJson, PositionAnalysisJson};
use super::segment::{final_for, stores_for};
use super::solved::{OWARE_SEEDS, endgame_tables, exact_future_moves, oware_tables};
use crate::error::Error;

/// A position query as text, as the API and the analysis board take it: every part
/// but the rows and the side to move may be missing.
#[derive(Debug, Clone, Copy, Default)]
pub struct PositionText<'a> {
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    pub variant: &'a str,
    /// South's row, its stones from South's left separated by commas.
    pub south: &'a str,
    /// North's row, from North's left.
    pub north: &'a str,
    /// `south` or `north`.
    pub to_move: &'a str,
    /// South's store (its captures in Oware).
    pub south_store: Option<&'a str>,
    /// North's store.
    pub north_store: Option<&'a str>,
    /// Togyz kumalak: the pit of North's row that is South's tuzdyk.
    pub south_tuzdyk: Option<&'a str>,
    /// Togyz kumalak: the pit of South's row that is North's tuzdyk.
    pub north_tuzdyk: Option<&'a str>,
    /// The earlier positions of the segment as `south/north/side`, separated by `;`.
    pub seen: Option<&'a str>,
}

/// A position to analyse, with the earlier positions of its segment: parsed and checked
/// at the boundary ([`PositionQuery::parse`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionQuery {
    /// The position, its stores and tuzdyks as the query gave them (the stones off the
    /// board shared evenly where it gave no stores and the value does not depend on
    /// them).
    pub position: Position,
    /// The positions seen since the last capture before it, oldest first (with the
    /// same stores and tuzdyks: a capture would have started a new segment).
    pub seen: Vec<Position>,
}

/// The most earlier positions a query may give: a segment is rarely longer (a Tihbat
/// segment cannot be: it has at most a few hundred positions of each layer).
pub const MAX_SEEN: usize = 200;

impl PositionQuery {
    /// Parses a query ([`PositionText`]).
    ///
    /// The stores are needed where the value depends on them (Oware and Togyz kumalak,
    /// with stones off the board: [`Variant::majority`]); elsewhere they may be left
    /// out, the stones off the board then being shared evenly.
    ///
    /// # Errors
    /// 422 with a stable code: `invalid_variant`, `invalid_row` (not numbers, or the
    /// wrong number of pits), `invalid_side`, `invalid_stones` (more stones than the
    /// game has, or none), `invalid_stores` (a store that is not a number, one store
    /// without the other, stores that do not add up to the stones off the board, a
    /// store that has won already, or none given where the value depends on them),
    /// `invalid_tuzdyk` (a tuzdyk outside Togyz kumalak or one the rules cannot make,
    /// §Z5), `no_moves` (the side to move has no move: the game would be over),
    /// `invalid_seen` (a position that cannot be earlier in the same segment: another
    /// number of stones on the board, more than [`MAX_SEEN`] of them, or a repetition
    /// that would have ended the game).
    pub fn parse(text: &PositionText<'_>) -> Result<PositionQuery, Error> {
        let variant = Variant::parse_offered(text.variant.trim())
            .map_err(|e| Error::unprocessable("invalid_variant", format!("variant: {e}")))?;
        let shared = parse_position(variant, text.south, text.north, text.to_move)?;
        let position = with_stores(shared, text)?;
        // Only a Tihbat side passes (§T4); elsewhere no move means the game is over.
        let passes = variant == Variant::Tihbat && position.must_pass();
        if position.legal_moves().is_empty() && !passes {
            return Err(Error::unprocessable(
                "no_moves",
                "the side to move has no move: the game is over",
            ));
        }
        let seen = match text.seen.map(str::trim).filter(|s| !s.is_empty()) {
            None => Vec::new(),
            Some(list) => list
                .split(';')
                .map(|one| parse_notation(variant, one).map_err(|e| seen_error(one, &e)))
                .collect::<Result<Vec<_>, _>>()?,
        };
        if seen.len() > MAX_SEEN {
            return Err(Error::unprocessable(
                "invalid_seen",
                format!("seen: at most {MAX_SEEN} positions"),
            ));
        }
        if let Some(other) = seen.iter().find(|p| p.on_board() != position.on_board()) {
            return Err(Error::unprocessable(
                "invalid_seen",
                format!(
                    "seen: {} has {} stones on the board, the position {}: a capture \
                     lies between them, so it is not of the same segment",
                    notation(other),
                    other.on_board(),
                    position.on_board()
                ),
            ));
        }
        // Earlier in the segment, the stores and tuzdyks were the same: a capture (or
        // a tuzdyk made) would have started a new segment.
        let seen = seen
            .iter()
            .map(|p| same_off_board(p, &position).map_err(|e| seen_error(&notation(p), &e)))
            .collect::<Result<Vec<_>, _>>()?;
        // §D12, §T6: the third (Modiar) or second (Tihbat) occurrence ends the game.
        if let Some(ending) = variant.repetition_limit() {
            let all: Vec<&Position> = seen.iter().chain(std::iter::once(&position)).collect();
            if let Some(repeated) = all
                .iter()
                .find(|p| all.iter().filter(|q| q == p).count() >= ending)
            {
                return Err(Error::unprocessable(
                    "invalid_seen",
                    format!(
                        "seen: {} would occur {ending} times, which ends the game",
                        notation(repeated)
                    ),
                ));
            }
        }
        Ok(PositionQuery { position, seen })
    }

    /// A key that is equal exactly for queries of equal answers.
    #[must_use]
    pub fn key(&self) -> String {
        let pos = &self.position;
        let tuzdyk = |side| pos.tuzdyk(side).map_or(0, seedpost_rules::Pit::number);
        let mut key = format!(
            "{}:{}:{},{}:{},{}",
            pos.variant(),
            notation(pos),
            pos.stores().south,
            pos.stores().north,
            tuzdyk(Side::South),
            tuzdyk(Side::North)
        );
        if pos.variant().has_repetition() {
            for p in &self.seen {
                key.push(';');
                key.push_str(&notation(p));
            }
        }
        key
    }
}

/// `shared` (the stones off the board shared evenly) with the stores and tuzdyks of
/// `text` (see [`PositionQuery::parse`]).
fn with_stores(shared: Position, text: &PositionText<'_>) -> Result<Position, Error> {
    let variant = shared.variant();
    let off = variant.total_stones() - shared.on_board();
    let store = |name: &str, given: &str| {
        given.trim().parse::<u8>().map_err(|_| {
            Error::unprocessable("invalid_stores", format!("{name}: a number of stones"))
        })
    };
    let stores = match (text.south_store, text.north_store) {
        (Some(south), Some(north)) => BySide {
            south: store("south_store", south)?,
            north: store("north_store", north)?,
        },
        (None, None) if variant.majority().is_none() || off == 0 => shared.stores(),
        (None, None) => {
            return Err(Error::unprocessable(
                "invalid_stores",
                format!(
                    "{variant}: the value depends on each side's store (the {off} stones \
                     off the board): give south_store and north_store"
                ),
            ));
        }
        _ => {
            return Err(Error::unprocessable(
                "invalid_stores",
                "give both south_store and north_store, or neither",
            ));
        }
    };
    if u16::from(stores.south) + u16::from(stores.north) != u16::from(off) {
        return Err(Error::unprocessable(
            "invalid_stores",
            format!(
                "the stores hold {} and {}, the stones off the board are {off}",
                stores.south, stores.north
            ),
        ));
    }
    if let Some(majority) = variant.majority()
        && (stores.south >= majority
            || stores.north >= majority
            || (stores.south == majority - 1 && stores.north == majority - 1))
    {
        return Err(Error::unprocessable(
            "invalid_stores",
            format!("{variant}: a store of {majority} has won: the game is over"),
        ));
    }
    let mut position = Position::from_parts(
        variant,
        shared.row(Side::South),
        shared.row(Side::North),
        stores,
        shared.to_move().unwrap_or(Side::South),
    )
    .map_err(|e| Error::unprocessable("invalid_stores", format!("{e}")))?;
    for (side, given) in [
        (Side::South, text.south_tuzdyk),
        (Side::North, text.north_tuzdyk),
    ] {
        let Some(given) = given.map(str::trim).filter(|g| !g.is_empty()) else {
            continue;
        };
        let pit = given
            .parse::<Pit>()
            .ok()
            .filter(|p| p.index() < variant.pits_per_row())
            .ok_or_else(|| {
                Error::unprocessable(
                    "invalid_tuzdyk",
                    format!("{side}_tuzdyk: a pit of the opponent's row: {given:?}"),
                )
            })?;
        position = position.with_tuzdyk(side, pit).map_err(|e| {
            Error::unprocessable("invalid_tuzdyk", format!("{side}_tuzdyk: {e} (§Z5)"))
        })?;
    }
    Ok(position)
}

/// `earlier`, an earlier position of `now`'s segment, with `now`'s stores and
/// tuzdyks.
fn same_off_board(earlier: &Position, now: &Position) -> Result<Position, Error> {
    let mut same = Position::from_parts(
        now.variant(),
        earlier.row(Side::South),
        earlier.row(Side::North),
        now.stores(),
        earlier.to_move().unwrap_or(Side::South),
    )
    .map_err(|e| Error::unprocessable("invalid_seen", format!("{e}")))?;
    for side in Side::ALL {
        if let Some(pit) = now.tuzdyk(side) {
            same = same.with_tuzdyk(side, pit).map_err(|_| {
                Error::unprocessable(
                    "invalid_seen",
                    "a tuzdyk holds no stones: an earlier position of the segment had \
                     the same tuzdyks",
                )
            })?;
        }
    }
    Ok(same)
}

fn seen_error(one: &str, e: &Error) -> Error {
    Error::unprocessable("invalid_seen", format!("seen: {one:?}: {e}"))
}

/// `south/north/side`, each row from its owner's left.
#[must_use]
pub fn notation(pos: &Position) -> String {
    let row = |side| {
        pos.row(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let side = pos.to_move().map_or("over", Side::as_str);
    format!("{}/{}/{side}", row(Side::South), row(Side::North))
}

/// Parses `south/north/side` ([`notation`]).
///
/// # Errors
/// As [`PositionQuery::parse`], and `invalid_position` when it is not three parts.
pub fn parse_notation(variant: Variant, text: &str) -> Result<Position, Error> {
    let parts: Vec<&str> = text.trim().split('/').collect();
    let [south, north, side] = parts[..] else {
        return Err(Error::unprocessable(
            "invalid_position",
            "a position is south/north/side, each row its stones from its owner's left \
             separated by commas: 7,7/7,7/south",
        ));
    };
    parse_position(variant, south, north, side)
}

fn parse_position(
    variant: Variant,
    south: &str,
    north: &str,
    to_move: &str,
) -> Result<Position, Error> {
    let n = variant.pits_per_row();
    let row = |name: &str, text: &str| -> Result<Vec<u8>, Error> {
        let stones = text
            .split(',')
            .map(|s| s.trim().parse::<u8>())
            .collect::<Result<Vec<u8>, _>>()
            .map_err(|_| {
                Error::unprocessable(
                    "invalid_row",
                    format!("{name}: the stones of each pit, separated by commas: {text:?}"),
                )
            })?;
        if stones.len() != n {
            return Err(Error::unprocessable(
                "invalid_row",
                format!("{name}: {variant} has {n} pits a row, not {}", stones.len()),
            ));
        }
        Ok(stones)
    };
    let south = row("south", south)?;
    let north = row("north", north)?;
    let to_move: Side = to_move
        .trim()
        .parse()
        .map_err(|_| Error::unprocessable("invalid_side", "to_move: `south` or `north`"))?;
    let on_board: u32 = south.iter().chain(&north).map(|&s| u32::from(s)).sum();
    let total = u32::from(variant.total_stones());
    if on_board == 0 || on_board > total {
        return Err(Error::unprocessable(
            "invalid_stones",
            format!("{variant} has {total} stones; the rows hold {on_board}"),
        ));
    }
    // The stones off the board: the value does not depend on how they are shared.
    let off = u8::try_from(total - on_board).unwrap_or(0);
    let stores = BySide {
        south: off - off / 2,
        north: off / 2,
    };
    Position::from_parts(variant, &south, &north, stores, to_move).map_err(|e| {
        Error::unprocessable("invalid_row", format!("the position cannot be set up: {e}"))
    })
}

/// Analyses `query` (CPU-heavy: run it on a blocking thread) with `solved`, the solved
/// table of its variant (`None` for Mangala, or to value Tihbat and Modiar by search).
#[must_use]
pub fn analyse_position(
    query: &PositionQuery,
    solved: Option<&Table>,
    searcher: &mut Searcher,
) -> PositionAnalysisJson {
    let pos = query.position;
    let me = pos.to_move().unwrap_or(Side::South);
    let base = stores_for(&pos, me);
    searcher.set_endgame(endgame_tables(pos.variant()));
    let (moves, kind, depth) = match exact_moves(query, solved) {
        Some(moves) => (moves, Certainty::Exact, None),
        None => {
            let (moves, depth) = searched_moves(query, searcher);
            (moves, Certainty::Estimate, Some(depth))
        }
    };
    let value = match (&moves[..], pos.must_pass()) {
        (_, true) => passed_value(query, solved, searcher).unwrap_or(0),
        (moves, false) => moves.iter().map(|m| m.1).max().unwrap_or(0),
    };
    let moves: Vec<MoveValueJson> = moves
        .iter()
        .map(|&(pit, v)| MoveValueJson {
            pit: pit.number(),
            value: v - base,
            best: v == value,
        })
        .collect();
    PositionAnalysisJson {
        variant: pos.variant(),
        position: notation(&pos),
        to_move: me,
        south_store: pos.stores().south,
        north_store: pos.stores().north,
        south_tuzdyk: pos.tuzdyk(Side::South).map(Pit::number),
        north_tuzdyk: pos.tuzdyk(Side::North).map(Pit::number),
        value: value - base,
        kind,
        depth,
        pass: pos.must_pass(),
        best: moves.iter().filter(|m| m.best).map(|m| m.pit).collect(),
        moves,
    }
}

/// The final difference for the side to move after each legal move, from the solved
/// tables; `None` where they do not value the position.
fn exact_moves(query: &PositionQuery, solved: Option<&Table>) -> Option<Vec<(Pit, i16)>> {
    let pos = &query.position;
    let me = pos.to_move()?;
    let base = stores_for(pos, me);
    if let Some(moves) = exact_future_moves(pos) {
        return Some(moves.into_iter().map(|(pit, v)| (pit, base + v)).collect());
    }
    if pos.variant() == Variant::Oware {
        return oware_exact_moves(query);
    }
    let table = solved?;
    // A position the table does not value (none of a solved game) falls to search.
    table.value_after(&query.seen, pos)?;
    if pos.must_pass() {
        return Some(Vec::new());
    }
    let moves = table.move_values(&query.seen, pos);
    if moves.is_empty() {
        return None;
    }
    Some(
        moves
            .into_iter()
            .map(|(pit, v)| (pit, base + i16::from(v)))
            .collect(),
    )
}

/// The final difference for the side to move after each legal move of an Oware
/// position, where the endgame tables make every one exact: the position within them,
/// and no position of its segment seen twice (RULES.md, "Oware endgame tables").
fn oware_exact_moves(query: &PositionQuery) -> Option<Vec<(Pit, i16)>> {
    let pos = &query.position;
    if pos.on_board() > OWARE_SEEDS {
        return None;
    }
    let all: Vec<&Position> = query.seen.iter().chain(std::iter::once(pos)).collect();
    if all
        .iter()
        .any(|p| all.iter().filter(|q| q == &p).count() > 1)
    {
        return None;
    }
    let base = stores_for(pos, pos.to_move()?);
    oware_tables()
        .move_bounds(pos)?
        .into_iter()
        .map(|(pit, b)| b.is_exact().then(|| (pit, base + i16::from(b.lower))))
        .collect()
}

/// The value of a position whose side to move passes (Tihbat, §T4), for that side.
fn passed_value(
    query: &PositionQuery,
    solved: Option<&Table>,
    searcher: &mut Searcher,
) -> Option<i16> {
    let pos = &query.position;
    let me = pos.to_move()?;
    if let Some(table) = solved
        && let Some(v) = table.value_after(&query.seen, pos)
    {
        return Some(stores_for(pos, me) + i16::from(v));
    }
    Some(searcher.search(pos, &query.seen, BUDGET).value)
}

/// Each legal move's final difference for the side to move by search, and the depth of
/// the shallowest search.
fn searched_moves(query: &PositionQuery, searcher: &mut Searcher) -> (Vec<(Pit, i16)>, u8) {
    let pos = query.position;
    let Some(me) = pos.to_move() else {
        return (Vec::new(), 0);
    };
    let mut history = query.seen.clone();
    history.push(pos);
    let mut depth = u8::MAX;
    let mut moves = Vec::new();
    for pit in pos.legal_moves() {
        let Ok(next) = pos.play(pit) else { continue };
        let value = match next.to_move() {
            None => {
                depth = depth.min(1);
                final_for(&next, me)
            }
            Some(side) => {
                // A capture starts a new segment: no earlier position can come back.
                let history = if next.stores() == pos.stores() {
                    &history[..]
                } else {
                    &[]
                };
                let found = searcher.search(&next, history, BUDGET);
                depth = depth.min(found.depth.saturating_add(1));
                if side == me {
                    found.value
                } else {
                    -found.value
                }
            }
        };
        moves.push((pit, value));
    }
    (moves, if depth == u8::MAX { 0 } else { depth })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::solved::table;

    fn text<'a>(
        variant: &'a str,
        south: &'a str,
        north: &'a str,
        to_move: &'a str,
        seen: Option<&'a str>,
    ) -> PositionText<'a> {
        PositionText {
            variant,
            south,
            north,
            to_move,
            seen,
            ..PositionText::default()
        }
    }

    #[test]
    fn a_modiar_position_may_have_been_seen_once_before_but_not_twice() {
        let start = "7,7,7/7,7,7/south";
        let once = PositionQuery::parse(&text("modiar", "7,7,7", "7,7,7", "south", Some(start)))
            .expect("a second occurrence is allowed");
        assert_eq!(once.seen.len(), 1);
        let twice = format!("{start};{start}");
        let refused =
            PositionQuery::parse(&text("modiar", "7,7,7", "7,7,7", "south", Some(&twice)))
                .expect_err("a third occurrence ends the game");
        assert_eq!(refused.code(), "invalid_seen");
        let tihbat = PositionQuery::parse(&text(
            "tihbat",
            "7,7",
            "7,7",
            "south",
            Some("7,7/7,7/south"),
        ))
        .expect_err("a second occurrence ends a Tihbat game");
        assert_eq!(tihbat.code(), "invalid_seen");
    }

    #[test]
    fn the_notation_reads_back_what_it_writes_and_the_stones_off_the_board_are_shared() {
        let query = PositionQuery::parse(&text(
            "mangala",
            "1,0,0,0,0,5",
            "0,0,0,0,3,0",
            "north",
            None,
        ))
        .expect("a position");
        let pos = query.position;
        assert_eq!(notation(&pos), "1,0,0,0,0,5/0,0,0,0,3,0/north");
        assert_eq!(
            parse_notation(Variant::Mangala, &notation(&pos)).ok(),
            Some(pos)
        );
        assert_eq!(pos.stores().south + pos.stores().north, 48 - 9);
        // Mangala has no repetition rule: the seen positions do not change the key.
        let seen = PositionQuery::parse(&text(
            "mangala",
            "1,0,0,0,0,5",
            "0,0,0,0,3,0",
            "north",
            Some("1,0,0,0,5,0/0,0,0,0,3,0/south"),
        ))
        .expect("a position");
        assert_eq!(seen.key(), query.key());
    }

    #[test]
    fn every_move_of_a_tihbat_position_is_valued_and_the_best_keep_the_value() {
        let mut searcher = Searcher::new(4);
        for (south, north, side) in [
            ("7,7", "7,7", "south"),
            ("0,3", "2,1", "north"),
            ("0,0", "2,1", "south"),
        ] {
            let query =
                PositionQuery::parse(&text("tihbat", south, north, side, None)).expect("valid");
            let found = analyse_position(&query, table(Variant::Tihbat), &mut searcher);
            assert_eq!(found.kind, Certainty::Exact);
            assert_eq!(found.pass, query.position.must_pass());
            let best = found.moves.iter().map(|m| m.value).max();
            if found.pass {
                assert!(found.moves.is_empty());
            } else {
                assert_eq!(Some(found.value), best, "{found:?}");
            }
            for m in &found.moves {
                assert_eq!(m.best, m.value == found.value);
                assert_eq!(m.best, found.best.contains(&m.pit));
            }
        }
    }
}
