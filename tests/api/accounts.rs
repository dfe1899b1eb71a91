//! Accounts and tokens.

use serde_json::json;

use crate::helpers::TestApp;

crate::on_both_backends!(
    signing_up_returns_a_working_token,
    user_names_are_unique_ignoring_case,
    bad_user_names_and_passwords_are_refused_with_their_codes,
    tokens_are_made_listed_without_secrets_and_revoked,
    requests_without_a_valid_token_get_401,
);

async fn signing_up_returns_a_working_token(app: TestApp) {
    let body = app
        .post(
            "/accounts",
            None,
            json!({"username": "Ayse", "password": "12345678", "bot": true}),
        )
        .await
        .expect(201);
    assert_eq!(body["username"], "Ayse");
    assert_eq!(body["bot"], true);
    let token = body["token"].as_str().expect("a token");
    let me = app.get("/me", Some(token)).await.expect(200);
    assert_eq!(
        (me["username"].as_str(), me["bot"].as_bool()),
        (Some("Ayse"), Some(true))
    );
}

async fn user_names_are_unique_ignoring_case(app: TestApp) {
    app.sign_up("mehmet").await;
    let again = app
        .post(
            "/accounts",
            None,
            json!({"username": "MEHMET", "password": "12345678"}),
        )
        .await;
    again.expect_error(409, "username_taken");
}

async fn bad_user_names_and_passwords_are_refused_with_their_codes(app: TestApp) {
    for (username, password, code) in [
        ("ab", "12345678", "invalid_username"),
        ("<script>", "12345678", "invalid_username"),
        (
            "robert'); DROP TABLE accounts;--",
            "12345678",
            "invalid_username",
        ),
        ("okname", "short", "invalid_password"),
    ] {
        app.post(
            "/accounts",
            None,
            json!({"username": username, "password": password}),
        )
        .await
        .expect_error(422, code);
    }
    app.post("/accounts", None, json!({"username": "okname"}))
        .await
        .expect_error(422, "invalid_body");
    app.post(
        "/accounts",
        None,
        json!({"username": "okname", "password": "12345678", "admin": true}),
    )
    .await
    .expect_error(422, "invalid_body");
    // Nothing was created.
    app.post(
        "/accounts",
        None,
        json!({"username": "okname", "password": "12345678"}),
    )
    .await
    .expect(201);
}

async fn tokens_are_made_listed_without_secrets_and_revoked(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    app.post(
        "/tokens",
        None,
        json!({"username": "ayse", "password": "wrong password", "label": "bot"}),
    )
    .await
    .expect_error(401, "bad_credentials");
    let made = app
        .post(
            "/tokens",
            None,
            json!({"username": "AYSE", "password": "correct horse battery", "label": "my bot"}),
        )
        .await
        .expect(201);
    let secret = made["token"].as_str().expect("a secret");
    assert_eq!(made["label"], "my bot");
    let list = app.get("/tokens", Some(secret)).await.expect(200);
    let list = list.as_array().expect("a list");
    assert_eq!(list.len(), 2);
    for token in list {
        assert!(
            token.get("token").is_none() && token.get("hash").is_none(),
            "{token}"
        );
        assert!(!token.to_string().contains(&secret[3..]));
    }
    assert!(
        list.iter().any(|t| t["last_used_at"].is_string()),
        "last use is kept"
    );
    // Another account cannot revoke it; its owner can, and then it stops working.
    let mehmet = app.sign_up("mehmet").await;
    let id = made["id"].as_str().expect("an id");
    app.call(
        reqwest::Method::DELETE,
        &format!("/tokens/{id}"),
        Some(&mehmet.token),
        None,
    )
    .await
    .expect_error(404, "not_found");
    let gone = app
        .call(
            reqwest::Method::DELETE,
            &format!("/tokens/{id}"),
            Some(&ayse.token),
            None,
        )
        .await;
    assert_eq!(gone.status.as_u16(), 204);
    app.get("/me", Some(secret))
        .await
        .expect_error(401, "unauthorized");
    app.get("/me", Some(&ayse.token)).await.expect(200);
}

async fn requests_without_a_valid_token_get_401(app: TestApp) {
    app.get("/me", None).await.expect_error(401, "unauthorized");
    app.get("/me", Some("sp_not-a-token"))
        .await
        .expect_error(401, "unauthorized");
    app.get("/nowhere", None)
        .await
        .expect_error(404, "not_found");
}
