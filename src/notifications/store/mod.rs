//! The notifications' SQL, written once over the core's
//! [`SqlStore`](crate::store::sql::SqlStore) for any backend; each part's trait is
//! served by every [`Store`](crate::store::Store).

pub mod calendar;
pub(super) mod export;
pub mod push;
pub mod reminders;
pub mod turnmail;

pub use calendar::CalendarStore;
pub use push::PushStore;
pub use reminders::ReminderStore;
pub use turnmail::TurnMailStore;
