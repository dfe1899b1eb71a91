//! The API's JSON shapes (a stable contract: extend, do not break).

use chrono::{DateTime, SecondsFormat, Utc};
use seedpost_rules::{BySide, Pit, Position, Side, Variant};
use serde::Serialize;

use crate::domain::GameStatus;
use crate::service::LoadedGame;
use crate::store::{Account, Challenge, Game, Move, Standing, Token};
use crate::wire::ResultJson;

/// Times as RFC 3339 in UTC, to the millisecond.
fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// `GET /me`, and the account in a sign-up answer.
#[derive(Debug, Serialize)]
pub struct AccountJson {
    /// The name.
    pub username: String,
    /// Whether a program plays.
    pub bot: bool,
    /// When it was made.
    pub created_at: String,
}

impl From<&Account> for AccountJson {
    fn from(a: &Account) -> Self {
        AccountJson {
            username: a.username.to_string(),
            bot: a.bot,
            created_at: time(a.created_at),
        }
    }
}

/// A token as listed (no secret).
#[derive(Debug, Serialize)]
pub struct TokenJson {
    /// Its id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// When it was made.
    pub created_at: String,
    /// When it was last used.
    pub last_used_at: Option<String>,
}

impl From<&Token> for TokenJson {
    fn from(t: &Token) -> Self {
        TokenJson {
            id: t.id.to_string(),
            label: t.label.clone(),
            created_at: time(t.created_at),
            last_used_at: t.last_used_at.map(time),
        }
    }
}

/// A variant's board.
#[derive(Debug, Serialize)]
pub struct VariantJson {
    /// `mangala`, `modiar` or `tihbat`.
    pub name: Variant,
    /// Pits in each row.
    pub pits_per_row: usize,
    /// Stones in each pit at the start.
    pub stones_per_pit: u8,
    /// Whether the board has stores.
    pub stores: bool,
    /// All the stones.
    pub total_stones: u8,
}

impl From<Variant> for VariantJson {
    fn from(v: Variant) -> Self {
        VariantJson {
            name: v,
            pits_per_row: v.pits_per_row(),
            stones_per_pit: v.stones_per_pit(),
            stores: v.has_stores(),
            total_stones: v.total_stones(),
        }
    }
}

/// A challenge.
#[derive(Debug, Serialize)]
pub struct ChallengeJson {
    /// Its id.
    pub id: String,
    /// Who made it.
    pub challenger: String,
    /// Whom it names, or null when open to anyone.
    pub opponent: Option<String>,
    /// The game.
    pub variant: Variant,
    /// Days per move.
    pub days_per_move: u8,
    /// `random`, `challenger` or `opponent`.
    pub first: &'static str,
    /// `open`, `accepted`, `declined` or `canceled`.
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
            status: c.status.as_str(),
            game_id: c.game_id.map(|g| g.to_string()),
            created_at: time(c.created_at),
        }
    }
}

/// One ply in a game's `moves`.
#[derive(Debug, Serialize)]
pub struct MoveJson {
    /// Its number (from 1).
    pub ply: u32,
    /// Who made it.
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
#[derive(Debug, Serialize)]
pub struct GameJson {
    /// Its id.
    pub id: String,
    /// The game played.
    pub variant: Variant,
    /// The players' names.
    pub players: BySide<String>,
    /// Who moved first.
    pub first: Side,
    /// Days per move.
    pub days_per_move: u8,
    /// `ongoing`, `finished` or `aborted`.
    pub status: GameStatus,
    /// Plies played so far; a move submission carries it.
    pub ply: u32,
    /// The side to move; null once over.
    pub to_move: Option<Side>,
    /// Each side's pits from its owner's left.
    pub board: BySide<Vec<u8>>,
    /// Stores (Mangala) or captures.
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
    /// The full game with its moves.
    #[must_use]
    pub fn full(loaded: &LoadedGame) -> GameJson {
        let mut json = GameJson::summary(loaded.game());
        json.legal_moves = legal(loaded.engine.position());
        json.moves = Some(loaded.stored.moves.iter().map(MoveJson::from).collect());
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
                points: crate::service::points(state.status, r),
                winner: r.winner,
                ended_by: r.ending.code().to_owned(),
            }),
            created_at: time(game.created_at),
            updated_at: time(state.updated_at),
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

fn legal(position: &Position) -> Vec<u8> {
    position.legal_moves().map(Pit::number).collect()
}

/// A line of the standings.
#[derive(Debug, Serialize)]
pub struct StandingJson {
    /// The player.
    pub username: String,
    /// Finished games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points: 1 a win, ½ a draw.
    pub points: f64,
}

impl From<&Standing> for StandingJson {
    fn from(s: &Standing) -> Self {
        StandingJson {
            username: s.username.to_string(),
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            points: f64::from(s.half_points) / 2.0,
        }
    }
}
