//! Checks of the repository itself, not of the server: the paths docs name exist, the
//! layers of `src/` point one way, and the message catalogues agree.

mod catalogues;
mod layers;
mod paths;
