//! The accounts' SQL, written once over the core's
//! [`SqlStore`](crate::store::sql::SqlStore) for any backend; each part's trait is
//! served by every [`Store`](crate::store::Store): the account controls
//! ([`controls`]: passwords, sessions, closing, renaming, deleting, the sign-ups) and
//! the links mailed to players ([`maillinks`]).

pub mod controls;
pub mod maillinks;

pub use controls::AccountStore;
pub use maillinks::MailLinkStore;
