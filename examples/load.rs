//! The load tool: plays many games through the HTTP API of a running server with C
//! concurrent clients and reports moves per second and latency percentiles.
//!
//! ```text
//! cargo run --release --example load -- --url http://127.0.0.1:8080 --clients 64 --seconds 20
//! ```
//!
//! Each client owns a few games (both players' tokens) and plays a random legal move
//! in one of them at a time, reading the next state from the move's answer, so the
//! measured requests are move submissions only. Finished games are replaced by new
//! ones outside the timed part.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use rand::Rng;
use reqwest::Client;
use serde_json::{Value, json};

/// Load settings.
#[derive(Debug, Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Concurrent clients (one request in flight each).
    #[arg(long, default_value_t = 64)]
    clients: usize,
    /// Games each client keeps going.
    #[arg(long, default_value_t = 4)]
    games_per_client: usize,
    /// Seconds to measure.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// The variant to play.
    #[arg(long, default_value = "mangala")]
    variant: String,
}

/// A game a client plays, with both players' tokens.
struct Table {
    tokens: [String; 2],
    game: Value,
}

async fn post(client: &Client, url: String, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut request = client.post(url).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    match request.send().await {
        Ok(response) => {
            let status = response.status().as_u16();
            (status, response.json().await.unwrap_or(Value::Null))
        }
        Err(e) => (0, json!({ "error": e.to_string() })),
    }
}

async fn sign_up(client: &Client, base: &str, name: &str) -> String {
    let (status, body) = post(
        client,
        format!("{base}/api/v1/accounts"),
        None,
        json!({"username": name, "password": "load test password", "bot": true}),
    )
    .await;
    assert_eq!(status, 201, "sign-up failed: {body}");
    body["token"].as_str().expect("a token").to_owned()
}

async fn new_game(
    client: &Client,
    base: &str,
    variant: &str,
    tokens: &[String; 2],
    opponent: &str,
) -> Value {
    let (status, challenge) = post(
        client,
        format!("{base}/api/v1/challenges"),
        Some(&tokens[0]),
        json!({"variant": variant, "days_per_move": 14, "first": "challenger", "opponent": opponent}),
    )
    .await;
    assert_eq!(status, 201, "challenge failed: {challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game) = post(
        client,
        format!("{base}/api/v1/challenges/{id}/accept"),
        Some(&tokens[1]),
        json!({}),
    )
    .await;
    assert_eq!(status, 201, "accept failed: {game}");
    game
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let client = Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .build()
        .expect("an HTTP client");
    let run = rand::rng().random::<u32>();
    let base = args.url.trim_end_matches('/').to_owned();

    // Two accounts per client; each client's games are between its two accounts.
    let mut tables = Vec::new();
    for c in 0..args.clients {
        let south = format!("l{run:x}s{c}");
        let north = format!("l{run:x}n{c}");
        let tokens = [
            sign_up(&client, &base, &south).await,
            sign_up(&client, &base, &north).await,
        ];
        let mut games = Vec::new();
        for _ in 0..args.games_per_client {
            games.push(Table {
                tokens: tokens.clone(),
                game: new_game(&client, &base, &args.variant, &tokens, &north).await,
            });
        }
        tables.push((games, north));
    }
    eprintln!(
        "set up {} clients with {} games each; measuring {} s",
        args.clients, args.games_per_client, args.seconds
    );

    let errors = Arc::new(AtomicU64::new(0));
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let mut tasks = Vec::new();
    for (mut games, north) in tables {
        let client = client.clone();
        let base = base.clone();
        let variant = args.variant.clone();
        let errors = errors.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut turn = 0usize;
            while Instant::now() < deadline {
                let count = games.len();
                let table = &mut games[turn % count];
                turn += 1;
                if table.game["status"] != "ongoing" {
                    table.game = new_game(&client, &base, &variant, &table.tokens, &north).await;
                }
                let legal = table.game["legal_moves"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                if legal.is_empty() {
                    continue;
                }
                let pit = legal[rand::rng().random_range(0..legal.len())].clone();
                let side = usize::from(table.game["to_move"] == "north");
                let id = table.game["id"].as_str().unwrap_or_default().to_owned();
                let started = Instant::now();
                let (status, body) = post(
                    &client,
                    format!("{base}/api/v1/games/{id}/moves"),
                    Some(&table.tokens[side]),
                    json!({"ply": table.game["ply"], "pit": pit}),
                )
                .await;
                let micros = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
                if status == 201 {
                    latencies.push(micros);
                    table.game = body;
                } else {
                    errors.fetch_add(1, Ordering::Relaxed);
                    eprintln!("move failed: {status} {body}");
                }
            }
            latencies
        }));
    }
    let started = Instant::now();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await.expect("a client task"));
    }
    let elapsed = started.elapsed().as_secs_f64().max(args.seconds as f64);
    all.sort_unstable();
    println!(
        "moves: {}  errors: {}  moves/s: {:.0}  p50: {:.1} ms  p99: {:.1} ms  max: {:.1} ms  (clients {}, {})",
        all.len(),
        errors.load(Ordering::Relaxed),
        all.len() as f64 / elapsed,
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        percentile(&all, 100.0),
        args.clients,
        args.variant,
    );
}
