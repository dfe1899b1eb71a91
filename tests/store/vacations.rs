//! Vacations in the store: one at a time, their games hidden from the sweeper, and
//! their end pushing each game's deadline by the time its clock stood still.

use chrono::TimeDelta;
use seedpost::competition::entity::Vacation;
use seedpost::competition::store::VacationStore;
use seedpost::domain::AccountId;
use seedpost::games::store::GameStore;
use seedpost::store::StoreError;
use seedpost_rules::{Side, Variant};

use crate::helpers::{Played, account, connect, days, dpm};
use crate::support::db::TestDb;

fn vacation(account: AccountId, from: i64, until: i64) -> Vacation {
    Vacation {
        id: uuid::Uuid::new_v4(),
        account,
        started_at: days(from),
        allowed_until: days(until),
        ended_at: None,
    }
}

pub async fn a_vacation_hides_its_games_from_the_sweeper_and_its_end_pushes_their_deadlines(
    db: &TestDb,
) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let three = dpm(3);
    // Bob to move in `before` (its deadline day 3); in `during` Ann moves on day 2,
    // while Bob is away, so Bob's deadline is day 5.
    let before = Played::start(s, &bob, &ann, Variant::Modiar, Side::South, three, days(0)).await;
    let mut during =
        Played::start(s, &ann, &bob, Variant::Modiar, Side::South, three, days(-1)).await;

    let away = vacation(bob.id, 1, 21);
    s.start_vacation(&away).await.expect("the vacation starts");
    assert!(matches!(
        s.start_vacation(&vacation(bob.id, 1, 21)).await,
        Err(StoreError::Conflict)
    ));
    during.play_first_legal(s, days(2)).await;
    let game = s.game(before.id()).await.expect("the game").game;
    assert!(game.on_vacation.south);
    assert!(!game.on_vacation.north);
    // Day 10: both deadlines have passed, but Bob is away.
    assert_eq!(s.overdue_games(days(10), 10).await.expect("overdue"), []);
    assert_eq!(s.expired_vacations(days(10)).await.expect("expired"), []);
    assert_eq!(
        s.expired_vacations(days(21)).await.expect("expired"),
        [bob.id]
    );

    let ended = s
        .end_vacation(bob.id, days(10))
        .await
        .expect("the vacation ends");
    assert_eq!(ended.ended_at, Some(days(10)));
    assert_eq!(ended.length(days(30)), TimeDelta::days(9));
    assert!(matches!(
        s.end_vacation(bob.id, days(11)).await,
        Err(StoreError::NotFound)
    ));
    // Stood still from the vacation's start (day 1), and from Ann's move (day 2).
    let deadline = |id| async move { s.game(id).await.expect("the game").game.state.deadline };
    assert_eq!(deadline(before.id()).await, Some(days(3 + 9)));
    assert_eq!(deadline(during.id()).await, Some(days(5 + 8)));
    assert_eq!(
        s.vacations(bob.id, days(0)).await.expect("vacations"),
        [ended]
    );
    assert_eq!(s.vacations(ann.id, days(0)).await.expect("vacations"), []);
    let overdue = s.overdue_games(days(13), 10).await.expect("overdue");
    assert_eq!(overdue.len(), 1);
    assert_eq!(overdue[0].id, before.id());
}
