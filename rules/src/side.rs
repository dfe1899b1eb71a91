//! The two sides of the board and per-side data.

use std::fmt;
use std::str::FromStr;

/// One of the two players. South sits at the first row and owns it; North owns the other.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player at the first row.
    South,
    /// The player at the second row.
    North,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[must_use]
    pub const fn opposite(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// The lower-case name used in JSON, SQL and URLs: `south` or `north`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// The one-letter mark used in the game notation: `S` or `N`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// The side with the given notation letter (`S` or `N`, either case).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'S' | 's' => Some(Side::South),
            'N' | 'n' => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no side (expected `south` or `north`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSideError;

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected `south` or `north`")
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s {
            "south" => Ok(Side::South),
            "north" => Ok(Side::North),
            _ => Err(ParseSideError),
        }
    }
}

/// A value for each side.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// Builds a pair from South's and North's values.
    pub const fn new(south: T, north: T) -> BySide<T> {
        BySide { south, north }
    }

    /// Builds a pair by calling `f` for South, then North.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide {
            south: f(Side::South),
            north: f(Side::North),
        }
    }

    /// The value of `side`.
    pub const fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_parse_from_their_names_and_nothing_else() {
        for side in Side::ALL {
            assert_eq!(side.as_str().parse::<Side>(), Ok(side));
            assert_eq!(Side::from_letter(side.letter()), Some(side));
            assert_eq!(side.opposite().opposite(), side);
        }
        assert_eq!("South".parse::<Side>(), Err(ParseSideError));
        assert_eq!("".parse::<Side>(), Err(ParseSideError));
        assert_eq!(Side::from_letter('x'), None);
    }
}
