//! Games: the feature of playing one — reading a game (its moves replayed through the
//! engine), moving, resigning, aborting, timing out, the record — with its JSON API
//! handlers and its pages (the board, the live fragment and stream, the forms).
//!
//! "Make a move" runs through this folder and the shared core: the route
//! ([`api::play`], or [`pages::play`] for the form) calls
//! [`Service::play_move`](crate::service::Service::play_move) ([`service`]), which
//! appends the plies and their events through the store and answers with the game.
//!
//! The routes are the feature's own: [`routes`] for the pages, [`api::routes`] for
//! the API, mounted by [`crate::http`].

pub mod api;
pub mod board;
mod cache;
pub mod json;
pub mod pages;
pub mod service;
pub mod store;

pub use cache::GameCache;
pub use pages::routes;
pub use service::{LoadedGame, MoveOutcome, record_of, side_of};
