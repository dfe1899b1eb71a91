//! The games' lines of `seedpost export` and `seedpost import`: each game (with its
//! moves, cached state and result), each player's conditional lines in force and the
//! plies the server played from them, and each player's notes on games. Exports from
//! before a kind existed simply have no such lines.
//!
//! The import replays every game through the engine (RULES.md) and compares its
//! cached board, stores, ply, side to move and result with the replay.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Pit, Ply, Side, Variant};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::domain::{AccountId, ChallengeId, DaysPerMove, Ending, GameId, GameStatus, Terms};
use crate::store::carried::{LinesRecord, NoteRecord, PlayedRecord};
use crate::store::ops::DataSet;
use crate::store::{Game, GameResult, GameState, GameWithMoves, Move};
use crate::transfer::{Counts, Known, KnownGame, Lines, ReadError, Stored};

/// Everything the games carry, and what their import has read.
#[derive(Debug, Default)]
pub struct Games {
    /// Every game with its moves and cached state.
    pub games: Vec<GameWithMoves>,
    /// The ply at which each game's player to move was last told that time is
    /// running out, for the games told at all, by game.
    pub reminded: Vec<(GameId, u32)>,
    /// Every player's conditional lines in force.
    pub conditional_lines: Vec<LinesRecord>,
    /// Every ply the server played from a player's lines.
    pub conditional_plies: Vec<PlayedRecord>,
    /// Every player's notes on games.
    pub notes: Vec<NoteRecord>,
    /// Each game's place in `games`.
    index: HashMap<Uuid, usize>,
    /// The (game, account) of each note read.
    noted: HashSet<(Uuid, Uuid)>,
}

/// A line of the games.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A game with its moves.
    Game(GameLine),
    /// A player's conditional lines in a game.
    Conditional(ConditionalLine),
    /// A ply played from a player's lines.
    ConditionalPly(ConditionalPlyLine),
    /// A player's note on a game.
    Note(NoteLine),
}

/// A game's result.
#[derive(Debug, Serialize, Deserialize)]
pub struct ResultLine {
    score: BySide<u8>,
    winner: Option<Side>,
    ended_by: String,
}

/// A move of a game.
#[derive(Debug, Serialize, Deserialize)]
pub struct MoveLine {
    ply: u32,
    side: Side,
    pit: Option<u8>,
    at: DateTime<Utc>,
}

/// A game, with its moves, cached state and result.
#[derive(Debug, Serialize, Deserialize)]
pub struct GameLine {
    id: Uuid,
    variant: Variant,
    south_id: Uuid,
    north_id: Uuid,
    first: Side,
    days_per_move: u8,
    challenge_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    /// Absent (casual) in exports from before ratings.
    #[serde(default)]
    rated: bool,
    /// Absent (no pause) in exports from before weekend pauses.
    #[serde(default)]
    weekend_pause: bool,
    status: String,
    ply: u32,
    to_move: Option<Side>,
    board: BySide<Vec<u8>>,
    stores: BySide<u8>,
    deadline: Option<DateTime<Utc>>,
    /// The ply at which the player to move was last told that time is running out;
    /// absent (never told) in exports from before reminders.
    #[serde(default)]
    reminded_ply: Option<u32>,
    result: Option<ResultLine>,
    updated_at: DateTime<Utc>,
    moves: Vec<MoveLine>,
}

/// A player's conditional lines in force in one game, as `PUT
/// /games/{id}/conditional` takes them. Exports from before them have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct ConditionalLine {
    game_id: Uuid,
    account_id: Uuid,
    ply: u32,
    lines: Vec<Vec<u8>>,
    updated_at: DateTime<Utc>,
}

/// A ply the server played from a player's lines.
#[derive(Debug, Serialize, Deserialize)]
pub struct ConditionalPlyLine {
    game_id: Uuid,
    ply: u32,
    account_id: Uuid,
}

/// A player's note on a game. Exports from before notes have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct NoteLine {
    game_id: Uuid,
    account_id: Uuid,
    text: String,
    updated_at: DateTime<Utc>,
}

impl Lines for Games {
    type Line = Line;

    const KINDS: &'static [&'static str] = &["game", "conditional", "conditional_ply", "note"];

    const EXPORTED: &'static [&'static str] = &[
        "games",
        "moves",
        "conditional_lines",
        "conditional_plies",
        "game_notes",
    ];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[];

    fn lines(&self) -> Vec<Line> {
        let reminded: HashMap<_, _> = self.reminded.iter().copied().collect();
        let mut lines: Vec<Line> = self
            .games
            .iter()
            .map(|g| game_line(g, reminded.get(&g.game.id).copied()))
            .collect();
        lines.extend(self.conditional_lines.iter().map(|l| {
            let parsed = super::conditional::parse_lines(&l.lines).unwrap_or_default();
            Line::Conditional(ConditionalLine {
                game_id: l.game.0,
                account_id: l.account.0,
                ply: u32::try_from(l.ply).unwrap_or_default(),
                lines: parsed
                    .iter()
                    .map(|line| line.iter().map(|p| p.number()).collect())
                    .collect(),
                updated_at: l.updated_at,
            })
        }));
        lines.extend(self.conditional_plies.iter().map(|p| {
            Line::ConditionalPly(ConditionalPlyLine {
                game_id: p.game.0,
                ply: u32::try_from(p.ply).unwrap_or_default(),
                account_id: p.account.0,
            })
        }));
        lines.extend(self.notes.iter().map(|n| {
            Line::Note(NoteLine {
                game_id: n.game.0,
                account_id: n.account.0,
                text: n.text.clone(),
                updated_at: n.updated_at,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Game(g) => self.game(g, known),
            Line::Conditional(l) => self.conditional(l),
            Line::ConditionalPly(p) => self.conditional_ply(p),
            Line::Note(n) => self.note(n, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.games += self.games.len();
        counts.moves += self.games.iter().map(|g| g.moves.len()).sum::<usize>();
    }
}

impl Stored for Games {
    fn from_set(set: &mut DataSet) -> Games {
        Games {
            games: std::mem::take(&mut set.games),
            reminded: std::mem::take(&mut set.reminded),
            conditional_lines: std::mem::take(&mut set.carried.conditional_lines),
            conditional_plies: std::mem::take(&mut set.carried.conditional_plies),
            notes: std::mem::take(&mut set.carried.notes),
            ..Games::default()
        }
    }

    fn into_set(self, set: &mut DataSet) {
        set.games = self.games;
        set.reminded = self.reminded;
        set.carried.conditional_lines = self.conditional_lines;
        set.carried.conditional_plies = self.conditional_plies;
        set.carried.notes = self.notes;
    }
}

fn game_line(g: &GameWithMoves, reminded_ply: Option<u32>) -> Line {
    let game = &g.game;
    let state = &game.state;
    Line::Game(GameLine {
        id: game.id.0,
        variant: game.variant,
        south_id: game.players.south.id.0,
        north_id: game.players.north.id.0,
        first: game.first,
        days_per_move: game.days_per_move.days(),
        challenge_id: game.challenge_id.map(|c| c.0),
        created_at: game.created_at,
        rated: game.terms.rated,
        weekend_pause: game.terms.weekend_pause,
        status: state.status.as_str().to_owned(),
        ply: state.ply,
        to_move: state.to_move,
        board: state.board.clone(),
        stores: state.stores,
        deadline: state.deadline,
        reminded_ply,
        result: state.result.map(|r| ResultLine {
            score: r.score,
            winner: r.winner,
            ended_by: r.ending.code().to_owned(),
        }),
        updated_at: state.updated_at,
        moves: g
            .moves
            .iter()
            .map(|m| MoveLine {
                ply: m.ply,
                side: m.side,
                pit: m.pit.map(Pit::number),
                at: m.at,
            })
            .collect(),
    })
}

/// The plies of `moves`, as the engine replays them.
fn plies(moves: &[Move]) -> Vec<Ply> {
    moves
        .iter()
        .map(|m| match m.pit {
            Some(pit) => Ply::Sow { side: m.side, pit },
            None => Ply::Pass { side: m.side },
        })
        .collect()
}

/// The result and moves of a game line, parsed (`what` names the game).
fn parse_play(g: &GameLine, what: &str) -> Result<(Option<GameResult>, Vec<Move>), ReadError> {
    let result = g
        .result
        .as_ref()
        .map(|r| {
            Ok::<_, ReadError>(GameResult {
                score: r.score,
                winner: r.winner,
                ending: Ending::parse(&r.ended_by).ok_or_else(|| {
                    ReadError::refused(what, format!("bad ended_by {:?}", r.ended_by))
                })?,
            })
        })
        .transpose()?;
    let moves = g
        .moves
        .iter()
        .map(|m| {
            let pit = m
                .pit
                .map(|n| {
                    Pit::new(n).ok_or_else(|| {
                        ReadError::refused(what, format!("ply {}: bad pit {n}", m.ply))
                    })
                })
                .transpose()?;
            Ok(Move {
                ply: m.ply,
                side: m.side,
                pit,
                at: m.at,
            })
        })
        .collect::<Result<Vec<_>, ReadError>>()?;
    Ok((result, moves))
}

impl Games {
    fn game(&mut self, g: GameLine, known: &mut Known) -> Result<(), ReadError> {
        let what = format!("game {}", g.id);
        let south = known.player(g.south_id, &format!("{what}: South"))?;
        let north = known.player(g.north_id, &format!("{what}: North"))?;
        if let Some(challenge) = g.challenge_id {
            match known.challenge_game(challenge) {
                Some(Some(game)) if game == g.id => {}
                Some(_) => {
                    let why = format!("challenge {challenge} did not start this game");
                    return Err(ReadError::refused(&what, why));
                }
                None => {
                    let why = format!("challenge {challenge} is not on an earlier line");
                    return Err(ReadError::refused(&what, why));
                }
            }
        }
        let days_per_move = DaysPerMove::new(i64::from(g.days_per_move))
            .map_err(|e| ReadError::refused(&what, e))?;
        let status = GameStatus::parse(&g.status)
            .ok_or_else(|| ReadError::refused(&what, format!("bad status {:?}", g.status)))?;
        let (result, moves) = parse_play(&g, &what)?;
        let game = Game {
            id: GameId(g.id),
            variant: g.variant,
            players: BySide::new(south, north),
            first: g.first,
            days_per_move,
            terms: Terms {
                rated: g.rated,
                weekend_pause: g.weekend_pause,
            },
            on_vacation: BySide::default(),
            plan_rev: 0,
            challenge_id: g.challenge_id.map(ChallengeId),
            // Its tournament's line comes later and links it.
            tournament: None,
            created_at: g.created_at,
            state: GameState {
                status,
                ply: g.ply,
                to_move: g.to_move,
                board: g.board,
                stores: g.stores,
                deadline: g.deadline,
                result,
                updated_at: g.updated_at,
            },
        };
        let stored = GameWithMoves { game, moves };
        check_game(&stored).map_err(|why| ReadError::Replay { game: g.id, why })?;
        if let Some(ply) = g.reminded_ply {
            if ply > g.ply {
                let why = format!("reminded at ply {ply}, beyond its ply {}", g.ply);
                return Err(ReadError::refused(&what, why));
            }
            self.reminded.push((GameId(g.id), ply));
        }
        let seen = KnownGame {
            line: known.line(),
            challenge: g.challenge_id,
            players: BySide::new(g.south_id, g.north_id),
            rated: g.rated,
            status,
        };
        if !known.add_game(g.id, seen) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.index.insert(g.id, self.games.len());
        self.games.push(stored);
        Ok(())
    }

    /// The game of a line on `game_id`, and the side `account_id` plays in it.
    fn game_played(
        &self,
        game_id: Uuid,
        account_id: Uuid,
        what: &str,
    ) -> Result<(&GameWithMoves, Side), ReadError> {
        let game = self
            .index
            .get(&game_id)
            .and_then(|i| self.games.get(*i))
            .ok_or_else(|| ReadError::refused(what, "the game is not on an earlier line"))?;
        let side = super::service::side_of(&game.game, AccountId(account_id))
            .ok_or_else(|| ReadError::refused(what, "the account does not play the game"))?;
        Ok((game, side))
    }

    fn conditional(&mut self, l: ConditionalLine) -> Result<(), ReadError> {
        let what = format!(
            "the conditional lines of account {} in game {}",
            l.account_id, l.game_id
        );
        let (game, side) = self.game_played(l.game_id, l.account_id, &what)?;
        let state = &game.game.state;
        if state.status != GameStatus::Ongoing
            || state.ply != l.ply
            || state.to_move != Some(side.opposite())
        {
            let why = format!(
                "the game is not ongoing at ply {} with the opponent to move",
                l.ply
            );
            return Err(ReadError::refused(&what, why));
        }
        // Checked as the API checks them, from the game's position.
        let engine =
            seedpost_rules::Game::replay(game.game.variant, game.game.first, &plies(&game.moves))
                .map_err(|e| ReadError::refused(&what, format!("the game does not replay: {e}")))?;
        let offered: Vec<Vec<i64>> = l
            .lines
            .iter()
            .map(|line| line.iter().map(|&n| i64::from(n)).collect())
            .collect();
        let lines = super::conditional::check_lines(&engine, side, &offered)
            .map_err(|e| ReadError::refused(&what, e))?;
        if lines.is_empty() || lines.len() != offered.len() {
            return Err(ReadError::refused(&what, "none, or some twice"));
        }
        let list = &mut self.conditional_lines;
        if list
            .iter()
            .any(|x| x.game.0 == l.game_id && x.account.0 == l.account_id)
        {
            return Err(ReadError::Twice(format!("{what} appear")));
        }
        list.push(LinesRecord {
            game: GameId(l.game_id),
            account: AccountId(l.account_id),
            ply: i32::try_from(l.ply)
                .map_err(|_| ReadError::refused(&what, format!("ply {}", l.ply)))?,
            lines: super::conditional::lines_text(&lines),
            updated_at: l.updated_at,
        });
        Ok(())
    }

    fn conditional_ply(&mut self, p: ConditionalPlyLine) -> Result<(), ReadError> {
        let what = format!(
            "ply {} of game {} played from the lines of account {}",
            p.ply, p.game_id, p.account_id
        );
        let (game, side) = self.game_played(p.game_id, p.account_id, &what)?;
        let played = usize::try_from(p.ply)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| game.moves.get(i));
        if !played.is_some_and(|m| m.side == side && m.pit.is_some()) {
            return Err(ReadError::refused(
                &what,
                "no such ply of the account's side",
            ));
        }
        let list = &mut self.conditional_plies;
        if list
            .iter()
            .any(|x| x.game.0 == p.game_id && i64::from(x.ply) == i64::from(p.ply))
        {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        list.push(PlayedRecord {
            game: GameId(p.game_id),
            ply: i32::try_from(p.ply)
                .map_err(|_| ReadError::refused(&what, format!("ply {}", p.ply)))?,
            account: AccountId(p.account_id),
        });
        Ok(())
    }

    fn note(&mut self, n: NoteLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the note of account {} on game {}", n.account_id, n.game_id);
        known.player(n.account_id, &format!("{what}: its account"))?;
        known.plays(n.game_id, n.account_id, &what)?;
        let text = super::notes::parse_note(&n.text).map_err(|e| ReadError::refused(&what, e))?;
        if text != n.text || text.is_empty() {
            return Err(ReadError::refused(
                &what,
                "its text is not as the API keeps notes",
            ));
        }
        if !self.noted.insert((n.game_id, n.account_id)) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.notes.push(NoteRecord {
            game: GameId(n.game_id),
            account: AccountId(n.account_id),
            text,
            updated_at: n.updated_at,
        });
        Ok(())
    }
}

/// Replays a game's moves through the engine and compares its cached state with the
/// replay: the move list is the truth (STYLE rule 7), and a state that disagrees
/// with it is refused rather than carried over.
///
/// # Errors
/// What disagrees, in words.
pub fn check_game(stored: &GameWithMoves) -> Result<(), String> {
    let game = &stored.game;
    let state = &game.state;
    if game.players.south.id == game.players.north.id {
        return Err("both sides are the same account".to_owned());
    }
    if let Some(m) = stored.moves.iter().zip(1..).find(|(m, n)| m.ply != *n) {
        return Err(format!(
            "the moves are not numbered 1, 2, 3…: ply {} found",
            m.0.ply
        ));
    }
    let engine = seedpost_rules::Game::replay(game.variant, game.first, &plies(&stored.moves))
        .map_err(|e| format!("the moves do not replay: {e}"))?;
    let position = engine.position();
    let ply = u32::try_from(engine.ply()).unwrap_or(u32::MAX);
    if state.ply != ply {
        return Err(format!(
            "the stored ply {} is not the {ply} moves' count",
            state.ply
        ));
    }
    let board = super::json::board(position);
    if state.board != board {
        return Err(format!(
            "the stored board {:?} is not the replay's {:?}",
            state.board, board
        ));
    }
    if state.stores != position.stores() {
        return Err(format!(
            "the stored stores {:?} are not the replay's {:?}",
            state.stores,
            position.stores()
        ));
    }
    check_outcome(state, &engine)
}

/// Compares a game's stored status, result and side to move with where its replay
/// stands.
fn check_outcome(state: &GameState, engine: &seedpost_rules::Game) -> Result<(), String> {
    let position = engine.position();
    let ended = |to_move: Option<Side>, deadline: Option<DateTime<Utc>>| {
        if to_move.is_some() || deadline.is_some() {
            Err("an ended game has a side to move or a deadline".to_owned())
        } else {
            Ok(())
        }
    };
    match (engine.outcome(), state.status, state.result) {
        (Some(outcome), GameStatus::Finished, Some(result)) => {
            let expected = GameResult {
                score: outcome.score,
                winner: outcome.winner,
                ending: Ending::Rules(outcome.ended_by),
            };
            if result != expected {
                return Err(format!(
                    "the stored result {result:?} is not the replay's {expected:?}"
                ));
            }
            ended(state.to_move, state.deadline)
        }
        (Some(outcome), status, _) => Err(format!(
            "the moves end the game ({}) but it is stored as {} without that result",
            outcome.ended_by.code(),
            status.as_str()
        )),
        (None, GameStatus::Ongoing, None) => {
            if state.to_move != position.to_move() {
                return Err(format!(
                    "the stored side to move {:?} is not the replay's {:?}",
                    state.to_move,
                    position.to_move()
                ));
            }
            if state.deadline.is_none() {
                return Err("an ongoing game has no deadline".to_owned());
            }
            Ok(())
        }
        (None, status, Some(result)) => {
            let fits = match result.ending {
                Ending::Resign | Ending::Timeout => {
                    status == GameStatus::Finished && result.winner.is_some()
                }
                Ending::Abort => status == GameStatus::Aborted && result.winner.is_none(),
                Ending::Rules(e) => {
                    return Err(format!(
                        "the stored ending {} is not what the moves lead to (the game goes on)",
                        e.code()
                    ));
                }
            };
            if !fits || result.score != state.stores {
                return Err(format!(
                    "the stored result {result:?} does not fit a game {} by {}",
                    status.as_str(),
                    result.ending.code()
                ));
            }
            ended(state.to_move, state.deadline)
        }
        (None, status, None) => Err(format!("a {} game has no result", status.as_str())),
    }
}
