//! The challenges' JSON: the challenge object of the API and the event streams (a
//! stable contract: extend, do not break).

use seedpost_rules::Variant;
use serde::Serialize;

use crate::domain::{Challenge, DeclineReason};
use crate::wire::{DeclineReasonName, time};

/// A challenge.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "challenger": "ayse", "opponent": "mehmet",
    "variant": "modiar", "days_per_move": 3, "first": "random", "rated": true,
    "weekend_pause": false, "games": 5, "schedule": "sequential", "stop_when_decided": true,
    "status": "open", "decline_reason": null, "game_id": null, "rematch_of": null,
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
    /// The game it is the rematch of, when offered as one (the game page's Rematch
    /// button); null otherwise.
    pub rematch_of: Option<String>,
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
            rematch_of: c.rematch_of.map(|g| g.to_string()),
            created_at: time(c.created_at),
        }
    }
}
