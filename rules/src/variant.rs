//! The six games.

use std::fmt;
use std::str::FromStr;

/// Which game is played.
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
    /// Kalah(6,4): 2×6 houses of 4 seeds, a store for each side, sown into
    /// (RULES.md §K).
    Kalah,
    /// Oware abapa: 2×6 houses of 4 seeds, no stores (RULES.md §O).
    Oware,
    /// Togyz kumalak: 2×9 houses of 9 stones, a store for each side kept apart from
    /// the sowing, and tuzdyks (RULES.md §Z).
    Togyz,
}

impl Variant {
    /// All variants the rules know, in a fixed order.
    pub const ALL: [Variant; 6] = [
        Variant::Mangala,
        Variant::Modiar,
        Variant::Tihbat,
        Variant::Kalah,
        Variant::Oware,
        Variant::Togyz,
    ];

    /// The games the server offers, in [`Variant::ALL`]'s order: all six since issue 38
    /// brought Kalah, Oware and Togyz kumalak to the server (their boards, pages, house
    /// bots and translations). The server lists these and parses with
    /// [`Variant::parse_offered`], so that a game the rules know before the server does
    /// stays hidden until it is added here.
    pub const OFFERED: [Variant; 6] = Variant::ALL;

    /// Whether the server offers this variant (it is in [`Variant::OFFERED`]).
    #[must_use]
    pub const fn is_offered(self) -> bool {
        // `contains` and `==` are not const: compare the discriminants.
        let mut i = 0;
        while i < Variant::OFFERED.len() {
            if Variant::OFFERED[i] as u8 == self as u8 {
                return true;
            }
            i += 1;
        }
        false
    }

    /// Parses the name of an offered variant (see [`Variant::OFFERED`]).
    ///
    /// # Errors
    /// [`ParseVariantError`] for text that names no variant or names one not offered;
    /// its message lists the offered names only.
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::Variant;
    ///
    /// assert_eq!(Variant::parse_offered("modiar"), Ok(Variant::Modiar));
    /// assert_eq!(Variant::parse_offered("togyz"), Ok(Variant::Togyz));
    /// let refused = Variant::parse_offered("chess").unwrap_err();
    /// assert_eq!(
    ///     refused.to_string(),
    ///     "expected `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`"
    /// );
    /// ```
    pub fn parse_offered(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::OFFERED
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or(ParseVariantError(()))
    }

    /// The lower-case name used in JSON, SQL, URLs and the notation.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Mangala => "mangala",
            Variant::Modiar => "modiar",
            Variant::Tihbat => "tihbat",
            Variant::Kalah => "kalah",
            Variant::Oware => "oware",
            Variant::Togyz => "togyz",
        }
    }

    /// The display name, capitalised.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Variant::Mangala => "Mangala",
            Variant::Modiar => "Modiar",
            Variant::Tihbat => "Tihbat",
            Variant::Kalah => "Kalah",
            Variant::Oware => "Oware",
            Variant::Togyz => "Togyz kumalak",
        }
    }

    /// Pits in each row.
    #[must_use]
    pub const fn pits_per_row(self) -> usize {
        match self {
            Variant::Mangala | Variant::Kalah | Variant::Oware => 6,
            Variant::Modiar => 3,
            Variant::Tihbat => 2,
            Variant::Togyz => 9,
        }
    }

    /// Stones in each pit at the start.
    #[must_use]
    pub const fn stones_per_pit(self) -> u8 {
        match self {
            Variant::Mangala | Variant::Kalah | Variant::Oware => 4,
            Variant::Modiar | Variant::Tihbat => 7,
            Variant::Togyz => 9,
        }
    }

    /// Whether the board has a store for each side (Mangala, Kalah, Togyz kumalak).
    /// Without stores, captured stones are kept off the board, and are still reported
    /// as `store`.
    #[must_use]
    pub const fn has_stores(self) -> bool {
        matches!(self, Variant::Mangala | Variant::Kalah | Variant::Togyz)
    }

    /// The occurrence of a position that ends the game (§D12, §T6, §O9, §Z9, counted as
    /// in P7): the third in Modiar, Oware and Togyz kumalak, the second in Tihbat; `None`
    /// in Mangala and Kalah, whose stones never come back round (P2, §K6).
    #[must_use]
    pub const fn repetition_limit(self) -> Option<usize> {
        match self {
            Variant::Modiar | Variant::Oware | Variant::Togyz => Some(3),
            Variant::Tihbat => Some(2),
            Variant::Mangala | Variant::Kalah => None,
        }
    }

    /// Whether a position occurring again can end the game: the variant has a
    /// [`Variant::repetition_limit`].
    #[must_use]
    pub const fn has_repetition(self) -> bool {
        self.repetition_limit().is_some()
    }

    /// The stores or captures that win at once, the stones left on the board uncounted
    /// (§O8: 25 of 48, §Z7: 82 of 162); `None` in the games that end only with the
    /// board. Where it is `Some`, a position's future depends on how the stones off
    /// the board are shared, not only on the board.
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::Variant;
    ///
    /// assert_eq!(Variant::Oware.majority(), Some(25));
    /// assert_eq!(Variant::Togyz.majority(), Some(82));
    /// assert_eq!(Variant::Mangala.majority(), None);
    /// ```
    #[must_use]
    pub const fn majority(self) -> Option<u8> {
        match self {
            Variant::Oware | Variant::Togyz => Some(self.total_stones() / 2 + 1),
            Variant::Mangala | Variant::Modiar | Variant::Tihbat | Variant::Kalah => None,
        }
    }

    /// Whether a side without stones passes its turn (only Tihbat, §T4).
    #[must_use]
    pub const fn passes(self) -> bool {
        matches!(self, Variant::Tihbat)
    }

    /// All the stones of the game.
    #[must_use]
    pub const fn total_stones(self) -> u8 {
        // At most 2 × 9 × 9 = 162: fits in a u8.
        2 * self.pits_per_row() as u8 * self.stones_per_pit()
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that names no variant, or (from [`Variant::parse_offered`]) none offered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseVariantError(());

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("expected `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`")
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or(ParseVariantError(()))
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
            [
                (6, 4, true, 48),
                (3, 7, false, 42),
                (2, 7, false, 28),
                (6, 4, true, 48),
                (6, 4, false, 48),
                (9, 9, true, 162),
            ]
        );
    }

    #[test]
    fn variants_parse_from_their_names_only() {
        for v in Variant::ALL {
            assert_eq!(v.as_str().parse::<Variant>(), Ok(v));
        }
        let error = ParseVariantError(());
        assert_eq!("Mangala".parse::<Variant>(), Err(error.clone()));
        assert_eq!("chess".parse::<Variant>(), Err(error));
    }

    #[test]
    fn all_six_variants_are_offered_and_parsed_as_offered() {
        assert_eq!(Variant::OFFERED, Variant::ALL);
        for v in Variant::ALL {
            assert!(v.is_offered(), "{v}");
            assert_eq!(Variant::parse_offered(v.as_str()), Ok(v));
        }
        let refused = Variant::parse_offered("chess").expect_err("no such game");
        assert_eq!(
            refused.to_string(),
            "expected `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`"
        );
        assert_eq!(refused, ParseVariantError(()));
    }
}
