//! Games: the feature of playing one — reading a game (its moves replayed through the
//! engine), moving, resigning, aborting, timing out, the record — in one folder: its
//! SQL ([`store`]), its use cases ([`service`]), this instance's copies of games
//! ([`cache`]), its JSON ([`json`]), its API handlers ([`api`]), its pages
//! ([`pages`]; [`board`], the game page's view model, drawn with [`pieces`] and
//! [`plies`]; [`view`]) and its lines of the export ([`export`]). Other features use
//! its service, JSON and views, never its store (`tests/tidy/layers.rs`);
//! docs/architecture.md has the picture.
//!
//! "Make a move" runs through this folder and the shared core: the route
//! ([`api::play`], or [`pages::play`] for the form) calls
//! [`Service::play_move`](crate::service::Service::play_move), which appends the plies
//! and their events in one conditional write ([`store::GameStore::append_plies`]) and
//! answers with the game's JSON; the store announces the events once committed.
//!
//! The routes are the feature's own: [`pages::routes`] for the pages, [`api::routes`]
//! for the API, mounted by [`crate::http`].

pub mod api;
pub mod archive;
pub mod board;
pub mod cache;
pub mod conditional;
pub mod export;
pub mod json;
pub mod notes;
pub mod pages;
pub mod pieces;
pub mod plan;
pub mod plies;
pub mod service;
pub mod store;
pub mod view;
