//! Account controls: changing the password, logging out everywhere.

use std::time::Duration;

use reqwest::Method;
use serde_json::json;

use crate::helpers::TestApp;
use crate::streams::{open_stream, read_stream};

crate::on_both_backends!(
    a_password_change_asks_for_the_current_one_and_keeps_tokens_unless_told,
    a_password_change_that_revokes_the_tokens_ends_their_streams,
    logging_out_everywhere_ends_every_browser_session_and_no_token,
);

const PASSWORD: &str = "correct horse battery";

/// Whether `password` makes a new token for `username`.
async fn signs_in(app: &TestApp, username: &str, password: &str) -> bool {
    let answer = app
        .post(
            "/tokens",
            None,
            json!({"username": username, "password": password, "label": "check"}),
        )
        .await;
    match answer.status.as_u16() {
        201 => true,
        401 => false,
        other => panic!("unexpected answer {other}: {}", answer.body),
    }
}

async fn a_password_change_asks_for_the_current_one_and_keeps_tokens_unless_told(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let change = |current: &str, new: &str, revoke: Option<bool>| {
        let mut body = json!({"current": current, "new": new});
        if let Some(revoke) = revoke {
            body["revoke_tokens"] = json!(revoke);
        }
        body
    };
    // Refusals change nothing.
    app.post(
        "/me/password",
        Some(&ann.token),
        change("not the password", "a new password", None),
    )
    .await
    .expect_error(422, "wrong_password");
    app.post(
        "/me/password",
        Some(&ann.token),
        change(PASSWORD, "short", None),
    )
    .await
    .expect_error(422, "invalid_password");
    app.post(
        "/me/password",
        Some(&ann.token),
        json!({"current": PASSWORD}),
    )
    .await
    .expect_error(422, "invalid_body");
    app.post(
        "/me/password",
        None,
        change(PASSWORD, "a new password", None),
    )
    .await
    .expect_error(401, "unauthorized");
    assert!(signs_in(&app, "ann", PASSWORD).await);

    // A change: the tokens stay (the first and the one just made).
    let ended = app
        .post(
            "/me/password",
            Some(&ann.token),
            change(PASSWORD, "a new password", Some(false)),
        )
        .await
        .expect(200);
    assert_eq!(ended, json!({"sessions_ended": 0, "tokens_revoked": 0}));
    app.get("/me", Some(&ann.token)).await.expect(200);
    assert!(
        !signs_in(&app, "ann", PASSWORD).await,
        "the old one is refused"
    );
    assert!(signs_in(&app, "ann", "a new password").await);

    // Revoking the tokens: every one, the sender's too.
    let ended = app
        .post(
            "/me/password",
            Some(&ann.token),
            change("a new password", "a newer password", Some(true)),
        )
        .await
        .expect(200);
    assert_eq!(ended["tokens_revoked"], 3);
    app.get("/me", Some(&ann.token))
        .await
        .expect_error(401, "unauthorized");
    assert!(signs_in(&app, "ann", "a newer password").await);
}

async fn a_password_change_that_revokes_the_tokens_ends_their_streams(app: TestApp) {
    let other = app.instance().start().await.expect("a second instance");
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let mut here = open_stream(&app, &app.base, &ann.token).await;
    let mut there = open_stream(&app, &other.base, &ann.token).await;
    let mut bobs = open_stream(&app, &app.base, &bob.token).await;
    for stream in [&mut here, &mut there, &mut bobs] {
        let (_, ended) = read_stream(stream, Duration::from_millis(300)).await;
        assert!(!ended, "a stream stays open");
    }
    // Without revoking, the token's streams stay.
    app.post(
        "/me/password",
        Some(&ann.token),
        json!({"current": PASSWORD, "new": "a new password"}),
    )
    .await
    .expect(200);
    let (_, ended) = read_stream(&mut here, Duration::from_millis(500)).await;
    assert!(!ended, "a kept token keeps its stream");

    app.post(
        "/me/password",
        Some(&ann.token),
        json!({"current": "a new password", "new": "a newer password", "revoke_tokens": true}),
    )
    .await
    .expect(200);
    app.post(
        "/challenges",
        Some(&bob.token),
        json!({"variant": "mangala", "days_per_move": 3, "first": "challenger", "opponent": "ann"}),
    )
    .await
    .expect(201);
    let (sent, ended) = read_stream(&mut here, Duration::from_secs(2)).await;
    assert!(ended, "the changing instance ends the stream at once");
    assert!(!sent.contains("challenge"), "nothing after: {sent:?}");
    let keep_alive = Duration::from_secs(10); // the streams' keep-alive
    let (sent, ended) = read_stream(&mut there, keep_alive + Duration::from_secs(3)).await;
    assert!(ended, "another instance ends it within one keep-alive");
    assert!(!sent.contains("challenge"), "nothing after: {sent:?}");
    let (_, ended) = read_stream(&mut bobs, Duration::from_millis(300)).await;
    assert!(!ended, "another account's stream stays");
}

async fn logging_out_everywhere_ends_every_browser_session_and_no_token(app: TestApp) {
    let ann = app.sign_up("ann").await;
    app.sign_up("bob").await;
    let service = &app.service;
    let (account, _) = service.authenticate(&ann.token).await.expect("ann's token");
    let bob = service.account("bob").await.expect("bob");
    let mut secrets = Vec::new();
    for _ in 0..2 {
        let started = service.start_session(&account).await.expect("a session");
        secrets.push(started.secret);
    }
    let bobs = service.start_session(&bob).await.expect("a session").secret;

    let ended = app
        .call(Method::DELETE, "/me/sessions", Some(&ann.token), None)
        .await
        .expect(200);
    assert_eq!(ended, json!({"sessions_ended": 2, "tokens_revoked": 0}));
    for secret in &secrets {
        assert!(
            service.session(secret).await.expect("a read").is_none(),
            "the session ended"
        );
    }
    assert!(
        service.session(&bobs).await.expect("a read").is_some(),
        "another account's session stays"
    );
    app.get("/me", Some(&ann.token)).await.expect(200);
    app.call(Method::DELETE, "/me/sessions", None, None)
        .await
        .expect_error(401, "unauthorized");
}
