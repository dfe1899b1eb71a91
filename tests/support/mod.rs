//! What the integration suites share. Each suite includes it with
//! `#[path = "../support/mod.rs"] mod support;` and uses what it needs.

#![allow(dead_code)]

pub mod db;
pub mod server;
pub mod smtp;
