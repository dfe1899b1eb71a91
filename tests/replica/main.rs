//! A read replica for real: a streaming replica of the tests' Postgres server made by
//! `scripts/replica.sh` (see `tests/support/replica.rs`), the server reading from it
//! what may be a moment old. The tests say they are skipped without
//! `SEEDPOST_TEST_POSTGRES`; with it, a replica that cannot be made fails them.

#[path = "../support/mod.rs"]
mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, RequestBuilder, StatusCode};
use seedpost::http::ratelimit::RateLimits;
use serde_json::{Value, json};

use support::replica::{self, Replica};
use support::{Backend, Server};

/// A server on a fresh Postgres database reading from `replica` within `max_lag`,
/// once it sees the replica streaming.
async fn server(replica: &Replica, max_lag: Duration) -> Server {
    let port = replica.port();
    let server = Server::builder()
        .backend(Backend::Postgres)
        .rate_limits(RateLimits::UNLIMITED)
        .replica(move |url| replica::url_on(port, url), max_lag)
        .start()
        .await
        .expect("a Postgres server");
    replica.catch_up(&server.url).await;
    until_replica(&server, "streaming").await;
    server
}

/// Another instance over `first`'s database, reading from the same replica.
async fn second_instance(first: &Server, replica: &Replica, max_lag: Duration) -> Server {
    let replica_url = replica.url_of(&first.url);
    let server = first
        .instance()
        .replica(move |_| replica_url, max_lag)
        .start()
        .await
        .expect("a second instance");
    until_replica(&server, "streaming").await;
    server
}

/// `/readyz`: its status and body.
async fn readyz(server: &Server) -> (StatusCode, Value) {
    let response = Client::new()
        .get(format!("{}/readyz", server.base))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    (status, response.json().await.expect("JSON"))
}

/// Waits until `/readyz` tells the replica in `state`.
async fn until_replica(server: &Server, state: &str) -> Value {
    let started = Instant::now();
    loop {
        let (status, body) = readyz(server).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        if body["replica"]["state"] == state {
            return body;
        }
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the replica is not {state} after 30 s: {body}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value of the metric line starting with `name ` (or `name{labels} `).
async fn metric(server: &Server, name: &str) -> f64 {
    let text = Client::new()
        .get(format!("{}/metrics", server.base))
        .send()
        .await
        .expect("the server answers")
        .text()
        .await
        .expect("text");
    text.lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in /metrics:\n{text}"))
        .parse()
        .expect("a number")
}

/// Sends `request`: its status and JSON body.
async fn send(request: RequestBuilder) -> (StatusCode, Value, reqwest::header::HeaderMap) {
    let response = request.send().await.expect("the server answers");
    let status = response.status();
    let headers = response.headers().clone();
    (
        status,
        response.json().await.unwrap_or(Value::Null),
        headers,
    )
}

/// Signs up `name`: its token.
async fn sign_up(server: &Server, name: &str) -> String {
    let (status, body, _) = send(
        Client::new()
            .post(format!("{}/api/v1/accounts", server.base))
            .json(&json!({"username": name, "password": "correct horse battery"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["token"].as_str().expect("a token").to_owned()
}

/// A game between two new players, the first to move: its id, their tokens and a
/// legal first move.
async fn game(server: &Server) -> (String, String, Value) {
    let south = sign_up(server, "southpaw").await;
    let north = sign_up(server, "northwind").await;
    let (status, challenge, _) = send(
        Client::new()
            .post(format!("{}/api/v1/challenges", server.base))
            .bearer_auth(&south)
            .json(&json!({"variant": "mangala", "days_per_move": 3, "first": "challenger", "opponent": "northwind"})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game, _) = send(
        Client::new()
            .post(format!("{}/api/v1/challenges/{id}/accept", server.base))
            .bearer_auth(&north)
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    (
        game["id"].as_str().expect("an id").to_owned(),
        south,
        game["legal_moves"][0].clone(),
    )
}

/// `GET /api/v1/games/{id}` by `request`'s client: the game's ply.
async fn ply(request: RequestBuilder) -> u64 {
    let (status, game, _) = send(request).await;
    assert_eq!(status, StatusCode::OK, "{game}");
    game["ply"].as_u64().expect("a ply")
}

/// Plays `pit` at ply 0 of game `id`: the answer's `Seedpost-Lsn`.
async fn play(server: &Server, id: &str, token: &str, pit: &Value) -> String {
    let (status, after, headers) = send(
        Client::new()
            .post(format!("{}/api/v1/games/{id}/moves", server.base))
            .bearer_auth(token)
            .json(&json!({"ply": 0, "pit": pit})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{after}");
    assert_eq!(after["ply"], 1);
    let lsn = headers
        .get("seedpost-lsn")
        .expect("a write's answer carries its read position")
        .to_str()
        .expect("text")
        .to_owned();
    let cookie = headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("seedpost_lsn="))
        .expect("and its cookie");
    assert!(
        cookie.starts_with(&format!("seedpost_lsn={lsn};")),
        "{cookie}"
    );
    lsn
}

#[tokio::test]
async fn a_spectator_reads_the_replica_while_the_mover_reads_their_own_move() {
    let Some(replica) = replica::take().await else {
        return;
    };
    let max_lag = Duration::from_secs(600);
    let first = server(&replica, max_lag).await;
    let second = second_instance(&first, &replica, max_lag).await;
    let (id, south, pit) = game(&first).await;
    replica.catch_up(&first.url).await;
    let game_url = |server: &Server| format!("{}/api/v1/games/{id}", server.base);
    assert_eq!(ply(Client::new().get(game_url(&first))).await, 0);

    replica.pause().await;
    let lsn = play(&first, &id, &south, &pit).await;

    // The spectator is served by the replica, which has not replayed the move: proof
    // that the read went there.
    for server in [&first, &second] {
        assert_eq!(
            ply(Client::new().get(game_url(server))).await,
            0,
            "a spectator reads the paused replica"
        );
    }
    // The mover reads their move: on the instance they wrote through by their token,
    // on any instance by the position they carry (cookie or header).
    assert_eq!(
        ply(Client::new().get(game_url(&first)).bearer_auth(&south)).await,
        1,
        "the mover's token is pinned on the instance it wrote through"
    );
    assert_eq!(
        ply(Client::new()
            .get(game_url(&second))
            .header("seedpost-lsn", &lsn))
        .await,
        1,
        "the position as a header, on another instance"
    );
    assert_eq!(
        ply(Client::new()
            .get(game_url(&second))
            .header("cookie", format!("seedpost_lsn={lsn}")))
        .await,
        1,
        "the position as a cookie, on another instance"
    );
    let page = Client::new()
        .get(format!("{}/games/{id}", second.base))
        .header("cookie", format!("seedpost_lsn={lsn}"))
        .send()
        .await
        .expect("the page");
    assert_eq!(page.status(), StatusCode::OK);
    assert_eq!(
        ply(Client::new()
            .get(game_url(&second))
            .header("seedpost-read", "primary"))
        .await,
        1,
        "a live page's refresh after a notice asks for the primary"
    );
    assert!(
        metric(
            &first,
            "seedpost_replica_reads_total{served_by=\"replica\"}"
        )
        .await
            >= 2.0
    );

    replica.resume().await;
    replica.catch_up(&first.url).await;
    assert_eq!(
        ply(Client::new().get(game_url(&second))).await,
        1,
        "the replica caught up"
    );
    assert_eq!(
        ply(Client::new()
            .get(game_url(&second))
            .header("seedpost-lsn", &lsn))
        .await,
        1
    );
}

#[tokio::test]
async fn a_replica_lagging_past_its_bound_sends_reads_to_the_primary_and_says_so() {
    let Some(replica) = replica::take().await else {
        return;
    };
    let server = server(&replica, Duration::from_secs(1)).await;
    let (id, south, pit) = game(&server).await;
    replica.catch_up(&server.url).await;
    assert_eq!(metric(&server, "seedpost_replica_fallback").await, 0.0);
    assert_eq!(metric(&server, "seedpost_replica_up").await, 1.0);

    replica.pause().await;
    play(&server, &id, &south, &pit).await;
    let body = until_replica(&server, "lagging").await;
    assert_eq!(body["status"], "ready", "the primary serves: {body}");
    assert_eq!(body["replica"]["reads"], "primary", "{body}");
    assert!(
        body["replica"]["lag_seconds"].as_f64() > Some(1.0),
        "{body}"
    );
    assert_eq!(
        ply(Client::new().get(format!("{}/api/v1/games/{id}", server.base))).await,
        1,
        "a spectator reads the primary past the bound"
    );
    assert_eq!(metric(&server, "seedpost_replica_fallback").await, 1.0);
    assert!(metric(&server, "seedpost_replica_lag_seconds").await > 1.0);

    replica.resume().await;
    until_replica(&server, "streaming").await;
    assert_eq!(metric(&server, "seedpost_replica_fallback").await, 0.0);
}

#[tokio::test]
async fn stopping_the_replica_mid_load_fails_no_request() {
    let Some(replica) = replica::take().await else {
        return;
    };
    let server = Arc::new(server(&replica, Duration::from_secs(600)).await);
    let (id, south, pit) = game(&server).await;
    play(&server, &id, &south, &pit).await;
    replica.catch_up(&server.url).await;

    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicUsize::new(0));
    let mut load = Vec::new();
    for reader in 0..4 {
        let (server, stop, answered, id) = (
            Arc::clone(&server),
            Arc::clone(&stop),
            Arc::clone(&answered),
            id.clone(),
        );
        load.push(tokio::spawn(async move {
            let client = Client::new();
            let paths = [
                format!("/api/v1/games/{id}"),
                "/api/v1/players/southpaw/ratings".to_owned(),
                "/players/southpaw".to_owned(),
                "/api/v1/standings".to_owned(),
                format!("/games/{id}"),
            ];
            let mut failed = Vec::new();
            let mut k = reader;
            while !stop.load(Ordering::Relaxed) {
                let path = &paths[k % paths.len()];
                k += 1;
                match client.get(format!("{}{path}", server.base)).send().await {
                    Ok(r) if r.status() == StatusCode::OK => {
                        answered.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(r) => failed.push(format!("{path}: {}", r.status())),
                    Err(e) => failed.push(format!("{path}: {e}")),
                }
            }
            failed
        }));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let before = metric(
        &server,
        "seedpost_replica_reads_total{served_by=\"replica\"}",
    )
    .await;
    assert!(before > 0.0, "the replica served under load");
    replica.stop().await;
    let stopped_at = answered.load(Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs(2)).await;
    stop.store(true, Ordering::Relaxed);
    let mut failed = Vec::new();
    for task in load {
        failed.extend(task.await.expect("a load task"));
    }
    assert_eq!(failed, Vec::<String>::new(), "no request failed");
    assert!(
        answered.load(Ordering::Relaxed) > stopped_at,
        "requests went on being answered with the replica stopped"
    );
    let body = until_replica(&server, "down").await;
    assert_eq!(body["status"], "ready", "{body}");
    assert_eq!(body["replica"]["reads"], "primary", "{body}");
    assert_eq!(metric(&server, "seedpost_replica_up").await, 0.0);
    assert_eq!(metric(&server, "seedpost_replica_fallback").await, 1.0);

    // Back up, it serves again.
    replica.start().await;
    until_replica(&server, "streaming").await;
}

/// Resigns game `id` by `token`: the answer's `Seedpost-Lsn`.
async fn resign(server: &Server, id: &str, token: &str) -> String {
    let (status, after, headers) = send(
        Client::new()
            .post(format!("{}/api/v1/games/{id}/resign", server.base))
            .bearer_auth(token),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["status"], "finished");
    headers
        .get("seedpost-lsn")
        .expect("a write's answer carries its read position")
        .to_str()
        .expect("text")
        .to_owned()
}

/// The games file of `southpaw` by `request`'s client: its records' count.
async fn records(request: RequestBuilder) -> usize {
    let response = request.send().await.expect("the server answers");
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("text");
    text.matches("[Result ").count()
}

/// The status of game `id` in `/api/v1/me/export` by `request`'s client.
async fn exported_status(request: RequestBuilder, id: &str) -> String {
    let (status, export, _) = send(request).await;
    assert_eq!(status, StatusCode::OK, "{export}");
    let games = export["games"].as_array().expect("games");
    let game = games
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("game {id} in the export: {export}"));
    game["status"].as_str().expect("a status").to_owned()
}

/// The status of game `id` in what `seedpost export` writes with `args`.
fn cli_exported_status(args: &[&str], id: &str) -> String {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_seedpost"))
        .arg("export")
        .args(args)
        .env_remove("SEEDPOST_READ_DATABASE_URL")
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("a JSON line"))
        .find(|line| line["type"] == "game" && line["id"] == id)
        .unwrap_or_else(|| panic!("game {id} in the export"))["status"]
        .as_str()
        .expect("a status")
        .to_owned()
}

#[tokio::test]
async fn exports_read_the_replica_and_whoever_just_wrote_reads_their_write() {
    let Some(replica) = replica::take().await else {
        return;
    };
    let server = server(&replica, Duration::from_secs(600)).await;
    let (id, south, _) = game(&server).await;
    let north = {
        let (status, body, _) = send(
            Client::new()
                .post(format!("{}/api/v1/tokens", server.base))
                .json(
                    &json!({"username": "northwind", "password": "correct horse battery",
                              "label": "export"}),
                ),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["token"].as_str().expect("a token").to_owned()
    };
    replica.catch_up(&server.url).await;

    replica.pause().await;
    let lsn = resign(&server, &id, &south).await;
    let file = format!("{}/api/v1/players/southpaw/games.txt", server.base);

    // The paused replica has the game still going: served by it, the games file has
    // no record and the export an ongoing game.
    assert_eq!(
        records(Client::new().get(&file)).await,
        0,
        "a reader of the games file reads the paused replica"
    );
    let export = format!("{}/api/v1/me/export", server.base);
    assert_eq!(
        exported_status(Client::new().get(&export).bearer_auth(&north), &id).await,
        "ongoing",
        "the opponent, who wrote nothing since, exports from the paused replica"
    );
    // Whoever brings the resignation's position reads it, whatever the replica.
    assert_eq!(
        records(Client::new().get(&file).header("seedpost-lsn", &lsn)).await,
        1,
        "the games file at the resignation's position"
    );
    assert_eq!(
        exported_status(Client::new().get(&export).bearer_auth(&south), &id).await,
        "finished",
        "the player who resigned exports it"
    );
    // The command line reads the replica when given one, a snapshot of what it has
    // replayed; the primary otherwise.
    let replica_url = replica.url_of(&server.url);
    assert_eq!(
        cli_exported_status(
            &[
                "--database-url",
                &server.url,
                "--read-database-url",
                &replica_url
            ],
            &id
        ),
        "ongoing"
    );
    assert_eq!(
        cli_exported_status(&["--database-url", &server.url], &id),
        "finished"
    );

    replica.resume().await;
    replica.catch_up(&server.url).await;
    assert_eq!(records(Client::new().get(&file)).await, 1, "caught up");
}
