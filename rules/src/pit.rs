//! Pit numbers as the players write them.

use std::fmt;
use std::str::FromStr;

/// A pit number from 1 to 9, counted from the mover's own left (RULES.md §C3).
///
/// Every variant has at most nine pits a row (Togyz kumalak, §Z1); whether the number exists in the variant
/// being played is checked when the move is played ([`IllegalMove::OutOfRange`]).
///
/// [`IllegalMove::OutOfRange`]: crate::IllegalMove::OutOfRange
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// The largest pit number of any variant.
    pub const MAX: u8 = 9;

    /// The pit with number `n`, if `n` is in 1..=9.
    #[must_use]
    pub const fn new(n: u8) -> Option<Pit> {
        if n >= 1 && n <= Pit::MAX {
            Some(Pit(n))
        } else {
            None
        }
    }

    /// The pit number, 1..=9.
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The 0-based index of the pit within its owner's row.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// The pit at 0-based `index` of a row.
    ///
    /// # Panics
    /// When `index` is 9 or more: callers pass indices of a row.
    #[must_use]
    pub const fn from_index(index: usize) -> Pit {
        assert!(index < Pit::MAX as usize);
        Pit(index as u8 + 1)
    }
}

impl fmt::Display for Pit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Why text is not a pit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParsePitError {
    /// The text is not a decimal number (code `bad_pit`).
    NotANumber,
    /// The text is a number, but no variant has such a pit (code `out_of_range`).
    OutOfRange,
}

impl ParsePitError {
    /// The stable error code.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ParsePitError::NotANumber => "bad_pit",
            ParsePitError::OutOfRange => "out_of_range",
        }
    }
}

impl fmt::Display for ParsePitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePitError::NotANumber => f.write_str("a pit is a number from 1 to 9"),
            ParsePitError::OutOfRange => f.write_str("no pit has that number"),
        }
    }
}

impl std::error::Error for ParsePitError {}

impl FromStr for Pit {
    type Err = ParsePitError;

    /// Parses a decimal pit number. Digits only: no sign, no spaces.
    fn from_str(s: &str) -> Result<Pit, ParsePitError> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParsePitError::NotANumber);
        }
        let trimmed = s.trim_start_matches('0');
        if trimmed.len() > 1 {
            return Err(ParsePitError::OutOfRange);
        }
        let n = trimmed.bytes().next().map_or(0, |b| b - b'0');
        Pit::new(n).ok_or(ParsePitError::OutOfRange)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pit_text_is_a_number_from_one_to_nine() {
        assert_eq!("3".parse::<Pit>().map(Pit::number), Ok(3));
        assert_eq!("09".parse::<Pit>().map(Pit::number), Ok(9));
        for (text, err) in [
            ("0", ParsePitError::OutOfRange),
            ("10", ParsePitError::OutOfRange),
            ("99", ParsePitError::OutOfRange),
            ("99999999999999999999", ParsePitError::OutOfRange),
            ("", ParsePitError::NotANumber),
            ("-1", ParsePitError::NotANumber),
            ("x", ParsePitError::NotANumber),
            (" 3", ParsePitError::NotANumber),
            ("٣", ParsePitError::NotANumber),
        ] {
            assert_eq!(text.parse::<Pit>(), Err(err), "{text:?}");
        }
    }
}

/// A set of pits of one row, as returned by [`Position::legal_moves`]. Copy, no heap.
///
/// [`Position::legal_moves`]: crate::Position::legal_moves
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PitSet(u16);

impl PitSet {
    /// The empty set.
    pub const EMPTY: PitSet = PitSet(0);

    /// Adds `pit`.
    pub fn insert(&mut self, pit: Pit) {
        self.0 |= 1 << pit.index();
    }

    /// Removes `pit`.
    pub fn remove(&mut self, pit: Pit) {
        self.0 &= !(1 << pit.index());
    }

    /// Whether `pit` is in the set.
    #[must_use]
    pub const fn contains(self, pit: Pit) -> bool {
        self.0 & (1 << pit.index()) != 0
    }

    /// The number of pits in the set.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl Iterator for PitSet {
    type Item = Pit;

    /// Yields the pits in increasing order.
    fn next(&mut self) -> Option<Pit> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Pit::from_index(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        // Not `self.len()`: on `&PitSet` that is `ExactSizeIterator::len`, which
        // calls this.
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PitSet {}

impl FromIterator<Pit> for PitSet {
    fn from_iter<I: IntoIterator<Item = Pit>>(iter: I) -> PitSet {
        let mut set = PitSet::EMPTY;
        for pit in iter {
            set.insert(pit);
        }
        set
    }
}
