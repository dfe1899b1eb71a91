//! The event stream's refusals: a `since` the account has not reached; the streams
//! of a revoked token end.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use std::time::Duration;

use serde_json::json;

use crate::helpers::{Answer, Player, TestApp};

/// How long an answer may take.
const WAIT: std::time::Duration = std::time::Duration::from_secs(10);

crate::on_both_backends!(
    a_since_above_the_accounts_latest_event_is_refused_with_the_head,
    a_last_event_id_above_the_accounts_latest_event_is_refused_too,
    a_revoked_tokens_streams_end_on_every_instance_and_hear_nothing_more,
);

/// What an open stream sends within `within`, and whether it ended by then.
pub(crate) async fn read_stream(
    response: &mut reqwest::Response,
    within: Duration,
) -> (String, bool) {
    let mut text = String::new();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, response.chunk()).await {
            Err(_) => return (text, false),
            Ok(Ok(Some(chunk))) => text.push_str(&String::from_utf8_lossy(&chunk)),
            Ok(Ok(None) | Err(_)) => return (text, true),
        }
    }
}

/// Opens `token`'s event stream on the server at `base`.
pub(crate) async fn open_stream(app: &TestApp, base: &str, token: &str) -> reqwest::Response {
    let response = app
        .client
        .get(format!("{base}/api/v1/stream/events"))
        .bearer_auth(token)
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(response.status(), StatusCode::OK);
    response
}

/// The first stored event (with a seq) of `player`'s stream opened with `since`.
async fn first_stored_event(app: &TestApp, player: &Player, since: u64) -> Value {
    let url = format!("{}/api/v1/stream/events?since={since}", app.base);
    let mut response = app
        .client
        .get(url)
        .bearer_auth(&player.token)
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(response.status(), StatusCode::OK);
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout(WAIT, response.chunk())
            .await
            .expect("a line within 10 s")
            .expect("the stream reads")
            .expect("the stream goes on");
        text.push_str(&String::from_utf8_lossy(&chunk));
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let Ok(event) = serde_json::from_str::<Value>(line) else {
                continue;
            };
            if event["seq"].is_u64() {
                return event;
            }
        }
    }
}

async fn a_since_above_the_accounts_latest_event_is_refused_with_the_head(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let game = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    app.play(&ann, &game, game["legal_moves"][0].as_u64().expect("a pit"))
        .await
        .expect(201);

    // A seq from a restored backup or another server: refused, with where the
    // account stands, instead of a stream that stays silent until seq 999999.
    let refused = tokio::time::timeout(
        WAIT,
        app.get("/stream/events?since=999999", Some(&ann.token)),
    )
    .await
    .expect("an answer, not a stream that says nothing");
    refused.expect_error(409, "since_ahead");
    let head = refused.body["head"].as_u64().expect("the head");
    assert!(
        head >= 3,
        "game_start, your_turn and move: {}",
        refused.body
    );

    // The head is the latest event: resuming just below it sends it; resuming at it
    // is allowed; one above is refused again.
    assert_eq!(first_stored_event(&app, &ann, head - 1).await["seq"], head);
    let above = app
        .get(
            &format!("/stream/events?since={}", head + 1),
            Some(&ann.token),
        )
        .await;
    above.expect_error(409, "since_ahead");
    assert_eq!(above.body["head"], head);
    let at_head = app
        .client
        .get(format!("{}/api/v1/stream/events?since={head}", app.base))
        .bearer_auth(&ann.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(at_head.status(), StatusCode::OK);
}

async fn a_last_event_id_above_the_accounts_latest_event_is_refused_too(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let response = app
        .client
        .get(format!("{}/api/v1/stream/events", app.base))
        .bearer_auth(&ann.token)
        .header("accept", "text/event-stream")
        .header("last-event-id", "16")
        .send()
        .await
        .expect("an answer");
    let status = response.status();
    let body: Value = tokio::time::timeout(WAIT, response.json())
        .await
        .expect("an answer, not a stream that says nothing")
        .expect("a JSON error");
    let answer = Answer { status, body };
    app.check_described(&Method::GET, "/stream/events", &answer)
        .await;
    answer.expect_error(409, "since_ahead");
    assert_eq!(answer.body["head"], 0, "a new account has no event yet");
}

async fn a_revoked_tokens_streams_end_on_every_instance_and_hear_nothing_more(app: TestApp) {
    let other = app.instance().start().await.expect("a second instance");
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let made = app
        .post(
            "/tokens",
            None,
            json!({"username": "ann", "password": "correct horse battery", "label": "laptop"}),
        )
        .await
        .expect(201);
    let laptop = made["token"].as_str().expect("a secret");
    let mut here = open_stream(&app, &app.base, laptop).await;
    let mut there = open_stream(&app, &other.base, laptop).await;
    let mut kept = open_stream(&app, &other.base, &ann.token).await;
    // Each stream has subscribed once its (empty) snapshot is read.
    for stream in [&mut here, &mut there, &mut kept] {
        let (_, ended) = read_stream(stream, Duration::from_millis(300)).await;
        assert!(!ended, "a stream stays open");
    }

    let id = made["id"].as_str().expect("an id");
    app.call(
        reqwest::Method::DELETE,
        &format!("/tokens/{id}"),
        Some(&ann.token),
        None,
    )
    .await
    .expect(204);
    app.get("/me", Some(laptop))
        .await
        .expect_error(401, "unauthorized");
    app.post(
        "/challenges",
        Some(&bob.token),
        json!({"variant": "mangala", "days_per_move": 3, "first": "challenger", "opponent": "ann"}),
    )
    .await
    .expect(201);

    // On the instance that revoked it: at once, and without the challenge.
    let (sent, ended) = read_stream(&mut here, Duration::from_secs(2)).await;
    assert!(ended, "the revoking instance ends the stream at once");
    assert!(
        !sent.contains("challenge"),
        "nothing after revocation: {sent:?}"
    );
    // On the other: within one keep-alive, and without the challenge either.
    let keep_alive = Duration::from_secs(10); // the streams' keep-alive
    let (sent, ended) = read_stream(&mut there, keep_alive + Duration::from_secs(3)).await;
    assert!(
        ended,
        "another instance ends the stream within one keep-alive"
    );
    assert!(
        !sent.contains("challenge"),
        "nothing after revocation: {sent:?}"
    );
    // The account's other token keeps its stream, which hears the challenge.
    let (sent, ended) = read_stream(&mut kept, Duration::from_secs(2)).await;
    assert!(!ended, "the other token's stream stays open");
    assert!(
        sent.contains("\"challenge\""),
        "the challenge arrives: {sent:?}"
    );
}
