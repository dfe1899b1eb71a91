//! Challenges: offering a game (or a match) to one player or to anyone, accepting,
//! declining and canceling it, the challenge filters of an account (issue 23), the
//! rematch after a game, and the play settings (how an account likes to play). In one
//! folder: its use cases ([`service`], [`rematch`], [`prefs`]), its JSON ([`json`]),
//! its API handlers ([`api`], [`filters`]), its pages ([`pages`]: the home page and
//! the challenge actions; [`play`]: the play settings) and its lines of the export
//! ([`export`]). Other features use its service and JSON, never its store
//! (`tests/tidy/layers.rs`); docs/architecture.md has the picture.
//!
//! The routes are the feature's own: [`pages::routes`] for the pages, [`api::routes`]
//! for the API, mounted by [`crate::http`].

pub mod api;
pub mod export;
pub mod filters;
pub mod json;
pub mod pages;
pub mod play;
pub mod prefs;
pub mod rematch;
pub mod service;
