//! The notifications' API handlers: Web Push devices and settings ([`push`]), the
//! calendar feed and the digest ([`calendar`]).

pub mod calendar;
pub mod push;
