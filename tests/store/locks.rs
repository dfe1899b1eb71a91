//! The order writers lock account rows in: one order, by id, so that two writers of
//! the same two accounts never wait for each other.

use std::time::{Duration, Instant};

use seedpost::domain::{ChallengeId, EventKind, FirstChoice, MatchTerms, Terms};
use seedpost::store::{Account, ChallengeCaps, NewChallenge, NewEvent, Store};
use seedpost_rules::Variant;
use sqlx::Connection;

use crate::helpers::{account, at, connect, dpm};
use crate::support::db::TestDb;

/// What a move between two players does to their rows, on a connection of its own:
/// takes seqs from each account's row (the row lock every writer of events takes),
/// the lower id first.
const TAKE_A_SEQ: &str = "UPDATE accounts SET event_seq = event_seq WHERE id = $1";

/// A challenge from `challenger` to `opponent` under caps, telling the opponent.
async fn capped_challenge(
    store: &dyn Store,
    challenger: &Account,
    opponent: &Account,
) -> Result<seedpost::store::Challenge, seedpost::store::StoreError> {
    let event = NewEvent {
        account: opponent.id,
        kind: EventKind::Challenge,
        payload: "{}".to_owned(),
        created_at: at(1),
    };
    store
        .create_challenge(
            NewChallenge {
                id: ChallengeId::new(),
                challenger: challenger.id,
                opponent: Some(opponent.id),
                variant: Variant::Mangala,
                days_per_move: dpm(3),
                first: FirstChoice::Random,
                terms: Terms::default(),
                match_terms: MatchTerms::default(),
                declined: None,
                rematch_of: None,
                created_at: at(1),
            },
            &[event],
            ChallengeCaps {
                open: 20,
                per_opponent: 5,
            },
        )
        .await
}

/// A challenge to a player of a lower id, made while a move between the two holds the
/// opponent's row and then takes the challenger's: the challenge waits for the move
/// and both go through. It used to lock the challenger first, to count its open
/// challenges, and then wait for the opponent's row, while the move waited for the
/// challenger's: Postgres found the deadlock and failed the challenge (40P01).
pub async fn a_challenge_made_while_a_move_between_the_two_players_holds_their_rows_waits_for_it(
    db: &TestDb,
) {
    challenge_beside_another_writer(db, Order::LowerFirst).await;
}

/// A challenge the database fails to break a deadlock (another writer took the two
/// players' rows in the other order, higher id first) runs again, and is made once
/// the other writer is done; without the retry, the challenge failed with 40P01.
pub async fn a_write_the_database_fails_to_break_a_deadlock_runs_again(db: &TestDb) {
    challenge_beside_another_writer(db, Order::HigherFirst).await;
}

/// The order in which the other writer takes the two players' rows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    /// As every writer of seedpost does: the lower id first.
    LowerFirst,
    /// The other way round: a deadlock with the challenge, which Postgres breaks by
    /// failing one of the two.
    HigherFirst,
}

/// A challenge from the player of the higher id to the other, made while another
/// writer (a connection of its own) holds the first of the two rows in `order`, waits
/// for the challenge to wait for a lock, takes the second and commits; the challenge
/// is then made, once.
async fn challenge_beside_another_writer(db: &TestDb, order: Order) {
    let store = connect(db).await;
    let (ann, bob) = (account(&*store, "ann").await, account(&*store, "bob").await);
    let (low, high) = if ann.id.0 < bob.id.0 {
        (ann, bob)
    } else {
        (bob, ann)
    };
    if db.is_postgres() {
        let mut other = sqlx::PgConnection::connect(&db.url)
            .await
            .expect("connects");
        let mut watch = sqlx::PgConnection::connect(&db.url)
            .await
            .expect("connects");
        let (first, second) = match order {
            Order::LowerFirst => (low.id.0, high.id.0),
            Order::HigherFirst => (high.id.0, low.id.0),
        };
        let (holder,): (i32,) = sqlx::query_as("SELECT pg_backend_pid()")
            .fetch_one(&mut other)
            .await
            .expect("the other writer's process");
        // Postgres fails the waiter whose deadlock check runs first, after its
        // `deadlock_timeout`: the challenge waits first, but on a loaded machine its
        // check may still run later. This writer checks only after a minute, so the
        // challenge is always the one failed.
        sqlx::query("SET deadlock_timeout = '60s'")
            .execute(&mut other)
            .await
            .expect("the other writer checks for deadlocks late");
        let mut tx = other.begin().await.expect("a transaction");
        sqlx::query(TAKE_A_SEQ)
            .bind(first)
            .execute(&mut *tx)
            .await
            .expect("the first row");
        let challenge = tokio::spawn({
            let (store, high, low) = (store.clone(), high.clone(), low.clone());
            async move { capped_challenge(&*store, &high, &low).await }
        });
        waiting_for_a_lock(&mut watch, holder).await;
        // In the other order the challenge holds the lower row and waits for the
        // higher; this writer now wants the lower one. The challenge, waiting first,
        // is the one Postgres fails, and it runs again.
        sqlx::query(TAKE_A_SEQ)
            .bind(second)
            .execute(&mut *tx)
            .await
            .expect("the other writer takes its second row");
        tx.commit().await.expect("the other writer commits");
        let made = challenge
            .await
            .expect("the challenge's task")
            .expect("the challenge is made once the other writer is done");
        assert_eq!(made.challenger.id, high.id);
    } else {
        // SQLite's write transaction holds the whole database: nothing to order.
        let made = capped_challenge(&*store, &high, &low)
            .await
            .expect("the challenge is made");
        assert_eq!(made.challenger.id, high.id);
    }
    let open = store
        .open_challenges(low.id, seedpost::store::Page::first(10))
        .await
        .expect("the challenges");
    assert_eq!(open.len(), 1, "made once");
}

/// Returns once a connection waits for a lock the process `holder` holds. Counting
/// any wait in the database was not enough: another test's wait let the other writer
/// go on before the challenge waited, and then the other writer, waiting first, was
/// the one Postgres failed.
async fn waiting_for_a_lock(watch: &mut sqlx::PgConnection, holder: i32) {
    let started = Instant::now();
    loop {
        let (waiting,): (i64,) = sqlx::query_as(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE wait_event_type = 'Lock' AND $1 = ANY(pg_blocking_pids(pid))",
        )
        .bind(holder)
        .fetch_one(&mut *watch)
        .await
        .expect("the activity");
        if waiting >= 1 {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "nothing ever waited for a lock"
        );
        tokio::task::yield_now().await;
    }
}
