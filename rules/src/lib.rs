//! The rules of six mancala games — Mangala, Modiar and Tihbat, which the server offers,
//! and Kalah, Oware abapa and Togyz kumalak, which it does not yet ([`Variant::OFFERED`])
//! — as seedpost plays them: positions, legal moves, sowing, captures, the ends of games
//! and their scores, and the text notation of whole games.
//!
//! The crate is pure: no I/O, clock, randomness or async. Every rule's code cites its
//! number in `RULES.md` at the root of the repository (§C common, §M Mangala, §D
//! Modiar, §T Tihbat, §K Kalah, §O Oware, §Z Togyz kumalak).
//!
//! ```
//! use seedpost_rules::{Game, Pit, Side, Variant};
//!
//! let mut game = Game::new(Variant::Modiar, Side::South);
//! game.play(Pit::new(1).unwrap()).unwrap();
//! // Seven stones round six pits: the emptied pit gets the first and the last.
//! assert_eq!(game.position().row(Side::South), [2, 8, 8]);
//! // The game's first move captures nothing, not even that 2 (RULES.md §D6).
//! assert_eq!(game.position().stores().south, 0);
//! assert_eq!(game.position().to_move(), Some(Side::North));
//! ```

#![forbid(unsafe_code)]
#![warn(clippy::too_many_lines)]

mod effect;
pub mod endgame;
mod game;
mod kalah;
mod mangala;
mod modiar;
mod outcome;
mod oware;
pub mod oware_tables;
mod pit;
mod position;
pub mod proof;
pub mod proven;
mod record;
pub mod search;
mod side;
pub mod solve;
mod tihbat;
mod togyz;
mod variant;

pub use effect::{Capture, Effect, Hole};
pub use game::{Game, Ply, ReplayError, ReplayFailure};
pub use kalah::KalahRules;
pub use outcome::{EndedBy, Outcome, Points};
pub use pit::{ParsePitError, Pit, PitSet};
pub use position::{IllegalMove, PlayError, Position, SetupError};
pub use record::{ParseRecordError, ParseRecordErrorKind, Record, result_tag};
pub use side::{BySide, ParseSideError, Side};
pub use variant::{ParseVariantError, Variant};
