//! seedpost: a self-hostable server for playing Mangala, Modiar, Tihbat, Kalah, Oware
//! and Togyz kumalak by correspondence, in the browser and through a bot API.
//!
//! Layers point one way: the rules engine (`seedpost-rules`) ← [`domain`] (validated
//! values and entities) ← [`store`] ← [`service`] ← [`http`]. [`wire`] holds the JSON
//! contract with its OpenAPI schemas, below the service that writes it into events;
//! [`jobs`] runs the service's background loops. [`store`] knows the rules' vocabulary
//! and nothing of HTTP, and nothing below [`http`] imports from it. [`i18n`] (the
//! message catalogues and the translator) knows only the domain's `Lang`.
//!
//! The code is moving to one folder per feature over a small shared core
//! (docs/architecture.md): [`games`] is the first, with its SQL, use cases, JSON, API
//! handlers and pages; it uses the layers above as the shared core, and they use only
//! its public API, never its store.

#![forbid(unsafe_code)]
#![warn(clippy::too_many_lines)]

pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod challenges;
pub mod chat;
pub mod clock;
pub mod competition;
pub mod config;
pub mod deadline;
pub mod domain;
pub mod error;
pub mod games;
pub mod house;
pub mod http;
pub mod i18n;
pub mod jobs;
pub mod metrics;
pub mod notifications;
pub mod ratings;
pub mod replay;
pub mod service;
pub mod store;
pub mod transfer;
pub mod wire;
