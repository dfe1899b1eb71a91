//! The games' JSON shapes, shared by the replay command, the HTTP API and the event
//! streams: `board`, `store`, `result` and the game object are one contract wherever
//! they appear (a stable contract: extend, do not break).

use seedpost_rules::{BySide, Outcome, Pit, Position, Side, Variant};
use serde::{Deserialize, Serialize};

use super::service::LoadedGame;
use crate::domain::{Game, GameStatus, Move};
use crate::wire::{MatchRefJson, time};

/// Each side's pits, from its owner's left (pit 1 first).
#[must_use]
pub fn board(position: &Position) -> BySide<Vec<u8>> {
    BySide::from_fn(|side| position.row(side).to_vec())
}

/// The result of a finished game: `{"score", "points", "winner", "ended_by"}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"score": {"south": 30, "north": 18}, "points": {"south": 1.0, "north": 0.0}, "winner": "south", "ended_by": "empty_row"}))]
pub struct ResultJson {
    /// Final stones per side.
    #[schema(value_type = crate::wire::SidesCount)]
    pub score: BySide<u8>,
    /// 1, 0.5 or 0 per side.
    #[schema(value_type = crate::wire::SidesPoints)]
    pub points: BySide<f64>,
    /// The winner, or null for a draw.
    #[schema(value_type = Option<crate::wire::SideName>)]
    pub winner: Option<Side>,
    /// `empty_row`, `no_moves`, `repetition`, `all_captured` (the rules), or `resign`,
    /// `timeout`, `abort` (the server).
    pub ended_by: String,
}

impl From<Outcome> for ResultJson {
    fn from(outcome: Outcome) -> Self {
        ResultJson {
            score: outcome.score,
            points: outcome.points().map(|p| p.as_f64()),
            winner: outcome.winner,
            ended_by: outcome.ended_by.code().to_owned(),
        }
    }
}

/// One ply in a game's `moves`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"ply": 1, "side": "south", "pit": 3, "at": "2026-11-30T12:00:00.000Z"}))]
pub struct MoveJson {
    /// Its number (from 1).
    pub ply: u32,
    /// Who made it.
    #[schema(value_type = crate::wire::SideName)]
    pub side: Side,
    /// The pit sown; absent for a pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pit: Option<u8>,
    /// Present and true for an automatic pass.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pass: bool,
    /// When.
    pub at: String,
}

impl From<&Move> for MoveJson {
    fn from(m: &Move) -> Self {
        MoveJson {
            ply: m.ply,
            side: m.side,
            pit: m.pit.map(Pit::number),
            pass: m.pit.is_none(),
            at: time(m.at),
        }
    }
}

/// A game: `GET /games/{id}`, and the items of `GET /games` (without `moves`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "variant": "modiar",
    "players": {"south": "ayse", "north": "mehmet"}, "first": "south", "days_per_move": 3,
    "rated": false, "weekend_pause": false, "tournament": null,
    "on_vacation": {"south": false, "north": true},
    "status": "ongoing", "ply": 1, "to_move": "north",
    "board": {"south": [7, 0, 8], "north": [8, 8, 7]}, "store": {"south": 0, "north": 0},
    "legal_moves": [1, 2, 3],
    "moves": [{"ply": 1, "side": "south", "pit": 2, "at": "2026-11-30T12:00:00.000Z"}],
    "deadline": "2026-12-03T12:00:00.000Z", "clock": "stopped", "result": null,
    "match": {"id": "3c1d9e2f-5a4b-4c7d-8e6f-0a1b2c3d4e5f", "number": 2, "of": 5},
    "created_at": "2026-11-30T11:00:00.000Z", "updated_at": "2026-11-30T12:00:00.000Z"
}))]
pub struct GameJson {
    /// Its id.
    pub id: String,
    /// The game played.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// The players' names.
    #[schema(value_type = crate::wire::SidesName)]
    pub players: BySide<String>,
    /// Who moved first.
    #[schema(value_type = crate::wire::SideName)]
    pub first: Side,
    /// Days per move.
    pub days_per_move: u8,
    /// Whether it is rated (moves the players' ratings when it finishes) or casual.
    pub rated: bool,
    /// Whether its clocks stop on Saturdays and Sundays (UTC): weekend time does not
    /// count towards a deadline.
    pub weekend_pause: bool,
    /// The round-robin tournament it belongs to, or null.
    pub tournament: Option<TournamentRefJson>,
    /// Which players are on vacation now: the game's clock stands still meanwhile.
    #[schema(value_type = crate::wire::SidesFlag)]
    pub on_vacation: BySide<bool>,
    /// `ongoing`, `finished` or `aborted`.
    #[schema(value_type = crate::wire::GameStatusName)]
    pub status: GameStatus,
    /// Plies played so far; a move submission carries it.
    pub ply: u32,
    /// The side to move; null once over.
    #[schema(value_type = Option<crate::wire::SideName>)]
    pub to_move: Option<Side>,
    /// Each side's pits from its owner's left.
    #[schema(value_type = crate::wire::SidesBoard)]
    pub board: BySide<Vec<u8>>,
    /// Stores (Mangala) or captures.
    #[schema(value_type = crate::wire::SidesCount)]
    pub store: BySide<u8>,
    /// The pits the side to move may play.
    pub legal_moves: Vec<u8>,
    /// Togyz kumalak only, in a single game's answer: each side's tuzdyk, the pit of
    /// the opponent's row (numbered from the opponent's left) whose sown stones go to
    /// that side's store, or null before it made one (RULES.md §Z5).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::wire::SidesTuzdyk>)]
    pub tuzdyk: Option<BySide<Option<u8>>>,
    /// The plies (only in a single game's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveJson>>,
    /// When the side to move loses on time if the clock runs on; null once over.
    /// While `clock` is `stopped` it is not yet known: it moves later, when the clock
    /// runs again, by the time it stood still.
    pub deadline: Option<String>,
    /// `running`, or `stopped` while a player is on vacation (see `deadline`); null
    /// once over.
    pub clock: Option<Clock>,
    /// The result; null until the game ends.
    pub result: Option<ResultJson>,
    /// The match it is part of (game `number` of `of`), or null for a single game.
    #[serde(rename = "match")]
    pub match_ref: Option<MatchRefJson>,
    /// When it started.
    pub created_at: String,
    /// When it last changed.
    pub updated_at: String,
}

impl GameJson {
    /// The full game with its moves, as the API answers and events carry it.
    #[must_use]
    pub fn full(loaded: &LoadedGame) -> GameJson {
        let mut json = GameJson::summary(loaded.game());
        json.legal_moves = legal(loaded.engine.position());
        json.tuzdyk = tuzdyks(loaded.engine.position());
        json.moves = Some(loaded.stored.moves.iter().map(MoveJson::from).collect());
        json.match_ref = loaded.match_ref.map(MatchRefJson::from);
        json
    }

    /// The game without its moves; legal moves from the cached position.
    #[must_use]
    pub fn summary(game: &Game) -> GameJson {
        let state = &game.state;
        let legal_moves = cached_position(game).map(|p| legal(&p)).unwrap_or_default();
        GameJson {
            id: game.id.to_string(),
            variant: game.variant,
            players: BySide::new(
                game.players.south.username.to_string(),
                game.players.north.username.to_string(),
            ),
            first: game.first,
            days_per_move: game.days_per_move.days(),
            rated: game.terms.rated,
            weekend_pause: game.terms.weekend_pause,
            tournament: game.tournament.as_ref().map(|t| TournamentRefJson {
                id: t.id.to_string(),
                name: t.name.clone(),
            }),
            on_vacation: game.on_vacation,
            status: state.status,
            ply: state.ply,
            to_move: state.to_move,
            board: state.board.clone(),
            store: state.stores,
            legal_moves,
            tuzdyk: None,
            moves: None,
            deadline: state.deadline.map(time),
            clock: Clock::of(game),
            result: state.result.as_ref().map(|r| ResultJson {
                score: r.score,
                points: r.points(state.status),
                winner: r.winner,
                ended_by: r.ending.code().to_owned(),
            }),
            match_ref: None,
            created_at: time(game.created_at),
            updated_at: time(state.updated_at),
        }
    }
}

/// The tournament a game belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": "3c9d5e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Winter cup"}))]
pub struct TournamentRefJson {
    /// Its id (`GET /tournaments/{id}`).
    pub id: String,
    /// Its name.
    pub name: String,
}

/// Whether a game's clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The side to move's time runs towards the deadline.
    Running,
    /// A player is on vacation: the time stands still and the deadline will move.
    Stopped,
}

impl Clock {
    /// The clock of `game`; `None` once it is over.
    #[must_use]
    pub fn of(game: &Game) -> Option<Clock> {
        if game.state.status != GameStatus::Ongoing {
            None
        } else if game.on_vacation.south || game.on_vacation.north {
            Some(Clock::Stopped)
        } else {
            Some(Clock::Running)
        }
    }
}

/// The position of the cached state, when the game is ongoing. At ply 0 it is the
/// start position (whose first move is special in Modiar, §D6).
fn cached_position(game: &Game) -> Option<Position> {
    let state = &game.state;
    let to_move = state
        .to_move
        .filter(|_| state.status == GameStatus::Ongoing)?;
    if state.ply == 0 {
        return Some(Position::start(game.variant, game.first));
    }
    Position::from_parts(
        game.variant,
        &state.board.south,
        &state.board.north,
        state.stores,
        to_move,
    )
    .ok()
}

/// Each side's tuzdyk in a Togyz kumalak position; `None` in the other games.
#[must_use]
pub fn tuzdyks(position: &Position) -> Option<BySide<Option<u8>>> {
    (position.variant() == Variant::Togyz)
        .then(|| BySide::from_fn(|side| position.tuzdyk(side).map(Pit::number)))
}

fn legal(position: &Position) -> Vec<u8> {
    position.legal_moves().map(Pit::number).collect()
}
