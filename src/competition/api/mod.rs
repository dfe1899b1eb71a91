//! The competition's API handlers, each module with the routes it adds: a player's
//! ratings ([`players`]), matches ([`matches`](mod@matches)), tournaments ([`tournaments`]), the
//! account's vacation ([`vacation`]).

pub mod matches;
pub mod players;
pub mod tournaments;
pub mod vacation;
