//! seedpost: a self-hostable server for playing Mangala, Modiar and Tihbat by
//! correspondence, in the browser and through a bot API.

#![forbid(unsafe_code)]

pub mod replay;
pub mod wire;
