//! The objects of an account's event stream (`GET /stream/events`, and the bodies of
//! webhook deliveries), for the OpenAPI description only: the server writes them by
//! splicing a stored payload after `type` and `seq` (`service::EventLine`), and
//! `tests/api/events.rs` checks that every event it sends fits [`Event`].
//!
//! Each `type` has one of five shapes: about a challenge, a game, a tournament, a
//! match or a chat line. [`Event`] is their `oneOf`, with `type` as the discriminator.

use serde::Serialize;
use utoipa::ToSchema;

use crate::challenges::json::ChallengeJson;
use crate::competition::json::MatchJson;
use crate::competition::json::{StandingLineJson, TournamentJson};
use crate::games::json::GameJson;

/// One line of an account's event stream (or one webhook delivery's body): a stored
/// event, with its `seq`, or a line of the snapshot a stream starts with, marked
/// `"snapshot": true` and without `seq`. Its `type` says which of the five shapes it
/// has.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[schema(discriminator(property_name = "type", mapping(
    ("challenge" = "#/components/schemas/ChallengeEvent"),
    ("challenge_canceled" = "#/components/schemas/ChallengeEvent"),
    ("challenge_declined" = "#/components/schemas/ChallengeEvent"),
    ("game_start" = "#/components/schemas/GameEvent"),
    ("move" = "#/components/schemas/GameEvent"),
    ("your_turn" = "#/components/schemas/GameEvent"),
    ("time_running_out" = "#/components/schemas/GameEvent"),
    ("game_finish" = "#/components/schemas/GameEvent"),
    ("vacation_start" = "#/components/schemas/GameEvent"),
    ("vacation_end" = "#/components/schemas/GameEvent"),
    ("tournament_start" = "#/components/schemas/TournamentEvent"),
    ("tournament_finish" = "#/components/schemas/TournamentEvent"),
    ("match_finish" = "#/components/schemas/MatchEvent"),
    ("chat_line" = "#/components/schemas/ChatEvent"),
)))]
pub enum Event {
    /// `challenge`, `challenge_canceled`, `challenge_declined`.
    Challenge(ChallengeEvent),
    /// `game_start`, `move`, `your_turn`, `time_running_out`, `game_finish`,
    /// `vacation_start`, `vacation_end`.
    Game(GameEvent),
    /// `tournament_start`, `tournament_finish`.
    Tournament(TournamentEvent),
    /// `match_finish`.
    Match(MatchEvent),
    /// `chat_line`.
    Chat(ChatEvent),
}

/// An event about a challenge, carrying it.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "type": "challenge", "seq": 3,
    "challenge": {
        "id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet",
        "variant": "modiar", "days_per_move": 3, "first": "random", "rated": false,
        "weekend_pause": false, "games": 1, "schedule": "sequential", "stop_when_decided": true,
        "status": "open", "game_id": null, "created_at": "2026-11-30T12:00:00.000Z"
    }
}))]
pub struct ChallengeEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: ChallengeEventType,
    /// The event's number in the account's events, counting up from 1; a snapshot
    /// line has none.
    #[schema(minimum = 1)]
    pub seq: Option<u64>,
    /// `true` on a line of the snapshot a stream starts with (the current state, not a
    /// stored event); absent otherwise.
    pub snapshot: Option<bool>,
    /// The challenge as it stands after the event (`GET /challenges/{id}`).
    pub challenge: ChallengeJson,
}

/// The `type` of a `ChallengeEvent`: `challenge`, to the player a new challenge
/// names (and in the snapshot, for each open challenge naming the account);
/// `challenge_canceled`, to the player a withdrawn challenge named;
/// `challenge_declined`, to the challenger. An accepted challenge has no event of its
/// own: both players get the `game_start` of its game.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeEventType {
    /// A challenge naming the account was made.
    Challenge,
    /// A challenge naming the account was withdrawn.
    ChallengeCanceled,
    /// The account's challenge was declined.
    ChallengeDeclined,
}

/// An event about a game, carrying the whole game as `GET /games/{id}` answers it.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GameEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: GameEventType,
    /// The event's number in the account's events, counting up from 1; a snapshot
    /// line has none.
    #[schema(minimum = 1)]
    pub seq: Option<u64>,
    /// `true` on a line of the snapshot a stream starts with; absent otherwise.
    pub snapshot: Option<bool>,
    /// The game after the event.
    pub game: GameJson,
    /// On `time_running_out` only: the whole minutes left to the deadline when the
    /// event was sent.
    #[schema(minimum = 0)]
    pub minutes_left: Option<u64>,
}

/// The `type` of a `GameEvent`: `game_start` to both players (this is how a
/// challenger learns that its challenge was accepted); `move` to both, after every
/// ply; `your_turn` to the player to move, beside the `move` and at the start (and in
/// the snapshot, for each game where the account is to move); `time_running_out` to
/// the player to move, once per ply when 80% of the move's time is used, and at each
/// reminder time the player chose for bots (`PUT /me/notifications`, `bot`), with
/// `minutes_left`;
/// `game_finish` to both, with the game's `result`; `vacation_start` and
/// `vacation_end` to the opponent of a player who goes on vacation or is back (the
/// game's `clock` stops, and runs again to the moved deadline).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GameEventType {
    /// A game of the account started.
    GameStart,
    /// A ply was played.
    Move,
    /// The account is to move.
    YourTurn,
    /// 80% of the account's time for its move is used, or a reminder time it chose
    /// came.
    TimeRunningOut,
    /// The game ended.
    GameFinish,
    /// The opponent went on vacation.
    VacationStart,
    /// The opponent is back from vacation.
    VacationEnd,
}

/// An event about a tournament the account plays in: the tournament and its
/// standings.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: TournamentEventType,
    /// The event's number in the account's events.
    #[schema(minimum = 1)]
    pub seq: u64,
    /// The tournament after the event (as in `GET /tournaments`).
    pub tournament: TournamentJson,
    /// Its standings, best first (as in `GET /tournaments/{id}`).
    pub standings: Vec<StandingLineJson>,
}

/// The `type` of a `TournamentEvent`: `tournament_start` to each player at its start
/// (all its games start with it, each with its `game_start`); `tournament_finish` to
/// each player when its last game ends, or when it is canceled at its start for want
/// of players.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TournamentEventType {
    /// The tournament started.
    TournamentStart,
    /// The tournament finished or was canceled.
    TournamentFinish,
}

/// An event about a match: the match as `GET /matches/{id}` answers it.
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MatchEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: MatchEventType,
    /// The event's number in the account's events.
    #[schema(minimum = 1)]
    pub seq: u64,
    /// The match, over.
    #[serde(rename = "match")]
    pub body: MatchJson,
}

/// The `type` of a `MatchEvent`: `match_finish`, to both players when a match ends
/// (all its games are over, or it is decided).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchEventType {
    /// The match ended.
    MatchFinish,
}

/// An event about a game's chat: a line written by either player, to both (never in
/// the public game stream).
#[derive(Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "type": "chat_line", "seq": 12, "game_id": "7c1f2f7e-5b9e-4c1e-9f0a-2d4b6a8c0e11",
    "line": {"id": "0b7c7c6e-5a0a-4c47-9a53-43d8e1a0b0f4", "username": "ayse", "text": "Good game!", "at": "2026-11-30T12:00:00.000Z"}
}))]
pub struct ChatEvent {
    /// What happened.
    #[serde(rename = "type")]
    pub kind: ChatEventType,
    /// The event's number in the account's events.
    #[schema(minimum = 1)]
    pub seq: u64,
    /// The game whose chat it is.
    pub game_id: String,
    /// The line, as `GET /games/{id}/chat` lists it.
    pub line: crate::chat::service::LineJson,
}

/// The `type` of a `ChatEvent`: `chat_line`, to both players of a game when either
/// writes in its chat.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChatEventType {
    /// A line was written.
    ChatLine,
}
