//! Notifications: what reaches a player outside the game page. Web Push to its
//! devices, e-mail (the daily digest and a mail on its turn), the reminders before a
//! move's deadline (push, mail, an event for bots), and the calendar feed of its
//! deadlines; the settings of each channel. In one folder: its types ([`entity`]),
//! its SQL ([`store`]), its use cases ([`service`]), its JSON ([`json`]), its export lines ([`export`]),
//! its API handlers ([`api`]) and its pages ([`pages`]), with the routes each adds.
//! Other features use its service, never its store.

pub mod api;
pub mod entity;
pub mod export;
pub mod json;
pub mod pages;
pub mod service;
pub mod store;
