//! The use cases of seedpost: sign up, tokens, challenges, moves, resignations,
//! timeouts and standings. Handlers parse input, call one of these, and render the
//! result; no SQL and no rules logic live in handlers.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::clock::Clock;
use crate::store::Store;

mod accounts;
mod challenges;
mod games;

pub use accounts::{NewAccountRequest, SignedUp};
pub use challenges::ChallengeRequest;
pub use games::{LoadedGame, MoveOutcome, points, record_of, side_of};

/// The use cases, over a store and a clock. Cheap to clone.
#[derive(Clone)]
pub struct Service {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
}

impl Service {
    /// A service over `store`, telling time by `clock`.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Service {
        Service { store, clock }
    }

    /// The store (for health checks).
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The current time by the service's clock.
    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }
}
