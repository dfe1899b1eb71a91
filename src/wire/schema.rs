//! Schemas of engine and domain values, for the OpenAPI description only: the JSON
//! types above name them with `#[schema(value_type = ...)]`, since the values
//! themselves (`Variant`, `Side`, `BySide<T>`, ...) come from crates that know nothing
//! of OpenAPI.

use serde::Serialize;
use utoipa::ToSchema;

/// A game: `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum VariantName {
    /// Turkish Mangala: 2×6 pits of 4 stones, with stores.
    Mangala,
    /// Modiar: 2×3 pits of 7 stones.
    Modiar,
    /// Tihbat: 2×2 pits of 7 counters.
    Tihbat,
    /// Kalah(6,4): 2×6 houses of 4 seeds, with stores sown into.
    Kalah,
    /// Oware abapa: 2×6 houses of 4 seeds, captures kept beside the board.
    Oware,
    /// Togyz kumalak: 2×9 houses of 9 stones, stores (kazans) kept apart, tuzdyks.
    Togyz,
}

/// A side of the board.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SideName {
    /// The side shown at the bottom; the challenger's.
    South,
    /// The side shown at the top.
    North,
}

/// Where a game stands.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatusName {
    /// Being played.
    Ongoing,
    /// Ended with a result.
    Finished,
    /// Ended before both sides moved, scoring nothing.
    Aborted,
}

/// Where a tournament stands.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatusName {
    /// Players may join until the start.
    Open,
    /// Its games are being played.
    Running,
    /// Every game is over: the standing is final.
    Finished,
    /// It had fewer than two players at its start.
    Canceled,
}

/// A yes or no for each side.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": false, "north": true}))]
pub struct SidesFlag {
    /// South's.
    pub south: bool,
    /// North's.
    pub north: bool,
}

/// A name for each side.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": "ayse", "north": "mehmet"}))]
pub struct SidesName {
    /// South's.
    pub south: String,
    /// North's.
    pub north: String,
}

/// Each side's pits, from its owner's left (pit 1 first).
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": [4, 4, 4, 4, 4, 4], "north": [4, 4, 4, 4, 4, 4]}))]
pub struct SidesBoard {
    /// South's pits.
    pub south: Vec<u8>,
    /// North's pits.
    pub north: Vec<u8>,
}

/// A count of stones for each side.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": 0, "north": 0}))]
pub struct SidesCount {
    /// South's.
    pub south: u8,
    /// North's.
    pub north: u8,
}

/// Each side's Togyz kumalak tuzdyk: a pit of the opponent's row, from the opponent's
/// left, or null.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": 4, "north": null}))]
pub struct SidesTuzdyk {
    /// South's, in North's row.
    pub south: Option<u8>,
    /// North's, in South's row.
    pub north: Option<u8>,
}

/// Points for each side: 1 a win, 0.5 a draw, 0 a loss.
#[derive(ToSchema, Serialize)]
#[schema(example = json!({"south": 0.5, "north": 0.5}))]
pub struct SidesPoints {
    /// South's.
    pub south: f64,
    /// North's.
    pub north: f64,
}

/// What an API token may be used for; each route that takes a token names the one it
/// needs (403 `missing_scope` without it).
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScopeName {
    /// Reading: `GET /me`, `GET /games` with a token, `GET /challenges`, the event stream.
    Read,
    /// Playing: moves, resigning, aborting.
    Play,
    /// Challenges (make, accept, decline, cancel) and tournaments (make, join, withdraw).
    Challenge,
    /// Webhooks and their deliveries.
    Webhooks,
    /// The account's settings: tokens, vacation, calendar, digest, notifications,
    /// challenge filters.
    Account,
}

/// Why a challenge was declined.
#[derive(ToSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclineReasonName {
    /// No reason given.
    Generic,
    /// Not now: try later.
    Later,
    /// Not this variant.
    Variant,
    /// Not this time control.
    TimeControl,
    /// A rated game instead, please.
    Rated,
    /// A casual game instead, please.
    Casual,
    /// Too few days per move.
    TooFast,
    /// No games against bots.
    NotBots,
    /// Games against bots only.
    OnlyBots,
}
