//! Python bindings of `seedpost-rules`: positions, legal moves, play, outcomes, game
//! records and the solved tables of Tihbat and Modiar, as the server plays them.
//!
//! The Python side speaks the API's vocabulary: a side is `"south"` or `"north"`, a
//! variant `"mangala"`, `"modiar"`, `"tihbat"`, `"kalah"`, `"oware"` or `"togyz"`, a pit
//! its number from the mover's own left (1 to 6, 9 in Togyz kumalak), a ply its notation (`"S3"`, `"N-"` for a pass), and boards and stores
//! are dicts keyed by side, as in the API's game JSON. The engine's errors become
//! exceptions carrying the engine's stable codes (`seedpost_rules.pyi` lists them).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use pyo3::create_exception;
use pyo3::exceptions::{PyIOError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rules::solve;
use rules::{BySide, Pit, Ply, Side, Variant};

create_exception!(
    seedpost_rules,
    RulesError,
    PyValueError,
    "Any error of the rules engine; `code` is its stable code."
);
create_exception!(
    seedpost_rules,
    IllegalMoveError,
    RulesError,
    "A move the rules forbid: `code` (`out_of_range`, `empty_pit`, `singleton`, \
     `must_feed`, `grand_slam`, `game_over`) and `position`, unchanged."
);
create_exception!(
    seedpost_rules,
    ReplayError,
    RulesError,
    "A ply that does not follow: `ply` (counted from 1) and `code` (an illegal move's \
     code, or `wrong_side`, `unexpected_pass`, `missing_pass`)."
);
create_exception!(
    seedpost_rules,
    RecordError,
    RulesError,
    "A game record that does not parse: `line`, `column`, `token` and `code`."
);
create_exception!(
    seedpost_rules,
    SetupError,
    RulesError,
    "A hand-made position the rules cannot hold: `code` (`row_length`, `stone_count`)."
);

/// Builds an exception of type `T` with `message` and the given attributes.
fn error<T: pyo3::PyTypeInfo>(
    py: Python<'_>,
    message: String,
    attrs: &[(&str, Bound<'_, PyAny>)],
) -> PyErr {
    let err = PyErr::new::<T, _>(message);
    let value = err.value(py);
    for (name, attr) in attrs {
        if let Err(e) = value.setattr(*name, attr) {
            return e;
        }
    }
    err
}

fn illegal(py: Python<'_>, reason: rules::IllegalMove, position: rules::Position) -> PyErr {
    let position = match Bound::new(py, Position(position)) {
        Ok(p) => p.into_any(),
        Err(e) => return e,
    };
    error::<IllegalMoveError>(
        py,
        format!("{}: {reason}", reason.code()),
        &[("code", py_str(py, reason.code())), ("position", position)],
    )
}

fn replay_error(py: Python<'_>, failure: rules::ReplayFailure) -> PyErr {
    error::<ReplayError>(
        py,
        failure.to_string(),
        &[
            ("ply", py_int(py, failure.ply)),
            ("code", py_str(py, failure.error.code())),
        ],
    )
}

fn py_int(py: Python<'_>, n: usize) -> Bound<'_, PyAny> {
    n.into_pyobject(py)
        .map_or_else(|_| py.None().into_bound(py), Bound::into_any)
}

fn py_str<'py>(py: Python<'py>, s: &str) -> Bound<'py, PyAny> {
    s.into_pyobject(py)
        .map_or_else(|_| py.None().into_bound(py), Bound::into_any)
}

/// The offered games ([`Variant::OFFERED`]: all six since the server offers Kalah,
/// Oware and Togyz kumalak).
fn parse_variant(name: &str) -> PyResult<Variant> {
    Variant::parse_offered(name)
        .map_err(|e: rules::ParseVariantError| PyValueError::new_err(e.to_string()))
}

fn parse_side(name: &str) -> PyResult<Side> {
    name.parse()
        .map_err(|e: rules::ParseSideError| PyValueError::new_err(e.to_string()))
}

/// A pit number as the engine's `Pit`; a number that no variant has is the engine's
/// `out_of_range`, as a pit beyond the variant's row is.
fn to_pit(py: Python<'_>, number: i64, position: rules::Position) -> PyResult<Pit> {
    u8::try_from(number)
        .ok()
        .and_then(Pit::new)
        .ok_or_else(|| illegal(py, rules::IllegalMove::OutOfRange, position))
}

/// Stone counts as a list of numbers (PyO3 would make `[u8]` a `bytes`).
fn numbers(stones: &[u8]) -> Vec<u32> {
    stones.iter().copied().map(u32::from).collect()
}

/// Pits as their numbers.
fn pits(pits: impl IntoIterator<Item = Pit>) -> Vec<u32> {
    pits.into_iter().map(|p| u32::from(p.number())).collect()
}

fn ply_text(ply: Ply) -> String {
    ply.to_string()
}

/// Parses a ply of the notation (`S3`, `N5`, `N-`) through the record parser, so that
/// both accept exactly the same plies.
fn parse_ply(py: Python<'_>, token: &str) -> PyResult<Ply> {
    let record = format!("[Variant \"mangala\"]\n[First \"south\"]\n\n{token}\n");
    match record.parse::<rules::Record>() {
        Ok(record) if record.plies.len() == 1 => Ok(record.plies[0]),
        _ => Err(error::<RecordError>(
            py,
            format!("`{token}`: expected a ply like S3, N5 or N- (a pass)"),
            &[
                ("line", py_int(py, 1)),
                ("column", py_int(py, 1)),
                ("token", py_str(py, token)),
                ("code", py_str(py, "bad_ply")),
            ],
        )),
    }
}

fn by_side<'py, T>(py: Python<'py>, pair: BySide<T>) -> PyResult<Bound<'py, PyDict>>
where
    T: IntoPyObject<'py>,
{
    let dict = PyDict::new(py);
    dict.set_item("south", pair.south)?;
    dict.set_item("north", pair.north)?;
    Ok(dict)
}

/// The state of a game between plies: pits, stores, the side to move and, once the
/// game is over, its outcome. Immutable: `play` returns a new position.
///
/// Equality means "the same position" for the repetition rules: the same stones in the
/// same pits and stores and the same side to move (whether the next move is the game's
/// first is history, and not compared).
#[pyclass(frozen, module = "seedpost_rules")]
#[derive(Clone)]
struct Position(rules::Position);

#[pymethods]
impl Position {
    /// The starting position of `variant` with `first` to move.
    #[staticmethod]
    #[pyo3(signature = (variant, first = "south"))]
    fn start(variant: &str, first: &str) -> PyResult<Position> {
        Ok(Position(rules::Position::start(
            parse_variant(variant)?,
            parse_side(first)?,
        )))
    }

    /// A hand-made position: each row from its owner's left, the stones in each store
    /// (captured, in Modiar and Tihbat) and the side to move. Raises `SetupError` when
    /// a row has the wrong length or the stones do not add up.
    #[staticmethod]
    #[pyo3(signature = (variant, south, north, stores = (0, 0), to_move = "south"))]
    fn from_parts(
        py: Python<'_>,
        variant: &str,
        south: Vec<u8>,
        north: Vec<u8>,
        stores: (u8, u8),
        to_move: &str,
    ) -> PyResult<Position> {
        let v = parse_variant(variant)?;
        rules::Position::from_parts(
            v,
            &south,
            &north,
            BySide::new(stores.0, stores.1),
            parse_side(to_move)?,
        )
        .map(Position)
        .map_err(|e| {
            let code = match e {
                rules::SetupError::RowLength => "row_length",
                rules::SetupError::StoneCount => "stone_count",
                rules::SetupError::Tuzdyk => "tuzdyk",
            };
            error::<SetupError>(py, format!("{code}: {e}"), &[("code", py_str(py, code))])
        })
    }

    /// The game played.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant().as_str()
    }

    /// The side to move, or `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<&'static str> {
        self.0.to_move().map(Side::as_str)
    }

    /// How the game ended, once it has.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().map(Outcome)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.0.is_over()
    }

    /// Whether the next move is the game's first (Modiar's first move captures
    /// nothing).
    #[getter]
    fn is_opening(&self) -> bool {
        self.0.is_opening()
    }

    /// Both rows, `{"south": [...], "north": [...]}`, each from its owner's left.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_side(py, self.0.rows().map(numbers))
    }

    /// Stones in each store (Mangala) or captured so far (Modiar, Tihbat),
    /// `{"south": n, "north": n}`.
    #[getter]
    fn store<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_side(py, self.0.stores())
    }

    /// The pits of `side`'s row, from its owner's left.
    fn row(&self, side: &str) -> PyResult<Vec<u32>> {
        Ok(numbers(self.0.row(parse_side(side)?)))
    }

    /// Stones still on the board.
    #[getter]
    fn on_board(&self) -> u8 {
        self.0.on_board()
    }

    /// Whether the side to move has no stones and must pass (Tihbat only).
    fn must_pass(&self) -> bool {
        self.0.must_pass()
    }

    /// The legal pits of the side to move, in order; empty when the game is over or
    /// the side to move must pass.
    fn legal_moves(&self) -> Vec<u32> {
        pits(self.0.legal_moves())
    }

    /// Whether `pit` may be played now; agrees with `legal_moves`.
    fn is_legal(&self, pit: i64) -> bool {
        u8::try_from(pit)
            .ok()
            .and_then(Pit::new)
            .is_some_and(|p| self.0.is_legal(p))
    }

    /// Plays `pit` for the side to move and returns the position after it. Raises
    /// `IllegalMoveError` (with the reason's `code` and this `position`) when the move
    /// is illegal.
    fn play(&self, py: Python<'_>, pit: i64) -> PyResult<Position> {
        let p = to_pit(py, pit, self.0)?;
        self.0
            .play(p)
            .map(Position)
            .map_err(|e| illegal(py, e.reason, e.position))
    }

    /// Passes the turn of a side without stones (Tihbat). Raises `IllegalMoveError`
    /// (`game_over`, or `out_of_range` when the side has stones to play).
    fn pass_turn(&self, py: Python<'_>) -> PyResult<Position> {
        self.0
            .pass()
            .map(Position)
            .map_err(|e| illegal(py, e.reason, e.position))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Position>().is_ok_and(|o| o.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        let p = &self.0;
        let mut h = DefaultHasher::new();
        (p.variant(), p.rows(), p.stores(), p.to_move(), p.outcome()).hash(&mut h);
        h.finish()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<Position {} {}>", self.0.variant(), self.0)
    }
}

/// How a game ended: the final score, the winner (`None` for a draw), what ended it
/// (`empty_row`, `no_moves`, `repetition`, `all_captured`) and each side's points.
#[pyclass(frozen, module = "seedpost_rules")]
struct Outcome(rules::Outcome);

#[pymethods]
impl Outcome {
    /// The final score, `{"south": n, "north": n}`.
    #[getter]
    fn score<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_side(py, self.0.score)
    }

    /// The winner, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.0.winner.map(Side::as_str)
    }

    /// The rule that ended the game.
    #[getter]
    fn ended_by(&self) -> &'static str {
        self.0.ended_by.code()
    }

    /// Each side's points: 1, 0.5 or 0, `{"south": x, "north": x}`.
    #[getter]
    fn points<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_side(py, self.0.points().map(rules::Points::as_f64))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Outcome>().is_ok_and(|o| o.get().0 == self.0)
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.0.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let o = &self.0;
        format!(
            "<Outcome {}-{} winner={} ended_by={}>",
            o.score.south,
            o.score.north,
            o.winner.map_or("none", Side::as_str),
            o.ended_by.code()
        )
    }
}

/// A game: who moved first and the plies played, with the position they lead to and
/// the history the repetition rules need. It only grows by legal moves.
#[pyclass(module = "seedpost_rules")]
#[derive(Clone)]
struct Game(rules::Game);

#[pymethods]
impl Game {
    /// A new game of `variant` with `first` to move.
    #[new]
    #[pyo3(signature = (variant, first = "south"))]
    fn new(variant: &str, first: &str) -> PyResult<Game> {
        Ok(Game(rules::Game::new(
            parse_variant(variant)?,
            parse_side(first)?,
        )))
    }

    /// Replays recorded plies (`"S3"`, `"N-"`, ...) from the start, checking each,
    /// passes included. Raises `ReplayError` at the first that does not follow, or
    /// `RecordError` for a ply that is not notation.
    #[staticmethod]
    fn replay(py: Python<'_>, variant: &str, first: &str, plies: Vec<String>) -> PyResult<Game> {
        let plies = plies
            .iter()
            .map(|p| parse_ply(py, p))
            .collect::<PyResult<Vec<_>>>()?;
        rules::Game::replay(parse_variant(variant)?, parse_side(first)?, &plies)
            .map(Game)
            .map_err(|f| replay_error(py, f))
    }

    /// Plays pit numbers from the start in order, inserting Tihbat's automatic passes
    /// (as the `seedpost replay` command and the engine protocol's `position` do).
    /// Raises `ReplayError` with the ply the illegal move would have had.
    #[staticmethod]
    fn from_pits(py: Python<'_>, variant: &str, first: &str, pits: Vec<i64>) -> PyResult<Game> {
        let mut game = rules::Game::new(parse_variant(variant)?, parse_side(first)?);
        for number in pits {
            let ply = game.ply() + 1;
            let fail = |error| {
                replay_error(
                    py,
                    rules::ReplayFailure {
                        ply,
                        error: rules::ReplayError::Illegal(error),
                    },
                )
            };
            let p = u8::try_from(number)
                .ok()
                .and_then(Pit::new)
                .ok_or_else(|| fail(rules::IllegalMove::OutOfRange))?;
            game.play(p).map_err(fail)?;
        }
        Ok(Game(game))
    }

    /// The game played.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant().as_str()
    }

    /// Who moved first.
    #[getter]
    fn first(&self) -> &'static str {
        self.0.first().as_str()
    }

    /// The plies played, in notation (`"S3"`, `"N-"`); the n-th is ply n.
    #[getter]
    fn plies(&self) -> Vec<String> {
        self.0.plies().iter().copied().map(ply_text).collect()
    }

    /// The number of plies played (automatic passes included): the `ply` a move
    /// submission carries.
    #[getter]
    fn ply(&self) -> usize {
        self.0.ply()
    }

    /// The current position.
    #[getter]
    fn position(&self) -> Position {
        Position(*self.0.position())
    }

    /// How the game ended, once it has.
    #[getter]
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome().map(Outcome)
    }

    /// The legal pits of the side to move (as `position.legal_moves()`).
    fn legal_moves(&self) -> Vec<u32> {
        pits(self.0.position().legal_moves())
    }

    /// How many times the current position has occurred in this game (the repetition
    /// rules end Modiar at the third, Tihbat at the second).
    fn occurrences(&self) -> usize {
        self.0.occurrences()
    }

    /// Plays `pit` for the side to move, then any automatic pass that follows, and
    /// applies the repetition rules. Returns the plies added (1, or 2 with a pass).
    /// Raises `IllegalMoveError`; the game is then unchanged.
    fn play(&mut self, py: Python<'_>, pit: i64) -> PyResult<usize> {
        let position = *self.0.position();
        let p = to_pit(py, pit, position)?;
        self.0.play(p).map_err(|e| illegal(py, e, position))
    }

    /// Appends one recorded ply (`"S3"`, `"N-"`), checking it; no automatic pass is
    /// added. Raises `ReplayError` (with `ply` the number it would have had) or
    /// `RecordError`; the game is then unchanged.
    fn push(&mut self, py: Python<'_>, ply: &str) -> PyResult<()> {
        let parsed = parse_ply(py, ply)?;
        let number = self.0.ply() + 1;
        self.0
            .push(parsed)
            .map_err(|error| replay_error(py, rules::ReplayFailure { ply: number, error }))
    }

    /// A copy that can be played on without changing this one.
    fn copy(&self) -> Game {
        self.clone()
    }

    /// The game's record (no tags but the variant and first mover).
    fn record(&self) -> Record {
        Record(rules::Record::of(&self.0))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Game>().is_ok_and(|o| o.borrow().0 == self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Game {} first={} ply={} {}>",
            self.0.variant(),
            self.0.first(),
            self.0.ply(),
            self.0.position()
        )
    }
}

/// A game in the text notation: tags (`[Variant "tihbat"]`, `[First "south"]`, then
/// any others) and the plies. `str(record)` writes it; `Record.parse` reads it.
#[pyclass(module = "seedpost_rules")]
#[derive(Clone)]
struct Record(rules::Record);

#[pymethods]
impl Record {
    /// Reads a record. Raises `RecordError` with the `line`, `column`, `token` and
    /// `code` (`bad_tag`, `missing_variant`, `missing_first`, `bad_variant`,
    /// `bad_side`, `duplicate_tag`, `bad_ply`) of the first thing that does not parse.
    #[staticmethod]
    fn parse(py: Python<'_>, text: &str) -> PyResult<Record> {
        text.parse()
            .map(Record)
            .map_err(|e: rules::ParseRecordError| {
                let code = match e.kind {
                    rules::ParseRecordErrorKind::BadTag => "bad_tag",
                    rules::ParseRecordErrorKind::MissingVariant => "missing_variant",
                    rules::ParseRecordErrorKind::MissingFirst => "missing_first",
                    rules::ParseRecordErrorKind::BadVariant => "bad_variant",
                    rules::ParseRecordErrorKind::BadSide => "bad_side",
                    rules::ParseRecordErrorKind::DuplicateTag => "duplicate_tag",
                    rules::ParseRecordErrorKind::BadPly => "bad_ply",
                };
                error::<RecordError>(
                    py,
                    e.to_string(),
                    &[
                        ("line", py_int(py, e.line)),
                        ("column", py_int(py, e.column)),
                        ("token", py_str(py, &e.token)),
                        ("code", py_str(py, code)),
                    ],
                )
            })
    }

    /// The record of `game`.
    #[staticmethod]
    fn of(game: &Game) -> Record {
        Record(rules::Record::of(&game.0))
    }

    /// The game played.
    #[getter]
    fn variant(&self) -> &'static str {
        self.0.variant.as_str()
    }

    /// Who moved first.
    #[getter]
    fn first(&self) -> &'static str {
        self.0.first.as_str()
    }

    /// The tags after `Variant` and `First`, in order, as `(name, value)` pairs.
    #[getter]
    fn tags(&self) -> Vec<(String, String)> {
        self.0.tags.clone()
    }

    /// The plies in notation.
    #[getter]
    fn plies(&self) -> Vec<String> {
        self.0.plies.iter().copied().map(ply_text).collect()
    }

    /// The value of the tag `name`, if present.
    fn tag(&self, name: &str) -> Option<String> {
        self.0.tag(name).map(str::to_owned)
    }

    /// A copy with the tag `name` added at the end.
    fn with_tag(&self, name: &str, value: &str) -> Record {
        Record(self.0.clone().with_tag(name, value))
    }

    /// Replays the plies. Raises `ReplayError` at the first that does not follow.
    fn game(&self, py: Python<'_>) -> PyResult<Game> {
        self.0.game().map(Game).map_err(|f| replay_error(py, f))
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Record>().is_ok_and(|o| o.borrow().0 == self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {} first={} plies={}>",
            self.0.variant,
            self.0.first,
            self.0.plies.len()
        )
    }
}

/// The solved values of every Tihbat or Modiar position: a value is the score
/// difference the side to move can make sure of from now on under perfect play, for a
/// position that starts its segment (the game's start, or just after a capture); see
/// RULES.md, "Solved values". Mangala is too large to solve.
#[pyclass(frozen, module = "seedpost_rules")]
struct Table(solve::Table);

/// The engine these bindings were built with (a hash of its sources, by build.rs):
/// `Table.load` refuses a file that another engine wrote, whose values may differ.
const TABLE_VERSION: u64 = match u64::from_str_radix(env!("SEEDPOST_RULES_HASH"), 10) {
    Ok(v) => v,
    Err(_) => panic!("build.rs writes a number"),
};

#[pymethods]
impl Table {
    /// Solves every position of `variant` (`"tihbat"` or `"modiar"`), with the GIL
    /// released. Raises `ValueError` for Mangala.
    #[staticmethod]
    fn solve(py: Python<'_>, variant: &str) -> PyResult<Table> {
        let v = parse_variant(variant)?;
        if v == Variant::Mangala {
            return Err(PyValueError::new_err("Mangala is too large to solve"));
        }
        Ok(Table(py.detach(|| solve::Table::solve(v))))
    }

    /// Reads a table written by `save` for `variant` with this build of the engine.
    /// Raises `OSError` when the file cannot be read and `ValueError` when it holds
    /// anything else (another variant, another engine, damaged).
    #[staticmethod]
    fn load(py: Python<'_>, variant: &str, path: std::path::PathBuf) -> PyResult<Table> {
        let v = parse_variant(variant)?;
        let bytes = py
            .detach(|| std::fs::read(&path))
            .map_err(|e| PyIOError::new_err(format!("{}: {e}", path.display())))?;
        solve::Table::from_bytes(v, TABLE_VERSION, &bytes)
            .map(Table)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{}: not a current {v} table of this engine",
                    path.display()
                ))
            })
    }

    /// Writes the table to `path`, for `load`.
    fn save(&self, py: Python<'_>, path: std::path::PathBuf) -> PyResult<()> {
        let bytes = self.0.to_bytes(TABLE_VERSION);
        py.detach(|| std::fs::write(&path, bytes))
            .map_err(|e| PyIOError::new_err(format!("{}: {e}", path.display())))
    }

    /// The value of `position` for its side to move, as the first position of its
    /// segment; `None` when the game is over or the position is of another variant.
    fn value(&self, position: &Position) -> Option<i8> {
        self.0.value(&position.0)
    }

    /// The value of the start of a game with `first` to move.
    fn start_value(&self, first: &str) -> PyResult<Option<i8>> {
        Ok(self.0.start_value(parse_side(first)?))
    }

    /// The final score difference (South − North) under perfect play from `position`.
    fn final_difference(&self, position: &Position) -> Option<i16> {
        self.0.final_difference(&position.0)
    }

    /// The pits that keep the value of `position`, in order.
    fn best_moves(&self, position: &Position) -> Vec<u32> {
        pits(self.0.best_moves(&position.0))
    }

    /// How many positions on cycles the solver settled by the search that keeps the
    /// history, where its two bounds differed (RULES.md, "Solved values"; 0 for
    /// Tihbat). Every value is exact either way.
    #[getter]
    fn searched(&self) -> usize {
        self.0.stats().searched
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// The rules of the games seedpost plays (Mangala, Modiar, Tihbat, Kalah, Oware
/// abapa and Togyz kumalak), as it plays them.
#[pymodule(name = "seedpost_rules")]
mod module {
    #[pymodule_export]
    use super::{
        Game, IllegalMoveError, Outcome, Position, Record, RecordError, ReplayError, RulesError,
        SetupError, Table,
    };

    /// The variants, by name.
    #[pymodule_export]
    const VARIANTS: [&str; 6] = ["mangala", "modiar", "tihbat", "kalah", "oware", "togyz"];
}
