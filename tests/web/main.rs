//! The web pages, end to end without JavaScript: the real server on port 0, browsers
//! made of an HTTP client with a cookie jar, pages checked by parsing and selecting.
//! Every test runs on SQLite and on Postgres.

#[path = "../support/mod.rs"]
mod support;

mod helpers;

mod accounts;
mod analysis;
mod controls;
mod declines;
mod games;
mod house;
mod languages;
mod matches;
mod notify;
mod plan;
mod play;
mod players;
mod ratings;
mod reminders;
mod reset;
mod rules;
mod security;
mod settings;
mod sowing;
mod talk;
mod tournaments;
mod translated;
mod turnmail;
mod turns;
mod vacation;
