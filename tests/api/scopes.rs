//! Token scopes: a token is made for some scopes, and a route refuses a token without
//! the one it needs.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_token_is_made_for_the_scopes_asked_and_lists_them,
    a_route_refuses_a_token_without_its_scope_with_403_missing_scope_and_does_nothing,
    unknown_or_no_scopes_are_refused_and_make_no_token,
);

/// A new token of `player` (password of `TestApp::sign_up`) for `scopes`.
async fn token_for(app: &TestApp, player: &Player, scopes: &[&str]) -> (String, Value) {
    let made = app
        .post(
            "/tokens",
            None,
            json!({"username": player.username, "password": "correct horse battery",
                   "label": scopes.join("+"), "scopes": scopes}),
        )
        .await
        .expect(201);
    (made["token"].as_str().expect("a secret").to_owned(), made)
}

async fn a_token_is_made_for_the_scopes_asked_and_lists_them(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let (_, made) = token_for(&app, &ayse, &["play", "read", "play"]).await;
    assert_eq!(
        made["scopes"],
        json!(["read", "play"]),
        "listed once, in order"
    );
    let every = app
        .post(
            "/tokens",
            None,
            json!({"username": "ayse", "password": "correct horse battery", "label": "all"}),
        )
        .await
        .expect(201);
    let all = json!(["read", "play", "challenge", "webhooks", "account"]);
    assert_eq!(every["scopes"], all, "no choice is every scope");
    let listed = app.get("/tokens", Some(&ayse.token)).await.expect(200);
    let scopes_of = |label: &str| {
        listed
            .as_array()
            .expect("a list")
            .iter()
            .find(|t| t["label"] == label)
            .map(|t| t["scopes"].clone())
    };
    assert_eq!(scopes_of("play+read+play"), Some(json!(["read", "play"])));
    assert_eq!(scopes_of("all"), Some(all.clone()));
    assert_eq!(
        scopes_of("first token"),
        Some(all),
        "a sign-up's token has all"
    );
}

async fn a_route_refuses_a_token_without_its_scope_with_403_missing_scope_and_does_nothing(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let (reader, _) = token_for(&app, &ayse, &["read"]).await;
    let (player, _) = token_for(&app, &ayse, &["play"]).await;

    // Reading with `read` works; everything else is refused, naming the scope.
    app.get("/me", Some(&reader)).await.expect(200);
    app.get("/challenges", Some(&reader)).await.expect(200);
    let refused = app
        .post(
            "/challenges",
            Some(&reader),
            json!({"variant": "tihbat", "opponent": "mehmet"}),
        )
        .await;
    refused.expect_error(403, "missing_scope");
    assert!(
        refused.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("`challenge`")),
        "{}",
        refused.body
    );
    for (method, path, body, scope) in [
        (Method::GET, "/tokens", None, "account"),
        (Method::GET, "/me/vacation", None, "account"),
        (Method::POST, "/me/vacation", None, "account"),
        (Method::GET, "/webhooks", None, "webhooks"),
        (
            Method::POST,
            "/webhooks",
            Some(json!({"url": "http://127.0.0.1:9/hook", "secret": "a secret of sixteen"})),
            "webhooks",
        ),
    ] {
        let answer = app.call(method.clone(), path, Some(&reader), body).await;
        answer.expect_error(403, "missing_scope");
        assert!(
            answer.body["message"]
                .as_str()
                .is_some_and(|m| m.contains(&format!("`{scope}`"))),
            "{method} {path}: {}",
            answer.body
        );
    }
    // Nothing was done: no challenge, no vacation, no webhook.
    assert_eq!(
        app.get("/challenges", Some(&mehmet.token))
            .await
            .expect(200),
        json!([])
    );
    let vacation = app.get("/me/vacation", Some(&ayse.token)).await.expect(200);
    assert_eq!(vacation["on_vacation"], false);
    assert_eq!(
        app.get("/webhooks", Some(&ayse.token)).await.expect(200),
        json!([])
    );

    // A `play` token moves, but cannot read the account or its stream.
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let ayse_playing = Player {
        username: "ayse".to_owned(),
        token: player.clone(),
    };
    app.play(&ayse_playing, &game, 1).await.expect(201);
    app.get("/me", Some(&player))
        .await
        .expect_error(403, "missing_scope");
    app.get("/stream/events", Some(&player))
        .await
        .expect_error(403, "missing_scope");
    // A `read` token cannot move.
    let id = game["id"].as_str().expect("an id");
    let now = app.game(id).await;
    let mehmet_reading = token_for(&app, &mehmet, &["read"]).await.0;
    app.play(
        &Player {
            username: "mehmet".to_owned(),
            token: mehmet_reading,
        },
        &now,
        1,
    )
    .await
    .expect_error(403, "missing_scope");
    assert_eq!(
        app.game(id).await["ply"],
        now["ply"],
        "the move was not made"
    );
    // Public routes take no token and need no scope.
    app.get(&format!("/games/{id}"), Some(&player))
        .await
        .expect(200);
}

async fn unknown_or_no_scopes_are_refused_and_make_no_token(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    for scopes in [json!([]), json!(["read", "admin"]), json!(["READ"])] {
        app.post(
            "/tokens",
            None,
            json!({"username": "ayse", "password": "correct horse battery",
                   "label": "bad", "scopes": scopes}),
        )
        .await
        .expect_error(422, "invalid_scopes");
    }
    let listed = app.get("/tokens", Some(&ayse.token)).await.expect(200);
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
}
