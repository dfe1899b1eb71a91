//! The chat's JSON shapes that other features read: a blocked account (the
//! accounts' export of one's own data lists them). Was in the chat's API handlers.

use serde::Serialize;
use utoipa::ToSchema;

use super::service::Blocked;

/// A blocked account.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"username": "mallory", "since": "2026-11-30T12:00:00.000Z"}))]
pub struct BlockedJson {
    /// Its name.
    pub username: String,
    /// Since when it is blocked.
    pub since: String,
}

impl From<&Blocked> for BlockedJson {
    fn from(b: &Blocked) -> BlockedJson {
        BlockedJson {
            username: b.username.clone(),
            since: crate::wire::time(b.since),
        }
    }
}
