//! The JSON shapes shared by the replay command, the HTTP API and the event streams:
//! `board`, `store`, `result`, and the game and challenge objects are one contract
//! wherever they appear (a stable contract: extend, do not break). They sit below the
//! service, which stores them in events, and the API serves them as they are.

use chrono::{DateTime, SecondsFormat, Utc};
use seedpost_rules::{BySide, Outcome, Pit, Position, Side, Variant};
use serde::{Deserialize, Serialize};

use crate::domain::GameStatus;
use crate::store::{Challenge, Game, GameResult, GameWithMoves, Move};

/// Times as RFC 3339 in UTC, to the millisecond.
#[must_use]
pub fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Points a stored result gives each side: none for an abort.
#[must_use]
pub fn points(status: GameStatus, result: &GameResult) -> BySide<f64> {
    if status == GameStatus::Aborted {
        return BySide::new(0.0, 0.0);
    }
    seedpost_rules::Points::for_winner(result.winner).map(seedpost_rules::Points::as_f64)
}

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
    #[schema(value_type = crate::http::api::openapi::SidesCount)]
    pub score: BySide<u8>,
    /// 1, 0.5 or 0 per side.
    #[schema(value_type = crate::http::api::openapi::SidesPoints)]
    pub points: BySide<f64>,
    /// The winner, or null for a draw.
    #[schema(value_type = Option<crate::http::api::openapi::SideName>)]
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

/// A challenge.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet",
    "variant": "modiar", "days_per_move": 3, "first": "random", "rated": true,
    "weekend_pause": false, "status": "open",
    "game_id": null, "created_at": "2026-11-30T12:00:00.000Z"
}))]
pub struct ChallengeJson {
    /// Its id.
    pub id: String,
    /// Who made it.
    pub challenger: String,
    /// Whom it names, or null when open to anyone.
    pub opponent: Option<String>,
    /// The game.
    #[schema(value_type = crate::http::api::openapi::VariantName)]
    pub variant: Variant,
    /// Days per move.
    pub days_per_move: u8,
    /// `random`, `challenger` or `opponent`.
    #[schema(value_type = String)]
    pub first: &'static str,
    /// Whether its game is rated (moves the players' ratings) or casual.
    pub rated: bool,
    /// Whether its game's clocks stop on Saturdays and Sundays (UTC).
    pub weekend_pause: bool,
    /// `open`, `accepted`, `declined` or `canceled`.
    #[schema(value_type = String)]
    pub status: &'static str,
    /// The game it started.
    pub game_id: Option<String>,
    /// When it was made.
    pub created_at: String,
}

impl From<&Challenge> for ChallengeJson {
    fn from(c: &Challenge) -> Self {
        ChallengeJson {
            id: c.id.to_string(),
            challenger: c.challenger.username.to_string(),
            opponent: c.opponent.as_ref().map(|o| o.username.to_string()),
            variant: c.variant,
            days_per_move: c.days_per_move.days(),
            first: c.first.as_str(),
            rated: c.terms.rated,
            weekend_pause: c.terms.weekend_pause,
            status: c.status.as_str(),
            game_id: c.game_id.map(|g| g.to_string()),
            created_at: time(c.created_at),
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
    #[schema(value_type = crate::http::api::openapi::SideName)]
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
    "deadline": "2026-12-03T12:00:00.000Z", "result": null,
    "created_at": "2026-11-30T11:00:00.000Z", "updated_at": "2026-11-30T12:00:00.000Z"
}))]
pub struct GameJson {
    /// Its id.
    pub id: String,
    /// The game played.
    #[schema(value_type = crate::http::api::openapi::VariantName)]
    pub variant: Variant,
    /// The players' names.
    #[schema(value_type = crate::http::api::openapi::SidesName)]
    pub players: BySide<String>,
    /// Who moved first.
    #[schema(value_type = crate::http::api::openapi::SideName)]
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
    #[schema(value_type = crate::http::api::openapi::SidesFlag)]
    pub on_vacation: BySide<bool>,
    /// `ongoing`, `finished` or `aborted`.
    #[schema(value_type = crate::http::api::openapi::GameStatusName)]
    pub status: GameStatus,
    /// Plies played so far; a move submission carries it.
    pub ply: u32,
    /// The side to move; null once over.
    #[schema(value_type = Option<crate::http::api::openapi::SideName>)]
    pub to_move: Option<Side>,
    /// Each side's pits from its owner's left.
    #[schema(value_type = crate::http::api::openapi::SidesBoard)]
    pub board: BySide<Vec<u8>>,
    /// Stores (Mangala) or captures.
    #[schema(value_type = crate::http::api::openapi::SidesCount)]
    pub store: BySide<u8>,
    /// The pits the side to move may play.
    pub legal_moves: Vec<u8>,
    /// The plies (only in a single game's answer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<MoveJson>>,
    /// When the side to move loses on time; null once over.
    pub deadline: Option<String>,
    /// The result; null until the game ends.
    pub result: Option<ResultJson>,
    /// When it started.
    pub created_at: String,
    /// When it last changed.
    pub updated_at: String,
}

impl GameJson {
    /// The full game with its moves; `position` is the replay of the moves (the
    /// service's `GameJson::full` takes both from a loaded game).
    #[must_use]
    pub fn with_moves(stored: &GameWithMoves, position: &Position) -> GameJson {
        let mut json = GameJson::summary(&stored.game);
        json.legal_moves = legal(position);
        json.moves = Some(stored.moves.iter().map(MoveJson::from).collect());
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
            moves: None,
            deadline: state.deadline.map(time),
            result: state.result.as_ref().map(|r| ResultJson {
                score: r.score,
                points: points(state.status, r),
                winner: r.winner,
                ended_by: r.ending.code().to_owned(),
            }),
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

fn legal(position: &Position) -> Vec<u8> {
    position.legal_moves().map(Pit::number).collect()
}
