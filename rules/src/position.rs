//! A position: the stones on the board and in the stores, and whose turn it is.

use std::fmt;

use crate::{
    BySide, EndedBy, Outcome, Pit, PitSet, Side, Variant, kalah, mangala, modiar, oware, tihbat,
    togyz,
};

/// Why a move cannot be played. Each has a stable code (see [`IllegalMove::code`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalMove {
    /// The pit number does not exist in this variant (§C3).
    OutOfRange,
    /// The pit is empty (§M2, §D2, §T2, §K2, §O2, §Z2), a Togyz house that is the
    /// opponent's tuzdyk included: every stone sown there goes to its owner's store
    /// (§Z6), so it is always empty.
    EmptyPit,
    /// Modiar: a pit holding a single stone may not be played (§D2).
    Singleton,
    /// Modiar, Oware: the opponent's row is empty and another move would feed it (§D7,
    /// §O6).
    MustFeed,
    /// Modiar: the move would capture the opponent's whole row and another move would
    /// not (§D8).
    GrandSlam,
    /// The game is over (§C5).
    GameOver,
}

impl IllegalMove {
    /// The stable code: `out_of_range`, `empty_pit`, `singleton`, `must_feed`,
    /// `grand_slam` or `game_over`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            IllegalMove::OutOfRange => "out_of_range",
            IllegalMove::EmptyPit => "empty_pit",
            IllegalMove::Singleton => "singleton",
            IllegalMove::MustFeed => "must_feed",
            IllegalMove::GrandSlam => "grand_slam",
            IllegalMove::GameOver => "game_over",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IllegalMove::OutOfRange => "there is no pit with that number in this game",
            IllegalMove::EmptyPit => "that pit is empty",
            IllegalMove::Singleton => "a pit holding a single stone may not be played",
            IllegalMove::MustFeed => "the opponent's row is empty: play a pit that sows into it",
            IllegalMove::GrandSlam => {
                "that move would capture every stone in the opponent's row (a grand slam)"
            }
            IllegalMove::GameOver => "the game is over",
        })
    }
}

impl std::error::Error for IllegalMove {}

/// A move that could not be played: the reason, and the position, unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayError {
    /// The position the move was tried in, unchanged.
    pub position: Position,
    /// Why the move is illegal.
    pub reason: IllegalMove,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.reason.fmt(f)
    }
}

impl std::error::Error for PlayError {}

/// A hand-made position that the rules cannot hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupError {
    /// A row does not have the variant's number of pits.
    RowLength,
    /// The stones on the board and in the stores (or captured) do not add up to the
    /// variant's total.
    StoneCount,
    /// A tuzdyk the rules cannot make (§Z5): not Togyz kumalak, the opponent's 9th
    /// house, the number of the opponent's tuzdyk, a second one, or a house holding
    /// stones.
    Tuzdyk,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SetupError::RowLength => "a row has the wrong number of pits",
            SetupError::StoneCount => "the stones do not add up to the variant's total",
            SetupError::Tuzdyk => "the rules cannot make that tuzdyk",
        })
    }
}

impl std::error::Error for SetupError {}

/// The state of a game between plies: pits, stores, the side to move and, once the
/// game is over, its outcome.
///
/// Pits are kept round the board in sowing order (§C2): South's row from South's left
/// (indices `0..n`), then North's row from North's left (`n..2n`).
///
/// Equality means "the same position" in the sense of the repetition rules (§D12,
/// §T6, §O9, §Z9): the same stones in the same pits and stores, the same tuzdyks and
/// the same side to move (or both games over with the same outcome). Whether the next
/// move would be the game's first (§D6) is history, not position, and is not compared.
#[derive(Debug, Clone, Copy)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: [u8; BOARD],
    pub(crate) stores: BySide<u8>,
    /// Togyz kumalak: each side's tuzdyk as the board index of the house (in the
    /// opponent's row), or [`NO_TUZDYK`] (§Z5).
    pub(crate) tuzdyks: BySide<u8>,
    pub(crate) to_move: Side,
    /// No move has been played yet (§D6).
    pub(crate) opening: bool,
    pub(crate) outcome: Option<Outcome>,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.variant == other.variant
            && self.board == other.board
            && self.stores == other.stores
            && self.tuzdyks == other.tuzdyks
            && self.to_move() == other.to_move()
            && self.outcome == other.outcome
    }
}

impl Eq for Position {}

impl Position {
    /// The starting position of `variant`, with `first` to move (§C6).
    #[must_use]
    pub fn start(variant: Variant, first: Side) -> Position {
        let n = variant.pits_per_row();
        let mut board = [0; BOARD];
        board[..2 * n].fill(variant.stones_per_pit());
        Position {
            variant,
            board,
            stores: BySide::default(),
            tuzdyks: BySide::new(NO_TUZDYK, NO_TUZDYK),
            to_move: first,
            opening: true,
            outcome: None,
        }
    }

    /// A hand-made position, as for tests and puzzles: each row from its owner's left,
    /// the stores (captures, without stores), and the side to move. The next move is
    /// not the game's first, and the game is not over even if the rules would have
    /// ended it already; the next move decides.
    ///
    /// # Errors
    /// [`SetupError`] when a row has the wrong length or the stones do not add up.
    pub fn from_parts(
        variant: Variant,
        south: &[u8],
        north: &[u8],
        stores: BySide<u8>,
        to_move: Side,
    ) -> Result<Position, SetupError> {
        let n = variant.pits_per_row();
        if south.len() != n || north.len() != n {
            return Err(SetupError::RowLength);
        }
        let total: u32 = south
            .iter()
            .chain(north)
            .map(|&s| u32::from(s))
            .sum::<u32>()
            + u32::from(stores.south)
            + u32::from(stores.north);
        if total != u32::from(variant.total_stones()) {
            return Err(SetupError::StoneCount);
        }
        let mut board = [0; BOARD];
        board[..n].copy_from_slice(south);
        board[n..2 * n].copy_from_slice(north);
        Ok(Position {
            variant,
            board,
            stores,
            tuzdyks: BySide::new(NO_TUZDYK, NO_TUZDYK),
            to_move,
            opening: false,
            outcome: None,
        })
    }

    /// The same hand-made position with `owner`'s tuzdyk made at `pit` of the
    /// opponent's row (Togyz kumalak, §Z5), as for tests and puzzles.
    ///
    /// # Errors
    /// [`SetupError::Tuzdyk`] when the rules could not have made it: the variant is not
    /// Togyz kumalak, `owner` has a tuzdyk already, `pit` is the opponent's 9th house or
    /// has the number of the opponent's tuzdyk, or the house holds stones (a tuzdyk is
    /// always empty).
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::{BySide, Pit, Position, Side, Variant};
    ///
    /// let start = Position::start(Variant::Togyz, Side::South);
    /// let pit = Pit::new(4).unwrap();
    /// let board = Position::from_parts(
    ///     Variant::Togyz,
    ///     start.row(Side::South),
    ///     &[9, 9, 9, 0, 9, 9, 9, 9, 9],
    ///     BySide::new(9, 0),
    ///     Side::South,
    /// )
    /// .unwrap();
    /// let with = board.with_tuzdyk(Side::South, pit).unwrap();
    /// assert_eq!(with.tuzdyk(Side::South), Some(pit));
    /// assert!(with.with_tuzdyk(Side::North, pit).is_err());
    /// ```
    pub fn with_tuzdyk(mut self, owner: Side, pit: Pit) -> Result<Position, SetupError> {
        let house = row_start(self.variant, owner.opposite()) + pit.index();
        let allowed = self.variant == Variant::Togyz
            && togyz::can_make_tuzdyk(&self, owner, house)
            && self.board[house] == 0;
        if !allowed {
            return Err(SetupError::Tuzdyk);
        }
        *self.tuzdyks.get_mut(owner) = house as u8;
        Ok(self)
    }

    /// `owner`'s tuzdyk (Togyz kumalak, §Z5): the pit of the opponent's row, numbered
    /// from the opponent's left, whose sown stones go to `owner`'s store; `None` before
    /// `owner` has made one, and in the other games.
    #[must_use]
    pub fn tuzdyk(&self, owner: Side) -> Option<Pit> {
        let house = *self.tuzdyks.get(owner);
        (house != NO_TUZDYK).then(|| {
            Pit::from_index(usize::from(house) - row_start(self.variant, owner.opposite()))
        })
    }

    /// The game played.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move, or `None` once the game is over.
    #[must_use]
    pub const fn to_move(&self) -> Option<Side> {
        match self.outcome {
            Some(_) => None,
            None => Some(self.to_move),
        }
    }

    /// How the game ended, once it has.
    #[must_use]
    pub const fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the game is over.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Whether the next move is the first of the game (§D6).
    #[must_use]
    pub const fn is_opening(&self) -> bool {
        self.opening
    }

    /// The pits of `side`'s row, from its owner's left (pit 1 first).
    #[must_use]
    pub fn row(&self, side: Side) -> &[u8] {
        let n = self.variant.pits_per_row();
        &self.board[row_start(self.variant, side)..][..n]
    }

    /// Both rows.
    #[must_use]
    pub fn rows(&self) -> BySide<&[u8]> {
        BySide::from_fn(|side| self.row(side))
    }

    /// Stones in each store (Mangala, Kalah, Togyz kumalak) or captured so far (Modiar,
    /// Tihbat, Oware).
    #[must_use]
    pub const fn stores(&self) -> BySide<u8> {
        self.stores
    }

    /// The stones in `side`'s pit `pit`, or `None` when the variant has no such pit.
    #[must_use]
    pub fn stones(&self, side: Side, pit: Pit) -> Option<u8> {
        self.row(side).get(pit.index()).copied()
    }

    /// Whether the side to move has no stones at all and must pass (only in Tihbat,
    /// §T4; in the other games such a position has already ended the game, but for a
    /// hand-made one, P1).
    #[must_use]
    pub fn must_pass(&self) -> bool {
        !self.is_over() && self.variant.passes() && self.row(self.to_move).iter().all(|&s| s == 0)
    }

    /// The legal moves of the side to move. Empty when the game is over or the side
    /// to move must pass.
    #[must_use]
    pub fn legal_moves(&self) -> PitSet {
        if self.is_over() {
            return PitSet::EMPTY;
        }
        match self.variant {
            Variant::Mangala | Variant::Tihbat | Variant::Kalah | Variant::Togyz => {
                let mut set = PitSet::EMPTY;
                for (i, &s) in self.row(self.to_move).iter().enumerate() {
                    if s > 0 {
                        set.insert(Pit::from_index(i));
                    }
                }
                set
            }
            Variant::Modiar => modiar::legal_moves(self).playable,
            Variant::Oware => oware::legal_moves(self),
        }
    }

    /// Whether `pit` may be played now. Agrees with [`Position::legal_moves`].
    #[must_use]
    pub fn is_legal(&self, pit: Pit) -> bool {
        self.check(pit).is_ok()
    }

    /// Checks that `pit` may be played now.
    ///
    /// # Errors
    /// The [`IllegalMove`] that forbids it.
    pub fn check(&self, pit: Pit) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::GameOver);
        }
        let Some(stones) = self.stones(self.to_move, pit) else {
            return Err(IllegalMove::OutOfRange);
        };
        if stones == 0 {
            return Err(IllegalMove::EmptyPit);
        }
        match self.variant {
            Variant::Mangala | Variant::Tihbat | Variant::Kalah | Variant::Togyz => Ok(()),
            Variant::Modiar => modiar::check(self, pit, stones),
            Variant::Oware => oware::check(self, pit, stones),
        }
    }

    /// Plays `pit` for the side to move and returns the position after it.
    ///
    /// # Errors
    /// A [`PlayError`] with the reason and this position, unchanged, when the move is
    /// illegal.
    ///
    /// # Examples
    /// ```
    /// use seedpost_rules::{Pit, Position, Side, Variant};
    ///
    /// let start = Position::start(Variant::Mangala, Side::South);
    /// let pit = Pit::new(5).unwrap();
    /// let after = start.play(pit).unwrap();
    /// assert_eq!(after.row(Side::South), [4, 4, 4, 4, 1, 5]);
    /// assert_eq!(after.row(Side::North), [5, 4, 4, 4, 4, 4]);
    /// assert_eq!(after.stores().south, 1);
    /// assert_eq!(after.to_move(), Some(Side::North));
    /// ```
    pub fn play(self, pit: Pit) -> Result<Position, PlayError> {
        match self.check(pit) {
            Ok(()) => {
                let mut next = self;
                next.play_unchecked(pit);
                Ok(next)
            }
            Err(reason) => Err(PlayError {
                position: self,
                reason,
            }),
        }
    }

    /// Plays `pit` without checking it. The caller has checked it with
    /// [`Position::check`] or taken it from [`Position::legal_moves`].
    pub(crate) fn play_unchecked(&mut self, pit: Pit) {
        match self.variant {
            Variant::Mangala => mangala::sow(self, pit),
            Variant::Modiar => modiar::sow(self, pit),
            Variant::Tihbat => tihbat::sow(self, pit),
            Variant::Kalah => kalah::sow(self, pit),
            Variant::Oware => oware::sow(self, pit),
            Variant::Togyz => togyz::sow(self, pit),
        }
        self.opening = false;
    }

    /// Passes the turn of a side that has no stones (§T4).
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game is over; [`IllegalMove::OutOfRange`]
    /// (there being no pit to pass with) when the side to move has stones to play.
    pub fn pass(self) -> Result<Position, PlayError> {
        let reason = if self.is_over() {
            IllegalMove::GameOver
        } else if !self.must_pass() {
            IllegalMove::OutOfRange
        } else {
            let mut next = self;
            next.to_move = self.to_move.opposite();
            next.opening = false;
            return Ok(next);
        };
        Err(PlayError {
            position: self,
            reason,
        })
    }

    /// Stones still on the board.
    #[must_use]
    pub fn on_board(&self) -> u8 {
        self.board.iter().sum()
    }

    /// A compact key of the pits, the tuzdyks and the side to move, equal exactly when
    /// the positions of one game between two captures are equal for the repetition
    /// rules (the stores, which only a capture changes, are left out).
    pub(crate) fn repetition_key(&self) -> RepetitionKey {
        let word = |i: usize| {
            let mut bytes = [0; 8];
            bytes.copy_from_slice(&self.board[i..i + 8]);
            u64::from_le_bytes(bytes)
        };
        let last = u64::from(self.board[16])
            | u64::from(self.board[17]) << 8
            | u64::from(self.tuzdyks.south) << 16
            | u64::from(self.tuzdyks.north) << 24
            | u64::from(self.to_move == Side::North) << 32;
        RepetitionKey([word(0), word(8), last])
    }

    /// Ends the game by repetition, the position having occurred
    /// [`Variant::repetition_limit`] times: each side takes the stones in its own row
    /// (§D12, §O9, §Z9), or in Tihbat the board is divided (§T6, §T7). Mangala and Kalah
    /// have no repetition rule and never end so.
    pub(crate) fn end_by_repetition(&mut self) {
        match self.variant {
            Variant::Tihbat => self.end_dividing_board(EndedBy::Repetition),
            Variant::Mangala
            | Variant::Modiar
            | Variant::Kalah
            | Variant::Oware
            | Variant::Togyz => {
                self.end_taking_own_rows(EndedBy::Repetition);
            }
        }
    }

    /// Ends the game with each side taking the stones in its own row (§D11, §D12, §K6,
    /// §O7, §O9, §Z8, §Z9; in §K6, §O7 and §Z8 one row is empty, so the other side takes
    /// every stone left).
    pub(crate) fn end_taking_own_rows(&mut self, ended_by: EndedBy) {
        let n = self.variant.pits_per_row();
        let (south, north) = self.board[..2 * n].split_at_mut(n);
        self.stores.south += south.iter().sum::<u8>();
        self.stores.north += north.iter().sum::<u8>();
        south.fill(0);
        north.fill(0);
        self.outcome = Some(Outcome::from_score(self.stores, ended_by));
    }

    /// Ends the game with the stones on the board shared equally (§T7): each side gets
    /// half, rounded down, and an odd stone stays where it is, in the last non-empty
    /// pit round the board from South's pit 1.
    pub(crate) fn end_dividing_board(&mut self, ended_by: EndedBy) {
        let left = self.on_board();
        let half = left / 2;
        self.stores.south += half;
        self.stores.north += half;
        let n = self.variant.pits_per_row();
        let odd_pit = self.board[..2 * n].iter().rposition(|&s| s > 0);
        self.board = [0; BOARD];
        if left % 2 == 1
            && let Some(i) = odd_pit
        {
            self.board[i] = 1;
        }
        self.outcome = Some(Outcome::from_score(self.stores, ended_by));
    }
}

/// Places on the board: the pits of the largest game's two rows (Togyz kumalak, 2 × 9).
pub(crate) const BOARD: usize = 18;

/// The value of [`Position::tuzdyks`] for a side without a tuzdyk.
pub(crate) const NO_TUZDYK: u8 = u8::MAX;

/// What the repetition rules compare of a position (see [`Position::repetition_key`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct RepetitionKey([u64; 3]);

/// The board index of `side`'s pit 1.
pub(crate) const fn row_start(variant: Variant, side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => variant.pits_per_row(),
    }
}

impl fmt::Display for Position {
    /// A one-line picture: `N [4 4 4 4 4 4] 0 | S [4 4 4 4 4 4] 0 | south to move`,
    /// each row from its owner's left, each followed by its store; a Togyz tuzdyk is
    /// written `x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, side) in [Side::North, Side::South].into_iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "{} [", side.letter())?;
            let tuzdyk = self.tuzdyk(side.opposite());
            for (j, s) in self.row(side).iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                if tuzdyk == Some(Pit::from_index(j)) {
                    f.write_str("x")?;
                    continue;
                }
                write!(f, "{s}")?;
            }
            write!(f, "] {}", self.stores.get(side))?;
        }
        match self.to_move() {
            Some(side) => write!(f, " | {side} to move"),
            None => f.write_str(" | over"),
        }
    }
}
