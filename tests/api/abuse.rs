//! Holding under abuse (issue 19): client addresses behind a proxy, log-in
//! throttling that nobody can turn into a lock-out, slow and idle connections, and
//! requests slower than the request timeout.

use std::time::Duration;

use chrono::TimeDelta;
use reqwest::{Method, StatusCode};
use seedpost::http::Settings;
use seedpost::http::conn::ConnectionLimits;
use seedpost::http::ratelimit::{Rate, RateLimits, StreamSlots};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use seedpost::accounts::service::floods::FloodLimits;

use crate::helpers::{Answer, Backend, ServerBuilder, TestApp};

crate::on_both_backends!(
    failed_log_ins_behind_a_proxy_count_against_the_address_the_proxy_saw,
    five_wrong_passwords_from_one_address_do_not_stop_the_player_from_another,
    a_player_guessed_at_from_many_addresses_logs_in_from_a_known_one_at_once_and_a_new_one_after_a_delay,
    idle_and_half_sent_connections_are_closed_and_streams_stay_open,
    connections_past_a_cap_are_refused_at_once_and_those_held_are_served,
    a_request_head_of_64_kib_or_more_is_refused_with_431_and_one_of_32_kib_is_served,
    random_bearer_values_take_from_their_addresss_bucket_and_make_no_new_cells,
    game_streams_are_capped_per_client_address,
    live_game_pages_and_api_streams_count_in_one_cap_per_client_address,
    a_stream_is_the_last_answer_on_its_connection_chunked_and_refused_with_a_body,
    a_streams_slot_is_free_again_once_its_client_hangs_up,
    sign_ups_tokens_and_challenges_stop_at_their_caps_and_lists_come_in_pages,
    a_challenge_naming_a_player_is_read_by_its_two_players_only,
    every_spelling_of_a_house_bots_name_is_refused_at_sign_up,
    an_account_creates_open_tournaments_up_to_its_cap_and_the_refusal_changes_nothing,
    the_standings_come_a_page_at_a_time,
    the_tournaments_come_a_page_at_a_time,
    a_request_slower_than_the_request_timeout_answers_503_timeout_changes_nothing_and_a_stream_is_not_cut,
);

const PASSWORD: &str = "correct horse battery";

/// The same server started again, on the same backend, with `settings` and `limits`.
async fn restarted(app: TestApp, settings: Settings, limits: RateLimits) -> TestApp {
    relaunched(app, |builder| {
        builder.settings(settings).rate_limits(limits)
    })
    .await
}

/// The same server started again, on the same backend, as `configure` sets it up.
async fn relaunched(
    app: TestApp,
    configure: impl FnOnce(ServerBuilder) -> ServerBuilder,
) -> TestApp {
    let backend = if app.is_postgres() {
        Backend::Postgres
    } else {
        Backend::Sqlite
    };
    drop(app);
    TestApp::start_with(configure(TestApp::builder(backend)))
        .await
        .expect("the backend of the test is there")
}

/// The same server, but behind one trusted proxy (`--trust-proxy-headers`), without
/// rate limits.
async fn behind_a_proxy(app: TestApp) -> TestApp {
    let settings = Settings {
        trust_proxy_headers: true,
        ..Settings::default()
    };
    restarted(app, settings, RateLimits::UNLIMITED).await
}

/// `POST /api/v1/tokens` as sent through a proxy with `X-Forwarded-For: forwarded`.
async fn log_in_via(app: &TestApp, forwarded: &str, username: &str, password: &str) -> Answer {
    let response = app
        .client
        .request(Method::POST, format!("{}/api/v1/tokens", app.base))
        .header("x-forwarded-for", forwarded)
        .json(&json!({"username": username, "password": password, "label": "log-in"}))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    Answer { status, body }
}

async fn failed_log_ins_behind_a_proxy_count_against_the_address_the_proxy_saw(app: TestApp) {
    let app = behind_a_proxy(app).await;
    app.sign_up("ayse").await;
    // nginx appends the address it saw (198.51.100.9) to whatever the client sent:
    // here a different first entry each time, then the address of ayse's home.
    let mut refused = None;
    for n in 0..30 {
        let forwarded = format!("10.{n}.0.1, 203.0.113.50, 198.51.100.9");
        let answer = log_in_via(&app, &forwarded, &format!("nobody{n}"), "wrong password").await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            refused = Some(n);
            break;
        }
        answer.expect_error(401, "bad_credentials");
    }
    assert_eq!(
        refused,
        Some(20),
        "the 21st failure from one address is refused"
    );
    // The address the guesser named is not the one throttled.
    log_in_via(&app, "203.0.113.50", "ayse", PASSWORD)
        .await
        .expect(201);
}

async fn five_wrong_passwords_from_one_address_do_not_stop_the_player_from_another(app: TestApp) {
    let app = behind_a_proxy(app).await;
    app.sign_up("ayse").await;
    for _ in 0..5 {
        log_in_via(&app, "192.0.2.66", "ayse", "wrong password")
            .await
            .expect_error(401, "bad_credentials");
    }
    log_in_via(&app, "192.0.2.66", "ayse", PASSWORD)
        .await
        .expect_error(429, "rate_limited");
    log_in_via(&app, "203.0.113.50", "ayse", PASSWORD)
        .await
        .expect(201);
}

async fn a_player_guessed_at_from_many_addresses_logs_in_from_a_known_one_at_once_and_a_new_one_after_a_delay(
    app: TestApp,
) {
    let app = behind_a_proxy(app).await;
    app.sign_up("ayse").await;
    log_in_via(&app, "203.0.113.50", "ayse", PASSWORD)
        .await
        .expect(201);
    for n in 0..12 {
        let answer = log_in_via(&app, &format!("192.0.2.{n}"), "ayse", "wrong password").await;
        if answer.status != StatusCode::TOO_MANY_REQUESTS {
            answer.expect_error(401, "bad_credentials");
        }
    }
    // From home, at once, as often as she likes.
    for _ in 0..3 {
        log_in_via(&app, "203.0.113.50", "ayse", PASSWORD)
            .await
            .expect(201);
    }
    // From a new address: slowed, not locked.
    let mut answer = log_in_via(&app, "198.51.100.77", "ayse", PASSWORD).await;
    if answer.status == StatusCode::TOO_MANY_REQUESTS {
        let wait = answer.body["retry_after"].as_i64().expect("retry_after");
        assert!((1..=30).contains(&wait), "a short delay: {wait}");
        app.clock.advance(TimeDelta::seconds(wait));
        answer = log_in_via(&app, "198.51.100.77", "ayse", PASSWORD).await;
    }
    answer.expect(201);
    // The guessers get at most one check per delay.
    log_in_via(&app, "192.0.2.99", "ayse", "wrong password").await;
    log_in_via(&app, "192.0.2.98", "ayse", "wrong password")
        .await
        .expect_error(429, "rate_limited");
}

/// The same server with these connection limits (and no rate limits).
async fn with_limits(app: TestApp, connections: ConnectionLimits) -> TestApp {
    let settings = Settings {
        connections,
        ..Settings::default()
    };
    restarted(app, settings, RateLimits::UNLIMITED).await
}

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .expect("the server accepts")
}

/// Reads until the server closes the connection (`Ok(bytes)`), or gives up after
/// `within` (`Err(())`: still open).
async fn closed_within(stream: &mut TcpStream, within: Duration) -> Result<Vec<u8>, ()> {
    let mut got = Vec::new();
    let reading = async {
        let mut buf = [0u8; 1024];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    };
    tokio::time::timeout(within, reading)
        .await
        .map_err(|_| ())?;
    Ok(got)
}

async fn idle_and_half_sent_connections_are_closed_and_streams_stay_open(app: TestApp) {
    let app = with_limits(
        app,
        ConnectionLimits {
            header_timeout: Duration::from_secs(1),
            max_connections: 100,
            per_address: 0,
        },
    )
    .await;
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let mut stream = app
        .client
        .get(format!("{}/api/v1/stream/events", app.base))
        .bearer_auth(&ayse.token)
        .send()
        .await
        .expect("a stream");
    let mut silent = connect(&app).await;
    let mut slow = connect(&app).await;
    let dripping = async {
        for byte in b"GET /healthz HTTP/1.1\r\nHost: x\r\n" {
            if slow.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    dripping.await;
    assert!(
        closed_within(&mut silent, Duration::from_secs(3))
            .await
            .is_ok(),
        "a connection that sends nothing is closed"
    );
    assert!(
        closed_within(&mut slow, Duration::from_secs(3))
            .await
            .is_ok(),
        "a request head sent a byte at a time is cut off"
    );
    // A keep-alive connection left idle after its answer is closed too.
    let mut idle = connect(&app).await;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("sent");
    let answered = closed_within(&mut idle, Duration::from_secs(3))
        .await
        .expect("closed once idle");
    assert!(answered.starts_with(b"HTTP/1.1 200"), "answered first");
    // The stream, quiet for longer than the timeout, still delivers.
    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "mangala", "opponent": "ayse"}),
    )
    .await
    .expect(201);
    let chunk = tokio::time::timeout(Duration::from_secs(5), stream.chunk())
        .await
        .expect("the stream is open")
        .expect("a chunk")
        .expect("not the end");
    assert!(
        String::from_utf8_lossy(&chunk).contains("\"challenge\""),
        "{chunk:?}"
    );
}

/// The answer to `GET /healthz` with a header of `filler` bytes, read until the server
/// closes the connection.
async fn healthz_with_a_header_of(app: &TestApp, filler: usize) -> String {
    let mut stream = connect(app).await;
    let head = format!(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Filler: {}\r\nConnection: close\r\n\r\n",
        "a".repeat(filler)
    );
    // The server may answer and close before it has read everything.
    let _ = stream.write_all(head.as_bytes()).await;
    let answer = closed_within(&mut stream, Duration::from_secs(10))
        .await
        .expect("answered and closed");
    String::from_utf8_lossy(&answer).into_owned()
}

async fn a_request_head_of_64_kib_or_more_is_refused_with_431_and_one_of_32_kib_is_served(
    app: TestApp,
) {
    // hyper's 32 KiB read buffer may be filled past its size by one read: heads
    // between 32 and 64 KiB are refused or not as their bytes arrive (`conn.rs`).
    for filler in [64 * 1024, 100 * 1024, 384 * 1024] {
        let answer = healthz_with_a_header_of(&app, filler).await;
        assert!(
            answer.starts_with("HTTP/1.1 431"),
            "{filler} bytes: {}",
            answer.lines().next().unwrap_or_default()
        );
    }
    // The filler and the rest of the head: 32 KiB in all.
    let answer = healthz_with_a_header_of(&app, 32 * 1024 - 80).await;
    assert!(
        answer.starts_with("HTTP/1.1 200"),
        "{}",
        answer.lines().next().unwrap_or_default()
    );
}

async fn connections_past_a_cap_are_refused_at_once_and_those_held_are_served(app: TestApp) {
    let app = with_limits(
        app,
        ConnectionLimits {
            header_timeout: Duration::from_secs(30),
            max_connections: 100,
            per_address: 5,
        },
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(connect(&app).await);
    }
    let mut refused = connect(&app).await;
    let answer = closed_within(&mut refused, Duration::from_secs(2))
        .await
        .expect("refused at once");
    assert!(
        answer.starts_with(b"HTTP/1.1 503"),
        "{}",
        String::from_utf8_lossy(&answer)
    );
    // The connections held are served.
    let mut first = held.remove(0);
    first
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .expect("sent");
    let answer = closed_within(&mut first, Duration::from_secs(2))
        .await
        .expect("answered and closed");
    assert!(answer.starts_with(b"HTTP/1.1 200"));
    // A connection let go makes room.
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    app.get("/variants", None).await.expect(200);

    // The cap in all, below the descriptors, refuses the same way.
    let app = with_limits(
        app,
        ConnectionLimits {
            header_timeout: Duration::from_secs(30),
            max_connections: 3,
            per_address: 0,
        },
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(connect(&app).await);
    }
    let mut refused = connect(&app).await;
    let answer = closed_within(&mut refused, Duration::from_secs(2))
        .await
        .expect("refused at once");
    assert!(answer.starts_with(b"HTTP/1.1 503"));
    drop(held);
    tokio::time::sleep(Duration::from_millis(200)).await;
    app.get("/variants", None).await.expect(200);
}

/// Opens game `id`'s stream with `Authorization: Bearer <bearer>` if given; returns
/// the answer (a stream that stays open while it is held).
async fn open_game_stream(app: &TestApp, id: &str, bearer: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .get(format!("{}/api/v1/games/{id}/stream", app.base));
    if let Some(bearer) = bearer {
        request = request.bearer_auth(bearer);
    }
    request.send().await.expect("an answer")
}

async fn random_bearer_values_take_from_their_addresss_bucket_and_make_no_new_cells(app: TestApp) {
    let limits = RateLimits {
        streams: Rate::new(1, 3),
        ..RateLimits::UNLIMITED
    };
    let app = restarted(app, Settings::default(), limits).await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let game = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    let mut statuses = Vec::new();
    for i in 0..20 {
        let bearer = format!("sp_random_{i}_{}", "0".repeat(40));
        let answer = open_game_stream(&app, id, Some(&bearer)).await;
        statuses.push(answer.status().as_u16());
    }
    // The game stream verifies no token: every request is the address's, whose
    // burst is 3.
    let served = statuses.iter().filter(|s| **s == 200).count();
    assert!(
        served <= 4,
        "a fresh bucket per random Bearer: {statuses:?}"
    );
    assert!(statuses.contains(&429), "{statuses:?}");
    if app.is_postgres() {
        let pool = sqlx::PgPool::connect(&app.url).await.expect("the database");
        let (cells,): (i64,) = sqlx::query_as("SELECT count(*) FROM rate_limits")
            .fetch_one(&pool)
            .await
            .expect("counted");
        assert!(cells <= 1, "{cells} rate_limits rows for one address");
    }
}

/// The same server started again with `cap` streams per client address, and the id
/// of an ongoing game in it.
async fn with_stream_cap(app: TestApp, cap: usize) -> (TestApp, String) {
    let settings = Settings {
        stream_slots: StreamSlots::new(cap),
        ..Settings::default()
    };
    let app = restarted(app, settings, RateLimits::UNLIMITED).await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let game = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    (app, id)
}

async fn game_streams_are_capped_per_client_address(app: TestApp) {
    let (app, id) = with_stream_cap(app, 3).await;
    let id = id.as_str();
    let mut held = Vec::new();
    for _ in 0..3 {
        let stream = open_game_stream(&app, id, None).await;
        assert_eq!(stream.status(), StatusCode::OK);
        held.push(stream);
    }
    let refused = open_game_stream(&app, id, None).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        refused
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok()),
        Some("10")
    );
    let body: Value = refused.json().await.expect("a JSON error");
    assert_eq!(body["error"], "rate_limited");
    // The held streams go on: each sends the game first.
    for stream in &mut held {
        let first = tokio::time::timeout(Duration::from_secs(5), stream.chunk())
            .await
            .expect("the game within 5 s")
            .expect("read");
        assert!(first.is_some_and(|c| c.starts_with(b"{")), "the game first");
    }
}

/// Reads from `stream` until `bytes` holds `needle`, for at most 5 s.
async fn read_until(stream: &mut TcpStream, bytes: &mut Vec<u8>, needle: &[u8]) {
    let reading = async {
        let mut buf = [0u8; 4096];
        while !bytes.windows(needle.len()).any(|w| w == needle) {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => bytes.extend_from_slice(&buf[..n]),
            }
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(5), reading).await;
}

async fn a_stream_is_the_last_answer_on_its_connection_chunked_and_refused_with_a_body(
    app: TestApp,
) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let game = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    // HTTP/1.1: a chunked body whose first chunk is the game, the connection closed
    // after it.
    let mut wire = connect(&app).await;
    wire.write_all(format!("GET /api/v1/games/{id}/stream HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .await
        .expect("sent");
    let mut got = Vec::new();
    read_until(&mut wire, &mut got, id.as_bytes()).await;
    let text = String::from_utf8_lossy(&got).to_lowercase();
    assert!(text.starts_with("http/1.1 200 ok\r\n"), "{text}");
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
    assert!(head.contains("transfer-encoding: chunked"), "{head}");
    assert!(head.contains("connection: close"), "{head}");
    assert!(
        head.contains("content-type: application/x-ndjson"),
        "{head}"
    );
    assert!(
        head.contains("content-security-policy: "),
        "the app's headers: {head}"
    );
    let (size, rest) = body.split_once("\r\n").unwrap_or_default();
    let size = usize::from_str_radix(size, 16).expect("a chunk size");
    let game: Value = serde_json::from_str(rest[..size].trim_end()).expect("the game's JSON");
    assert_eq!(game["id"], id);
    // Whatever the client sends after its stream request ends the connection.
    wire.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("sent");
    let after = closed_within(&mut wire, Duration::from_secs(3))
        .await
        .expect("closed once the client sent more");
    assert!(
        !String::from_utf8_lossy(&after).contains("HTTP/1.1 200"),
        "no second answer"
    );
    // HTTP/1.0: the body as it is, to the close.
    let mut old = connect(&app).await;
    old.write_all(format!("GET /api/v1/games/{id}/stream HTTP/1.0\r\n\r\n").as_bytes())
        .await
        .expect("sent");
    let mut got = Vec::new();
    read_until(&mut old, &mut got, id.as_bytes()).await;
    let text = String::from_utf8_lossy(&got);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or_default();
    assert!(!head.contains("chunked"), "{head}");
    assert!(body.starts_with('{'), "{body}");
    // A stream request with a body is refused, before the application.
    for extra in [
        "Content-Length: 3\r\n\r\nabc",
        "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ] {
        let mut bodied = connect(&app).await;
        bodied
            .write_all(
                format!("GET /api/v1/games/{id}/stream HTTP/1.1\r\nHost: x\r\n{extra}").as_bytes(),
            )
            .await
            .expect("sent");
        let answer = closed_within(&mut bodied, Duration::from_secs(3))
            .await
            .expect("answered and closed");
        let text = String::from_utf8_lossy(&answer);
        assert!(text.starts_with("HTTP/1.1 400"), "{text}");
        assert!(text.contains(r#""error":"malformed_request""#), "{text}");
    }
}

async fn a_streams_slot_is_free_again_once_its_client_hangs_up(app: TestApp) {
    let (app, id) = with_stream_cap(app, 2).await;
    let id = id.as_str();
    let kept = open_game_stream(&app, id, None).await;
    let dropped = open_game_stream(&app, id, None).await;
    assert_eq!(dropped.status(), StatusCode::OK);
    assert_eq!(
        open_game_stream(&app, id, None).await.status(),
        StatusCode::TOO_MANY_REQUESTS
    );
    // The client hangs up one stream, which sends nothing meanwhile: the server sees
    // its connection close and frees the slot.
    drop(dropped);
    let mut status = StatusCode::TOO_MANY_REQUESTS;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let again = open_game_stream(&app, id, None).await;
        status = again.status();
        if status == StatusCode::OK {
            break;
        }
    }
    assert_eq!(status, StatusCode::OK, "the slot came back within 5 s");
    drop(kept);
}

/// `GET /games/{id}/live`, the game page's stream, without a session.
async fn open_live_page(app: &TestApp, id: &str) -> reqwest::Response {
    app.client
        .get(format!("{}/games/{id}/live", app.base))
        .send()
        .await
        .expect("an answer")
}

async fn live_game_pages_and_api_streams_count_in_one_cap_per_client_address(app: TestApp) {
    let settings = Settings {
        stream_slots: StreamSlots::new(3),
        ..Settings::default()
    };
    let app = restarted(app, settings, RateLimits::UNLIMITED).await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let game = app.start_game(&ann, &bob, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    let mut held = Vec::new();
    for _ in 0..3 {
        let stream = open_live_page(&app, id).await;
        assert_eq!(stream.status(), StatusCode::OK);
        held.push(stream);
    }
    // The fourth live page from this address is refused, and so is an API stream:
    // one cap for every long-lived stream.
    let refused = open_live_page(&app, id).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let refused = open_game_stream(&app, id, None).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let refused = app
        .client
        .get(format!("{}/api/v1/stream/events", app.base))
        .bearer_auth(&ann.token)
        .send()
        .await
        .expect("an answer");
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    // The game is served as before.
    app.get(&format!("/games/{id}"), None).await.expect(200);
}

async fn sign_ups_tokens_and_challenges_stop_at_their_caps_and_lists_come_in_pages(app: TestApp) {
    let app = relaunched(app, |builder| {
        builder.floods(FloodLimits {
            sign_ups_per_address: 3,
            tokens_per_account: 3,
            open_challenges: 4,
            open_challenges_per_opponent: 2,
            ..FloodLimits::DEFAULT
        })
    })
    .await;

    // Sign-ups: three from this address, then 429 for an hour.
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    app.sign_up("cem").await;
    let refused = app
        .post(
            "/accounts",
            None,
            json!({"username": "dan", "password": PASSWORD, "bot": false}),
        )
        .await;
    refused.expect_error(429, "rate_limited");
    assert!(
        refused.body["retry_after"]
            .as_u64()
            .is_some_and(|s| s > 3000)
    );
    app.get("/players/dan", None)
        .await
        .expect_error(404, "not_found");

    // Tokens: the first and two more, then 422 until one is revoked.
    let new_token = || {
        app.post(
            "/tokens",
            None,
            json!({"username": "ann", "password": PASSWORD, "label": "bot"}),
        )
    };
    new_token().await.expect(201);
    let third = new_token().await.expect(201);
    new_token().await.expect_error(422, "too_many_tokens");
    let listed = app.get("/tokens", Some(&ann.token)).await.expect(200);
    assert_eq!(listed.as_array().map(Vec::len), Some(3));
    let id = third["id"].as_str().expect("an id");
    let revoked = app
        .call(
            Method::DELETE,
            &format!("/tokens/{id}"),
            Some(&ann.token),
            None,
        )
        .await;
    assert_eq!(revoked.status.as_u16(), 204);
    new_token().await.expect(201);

    // Challenges: two naming Bob, then 422 for him; four in all.
    let challenge = |opponent: Option<&str>| {
        let mut body = json!({"variant": "tihbat"});
        if let Some(opponent) = opponent {
            body["opponent"] = json!(opponent);
        }
        app.post("/challenges", Some(&ann.token), body)
    };
    challenge(Some("bob")).await.expect(201);
    challenge(Some("bob")).await.expect(201);
    challenge(Some("bob"))
        .await
        .expect_error(422, "too_many_challenges");
    challenge(Some("cem")).await.expect(201);
    let last = challenge(None).await.expect(201);
    challenge(None)
        .await
        .expect_error(422, "too_many_challenges");
    let id = last["id"].as_str().expect("an id");
    let canceled = app
        .call(
            Method::DELETE,
            &format!("/challenges/{id}"),
            Some(&ann.token),
            None,
        )
        .await;
    assert!(canceled.status.is_success(), "{canceled:?}");
    challenge(None).await.expect(201);
    let bobs = app.get("/challenges", Some(&bob.token)).await.expect(200);
    assert_eq!(
        bobs.as_array().map(Vec::len),
        Some(3),
        "two to him, one open"
    );

    // The list, a page at a time: newest first, each once.
    let mut seen = Vec::new();
    let mut path = "/challenges?limit=3".to_owned();
    loop {
        let page = app.get(&path, Some(&ann.token)).await.expect(200);
        let page = page.as_array().expect("a list").clone();
        assert!(page.len() <= 3);
        let Some(last) = page.last() else { break };
        path = format!(
            "/challenges?limit=3&before={}",
            last["id"].as_str().expect("an id")
        );
        seen.extend(
            page.iter()
                .map(|c| c["id"].as_str().expect("an id").to_owned()),
        );
    }
    let all = app.get("/challenges", Some(&ann.token)).await.expect(200);
    let all: Vec<String> = all
        .as_array()
        .expect("a list")
        .iter()
        .map(|c| c["id"].as_str().expect("an id").to_owned())
        .collect();
    assert_eq!(all.len(), 4);
    assert_eq!(seen, all, "the pages are the whole list, in its order");
    app.get("/challenges?before=nonsense", Some(&ann.token))
        .await
        .expect_error(400, "invalid_query");
}

async fn a_challenge_naming_a_player_is_read_by_its_two_players_only(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let eve = app.sign_up("eve").await;
    let named = app
        .post(
            "/challenges",
            Some(&ann.token),
            json!({"variant": "tihbat", "opponent": "bob"}),
        )
        .await
        .expect(201);
    let open = app
        .post(
            "/challenges",
            Some(&ann.token),
            json!({"variant": "tihbat"}),
        )
        .await
        .expect(201);
    let path = |c: &Value| format!("/challenges/{}", c["id"].as_str().expect("an id"));
    app.get(&path(&named), Some(&ann.token)).await.expect(200);
    app.get(&path(&named), Some(&bob.token)).await.expect(200);
    // To anyone else it does not exist.
    app.get(&path(&named), Some(&eve.token))
        .await
        .expect_error(404, "not_found");
    // One open to anyone, anyone reads.
    app.get(&path(&open), Some(&eve.token)).await.expect(200);
}

async fn every_spelling_of_a_house_bots_name_is_refused_at_sign_up(app: TestApp) {
    for name in [
        "house-random",
        "house_random",
        "House_Random",
        "HOUSERANDOM",
        "house-newlevel",
    ] {
        app.post(
            "/accounts",
            None,
            json!({"username": name, "password": PASSWORD, "bot": false}),
        )
        .await
        .expect_error(422, "invalid_username");
    }
    app.sign_up("my-house").await;
}

async fn an_account_creates_open_tournaments_up_to_its_cap_and_the_refusal_changes_nothing(
    app: TestApp,
) {
    let app = relaunched(app, |builder| {
        builder.floods(FloodLimits {
            sign_ups_per_address: 0,
            open_tournaments: 2,
            ..FloodLimits::DEFAULT
        })
    })
    .await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let cup = |n: u32| json!({"name": format!("Cup {n}"), "variant": "tihbat", "starts_at": "2026-12-01T12:00:00Z"});
    for n in 0..2 {
        app.post("/tournaments", Some(&ann.token), cup(n))
            .await
            .expect(201);
    }
    let refused = app.post("/tournaments", Some(&ann.token), cup(2)).await;
    refused.expect_error(422, "too_many_tournaments");
    assert!(
        refused.body["message"]
            .as_str()
            .is_some_and(|m| m.contains("at most 2")),
        "the message says the cap: {}",
        refused.body
    );
    let listed = app.get("/tournaments", None).await.expect(200);
    assert_eq!(listed.as_array().map(Vec::len), Some(2), "nothing made");
    // Another account has a cap of its own.
    app.post("/tournaments", Some(&bob.token), cup(3))
        .await
        .expect(201);
}

async fn the_standings_come_a_page_at_a_time(app: TestApp) {
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let cem = app.sign_up("cem").await;
    // Ann wins twice, Bob once: ann 2, bob 1, cem 0 points.
    for (winner, loser) in [(&ann, &bob), (&ann, &cem), (&bob, &cem)] {
        let game = app.start_game(winner, loser, "tihbat", "challenger").await;
        app.resign(loser, &game).await.expect(200);
    }
    let names = |lines: &Value| -> Vec<String> {
        lines
            .as_array()
            .expect("a list")
            .iter()
            .map(|l| l["username"].as_str().expect("a name").to_owned())
            .collect()
    };
    let all = app.get("/standings", None).await.expect(200);
    assert_eq!(names(&all), ["ann", "bob", "cem"]);
    let second = app
        .get("/standings?limit=1&offset=1", None)
        .await
        .expect(200);
    assert_eq!(names(&second), ["bob"]);
    let rest = app
        .get("/standings?variant=tihbat&limit=2&offset=1", None)
        .await
        .expect(200);
    assert_eq!(names(&rest), ["bob", "cem"]);
    let past = app.get("/standings?offset=3", None).await.expect(200);
    assert_eq!(past, json!([]));
    app.get("/standings?offset=-1", None)
        .await
        .expect_error(400, "invalid_query");
}

async fn the_tournaments_come_a_page_at_a_time(app: TestApp) {
    let ann = app.sign_up("ann").await;
    // Open ones come soonest start first.
    for (name, day) in [("Third", 4), ("First", 2), ("Second", 3)] {
        let body = json!({"name": name, "variant": "tihbat", "starts_at": format!("2026-12-0{day}T12:00:00Z")});
        app.post("/tournaments", Some(&ann.token), body)
            .await
            .expect(201);
    }
    let names = |listed: &Value| -> Vec<String> {
        listed
            .as_array()
            .expect("a list")
            .iter()
            .map(|t| t["name"].as_str().expect("a name").to_owned())
            .collect()
    };
    let all = app.get("/tournaments", None).await.expect(200);
    assert_eq!(names(&all), ["First", "Second", "Third"]);
    let first = app.get("/tournaments?limit=2", None).await.expect(200);
    assert_eq!(names(&first), ["First", "Second"]);
    let next = app
        .get("/tournaments?status=open&limit=2&offset=2", None)
        .await
        .expect(200);
    assert_eq!(names(&next), ["Third"]);
    app.get("/tournaments?limit=many", None)
        .await
        .expect_error(400, "invalid_query");
}

/// Holds the challenges table (Postgres) or the database's write lock (SQLite) from a
/// connection of the test's own until the returned connection's transaction ends.
async fn block_challenges(url: &str) -> Box<dyn std::any::Any + Send> {
    use sqlx::Connection;
    if url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(url)
            .await
            .expect("a connection");
        sqlx::raw_sql("BEGIN; LOCK TABLE challenges IN ACCESS EXCLUSIVE MODE")
            .execute(&mut conn)
            .await
            .expect("the table is locked");
        Box::new(conn)
    } else {
        let mut conn = sqlx::SqliteConnection::connect(url)
            .await
            .expect("a connection");
        sqlx::raw_sql("BEGIN IMMEDIATE")
            .execute(&mut conn)
            .await
            .expect("the write lock is taken");
        Box::new(conn)
    }
}

async fn a_request_slower_than_the_request_timeout_answers_503_timeout_changes_nothing_and_a_stream_is_not_cut(
    app: TestApp,
) {
    let limit = Duration::from_millis(700);
    let settings = Settings {
        request_timeout: Some(limit),
        ..Settings::default()
    };
    let app = restarted(app, settings, RateLimits::UNLIMITED).await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    let opened = std::time::Instant::now();
    let mut stream = crate::streams::open_stream(&app, &app.base, &ann.token).await;
    let (_, ended) = crate::streams::read_stream(&mut stream, Duration::from_millis(300)).await;
    assert!(!ended, "the stream is open");

    let challenge =
        json!({"variant": "tihbat", "days_per_move": 3, "first": "challenger", "opponent": "ann"});
    let held = block_challenges(&app.url).await;
    let started = std::time::Instant::now();
    let answer = app
        .post("/challenges", Some(&bob.token), challenge.clone())
        .await;
    let took = started.elapsed();
    answer.expect_error(503, "timeout");
    assert!(
        took >= limit && took < Duration::from_secs(4),
        "answered at the timeout, not when the database gave way: {took:?}"
    );
    drop(held);
    // The write, on a task of its own, goes on once the database gives way; it finds
    // its caller gone and rolls back. Long enough for it to have committed otherwise.
    tokio::time::sleep(Duration::from_millis(500)).await;

    assert_eq!(
        app.get("/challenges", Some(&ann.token)).await.expect(200),
        json!([]),
        "the request that timed out changed nothing"
    );
    // The stream outlived the timeout and still carries what comes.
    let second = app
        .post("/challenges", Some(&bob.token), challenge)
        .await
        .expect(201);
    // On Postgres the second challenge waited for bob's account row, which the write
    // that timed out held until it ended: whatever the pause above, it is alone.
    let listed = app.get("/challenges", Some(&ann.token)).await.expect(200);
    let ids: Vec<_> = listed
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| &c["id"])
        .collect();
    assert_eq!(ids, [&second["id"]], "only the second challenge is there");
    let (sent, ended) = crate::streams::read_stream(&mut stream, Duration::from_secs(3)).await;
    assert!(
        opened.elapsed() > limit * 2,
        "the stream was open longer than the timeout"
    );
    assert!(!ended, "the stream is not cut by the request timeout");
    assert!(sent.contains("\"challenge\""), "{sent:?}");
}
