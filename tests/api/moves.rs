//! Moves and their errors, races, retries, resignations, aborts and timeouts.

use std::time::Duration;

use serde_json::{Value, json};

use crate::games::assert_cache_is_replay;
use crate::helpers::TestApp;

crate::on_both_backends!(
    every_move_error_is_answered_with_its_code_and_changes_nothing,
    of_32_concurrent_submissions_for_one_ply_exactly_one_is_applied,
    repeating_the_move_already_played_at_a_ply_is_a_safe_retry,
    resigning_loses_and_aborting_is_allowed_only_before_both_sides_moved,
    a_late_side_loses_on_time_unless_it_never_moved_and_no_game_ends_twice,
    clients_that_disconnect_mid_move_leave_nothing_half_done,
);

async fn every_move_error_is_answered_with_its_code_and_changes_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    // Modiar with South first: S1 N3 S2 leaves North [11, 10, 1], to move, with a
    // singleton in pit 3.
    let game = app.start_game(&ayse, &mehmet, "modiar", "challenger").await;
    let game = app.play(&ayse, &game, 1).await.expect(201);
    let game = app.play(&mehmet, &game, 3).await.expect(201);
    let game = app.play(&ayse, &game, 2).await.expect(201);
    assert_eq!(game["board"]["north"], json!([11, 10, 1]));
    let id = game["id"].as_str().expect("an id").to_owned();
    let path = format!("/games/{id}/moves");
    let unknown = format!("/games/{}/moves", uuid::Uuid::new_v4());
    // (token, path, body, status, error code, illegal-move reason)
    type Case<'a> = (
        Option<&'a str>,
        &'a str,
        Value,
        u16,
        &'a str,
        Option<&'a str>,
    );
    let cases: Vec<Case> = vec![
        (
            None,
            path.as_str(),
            json!({"ply": 3, "pit": 2}),
            401,
            "unauthorized",
            None,
        ),
        (
            Some("sp_forged"),
            path.as_str(),
            json!({"ply": 3, "pit": 2}),
            401,
            "unauthorized",
            None,
        ),
        (
            Some(&mehmet.token),
            unknown.as_str(),
            json!({"ply": 3, "pit": 2}),
            404,
            "not_found",
            None,
        ),
        (
            Some(&mehmet.token),
            "/games/not-a-uuid/moves",
            json!({"ply": 3, "pit": 2}),
            404,
            "not_found",
            None,
        ),
        (
            Some(&zeynep.token),
            path.as_str(),
            json!({"ply": 3, "pit": 2}),
            403,
            "not_a_player",
            None,
        ),
        (
            Some(&zeynep.token),
            path.as_str(),
            json!({"ply": "x"}),
            403,
            "not_a_player",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 2, "pit": 2}),
            409,
            "stale_ply",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 4, "pit": 2}),
            409,
            "stale_ply",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": -5, "pit": 2}),
            409,
            "stale_ply",
            None,
        ),
        (
            Some(&ayse.token),
            path.as_str(),
            json!({"ply": 3, "pit": 2}),
            409,
            "not_your_turn",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 3}),
            422,
            "illegal_move",
            Some("singleton"),
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 0}),
            422,
            "illegal_move",
            Some("out_of_range"),
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 4}),
            422,
            "illegal_move",
            Some("out_of_range"),
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 99}),
            422,
            "illegal_move",
            Some("out_of_range"),
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": -1}),
            422,
            "illegal_move",
            Some("out_of_range"),
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 1e300}),
            422,
            "invalid_body",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": "2"}),
            422,
            "invalid_body",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3}),
            422,
            "invalid_body",
            None,
        ),
        (
            Some(&mehmet.token),
            path.as_str(),
            json!({"ply": 3, "pit": 2, "extra": 1}),
            422,
            "invalid_body",
            None,
        ),
    ];
    for (token, path, body, status, code, reason) in cases {
        let answer = app.post(path, token, body.clone()).await;
        answer.expect_error(status, code);
        assert_eq!(answer.body["reason"].as_str(), reason, "{body}");
        assert_eq!(app.game(&id).await, game, "{body} changed the game");
    }
    // Malformed JSON.
    let response = app
        .client
        .post(format!("{}/api/v1{path}", app.base))
        .bearer_auth(&mehmet.token)
        .header("content-type", "application/json")
        .body("{\"ply\": 3, \"pit\"")
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 400);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], "malformed_json");
    // Too large.
    let response = app
        .client
        .post(format!("{}/api/v1{path}", app.base))
        .bearer_auth(&mehmet.token)
        .header("content-type", "application/json")
        .body(format!(
            "{{\"ply\": 3, \"pit\": 2, \"x\": \"{}\"}}",
            "a".repeat(70_000)
        ))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 413);
    let body: Value = response.json().await.expect("json");
    assert_eq!(body["error"], "payload_too_large");
    assert_eq!(app.game(&id).await, game);
    // The game then goes on normally.
    let after = app.play(&mehmet, &game, 1).await.expect(201);
    assert_eq!(after["ply"], 4);
    assert_cache_is_replay(&after);
    // A finished game says so before anything about plies or turns.
    let done = app
        .post(
            &format!("/games/{id}/resign"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(200);
    app.play(&mehmet, &done, 2)
        .await
        .expect_error(409, "game_over");
    app.post(&path, Some(&ayse.token), json!({"ply": 1, "pit": 9}))
        .await
        .expect_error(409, "game_over");
}

async fn of_32_concurrent_submissions_for_one_ply_exactly_one_is_applied(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let id = game["id"].as_str().expect("an id").to_owned();
    let mut tasks = Vec::new();
    for i in 0..32u64 {
        let client = app.client.clone();
        let url = format!("{}/api/v1/games/{id}/moves", app.base);
        let token = ayse.token.clone();
        // Pits 1..=3 each end short of the store: no extra turn, so exactly one ply.
        let pit = 1 + i % 3;
        tasks.push(tokio::spawn(async move {
            let response = client
                .post(url)
                .bearer_auth(token)
                .json(&json!({"ply": 0, "pit": pit}))
                .send()
                .await
                .expect("an answer");
            let status = response.status().as_u16();
            let body: Value = response.json().await.expect("json");
            (pit, status, body)
        }));
    }
    let mut applied = Vec::new();
    for task in tasks {
        let (pit, status, body) = task.await.expect("the task ran");
        match status {
            201 => applied.push(pit),
            200 => assert_eq!(
                body["moves"][0]["pit"].as_u64(),
                Some(pit),
                "a retry of the same move"
            ),
            409 => assert_eq!(body["error"], "stale_ply", "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(
        applied.len(),
        1,
        "exactly one submission is applied: {applied:?}"
    );
    let after = app.game(&id).await;
    assert_eq!(after["ply"], 1);
    assert_eq!(after["moves"][0]["pit"].as_u64(), Some(applied[0]));
    assert_cache_is_replay(&after);
}

async fn repeating_the_move_already_played_at_a_ply_is_a_safe_retry(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let played = app.play(&ayse, &game, 1).await.expect(201);
    let retried = app.play(&ayse, &game, 1).await.expect(200);
    assert_eq!(retried, played);
    app.play(&ayse, &game, 2)
        .await
        .expect_error(409, "stale_ply");
    app.play(&mehmet, &game, 1)
        .await
        .expect_error(409, "stale_ply");
    assert_eq!(app.game(game["id"].as_str().expect("an id")).await, played);
}

async fn resigning_loses_and_aborting_is_allowed_only_before_both_sides_moved(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let id = game["id"].as_str().expect("an id");
    app.post(
        &format!("/games/{id}/resign"),
        Some(&zeynep.token),
        json!({}),
    )
    .await
    .expect_error(403, "not_a_player");
    let game = app.play(&ayse, &game, 1).await.expect(201);
    // Only South has moved: either player may abort.
    let aborted = app
        .post(
            &format!("/games/{id}/abort"),
            Some(&mehmet.token),
            json!({}),
        )
        .await
        .expect(200);
    assert_eq!(aborted["status"], "aborted");
    assert_eq!(aborted["result"]["ended_by"], "abort");
    assert_eq!(
        aborted["result"]["points"],
        json!({"south": 0.0, "north": 0.0})
    );
    assert_eq!(aborted["result"]["winner"], Value::Null);
    app.play(&mehmet, &game, 1)
        .await
        .expect_error(409, "game_over");

    let game = app.start_game(&ayse, &mehmet, "tihbat", "opponent").await;
    let id = game["id"].as_str().expect("an id");
    let game = app.play(&mehmet, &game, 1).await.expect(201);
    let game = app.play(&ayse, &game, 2).await.expect(201);
    app.post(&format!("/games/{id}/abort"), Some(&ayse.token), json!({}))
        .await
        .expect_error(409, "too_late_to_abort");
    let resigned = app
        .post(&format!("/games/{id}/resign"), Some(&ayse.token), json!({}))
        .await
        .expect(200);
    assert_eq!(resigned["status"], "finished");
    assert_eq!(resigned["ply"], game["ply"]);
    assert_eq!(
        (
            resigned["result"]["winner"].as_str(),
            resigned["result"]["ended_by"].as_str()
        ),
        (Some("north"), Some("resign"))
    );
    assert_eq!(
        resigned["result"]["points"],
        json!({"south": 0.0, "north": 1.0})
    );
    app.post(
        &format!("/games/{id}/resign"),
        Some(&mehmet.token),
        json!({}),
    )
    .await
    .expect_error(409, "game_over");
    let standings = app.get("/standings", None).await.expect(200);
    assert_eq!(
        standings,
        json!([
            {"username": "mehmet", "games": 1, "wins": 1, "draws": 0, "losses": 0, "points": 1.0, "rating": null},
            {"username": "ayse", "games": 1, "wins": 0, "draws": 0, "losses": 1, "points": 0.0, "rating": null},
        ]),
        "the aborted game does not count"
    );
}

async fn a_late_side_loses_on_time_unless_it_never_moved_and_no_game_ends_twice(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Game 1: both move, then South is late: South loses on time.
    let one = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let one = app.play(&ayse, &one, 1).await.expect(201);
    let one = app.play(&mehmet, &one, 1).await.expect(201);
    // Game 2: North never moves: aborted.
    let two = app.start_game(&ayse, &mehmet, "modiar", "challenger").await;
    let two = app.play(&ayse, &two, 2).await.expect(201);
    // The deadline is exactly 3 days after the last move; not yet passed at 3 days.
    app.clock.advance(chrono::Duration::days(3));
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );
    app.clock.advance(chrono::Duration::seconds(1));
    // Two sweepers at once end each game once.
    let (a, b) = tokio::join!(app.service.sweep_timeouts(), app.service.sweep_timeouts());
    let mut ended = a.expect("a sweep");
    ended.extend(b.expect("a sweep"));
    ended.sort();
    let mut want = vec![
        one["id"]
            .as_str()
            .expect("id")
            .parse::<seedpost::domain::GameId>()
            .expect("uuid"),
        two["id"].as_str().expect("id").parse().expect("uuid"),
    ];
    want.sort();
    assert_eq!(ended, want, "each game ended exactly once");
    assert!(
        app.service
            .sweep_timeouts()
            .await
            .expect("a sweep")
            .is_empty()
    );

    let one = app.game(one["id"].as_str().expect("id")).await;
    assert_eq!(one["status"], "finished");
    assert_eq!(
        (
            one["result"]["ended_by"].as_str(),
            one["result"]["winner"].as_str()
        ),
        (Some("timeout"), Some("north"))
    );
    assert_eq!(one["result"]["points"], json!({"south": 0.0, "north": 1.0}));
    let two = app.game(two["id"].as_str().expect("id")).await;
    assert_eq!(
        (two["status"].as_str(), two["result"]["ended_by"].as_str()),
        (Some("aborted"), Some("abort"))
    );
    app.play(&ayse, &one, 1)
        .await
        .expect_error(409, "game_over");
}

async fn clients_that_disconnect_mid_move_leave_nothing_half_done(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let mut games = Vec::new();
    for _ in 0..8 {
        games.push(
            app.start_game(&ayse, &mehmet, "mangala", "challenger")
                .await,
        );
    }
    // Many move submissions whose clients give up after a few milliseconds, while the
    // server is busy with all of them.
    let impatient = reqwest::Client::builder()
        .timeout(Duration::from_millis(3))
        .build()
        .expect("a client");
    let mut tasks = Vec::new();
    for round in 0..6u64 {
        for game in &games {
            let client = impatient.clone();
            let url = format!(
                "{}/api/v1/games/{}/moves",
                app.base,
                game["id"].as_str().expect("id")
            );
            let token = ayse.token.clone();
            tasks.push(tokio::spawn(async move {
                let _ = client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({"ply": 0, "pit": 1 + round % 3}))
                    .send()
                    .await;
            }));
        }
    }
    for task in tasks {
        task.await.expect("the task ran");
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Every game is whole: at most one ply, cache equal to replay, and play goes on.
    for game in &games {
        let now = app.game(game["id"].as_str().expect("id")).await;
        assert!(now["ply"].as_u64().expect("ply") <= 1, "{now}");
        assert_cache_is_replay(&now);
        let (player, pit) = if now["to_move"] == "south" {
            (&ayse, 2)
        } else {
            (&mehmet, 2)
        };
        let next = app.play(player, &now, pit).await.expect(201);
        assert_cache_is_replay(&next);
    }
}
