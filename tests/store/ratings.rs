//! Ratings in the store: moved in the transaction that finishes a rated game, and
//! only then.

use seedpost::competition::entity::VariantRating;
use seedpost::competition::store::RatingStore;
use seedpost::domain::{Ending, Terms};
use seedpost::games::store::GameStore;
use seedpost::ratings::{Rating, rate_game};
use seedpost::store::Store;
use seedpost_rules::{BySide, Side, Variant};

use crate::helpers::{
    Played, Start, account, at, connect, dpm, finished_game, plies_since, state_of,
};
use crate::support::db::TestDb;

fn start(variant: Variant, rated: bool) -> Start {
    Start {
        variant,
        first: Side::South,
        days: dpm(3),
        terms: Terms {
            rated,
            weekend_pause: false,
        },
    }
}

/// The account's rating in `variant`, if it has one.
async fn rating_of(
    store: &dyn Store,
    account: &seedpost::store::Account,
    variant: Variant,
) -> Option<VariantRating> {
    store
        .account_ratings(account.id)
        .await
        .expect("the ratings")
        .into_iter()
        .find(|r| r.variant == variant)
}

fn assert_rating(actual: Option<&VariantRating>, expected: Rating, games: u32) {
    let actual = actual.unwrap_or_else(|| panic!("a rating, expected {expected:?}"));
    assert_eq!(actual.games, games, "{actual:?}");
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(
        close(actual.rating.rating, expected.rating)
            && close(actual.rating.deviation, expected.deviation)
            && close(actual.rating.volatility, expected.volatility),
        "{actual:?} is not {expected:?}"
    );
}

pub async fn a_rated_game_finished_by_the_rules_moves_both_ratings_as_glicko_2_says(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let engine = finished_game(Variant::Tihbat, Side::South, Some(Side::North));
    let game = Played::start_with(s, &ann, &bob, start(Variant::Tihbat, true), at(0)).await;
    assert!(game.stored.terms.rated);
    assert_eq!(s.account_ratings(ann.id).await.expect("ratings"), []);

    s.append_plies(
        game.id(),
        0,
        &plies_since(&engine, 0, at(5)),
        &state_of(&engine, dpm(3), at(5)),
        &[],
    )
    .await
    .expect("the whole game");

    let after = rate_game(
        BySide::new(Rating::INITIAL, Rating::INITIAL),
        Some(Side::North),
    );
    let ann_rating = rating_of(s, &ann, Variant::Tihbat).await;
    assert_rating(ann_rating.as_ref(), after.south, 1);
    assert_eq!(ann_rating.map(|r| r.updated_at), Some(at(5)));
    assert_rating(
        rating_of(s, &bob, Variant::Tihbat).await.as_ref(),
        after.north,
        1,
    );
    assert!(rating_of(s, &ann, Variant::Modiar).await.is_none());

    // The standings of the variant show it; those of all games have no rating.
    let tihbat = s
        .standings(Some(Variant::Tihbat), 0, 0)
        .await
        .expect("standings");
    assert_eq!(tihbat[0].username, bob.username);
    assert_eq!(tihbat[0].rating, Some(after.north));
    assert_eq!(tihbat[1].rating, Some(after.south));
    let all = s.standings(None, 0, 0).await.expect("standings");
    assert!(all.iter().all(|line| line.rating.is_none()), "{all:?}");
    assert_eq!(s.export_ratings().await.expect("export").len(), 2);
}

pub async fn resigning_and_timing_out_rate_a_rated_game_but_aborts_and_casual_games_do_not(
    db: &TestDb,
) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;

    // A casual game to its end, and an aborted rated game: no rating at all.
    let engine = finished_game(Variant::Modiar, Side::South, Some(Side::South));
    let casual = Played::start_with(s, &ann, &bob, start(Variant::Modiar, false), at(0)).await;
    s.append_plies(
        casual.id(),
        0,
        &plies_since(&engine, 0, at(1)),
        &state_of(&engine, dpm(3), at(1)),
        &[],
    )
    .await
    .expect("the whole game");
    let aborted = Played::start_with(s, &ann, &bob, start(Variant::Modiar, true), at(0)).await;
    aborted.end(s, Ending::Abort, None, at(1)).await;
    assert_eq!(s.account_ratings(ann.id).await.expect("ratings"), []);
    assert_eq!(s.account_ratings(bob.id).await.expect("ratings"), []);

    // Bob resigns a rated game; then Ann loses one on time: each rates from the last.
    let mut resigned = Played::start_with(s, &ann, &bob, start(Variant::Modiar, true), at(2)).await;
    resigned.play_first_legal(s, at(3)).await;
    resigned
        .end(s, Ending::Resign, Some(Side::South), at(4))
        .await;
    let first = rate_game(
        BySide::new(Rating::INITIAL, Rating::INITIAL),
        Some(Side::South),
    );
    assert_rating(
        rating_of(s, &ann, Variant::Modiar).await.as_ref(),
        first.south,
        1,
    );
    assert_rating(
        rating_of(s, &bob, Variant::Modiar).await.as_ref(),
        first.north,
        1,
    );

    // Bob is South this time.
    let timed_out = Played::start_with(s, &bob, &ann, start(Variant::Modiar, true), at(5)).await;
    timed_out
        .end(s, Ending::Timeout, Some(Side::South), at(6))
        .await;
    let second = rate_game(BySide::new(first.north, first.south), Some(Side::South));
    assert_rating(
        rating_of(s, &bob, Variant::Modiar).await.as_ref(),
        second.south,
        2,
    );
    assert_rating(
        rating_of(s, &ann, Variant::Modiar).await.as_ref(),
        second.north,
        2,
    );

    // Another aborted rated game changes nothing.
    let aborted = Played::start_with(s, &ann, &bob, start(Variant::Modiar, true), at(7)).await;
    aborted.end(s, Ending::Abort, None, at(8)).await;
    assert_rating(
        rating_of(s, &ann, Variant::Modiar).await.as_ref(),
        second.north,
        2,
    );
}

pub async fn two_rated_games_ending_at_once_for_one_player_are_rated_one_after_the_other(
    db: &TestDb,
) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let cem = account(s, "cem").await;
    let with_bob = Played::start_with(s, &ann, &bob, start(Variant::Tihbat, true), at(0)).await;
    let with_cem = Played::start_with(s, &ann, &cem, start(Variant::Tihbat, true), at(0)).await;

    let (a, b) = tokio::join!(
        with_bob.end(s, Ending::Resign, Some(Side::North), at(1)),
        with_cem.end(s, Ending::Resign, Some(Side::North), at(1)),
    );
    let ((), ()) = (a, b);

    // Whichever came first, Ann's second game was rated from her first's result.
    let ann_rating = rating_of(s, &ann, Variant::Tihbat).await;
    assert_eq!(ann_rating.as_ref().map(|r| r.games), Some(2));
    let once = rate_game(
        BySide::new(Rating::INITIAL, Rating::INITIAL),
        Some(Side::North),
    );
    let twice = rate_game(BySide::new(once.south, Rating::INITIAL), Some(Side::North));
    assert_rating(ann_rating.as_ref(), twice.south, 2);
}
