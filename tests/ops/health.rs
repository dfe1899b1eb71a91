//! `/healthz`, `/readyz` and `/metrics`.

use reqwest::{Client, StatusCode};
use serde_json::Value;
use sqlx::Connection;

use crate::support::db::TestDb;
use crate::{instance, play_some, sign_up, start_game};

async fn fetch(client: &Client, url: &str) -> (StatusCode, String) {
    let response = client.get(url).send().await.expect("the server answers");
    let status = response.status();
    (status, response.text().await.expect("a body"))
}

#[tokio::test]
async fn healthz_says_ok_while_the_process_is_up() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    let (status, body) = fetch(&Client::new(), &format!("{}/healthz", app.base)).await;
    assert_eq!(status, StatusCode::OK);
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(body["status"], "ok");
}

#[tokio::test]
async fn readyz_is_ready_with_the_database_migrated_and_unavailable_without_a_migration() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    let client = Client::new();
    let (status, body) = fetch(&client, &format!("{}/readyz", app.base)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body.contains("\"ready\""), "{body}");

    // The database loses the record of its latest migration, as if an older schema
    // were restored under a newer server.
    let mut conn = sqlx::SqliteConnection::connect(&db.url)
        .await
        .expect("the file opens");
    sqlx::query(
        "DELETE FROM _sqlx_migrations WHERE version = (SELECT max(version) FROM _sqlx_migrations)",
    )
    .execute(&mut conn)
    .await
    .expect("the row goes");
    let (status, body) = fetch(&client, &format!("{}/readyz", app.base)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let body: Value = serde_json::from_str(&body).expect("JSON");
    assert_eq!(body["status"], "unavailable");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("migrations"))
    );
}

#[tokio::test]
async fn readyz_is_unavailable_when_the_postgres_database_goes_away() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let app = instance(&db.url).await;
    let client = Client::new();
    let (status, _) = fetch(&client, &format!("{}/readyz", app.base)).await;
    assert_eq!(status, StatusCode::OK);
    drop(db); // DROP DATABASE … WITH (FORCE) ends the pool's connections.
    let (status, body) = fetch(&client, &format!("{}/readyz", app.base)).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{body}");
    let (status, _) = fetch(&client, &format!("{}/healthz", app.base)).await;
    assert_eq!(status, StatusCode::OK, "the process itself is still up");
}

/// The value of the sample `name{labels}` in a Prometheus text exposition.
fn sample(text: &str, series: &str) -> Option<f64> {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests_by_route_template_moves_games_pool_and_open_streams() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &app.base, "ann", false).await;
    let bob = sign_up(&client, &app.base, "bob", false).await;
    let game = start_game(&client, &app.base, &ann, &bob, "mangala").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    play_some(&client, &app.base, (&ann, &bob), &id, 0)
        .await
        .expect("a move");
    // A game stream stays open while the scrape happens.
    let stream = client
        .get(format!("{}/api/v1/games/{id}/stream", app.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);

    let (status, text) = fetch(&client, &format!("{}/metrics", app.base)).await;
    assert_eq!(status, StatusCode::OK);
    let moves_route = r#"seedpost_http_requests_total{method="POST",route="/api/v1/games/{id}/moves",status="201"}"#;
    assert!(
        sample(&text, moves_route).is_some_and(|n| n >= 1.0),
        "{text}"
    );
    assert!(
        !text.contains(&id),
        "routes are labelled by template, never by raw path"
    );
    assert!(
        text.contains(r#"seedpost_http_request_duration_seconds_bucket{method="POST",route="/api/v1/games/{id}/moves",le="0.1"}"#),
        "{text}"
    );
    assert!(sample(&text, r#"seedpost_moves_total{variant="mangala"}"#).is_some_and(|n| n >= 1.0));
    assert!(sample(&text, r#"seedpost_games{status="ongoing"}"#).is_some_and(|n| n >= 1.0));
    assert_eq!(
        sample(&text, r#"seedpost_db_pool_connections{state="max"}"#),
        Some(8.0)
    );
    assert!(
        sample(&text, r#"seedpost_db_pool_connections{state="open"}"#).is_some_and(|n| n >= 1.0)
    );
    assert!(
        sample(
            &text,
            r#"seedpost_open_streams{route="/api/v1/games/{id}/stream"}"#
        )
        .is_some_and(|n| n >= 1.0),
        "{text}"
    );
    drop(stream);
}

/// The NDJSON lines of `response` until one satisfies `last` (at most 10 s).
async fn lines_until(
    response: &mut reqwest::Response,
    last: impl Fn(&Value) -> bool,
) -> Vec<Value> {
    let mut lines = Vec::new();
    let mut pending = Vec::new();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let chunk = tokio::time::timeout_at(deadline, response.chunk())
            .await
            .expect("the line comes within 10 s")
            .expect("the stream reads")
            .expect("the stream goes on");
        pending.extend_from_slice(&chunk);
        while let Some(end) = pending.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = pending.drain(..=end).collect();
            if line.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            let line: Value = serde_json::from_slice(&line).expect("a JSON line");
            let done = last(&line);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

#[tokio::test]
async fn streams_dropped_mid_stream_close_on_the_server_and_a_new_stream_misses_nothing() {
    let db = TestDb::sqlite().await;
    let app = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &app.base, "ann", false).await;
    let bob = sign_up(&client, &app.base, "bob", false).await;
    let game = start_game(&client, &app.base, &ann, &bob, "mangala").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    let events_route = r#"seedpost_open_streams{route="/api/v1/stream/events"}"#;
    let game_route = r#"seedpost_open_streams{route="/api/v1/games/{id}/stream"}"#;
    let open = |text: &str| {
        sample(text, events_route).unwrap_or(0.0) + sample(text, game_route).unwrap_or(0.0)
    };

    // Ten event streams and ten game streams, each past its first line, then dropped.
    let mut streams = Vec::new();
    for _ in 0..10 {
        for path in [
            "/api/v1/stream/events?since=0".to_owned(),
            format!("/api/v1/games/{id}/stream"),
        ] {
            let mut stream = client
                .get(format!("{}{path}", app.base))
                .bearer_auth(&ann.token)
                .send()
                .await
                .expect("the stream opens");
            assert_eq!(stream.status(), StatusCode::OK, "{path}");
            lines_until(&mut stream, |_| true).await;
            streams.push(stream);
        }
    }
    let (_, text) = fetch(&client, &format!("{}/metrics", app.base)).await;
    assert_eq!(open(&text), 20.0, "{text}");
    drop(streams);

    // The next move is written to every one of them: the server finds them gone and
    // ends them.
    let game = play_some(&client, &app.base, (&ann, &bob), &id, 0)
        .await
        .expect("a move");
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let (_, text) = fetch(&client, &format!("{}/metrics", app.base)).await;
        if open(&text) == 0.0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "streams left open: {text}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }

    // A new stream from the start gets each of ann's events once, in order, up to the
    // move made while the others were going away.
    let mut stream = client
        .get(format!("{}/api/v1/stream/events?since=0", app.base))
        .bearer_auth(&ann.token)
        .send()
        .await
        .expect("the stream opens");
    let lines = lines_until(&mut stream, |line| {
        line["type"] == "move" && line["game"]["ply"] == game["ply"]
    })
    .await;
    let seqs: Vec<u64> = lines
        .iter()
        .filter(|l| l["snapshot"] != true)
        .filter_map(|l| l["seq"].as_u64())
        .collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as u64).collect::<Vec<_>>(),
        "{lines:?}"
    );
}
