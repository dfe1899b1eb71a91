//! What the integration suites share: fresh databases ([`db`]), the real server
//! ([`server`]), an SMTP sink ([`smtp`]), a Web Push service ([`push`]), and [`on_both_backends!`](crate::on_both_backends)
//! with the [`Fixture`]s it starts. Each suite includes it with
//! `#[path = "../support/mod.rs"] mod support;` and uses what it needs.

#![allow(dead_code)]

use std::future::Future;
use std::marker::PhantomData;
use std::ops::Deref;

pub mod db;
pub mod push;
pub mod replica;
pub mod server;
pub mod smtp;

#[allow(unused_imports)] // Each suite uses some.
pub use server::{Backend, Server, ServerBuilder};

/// A running server and an HTTP client for it: what the API and bot suites' tests
/// are given. Each suite adds its own requests (`impl TestApp` in its helpers) and
/// says how its servers start (`impl Fixture for TestApp`).
pub struct TestApp {
    pub server: Server,
    pub client: reqwest::Client,
}

impl TestApp {
    /// A client for `server`.
    pub fn new(server: Server) -> TestApp {
        TestApp {
            server,
            client: reqwest::Client::new(),
        }
    }
}

impl Deref for TestApp {
    type Target = Server;

    fn deref(&self) -> &Server {
        &self.server
    }
}

/// What a test declared with [`on_both_backends!`](crate::on_both_backends) is given:
/// a server, a suite's client around one, or a bare database.
pub trait Fixture: Sized {
    /// Starts it on `backend`, or returns `None` (after saying so) when the Postgres
    /// suite is not configured.
    fn start(backend: Backend) -> impl Future<Output = Option<Self>>;
}

impl Fixture for Server {
    async fn start(backend: Backend) -> Option<Server> {
        Server::builder().backend(backend).start().await
    }
}

impl Fixture for db::TestDb {
    async fn start(backend: Backend) -> Option<db::TestDb> {
        match backend {
            Backend::Sqlite => Some(db::TestDb::sqlite().await),
            Backend::Postgres => db::TestDb::postgres().await,
        }
    }
}

/// A test taking its fixture by value (`async fn t(app: TestApp)`).
pub struct ByValue<T>(PhantomData<T>);

/// A test borrowing its fixture (`async fn t(db: &TestDb)`).
pub struct ByRef<T>(PhantomData<T>);

/// An async test function and how it takes its fixture (`M`, inferred).
pub trait Test<M> {
    /// Starts the fixture on `backend` and runs the test with it; does nothing when
    /// the fixture is not available.
    fn run(self, backend: Backend) -> impl Future<Output = ()>;
}

impl<F, T: Fixture> Test<ByValue<T>> for F
where
    F: AsyncFnOnce(T),
{
    async fn run(self, backend: Backend) {
        if let Some(fixture) = T::start(backend).await {
            self(fixture).await;
        }
    }
}

impl<F, T: Fixture> Test<ByRef<T>> for F
where
    F: for<'a> AsyncFnOnce(&'a T),
{
    async fn run(self, backend: Backend) {
        if let Some(fixture) = T::start(backend).await {
            self(&fixture).await;
        }
    }
}

/// Runs `test` on `backend` in a runtime of its own, with four worker threads.
pub fn run<M>(backend: Backend, test: impl Test<M>) {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(4)
        .enable_all()
        .build()
        .expect("a runtime")
        .block_on(test.run(backend));
}

/// Declares each async test once, run on SQLite and on Postgres (skipped, saying so,
/// when `SEEDPOST_TEST_POSTGRES` is unset): `sqlite::name` and `postgres::name`. A
/// test takes its [`Fixture`](crate::support::Fixture) by value or by reference, and
/// its type says what is started.
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[test]
                fn $name() {
                    $crate::support::run($crate::support::Backend::Sqlite, super::$name);
                }
            )*
        }
        mod postgres {
            $(
                #[test]
                fn $name() {
                    $crate::support::run($crate::support::Backend::Postgres, super::$name);
                }
            )*
        }
    };
}
