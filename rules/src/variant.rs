//! The three games.

use std::fmt;
use std::str::FromStr;

/// Which of the three games is played.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Turkish Mangala: 2×6 pits of 4 stones, a store for each side (RULES.md §M).
    Mangala,
    /// Modiar: 2×3 pits of 7 stones, no stores (RULES.md §D).
    Modiar,
    /// Tihbat: 2×2 pits of 7 counters, no stores (RULES.md §T).
    Tihbat,
}

impl Variant {
    /// All variants, in a fixed order.
    pub const ALL: [Variant; 3] = [Variant::Mangala, Variant::Modiar, Variant::Tihbat];

    /// The lower-case name used in JSON, SQL, URLs and the notation.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Mangala => "mangala",
            Variant::Modiar => "modiar",
            Variant::Tihbat => "tihbat",
        }
    }

    /// The display name, capitalised.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Mangala => "Mangala",
            Variant::Modiar => "Modiar",
            Variant::Tihbat => "Tihbat",
        }
    }

    /// Pits in each row.
    #[must_use]
    pub const fn pits_per_row(self) -> usize {
        match self {
            Variant::Mangala => 6,
            Variant::Modiar => 3,
            Variant::Tihbat => 2,
        }
    }

    /// Stones in each pit at the start.
    #[must_use]
    pub const fn stones_per_pit(self) -> u8 {
        match self {
            Variant::Mangala => 4,
            Variant::Modiar | Variant::Tihbat => 7,
        }
    }

    /// Whether the board has a store for each side (only Mangala). Without stores,
    /// captured stones are kept off the board, and are still reported as `store`.
    #[must_use]
    pub const fn has_stores(self) -> bool {
        matches!(self, Variant::Mangala)
    }

    /// All the stones of the game.
    #[must_use]
    pub const fn total_stones(self) -> u8 {
        // At most 2 × 6 × 4 = 48 or 2 × 3 × 7 = 42: fits in a u8.
        2 * self.pits_per_row() as u8 * self.stones_per_pit()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no variant (expected `mangala`, `modiar` or `tihbat`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError;

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected `mangala`, `modiar` or `tihbat`")
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or(ParseVariantError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_has_the_board_of_its_rules() {
        let shapes: Vec<_> = Variant::ALL
            .iter()
            .map(|v| {
                (
                    v.pits_per_row(),
                    v.stones_per_pit(),
                    v.has_stores(),
                    v.total_stones(),
                )
            })
            .collect();
        assert_eq!(
            shapes,
            [(6, 4, true, 48), (3, 7, false, 42), (2, 7, false, 28)]
        );
    }

    #[test]
    fn variants_parse_from_their_names_only() {
        for v in Variant::ALL {
            assert_eq!(v.as_str().parse::<Variant>(), Ok(v));
        }
        assert_eq!("Mangala".parse::<Variant>(), Err(ParseVariantError));
        assert_eq!("kalah".parse::<Variant>(), Err(ParseVariantError));
    }
}
