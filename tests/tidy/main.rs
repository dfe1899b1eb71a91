//! Checks of the repository itself, not of the server: the paths docs name exist.

mod paths;
