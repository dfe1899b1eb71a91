//! Fresh databases for tests: an SQLite file in a temporary directory, or a new
//! database on the Postgres server named by `SEEDPOST_TEST_POSTGRES`, dropped when the
//! test ends.
//!
//! ```text
//! SEEDPOST_TEST_POSTGRES=postgres://postgres@127.0.0.1:5432/test cargo test
//! ```
//!
//! Without the variable the Postgres variants of the suites say they are skipped and
//! pass; with it, a server that cannot be reached fails them.

use sqlx::{AssertSqlSafe, Connection, PgConnection};
use uuid::Uuid;

/// The environment variable naming a Postgres server for the tests.
pub const POSTGRES_VAR: &str = "SEEDPOST_TEST_POSTGRES";

/// A database that exists for one test.
pub struct TestDb {
    /// The URL to connect to: `sqlite://…` or `postgres://…`.
    pub url: String,
    backend: Backend,
}

enum Backend {
    /// The directory holding the file; removed on drop.
    Sqlite(tempfile::TempDir),
    /// The server's URL (the database of the variable) and the test database's name.
    Postgres { admin_url: String, name: String },
}

impl TestDb {
    /// A new SQLite file (created by the store when it connects).
    ///
    /// # Panics
    /// When no temporary directory can be made.
    pub async fn sqlite() -> TestDb {
        let dir = tempfile::Builder::new()
            .prefix("seedpost-test-")
            .tempdir()
            .expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("seedpost.db").display());
        TestDb {
            url,
            backend: Backend::Sqlite(dir),
        }
    }

    /// A new, empty database on the server named by `SEEDPOST_TEST_POSTGRES`, or
    /// `None` (after printing that the test is skipped) when the variable is unset.
    ///
    /// # Panics
    /// When the variable is set but the server cannot be reached or refuses to create
    /// the database: a configured suite must not pass silently.
    pub async fn postgres() -> Option<TestDb> {
        let Some(admin_url) = std::env::var(POSTGRES_VAR).ok().filter(|v| !v.is_empty()) else {
            eprintln!("skipped: {POSTGRES_VAR} not set");
            return None;
        };
        let name = format!("seedpost_t_{}", Uuid::new_v4().simple());
        let mut admin = PgConnection::connect(&admin_url)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}={admin_url}: cannot connect: {e}"));
        // The name is ours (letters, digits, `_`), so it is safe to splice.
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut admin)
            .await
            .unwrap_or_else(|e| panic!("{POSTGRES_VAR}={admin_url}: cannot create {name}: {e}"));
        let _ = admin.close().await;
        Some(TestDb {
            url: with_database(&admin_url, &name),
            backend: Backend::Postgres { admin_url, name },
        })
    }

    /// Whether this is a Postgres database.
    pub fn is_postgres(&self) -> bool {
        matches!(self.backend, Backend::Postgres { .. })
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Backend::Postgres { admin_url, name } = &self.backend else {
            return;
        };
        let (admin_url, name) = (admin_url.clone(), name.clone());
        // Drop cannot await, and may run inside the test's runtime: drop the database
        // from a thread with a runtime of its own, and wait for it.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| e.to_string())?;
            runtime.block_on(async {
                let mut admin = PgConnection::connect(&admin_url)
                    .await
                    .map_err(|e| e.to_string())?;
                // FORCE ends the connections the test's pools still hold.
                sqlx::query(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
                )))
                .execute(&mut admin)
                .await
                .map_err(|e| e.to_string())?;
                let _ = admin.close().await;
                Ok::<(), String>(())
            })
        })
        .join();
        match dropped {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("could not drop test database {}: {e}", self.url),
            Err(_) => eprintln!(
                "could not drop test database {}: the thread panicked",
                self.url
            ),
        }
    }
}

/// `url` with its database (the path) replaced by `name`, keeping any query.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let path = base[authority..]
        .find('/')
        .map_or(base.len(), |i| authority + i);
    match query {
        Some(query) => format!("{}/{name}?{query}", &base[..path]),
        None => format!("{}/{name}", &base[..path]),
    }
}

#[cfg(test)]
mod tests {
    use super::with_database;

    #[test]
    fn the_test_database_replaces_the_database_of_the_url() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            with_database("postgres://u:p@host/db?sslmode=disable", "t1"),
            "postgres://u:p@host/t1?sslmode=disable"
        );
        assert_eq!(with_database("postgres://host", "t1"), "postgres://host/t1");
    }
}
