//! Security: a token reaches only its own account's private data and acts only for
//! it; revoked tokens are dead; failed log-ins are throttled per account and per
//! address; every answer carries the security headers.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Answer, Player, TestApp};

crate::on_both_backends!(
    a_token_cannot_read_the_private_data_of_another_account,
    a_token_cannot_revoke_another_accounts_token_or_cancel_or_decline_its_challenges,
    a_token_cannot_move_resign_or_abort_in_a_game_it_does_not_play,
    a_revoked_token_is_refused_everywhere,
    an_account_is_throttled_after_five_failed_log_ins_until_the_window_passes,
    an_address_is_throttled_after_twenty_failed_log_ins_on_any_accounts,
    api_answers_and_pages_carry_the_security_headers,
);

const PASSWORD: &str = "correct horse battery";

async fn delete(app: &TestApp, path: &str, token: &str) -> Answer {
    app.call(Method::DELETE, path, Some(token), None).await
}

async fn register_webhook(app: &TestApp, player: &Player) -> String {
    let hook = app
        .post(
            "/webhooks",
            Some(&player.token),
            json!({"url": "https://bot.example/hook", "secret": "a long random shared secret"}),
        )
        .await
        .expect(201);
    hook["id"].as_str().expect("a webhook id").to_owned()
}

async fn new_token(app: &TestApp, player: &Player, label: &str) -> Value {
    app.post(
        "/tokens",
        None,
        json!({"username": player.username, "password": PASSWORD, "label": label}),
    )
    .await
    .expect(201)
}

async fn a_token_cannot_read_the_private_data_of_another_account(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    new_token(&app, &ayse, "ayse's second").await;
    let hook = register_webhook(&app, &ayse).await;

    let tokens = app.get("/tokens", Some(&mehmet.token)).await.expect(200);
    assert_eq!(tokens.as_array().map(Vec::len), Some(1), "{tokens}");
    assert!(!tokens.to_string().contains("ayse's second"));
    let me = app.get("/me", Some(&mehmet.token)).await.expect(200);
    assert_eq!(me["username"], "mehmet");

    let hooks = app.get("/webhooks", Some(&mehmet.token)).await.expect(200);
    assert_eq!(hooks, json!([]));
    app.get(&format!("/webhooks/{hook}/deliveries"), Some(&mehmet.token))
        .await
        .expect_error(404, "not_found");
    delete(&app, &format!("/webhooks/{hook}"), &mehmet.token)
        .await
        .expect_error(404, "not_found");
    let still = app.get("/webhooks", Some(&ayse.token)).await.expect(200);
    assert_eq!(still.as_array().map(Vec::len), Some(1), "unchanged");
}

async fn a_token_cannot_revoke_another_accounts_token_or_cancel_or_decline_its_challenges(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;

    let second = new_token(&app, &ayse, "second").await;
    let id = second["id"].as_str().expect("a token id");
    delete(&app, &format!("/tokens/{id}"), &mehmet.token)
        .await
        .expect_error(404, "not_found");
    let secret = second["token"].as_str().expect("a secret");
    app.get("/me", Some(secret)).await.expect(200);

    let challenge = app
        .post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": "mangala", "opponent": "mehmet"}),
        )
        .await
        .expect(201);
    let id = challenge["id"].as_str().expect("a challenge id");
    for token in [&mehmet.token, &zeynep.token] {
        delete(&app, &format!("/challenges/{id}"), token)
            .await
            .expect_error(403, "forbidden");
    }
    app.post(
        &format!("/challenges/{id}/decline"),
        Some(&zeynep.token),
        json!({}),
    )
    .await
    .expect_error(403, "forbidden");
    app.post(
        &format!("/challenges/{id}/decline"),
        Some(&ayse.token),
        json!({}),
    )
    .await
    .expect_error(403, "forbidden");
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&zeynep.token),
        json!({}),
    )
    .await
    .expect_error(403, "forbidden");
    let shown = app
        .get(&format!("/challenges/{id}"), Some(&ayse.token))
        .await
        .expect(200);
    assert_eq!(shown["status"], "open", "nothing changed: {shown}");
}

async fn a_token_cannot_move_resign_or_abort_in_a_game_it_does_not_play(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let zeynep = app.sign_up("zeynep").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let id = game["id"].as_str().expect("a game id");

    app.play(&zeynep, &game, 1)
        .await
        .expect_error(403, "not_a_player");
    app.play(&mehmet, &game, 1)
        .await
        .expect_error(409, "not_your_turn");
    for action in ["resign", "abort"] {
        app.post(
            &format!("/games/{id}/{action}"),
            Some(&zeynep.token),
            json!({}),
        )
        .await
        .expect_error(403, "not_a_player");
    }
    let after = app.game(id).await;
    assert_eq!(after, game, "nothing changed");
    app.play(&ayse, &game, 1).await.expect(201);
}

async fn a_revoked_token_is_refused_everywhere(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let second = new_token(&app, &ayse, "soon revoked").await;
    let secret = second["token"].as_str().expect("a secret").to_owned();
    let id = second["id"].as_str().expect("a token id");
    let revoked = delete(&app, &format!("/tokens/{id}"), &ayse.token).await;
    assert_eq!(revoked.status.as_u16(), 204);

    let dead = Player {
        username: "ayse".to_owned(),
        token: secret.clone(),
    };
    app.get("/me", Some(&secret))
        .await
        .expect_error(401, "unauthorized");
    app.get("/tokens", Some(&secret))
        .await
        .expect_error(401, "unauthorized");
    app.get("/webhooks", Some(&secret))
        .await
        .expect_error(401, "unauthorized");
    app.play(&dead, &game, 1)
        .await
        .expect_error(401, "unauthorized");
    app.post(
        "/challenges",
        Some(&secret),
        json!({"variant": "mangala", "opponent": "mehmet"}),
    )
    .await
    .expect_error(401, "unauthorized");
    assert_eq!(app.game(game["id"].as_str().expect("an id")).await, game);
    app.get("/me", Some(&ayse.token)).await.expect(200);
}

/// Asks for a token with `password`.
async fn log_in(app: &TestApp, username: &str, password: &str) -> Answer {
    app.post(
        "/tokens",
        None,
        json!({"username": username, "password": password, "label": "log-in"}),
    )
    .await
}

#[track_caller]
fn expect_throttled(answer: &Answer) -> u64 {
    answer.expect_error(429, "rate_limited");
    answer.body["retry_after"]
        .as_u64()
        .expect("a retry_after in seconds")
}

async fn an_account_is_throttled_after_five_failed_log_ins_until_the_window_passes(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    for _ in 0..5 {
        log_in(&app, "ayse", "wrong password")
            .await
            .expect_error(401, "bad_credentials");
    }
    let refused = log_in(&app, "AYSE", PASSWORD).await;
    let retry_after = expect_throttled(&refused);
    assert!(
        (1..=15 * 60).contains(&retry_after),
        "within the window: {retry_after}"
    );
    // Other accounts are not locked out by someone guessing at ayse's.
    app.sign_up("mehmet").await;
    log_in(&app, "mehmet", PASSWORD).await.expect(201);
    // Her existing tokens still work.
    app.get("/me", Some(&ayse.token)).await.expect(200);

    app.clock.advance(TimeDelta::minutes(15));
    log_in(&app, "ayse", PASSWORD).await.expect(201);
}

async fn an_address_is_throttled_after_twenty_failed_log_ins_on_any_accounts(app: TestApp) {
    app.sign_up("ayse").await;
    for n in 0..20 {
        log_in(&app, &format!("nobody{n}"), "wrong password")
            .await
            .expect_error(401, "bad_credentials");
    }
    expect_throttled(&log_in(&app, "ayse", PASSWORD).await);
    app.clock.advance(TimeDelta::minutes(15));
    log_in(&app, "ayse", PASSWORD).await.expect(201);
}

async fn api_answers_and_pages_carry_the_security_headers(app: TestApp) {
    let client = reqwest::Client::new();
    for path in [
        "/api/v1/variants",
        "/api/v1/me",
        "/api/v1/no-such-route",
        "/api/v1/openapi.json",
        "/",
        "/login",
        "/no-such-page",
    ] {
        let response = client
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .expect("the server answers");
        let headers = response.headers();
        let header = |name: &str| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        let csp = header("content-security-policy");
        let scripts = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src") || d.starts_with("default-src"))
            .unwrap_or_default();
        assert!(
            !scripts.is_empty(),
            "{path}: a CSP restricts scripts: {csp}"
        );
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert!(!header("referrer-policy").is_empty(), "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
    }
}
