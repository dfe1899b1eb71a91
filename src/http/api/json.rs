//! The API's JSON shapes (a stable contract: extend, do not break).

use chrono::{DateTime, SecondsFormat, Utc};
use seedpost_rules::Variant;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::{Account, Scope, Scopes, Standing, Token};
use crate::wire::{ScopeName, VariantName};

// The shapes that events carry too live beside the engine's shapes, in `wire`, so
// that the service can build them; the API names them from here as before.
pub use crate::wire::MatchRefJson;

/// Times as RFC 3339 in UTC, to the millisecond.
pub(super) fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// `GET /me`, and the account in a sign-up answer.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "bot": true, "created_at": "2026-11-30T12:00:00.000Z"}))]
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
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "5f0c8a56-3f4e-4c1b-9a57-0e8f5d2c6b11", "label": "my bot", "scopes": ["read", "play", "challenge"], "created_at": "2026-11-30T12:00:00.000Z", "last_used_at": null}))]
pub struct TokenJson {
    /// Its id.
    pub id: String,
    /// Its label.
    pub label: String,
    /// What it may be used for (a token made before scopes existed has them all).
    #[schema(value_type = Vec<ScopeName>)]
    pub scopes: Vec<&'static str>,
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
            scopes: scope_names(t.scopes),
            created_at: time(t.created_at),
            last_used_at: t.last_used_at.map(time),
        }
    }
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

/// `POST /accounts` → 201: the account and its first API token, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "bot": true, "token": "sp_3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f"}))]
pub struct SignedUpJson {
    /// The name.
    pub username: String,
    /// Whether a program plays.
    pub bot: bool,
    /// The secret of the first API token: send it as `Authorization: Bearer <token>`.
    pub token: String,
}

/// `POST /tokens` → 201: a new token and its secret, shown once.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"id": "5f0c8a56-3f4e-4c1b-9a57-0e8f5d2c6b11", "token": "sp_3f9a0c4e5b6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f", "label": "my bot", "scopes": ["read", "play", "challenge"]}))]
pub struct NewTokenJson {
    /// Its id.
    pub id: String,
    /// The secret, shown once.
    pub token: String,
    /// Its label.
    pub label: String,
    /// What it may be used for.
    #[schema(value_type = Vec<ScopeName>)]
    pub scopes: Vec<&'static str>,
}

/// The names of `scopes`, in their listed order.
#[must_use]
pub fn scope_names(scopes: Scopes) -> Vec<&'static str> {
    scopes.iter().map(Scope::as_str).collect()
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
