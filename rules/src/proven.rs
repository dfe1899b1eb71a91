//! The proven line of Kalah(6,4): every position along the line the solve proved, from
//! the start until the endgame tables hold the position, each move valued exactly
//! (RULES.md, "Kalah endgame tables and the solve").
//!
//! The values come from `rules/data/kalah-6-4.line`, written by the `kalah_solve`
//! example (`cargo run -p seedpost-rules --release --example kalah_solve -- 24 4 26
//! seedpost rules/data/kalah-6-4.line`). Each line is one position, `south/north/side`
//! (each row from its owner's left, stones per house), then the position's value and
//! each house's move value, `-` for an empty house. A value is the final difference for
//! the side to move *still to come* (seeds already stored do not count), as the endgame
//! tables give it, so it does not depend on how the stores stand. They are for seedpost's
//! rules of Kalah (§K5 and §K6; no empty capture), which are the server's.
//!
//! ```
//! use seedpost_rules::{Position, Side, Variant, proven};
//!
//! let start = Position::start(Variant::Kalah, Side::South);
//! let moves = proven::kalah_move_values(&start).expect("the start is on the line");
//! let best = moves.iter().map(|m| m.1).max();
//! assert_eq!(best, Some(proven::kalah_start_value()));
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::{Pit, Position, Side, Variant};

/// Houses a row of Kalah.
const HOUSES: usize = 6;

/// The line file, as the solve wrote it.
const LINE: &str = include_str!("../data/kalah-6-4.line");

/// A position on the line: the row of the side to move, then the other's (a position
/// and its mirror, the other side to move with the rows swapped, are worth the same).
type Key = ([u8; HOUSES], [u8; HOUSES]);

/// One position's values: the position's, and each house's move (`None`: empty house).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Entry {
    value: i16,
    moves: [Option<i16>; HOUSES],
}

/// Why a line of the file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: &'static str,
}

/// Reads a line file (the format above) into its positions.
fn parse(text: &str) -> Result<HashMap<Key, Entry>, LineError> {
    let mut entries = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let err = |reason| LineError {
            line: i + 1,
            reason,
        };
        let mut words = line.split_whitespace();
        let Some(position) = words.next() else {
            continue;
        };
        let mut parts = position.split('/');
        let south = row(parts.next()).ok_or_else(|| err("South's row"))?;
        let north = row(parts.next()).ok_or_else(|| err("North's row"))?;
        let side = parts
            .next()
            .and_then(|s| s.parse::<Side>().ok())
            .ok_or_else(|| err("the side to move"))?;
        let value = words
            .next()
            .and_then(|v| v.parse::<i16>().ok())
            .ok_or_else(|| err("the position's value"))?;
        let mut moves = [None; HOUSES];
        for slot in &mut moves {
            *slot = match words.next() {
                Some("-") => None,
                Some(v) => Some(v.parse::<i16>().map_err(|_| err("a move's value"))?),
                None => return Err(err("six move values")),
            };
        }
        if words.next().is_some() || parts.next().is_some() {
            return Err(err("more than a position, its value and six moves"));
        }
        if moves.iter().flatten().max() != Some(&value) {
            return Err(err("the value is not the best move's"));
        }
        let key = match side {
            Side::South => (south, north),
            Side::North => (north, south),
        };
        entries.insert(key, Entry { value, moves });
    }
    Ok(entries)
}

/// A row of six houses, `4,4,4,4,4,4`.
fn row(text: Option<&str>) -> Option<[u8; HOUSES]> {
    let mut out = [0; HOUSES];
    let mut stones = text?.split(',');
    for slot in &mut out {
        *slot = stones.next()?.parse().ok()?;
    }
    stones.next().is_none().then_some(out)
}

/// The positions of the proven line, read once.
fn entries() -> &'static HashMap<Key, Entry> {
    static ENTRIES: OnceLock<HashMap<Key, Entry>> = OnceLock::new();
    // The file is part of the crate and its tests read it whole: a line that does not
    // read is a build that must not ship, not an empty table to answer from.
    ENTRIES.get_or_init(|| match parse(LINE) {
        Ok(entries) => entries,
        Err(e) => panic!(
            "rules/data/kalah-6-4.line does not read: line {}, {}",
            e.line, e.reason
        ),
    })
}

/// The key of a Kalah position.
fn key(pos: &Position) -> Option<Key> {
    let me = pos.to_move()?;
    let mine = pos.row(me).try_into().ok()?;
    let theirs = pos.row(me.opposite()).try_into().ok()?;
    Some((mine, theirs))
}

/// Each legal move of `pos` with its exact value (the final difference still to come
/// for the side to move), when `pos` is a Kalah position on the proven line or its
/// mirror; `None` otherwise.
#[must_use]
pub fn kalah_move_values(pos: &Position) -> Option<Vec<(Pit, i16)>> {
    if pos.variant() != Variant::Kalah {
        return None;
    }
    let entry = entries().get(&key(pos)?)?;
    let moves: Vec<(Pit, i16)> = pos
        .legal_moves()
        .into_iter()
        .map(|pit| entry.moves[pit.index()].map(|v| (pit, v)))
        .collect::<Option<_>>()?;
    (!moves.is_empty()).then_some(moves)
}

/// The proven value of Kalah(6,4) from the start, for the first mover.
///
/// # Panics
/// Never: the line file starts at the start (its tests say so).
#[must_use]
pub fn kalah_start_value() -> i16 {
    let start = Position::start(Variant::Kalah, Side::South);
    entries()
        .get(&key(&start).expect("the start is ongoing"))
        .map_or(0, |e| e.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_file_reads_whole_and_begins_at_the_start() {
        let entries = parse(LINE).expect("the line file reads");
        assert!(entries.len() > 1, "{} positions", entries.len());
        let start = Position::start(Variant::Kalah, Side::South);
        assert!(entries.contains_key(&key(&start).expect("ongoing")));
    }

    #[test]
    fn each_best_move_on_the_line_leads_to_the_next_position_with_the_value_it_promised() {
        // Follow the line from the start by its first best move: each next position's
        // value, seen from the mover, plus what the move stored, is the move's value.
        let mut pos = Position::start(Variant::Kalah, Side::South);
        let mut followed = 0;
        while let Some(moves) = kalah_move_values(&pos) {
            let me = pos.to_move().expect("ongoing");
            // The first best move, as the solve followed it.
            let best = moves.iter().map(|m| m.1).max().expect("a move");
            let &(pit, promised) = moves.iter().find(|m| m.1 == best).expect("a best move");
            let before = diff(&pos, me);
            let next = pos.play(pit).expect("a legal move");
            let stored = diff(&next, me) - before;
            followed += 1;
            let Some(next_moves) = kalah_move_values(&next) else {
                break;
            };
            let next_value = next_moves.iter().map(|m| m.1).max().expect("a move");
            let seen_from_me = if next.to_move() == Some(me) {
                next_value
            } else {
                -next_value
            };
            assert_eq!(stored + seen_from_me, promised, "{pos:?} then {pit:?}");
            pos = next;
        }
        assert_eq!(followed, entries().len(), "every position is on one line");
    }

    #[test]
    fn the_start_with_north_first_is_worth_what_it_is_with_south_first() {
        let south = kalah_move_values(&Position::start(Variant::Kalah, Side::South));
        let north = kalah_move_values(&Position::start(Variant::Kalah, Side::North));
        assert!(south.is_some());
        assert_eq!(south, north);
        // Another game's start of the same stones is not Kalah's.
        assert_eq!(
            kalah_move_values(&Position::start(Variant::Mangala, Side::South)),
            None
        );
    }

    /// The store difference for `me`, the end's sweep included once the game is over.
    fn diff(pos: &Position, me: Side) -> i16 {
        let s = pos.outcome().map_or(pos.stores(), |o| o.score);
        i16::from(*s.get(me)) - i16::from(*s.get(me.opposite()))
    }

    #[test]
    fn a_line_with_a_wrong_value_or_row_is_refused_by_its_number() {
        let good = "4,4,4,4,4,4/4,4,4,4,4,4/south 8 1 2 8 3 - 0\n";
        assert!(parse(good).is_ok());
        let bad_best = "4,4,4,4,4,4/4,4,4,4,4,4/south 9 1 2 8 3 - 0\n";
        assert_eq!(parse(bad_best).err().map(|e| e.line), Some(1));
        let short_row = format!("{good}4,4,4,4,4/4,4,4,4,4,4/north 1 1 1 1 1 1 1\n");
        assert_eq!(parse(&short_row).err().map(|e| e.line), Some(2));
        let bad_side = "4,4,4,4,4,4/4,4,4,4,4,4/east 8 8 - - - - -\n";
        assert_eq!(
            parse(bad_side).err().map(|e| e.reason),
            Some("the side to move")
        );
    }
}
