//! End to end in headless Chromium: two players in two browser sessions sign up, one
//! challenges, the other accepts, they play by clicking pits, and each sees the
//! other's move appear without reloading. Saves screenshots of the game page at
//! desktop and phone sizes under `target/screenshots/`.
//!
//! Runs when `SEEDPOST_TEST_CHROMEDRIVER` names a chromedriver (`.ci/run` sets it
//! after installing Debian's `chromium` and `chromium-driver`); otherwise it says it
//! is skipped and passes. `SEEDPOST_TEST_CHROMIUM` may name the browser binary.

#[path = "../support/mod.rs"]
mod support;

mod board;
mod chat;
mod flow;
mod harness;
mod languages;
mod newcomer;
mod plan;
mod speaks;
mod tournaments;
mod widths;
