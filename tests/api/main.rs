//! The HTTP API, end to end: the real server on port 0, fresh data per test, the same
//! suite on SQLite and on Postgres.

#[path = "../support/mod.rs"]
mod support;

mod described;
mod helpers;
mod hostile;

mod abuse;
mod accounts;
mod calendar;
mod challenges;
mod conditional;
mod controls;
mod digest;
mod events;
mod filters;
mod games;
mod house;
mod leases;
mod matches;
mod more_games;
mod moves;
mod openapi;
mod position;
mod push;
mod ratelimits;
mod ratings;
mod reminders;
mod reset;
mod scopes;
mod security;
mod streams;
mod talk;
mod tournaments;
mod vacation;
mod webhooks;
mod weekends;
