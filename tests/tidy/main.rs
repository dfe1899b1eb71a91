//! Checks of the repository itself, not of the server: the paths docs name exist, and
//! the layers of `src/` point one way.

mod layers;
mod paths;
