//! The JSON shapes shared by the HTTP API and the event streams that are not yet in
//! their feature's folder: a game's place in its match, and the schemas of the shared
//! values (a stable contract: extend, do not break). They sit below the service, which stores
//! them in events, and the API serves them as they are. The game's shapes are the
//! games' (`crate::games::json`), the challenge's the challenges'
//! (`crate::challenges::json`).

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use crate::domain::MatchRef;

mod schema;

pub use schema::{
    DeclineReasonName, GameStatusName, ScopeName, SideName, SidesBoard, SidesCount, SidesFlag,
    SidesName, SidesPoints, SidesTuzdyk, TournamentStatusName, VariantName,
};

/// Times as RFC 3339 in UTC, to the millisecond.
#[must_use]
pub fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
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
