//! The store suite: one set of tests run on SQLite and, when `SEEDPOST_TEST_POSTGRES`
//! names a server, on Postgres, each on a fresh database.
//!
//! Every game's cached state is built by the rules engine, so the tests also show that
//! what the store keeps is the replay of the moves it keeps.

#[path = "../support/mod.rs"]
mod support;

mod accounts;
mod archive;
mod calendar;
mod helpers;
mod leases;
mod locks;
mod matches;
mod ratings;
mod terms;
mod tournaments;
mod vacations;

use std::task::Poll;
use std::time::Duration;

use chrono::TimeDelta;
use seedpost::domain::{
    AccountId, ChallengeId, ChallengeStatus, DeclineReason, Ending, EventKind, FirstChoice, GameId,
    GameStatus, Lang, NewSession, Scopes, Terms,
};
use seedpost::games::store::GameStore;
use seedpost::store::postgres::PgStore;
use seedpost::store::sqlite::SqliteStore;
use seedpost::store::{
    Challenge, Closing, GameFilter, GameWithMoves, Move, NewEvent, Standing, Store, StoreError,
};
use seedpost_rules::{BySide, Ply, Position, Side, Variant};

use accounts::{
    a_password_change_ends_the_other_sessions_and_the_tokens_only_when_asked,
    closing_renaming_deleting_and_listing_sign_ups_keep_to_their_accounts,
    logging_out_everywhere_ends_every_session_of_the_account_and_no_token,
};
use archive::a_players_finished_games_come_a_page_at_a_time_newest_first_whichever_side_they_took;
use calendar::{
    a_calendar_feed_is_found_by_its_hash_until_replaced_or_deleted,
    a_days_digest_is_claimed_once_however_many_sweeps_race_and_can_be_given_back,
};
use helpers::{
    Played, account, at, challenge, connect, connect_with, days, dpm, ended, finished_game,
    first_legal, new_account, new_game, new_token, pit, player, plies_since, start_at, state_of,
    state_of_position, t0,
};
use leases::a_claim_refused_while_its_holder_lets_go_answers_with_a_lease_never_an_error;
use locks::{
    a_challenge_made_while_a_move_between_the_two_players_holds_their_rows_waits_for_it,
    a_write_the_database_fails_to_break_a_deadlock_runs_again,
};
use matches::{
    a_match_holds_one_game_per_number_and_finishes_once,
    a_parallel_match_starts_all_its_games_and_is_listed_once_decided,
};
use ratings::{
    a_rated_game_finished_by_the_rules_moves_both_ratings_as_glicko_2_says,
    resigning_and_timing_out_rate_a_rated_game_but_aborts_and_casual_games_do_not,
    two_rated_games_ending_at_once_for_one_player_are_rated_one_after_the_other,
};
use support::db::TestDb;
use terms::every_combination_of_terms_is_kept_by_the_challenge_and_its_game;
use tournaments::{
    a_creator_at_its_cap_of_open_tournaments_makes_no_more_however_many_race,
    a_tournament_short_of_players_is_canceled_and_only_then,
    a_vacation_does_not_stop_the_clocks_of_a_tournament_that_forbids_it,
    joins_are_settled_at_the_tournament_and_the_start_inserts_every_game_once,
};
use vacations::a_vacation_hides_its_games_from_the_sweeper_and_its_end_pushes_their_deadlines;

on_both_backends!(
    a_players_finished_games_come_a_page_at_a_time_newest_first_whichever_side_they_took,
    accounts_are_unique_ignoring_case,
    an_accounts_language_is_kept_read_with_its_session_and_forgotten,
    tokens_are_found_by_hash_listed_without_secrets_and_deleted_only_by_their_owner,
    a_tokens_last_use_is_kept_and_written_at_most_once_a_minute,
    a_tokens_scopes_are_kept_and_a_token_stored_without_them_has_them_all,
    the_declined_challenges_of_a_challenger_are_listed_since_a_time_with_their_reasons,
    a_challenge_is_accepted_once_and_closed_only_while_open,
    open_challenges_are_those_an_account_may_answer_newest_first,
    a_new_game_starts_at_ply_zero_at_the_engines_start,
    a_ply_at_the_current_ply_is_kept_and_a_second_writer_at_that_ply_gets_conflict,
    a_sow_and_the_automatic_pass_after_it_are_appended_together,
    a_moves_events_take_each_accounts_next_seqs_and_come_back_as_stored,
    concurrent_moves_in_many_games_of_two_players_take_every_seq_once_in_order,
    the_purge_deletes_the_events_written_before_its_time_and_keeps_the_rest,
    a_move_the_database_refuses_fails_alone_among_concurrent_moves,
    of_thirty_two_concurrent_writers_at_one_ply_exactly_one_succeeds,
    a_game_ends_only_at_the_ply_its_ender_saw,
    overdue_games_are_ongoing_games_past_their_deadline_oldest_first,
    games_are_filtered_and_listed_with_the_viewers_turns_first,
    standings_count_wins_draws_and_losses_in_half_points_without_aborted_games,
    a_whole_game_round_trips_exactly_and_its_cache_equals_the_replay,
    dropped_writes_still_finish_and_leave_the_pool_clean,
    corrupt_rows_are_errors_not_values,
    connecting_again_applies_no_migration_twice,
    a_rated_game_finished_by_the_rules_moves_both_ratings_as_glicko_2_says,
    resigning_and_timing_out_rate_a_rated_game_but_aborts_and_casual_games_do_not,
    two_rated_games_ending_at_once_for_one_player_are_rated_one_after_the_other,
    every_combination_of_terms_is_kept_by_the_challenge_and_its_game,
    a_vacation_hides_its_games_from_the_sweeper_and_its_end_pushes_their_deadlines,
    joins_are_settled_at_the_tournament_and_the_start_inserts_every_game_once,
    a_creator_at_its_cap_of_open_tournaments_makes_no_more_however_many_race,
    a_tournament_short_of_players_is_canceled_and_only_then,
    a_vacation_does_not_stop_the_clocks_of_a_tournament_that_forbids_it,
    a_calendar_feed_is_found_by_its_hash_until_replaced_or_deleted,
    a_days_digest_is_claimed_once_however_many_sweeps_race_and_can_be_given_back,
    a_match_holds_one_game_per_number_and_finishes_once,
    a_parallel_match_starts_all_its_games_and_is_listed_once_decided,
    a_password_change_ends_the_other_sessions_and_the_tokens_only_when_asked,
    logging_out_everywhere_ends_every_session_of_the_account_and_no_token,
    closing_renaming_deleting_and_listing_sign_ups_keep_to_their_accounts,
    a_challenge_made_while_a_move_between_the_two_players_holds_their_rows_waits_for_it,
    a_write_the_database_fails_to_break_a_deadlock_runs_again,
    a_claim_refused_while_its_holder_lets_go_answers_with_a_lease_never_an_error,
);

/// Asserts that a result is the error matching `pattern`.
macro_rules! assert_err {
    ($result:expr, $pattern:pat) => {
        match $result {
            Err($pattern) => {}
            other => panic!("expected Err({}), got {other:?}", stringify!($pattern)),
        }
    };
}

async fn an_accounts_language_is_kept_read_with_its_session_and_forgotten(db: &TestDb) {
    let store = connect(db).await;
    let ayse = account(&*store, "ayse").await;
    let mehmet = account(&*store, "mehmet").await;
    assert_eq!(store.language(ayse.id).await.ok(), Some(None));
    store
        .create_session(NewSession {
            hash: "a".repeat(64),
            account: ayse.id,
            csrf: "c".repeat(64),
            created_at: t0(),
            expires_at: t0() + TimeDelta::days(1),
        })
        .await
        .expect("a session");
    let hash = "a".repeat(64);
    assert_eq!(
        store.session(&hash, t0()).await.ok().map(|s| s.language),
        Some(None)
    );
    store
        .set_language(ayse.id, Some(Lang::Ar))
        .await
        .expect("set");
    assert_eq!(store.language(ayse.id).await.ok(), Some(Some(Lang::Ar)));
    assert_eq!(
        store.session(&hash, t0()).await.ok().map(|s| s.language),
        Some(Some(Lang::Ar))
    );
    assert_eq!(
        store.language(mehmet.id).await.ok(),
        Some(None),
        "hers only"
    );
    store.set_language(ayse.id, None).await.expect("forgotten");
    assert_eq!(store.language(ayse.id).await.ok(), Some(None));
    assert_err!(
        store.set_language(AccountId::new(), Some(Lang::Tr)).await,
        StoreError::NotFound
    );
    assert_err!(store.language(AccountId::new()).await, StoreError::NotFound);
}

async fn accounts_are_unique_ignoring_case(db: &TestDb) {
    let store = connect(db).await;
    let ayse = account(&*store, "Ayse").await;
    assert_eq!(ayse.username.as_str(), "Ayse");

    for name in ["ayse", "AYSE", "Ayse"] {
        let token = new_token("first", t0());
        let hash = token.hash.clone();
        assert_err!(
            store.create_account(new_account(name), Some(token)).await,
            StoreError::Conflict
        );
        // Nothing of the refused sign-up stays, not even its token.
        assert_err!(
            store.account_by_token(&hash, t0()).await,
            StoreError::NotFound
        );
    }

    assert_eq!(store.account_by_name("aYsE").await.ok(), Some(ayse.clone()));
    let (found, hash) = store
        .account_with_password("AYSE")
        .await
        .expect("found ignoring case");
    assert_eq!(found, ayse);
    assert_eq!(hash, new_account("Ayse").password_hash);
    assert_err!(store.account_by_name("nobody").await, StoreError::NotFound);
    assert_err!(
        store.account_with_password("nobody").await,
        StoreError::NotFound
    );

    let mut bot = new_account("Seed-Bot_1");
    bot.bot = true;
    let bot = store
        .create_account(bot, Some(new_token("first", t0())))
        .await
        .expect("a bot signs up");
    assert!(bot.bot);
    assert_eq!(store.account_by_name("seed-bot_1").await.ok(), Some(bot));
}

async fn tokens_are_found_by_hash_listed_without_secrets_and_deleted_only_by_their_owner(
    db: &TestDb,
) {
    let store = connect(db).await;
    let first = new_token("first", at(0));
    let ann = store
        .create_account(new_account("ann"), Some(first.clone()))
        .await
        .expect("ann signs up");
    let bob = account(&*store, "bob").await;

    let laptop_token = new_token("laptop", at(5));
    let laptop = store
        .create_token(ann.id, laptop_token.clone(), u32::MAX)
        .await
        .expect("a second token");
    assert_eq!(
        (laptop.id, laptop.account_id, laptop.label.as_str()),
        (laptop_token.id, ann.id, "laptop")
    );
    assert_eq!((laptop.created_at, laptop.last_used_at), (at(5), None));

    for hash in [&first.hash, &laptop_token.hash] {
        assert_eq!(
            store.account_by_token(hash, at(10)).await.ok(),
            Some((ann.clone(), Scopes::ALL))
        );
    }
    assert_err!(
        store.account_by_token("0000", at(10)).await,
        StoreError::NotFound
    );

    // Newest first; `Token` has no field for the hash, so no secret can be listed.
    let listed = store.tokens(ann.id).await.expect("ann's tokens");
    let labels: Vec<_> = listed.iter().map(|t| (t.id, t.label.as_str())).collect();
    assert_eq!(labels, [(laptop.id, "laptop"), (first.id, "first")]);

    // Hashes are unique.
    let mut copy = new_token("copy", at(11));
    copy.hash.clone_from(&first.hash);
    assert_err!(
        store.create_token(bob.id, copy, u32::MAX).await,
        StoreError::Conflict
    );

    // Only the owner deletes a token.
    assert_err!(
        store.delete_token(bob.id, laptop.id).await,
        StoreError::NotFound
    );
    assert_eq!(store.tokens(ann.id).await.map(|t| t.len()).ok(), Some(2));
    store
        .delete_token(ann.id, laptop.id)
        .await
        .expect("ann deletes her token");
    assert_err!(
        store.account_by_token(&laptop_token.hash, at(12)).await,
        StoreError::NotFound
    );
    assert_err!(
        store.delete_token(ann.id, laptop.id).await,
        StoreError::NotFound
    );
    let left: Vec<_> = store
        .tokens(ann.id)
        .await
        .expect("ann's tokens")
        .into_iter()
        .map(|t| t.id)
        .collect();
    assert_eq!(left, [first.id]);
    assert_eq!(store.tokens(bob.id).await.map(|t| t.len()).ok(), Some(1));
}

async fn a_tokens_last_use_is_kept_and_written_at_most_once_a_minute(db: &TestDb) {
    let store = connect(db).await;
    let token = new_token("first", t0());
    let ann = store
        .create_account(new_account("ann"), Some(token.clone()))
        .await
        .expect("ann signs up");
    let last_used = || async { store.tokens(ann.id).await.expect("ann's tokens")[0].last_used_at };
    assert_eq!(last_used().await, None);

    for (now, kept) in [
        (at(1), at(1)),
        // Within the minute: not written again.
        (at(1) + TimeDelta::seconds(59), at(1)),
        (at(3), at(3)),
        // Kept to the microsecond, as every time is.
        (at(10) + TimeDelta::nanoseconds(789), at(10)),
    ] {
        store
            .account_by_token(&token.hash, now)
            .await
            .expect("the token authenticates");
        assert_eq!(last_used().await, Some(kept), "used at {now}");
    }
}

async fn a_challenge_is_accepted_once_and_closed_only_while_open(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let cem = account(&*store, "cem").await;

    let named = challenge(&*store, &ann, Some(&bob), Variant::Modiar, at(1)).await;
    assert_eq!(
        named,
        Challenge {
            id: named.id,
            challenger: player(&ann),
            opponent: Some(player(&bob)),
            variant: Variant::Modiar,
            days_per_move: dpm(3),
            first: FirstChoice::Random,
            terms: Terms::default(),
            match_terms: seedpost::domain::MatchTerms::default(),
            status: ChallengeStatus::Open,
            decline_reason: None,
            game_id: None,
            rematch_of: None,
            created_at: at(1),
        }
    );
    assert_eq!(store.challenge(named.id).await.ok(), Some(named.clone()));

    let players = BySide::new(&ann, &bob);
    let game = store
        .accept_challenge(
            named.id,
            new_game(Variant::Modiar, players, Side::North, dpm(3), at(2)),
            &[],
        )
        .await
        .expect("bob accepts");
    assert_eq!(game.challenge_id, Some(named.id));
    let accepted = store.challenge(named.id).await.expect("the challenge");
    assert_eq!(
        accepted,
        Challenge {
            status: ChallengeStatus::Accepted,
            game_id: Some(game.id),
            ..named.clone()
        }
    );

    // Accepted once: a second acceptance starts no second game.
    assert_err!(
        store
            .accept_challenge(
                named.id,
                new_game(Variant::Modiar, players, Side::South, dpm(3), at(3)),
                &[],
            )
            .await,
        StoreError::Conflict
    );
    let anns_games = store
        .games(&GameFilter {
            player: Some(ann.id),
            ..GameFilter::default()
        })
        .await
        .expect("ann's games");
    assert_eq!(
        anns_games.iter().map(|g| g.id).collect::<Vec<_>>(),
        [game.id]
    );
    assert_err!(
        store
            .close_challenge(named.id, Closing::Declined(DeclineReason::Generic), &[])
            .await,
        StoreError::Conflict
    );
    assert_eq!(store.challenge(named.id).await.ok(), Some(accepted));

    // Canceled once, then neither canceled, declined nor accepted.
    let open = challenge(&*store, &ann, None, Variant::Tihbat, at(4)).await;
    let canceled = store
        .close_challenge(open.id, Closing::Canceled, &[])
        .await
        .expect("ann cancels");
    assert_eq!(
        canceled,
        Challenge {
            status: ChallengeStatus::Canceled,
            ..open.clone()
        }
    );
    for closing in [Closing::Canceled, Closing::Declined(DeclineReason::Later)] {
        assert_err!(
            store.close_challenge(open.id, closing, &[]).await,
            StoreError::Conflict
        );
    }
    assert_err!(
        store
            .accept_challenge(
                open.id,
                new_game(
                    Variant::Tihbat,
                    BySide::new(&ann, &cem),
                    Side::South,
                    dpm(3),
                    at(5)
                ),
                &[],
            )
            .await,
        StoreError::Conflict
    );
    assert_eq!(canceled.decline_reason, None, "only a decline has a reason");
    assert_eq!(store.challenge(open.id).await.ok(), Some(canceled));

    let to_cem = challenge(&*store, &ann, Some(&cem), Variant::Mangala, at(6)).await;
    let declined = store
        .close_challenge(to_cem.id, Closing::Declined(DeclineReason::TooFast), &[])
        .await
        .expect("cem declines");
    assert_eq!(
        (declined.status, declined.decline_reason),
        (ChallengeStatus::Declined, Some(DeclineReason::TooFast)),
        "declined with its reason"
    );
    assert_eq!(store.challenge(to_cem.id).await.ok(), Some(declined));

    let nowhere = ChallengeId::new();
    assert_err!(store.challenge(nowhere).await, StoreError::NotFound);
    assert_err!(
        store.close_challenge(nowhere, Closing::Canceled, &[]).await,
        StoreError::NotFound
    );
    assert_err!(
        store
            .accept_challenge(
                nowhere,
                new_game(
                    Variant::Tihbat,
                    BySide::new(&ann, &cem),
                    Side::South,
                    dpm(3),
                    at(7)
                ),
                &[],
            )
            .await,
        StoreError::NotFound
    );
}

async fn open_challenges_are_those_an_account_may_answer_newest_first(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let cem = account(&*store, "cem").await;
    let dan = account(&*store, "dan").await;
    let s = &*store;

    let ann_bob = challenge(s, &ann, Some(&bob), Variant::Mangala, at(1)).await;
    let ann_any = challenge(s, &ann, None, Variant::Modiar, at(2)).await;
    let bob_ann = challenge(s, &bob, Some(&ann), Variant::Tihbat, at(3)).await;
    let cem_any = challenge(s, &cem, None, Variant::Mangala, at(4)).await;
    let bob_cem = challenge(s, &bob, Some(&cem), Variant::Modiar, at(5)).await;
    let ann_cem = challenge(s, &ann, Some(&cem), Variant::Tihbat, at(6)).await;
    store
        .close_challenge(ann_cem.id, Closing::Canceled, &[])
        .await
        .expect("ann cancels");

    for (who, expected) in [
        (&ann, vec![&cem_any, &bob_ann, &ann_any, &ann_bob]),
        (&cem, vec![&bob_cem, &cem_any, &ann_any]),
        (&dan, vec![&cem_any, &ann_any]),
    ] {
        let open = store
            .open_challenges(who.id, seedpost::store::Page::first(500))
            .await
            .expect("open challenges");
        let expected: Vec<Challenge> = expected.into_iter().cloned().collect();
        assert_eq!(open, expected, "as seen by {}", who.username);
    }
}

async fn a_new_game_starts_at_ply_zero_at_the_engines_start(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;

    let game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Mangala,
        Side::North,
        dpm(2),
        at(1),
    )
    .await
    .stored;
    assert_eq!(game.variant, Variant::Mangala);
    assert_eq!(game.players, BySide::new(player(&ann), player(&bob)));
    assert_eq!(
        (game.first, game.days_per_move, game.created_at),
        (Side::North, dpm(2), at(1))
    );
    let state = &game.state;
    assert_eq!(
        (state.status, state.ply, state.to_move),
        (GameStatus::Ongoing, 0, Some(Side::North))
    );
    assert_eq!(state.board, BySide::new(vec![4; 6], vec![4; 6]));
    assert_eq!(state.stores, BySide::new(0, 0));
    assert_eq!(state.deadline, Some(at(1) + TimeDelta::days(2)));
    assert_eq!((state.result, state.updated_at), (None, at(1)));

    let stored = store.game(game.id).await.expect("the game");
    assert_eq!(
        stored,
        GameWithMoves {
            game,
            moves: vec![]
        }
    );
    assert_err!(store.game(GameId::new()).await, StoreError::NotFound);
}

async fn a_ply_at_the_current_ply_is_kept_and_a_second_writer_at_that_ply_gets_conflict(
    db: &TestDb,
) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Modiar,
        Side::South,
        days,
        at(0),
    )
    .await;
    let id = game.id();

    game.play(&*store, pit(1), at(1))
        .await
        .expect("the first move");
    let after = store.game(id).await.expect("the game");
    assert_eq!(after.game.state, game.state(at(1)));
    assert_eq!(
        after.moves,
        [Move {
            ply: 1,
            side: Side::South,
            pit: Some(pit(1)),
            at: at(1),
        }]
    );

    // A second writer who also saw ply 0, with another move or the same one again.
    for rival_pit in [pit(2), pit(1)] {
        let mut rival = seedpost_rules::Game::new(Variant::Modiar, Side::South);
        rival.play(rival_pit).expect("a legal first move");
        assert_err!(
            store
                .append_plies(
                    id,
                    0,
                    &plies_since(&rival, 0, at(2)),
                    &state_of(&rival, days, at(2)),
                    &[]
                )
                .await,
            StoreError::Conflict
        );
    }
    // One who thinks the game is further on.
    let mut ahead = game.engine.clone();
    ahead.play(first_legal(&ahead)).expect("a legal move");
    let mut plies = plies_since(&ahead, 1, at(2));
    plies[0].ply = 6;
    let mut state = state_of(&ahead, days, at(2));
    state.ply = 6;
    assert_err!(
        store.append_plies(id, 5, &plies, &state, &[]).await,
        StoreError::Conflict
    );
    assert_eq!(store.game(id).await.ok(), Some(after));

    // Plies that do not follow the ply seen are a caller's bug, and write nothing.
    assert_err!(
        store
            .append_plies(
                id,
                1,
                &plies_since(&ahead, 0, at(2)),
                &state_of(&ahead, days, at(2)),
                &[]
            )
            .await,
        StoreError::Invalid(_)
    );
    assert_err!(
        store
            .append_plies(
                GameId::new(),
                1,
                &plies_since(&ahead, 1, at(2)),
                &state_of(&ahead, days, at(2)),
                &[]
            )
            .await,
        StoreError::NotFound
    );

    // The game goes on from the ply kept.
    game.play_first_legal(&*store, at(3)).await;
    let stored = store.game(id).await.expect("the game");
    assert_eq!(stored.game.state, game.state(at(3)));
    assert_eq!(stored.moves.len(), 2);
}

async fn a_sow_and_the_automatic_pass_after_it_are_appended_together(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);

    // From Tihbat's start no side is ever left without counters (the sown pit always
    // gets the first counter back), so the position that makes North pass is set up.
    let start = Position::from_parts(
        Variant::Tihbat,
        &[1, 1],
        &[0, 0],
        BySide::new(13, 13),
        Side::South,
    )
    .expect("28 counters");
    let game = start_at(
        &*store,
        &ann,
        &bob,
        Variant::Tihbat,
        Side::South,
        days,
        at(0),
        state_of_position(&start, 0, days, at(0)),
    )
    .await;

    let sown = start.play(pit(1)).expect("a legal move");
    assert!(sown.must_pass());
    let passed = sown.pass().expect("North passes");
    let plies = [
        Move {
            ply: 1,
            side: Side::South,
            pit: Some(pit(1)),
            at: at(1),
        },
        Move {
            ply: 2,
            side: Side::North,
            pit: None,
            at: at(1),
        },
    ];
    let state = state_of_position(&passed, 2, days, at(1));
    store
        .append_plies(game.id, 0, &plies, &state, &[])
        .await
        .expect("the move and the pass");

    let stored = store.game(game.id).await.expect("the game");
    assert_eq!(stored.moves, plies);
    assert_eq!(stored.game.state, state);
    assert_eq!(
        (stored.game.state.ply, stored.game.state.to_move),
        (2, Some(Side::South))
    );
}

async fn of_thirty_two_concurrent_writers_at_one_ply_exactly_one_succeeds(db: &TestDb) {
    let store = connect_with(db, 8).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Mangala,
        Side::South,
        days,
        at(0),
    )
    .await;
    let id = game.id();

    for round in 1..=3 {
        let seen = game.engine.ply();
        let mut legal = Vec::new();
        for pit in game.engine.position().legal_moves() {
            legal.push(pit);
        }
        let now = at(round);
        let start = std::sync::Arc::new(tokio::sync::Barrier::new(32));
        let writers: Vec<_> = (0..32)
            .map(|i| {
                let mut next = game.engine.clone();
                next.play(legal[i % legal.len()]).expect("a legal move");
                let plies = plies_since(&next, seen, now);
                let state = state_of(&next, days, now);
                let store = store.clone();
                let start = start.clone();
                tokio::spawn(async move {
                    start.wait().await;
                    let written = store
                        .append_plies(id, u32::try_from(seen).expect("short"), &plies, &state, &[])
                        .await;
                    (next, written)
                })
            })
            .collect();
        let mut winners = Vec::new();
        for writer in writers {
            let (next, written) = writer.await.expect("the writer finishes");
            match written {
                Ok(_) => winners.push(next),
                Err(StoreError::Conflict) => {}
                Err(e) => panic!("round {round}: a writer failed with {e}"),
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: exactly one writer wins");
        game.engine = winners.remove(0);

        let stored = store.game(id).await.expect("the game");
        assert_eq!(stored.game.state, game.state(now), "round {round}");
        assert_eq!(stored.moves.len(), game.engine.ply(), "round {round}");
    }
}

async fn a_game_ends_only_at_the_ply_its_ender_saw(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Tihbat,
        Side::South,
        days,
        at(0),
    )
    .await;
    let id = game.id();
    let at_start = game.state(at(0));
    game.play_first_legal(&*store, at(1)).await;

    // A resignation decided before that move comes too late.
    let stale = ended(&at_start, Ending::Resign, Some(Side::North), at(2));
    assert_err!(
        store.end_game(id, 0, &stale, &[]).await,
        StoreError::Conflict
    );
    assert_eq!(
        store.game(id).await.map(|g| g.game.state).ok(),
        Some(game.state(at(1)))
    );

    // North resigns at the current ply.
    let resigned = ended(&game.state(at(1)), Ending::Resign, Some(Side::South), at(2));
    store
        .end_game(id, 1, &resigned, &[])
        .await
        .expect("North resigns");
    let stored = store.game(id).await.expect("the game");
    assert_eq!(stored.game.state, resigned);
    assert_eq!(stored.game.state.status, GameStatus::Finished);

    // Over: neither ended again nor played on.
    let timeout = ended(
        &game.state(at(1)),
        Ending::Timeout,
        Some(Side::South),
        at(3),
    );
    assert_err!(
        store.end_game(id, 1, &timeout, &[]).await,
        StoreError::Conflict
    );
    let mut next = game.engine.clone();
    next.play(first_legal(&next)).expect("a legal move");
    assert_err!(
        store
            .append_plies(
                id,
                1,
                &plies_since(&next, 1, at(3)),
                &state_of(&next, days, at(3)),
                &[]
            )
            .await,
        StoreError::Conflict
    );
    assert_eq!(store.game(id).await.ok(), Some(stored));

    // A state at another ply than the one seen is a caller's bug.
    assert_err!(
        store.end_game(id, 0, &resigned, &[]).await,
        StoreError::Invalid(_)
    );
    assert_err!(
        store.end_game(GameId::new(), 0, &stale, &[]).await,
        StoreError::NotFound
    );

    // An abort: no winner, status aborted.
    let other = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Modiar,
        Side::North,
        days,
        at(4),
    )
    .await;
    other.end(&*store, Ending::Abort, None, at(5)).await;
    let aborted = store.game(other.id()).await.expect("the game").game.state;
    assert_eq!(aborted.status, GameStatus::Aborted);
    assert_eq!(
        aborted.result.map(|r| (r.winner, r.ending)),
        Some((None, Ending::Abort))
    );
}

async fn overdue_games_are_ongoing_games_past_their_deadline_oldest_first(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let s = &*store;
    let start = |days| {
        Played::start(
            s,
            &ann,
            &bob,
            Variant::Modiar,
            Side::South,
            dpm(days),
            at(0),
        )
    };

    let one_day = start(1).await;
    let three_days = start(3).await;
    let resigned = start(1).await;
    resigned
        .end(s, Ending::Resign, Some(Side::North), at(1))
        .await;
    // Moved a minute before its first deadline: due a day later.
    let mut moved = start(1).await;
    moved
        .play_first_legal(s, days(1) - TimeDelta::minutes(1))
        .await;

    let overdue = |now, limit| async move {
        s.overdue_games(now, limit)
            .await
            .expect("overdue games")
            .into_iter()
            .map(|g| g.id)
            .collect::<Vec<_>>()
    };
    // A deadline is the last moment allowed: overdue only after it.
    assert_eq!(overdue(days(1), 100).await, []);
    let micro = TimeDelta::microseconds(1);
    assert_eq!(overdue(days(1) + micro, 100).await, [one_day.id()]);
    assert_eq!(overdue(days(2), 100).await, [one_day.id(), moved.id()]);
    assert_eq!(
        overdue(days(4), 100).await,
        [one_day.id(), moved.id(), three_days.id()]
    );
    assert_eq!(overdue(days(4), 2).await, [one_day.id(), moved.id()]);

    // The games listed are the stored games.
    let listed = s.overdue_games(days(2), 100).await.expect("overdue games");
    assert_eq!(
        listed.last(),
        Some(&s.game(moved.id()).await.expect("the game").game)
    );
}

async fn games_are_filtered_and_listed_with_the_viewers_turns_first(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let ann = account(s, "ann").await;
    let bob = account(s, "bob").await;
    let cem = account(s, "cem").await;
    let dan = account(s, "dan").await;
    let v = Variant::Modiar;

    // Whose turn, due when, last changed when:
    // ann's turn, due in 3 days, changed at 0.
    let g1 = Played::start(s, &ann, &bob, v, Side::South, dpm(3), at(0)).await;
    // ann's turn (North moves first), due in 1 day, changed at 1.
    let g2 = Played::start(s, &bob, &ann, v, Side::North, dpm(1), at(1)).await;
    // cem's turn, changed at 2.
    let g3 = Played::start(s, &ann, &cem, v, Side::North, dpm(1), at(2)).await;
    // bob's turn, changed at 3.
    let g4 = Played::start(s, &bob, &cem, v, Side::South, dpm(1), at(3)).await;
    // Finished at 4.
    let g5 = Played::start(s, &ann, &cem, v, Side::South, dpm(1), at(4)).await;
    g5.end(s, Ending::Resign, Some(Side::North), at(4)).await;
    // ann's turn after cem's move at 5, due in 14 days.
    let mut g6 = Played::start(s, &cem, &ann, v, Side::South, dpm(14), at(5)).await;
    g6.play_first_legal(s, at(5)).await;
    let [g1, g2, g3, g4, g5, g6] = [&g1, &g2, &g3, &g4, &g5, &g6].map(|g| g.id());

    let list = |filter: GameFilter| async move {
        s.games(&filter)
            .await
            .expect("games")
            .into_iter()
            .map(|g| g.id)
            .collect::<Vec<_>>()
    };
    let none = GameFilter::default;

    // Her turns first, earliest deadline first; then the rest, latest change first.
    let anns_view = list(GameFilter {
        player: Some(ann.id),
        viewer: Some(ann.id),
        ..none()
    });
    assert_eq!(anns_view.await, [g2, g1, g6, g5, g3]);
    let anns_turns = list(GameFilter {
        to_move: Some(ann.id),
        viewer: Some(ann.id),
        ..none()
    });
    assert_eq!(anns_turns.await, [g2, g1, g6]);
    let anns_turns_unordered = list(GameFilter {
        to_move: Some(ann.id),
        ..none()
    });
    assert_eq!(anns_turns_unordered.await, [g6, g2, g1]);
    // Counted in one query: the same games, never a finished one.
    let turns = async |who: AccountId| s.count_turns(who).await.expect("a count");
    assert_eq!(turns(ann.id).await, 3);
    assert_eq!(turns(bob.id).await, 1);
    assert_eq!(turns(cem.id).await, 1);
    assert_eq!(turns(dan.id).await, 0);
    let bobs_view = list(GameFilter {
        viewer: Some(bob.id),
        ..none()
    });
    assert_eq!(bobs_view.await, [g4, g6, g5, g3, g2, g1]);

    let finished = list(GameFilter {
        status: Some(GameStatus::Finished),
        ..none()
    });
    assert_eq!(finished.await, [g5]);
    let cems_ongoing = list(GameFilter {
        status: Some(GameStatus::Ongoing),
        player: Some(cem.id),
        ..none()
    });
    assert_eq!(cems_ongoing.await, [g6, g4, g3]);
    assert_eq!(list(none()).await, [g6, g5, g4, g3, g2, g1]);
    let two = list(GameFilter { limit: 2, ..none() });
    assert_eq!(two.await, [g6, g5]);
    let dans = list(GameFilter {
        player: Some(dan.id),
        ..none()
    });
    assert_eq!(dans.await, []);
    let strangers = list(GameFilter {
        player: Some(AccountId::new()),
        ..none()
    });
    assert_eq!(strangers.await, []);
}

async fn standings_count_wins_draws_and_losses_in_half_points_without_aborted_games(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    assert_eq!(s.standings(None, 0, 0).await.ok(), Some(vec![]));
    let [ann, bob, cem, dan, eve] = {
        let mut accounts = Vec::new();
        for name in ["ann", "bob", "cem", "dan", "Eve"] {
            accounts.push(account(s, name).await);
        }
        <[_; 5]>::try_from(accounts).expect("five accounts")
    };
    let days = dpm(1);

    // Whole games played by the engine to their ends.
    let play_out = |south, north, variant, winner| async move {
        let engine = finished_game(variant, Side::South, winner);
        let game = Played::start(s, south, north, variant, Side::South, days, at(0)).await;
        s.append_plies(
            game.id(),
            0,
            &plies_since(&engine, 0, at(1)),
            &state_of(&engine, days, at(1)),
            &[],
        )
        .await
        .expect("the whole game");
    };
    play_out(&ann, &bob, Variant::Mangala, Some(Side::South)).await;
    play_out(&ann, &cem, Variant::Tihbat, None).await;
    play_out(&dan, &eve, Variant::Tihbat, None).await;
    // Ended by a player or the clock.
    let cem_resigns = Played::start(s, &bob, &cem, Variant::Modiar, Side::South, days, at(0)).await;
    cem_resigns
        .end(s, Ending::Resign, Some(Side::South), at(1))
        .await;
    let cem_times_out =
        Played::start(s, &cem, &ann, Variant::Tihbat, Side::South, days, at(0)).await;
    cem_times_out
        .end(s, Ending::Timeout, Some(Side::North), at(1))
        .await;
    // Neither aborted nor ongoing games count.
    let aborted = Played::start(s, &ann, &bob, Variant::Mangala, Side::South, days, at(0)).await;
    aborted.end(s, Ending::Abort, None, at(1)).await;
    Played::start(s, &bob, &cem, Variant::Modiar, Side::South, days, at(0)).await;

    let line = |account: &seedpost::store::Account, games, wins, draws, losses| Standing {
        username: account.username.clone(),
        games,
        wins,
        draws,
        losses,
        half_points: 2 * wins + draws,
        rating: None,
    };
    // Equal points: more games first, then by name ignoring case.
    assert_eq!(
        s.standings(None, 0, 0).await.expect("standings"),
        [
            line(&ann, 3, 2, 1, 0),
            line(&bob, 2, 1, 0, 1),
            line(&cem, 3, 0, 1, 2),
            line(&dan, 1, 0, 1, 0),
            line(&eve, 1, 0, 1, 0),
        ]
    );
    assert_eq!(
        s.standings(Some(Variant::Tihbat), 0, 0)
            .await
            .expect("standings"),
        [
            line(&ann, 2, 1, 1, 0),
            line(&cem, 2, 0, 1, 1),
            line(&dan, 1, 0, 1, 0),
            line(&eve, 1, 0, 1, 0),
        ]
    );
    assert_eq!(
        s.standings(Some(Variant::Mangala), 0, 0)
            .await
            .expect("standings"),
        [line(&ann, 1, 1, 0, 0), line(&bob, 1, 0, 0, 1)]
    );
    assert_eq!(
        s.standings(Some(Variant::Modiar), 0, 0)
            .await
            .expect("standings"),
        [line(&bob, 1, 1, 0, 0), line(&cem, 1, 0, 0, 1)]
    );
    // A window of them, and one player's place, in the same order.
    assert_eq!(
        s.standings(None, 2, 2).await.expect("standings"),
        [line(&cem, 3, 0, 1, 2), line(&dan, 1, 0, 1, 0)]
    );
    assert_eq!(s.standings(None, 2, 5).await.ok(), Some(vec![]));
    assert_eq!(
        s.standing_of(None, eve.id).await.expect("a line"),
        Some((5, line(&eve, 1, 0, 1, 0)))
    );
    assert_eq!(
        s.standing_of(Some(Variant::Tihbat), cem.id)
            .await
            .expect("a line"),
        Some((2, line(&cem, 2, 0, 1, 1)))
    );
    assert_eq!(
        s.standing_of(Some(Variant::Modiar), ann.id)
            .await
            .expect("no line"),
        None
    );
}

async fn a_whole_game_round_trips_exactly_and_its_cache_equals_the_replay(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(7);
    let whole = finished_game(Variant::Mangala, Side::North, Some(Side::North));

    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Mangala,
        Side::North,
        days,
        at(0),
    )
    .await;
    let mut expected_moves = Vec::new();
    let mut last = at(0);
    for (minute, ply) in (1..).zip(whole.plies()) {
        // Automatic passes come with the move before them.
        let Some(pit) = ply.pit() else { continue };
        let seen = game.engine.ply();
        // Stored to the microsecond: the nanoseconds are dropped.
        let now = at(minute) + TimeDelta::nanoseconds(789);
        game.play(&*store, pit, now)
            .await
            .expect("the move is stored");
        expected_moves.extend(plies_since(&game.engine, seen, at(minute)));
        last = at(minute);
    }
    assert_eq!(game.engine, whole);

    let stored = store.game(game.id()).await.expect("the game");
    assert_eq!(
        stored,
        GameWithMoves {
            game: seedpost::store::Game {
                state: game.state(last),
                ..game.stored.clone()
            },
            moves: expected_moves,
        }
    );
    let result = stored.game.state.result.expect("a result");
    let outcome = whole.outcome().expect("over");
    assert_eq!(
        (result.score, result.winner, result.ending),
        (
            outcome.score,
            outcome.winner,
            Ending::Rules(outcome.ended_by)
        )
    );

    // The cache is the replay of the stored moves.
    let plies: Vec<Ply> = stored
        .moves
        .iter()
        .map(|m| match m.pit {
            Some(pit) => Ply::Sow { side: m.side, pit },
            None => Ply::Pass { side: m.side },
        })
        .collect();
    let replay = seedpost_rules::Game::replay(Variant::Mangala, stored.game.first, &plies)
        .expect("the stored moves replay");
    assert_eq!(state_of(&replay, days, last), stored.game.state);

    // Every way of reading a game reads the same.
    let listed = store
        .games(&GameFilter {
            player: Some(ann.id),
            ..GameFilter::default()
        })
        .await
        .expect("ann's games");
    assert_eq!(listed, [stored.game]);
}

async fn dropped_writes_still_finish_and_leave_the_pool_clean(db: &TestDb) {
    // One connection: a connection handed back inside a transaction would serve every
    // later statement.
    let store = connect_with(db, 1).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let taken = new_token("taken", t0());
    store
        .create_token(ann.id, taken.clone(), u32::MAX)
        .await
        .expect("a token");
    let days = dpm(1);
    let mut games = Vec::new();

    for i in 0..120_u32 {
        if games
            .last()
            .is_none_or(|g: &Played| g.engine.outcome().is_some())
        {
            let now = at(i64::from(i));
            games.push(
                Played::start(
                    &*store,
                    &ann,
                    &bob,
                    Variant::Mangala,
                    Side::South,
                    days,
                    now,
                )
                .await,
            );
        }
        let game = games.last_mut().expect("a game");
        let id = game.id();
        let seen = game.engine.ply();
        let mut next = game.engine.clone();
        next.play(first_legal(&next)).expect("a legal move");
        let now = at(i64::from(i) + 1);
        let plies = plies_since(&next, seen, now);
        let state = state_of(&next, days, now);
        let seen = u32::try_from(seen).expect("short");

        // The client hangs up part-way: the write's future is dropped after a few polls.
        poll_then_drop(store.append_plies(id, seen, &plies, &state, &[]), i % 60).await;
        // A statement that fails outside any transaction, then a read: on a connection
        // left inside a transaction the failure would abort it, and the read would fail.
        let mut copy = new_token("copy", now);
        copy.hash.clone_from(&taken.hash);
        assert_err!(
            store.create_token(bob.id, copy, u32::MAX).await,
            StoreError::Conflict
        );
        store.ping().await.expect("the connection is usable");
        // Its retry: applied now, or already applied by the dropped write.
        let retry = tokio::time::timeout(
            Duration::from_secs(20),
            store.append_plies(id, seen, &plies, &state, &[]),
        )
        .await
        .expect("the pool is not stuck");
        assert!(
            matches!(retry, Ok(_) | Err(StoreError::Conflict)),
            "retry {i}: {retry:?}"
        );
        game.engine = next;

        let stored = store.game(id).await.expect("the game");
        assert_eq!(stored.game.state, state, "after write {i}");
        assert_eq!(stored.moves.len(), game.engine.ply(), "after write {i}");
    }

    // What this pool sees is committed: a fresh pool sees the same.
    let fresh = connect(db).await;
    for game in &games {
        assert_eq!(
            fresh.game(game.id()).await.expect("the game"),
            store.game(game.id()).await.expect("the game")
        );
    }
}

/// Polls `work` at most `polls` times, letting the runtime run in between, then drops
/// it, as axum drops the handler of a client who hangs up.
async fn poll_then_drop<F: Future>(work: F, polls: u32) {
    let mut work = std::pin::pin!(work);
    for _ in 0..polls {
        let poll = std::future::poll_fn(|cx| Poll::Ready(work.as_mut().poll(cx))).await;
        if poll.is_ready() {
            return;
        }
        tokio::task::yield_now().await;
    }
}

async fn a_tokens_scopes_are_kept_and_a_token_stored_without_them_has_them_all(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let mut token = new_token("reader", at(1));
    token.scopes = Scopes::parse(["read", "play"]).expect("scopes");
    let made = store
        .create_token(ann.id, token.clone(), u32::MAX)
        .await
        .expect("a token");
    assert_eq!(made.scopes, token.scopes);
    assert_eq!(
        store.account_by_token(&token.hash, at(2)).await.ok(),
        Some((ann.clone(), token.scopes))
    );
    let listed = store.tokens(ann.id).await.expect("ann's tokens");
    assert_eq!(
        listed.iter().find(|t| t.id == made.id).map(|t| t.scopes),
        Some(token.scopes)
    );

    // A token inserted as before scopes existed (no scopes column given) can do
    // everything: the migration's default.
    let sql = "INSERT INTO tokens (id, account_id, label, hash, created_at) \
               VALUES ($1, $2, 'old', 'abc123', $3)";
    if db.is_postgres() {
        let pool = sqlx::PgPool::connect(&db.url).await.expect("connects");
        sqlx::query(sql)
            .bind(uuid::Uuid::new_v4())
            .bind(ann.id.0)
            .bind(t0())
            .execute(&pool)
            .await
            .expect("inserted");
        pool.close().await;
    } else {
        let pool = sqlx::SqlitePool::connect(&db.url).await.expect("connects");
        sqlx::query(sql)
            .bind(uuid::Uuid::new_v4())
            .bind(ann.id.0)
            .bind(t0())
            .execute(&pool)
            .await
            .expect("inserted");
        pool.close().await;
    }
    assert_eq!(
        store.account_by_token("abc123", at(3)).await.ok(),
        Some((ann, Scopes::ALL))
    );
}

async fn the_declined_challenges_of_a_challenger_are_listed_since_a_time_with_their_reasons(
    db: &TestDb,
) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let old = challenge(&*store, &ann, Some(&bob), Variant::Tihbat, at(1)).await;
    let late = challenge(&*store, &ann, Some(&bob), Variant::Modiar, at(5)).await;
    let fast = challenge(&*store, &ann, Some(&bob), Variant::Mangala, at(6)).await;
    let open = challenge(&*store, &ann, Some(&bob), Variant::Mangala, at(7)).await;
    let bobs = challenge(&*store, &bob, Some(&ann), Variant::Mangala, at(8)).await;
    for (c, reason) in [
        (&old, DeclineReason::Variant),
        (&late, DeclineReason::Later),
        (&fast, DeclineReason::TooFast),
        (&bobs, DeclineReason::Generic),
    ] {
        store
            .close_challenge(c.id, Closing::Declined(reason), &[])
            .await
            .expect("declined");
    }
    let listed = store
        .declined_challenges(ann.id, at(2), 10)
        .await
        .expect("ann's declined challenges");
    assert_eq!(
        listed
            .iter()
            .map(|c| (c.id, c.decline_reason))
            .collect::<Vec<_>>(),
        [
            (fast.id, Some(DeclineReason::TooFast)),
            (late.id, Some(DeclineReason::Later))
        ],
        "newest first, since the time, only ann's and only declined ones"
    );
    assert_ne!(listed[0].id, open.id);
    assert_eq!(
        store
            .declined_challenges(ann.id, at(0), 1)
            .await
            .map(|l| l.len())
            .ok(),
        Some(1)
    );
}

async fn corrupt_rows_are_errors_not_values(db: &TestDb) {
    let store = connect(db).await;
    let sql = "INSERT INTO accounts (id, username, username_key, password_hash, bot, created_at) \
               VALUES ($1, 'not valid!', 'not valid!', 'x', false, $2)";
    let id = uuid::Uuid::new_v4();
    if db.is_postgres() {
        let pool = sqlx::PgPool::connect(&db.url).await.expect("connects");
        sqlx::query(sql)
            .bind(id)
            .bind(t0())
            .execute(&pool)
            .await
            .expect("inserted");
        pool.close().await;
    } else {
        let pool = sqlx::SqlitePool::connect(&db.url).await.expect("connects");
        sqlx::query(sql)
            .bind(id)
            .bind(t0())
            .execute(&pool)
            .await
            .expect("inserted");
        pool.close().await;
    }
    assert_err!(
        store.account_by_name("not valid!").await,
        StoreError::Invalid(_)
    );
}

async fn connecting_again_applies_no_migration_twice(db: &TestDb) {
    let first = connect(db).await;
    let ann = account(&*first, "ann").await;
    let second = connect(db).await;
    second.ping().await.expect("the database answers");
    assert_eq!(second.account_by_name("ann").await.ok(), Some(ann));
}

#[tokio::test]
async fn sqlite_takes_a_plain_file_path_and_creates_the_file() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("seedpost.db");
    let name = path.to_str().expect("a UTF-8 path");
    let store = SqliteStore::connect(name, 2)
        .await
        .expect("the file is created");
    store.ping().await.expect("the database answers");
    assert!(path.exists());
    let again = seedpost::store::connect(&format!("sqlite:{name}"), 2)
        .await
        .expect("the file opens again by URL");
    again.ping().await.expect("the database answers");
}

#[tokio::test]
async fn an_unreachable_postgres_server_is_unavailable() {
    let refused = PgStore::connect("postgres://postgres@127.0.0.1:1/seedpost", 1).await;
    assert!(
        matches!(refused, Err(StoreError::Unavailable(_))),
        "{refused:?}"
    );
}

#[tokio::test]
async fn sqlite_in_memory_keeps_its_data_across_the_pools_connections() {
    let store = seedpost::store::connect("sqlite::memory:", 4)
        .await
        .expect("an in-memory database");
    let ann = account(&*store, "ann").await;
    let reads: Vec<_> = (0..8)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.account_by_name("ann").await.ok() })
        })
        .collect();
    for read in reads {
        assert_eq!(read.await.expect("the read finishes"), Some(ann.clone()));
    }
}

#[tokio::test]
async fn an_sqlite_file_that_cannot_be_created_is_unavailable() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("no-such-directory").join("seedpost.db");
    let refused = SqliteStore::connect(path.to_str().expect("a UTF-8 path"), 1).await;
    assert!(
        matches!(refused, Err(StoreError::Unavailable(_))),
        "{refused:?}"
    );
}

async fn a_moves_events_take_each_accounts_next_seqs_and_come_back_as_stored(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Mangala,
        Side::South,
        days,
        at(0),
    )
    .await;
    let event = |account: &seedpost::store::Account, kind, n: u32| NewEvent {
        account: account.id,
        kind,
        payload: format!("{{\"n\":{n}}}"),
        created_at: at(1),
    };
    let head = (
        store.event_head(ann.id).await.expect("ann's head"),
        store.event_head(bob.id).await.expect("bob's head"),
    );
    let mut next = game.engine.clone();
    next.play(first_legal(&next)).expect("a legal move");
    let events = [
        event(&bob, EventKind::Move, 1),
        event(&ann, EventKind::Move, 2),
        event(&bob, EventKind::YourTurn, 3),
    ];
    let stored = store
        .append_plies(
            game.id(),
            0,
            &plies_since(&next, 0, at(1)),
            &state_of(&next, days, at(1)),
            &events,
        )
        .await
        .expect("the move and its events");
    game.engine = next;

    // What comes back is what a reader of the table gets, each account's in seq order.
    let mut read = store
        .events(ann.id, head.0, 10)
        .await
        .expect("ann's events");
    read.extend(
        store
            .events(bob.id, head.1, 10)
            .await
            .expect("bob's events"),
    );
    let mut returned = stored.clone();
    returned.sort_by_key(|e| (e.account != ann.id, e.seq));
    assert_eq!(returned, read);
    let seqs = |account: &seedpost::store::Account| -> Vec<(u64, String)> {
        stored
            .iter()
            .filter(|e| e.account == account.id)
            .map(|e| (e.seq, e.payload.clone()))
            .collect()
    };
    assert_eq!(seqs(&ann), [(head.0 + 1, "{\"n\":2}".to_owned())]);
    assert_eq!(
        seqs(&bob),
        [
            (head.1 + 1, "{\"n\":1}".to_owned()),
            (head.1 + 2, "{\"n\":3}".to_owned())
        ]
    );

    // A writer that loses the race writes no event.
    let mut rival = seedpost_rules::Game::new(Variant::Mangala, Side::South);
    rival.play(first_legal(&rival)).expect("a legal move");
    assert_err!(
        store
            .append_plies(
                game.id(),
                0,
                &plies_since(&rival, 0, at(2)),
                &state_of(&rival, days, at(2)),
                &events
            )
            .await,
        StoreError::Conflict
    );
    assert_eq!(store.event_head(ann.id).await.ok(), Some(head.0 + 1));
    assert_eq!(store.event_head(bob.id).await.ok(), Some(head.1 + 2));
}

async fn concurrent_moves_in_many_games_of_two_players_take_every_seq_once_in_order(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut games = Vec::new();
    for i in 0..24 {
        let first = if i % 2 == 0 { Side::South } else { Side::North };
        games.push(Played::start(&*store, &ann, &bob, Variant::Mangala, first, days, at(0)).await);
    }
    let head = (
        store.event_head(ann.id).await.expect("ann's head"),
        store.event_head(bob.id).await.expect("bob's head"),
    );
    // Every game's first move at once, two rivals for every third game: the moves'
    // events to both players, the payload naming game and writer.
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(32));
    let writers: Vec<_> = games
        .iter()
        .enumerate()
        .flat_map(|(g, game)| {
            let rivals = if g % 3 == 0 { 2 } else { 1 };
            (0..rivals).map(move |r| (g, r, game))
        })
        .map(|(g, r, game)| {
            let mut next = game.engine.clone();
            let legal: Vec<_> = next.position().legal_moves().into_iter().collect();
            next.play(legal[r % legal.len()]).expect("a legal move");
            let payload = format!("{{\"game\":{g},\"writer\":{r}}}");
            let events: Vec<NewEvent> = [
                (&ann, EventKind::Move),
                (&bob, EventKind::Move),
                (&bob, EventKind::YourTurn),
            ]
            .into_iter()
            .map(|(account, kind)| NewEvent {
                account: account.id,
                kind,
                payload: payload.clone(),
                created_at: at(1),
            })
            .collect();
            let (store, start, id) = (store.clone(), start.clone(), game.id());
            let plies = plies_since(&next, 0, at(1));
            let state = state_of(&next, days, at(1));
            tokio::spawn(async move {
                start.wait().await;
                let written = store.append_plies(id, 0, &plies, &state, &events).await;
                (g, next, written)
            })
        })
        .collect();
    assert_eq!(writers.len(), 32);
    let mut returned = Vec::new();
    let mut winners = std::collections::HashMap::new();
    for writer in writers {
        let (g, next, written) = writer.await.expect("the writer finishes");
        match written {
            Ok(events) => {
                assert_eq!(events.len(), 3, "game {g}: a winner's three events");
                assert!(winners.insert(g, next).is_none(), "game {g}: two winners");
                returned.extend(events);
            }
            Err(StoreError::Conflict) => {}
            Err(e) => panic!("game {g}: a writer failed with {e}"),
        }
    }
    assert_eq!(winners.len(), 24, "one winner in every game");

    // Every seq taken once, none skipped; what came back is what the table holds.
    let mut read = store
        .events(ann.id, head.0, 100)
        .await
        .expect("ann's events");
    read.extend(
        store
            .events(bob.id, head.1, 100)
            .await
            .expect("bob's events"),
    );
    returned.sort_by_key(|e| (e.account != ann.id, e.seq));
    assert_eq!(returned, read);
    let seqs = |account: AccountId| -> Vec<u64> {
        read.iter()
            .filter(|e| e.account == account)
            .map(|e| e.seq)
            .collect()
    };
    assert_eq!(seqs(ann.id), (head.0 + 1..=head.0 + 24).collect::<Vec<_>>());
    assert_eq!(seqs(bob.id), (head.1 + 1..=head.1 + 48).collect::<Vec<_>>());
    // Each of bob's moves' two events are consecutive: a move's events are not
    // interleaved with another's.
    for pair in read
        .iter()
        .filter(|e| e.account == bob.id)
        .collect::<Vec<_>>()
        .chunks(2)
    {
        assert_eq!(pair[0].payload, pair[1].payload);
        assert_eq!(
            (pair[0].kind, pair[1].kind),
            (EventKind::Move, EventKind::YourTurn)
        );
    }
    for (g, game) in games.iter().enumerate() {
        let stored = store.game(game.id()).await.expect("the game");
        let winner = &winners[&g];
        assert_eq!(stored.game.state, state_of(winner, days, at(1)), "game {g}");
        assert_eq!(stored.moves.len(), winner.ply(), "game {g}");
    }
}

async fn the_purge_deletes_the_events_written_before_its_time_and_keeps_the_rest(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut game = Played::start(
        &*store,
        &ann,
        &bob,
        Variant::Mangala,
        Side::South,
        days,
        at(0),
    )
    .await;
    let head = store.event_head(ann.id).await.expect("ann's head");
    // One event to ann with each of three moves, written at minutes 10, 20 and 30.
    for minute in [10, 20, 30] {
        let mut next = game.engine.clone();
        next.play(first_legal(&next)).expect("a legal move");
        let event = NewEvent {
            account: ann.id,
            kind: EventKind::Move,
            payload: format!("{{\"minute\":{minute}}}"),
            created_at: at(minute),
        };
        store
            .append_plies(
                game.id(),
                u32::try_from(game.engine.ply()).expect("short"),
                &plies_since(&next, game.engine.ply(), at(minute)),
                &state_of(&next, days, at(minute)),
                &[event],
            )
            .await
            .expect("the move and its event");
        game.engine = next;
    }
    let minutes = |events: Vec<seedpost::store::Event>| -> Vec<String> {
        events.into_iter().map(|e| e.payload).collect()
    };
    let before = store.events(ann.id, head, 10).await.expect("ann's events");
    assert_eq!(before.len(), 3);

    assert_eq!(
        store.purge_events(at(5)).await.ok(),
        Some(0),
        "none before minute 5"
    );
    assert_eq!(
        store.purge_events(at(20)).await.ok(),
        Some(1),
        "minute 10 only"
    );
    assert_eq!(
        minutes(store.events(ann.id, head, 10).await.expect("ann's events")),
        ["{\"minute\":20}", "{\"minute\":30}"]
    );
    // The seqs go on where they were: a purge frees none for reuse.
    assert_eq!(store.event_head(ann.id).await.ok(), Some(head + 3));
    assert_eq!(store.purge_events(at(31)).await.ok(), Some(2));
    assert_eq!(store.events(ann.id, head, 10).await.ok(), Some(vec![]));
}

async fn a_move_the_database_refuses_fails_alone_among_concurrent_moves(db: &TestDb) {
    let store = connect(db).await;
    let ann = account(&*store, "ann").await;
    let bob = account(&*store, "bob").await;
    let days = dpm(1);
    let mut games = Vec::new();
    for _ in 0..16 {
        games.push(
            Played::start(
                &*store,
                &ann,
                &bob,
                Variant::Mangala,
                Side::South,
                days,
                at(0),
            )
            .await,
        );
    }
    let head = store.event_head(bob.id).await.expect("bob's head");
    // Every game's first move at once; game 5's state has a store no game can have,
    // which the database's check refuses.
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(games.len()));
    let writers: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(g, game)| {
            let mut next = game.engine.clone();
            next.play(first_legal(&next)).expect("a legal move");
            let plies = plies_since(&next, 0, at(1));
            let mut state = state_of(&next, days, at(1));
            if g == 5 {
                state.stores.south = 200;
            }
            let event = NewEvent {
                account: bob.id,
                kind: EventKind::YourTurn,
                payload: format!("{{\"game\":{g}}}"),
                created_at: at(1),
            };
            let (store, start, id) = (store.clone(), start.clone(), game.id());
            tokio::spawn(async move {
                start.wait().await;
                (g, store.append_plies(id, 0, &plies, &state, &[event]).await)
            })
        })
        .collect();
    for writer in writers {
        let (g, written) = writer.await.expect("the writer finishes");
        if g == 5 {
            assert_err!(written, StoreError::Database(_));
        } else {
            assert_eq!(written.map(|events| events.len()).ok(), Some(1), "game {g}");
        }
    }
    for (g, game) in games.iter().enumerate() {
        let stored = store.game(game.id()).await.expect("the game");
        assert_eq!(stored.moves.len(), usize::from(g != 5), "game {g}");
    }
    let events = store.events(bob.id, head, 100).await.expect("bob's events");
    assert_eq!(
        events.iter().map(|e| e.seq).collect::<Vec<_>>(),
        (head + 1..=head + 15).collect::<Vec<_>>()
    );
    assert!(events.iter().all(|e| e.payload != "{\"game\":5}"));
}
