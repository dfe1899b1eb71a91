//! Hostile input: broken, oversized, mistyped and malicious requests each get a 4xx
//! with a JSON error naming its code, change nothing, and leave the server serving.

use reqwest::Method;
use reqwest::header::CONTENT_TYPE;
use serde_json::{Value, json};

use crate::helpers::{Answer, TestApp};

crate::on_both_backends!(
    broken_json_bodies_are_refused_with_their_codes_and_change_nothing,
    bodies_over_64_kib_are_refused_with_413,
    bad_moves_and_numbers_are_refused_with_their_codes_and_change_nothing,
    ids_that_are_not_uuids_name_nothing,
    sql_and_html_in_names_and_labels_are_refused_or_kept_as_plain_text,
    very_long_paths_and_headers_are_refused_and_the_server_stays_up,
    every_error_is_a_json_error_with_its_status_and_headers,
    control_characters_and_bidi_overrides_are_refused_in_every_text_and_change_nothing,
);

/// Sends `body` as is, with `content_type`, to `/api/v1{path}`.
async fn raw(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    content_type: &str,
    body: impl Into<reqwest::Body>,
) -> Answer {
    let mut request = app
        .client
        .request(method.clone(), format!("{}/api/v1{path}", app.base))
        .header(CONTENT_TYPE, content_type)
        .body(body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status();
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    let answer = Answer { status, body };
    app.check_described(&method, path, &answer).await;
    answer
}

/// The server still answers, and the account list is as it was.
async fn still_serving(app: &TestApp, standings: &Value) {
    app.get("/variants", None).await.expect(200);
    assert_eq!(
        &app.get("/standings", None).await.expect(200),
        standings,
        "nothing changed"
    );
}

async fn broken_json_bodies_are_refused_with_their_codes_and_change_nothing(app: TestApp) {
    app.sign_up("ayse").await;
    let before = app.get("/standings", None).await.expect(200);
    let json = "application/json";
    let cases: [(&[u8], &str, u16, &str); 11] = [
        (b"{", json, 400, "malformed_json"),
        (
            br#"{"username": "mehmet", "pass"#,
            json,
            400,
            "malformed_json",
        ),
        (b"not json at all", json, 400, "malformed_json"),
        (b"", json, 400, "malformed_json"),
        (
            b"{\"username\": \"meh\xff\xfemet\", \"password\": \"correct horse battery\"}",
            json,
            400,
            "malformed_json",
        ),
        (
            br#"{"username": 5, "password": "correct horse battery"}"#,
            json,
            422,
            "invalid_body",
        ),
        (
            br#"{"username": ["mehmet"], "password": {"a": 1}}"#,
            json,
            422,
            "invalid_body",
        ),
        (br#"{"username": "mehmet"}"#, json, 422, "invalid_body"),
        (
            br#"{"username": "mehmet", "password": "correct horse battery", "admin": true}"#,
            json,
            422,
            "invalid_body",
        ),
        (b"[]", json, 422, "invalid_body"),
        (
            br#"{"username": "mehmet", "password": "correct horse battery"}"#,
            "text/plain",
            415,
            "unsupported_media_type",
        ),
    ];
    for (body, content_type, status, code) in cases {
        raw(
            &app,
            Method::POST,
            "/accounts",
            None,
            content_type,
            body.to_vec(),
        )
        .await
        .expect_error(status, code);
    }
    still_serving(&app, &before).await;
    let taken = app
        .post(
            "/accounts",
            None,
            json!({"username": "mehmet", "password": "correct horse battery"}),
        )
        .await;
    assert_eq!(
        taken.status.as_u16(),
        201,
        "no mehmet was made: {}",
        taken.body
    );
}

async fn bodies_over_64_kib_are_refused_with_413(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let before = app.get("/standings", None).await.expect(200);
    let huge = json!({"username": "mehmet", "password": "x".repeat(64 * 1024)}).to_string();
    raw(
        &app,
        Method::POST,
        "/accounts",
        None,
        "application/json",
        huge,
    )
    .await
    .expect_error(413, "payload_too_large");
    let label = json!({"url": "https://bot.example/x", "secret": "s".repeat(70 * 1024)});
    raw(
        &app,
        Method::POST,
        "/webhooks",
        Some(&ayse.token),
        "application/json",
        label.to_string(),
    )
    .await
    .expect_error(413, "payload_too_large");
    let hooks = app.get("/webhooks", Some(&ayse.token)).await.expect(200);
    assert_eq!(hooks, json!([]));
    still_serving(&app, &before).await;
}

async fn bad_moves_and_numbers_are_refused_with_their_codes_and_change_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let id = game["id"].as_str().expect("a game id");
    let path = format!("/games/{id}/moves");
    let big = "123456789012345678901234567890";
    let cases: [(String, u16, &str); 10] = [
        (r#"{"ply": 0, "pit": 0}"#.into(), 422, "illegal_move"),
        (r#"{"ply": 0, "pit": 99}"#.into(), 422, "illegal_move"),
        (r#"{"ply": 0, "pit": -1}"#.into(), 422, "illegal_move"),
        (
            format!(r#"{{"ply": 0, "pit": {big}}}"#),
            422,
            "invalid_body",
        ),
        (
            format!(r#"{{"ply": {big}, "pit": 1}}"#),
            422,
            "invalid_body",
        ),
        (r#"{"ply": -5, "pit": 1}"#.into(), 409, "stale_ply"),
        (r#"{"ply": 0, "pit": 1.5}"#.into(), 422, "invalid_body"),
        (r#"{"ply": 0, "pit": "1"}"#.into(), 422, "invalid_body"),
        (r#"{"ply": 0, "pit": 1e400}"#.into(), 400, "malformed_json"),
        (r#"{"ply": 0}"#.into(), 422, "invalid_body"),
    ];
    for (body, status, code) in cases {
        let answer = raw(
            &app,
            Method::POST,
            &path,
            Some(&ayse.token),
            "application/json",
            body.clone(),
        )
        .await;
        assert!(
            answer.status.is_client_error(),
            "{body}: {} {}",
            answer.status,
            answer.body
        );
        answer.expect_error(status, code);
    }
    for (variant, code) in [
        ("chess", "invalid_variant"),
        ("", "invalid_variant"),
        ("MANGALA ", "invalid_variant"),
        ("mangala\u{0}", "invalid_text"),
    ] {
        app.post(
            "/challenges",
            Some(&ayse.token),
            json!({"variant": variant, "opponent": "mehmet"}),
        )
        .await
        .expect_error(422, code);
    }
    for days in [0, -1, i64::MAX] {
        let answer = app
            .post(
                "/challenges",
                Some(&ayse.token),
                json!({"variant": "mangala", "opponent": "mehmet", "days_per_move": days}),
            )
            .await;
        assert_eq!(answer.status.as_u16(), 422, "{days}: {}", answer.body);
    }
    assert_eq!(app.game(id).await, game, "nothing changed");
    let open = app
        .get("/challenges", Some(&mehmet.token))
        .await
        .expect(200);
    assert_eq!(open, json!([]), "no challenge was made");
    app.play(&ayse, &game, 1).await.expect(201);
}

async fn ids_that_are_not_uuids_name_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    for id in [
        "1",
        "not-a-uuid",
        "00000000-0000-0000-0000-00000000000g",
        "%27%20OR%201%3D1--",
        "..%2F..%2Fetc%2Fpasswd",
    ] {
        app.get(&format!("/games/{id}"), None)
            .await
            .expect_error(404, "not_found");
        app.post(
            &format!("/games/{id}/moves"),
            Some(&ayse.token),
            json!({"ply": 0, "pit": 1}),
        )
        .await
        .expect_error(404, "not_found");
        app.get(&format!("/challenges/{id}"), Some(&ayse.token))
            .await
            .expect_error(404, "not_found");
        app.call(
            Method::DELETE,
            &format!("/tokens/{id}"),
            Some(&ayse.token),
            None,
        )
        .await
        .expect_error(404, "not_found");
    }
    app.get("/me", Some(&ayse.token)).await.expect(200);
}

async fn sql_and_html_in_names_and_labels_are_refused_or_kept_as_plain_text(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let before = app.get("/standings", None).await.expect(200);
    for name in [
        "a'; DROP TABLE accounts;--",
        "ayse' OR '1'='1",
        "<script>alert(1)</script>",
        "\"><img src=x>",
        "ayse%00",
    ] {
        app.post(
            "/accounts",
            None,
            json!({"username": name, "password": "correct horse battery"}),
        )
        .await
        .expect_error(422, "invalid_username");
    }
    app.post(
        "/challenges",
        Some(&ayse.token),
        json!({"variant": "mangala", "opponent": "x' OR '1'='1"}),
    )
    .await;
    still_serving(&app, &before).await;

    let label = "<script>alert('x')</script>'; DROP TABLE tokens;--";
    let made = app
        .post(
            "/tokens",
            None,
            json!({"username": "ayse", "password": "correct horse battery", "label": label}),
        )
        .await
        .expect(201);
    assert_eq!(made["label"], label, "kept as text");
    let tokens = app.get("/tokens", Some(&ayse.token)).await.expect(200);
    assert!(
        tokens
            .as_array()
            .is_some_and(|t| t.iter().any(|t| t["label"] == label)),
        "{tokens}"
    );
}

async fn very_long_paths_and_headers_are_refused_and_the_server_stays_up(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let before = app.get("/standings", None).await.expect(200);

    // Past what an HTTP client library will even build: send it by hand.
    let answer = raw_request(
        &app,
        &format!(
            "GET /api/v1/games/{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            "a".repeat(100 * 1024)
        ),
    )
    .await;
    assert!(
        answer.starts_with("HTTP/1.1 4"),
        "100 KB path: {}",
        answer.lines().next().unwrap_or_default()
    );

    let id_path = format!("/games/{}", "a".repeat(8 * 1024));
    app.get(&id_path, None).await.expect_error(404, "not_found");

    // A long token is refused as unknown ...
    let long_token = "x".repeat(16 * 1024);
    app.get("/me", Some(&long_token))
        .await
        .expect_error(401, "unauthorized");
    // ... and a head past the server's cap (64 KiB or more, `src/http/conn.rs`) whole,
    // with 431 (or, when the client was still writing, a closed connection).
    for (token, padding) in [("x".repeat(64 * 1024), 0), (ayse.token.clone(), 64 * 1024)] {
        let answer = app
            .client
            .get(format!("{}/api/v1/me", app.base))
            .bearer_auth(&token)
            .header("x-padding", "p".repeat(padding))
            .send()
            .await;
        if let Ok(answer) = answer {
            assert_eq!(answer.status().as_u16(), 431, "a 64 KiB head");
        }
    }

    still_serving(&app, &before).await;
    app.get("/me", Some(&ayse.token)).await.expect(200);
}

/// Asserts a raw answer is `status` with the JSON error shape and `code`.
async fn expect_json_error(response: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(response.status().as_u16(), status, "{code}");
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(
        content_type.starts_with("application/json"),
        "{status} {code}: content type {content_type:?}"
    );
    let body: Value = response.json().await.expect("a JSON body");
    assert_eq!(body["error"], code, "{body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{body}"
    );
    body
}

async fn every_error_is_a_json_error_with_its_status_and_headers(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let url = |path: &str| format!("{}/api/v1{path}", app.base);

    // A described route with a method it does not take: 405 with a body, a content
    // type and `Allow`.
    let response = app
        .client
        .put(url("/games"))
        .send()
        .await
        .expect("an answer");
    let allow = response
        .headers()
        .get("allow")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(allow.contains("GET"), "Allow: {allow:?}");
    expect_json_error(response, 405, "method_not_allowed").await;

    // A body without any Content-Type: 415, not 400.
    let response = app
        .client
        .post(url("/accounts"))
        .body(r#"{"username": "mehmet", "password": "correct horse battery"}"#)
        .send()
        .await
        .expect("an answer");
    expect_json_error(response, 415, "unsupported_media_type").await;

    // 401 says how to authenticate, with a token and without.
    for token in [None, Some("sp_not_a_token")] {
        let mut request = app.client.get(url("/me"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("an answer");
        let scheme = response
            .headers()
            .get("www-authenticate")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        assert!(
            scheme.starts_with("Bearer "),
            "WWW-Authenticate: {scheme:?}"
        );
        expect_json_error(response, 401, "unauthorized").await;
    }
    let response = app
        .client
        .post(url("/tokens"))
        .json(&json!({"username": "ayse", "password": "wrong password", "label": "x"}))
        .send()
        .await
        .expect("an answer");
    assert!(response.headers().contains_key("www-authenticate"));
    expect_json_error(response, 401, "bad_credentials").await;

    // A page answers 405 with a page.
    let response = app
        .client
        .delete(format!("{}/standings", app.base))
        .send()
        .await
        .expect("an answer");
    assert_eq!(response.status().as_u16(), 405);
    let content_type = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    assert!(content_type.starts_with("text/html"), "{content_type:?}");
    assert!(!response.text().await.expect("a page").is_empty());
    app.get("/me", Some(&ayse.token)).await.expect(200);
}

/// Writes `request` on a new connection and reads the answer to its end.
async fn raw_request(app: &TestApp, request: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let addr = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .expect("the server listens");
    // The server may answer and close before reading it all: that is fine.
    let _ = stream.write_all(request.as_bytes()).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    String::from_utf8_lossy(&answer).into_owned()
}

async fn control_characters_and_bidi_overrides_are_refused_in_every_text_and_change_nothing(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    app.sign_up("mehmet").await;
    let before = app.get("/standings", None).await.expect(200);
    let token = Some(ayse.token.as_str());
    let tournament = |name: &str| json!({"name": name, "variant": "tihbat", "days_per_move": 3, "starts_at": "2030-01-01T12:00:00Z"});
    // The seven places where a NUL answered 500 on Postgres (and was stored on
    // SQLite), and the other texts: each is refused with 422 invalid_text.
    let bodies = [
        ("/tournaments", token, tournament("Spring\0cup")),
        ("/tournaments", token, tournament("\u{202E}puc gnirpS")),
        ("/tournaments", token, tournament("Spring\u{2066}cup")),
        (
            "/webhooks",
            token,
            json!({"url": "http://127.0.0.1:9/hook", "secret": "a long random\0 shared secret"}),
        ),
        (
            "/challenges",
            token,
            json!({"variant": "mangala", "opponent": "meh\0met"}),
        ),
        (
            "/tokens",
            None,
            json!({"username": "ay\0se", "password": "correct horse battery", "label": "x"}),
        ),
        (
            "/tokens",
            None,
            json!({"username": "ayse", "password": "correct horse battery", "label": "bot\u{85}"}),
        ),
        (
            "/accounts",
            None,
            json!({"username": "emine", "password": "correct\0horse battery"}),
        ),
    ];
    for (path, token, body) in bodies {
        app.post(path, token, body.clone())
            .await
            .expect_error(422, "invalid_text");
    }
    app.get("/games?player=meh%00met", None)
        .await
        .expect_error(422, "invalid_text");
    app.get("/matches?player=%E2%80%AEmehmet", None)
        .await
        .expect_error(422, "invalid_text");
    // A name in a path names nothing.
    for path in ["/players/meh%00met/ratings", "/players/%1B/ratings"] {
        app.get(path, None).await.expect_error(404, "not_found");
    }

    still_serving(&app, &before).await;
    assert_eq!(app.get("/tournaments", None).await.expect(200), json!([]));
    assert_eq!(app.get("/webhooks", token).await.expect(200), json!([]));
    let challenges = app.get("/challenges", token).await.expect(200);
    assert!(
        challenges.as_array().is_some_and(Vec::is_empty),
        "{challenges}"
    );
    let tokens = app.get("/tokens", token).await.expect(200);
    assert_eq!(tokens.as_array().map(Vec::len), Some(1), "{tokens}");
    app.post(
        "/tournaments",
        token,
        tournament("Spring cup \u{200F}: Çağrı"),
    )
    .await
    .expect(201);
}
