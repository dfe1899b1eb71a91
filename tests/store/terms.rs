//! A challenge's terms (rated or casual, weekend pause) are kept, and kept by its game.

use seedpost::domain::Terms;
use seedpost::games::store::GameStore;
use seedpost_rules::{Side, Variant};

use crate::helpers::{Start, account, at, connect, dpm, start_with, state_of};
use crate::support::db::TestDb;

pub async fn every_combination_of_terms_is_kept_by_the_challenge_and_its_game(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    for rated in [false, true] {
        for weekend_pause in [false, true] {
            let terms = Terms {
                rated,
                weekend_pause,
            };
            let start = Start {
                variant: Variant::Modiar,
                first: Side::South,
                days: dpm(2),
                terms,
            };
            let engine = seedpost_rules::Game::new(Variant::Modiar, Side::South);
            let game = start_with(
                s,
                &ann,
                &bob,
                start,
                at(0),
                state_of(&engine, dpm(2), at(0)),
            )
            .await;
            assert_eq!(game.terms, terms);
            assert_eq!(s.game(game.id).await.expect("the game").game.terms, terms);
            let challenge = game.challenge_id.expect("a challenge");
            assert_eq!(
                s.challenge(challenge).await.expect("the challenge").terms,
                terms
            );
        }
    }
}
