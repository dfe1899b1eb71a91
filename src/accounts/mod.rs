//! Accounts: sign-up and log-in, browser sessions and API tokens, passwords and
//! their resets by mail, the verification of a player's address, the account
//! controls (a new password, log-out everywhere, the export of one's own data,
//! deletion; the operator closing, reopening and renaming), and the throttles on
//! log-ins and sign-ups. In one folder: its types ([`entity`]), its SQL ([`store`]),
//! its use cases ([`service`]), its JSON ([`json`]), its export lines ([`export`]),
//! its API handlers ([`api`]) and its pages ([`pages`]), with the routes each adds.
//! Other features use its service, never its store.

pub mod api;
pub mod entity;
pub mod export;
pub mod json;
pub mod pages;
pub mod service;
pub mod store;
