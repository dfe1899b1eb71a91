//! Several seedpost instances on one Postgres database: moves, streams and the
//! timeout sweeper stay correct across them, and an instance killed mid-load loses
//! no acknowledged move.

use std::collections::HashSet;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use seedpost::http::ratelimit::{Rate, RateLimits};

use crate::support::db::TestDb;
use crate::{Player, get, instance, post, server, sign_up, start_game};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn thirty_two_concurrent_submissions_of_one_ply_over_two_instances_apply_exactly_one() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &two.base, "bob", false).await;
    let game = start_game(&client, &one.base, &ann, &bob, "mangala").await;
    let id = game["id"].as_str().expect("an id").to_owned();

    let mut submissions = tokio::task::JoinSet::new();
    for i in 0..32_u64 {
        let base = if i % 2 == 0 {
            one.base.clone()
        } else {
            two.base.clone()
        };
        let (client, token, id) = (client.clone(), ann.token.clone(), id.clone());
        submissions.spawn(async move {
            let (status, _) = post(
                &client,
                &base,
                &format!("/games/{id}/moves"),
                Some(&token),
                json!({"ply": 0, "pit": i % 6 + 1}),
            )
            .await
            .expect("the server answers");
            status
        });
    }
    let statuses: Vec<StatusCode> = submissions.join_all().await;
    let applied = statuses
        .iter()
        .filter(|s| **s == StatusCode::CREATED)
        .count();
    assert_eq!(applied, 1, "{statuses:?}");
    assert!(
        statuses
            .iter()
            .all(|s| matches!(s.as_u16(), 200 | 201 | 409)),
        "the others are told the ply is taken (or that theirs was it): {statuses:?}"
    );
    let (_, game) = get(&client, &two.base, &format!("/games/{id}")).await;
    let moves = game["moves"].as_array().expect("moves");
    assert_eq!(
        moves
            .iter()
            .filter(|m| m["side"] == "south" || m["side"] == "north")
            .filter(|m| !m["pass"].as_bool().unwrap_or(false))
            .count(),
        1,
        "{game}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_through_one_instance_appears_on_the_other_instances_game_stream() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    let game = start_game(&client, &one.base, &ann, &bob, "modiar").await;
    let id = game["id"].as_str().expect("an id").to_owned();

    let response = client
        .get(format!("{}/api/v1/games/{id}/stream", two.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(response.status(), StatusCode::OK);
    let mut body = response.bytes_stream();
    let mut buffered = String::new();
    let mut next_game = async || -> Value {
        loop {
            if let Some(end) = buffered.find('\n') {
                let line: String = buffered.drain(..=end).collect();
                if let Ok(value) = serde_json::from_str::<Value>(line.trim())
                    && value.get("ply").is_some()
                {
                    return value;
                }
                continue;
            }
            let chunk = body
                .next()
                .await
                .expect("the stream goes on")
                .expect("a chunk");
            buffered.push_str(&String::from_utf8_lossy(&chunk));
        }
    };
    let first = tokio::time::timeout(Duration::from_secs(10), next_game())
        .await
        .expect("the stream starts with the game");
    assert_eq!(first["ply"], 0);

    let (status, _) = post(
        &client,
        &one.base,
        &format!("/games/{id}/moves"),
        Some(&ann.token),
        json!({"ply": 0, "pit": 1}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED);
    let moved = tokio::time::timeout(Duration::from_secs(25), next_game())
        .await
        .expect("the other instance's stream shows the move");
    assert!(moved["ply"].as_u64().is_some_and(|p| p >= 1), "{moved}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_through_one_instance_reaches_the_live_page_open_on_the_other() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    let game = start_game(&client, &one.base, &ann, &bob, "modiar").await;
    let id = game["id"].as_str().expect("an id").to_owned();

    let mut live = client
        .get(format!("{}/games/{id}/live", one.base))
        .send()
        .await
        .expect("the live page's stream opens");
    assert_eq!(live.status(), StatusCode::OK);
    let (status, _) = post(
        &client,
        &two.base,
        &format!("/games/{id}/moves"),
        Some(&ann.token),
        json!({"ply": 0, "pit": 1}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED);

    let mut received = String::new();
    let heard = tokio::time::timeout(Duration::from_secs(25), async {
        while !received.contains("event: changed") {
            match live.chunk().await {
                Ok(Some(chunk)) => received.push_str(&String::from_utf8_lossy(&chunk)),
                _ => return,
            }
        }
    })
    .await;
    assert!(
        heard.is_ok() && received.contains("event: changed"),
        "the live page on instance one heard nothing of the move made through instance two: {received:?}"
    );
    let (_, now) = get(&client, &one.base, &format!("/games/{id}")).await;
    assert!(
        received.contains(&format!("data: {}", now["ply"])),
        "{received:?} (the game is at ply {})",
        now["ply"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sweepers_at_once_never_end_a_game_twice() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let game = start_game(&client, &one.base, &ann, &bob, "mangala").await;
        let id = game["id"].as_str().expect("an id").to_owned();
        // Some games have moves from both sides (a loss on time), some none (an abort).
        if i % 2 == 0 {
            crate::play_some(&client, &one.base, (&ann, &bob), &id, 0).await;
            crate::play_some(&client, &one.base, (&ann, &bob), &id, 1).await;
        }
        ids.push(id);
    }
    one.clock.advance(chrono::Duration::days(4));
    two.clock.advance(chrono::Duration::days(4));
    let (a, b) = tokio::join!(one.service.sweep_timeouts(), two.service.sweep_timeouts());
    let (a, b) = (a.expect("a sweep"), b.expect("a sweep"));
    let first: HashSet<_> = a.iter().map(ToString::to_string).collect();
    let second: HashSet<_> = b.iter().map(ToString::to_string).collect();
    assert!(
        first.is_disjoint(&second),
        "a game ended by both: {a:?} {b:?}"
    );
    assert_eq!(first.len() + second.len(), ids.len(), "{a:?} {b:?}");
    for id in &ids {
        let (_, game) = get(&client, &two.base, &format!("/games/{id}")).await;
        assert_ne!(game["status"], "ongoing", "{game}");
    }
    // A second round finds nothing left to do.
    let (a, b) = tokio::join!(one.service.sweep_timeouts(), two.service.sweep_timeouts());
    assert!(a.expect("a sweep").is_empty() && b.expect("a sweep").is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_sweepers_at_once_start_each_next_match_game_once() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    let mut matches = Vec::new();
    for _ in 0..6 {
        let (status, challenge) = post(
            &client,
            &one.base,
            "/challenges",
            Some(&ann.token),
            json!({"variant": "mangala", "opponent": "bob", "games": 3}),
        )
        .await
        .expect("the server answers");
        assert_eq!(status, StatusCode::CREATED, "{challenge}");
        let id = challenge["id"].as_str().expect("an id");
        let (status, game) = post(
            &client,
            &two.base,
            &format!("/challenges/{id}/accept"),
            Some(&bob.token),
            json!({}),
        )
        .await
        .expect("the server answers");
        assert_eq!(status, StatusCode::CREATED, "{game}");
        matches.push(game["match"]["id"].as_str().expect("a match").to_owned());
    }
    // Nobody moves: every game 1 is aborted on time, by one sweeper or the other, and
    // both advance the matches.
    one.clock.advance(chrono::Duration::days(4));
    two.clock.advance(chrono::Duration::days(4));
    let (a, b) = tokio::join!(one.service.sweep_timeouts(), two.service.sweep_timeouts());
    let ended = a.expect("a sweep").len() + b.expect("a sweep").len();
    assert_eq!(ended, 6);
    let (a, b) = tokio::join!(one.service.advance_matches(), two.service.advance_matches());
    a.expect("an advance");
    b.expect("an advance");
    for id in &matches {
        let (_, m) = get(&client, &two.base, &format!("/matches/{id}")).await;
        let games = m["match_games"].as_array().expect("the games");
        assert_eq!(games.len(), 2, "game 2 starts once: {m}");
        assert_eq!(
            (&games[0]["status"], &games[1]["status"]),
            (&json!("aborted"), &json!("ongoing")),
            "{m}"
        );
    }
    let (_, games) = get(&client, &one.base, "/games?player=ann").await;
    assert_eq!(games.as_array().map(Vec::len), Some(12));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_instances_sending_digests_at_once_send_each_one_once() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let sink = crate::support::smtp::SmtpSink::start().await;
    let mailer = || {
        seedpost::notifications::service::digest::Mailer::new(
            &sink.url(),
            "seedpost@example.org",
            7,
            &one.base,
        )
        .expect("a mailer")
    };
    let (a, b) = (
        one.service.clone().with_digest(mailer()),
        two.service.clone().with_digest(mailer()),
    );
    let client = Client::new();
    let names = ["ann", "bob", "cem", "dan", "eda", "fatma"];
    let mut players = Vec::new();
    for name in names {
        players.push(sign_up(&client, &one.base, name, false).await);
    }
    // Each player is to move in one game, and asks for the digest.
    for pair in players.chunks(2) {
        start_game(&client, &one.base, &pair[0], &pair[1], "mangala").await;
        start_game(&client, &one.base, &pair[1], &pair[0], "mangala").await;
    }
    for (player, name) in players.iter().zip(names) {
        let answer = client
            .put(format!("{}/api/v1/me/digest", one.base))
            .bearer_auth(&player.token)
            .json(&json!({"email": format!("{name}@example.org"), "enabled": true}))
            .send()
            .await
            .expect("the server answers");
        assert_eq!(answer.status(), StatusCode::OK);
    }
    for _ in 0..3 {
        let (x, y) = tokio::join!(a.send_digests(), b.send_digests());
        x.expect("a round");
        y.expect("a round");
    }
    let mut to: Vec<String> = sink.mails().into_iter().flat_map(|m| m.to).collect();
    to.sort();
    let expected: Vec<String> = names.iter().map(|n| format!("{n}@example.org")).collect();
    assert_eq!(to, expected, "each digest once");
}

/// A child process killed when the test ends, however it ends.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A free port on 127.0.0.1 (free when asked; the child binds it right after).
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("port 0 binds");
    listener.local_addr().expect("an address").port()
}

/// Plays one legal move of game `id` through `base` for whoever is to move; returns
/// the acknowledged (ply, side, pit) on a 201, `None` on anything else.
async fn try_move(
    client: &Client,
    base: &str,
    players: (&Player, &Player),
    id: &str,
    k: usize,
) -> Option<(u64, String, u64)> {
    let response = client
        .get(format!("{base}/api/v1/games/{id}"))
        .send()
        .await
        .ok()?;
    let game: Value = response.json().await.ok()?;
    if game["status"] != "ongoing" {
        return None;
    }
    let side = game["to_move"].as_str()?.to_owned();
    let mover = if game["players"][&side] == players.0.name {
        players.0
    } else {
        players.1
    };
    let legal = game["legal_moves"].as_array()?;
    let pit = legal[k % legal.len()].as_u64()?;
    let ply = game["ply"].as_u64()?;
    let (status, _) = post(
        client,
        base,
        &format!("/games/{id}/moves"),
        Some(&mover.token),
        json!({"ply": ply, "pit": pit}),
    )
    .await
    .ok()?;
    (status == StatusCode::CREATED).then_some((ply + 1, side, pit))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_instance_killed_mid_load_loses_no_acknowledged_move_and_the_other_serves_on() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let survivor = instance(&db.url).await;
    let port = free_port();
    let child_base = format!("http://127.0.0.1:{port}");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_seedpost"))
        .arg("serve")
        .env("DATABASE_URL", &db.url)
        .env("SEEDPOST_BIND", format!("127.0.0.1:{port}"))
        .env("SEEDPOST_RATE_MOVES", "0")
        .env("SEEDPOST_RATE_CHALLENGES", "0")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the seedpost binary starts");
    let mut child = KillOnDrop(child);
    let client = Client::builder()
        .timeout(Duration::from_secs(10))
        .build()
        .expect("a client");
    let mut ready = false;
    for _ in 0..100 {
        if let Ok(r) = client.get(format!("{child_base}/readyz")).send().await
            && r.status() == StatusCode::OK
        {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "the child instance becomes ready");

    let ann = sign_up(&client, &survivor.base, "ann", false).await;
    let bob = sign_up(&client, &child_base, "bob", false).await;
    let mut games = Vec::new();
    for variant in ["mangala", "modiar", "tihbat", "mangala", "modiar", "tihbat"] {
        let game = start_game(&client, &survivor.base, &ann, &bob, variant).await;
        games.push(game["id"].as_str().expect("an id").to_owned());
    }

    // Every game is played by a worker alternating between the instances; a request
    // to the dead child fails and the worker carries on through the survivor.
    let acknowledged = Arc::new(Mutex::new(Vec::<(String, u64, String, u64)>::new()));
    let killed = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut workers = tokio::task::JoinSet::new();
    for id in games.clone() {
        let (client, ann, bob) = (client.clone(), ann.clone(), bob.clone());
        let (survivor_base, child_base) = (survivor.base.clone(), child_base.clone());
        let (acknowledged, killed) = (acknowledged.clone(), killed.clone());
        workers.spawn(async move {
            let mut after_kill = 0;
            for k in 0..400_usize {
                let dead = killed.load(std::sync::atomic::Ordering::SeqCst);
                if dead {
                    after_kill += 1;
                    if after_kill > 6 {
                        break;
                    }
                }
                let base = if k % 2 == 0 {
                    &child_base
                } else {
                    &survivor_base
                };
                if let Some((ply, side, pit)) = try_move(&client, base, (&ann, &bob), &id, k).await
                {
                    acknowledged
                        .lock()
                        .expect("the list")
                        .push((id.clone(), ply, side, pit));
                }
            }
        });
    }
    tokio::time::sleep(Duration::from_millis(600)).await;
    // `Child::kill` is SIGKILL on Unix: no graceful shutdown, requests cut mid-way.
    child.0.kill().expect("SIGKILL reaches the child");
    let _ = child.0.wait();
    killed.store(true, std::sync::atomic::Ordering::SeqCst);
    workers.join_all().await;

    // The survivor serves on.
    let (status, _) = get(&client, &survivor.base, "/standings").await;
    assert_eq!(status, StatusCode::OK);
    let carol = sign_up(&client, &survivor.base, "carol", false).await;
    assert!(!carol.token.is_empty());

    let acknowledged = acknowledged.lock().expect("the list").clone();
    assert!(
        acknowledged.len() > 6,
        "the load made moves: {}",
        acknowledged.len()
    );
    for (id, ply, side, pit) in &acknowledged {
        let (_, game) = get(&client, &survivor.base, &format!("/games/{id}")).await;
        let found = game["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .any(|m| m["ply"] == *ply && m["side"] == side.as_str() && m["pit"] == *pit);
        assert!(
            found,
            "acknowledged move {ply} ({side} {pit}) of {id} is missing: {game}"
        );
    }
}

/// Moves `pit` at `ply` in game `id` through `base`, returning the status and body.
async fn move_at(
    client: &Client,
    base: &str,
    player: &Player,
    id: &str,
    ply: u64,
    pit: u64,
) -> (StatusCode, Value) {
    post(
        client,
        base,
        &format!("/games/{id}/moves"),
        Some(&player.token),
        json!({"ply": ply, "pit": pit}),
    )
    .await
    .expect("the server answers")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_instance_whose_copy_of_a_game_is_stale_answers_from_the_database() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    // Tihbat, the challenger (ann, South) first: no extra turns, one ply a move.
    let game = start_game(&client, &one.base, &ann, &bob, "tihbat").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    let first_mover = if game["to_move"] == "south" {
        &ann
    } else {
        &bob
    };
    let second_mover = if game["to_move"] == "south" {
        &bob
    } else {
        &ann
    };
    // Instance one keeps a copy of the game at ply 1; instance two then plays ply 2.
    let (status, _) = move_at(&client, &one.base, first_mover, &id, 0, 1).await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = move_at(&client, &two.base, second_mover, &id, 1, 1).await;
    assert_eq!(status, StatusCode::CREATED);
    // Through instance one, whose copy still stands at ply 1: the retry of the move
    // two played is recognised, another move at ply 1 is stale, and ply 2 plays.
    let (status, body) = move_at(&client, &one.base, second_mover, &id, 1, 1).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ply"], 2);
    let (status, body) = move_at(&client, &one.base, second_mover, &id, 1, 2).await;
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::CONFLICT, Some("stale_ply")),
        "{body}"
    );
    let (status, body) = move_at(&client, &one.base, first_mover, &id, 2, 2).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (_, game) = get(&client, &two.base, &format!("/games/{id}")).await;
    assert_eq!(game["ply"], 3);
    assert_eq!(game["moves"].as_array().map(Vec::len), Some(3));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_tokens_rate_limit_holds_across_two_instances_not_once_per_instance() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    // One challenge a second, four at once: each instance's own buckets would let
    // four through on each, eight in all.
    let limits = RateLimits {
        challenges: Rate::new(1, 4),
        ..RateLimits::UNLIMITED
    };
    let one = server()
        .database(&db.url)
        .rate_limits(limits)
        .start()
        .await
        .expect("an instance starts");
    // Its buckets in memory are its own, as another process's would be.
    let two = one.instance().start().await.expect("an instance starts");
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let started = std::time::Instant::now();
    let mut statuses = Vec::new();
    for i in 0..8 {
        let base = if i % 2 == 0 { &one.base } else { &two.base };
        let (status, body) = post(
            &client,
            base,
            "/challenges",
            Some(&ann.token),
            json!({"variant": "tihbat", "days_per_move": 3}),
        )
        .await
        .expect("the server answers");
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(body["error"], "rate_limited", "{body}");
            assert!(
                body["retry_after"].as_u64().is_some_and(|s| s >= 1),
                "{body}"
            );
        }
        statuses.push(status.as_u16());
    }
    // A second request could only be refilled after a second.
    let refilled = usize::try_from(started.elapsed().as_secs()).unwrap_or(usize::MAX);
    let served = statuses.iter().filter(|s| **s == 201).count();
    assert!(
        (4..=4 + refilled).contains(&served),
        "{served} served in {:?}: {statuses:?}",
        started.elapsed()
    );
    assert_eq!(
        &statuses[..4],
        &[201; 4],
        "the burst is served: {statuses:?}"
    );
    assert!(
        statuses[4..].contains(&429),
        "past the burst the other instance refuses too: {statuses:?}"
    );

    // Another token has a cell of its own.
    let bob = sign_up(&client, &two.base, "bob", false).await;
    let (status, _) = post(
        &client,
        &one.base,
        "/challenges",
        Some(&bob.token),
        json!({"variant": "tihbat", "days_per_move": 3}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_default_move_limit_is_one_bucket_across_two_instances_and_refused_moves_count() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    // The documented defaults: 10 game actions a second, 20 at once, per token.
    let limits = RateLimits::DEFAULT;
    let one = server()
        .database(&db.url)
        .rate_limits(limits)
        .start()
        .await
        .expect("an instance starts");
    let two = one.instance().start().await.expect("an instance starts");
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &one.base, "bob", false).await;
    let game = start_game(&client, &one.base, &ann, &bob, "tihbat").await;
    let id = game["id"].as_str().expect("an id").to_owned();

    // Ann plays her first move, then sends a move 60 times, alternating instances,
    // when it is Bob's turn: each is refused (409 `not_your_turn`), and every answer
    // but a 429 takes from her one bucket.
    let started = std::time::Instant::now();
    let (status, body) = post(
        &client,
        &one.base,
        &format!("/games/{id}/moves"),
        Some(&ann.token),
        json!({"ply": 0, "pit": 1}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let mut answered = vec![201];
    for i in 0..60 {
        let base = if i % 2 == 0 { &one.base } else { &two.base };
        let (status, body) = post(
            &client,
            base,
            &format!("/games/{id}/moves"),
            Some(&ann.token),
            json!({"ply": 1, "pit": 1}),
        )
        .await
        .expect("the server answers");
        if status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(body["error"], "rate_limited", "{body}");
        } else {
            assert_eq!(body["error"], "not_your_turn", "{body}");
        }
        answered.push(status.as_u16());
    }
    let elapsed = started.elapsed().as_secs_f64();
    let taken = answered.iter().filter(|s| **s != 429).count();
    // Per instance, 20 + 20 would pass at once; as one bucket, 20 and the refill.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let most = 20 + (10.0 * elapsed).ceil() as usize;
    assert!(
        (20..=most).contains(&taken),
        "{taken} actions taken in {elapsed:.2} s (at most {most}): {answered:?}"
    );
    assert!(answered[..20].iter().all(|s| *s != 429), "{answered:?}");
    assert!(
        answered.iter().filter(|s| **s == 409).count() >= 19,
        "refused moves were counted: {answered:?}"
    );

    // What the description says is what was just seen.
    let (_, spec) = get(&client, &two.base, "/openapi.json").await;
    let info = spec["info"]["description"].as_str().unwrap_or("");
    assert!(info.contains("shared by every instance"), "{info}");
    assert!(
        info.contains("a move answered 409 takes from the bucket"),
        "{info}"
    );
    assert!(!info.contains("on this instance"), "{info}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_read_through_an_instance_holding_an_older_copy_shows_the_other_instances_moves() {
    let Some(db) = TestDb::postgres().await else {
        return;
    };
    let one = instance(&db.url).await;
    let two = instance(&db.url).await;
    let client = Client::new();
    let ann = sign_up(&client, &one.base, "ann", false).await;
    let bob = sign_up(&client, &two.base, "bob", false).await;
    let game = start_game(&client, &one.base, &ann, &bob, "mangala").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    let south = if game["players"]["south"] == "ann" {
        &ann
    } else {
        &bob
    };
    let north = if south.name == "ann" { &bob } else { &ann };
    let first = if game["to_move"] == "south" {
        south
    } else {
        north
    };

    // Instance two reads the game (and keeps a copy at ply 0)...
    let (status, before) = get(&client, &two.base, &format!("/games/{id}")).await;
    assert_eq!((status, before["ply"].as_u64()), (StatusCode::OK, Some(0)));
    // ...then a move is made through instance one.
    let (status, moved) = post(
        &client,
        &one.base,
        &format!("/games/{id}/moves"),
        Some(&first.token),
        json!({"ply": 0, "pit": 1}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "{moved}");

    let (status, after) = get(&client, &two.base, &format!("/games/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(after["ply"], moved["ply"], "{after}");
    assert_eq!(after["moves"], moved["moves"]);
    assert_eq!(after["board"], moved["board"]);
    assert_eq!(after["legal_moves"], moved["legal_moves"]);
    // And read again from its new copy, the same.
    assert_eq!(
        get(&client, &two.base, &format!("/games/{id}")).await.1,
        after
    );
}
