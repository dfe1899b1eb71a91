//! Account controls: changing the password, logging out everywhere.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::streams::{open_stream, read_stream};

crate::on_both_backends!(
    a_password_change_asks_for_the_current_one_and_keeps_tokens_unless_told,
    a_password_change_that_revokes_the_tokens_ends_their_streams,
    logging_out_everywhere_ends_every_browser_session_and_no_token,
    the_export_holds_the_accounts_games_challenges_and_tokens_without_secrets,
    deleting_an_account_ends_its_games_and_challenges_and_keeps_finished_games_under_a_placeholder,
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

/// Plays the first legal move of `game` (its JSON) for whoever is to move; returns
/// the side that moved.
async fn play_first(app: &TestApp, players: [&crate::helpers::Player; 2], game: &Value) -> String {
    let id = game["id"].as_str().expect("an id");
    let now = app.get(&format!("/games/{id}"), None).await.expect(200);
    let side = now["to_move"].as_str().expect("a side to move").to_owned();
    let mover = players
        .into_iter()
        .find(|p| now["players"][side.as_str()] == p.username.as_str())
        .expect("a player to move");
    let pit = now["legal_moves"][0].as_u64().expect("a legal move");
    app.play(mover, &now, pit).await.expect(201);
    side
}

async fn the_export_holds_the_accounts_games_challenges_and_tokens_without_secrets(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    app.start_game(&ann, &bob, "mangala", "challenger").await;
    app.post(
        "/challenges",
        Some(&bob.token),
        json!({"variant": "tihbat", "days_per_move": 3, "opponent": "ann"}),
    )
    .await
    .expect(201);
    app.post(
        "/webhooks",
        Some(&ann.token),
        json!({"url": "http://127.0.0.1:9/hook", "secret": "a secret of some length"}),
    )
    .await
    .expect(201);
    let export = app.get("/me/export", Some(&ann.token)).await.expect(200);
    assert_eq!(export["account"]["username"], "ann");
    assert_eq!(export["games"].as_array().map(Vec::len), Some(1));
    assert_eq!(export["games"][0]["players"]["south"], "ann");
    assert_eq!(export["challenges"].as_array().map(Vec::len), Some(1));
    assert_eq!(export["tokens"].as_array().map(Vec::len), Some(1));
    assert_eq!(export["webhooks"].as_array().map(Vec::len), Some(1));
    let text = export.to_string();
    assert!(!text.contains(&ann.token[3..]), "no token secret");
    assert!(
        !text.contains("a secret of some length"),
        "no webhook secret"
    );
    // Bob's export is Bob's.
    let bobs = app.get("/me/export", Some(&bob.token)).await.expect(200);
    assert_eq!(bobs["account"]["username"], "bob");
    assert_eq!(bobs["webhooks"].as_array().map(Vec::len), Some(0));
    app.get("/me/export", None)
        .await
        .expect_error(401, "unauthorized");
}

async fn deleting_an_account_ends_its_games_and_challenges_and_keeps_finished_games_under_a_placeholder(
    app: TestApp,
) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let cem = app.sign_up("cem").await;
    // A finished game (Bob wins by Ann's resignation), a game where both have moved
    // (resigned at the deletion), one where nobody has (aborted).
    let finished = app.start_game(&ann, &bob, "mangala", "challenger").await;
    app.resign(&ann, &finished).await.expect(200);
    let moved = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    let mut sides = std::collections::HashSet::new();
    while sides.len() < 2 {
        sides.insert(play_first(&app, [&ann, &bob], &moved).await);
    }
    let fresh = app.start_game(&cem, &ann, "modiar", "challenger").await;
    // Ann's own challenge, and one naming her.
    let own = app
        .post(
            "/challenges",
            Some(&ann.token),
            json!({"variant": "tihbat", "days_per_move": 3}),
        )
        .await
        .expect(201);
    let naming = app
        .post(
            "/challenges",
            Some(&cem.token),
            json!({"variant": "tihbat", "days_per_move": 3, "opponent": "ann"}),
        )
        .await
        .expect(201);
    let bob_rating = app.get("/players/bob/ratings", None).await.expect(200);

    app.call(
        Method::DELETE,
        "/me",
        Some(&ann.token),
        Some(json!({"password": "not the password"})),
    )
    .await
    .expect_error(422, "wrong_password");
    app.get("/me", Some(&ann.token)).await.expect(200);
    let answer = app
        .call(
            Method::DELETE,
            "/me",
            Some(&ann.token),
            Some(json!({"password": PASSWORD})),
        )
        .await;
    assert_eq!(answer.status.as_u16(), 204, "{}", answer.body);
    app.get("/me", Some(&ann.token))
        .await
        .expect_error(401, "unauthorized");
    assert!(
        !signs_in(&app, "ann", PASSWORD).await,
        "the name signs in no more"
    );

    let id = |g: &Value| g["id"].as_str().expect("an id").to_owned();
    let app_ref = &app;
    let game = move |g: &Value| {
        let path = format!("/games/{}", id(g));
        async move { app_ref.get(&path, None).await.expect(200) }
    };
    let finished = game(&finished).await;
    let placeholder = finished["players"]["south"]
        .as_str()
        .expect("a name")
        .to_owned();
    assert!(placeholder.starts_with("deleted-"), "{placeholder}");
    assert_eq!(finished["status"], "finished");
    assert_eq!(finished["result"]["winner"], "north", "Bob's win stays");
    let moved = game(&moved).await;
    assert_eq!(
        (
            moved["status"].as_str(),
            moved["result"]["ended_by"].as_str()
        ),
        (Some("finished"), Some("resign"))
    );
    assert_eq!(moved["result"]["winner"], "north");
    assert_eq!(moved["players"]["south"], placeholder.as_str());
    assert_eq!(game(&fresh).await["status"], "aborted");
    // Cem named her: he reads his challenge, declined. Ann's own, open to anyone,
    // is canceled, so only its parties could read it: it is gone from the list.
    let path = format!("/challenges/{}", id(&naming));
    let now = app.get(&path, Some(&cem.token)).await.expect(200);
    assert_eq!(now["status"], "declined", "{now}");
    let open = app.get("/challenges", Some(&cem.token)).await.expect(200);
    assert!(
        !open.to_string().contains(&id(&own)),
        "the canceled challenge is listed: {open}"
    );
    // Bob's rating is what his games made it.
    let bob_after = app.get("/players/bob/ratings", None).await.expect(200);
    assert_eq!(bob_after, bob_rating);
    // The placeholder can be neither taken nor challenged; the name is free.
    app.post(
        "/accounts",
        None,
        json!({"username": placeholder, "password": PASSWORD}),
    )
    .await
    .expect_error(422, "invalid_username");
    app.post(
        "/challenges",
        Some(&cem.token),
        json!({"variant": "tihbat", "days_per_move": 3, "opponent": placeholder}),
    )
    .await
    .expect_error(422, "opponent_closed");
    let again = app.sign_up("ann").await;
    let export = app.get("/me/export", Some(&again.token)).await.expect(200);
    assert_eq!(
        export["games"].as_array().map(Vec::len),
        Some(0),
        "the new ann inherits nothing"
    );
}
