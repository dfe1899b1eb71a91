//! Matches in the store: accepting creates the match and its first games in one
//! transaction, each number of a match holds one game whoever writes it, a match
//! finishes once, and the sweeper's list is the matches that need advancing.

use seedpost::competition::entity::NewMatch;
use seedpost::competition::store::MatchStore;
use seedpost::domain::MatchRef;
use seedpost::domain::{
    ChallengeId, Ending, FirstChoice, MatchId, MatchStatus, MatchTerms, Schedule, Terms,
};
use seedpost::games::store::GameStore;
use seedpost::store::{Account, NewChallenge, Store, StoreError};
use seedpost_rules::{BySide, Side, Variant};

use crate::helpers::{account, at, connect, dpm, ended, new_game};
use crate::support::db::TestDb;

/// A challenge from `ann` to `bob` of `games` games on `schedule`.
async fn match_challenge(
    s: &dyn Store,
    ann: &Account,
    bob: &Account,
    games: i64,
    schedule: Schedule,
) -> ChallengeId {
    let terms = MatchTerms::new(games, schedule, true).expect("allowed terms");
    let challenge = s
        .create_challenge(
            NewChallenge {
                id: ChallengeId::new(),
                challenger: ann.id,
                opponent: Some(bob.id),
                variant: Variant::Mangala,
                days_per_move: dpm(3),
                first: FirstChoice::Challenger,
                terms: Terms::default(),
                match_terms: terms,
                declined: None,
                rematch_of: None,
                created_at: at(0),
            },
            &[],
            seedpost::store::ChallengeCaps::NONE,
        )
        .await
        .expect("the challenge is stored");
    assert_eq!(challenge.match_terms, terms);
    challenge.id
}

fn new_match(challenge: ChallengeId, ann: &Account, bob: &Account, games: i64) -> NewMatch {
    NewMatch {
        id: MatchId::new(),
        challenge_id: challenge,
        variant: Variant::Mangala,
        players: BySide::new(ann.id, bob.id),
        days_per_move: dpm(3),
        terms: Terms::default(),
        match_terms: MatchTerms::new(games, Schedule::Sequential, true).expect("allowed"),
        first: Side::South,
        created_at: at(1),
    }
}

pub async fn a_match_holds_one_game_per_number_and_finishes_once(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let players = BySide::new(&ann, &bob);
    let challenge = match_challenge(s, &ann, &bob, 3, Schedule::Sequential).await;
    let m = new_match(challenge, &ann, &bob, 3);
    let id = m.id;
    let first = new_game(Variant::Mangala, players, Side::South, dpm(3), at(1));
    let game1 = s
        .accept_match(m.clone(), vec![first.clone()], &[])
        .await
        .expect("the match starts");
    assert_eq!(game1.challenge_id, Some(challenge));
    let accepted = s.challenge(challenge).await.expect("the challenge");
    assert_eq!(accepted.game_id, Some(game1.id));
    // Accepted once: a second acceptance starts nothing.
    let again = NewMatch {
        id: MatchId::new(),
        ..m.clone()
    };
    let other = new_game(Variant::Mangala, players, Side::South, dpm(3), at(2));
    assert!(matches!(
        s.accept_match(again, vec![other], &[]).await,
        Err(StoreError::Conflict)
    ));

    let stored = s.get_match(id).await.expect("the match");
    assert_eq!(stored.status, MatchStatus::Ongoing);
    assert_eq!(stored.games.len(), 1);
    assert_eq!(stored.games[0].game, game1.id);
    assert_eq!(stored.first_in(2), Side::North);
    assert_eq!(
        s.match_of_game(game1.id).await.expect("a lookup"),
        Some(MatchRef {
            id,
            number: 1,
            of: 3
        })
    );
    assert_eq!(
        s.match_refs(&[game1.id]).await.expect("a lookup"),
        [(
            game1.id,
            MatchRef {
                id,
                number: 1,
                of: 3
            }
        )]
    );
    // Game 1 goes on: nothing to advance. Once over, the match is listed.
    assert_eq!(s.matches_to_advance(10).await.expect("a list"), []);
    let over = ended(&first.state, Ending::Resign, Some(Side::North), at(2));
    s.end_game(game1.id, 0, &over, &[])
        .await
        .expect("game 1 ends");
    assert_eq!(s.matches_to_advance(10).await.expect("a list"), [id]);

    // Two writers of game 2: the first gets it, the second a conflict.
    let game2 = new_game(Variant::Mangala, players, Side::North, dpm(3), at(3));
    let rival = new_game(Variant::Mangala, players, Side::North, dpm(3), at(3));
    let (a, b) = tokio::join!(
        s.start_match_game(id, 2, game2.clone(), &[]),
        s.start_match_game(id, 2, rival.clone(), &[])
    );
    assert!(
        matches!(
            (&a, &b),
            (Ok(_), Err(StoreError::Conflict)) | (Err(StoreError::Conflict), Ok(_))
        ),
        "{a:?} {b:?}"
    );
    let stored = s.get_match(id).await.expect("the match");
    assert_eq!(stored.games.len(), 2);
    let states = s.match_game_states(id).await.expect("the games");
    assert_eq!(states.len(), 2);
    assert_eq!(states[0].id, game1.id);
    // The loser's game is not stored at all.
    let lost = if a.is_ok() { rival.id } else { game2.id };
    assert!(matches!(s.game(lost).await, Err(StoreError::NotFound)));

    // Finishing: once.
    s.finish_match(id, BySide::new(0, 2), at(4), &[])
        .await
        .expect("the match finishes");
    assert!(matches!(
        s.finish_match(id, BySide::new(0, 2), at(5), &[]).await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.finish_match(MatchId::new(), BySide::new(0, 2), at(5), &[])
            .await,
        Err(StoreError::NotFound)
    ));
    // A finished match takes no further game.
    let late = new_game(Variant::Mangala, players, Side::South, dpm(3), at(6));
    assert!(matches!(
        s.start_match_game(id, 3, late, &[]).await,
        Err(StoreError::Conflict)
    ));
    let stored = s.get_match(id).await.expect("the match");
    assert_eq!(stored.status, MatchStatus::Finished);
    assert_eq!(stored.half_points, Some(BySide::new(0, 2)));
    assert_eq!(stored.finished_at, Some(at(4)));
    assert_eq!(s.matches_to_advance(10).await.expect("a list"), []);
    assert_eq!(
        s.player_matches(bob.id, 10).await.expect("a list"),
        std::slice::from_ref(&stored)
    );
    assert_eq!(s.export_matches().await.expect("a list"), [stored]);
}

pub async fn a_parallel_match_starts_all_its_games_and_is_listed_once_decided(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let players = BySide::new(&ann, &bob);
    let challenge = match_challenge(s, &ann, &bob, 3, Schedule::Parallel).await;
    let m = NewMatch {
        match_terms: MatchTerms::new(3, Schedule::Parallel, true).expect("allowed"),
        ..new_match(challenge, &ann, &bob, 3)
    };
    let id = m.id;
    let games: Vec<_> = (1..=3u8)
        .map(|n| {
            let first = if n % 2 == 1 { Side::South } else { Side::North };
            new_game(Variant::Mangala, players, first, dpm(3), at(1))
        })
        .collect();
    s.accept_match(m, games.clone(), &[])
        .await
        .expect("the match starts");
    let stored = s.get_match(id).await.expect("the match");
    let numbered: Vec<_> = stored.games.iter().map(|g| (g.number, g.game)).collect();
    assert_eq!(
        numbered,
        [(1, games[0].id), (2, games[1].id), (3, games[2].id)]
    );
    // Only game 1 is the challenge's.
    assert_eq!(
        s.game(games[1].id).await.expect("game 2").game.challenge_id,
        None
    );
    // One win of three: not decided. Two: decided, with game 3 still going.
    let win = |k: usize| ended(&games[k].state, Ending::Resign, Some(Side::South), at(2));
    s.end_game(games[0].id, 0, &win(0), &[])
        .await
        .expect("game 1 ends");
    assert_eq!(s.matches_to_advance(10).await.expect("a list"), []);
    s.end_game(games[1].id, 0, &win(1), &[])
        .await
        .expect("game 2 ends");
    assert_eq!(s.matches_to_advance(10).await.expect("a list"), [id]);
}
