//! Analysis: what positions are worth under best play — a finished game's analysis,
//! ply by ply ([`game`]), and any position's, as a tablebase gives it ([`position`]) —
//! with the tables behind the exact values ([`solved`]: the solved tables of Tihbat
//! and Modiar, the endgame tables of Mangala, Kalah and Oware) and the positions they
//! are read with ([`segment`]). In one folder: its use cases ([`service`]: the
//! analyses kept and the one running), its JSON ([`json`]), its API handlers
//! ([`api`]) and its pages ([`pages`]: the analysis board; [`record`]: the board of a
//! pasted record; [`panel`]: the analysis panel of a finished game's page). Other
//! features use its service, JSON, tables and views, never its API handlers
//! (`tests/tidy/layers.rs`); it uses no other feature (the games it reads through
//! the service). docs/architecture.md has the picture.
//!
//! The routes are the feature's own: [`pages::routes`] for the pages, [`api::routes`]
//! for the API, mounted by [`crate::http`].

pub mod api;
pub mod game;
pub mod json;
pub mod pages;
pub mod panel;
pub mod position;
pub mod record;
pub mod segment;
pub mod service;
pub mod solved;
