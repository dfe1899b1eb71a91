//! Runner leases (issue 37): one bot runner per account at a time. A second holder is
//! refused while the first one's lease stands, and gets it once that lease is released
//! or has lapsed; the holder renews its own.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::json;

use crate::helpers::TestApp;

crate::on_both_backends!(
    a_second_holder_is_refused_while_the_lease_stands_and_gets_it_once_released,
    a_lease_not_renewed_lapses_and_a_renewed_one_stands,
    the_lease_is_the_accounts_whichever_token_claims_it_and_bad_claims_change_nothing,
);

async fn a_second_holder_is_refused_while_the_lease_stands_and_gets_it_once_released(app: TestApp) {
    let bot = app.sign_up("sower-bot").await;
    let first = app
        .put(
            "/me/runner-lease",
            Some(&bot.token),
            json!({"holder": "host-a:1", "seconds": 60}),
        )
        .await
        .expect(200);
    assert_eq!(first["holder"], "host-a:1");
    assert_eq!(
        first["expires_at"],
        json!(
            (crate::support::server::start_time() + TimeDelta::seconds(60))
                .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
        )
    );
    let second = app
        .put(
            "/me/runner-lease",
            Some(&bot.token),
            json!({"holder": "host-b:2"}),
        )
        .await;
    second.expect_error(409, "lease_held");
    let message = second.body["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("host-a:1"),
        "it names the holder: {message}"
    );
    // A release answers 204 whether or not the holder held the lease.
    let release = async |holder: &str| {
        app.call(
            Method::DELETE,
            "/me/runner-lease",
            Some(&bot.token),
            Some(json!({"holder": holder})),
        )
        .await
        .expect(204);
    };
    // Another holder's release leaves the lease standing.
    release("host-b:2").await;
    app.put(
        "/me/runner-lease",
        Some(&bot.token),
        json!({"holder": "host-b:2"}),
    )
    .await
    .expect_error(409, "lease_held");
    release("host-a:1").await;
    let taken = app
        .put(
            "/me/runner-lease",
            Some(&bot.token),
            json!({"holder": "host-b:2"}),
        )
        .await
        .expect(200);
    assert_eq!(taken["holder"], "host-b:2");
}

async fn a_lease_not_renewed_lapses_and_a_renewed_one_stands(app: TestApp) {
    let bot = app.sign_up("sower-bot").await;
    let claim = |holder: &'static str| {
        app.put(
            "/me/runner-lease",
            Some(&bot.token),
            json!({"holder": holder, "seconds": 30}),
        )
    };
    claim("first").await.expect(200);
    app.clock.advance(TimeDelta::seconds(20));
    claim("first").await.expect(200); // the heartbeat: 30 s from now
    app.clock.advance(TimeDelta::seconds(20));
    claim("second").await.expect_error(409, "lease_held");
    app.clock.advance(TimeDelta::seconds(10));
    // 30 s after the heartbeat the lease has lapsed: the first runner died.
    claim("second").await.expect(200);
    claim("first").await.expect_error(409, "lease_held");
}

async fn the_lease_is_the_accounts_whichever_token_claims_it_and_bad_claims_change_nothing(
    app: TestApp,
) {
    let bot = app.sign_up("sower-bot").await;
    let other = app.sign_up("reaper-bot").await;
    let second_token = app
        .post(
            "/tokens",
            None,
            json!({"username": bot.username, "password": "correct horse battery",
                   "label": "second", "scopes": ["read", "play"]}),
        )
        .await
        .expect(201)["token"]
        .as_str()
        .expect("a token")
        .to_owned();
    app.put(
        "/me/runner-lease",
        Some(&bot.token),
        json!({"holder": "one"}),
    )
    .await
    .expect(200);
    app.put(
        "/me/runner-lease",
        Some(&second_token),
        json!({"holder": "two"}),
    )
    .await
    .expect_error(409, "lease_held");
    // Another account's lease is its own.
    app.put(
        "/me/runner-lease",
        Some(&other.token),
        json!({"holder": "two"}),
    )
    .await
    .expect(200);
    for bad in [
        json!({"holder": ""}),
        json!({"holder": "x".repeat(101)}),
        json!({"holder": "one", "seconds": 9}),
        json!({"holder": "one", "seconds": 601}),
    ] {
        app.put("/me/runner-lease", Some(&bot.token), bad.clone())
            .await
            .expect_error(422, "invalid_lease");
    }
    app.put(
        "/me/runner-lease",
        Some(&bot.token),
        json!({"holder": "one", "pid": 3}),
    )
    .await
    .expect_error(422, "invalid_body");
    app.put("/me/runner-lease", None, json!({"holder": "one"}))
        .await
        .expect_error(401, "unauthorized");
    // The bad claims changed nothing: "one" still holds it.
    app.put(
        "/me/runner-lease",
        Some(&second_token),
        json!({"holder": "two"}),
    )
    .await
    .expect_error(409, "lease_held");
}
