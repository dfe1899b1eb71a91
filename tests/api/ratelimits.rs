//! Rate limits per account: 429 `rate_limited` with `retry_after` and `Retry-After`,
//! served again once the bucket refills, one bucket per account that all its tokens
//! share.

use std::time::Duration;

use reqwest::Method;
use seedpost::http::ratelimit::{Rate, RateLimits};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp};

/// A server whose only limit is `limits`; the rest unlimited.
async fn spawn(limits: RateLimits) -> TestApp {
    TestApp::start_with(TestApp::builder(Backend::Sqlite).rate_limits(limits))
        .await
        .expect("SQLite")
}

fn open_challenge() -> Value {
    json!({"variant": "tihbat", "days_per_move": 3})
}

/// Sends `POST /challenges` with `token`, returning status, `Retry-After` and body.
async fn challenge(app: &TestApp, token: &str) -> (u16, Option<String>, Value) {
    let response = app
        .client
        .post(format!("{}/api/v1/challenges", app.base))
        .bearer_auth(token)
        .json(&open_challenge())
        .send()
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.json().await.expect("a JSON body");
    (status, retry_after, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_its_burst_a_token_gets_429_with_retry_after_then_is_served_again() {
    // 20 a second: the bucket refills one request every 50 ms.
    let app = spawn(RateLimits {
        challenges: Rate::new(20, 2),
        ..RateLimits::UNLIMITED
    })
    .await;
    let ayse = app.sign_up("ayse").await;
    for _ in 0..2 {
        assert_eq!(challenge(&app, &ayse.token).await.0, 201);
    }
    let (status, retry_after, body) = challenge(&app, &ayse.token).await;
    assert_eq!(status, 429);
    assert_eq!(body["error"], "rate_limited");
    assert_eq!(body["retry_after"], 1, "whole seconds, at least 1: {body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert_eq!(retry_after.as_deref(), Some("1"));
    // Other requests are not limited by the challenges bucket.
    app.get("/challenges", Some(&ayse.token)).await.expect(200);

    tokio::time::sleep(Duration::from_millis(120)).await;
    assert_eq!(challenge(&app, &ayse.token).await.0, 201, "refilled");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_account_has_its_own_bucket_which_its_tokens_share() {
    let app = spawn(RateLimits {
        challenges: Rate::new(1, 1),
        ..RateLimits::UNLIMITED
    })
    .await;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let second = app
        .post(
            "/tokens",
            None,
            json!({"username": "ayse", "password": "correct horse battery", "label": "second"}),
        )
        .await
        .expect(201);
    let second = second["token"].as_str().expect("a token").to_owned();

    assert_eq!(challenge(&app, &ayse.token).await.0, 201);
    assert_eq!(challenge(&app, &ayse.token).await.0, 429);
    assert_eq!(
        challenge(&app, &mehmet.token).await.0,
        201,
        "another account"
    );
    assert_eq!(
        challenge(&app, &second).await.0,
        429,
        "another token of the same account: the account's bucket, not the token's"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_resignations_and_aborts_share_the_moves_bucket() {
    let app = spawn(RateLimits {
        moves: Rate::new(1, 2),
        ..RateLimits::UNLIMITED
    })
    .await;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "modiar", "challenger").await;
    app.play(&ayse, &game, 1).await.expect(201);
    // A retry of the same move counts too.
    app.play(&ayse, &game, 1).await.expect(200);
    let id = game["id"].as_str().expect("an id");
    let answer = app
        .call(
            Method::POST,
            &format!("/games/{id}/resign"),
            Some(&ayse.token),
            Some(json!({})),
        )
        .await;
    answer.expect_error(429, "rate_limited");
    // The opponent's token is not limited.
    let game = app.game(id).await;
    app.play(&mehmet, &game, 1).await.expect(201);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn opening_streams_past_the_limit_is_refused_while_open_ones_go_on() {
    let app = spawn(RateLimits {
        streams: Rate::new(1, 1),
        ..RateLimits::UNLIMITED
    })
    .await;
    let ayse = app.sign_up("ayse").await;
    let open = |token: String| {
        let request = app
            .client
            .get(format!("{}/api/v1/stream/events", app.base))
            .bearer_auth(token);
        async move { request.send().await.expect("an answer") }
    };
    let first = open(ayse.token.clone()).await;
    assert_eq!(first.status().as_u16(), 200);
    let second = open(ayse.token.clone()).await;
    assert_eq!(second.status().as_u16(), 429);
    assert_eq!(
        second
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()),
        Some("1")
    );
    drop(first);
}
