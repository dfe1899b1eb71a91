//! Chat, blocking and reports (issue 36): the two players of a game chat with each
//! other (never anyone else: to others the chat is not there), a player blocks
//! another (who can then neither challenge nor chat with it), and a player reports a
//! line to the operator (`seedpost admin reports`, `seedpost admin mute`). In one
//! folder: its SQL ([`store`]), its use cases ([`service`]), its JSON ([`json`]), its API
//! handlers ([`api`]), its pages ([`pages`]) and its lines of the export ([`export`]). Other
//! features use its service, never its store; it names no other feature (the games
//! it reads through the service, its export lines through `transfer::Known`).

pub mod api;
pub mod export;
pub mod json;
pub mod pages;
pub mod service;
pub mod store;
