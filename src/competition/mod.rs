//! Competition: how players measure themselves. Each player's Glicko-2 rating per
//! variant and the standings, matches of several games, round-robin tournaments, and
//! the vacations that stop a player's clocks. In one folder: its types ([`entity`]), its
//! SQL ([`store`]), its use cases ([`service`]), its JSON ([`json`]), its export
//! lines ([`export`]), its API handlers ([`api`]) and its pages ([`pages`]), with the
//! routes each adds; the pairings and crosstable of a tournament ([`tournament`]). Other features use its service,
//! never its store.

pub mod api;
pub mod entity;
pub mod export;
pub mod json;
pub mod pages;
pub mod service;
pub mod store;
pub mod tournament;
