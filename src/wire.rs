//! The JSON shapes shared by the replay command, the HTTP API and the event streams:
//! `board`, `store`, `result`, and the game and challenge objects are one contract
//! wherever they appear (a stable contract: extend, do not break). They sit below the
//! service, which stores them in events, and the API serves them as they are.

use chrono::{DateTime, SecondsFormat, Utc};
use seedpost_rules::{BySide, Outcome, Pit, Position, Side, Variant};
use serde::{Deserialize, Serialize};

use crate::domain::{
    Challenge, DeclineReason, Game, GameResult, GameStatus, GameWithMoves, MatchStatus, Move,
};
use crate::store::matches::{Match, MatchRef};

mod schema;

pub use schema::{
    DeclineReasonName, GameStatusName, ScopeName, SideName, SidesBoard, SidesCount, SidesFlag,
    SidesName, SidesPoints, TournamentStatusName, VariantName,
};

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

/// A challenge.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet",
    "variant": "modiar", "days_per_move": 3, "first": "random", "rated": true,
    "weekend_pause": false, "games": 5, "schedule": "sequential", "stop_when_decided": true,
    "status": "open", "decline_reason": null, "game_id": null,
    "created_at": "2026-11-30T12:00:00.000Z"
}))]
pub struct ChallengeJson {
    /// Its id.
    pub id: String,
    /// Who made it.
    pub challenger: String,
    /// Whom it names, or null when open to anyone.
    pub opponent: Option<String>,
    /// The game.
    #[schema(value_type = crate::wire::VariantName)]
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
    /// The number of games: 1 is a single game, 2 to 9 a match.
    pub games: u8,
    /// How a match's games are played: `sequential` (one after another) or
    /// `parallel` (all at once).
    #[schema(value_type = String)]
    pub schedule: &'static str,
    /// Whether a match ends as soon as one player's points cannot be caught.
    pub stop_when_decided: bool,
    /// `open`, `accepted`, `declined` or `canceled`.
    #[schema(value_type = String)]
    pub status: &'static str,
    /// Why it was declined (set exactly when `status` is `declined`): the reason the
    /// player it names gave, or the one their challenge filters found.
    #[schema(value_type = Option<DeclineReasonName>)]
    pub decline_reason: Option<&'static str>,
    /// The game it started (game 1 of a match).
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
            games: c.match_terms.games(),
            schedule: c.match_terms.schedule.as_str(),
            stop_when_decided: c.match_terms.stop_when_decided,
            status: c.status.as_str(),
            decline_reason: c.decline_reason.map(DeclineReason::as_str),
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
            clock: Clock::of(game),
            result: state.result.as_ref().map(|r| ResultJson {
                score: r.score,
                points: points(state.status, r),
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

fn legal(position: &Position) -> Vec<u8> {
    position.legal_moves().map(Pit::number).collect()
}

/// Where a game stands in its match: `{"id", "number", "of"}`.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"id": "3c1d9e2f-5a4b-4c7d-8e6f-0a1b2c3d4e5f", "number": 2, "of": 5}))]
pub struct MatchRefJson {
    /// The match's id.
    #[schema(value_type = String)]
    pub id: crate::domain::MatchId,
    /// The game's number in the match, from 1.
    pub number: u8,
    /// The number of games of the match.
    pub of: u8,
}

impl From<MatchRef> for MatchRefJson {
    fn from(m: MatchRef) -> Self {
        MatchRefJson {
            id: m.id,
            number: m.number,
            of: m.of,
        }
    }
}

/// The score of a match so far: each side's half points, and how many of its games
/// are over or still going. Aborted games are over and score nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Half points per side: a win 2, a draw 1.
    pub half_points: BySide<u32>,
    /// Games created so far.
    pub made: u8,
    /// Games still going.
    pub going: u8,
}

impl Tally {
    /// The tally of a match's games as they stand.
    #[must_use]
    pub fn of(games: &[Game]) -> Tally {
        let mut tally = Tally::default();
        for game in games {
            tally.add(game.state.status, game.state.result.and_then(|r| r.winner));
        }
        tally
    }

    /// Counts one more game: ongoing, finished with `winner` (`None`: a draw), or
    /// aborted (no points).
    pub fn add(&mut self, status: GameStatus, winner: Option<Side>) {
        self.made = self.made.saturating_add(1);
        match status {
            GameStatus::Ongoing => self.going += 1,
            GameStatus::Aborted => {}
            GameStatus::Finished => {
                for side in Side::ALL {
                    *self.half_points.get_mut(side) += match winner {
                        Some(w) if w == side => 2,
                        Some(_) => 0,
                        None => 1,
                    };
                }
            }
        }
    }

    /// Games over (finished or aborted).
    #[must_use]
    pub fn over(&self) -> u8 {
        self.made - self.going
    }

    /// Whether the match of `of` games is decided: one side's points exceed what the
    /// other can still reach with every game not yet over.
    #[must_use]
    pub fn decided(&self, of: u8) -> bool {
        let left = 2 * u32::from(of.saturating_sub(self.over()));
        let BySide { south, north } = self.half_points;
        south > north + left || north > south + left
    }

    /// The leader by points, or `None` when level.
    #[must_use]
    pub fn leader(&self) -> Option<Side> {
        let BySide { south, north } = self.half_points;
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// One game of a match in its `match_games`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"number": 1, "game_id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "first": "south", "status": "finished", "points": {"south": 1.0, "north": 0.0}}))]
pub struct MatchGameJson {
    /// Its number in the match, from 1.
    pub number: u8,
    /// The game's id.
    pub game_id: String,
    /// Who moves first in it.
    #[schema(value_type = crate::wire::SideName)]
    pub first: Side,
    /// `ongoing`, `finished` or `aborted`.
    #[schema(value_type = crate::wire::GameStatusName)]
    pub status: GameStatus,
    /// The points it gave each side (1, 0.5, 0; none for an abort); null while it goes on.
    #[schema(value_type = Option<crate::wire::SidesPoints>)]
    pub points: Option<BySide<f64>>,
}

/// A match: `GET /matches/{id}`, the items of `GET /matches`, and the body of a
/// `match_finish` event.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "3c1d9e2f-5a4b-4c7d-8e6f-0a1b2c3d4e5f",
    "challenge_id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "variant": "mangala",
    "players": {"south": "ayse", "north": "mehmet"}, "days_per_move": 3, "rated": false,
    "weekend_pause": false, "games": 5, "schedule": "sequential", "stop_when_decided": true,
    "first": "south", "status": "ongoing", "score": {"south": 1.5, "north": 0.5},
    "decided": false, "winner": null,
    "match_games": [
        {"number": 1, "game_id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "first": "south", "status": "finished", "points": {"south": 1.0, "north": 0.0}},
        {"number": 2, "game_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "first": "north", "status": "finished", "points": {"south": 0.5, "north": 0.5}},
        {"number": 3, "game_id": "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b", "first": "south", "status": "ongoing", "points": null}
    ],
    "created_at": "2026-11-30T12:00:00.000Z", "finished_at": null
}))]
pub struct MatchJson {
    /// Its id.
    pub id: String,
    /// The challenge that started it.
    pub challenge_id: String,
    /// The game played.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// The players' names; each keeps its side in every game.
    #[schema(value_type = crate::wire::SidesName)]
    pub players: BySide<String>,
    /// Days per move.
    pub days_per_move: u8,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether its games' clocks stop on Saturdays and Sundays (UTC).
    pub weekend_pause: bool,
    /// The number of games, 2 to 9.
    pub games: u8,
    /// `sequential` (one game after another) or `parallel` (all at once).
    #[schema(value_type = String)]
    pub schedule: &'static str,
    /// Whether it ends as soon as one player's points cannot be caught (a parallel
    /// match then aborts its games still going, which score nothing).
    pub stop_when_decided: bool,
    /// Who moves first in game 1; the first mover alternates game by game.
    #[schema(value_type = crate::wire::SideName)]
    pub first: Side,
    /// `ongoing` or `finished`.
    #[schema(value_type = String)]
    pub status: &'static str,
    /// Points per side: the sum of its games' points (1, 0.5, 0; aborted games none).
    #[schema(value_type = crate::wire::SidesPoints)]
    pub score: BySide<f64>,
    /// Whether one side's points exceed what the other can still reach.
    pub decided: bool,
    /// The side with more points once the match is over; null while it goes on, and
    /// for a drawn match.
    #[schema(value_type = Option<crate::wire::SideName>)]
    pub winner: Option<Side>,
    /// Its games so far, by number.
    pub match_games: Vec<MatchGameJson>,
    /// When it started.
    pub created_at: String,
    /// When it ended; null while it goes on.
    pub finished_at: Option<String>,
}

impl MatchJson {
    /// The match with `games`, the states of its games by number.
    #[must_use]
    pub fn of(m: &Match, games: &[Game]) -> MatchJson {
        let mut tally = Tally::of(games);
        if let Some(final_score) = m.half_points {
            tally.half_points = final_score;
        }
        let finished = m.status == MatchStatus::Finished;
        let match_games = m
            .games
            .iter()
            .map(|mg| {
                let game = games.iter().find(|g| g.id == mg.game);
                MatchGameJson {
                    number: mg.number,
                    game_id: mg.game.to_string(),
                    first: m.first_in(mg.number),
                    status: game.map_or(GameStatus::Ongoing, |g| g.state.status),
                    points: game
                        .and_then(|g| g.state.result.as_ref().map(|r| points(g.state.status, r))),
                }
            })
            .collect();
        MatchJson {
            id: m.id.to_string(),
            challenge_id: m.challenge_id.to_string(),
            variant: m.variant,
            players: BySide::from_fn(|side| m.players.get(side).username.to_string()),
            days_per_move: m.days_per_move.days(),
            rated: m.terms.rated,
            weekend_pause: m.terms.weekend_pause,
            games: m.match_terms.games(),
            schedule: m.match_terms.schedule.as_str(),
            stop_when_decided: m.match_terms.stop_when_decided,
            first: m.first,
            status: m.status.as_str(),
            score: tally.half_points.map(|h| f64::from(h) / 2.0),
            decided: tally.decided(m.match_terms.games()),
            winner: if finished { tally.leader() } else { None },
            match_games,
            created_at: time(m.created_at),
            finished_at: m.finished_at.map(time),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tally of games given as `S` (South won), `N`, `=` (a draw), `a` (aborted)
    /// and `.` (going on).
    fn tally(games: &str) -> Tally {
        let mut tally = Tally::default();
        for c in games.chars() {
            let (status, winner) = match c {
                'S' => (GameStatus::Finished, Some(Side::South)),
                'N' => (GameStatus::Finished, Some(Side::North)),
                '=' => (GameStatus::Finished, None),
                'a' => (GameStatus::Aborted, None),
                _ => (GameStatus::Ongoing, None),
            };
            tally.add(status, winner);
        }
        tally
    }

    #[test]
    fn a_match_is_decided_once_the_trailer_cannot_catch_up() {
        // (games so far, games in the match, half points, decided, leader)
        let table = [
            ("", 5, (0, 0), false, None),
            ("SS", 5, (4, 0), false, None),
            ("SSS", 5, (6, 0), true, Some(Side::South)),
            ("S=N", 5, (3, 3), false, None),
            ("S=S", 3, (5, 1), true, Some(Side::South)),
            ("NN.", 3, (0, 4), true, Some(Side::North)),
            ("Sa", 3, (2, 0), false, None),
            ("Saa", 3, (2, 0), true, Some(Side::South)),
            ("SN", 2, (2, 2), false, None),
            ("==", 2, (2, 2), false, None),
            ("S=", 2, (3, 1), true, Some(Side::South)),
            ("SS.", 9, (4, 0), false, None),
        ];
        for (games, of, (south, north), decided, leader) in table {
            let t = tally(games);
            assert_eq!(t.half_points, BySide::new(south, north), "{games}");
            assert_eq!(t.decided(of), decided, "{games} of {of}");
            if decided {
                assert_eq!(t.leader(), leader, "{games}");
            }
        }
        let t = tally("S.a=");
        assert_eq!((t.made, t.going, t.over()), (4, 1, 3));
    }
}
