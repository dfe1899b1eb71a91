//! The API's JSON shapes (a stable contract: extend, do not break).

use chrono::{DateTime, SecondsFormat, Utc};
use seedpost_rules::Variant;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::Standing;
use crate::wire::VariantName;

// The shapes that events carry too live beside the engine's shapes, in `wire`, so
// that the service can build them; the API names them from here as before.
pub use crate::wire::MatchRefJson;

/// Times as RFC 3339 in UTC, to the millisecond.
pub(crate) fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A variant's board.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"name": "mangala", "pits_per_row": 6, "stones_per_pit": 4, "stores": true, "total_stones": 48}))]
pub struct VariantJson {
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    #[schema(value_type = VariantName)]
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

/// A line of the standings.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "games": 4, "wins": 2, "draws": 1, "losses": 1, "points": 2.5,
    "rating": {"rating": 1587.4, "deviation": 187.2, "volatility": 0.06, "provisional": true}}))]
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
    /// The player's Glicko-2 rating in the variant asked for; null in the standings of
    /// all games, and for a player with no finished rated game in the variant.
    pub rating: Option<RatingJson>,
}

/// A player's Glicko-2 rating in one variant.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"rating": 1587.4, "deviation": 187.2, "volatility": 0.06, "provisional": true}))]
pub struct RatingJson {
    /// The rating (everyone starts at 1500).
    pub rating: f64,
    /// Its rating deviation (RD): how unsure it is (350 at the start).
    pub deviation: f64,
    /// Its volatility (0.06 at the start).
    pub volatility: f64,
    /// Whether the rating is still provisional: its deviation is above 110.
    pub provisional: bool,
}

impl From<&crate::ratings::Rating> for RatingJson {
    fn from(r: &crate::ratings::Rating) -> Self {
        RatingJson {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            provisional: r.is_provisional(),
        }
    }
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
            rating: s.rating.as_ref().map(RatingJson::from),
        }
    }
}

/// Every error answer: a stable `error` code and a `message` for people.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"error": "not_found", "message": "resource not found"}))]
pub struct ErrorJson {
    /// The stable code, e.g. `unauthorized`, `not_found`, `illegal_move`, `rate_limited`.
    pub error: String,
    /// What went wrong, in English.
    pub message: String,
    /// With `illegal_move`: why the rules forbid it (e.g. `empty_pit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// With `rate_limited`: whole seconds to wait (at least 1), as in `Retry-After`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub retry_after: Option<u64>,
    /// With `since_ahead`: the seq of the account's latest event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub head: Option<u64>,
}
