//! The games file's reads (issue 36): a player's finished games a page at a time, the
//! latest ended first, whichever side the player took, read in the order of an index
//! rather than sorted whole for each page.

use std::cmp::Reverse;

use chrono::{DateTime, Utc};
use seedpost::domain::{Ending, GameId};
use seedpost::games::archive::{ArchiveFilter, ArchiveStore, FIRST_PAGE, NEXT_PAGE};
use seedpost::store::Store;
use seedpost_rules::{Side, Variant};
use uuid::Uuid;

use crate::helpers::{Played, account, at, connect, dpm};
use crate::support::db::TestDb;

/// Every page of `filter` at `limit` games a page, in order: the games' ids and ends.
async fn every_page(
    store: &dyn Store,
    filter: &ArchiveFilter,
    limit: u32,
) -> Vec<(GameId, DateTime<Utc>)> {
    let mut read = Vec::new();
    let mut after = None;
    loop {
        let page = store
            .finished_page(filter, after, limit)
            .await
            .expect("a page");
        assert!(page.len() <= limit as usize);
        read.extend(page.iter().map(|g| (g.game.id, g.game.state.updated_at)));
        after = page.last().map(|g| (g.game.state.updated_at, g.game.id.0));
        if page.len() < limit as usize {
            return read;
        }
    }
}

/// Ann plays eleven games, as South and as North, against two players; nine of them
/// end, several at the same time on either side; Bob and Cem play one of their own.
/// Paging through Ann's finished games two or three at a time gives each once, the
/// latest ended first and, of games ended together, the greater id first; the
/// variant and the times filter them.
pub async fn a_players_finished_games_come_a_page_at_a_time_newest_first_whichever_side_they_took(
    db: &TestDb,
) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let cem = account(&*store, "cem").await;
    // (Ann's side, her opponent, the variant, the minute it ends; none: still played.)
    let games = [
        (Side::South, &bob, Variant::Tihbat, Some(10)),
        (Side::North, &bob, Variant::Mangala, Some(10)),
        (Side::South, &cem, Variant::Tihbat, Some(10)),
        (Side::North, &cem, Variant::Tihbat, Some(20)),
        (Side::South, &bob, Variant::Mangala, Some(30)),
        (Side::North, &bob, Variant::Tihbat, Some(30)),
        (Side::North, &cem, Variant::Tihbat, Some(40)),
        (Side::South, &cem, Variant::Tihbat, Some(50)),
        (Side::North, &bob, Variant::Tihbat, Some(5)),
        (Side::South, &bob, Variant::Tihbat, None),
        (Side::North, &cem, Variant::Mangala, None),
    ];
    let mut finished: Vec<(GameId, DateTime<Utc>, Variant)> = Vec::new();
    for (side, opponent, variant, ends) in games {
        let (south, north) = match side {
            Side::South => (&ann, opponent),
            Side::North => (opponent, &ann),
        };
        let game = Played::start(&*store, south, north, variant, Side::South, dpm(3), at(0)).await;
        if let Some(minute) = ends {
            game.end(&*store, Ending::Resign, Some(Side::North), at(minute))
                .await;
            finished.push((game.id(), at(minute), variant));
        }
    }
    let theirs = Played::start(
        &*store,
        &bob,
        &cem,
        Variant::Tihbat,
        Side::South,
        dpm(3),
        at(0),
    )
    .await;
    theirs
        .end(&*store, Ending::Resign, Some(Side::North), at(60))
        .await;
    finished.sort_by_key(|&(id, ended, _)| Reverse((ended, id.0)));

    let all = ArchiveFilter {
        player: ann.id,
        variant: None,
        since: None,
        until: None,
    };
    let expected: Vec<(GameId, DateTime<Utc>)> =
        finished.iter().map(|&(id, ended, _)| (id, ended)).collect();
    for limit in [2, 3, 100] {
        assert_eq!(
            every_page(&*store, &all, limit).await,
            expected,
            "{limit} a page"
        );
    }

    let tihbat = ArchiveFilter {
        variant: Some(Variant::Tihbat),
        ..all
    };
    let expected: Vec<(GameId, DateTime<Utc>)> = finished
        .iter()
        .filter(|g| g.2 == Variant::Tihbat)
        .map(|&(id, ended, _)| (id, ended))
        .collect();
    assert_eq!(every_page(&*store, &tihbat, 2).await, expected);

    let window = ArchiveFilter {
        since: Some(at(10)),
        until: Some(at(40)),
        ..all
    };
    let expected: Vec<(GameId, DateTime<Utc>)> = finished
        .iter()
        .filter(|g| g.1 >= at(10) && g.1 < at(40))
        .map(|&(id, ended, _)| (id, ended))
        .collect();
    assert_eq!(expected.len(), 6, "the window holds games ended together");
    assert_eq!(every_page(&*store, &window, 2).await, expected);
}

/// The plans of SQLite's first and next pages: each arm read by its side's index in
/// the page's order and the two merged, no sort of the player's games (`USE TEMP
/// B-TREE FOR ORDER BY`, which the `(south_id = $1 OR north_id = $1) ORDER BY` of
/// before needed for every page). Postgres reads each arm with its own order and
/// limit instead (`Backend::LIMITS_EACH_ARM`); which plan it takes depends on the
/// table's statistics, so that backend is not claimed here (the closing note of the
/// session gives its plans over 300,000 games).
#[tokio::test]
async fn a_page_of_a_players_finished_games_is_read_in_index_order_on_sqlite_not_sorted() {
    let db = TestDb::sqlite().await;
    let store = connect(&db).await;
    let ann = account(&*store, "ann").await;
    let (time, id): (DateTime<Utc>, Uuid) = (at(10), Uuid::new_v4());
    let pool = sqlx::SqlitePool::connect(&db.url).await.expect("SQLite");
    for (name, statement, next) in [("first", FIRST_PAGE, false), ("next", NEXT_PAGE, true)] {
        // The statements are the server's constants, not text from outside.
        let query = sqlx::AssertSqlSafe(format!("EXPLAIN QUERY PLAN {statement}"));
        let mut query = sqlx::query_as::<_, (i64, i64, i64, String)>(query)
            .bind(ann.id.0)
            .bind(None::<String>)
            .bind(None::<DateTime<Utc>>)
            .bind(100_i64)
            .bind(time);
        if next {
            query = query.bind(id);
        }
        let plan: Vec<String> = query
            .fetch_all(&pool)
            .await
            .expect("a plan")
            .into_iter()
            .map(|row| row.3)
            .collect();
        let text = plan.join("\n");
        assert!(!text.contains("TEMP B-TREE"), "{name} page sorts:\n{text}");
        assert!(text.contains("MERGE (UNION ALL)"), "{name} page:\n{text}");
        for index in ["games_finished_by_south", "games_finished_by_north"] {
            assert!(text.contains(index), "{name} page without {index}:\n{text}");
        }
    }
    pool.close().await;
}
