//! The accounts' use cases, each a part of [`Service`](crate::service::Service): the
//! account itself ([`account`]: sign-up, log-in, API tokens, language), browser
//! sessions ([`sessions`]), passwords ([`passwords`]: hashing on a worker), the
//! account controls ([`controls`]: password change, closing, renaming, deleting, the
//! export of one's own data), the mailed links ([`maillinks`]: address verification,
//! password reset), and what throttles floods of log-ins ([`throttle`]) and sign-ups
//! ([`floods`]).

pub mod account;
pub mod controls;
pub mod floods;
pub mod maillinks;
pub mod passwords;
pub mod sessions;
pub mod throttle;
