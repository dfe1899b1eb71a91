//! Calendar feeds and digest settings in the store: one feed per account found by its
//! hash, replaced and deleted; digest settings kept across changes; a day's digest
//! claimed once however many sweeps race for it, and given back.

use chrono::NaiveDate;
use seedpost::notifications::entity::CalendarFeed;
use seedpost::notifications::store::CalendarStore;
use seedpost::store::StoreError;

use seedpost::competition::entity::Vacation;
use seedpost::competition::store::VacationStore;
use seedpost_rules::{Side, Variant};

use crate::helpers::{Played, account, connect, days, dpm, t0};
use crate::support::db::TestDb;

fn hash(n: u8) -> String {
    format!("{n:02x}").repeat(32)
}

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, d).expect("a day")
}

pub async fn a_calendar_feed_is_found_by_its_hash_until_replaced_or_deleted(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    assert!(matches!(
        s.calendar(ann.id).await,
        Err(StoreError::NotFound)
    ));

    let feed = CalendarFeed {
        account: ann.id,
        hash: hash(1),
        created_at: t0(),
    };
    s.set_calendar(&feed).await.expect("a feed");
    assert_eq!(s.calendar(ann.id).await.expect("the feed"), feed);
    assert_eq!(
        s.account_by_calendar(&hash(1)).await.expect("ann").id,
        ann.id
    );
    // Another account's hash finds that account only.
    s.set_calendar(&CalendarFeed {
        account: bob.id,
        hash: hash(2),
        created_at: t0(),
    })
    .await
    .expect("bob's feed");
    assert_eq!(
        s.account_by_calendar(&hash(2)).await.expect("bob").id,
        bob.id
    );

    // A new secret replaces the old one.
    let renewed = CalendarFeed {
        hash: hash(3),
        created_at: days(1),
        ..feed
    };
    s.set_calendar(&renewed).await.expect("a new secret");
    assert!(matches!(
        s.account_by_calendar(&hash(1)).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(
        s.account_by_calendar(&hash(3)).await.expect("ann").id,
        ann.id
    );
    assert_eq!(s.export_calendars().await.expect("all feeds").len(), 2);

    s.delete_calendar(ann.id).await.expect("deleted");
    assert!(matches!(
        s.delete_calendar(ann.id).await,
        Err(StoreError::NotFound)
    ));
    assert!(matches!(
        s.account_by_calendar(&hash(3)).await,
        Err(StoreError::NotFound)
    ));
    assert_eq!(
        s.account_by_calendar(&hash(2)).await.expect("bob").id,
        bob.id
    );
}

pub async fn a_days_digest_is_claimed_once_however_many_sweeps_race_and_can_be_given_back(
    db: &TestDb,
) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let cem = account(s, "cem").await;
    let dan = account(s, "dan").await;
    // Ann (South) and Dan are to move; Bob and Cem are not.
    Played::start(s, &ann, &bob, Variant::Modiar, Side::South, dpm(3), t0()).await;
    Played::start(s, &dan, &cem, Variant::Modiar, Side::South, dpm(3), t0()).await;
    assert!(matches!(s.digest(ann.id).await, Err(StoreError::NotFound)));
    assert!(
        !s.claim_digest(ann.id, day(1)).await.expect("a claim"),
        "no settings"
    );

    let set = s
        .set_digest(ann.id, "ann@example.org", true, t0())
        .await
        .expect("settings");
    assert_eq!(set.email, "ann@example.org");
    assert!(set.enabled);
    assert_eq!(set.last_sent_on, None);
    s.set_digest(bob.id, "bob@example.org", false, t0())
        .await
        .expect("settings");
    s.set_digest(cem.id, "cem@example.org", true, t0())
        .await
        .expect("settings");
    s.set_digest(dan.id, "dan@example.org", true, t0())
        .await
        .expect("settings");
    // Dan is away.
    s.start_vacation(&Vacation {
        id: uuid::Uuid::new_v4(),
        account: dan.id,
        started_at: t0(),
        allowed_until: days(20),
        ended_at: None,
    })
    .await
    .expect("a vacation");
    let due: Vec<_> = s
        .digests_due(day(1), 10)
        .await
        .expect("due")
        .into_iter()
        .map(|d| d.account)
        .collect();
    assert_eq!(
        due,
        [ann.id],
        "on, with a game to move in, and not on vacation"
    );

    // Eight sweeps race for the day: one wins.
    let mut sweeps = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let store = store.clone();
        sweeps.spawn(async move { store.claim_digest(ann.id, day(1)).await });
    }
    let won = sweeps
        .join_all()
        .await
        .into_iter()
        .map(|c| c.expect("a claim"))
        .filter(|&won| won)
        .count();
    assert_eq!(won, 1);
    assert_eq!(
        s.digest(ann.id).await.expect("settings").last_sent_on,
        Some(day(1))
    );
    assert_eq!(s.digests_due(day(1), 10).await.expect("due"), []);
    assert!(
        !s.claim_digest(bob.id, day(1)).await.expect("a claim"),
        "off"
    );

    // Changing the address keeps the day; the next day is due again.
    let changed = s
        .set_digest(ann.id, "ann@example.net", true, days(1))
        .await
        .expect("settings");
    assert_eq!(changed.last_sent_on, Some(day(1)));
    assert_eq!(changed.updated_at, days(1));
    assert_eq!(s.digests_due(day(2), 10).await.expect("due").len(), 1);
    assert!(s.claim_digest(ann.id, day(2)).await.expect("a claim"));

    // A claim given back (the mail failed) may be taken again.
    s.unclaim_digest(ann.id, day(2), Some(day(1)))
        .await
        .expect("given back");
    assert_eq!(
        s.digest(ann.id).await.expect("settings").last_sent_on,
        Some(day(1))
    );
    assert!(s.claim_digest(ann.id, day(2)).await.expect("a claim"));
    assert_eq!(s.export_digests().await.expect("all").len(), 4);
}
