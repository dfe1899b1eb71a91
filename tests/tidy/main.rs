//! Checks of the repository itself, not of the server: the paths docs name exist, the
//! layers of `src/` point one way, the message catalogues agree, and templates hold no
//! page text of their own.

mod catalogues;
mod layers;
mod paths;
mod sizes;
mod templates;
mod transfer;
