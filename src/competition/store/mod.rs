//! The competition's SQL, written once over the core's
//! [`SqlStore`](crate::store::sql::SqlStore) for any backend: ratings ([`ratings`]),
//! matches ([`matches`](mod@matches)), tournaments ([`tournaments`]) and vacations ([`vacations`]).

pub(super) mod export;
pub mod matches;
pub mod ratings;
pub mod tournaments;
pub mod vacations;

pub use matches::MatchStore;
pub use ratings::RatingStore;
pub use tournaments::TournamentStore;
pub use vacations::VacationStore;
