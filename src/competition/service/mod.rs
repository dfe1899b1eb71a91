//! The competition's use cases, each a part of [`Service`](crate::service::Service):
//! ratings ([`ratings`]), matches ([`matches`](mod@matches)), tournaments ([`tournaments`]) and
//! vacations ([`vacations`]).

pub mod matches;
pub mod ratings;
pub mod tournaments;
pub mod vacations;
