//! The notifications' use cases, each a part of [`Service`](crate::service::Service):
//! Web Push ([`push`]), the calendar feed ([`calendar`]), the daily digest and the
//! mailer ([`digest`]), the reminders before a deadline ([`reminders`]) and the mail
//! on a player's turn ([`turnmail`]).

pub mod calendar;
pub mod digest;
pub mod push;
pub mod reminders;
pub mod turnmail;
