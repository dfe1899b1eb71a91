//! The analysis' JSON, with its OpenAPI schemas: a finished game's analysis
//! ([`AnalysisJson`], `GET /api/v1/games/{id}/analysis`) and a position's
//! ([`PositionAnalysisJson`], `GET /api/v1/analysis`), each defined once.

use seedpost_rules::{Side, Variant};
use serde::Serialize;

/// How a value was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema, strum::IntoStaticStr)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ValueKind {
    /// From the solved tables, or the game's end: exact.
    Exact,
    /// From a bounded search: an estimate.
    Search,
}

impl ValueKind {
    /// `exact` or `search`, as in the JSON.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// A position's value for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ValueJson {
    /// The final score difference (that side's stones minus the other's) under best
    /// play.
    pub value: i16,
    /// `exact` or `search`.
    pub kind: ValueKind,
}

/// One ply of an analysed game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct PlyAnalysisJson {
    /// The ply's number, from 1.
    pub ply: u32,
    /// Who played it.
    #[schema(value_type = crate::wire::SideName)]
    pub side: Side,
    /// The pit sown (from 1 at the mover's left); `null` for a pass.
    pub pit: Option<u8>,
    /// The position's value before the ply, for the mover.
    pub before: ValueJson,
    /// The position's value after the ply, for the mover.
    pub after: ValueJson,
    /// The moves that keep the value before (pit numbers); empty for a pass.
    pub best: Vec<u8>,
    /// How much the ply lost: `before - after`, at least 0.
    pub drop: i16,
    /// The ply lost value and was not one of the best moves.
    pub mistake: bool,
}

/// The analysis of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "game_id": "0b5c8f5e-2f55-4a4e-9a43-3f3c9f1f4a10", "variant": "tihbat",
    "plies": [{
        "ply": 1, "side": "south", "pit": 2,
        "before": {"value": 2, "kind": "exact"}, "after": {"value": 0, "kind": "search"},
        "best": [1], "drop": 2, "mistake": true
    }]
}))]
pub struct AnalysisJson {
    /// The game's id.
    pub game_id: String,
    /// The game played.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// Every ply, in order.
    pub plies: Vec<PlyAnalysisJson>,
}

/// How sure a value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Certainty {
    /// Perfect play: the solved tables (Tihbat, Modiar), the Mangala or Kalah endgame
    /// tables, or the game's end.
    Exact,
    /// A bounded search: an estimate.
    Estimate,
}

/// One legal move of an analysed position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct MoveValueJson {
    /// The pit sown, from 1 at the mover's left.
    pub pit: u8,
    /// What the side to move makes of the game by this move (the stones it stores or
    /// captures now included), under best play after it.
    pub value: i16,
    /// The move keeps the position's value.
    pub best: bool,
}

/// The analysis of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "variant": "tihbat", "position": "7,7/7,7/south", "to_move": "south",
    "south_store": 0, "north_store": 0, "south_tuzdyk": null, "north_tuzdyk": null,
    "value": -2, "kind": "exact", "depth": null, "pass": false,
    "moves": [{"pit": 1, "value": -2, "best": true}, {"pit": 2, "value": -2, "best": true}],
    "best": [1, 2]
}))]
pub struct PositionAnalysisJson {
    /// The game.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// The position in the notation the query takes: `south/north/side`.
    pub position: String,
    /// The side to move.
    #[schema(value_type = crate::wire::SideName)]
    pub to_move: Side,
    /// South's store, or its captures (Oware): as the query gave it, or the stones off
    /// the board shared evenly where the query gave none (the games whose values do
    /// not depend on it).
    pub south_store: u8,
    /// North's store, or its captures.
    pub north_store: u8,
    /// Togyz kumalak: South's tuzdyk, a pit of North's row (§Z5); `null` without one.
    pub south_tuzdyk: Option<u8>,
    /// Togyz kumalak: North's tuzdyk, a pit of South's row.
    pub north_tuzdyk: Option<u8>,
    /// The score difference (the side to move's stones minus the other's) it can make
    /// sure of from now on, under best play by both: the best of the moves' values.
    pub value: i16,
    /// `exact` or `estimate`.
    pub kind: Certainty,
    /// The depth in plies of the shallowest search behind the values, for an estimate
    /// (Mangala outside its endgame tables); `null` when exact.
    pub depth: Option<u8>,
    /// The side to move has no stones and passes (Tihbat, §T4): `moves` is empty.
    pub pass: bool,
    /// Every legal move, in pit order, with its value.
    pub moves: Vec<MoveValueJson>,
    /// The moves that keep the value (pit numbers).
    pub best: Vec<u8>,
}
