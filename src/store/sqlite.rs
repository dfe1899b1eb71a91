//! The store on SQLite: one file, nothing to install, the default.
//!
//! The file is in WAL mode: readers never wait for the writer. SQLite has one writer
//! at a time, so every write transaction starts with `BEGIN IMMEDIATE`, taking the
//! write lock up front: concurrent writers then queue on the busy timeout instead of
//! failing when a read lock cannot be upgraded (see [`super::dialect`]). Of two
//! writers at the same ply, the second finds the game's ply changed and gives up with
//! [`StoreError::Conflict`](super::StoreError::Conflict).

use sqlx::Sqlite;

use super::sql::SqlStore;

/// The store on an SQLite database file.
pub type SqliteStore = SqlStore<Sqlite>;
