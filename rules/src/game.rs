//! A game: the first mover and the record of plies, which is the truth; the position
//! and the repetitions are derived from it.

use std::fmt;

use crate::position::RepetitionKey;
use crate::{Effect, EndedBy, IllegalMove, Outcome, Pit, Position, Side, Variant};

/// One entry of a game record: a side sowing a pit, or an automatic pass (§C7, §T4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ply {
    /// `side` sowed `pit`.
    Sow {
        /// Who moved.
        side: Side,
        /// The pit sown, from the mover's own left.
        pit: Pit,
    },
    /// `side` had no stones and passed.
    Pass {
        /// Who passed.
        side: Side,
    },
}

impl Ply {
    /// Who made the ply.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            Ply::Sow { side, .. } | Ply::Pass { side } => side,
        }
    }

    /// The pit sown, or `None` for a pass.
    #[must_use]
    pub const fn pit(self) -> Option<Pit> {
        match self {
            Ply::Sow { pit, .. } => Some(pit),
            Ply::Pass { .. } => None,
        }
    }
}

impl fmt::Display for Ply {
    /// The notation of §C3: `S3`, `N5`, and `N-` for a pass.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ply::Sow { side, pit } => write!(f, "{}{pit}", side.letter()),
            Ply::Pass { side } => write!(f, "{}-", side.letter()),
        }
    }
}

/// Why a record does not replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayError {
    /// The ply is an illegal move.
    Illegal(IllegalMove),
    /// The ply is made by the side not to move.
    WrongSide,
    /// A pass where the side to move has stones to play.
    UnexpectedPass,
    /// A move where the side to move has no stones and must pass.
    MissingPass,
}

impl ReplayError {
    /// The stable code: the illegal move's code, or `wrong_side`, `unexpected_pass`,
    /// `missing_pass`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            ReplayError::Illegal(e) => e.code(),
            ReplayError::WrongSide => "wrong_side",
            ReplayError::UnexpectedPass => "unexpected_pass",
            ReplayError::MissingPass => "missing_pass",
        }
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Illegal(e) => e.fmt(f),
            ReplayError::WrongSide => f.write_str("it is the other side's turn"),
            ReplayError::UnexpectedPass => f.write_str("a side with stones cannot pass"),
            ReplayError::MissingPass => f.write_str("a side without stones must pass"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A record that does not replay: which ply (1-based) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReplayFailure {
    /// The ply number that failed, counted from 1.
    pub ply: usize,
    /// Why.
    pub error: ReplayError,
}

impl fmt::Display for ReplayFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ply {}: {}: {}", self.ply, self.error.code(), self.error)
    }
}

impl std::error::Error for ReplayFailure {}

/// A game of one variant: who moved first and the plies played, with the position they
/// lead to and the history the repetition rules need.
///
/// The plies are the truth: a `Game` can only grow by playing legal moves, and
/// [`Game::replay`] rebuilds one from a record, checking every ply.
#[derive(Debug, Clone)]
pub struct Game {
    first: Side,
    plies: Vec<Ply>,
    position: Position,
    /// Repetition keys of the positions since the last capture, the current one
    /// included. A capture removes stones for good, so no earlier position can recur.
    history: Vec<RepetitionKey>,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        self.first == other.first && self.variant() == other.variant() && self.plies == other.plies
    }
}

impl Eq for Game {}

impl Game {
    /// A new game of `variant` with `first` to move (§C6).
    #[must_use]
    pub fn new(variant: Variant, first: Side) -> Game {
        let position = Position::start(variant, first);
        let mut game = Game {
            first,
            plies: Vec::new(),
            position,
            history: Vec::new(),
        };
        game.remember();
        game
    }

    /// Empties the game back to its start with `first` to move, keeping its memory:
    /// for playing many games without allocating.
    pub fn restart(&mut self, first: Side) {
        self.first = first;
        self.plies.clear();
        self.history.clear();
        self.position = Position::start(self.variant(), first);
        self.remember();
    }

    /// Replays `plies` from the start, checking each (passes included).
    ///
    /// # Errors
    /// The first ply that does not replay, and why.
    pub fn replay(variant: Variant, first: Side, plies: &[Ply]) -> Result<Game, ReplayFailure> {
        let mut game = Game::new(variant, first);
        game.plies.reserve(plies.len());
        for (i, &ply) in plies.iter().enumerate() {
            game.push(ply)
                .map_err(|error| ReplayFailure { ply: i + 1, error })?;
        }
        Ok(game)
    }

    /// Plays `pits` from the start in order, inserting the automatic passes, as the
    /// `seedpost replay` command does.
    ///
    /// # Errors
    /// The ply number the illegal move would have had, and why.
    pub fn from_pits(
        variant: Variant,
        first: Side,
        pits: impl IntoIterator<Item = Pit>,
    ) -> Result<Game, ReplayFailure> {
        let mut game = Game::new(variant, first);
        for pit in pits {
            let ply = game.plies.len() + 1;
            game.play(pit).map_err(|e| ReplayFailure {
                ply,
                error: ReplayError::Illegal(e),
            })?;
        }
        Ok(game)
    }

    /// The game played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.position.variant()
    }

    /// Who moved first.
    #[must_use]
    pub const fn first(&self) -> Side {
        self.first
    }

    /// The plies played, in order; the n-th (1-based) is ply n.
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The number of plies played (automatic passes included).
    #[must_use]
    pub fn ply(&self) -> usize {
        self.plies.len()
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// How many times the current position has occurred in this game (§D12, §T6).
    #[must_use]
    pub fn occurrences(&self) -> usize {
        match self.history.last() {
            Some(&key) => self.history.iter().filter(|&&k| k == key).count(),
            None => 0,
        }
    }

    /// Plays `pit` for the side to move, then any automatic pass that follows (§T4),
    /// and applies the repetition rules. Returns the number of plies added (1, or 2
    /// with a pass).
    ///
    /// # Errors
    /// The [`IllegalMove`] that forbids it; the game is unchanged.
    pub fn play(&mut self, pit: Pit) -> Result<usize, IllegalMove> {
        let before = self.plies.len();
        self.position.check(pit)?;
        let side = self.position.to_move;
        self.advance(Ply::Sow { side, pit });
        if self.position.must_pass() {
            let side = self.position.to_move;
            self.advance(Ply::Pass { side });
        }
        Ok(self.plies.len() - before)
    }

    /// Appends one recorded ply, checking it: the step of [`Game::replay`]. Unlike
    /// [`Game::play`] it adds no automatic pass; the record must hold it.
    ///
    /// # Errors
    /// Why the ply cannot follow; the game is unchanged.
    pub fn push(&mut self, ply: Ply) -> Result<(), ReplayError> {
        let Some(to_move) = self.position.to_move() else {
            return Err(ReplayError::Illegal(IllegalMove::GameOver));
        };
        if ply.side() != to_move {
            return Err(ReplayError::WrongSide);
        }
        match ply {
            Ply::Pass { .. } if !self.position.must_pass() => {
                return Err(ReplayError::UnexpectedPass);
            }
            Ply::Sow { .. } if self.position.must_pass() => return Err(ReplayError::MissingPass),
            Ply::Sow { pit, .. } => self.position.check(pit).map_err(ReplayError::Illegal)?,
            Ply::Pass { .. } => {}
        }
        self.advance(ply);
        Ok(())
    }

    /// Applies a checked ply and the repetition rules.
    fn advance(&mut self, ply: Ply) {
        let stores_before = self.position.stores();
        match ply {
            Ply::Sow { pit, .. } => self.position.play_unchecked(pit),
            Ply::Pass { .. } => {
                self.position.to_move = self.position.to_move.opposite();
                self.position.opening = false;
            }
        }
        self.plies.push(ply);
        if self.position.is_over() {
            return;
        }
        if self.position.stores() != stores_before {
            self.history.clear();
        }
        self.remember();
        // §D12, §T6, §O9, §Z9.
        if let Some(limit) = self.variant().repetition_limit()
            && self.occurrences() >= limit
        {
            self.position.end_by_repetition();
        }
    }

    /// What each ply did, in order (see [`Effect`]): `None` for a pass. Derived by
    /// replaying the plies, the truth; a ply that ended the game by repetition (§D12,
    /// §T6, §O9, §Z9) says so in [`Effect::ends`].
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::{Game, Pit, Side, Variant};
    ///
    /// let mut game = Game::new(Variant::Mangala, Side::South);
    /// game.play(Pit::new(4).unwrap()).unwrap();
    /// let effects = game.effects();
    /// let first = effects[0].as_ref().unwrap();
    /// // 4, 5, 6 and the store: the last stone in the store moves again (§M6).
    /// assert_eq!((first.sown(), first.stored, first.extra_turn), (4, 1, true));
    /// ```
    #[must_use]
    pub fn effects(&self) -> Vec<Option<Effect>> {
        let mut game = Game::new(self.variant(), self.first);
        self.plies
            .iter()
            .map(|&ply| {
                let effect = match ply {
                    Ply::Sow { pit, .. } => game.position.effect(pit).ok(),
                    Ply::Pass { .. } => None,
                };
                // The plies replayed once already when this game was built.
                let _ = game.push(ply);
                effect.map(|mut e| {
                    e.ends = game.position.is_over();
                    e
                })
            })
            .collect()
    }

    /// Whether playing `pit` now would end the game by repetition (§D12, §T6, §O9,
    /// §Z9): the position it leads to (after any automatic pass) would occur the
    /// [`Variant::repetition_limit`]-th time. `false` for an illegal move.
    #[must_use]
    pub fn repeats(&self, pit: Pit) -> bool {
        if !self.variant().has_repetition() || !self.position.is_legal(pit) {
            return false;
        }
        let mut next = self.clone();
        next.play(pit).is_ok()
            && next
                .outcome()
                .is_some_and(|o| o.ended_by == EndedBy::Repetition)
    }

    fn remember(&mut self) {
        if self.variant().has_repetition() {
            self.history.push(self.position.repetition_key());
        }
    }
}
