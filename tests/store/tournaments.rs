//! Tournaments in the store: joins settled at the tournament row (the player limit,
//! the start time), a start that inserts every game once, cancellation and finishing
//! only when their conditions hold, and vacation that does not stop the clocks of a
//! tournament that forbids it.

use seedpost::competition::entity::{NewTournament, NewTournamentGame, Vacation};
use seedpost::competition::store::{TournamentStore, VacationStore};
use seedpost::competition::tournament::TournamentStatus;
use seedpost::domain::{AccountId, Ending, TournamentId};
use seedpost::games::store::GameStore;
use seedpost::store::{Account, StoreError};
use seedpost_rules::{BySide, Side, Variant};

use crate::helpers::{account, connect, days, dpm, ended, new_game};
use crate::support::db::TestDb;

fn tournament(creator: &Account, max_players: u32, vacation_allowed: bool) -> NewTournament {
    NewTournament {
        id: TournamentId::new(),
        name: "Winter cup".to_owned(),
        creator: creator.id,
        variant: Variant::Tihbat,
        days_per_move: dpm(3),
        double: false,
        rated: false,
        vacation_allowed,
        max_players,
        starts_at: days(1),
        created_at: days(0),
    }
}

fn games(pairs: &[(&Account, &Account)]) -> Vec<NewTournamentGame> {
    pairs
        .iter()
        .map(|(south, north)| NewTournamentGame {
            cycle: 1,
            game: new_game(
                Variant::Tihbat,
                BySide::new(*south, *north),
                Side::South,
                dpm(3),
                days(1),
            ),
        })
        .collect()
}

pub async fn joins_are_settled_at_the_tournament_and_the_start_inserts_every_game_once(
    db: &TestDb,
) {
    let store = connect(db).await;
    let s = &*store;
    let [ann, bob, cem, dan] = [
        account(s, "ann").await,
        account(s, "bob").await,
        account(s, "cem").await,
        account(s, "dan").await,
    ];
    let t = s
        .create_tournament(&tournament(&ann, 3, true), u32::MAX)
        .await
        .expect("created");
    assert_eq!(t.status, TournamentStatus::Open);
    assert_eq!(s.tournament(t.id).await.expect("read"), t);
    assert!(matches!(
        s.tournament(TournamentId::new()).await,
        Err(StoreError::NotFound)
    ));

    s.join_tournament(t.id, ann.id, days(0))
        .await
        .expect("ann joins");
    assert!(matches!(
        s.join_tournament(t.id, ann.id, days(0)).await,
        Err(StoreError::Conflict)
    ));
    // Three at once for the two places left: exactly two get in.
    let tries = [bob.id, cem.id, dan.id].map(|a| s.join_tournament(t.id, a, days(0)));
    let joined = futures_join(tries).await;
    assert_eq!(joined.iter().filter(|r| r.is_ok()).count(), 2);
    assert!(
        joined
            .iter()
            .all(|r| r.is_ok() || matches!(r, Err(StoreError::Conflict)))
    );
    let entrants = s.entrants(t.id).await.expect("entrants");
    assert_eq!(entrants.len(), 3);
    let players: Vec<AccountId> = entrants.iter().map(|e| e.player.id).collect();
    let out = [&bob, &cem, &dan]
        .into_iter()
        .find(|a| !players.contains(&a.id))
        .expect("one left out");
    // Leaving makes room; an outsider cannot leave.
    assert!(matches!(
        s.leave_tournament(t.id, out.id).await,
        Err(StoreError::NotFound)
    ));
    let leaver = players[1];
    s.leave_tournament(t.id, leaver).await.expect("leaves");
    // At the start time joining is closed.
    assert!(matches!(
        s.join_tournament(t.id, out.id, days(1)).await,
        Err(StoreError::Conflict)
    ));
    let players = [players[0], players[2]];
    assert_eq!(
        s.due_tournaments(days(0)).await.expect("due"),
        Vec::<TournamentId>::new()
    );
    assert_eq!(s.due_tournaments(days(1)).await.expect("due"), [t.id]);

    let by_id = |id: AccountId| {
        [&ann, &bob, &cem, &dan]
            .into_iter()
            .find(|a| a.id == id)
            .expect("an account")
    };
    let pairing = games(&[(by_id(players[0]), by_id(players[1]))]);
    // Not before its time; not with other players than those in it.
    assert!(matches!(
        s.start_tournament(t.id, &players, &pairing, days(0), &[])
            .await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.start_tournament(t.id, &[players[0], leaver], &pairing, days(1), &[])
            .await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(s.tournament_games(t.id).await.expect("games"), []);
    s.start_tournament(t.id, &players, &pairing, days(1), &[])
        .await
        .expect("starts");
    // Once only.
    let again = games(&[(by_id(players[0]), by_id(players[1]))]);
    assert!(matches!(
        s.start_tournament(t.id, &players, &again, days(1), &[])
            .await,
        Err(StoreError::Conflict)
    ));
    let started = s.tournament_games(t.id).await.expect("games");
    assert_eq!(started.len(), 1);
    let game = &started[0].game;
    assert_eq!(game.id, pairing[0].game.id);
    // What the end of a game goes by to finish its tournament.
    assert_eq!(
        s.game(game.id)
            .await
            .expect("the game")
            .game
            .tournament
            .map(|r| r.id),
        Some(t.id)
    );
    assert_eq!(
        s.tournament(t.id).await.expect("read").status,
        TournamentStatus::Running
    );
    assert!(matches!(
        s.leave_tournament(t.id, players[0]).await,
        Err(StoreError::Conflict)
    ));

    // Not finished while its game goes on; withdrawal marks once.
    assert!(matches!(
        s.finish_tournament(t.id, days(2), &[]).await,
        Err(StoreError::Conflict)
    ));
    assert_eq!(s.tournaments_to_finish().await.expect("none"), []);
    assert!(
        s.withdraw_from_tournament(t.id, players[0], days(2))
            .await
            .expect("withdraws")
    );
    assert!(
        !s.withdraw_from_tournament(t.id, players[0], days(2))
            .await
            .expect("again")
    );
    assert!(matches!(
        s.withdraw_from_tournament(t.id, out.id, days(2)).await,
        Err(StoreError::NotFound)
    ));
    let state = ended(&game.state, Ending::Resign, Some(Side::North), days(2));
    s.end_game(game.id, 0, &state, &[]).await.expect("resigned");
    assert_eq!(s.tournaments_to_finish().await.expect("one"), [t.id]);
    s.finish_tournament(t.id, days(2), &[])
        .await
        .expect("finished");
    assert!(matches!(
        s.finish_tournament(t.id, days(2), &[]).await,
        Err(StoreError::Conflict)
    ));
    let finished = s.tournament(t.id).await.expect("read");
    assert_eq!(finished.status, TournamentStatus::Finished);
    assert_eq!(finished.ended_at, Some(days(2)));
    assert_eq!(
        s.tournaments(Some(TournamentStatus::Finished), 10, 0)
            .await
            .expect("listed"),
        [finished]
    );
    let exported = s.export_tournaments().await.expect("exported");
    assert_eq!(exported.len(), 1);
    assert_eq!(exported[0].games, [(game.id, 1)]);
    assert_eq!(exported[0].entrants.len(), 2);
}

/// Runs the joins at once.
async fn futures_join<F: std::future::Future>(tries: [F; 3]) -> Vec<F::Output> {
    let [a, b, c] = tries;
    let (a, b, c) = tokio::join!(a, b, c);
    vec![a, b, c]
}

pub async fn a_creator_at_its_cap_of_open_tournaments_makes_no_more_however_many_race(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let first = s
        .create_tournament(&tournament(&ann, 4, true), 3)
        .await
        .expect("created");
    // Eight creations race for the two places left: two win.
    let mut creations = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let (store, ann) = (store.clone(), ann.clone());
        creations
            .spawn(async move { store.create_tournament(&tournament(&ann, 4, true), 3).await });
    }
    let outcomes = creations.join_all().await;
    assert_eq!(outcomes.iter().filter(|o| o.is_ok()).count(), 2);
    assert!(
        outcomes
            .iter()
            .all(|o| o.is_ok() || matches!(o, Err(StoreError::Full))),
        "the others are refused at the cap"
    );
    assert!(matches!(
        s.create_tournament(&tournament(&ann, 4, true), 3).await,
        Err(StoreError::Full)
    ));
    // Another creator has a cap of its own; one that is no longer open frees a place.
    s.create_tournament(&tournament(&bob, 4, true), 3)
        .await
        .expect("bob's own");
    s.cancel_tournament(first.id, days(1), &[])
        .await
        .expect("canceled, without players");
    s.create_tournament(&tournament(&ann, 4, true), 3)
        .await
        .expect("a place again");
}

pub async fn a_tournament_short_of_players_is_canceled_and_only_then(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let t = s
        .create_tournament(&tournament(&ann, 4, true), u32::MAX)
        .await
        .expect("created");
    s.join_tournament(t.id, ann.id, days(0))
        .await
        .expect("joins");
    s.join_tournament(t.id, bob.id, days(0))
        .await
        .expect("joins");
    assert!(matches!(
        s.cancel_tournament(t.id, days(1), &[]).await,
        Err(StoreError::Conflict)
    ));
    s.leave_tournament(t.id, bob.id).await.expect("leaves");
    assert!(matches!(
        s.cancel_tournament(t.id, days(0), &[]).await,
        Err(StoreError::Conflict)
    ));
    s.cancel_tournament(t.id, days(1), &[])
        .await
        .expect("canceled");
    let canceled = s.tournament(t.id).await.expect("read");
    assert_eq!(canceled.status, TournamentStatus::Canceled);
    assert_eq!(canceled.ended_at, Some(days(1)));
    assert_eq!(s.due_tournaments(days(5)).await.expect("due"), []);
}

pub async fn a_vacation_does_not_stop_the_clocks_of_a_tournament_that_forbids_it(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let mut ids = Vec::new();
    for allowed in [false, true] {
        let t = s
            .create_tournament(&tournament(&ann, 2, allowed), u32::MAX)
            .await
            .expect("created");
        s.join_tournament(t.id, ann.id, days(0))
            .await
            .expect("joins");
        s.join_tournament(t.id, bob.id, days(0))
            .await
            .expect("joins");
        let pairing = games(&[(&ann, &bob)]);
        s.start_tournament(t.id, &[ann.id, bob.id], &pairing, days(1), &[])
            .await
            .expect("starts");
        ids.push(pairing[0].game.id);
    }
    let (strict, relaxed) = (ids[0], ids[1]);
    let away = Vacation {
        id: uuid::Uuid::new_v4(),
        account: ann.id,
        started_at: days(2),
        allowed_until: days(20),
        ended_at: None,
    };
    s.start_vacation(&away).await.expect("away");
    // Both deadlines (day 4) have passed by day 10: only the strict game is overdue.
    let overdue: Vec<_> = s
        .overdue_games(days(10), 10)
        .await
        .expect("overdue")
        .into_iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(overdue, [strict]);
    let shown = |id| async move { s.game_state(id).await.expect("the game").on_vacation };
    assert_eq!(shown(strict).await, BySide::new(false, false));
    assert_eq!(shown(relaxed).await, BySide::new(true, false));
    // The end of the vacation pushes only the relaxed game's deadline.
    s.end_vacation(ann.id, days(3)).await.expect("back");
    let deadline = |id| async move { s.game_state(id).await.expect("the game").state.deadline };
    assert_eq!(deadline(strict).await, Some(days(4)));
    assert_eq!(deadline(relaxed).await, Some(days(5)));
}
