//! The event-stream benchmark: opens many event streams on one running server while
//! games are played through it, and reports the delay from a move's 201 to the
//! `your_turn` event at the player to move next (p50 / p99), and the server's memory.
//!
//! ```text
//! seedpost serve --database-url sqlite://bench.db --rate-moves 0 --rate-streams 0 \
//!     --rate-challenges 0 &
//! cargo run --release --example streams -- --url http://127.0.0.1:8080 \
//!     --streams 1000 --games 100 --seconds 20 --server-pid $!
//! ```
//!
//! Two players per game; the streams are spread over the players (five each for 1,000
//! streams and 100 games). Each player's first stream drives it like a bot: on
//! `your_turn` it waits `--think-ms`, then plays a random legal pit. A finished game is
//! replaced by a new one. Memory is read from `/proc/<pid>/status` of the server.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::StreamExt;
use rand::seq::IndexedRandom;
use reqwest::Client;
use serde_json::{Value, json};

/// Benchmark settings.
#[derive(Debug, Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// Event streams to open.
    #[arg(long, default_value_t = 1000)]
    streams: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Seconds to measure.
    #[arg(long, default_value_t = 20)]
    seconds: u64,
    /// How long a player waits before answering its turn.
    #[arg(long, default_value_t = 100)]
    think_ms: u64,
    /// The variant to play.
    #[arg(long, default_value = "mangala")]
    variant: String,
    /// The server's process id, to report its memory.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Sign-ups at once. Each hashes a password with argon2 (19 MiB), and the
    /// allocator keeps what concurrent hashes took: one at a time keeps sign-ups out
    /// of the memory measured.
    #[arg(long, default_value_t = 1)]
    signup_concurrency: usize,
}

/// When each side of a (game, ply) was seen: the 201 of the move that led to it, and
/// the `your_turn` event for it.
#[derive(Default)]
struct Timings {
    pending: HashMap<(String, u64), (Option<Instant>, Option<Instant>)>,
    /// Delay from the 201 to the event, in microseconds (negative: the event came
    /// first).
    delays: Vec<i64>,
    measuring: bool,
    moves: u64,
}

impl Timings {
    fn saw(&mut self, key: (String, u64), answered: Option<Instant>, event: Option<Instant>) {
        let entry = self.pending.entry(key.clone()).or_default();
        entry.0 = entry.0.or(answered);
        entry.1 = entry.1.or(event);
        if let (Some(a), Some(e)) = *entry {
            self.pending.remove(&key);
            if self.measuring {
                let micros = if e >= a {
                    i64::try_from((e - a).as_micros()).unwrap_or(i64::MAX)
                } else {
                    -i64::try_from((a - e).as_micros()).unwrap_or(i64::MAX)
                };
                self.delays.push(micros);
            }
        }
    }
}

struct Player {
    name: String,
    token: String,
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

async fn sign_up(client: &Client, base: &str, name: String) -> Player {
    let (status, body) = post(
        client,
        format!("{base}/api/v1/accounts"),
        None,
        json!({"username": name, "password": "bench password", "bot": true}),
    )
    .await;
    assert_eq!(status, 201, "sign-up failed: {body}");
    Player {
        name,
        token: body["token"].as_str().expect("a token").to_owned(),
    }
}

async fn start_game(client: &Client, base: &str, variant: &str, south: &Player, north: &Player) {
    let (status, challenge) = post(
        client,
        format!("{base}/api/v1/challenges"),
        Some(&south.token),
        json!({"variant": variant, "opponent": north.name, "first": "random"}),
    )
    .await;
    assert_eq!(status, 201, "challenge failed: {challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game) = post(
        client,
        format!("{base}/api/v1/challenges/{id}/accept"),
        Some(&north.token),
        json!({}),
    )
    .await;
    assert_eq!(status, 201, "accept failed: {game}");
}

/// Reads one stream; if `drive`, plays the player's turns and restarts its finished
/// games (as South).
#[allow(clippy::too_many_arguments)]
async fn follow(
    client: Client,
    base: String,
    variant: String,
    me: Arc<Player>,
    opponent: Arc<Player>,
    drive: bool,
    think: Duration,
    timings: Arc<Mutex<Timings>>,
    opened: Arc<tokio::sync::Barrier>,
) {
    let response = client
        .get(format!("{base}/api/v1/stream/events"))
        .bearer_auth(&me.token)
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(response.status(), 200, "the stream opens");
    opened.wait().await;
    let mut body = response.bytes_stream();
    let mut buffer: Vec<u8> = Vec::new();
    while let Some(Ok(chunk)) = body.next().await {
        buffer.extend_from_slice(&chunk);
        while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffer.drain(..=end).collect();
            if !drive || line.len() < 2 {
                continue;
            }
            let now = Instant::now();
            let Ok(event) = serde_json::from_slice::<Value>(&line) else {
                continue;
            };
            let game = &event["game"];
            let id = game["id"].as_str().unwrap_or_default().to_owned();
            match event["type"].as_str() {
                Some("your_turn") if event["snapshot"] != true => {
                    let ply = game["ply"].as_u64().unwrap_or_default();
                    timings
                        .lock()
                        .expect("timings")
                        .saw((id.clone(), ply), None, Some(now));
                    let legal: Vec<u64> = game["legal_moves"]
                        .as_array()
                        .map(|a| a.iter().filter_map(Value::as_u64).collect())
                        .unwrap_or_default();
                    let Some(&pit) = legal.choose(&mut rand::rng()) else {
                        continue;
                    };
                    let (client, base, me, timings) =
                        (client.clone(), base.clone(), me.clone(), timings.clone());
                    tokio::spawn(async move {
                        tokio::time::sleep(think).await;
                        let (status, after) = post(
                            &client,
                            format!("{base}/api/v1/games/{id}/moves"),
                            Some(&me.token),
                            json!({"ply": ply, "pit": pit}),
                        )
                        .await;
                        let answered = Instant::now();
                        if status == 201 {
                            let mut t = timings.lock().expect("timings");
                            t.moves += 1;
                            if after["status"] == "ongoing" {
                                let ply = after["ply"].as_u64().unwrap_or_default();
                                t.saw((id, ply), Some(answered), None);
                            }
                        } else {
                            eprintln!("move answered {status}: {after}");
                        }
                    });
                }
                Some("game_finish") if game["players"]["south"] == me.name.as_str() => {
                    let (client, base, variant, me, opponent) = (
                        client.clone(),
                        base.clone(),
                        variant.clone(),
                        me.clone(),
                        opponent.clone(),
                    );
                    tokio::spawn(async move {
                        start_game(&client, &base, &variant, &me, &opponent).await;
                    });
                }
                _ => {}
            }
        }
    }
}

/// `VmRSS` and `VmHWM` (peak) of a process, in kB.
fn memory(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))?
            .split_whitespace()
            .nth(1)?
            .parse::<u64>()
            .ok()
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

fn percentile(sorted: &[i64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let base = args.url.trim_end_matches('/').to_owned();
    // One connection per stream: no pooling limits on the client side.
    let client = Client::builder()
        .pool_max_idle_per_host(usize::MAX)
        .build()
        .expect("a client");
    let run = rand::random::<u32>();
    let players_count = args.games * 2;
    eprintln!("signing up {players_count} players…");
    let mut players = Vec::new();
    for chunk in (0..players_count)
        .collect::<Vec<_>>()
        .chunks(args.signup_concurrency.max(1))
    {
        let signups = chunk
            .iter()
            .map(|i| sign_up(&client, &base, format!("b{run:x}_{i}")));
        for p in futures_util::future::join_all(signups).await {
            players.push(Arc::new(p));
        }
    }
    if let Some((rss, _)) = args.server_pid.and_then(memory) {
        eprintln!("server RSS before streams: {:.1} MB", rss as f64 / 1024.0);
    }
    let timings = Arc::new(Mutex::new(Timings::default()));
    let opened = Arc::new(tokio::sync::Barrier::new(args.streams + 1));
    eprintln!("opening {} streams…", args.streams);
    for s in 0..args.streams {
        let i = s % players_count;
        let opponent = players[i ^ 1].clone();
        tokio::spawn(follow(
            client.clone(),
            base.clone(),
            args.variant.clone(),
            players[i].clone(),
            opponent,
            s < players_count,
            Duration::from_millis(args.think_ms),
            timings.clone(),
            opened.clone(),
        ));
        if s % 100 == 99 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    opened.wait().await;
    if let Some((rss, _)) = args.server_pid.and_then(memory) {
        eprintln!(
            "server RSS with {} idle streams: {:.1} MB",
            args.streams,
            rss as f64 / 1024.0
        );
    }
    eprintln!("starting {} games…", args.games);
    for g in 0..args.games {
        start_game(
            &client,
            &base,
            &args.variant,
            &players[2 * g],
            &players[2 * g + 1],
        )
        .await;
    }
    // Warm up, then measure.
    tokio::time::sleep(Duration::from_secs(2)).await;
    {
        let mut t = timings.lock().expect("timings");
        t.measuring = true;
        t.moves = 0;
    }
    let started = Instant::now();
    let mut peak_rss = 0;
    while started.elapsed() < Duration::from_secs(args.seconds) {
        tokio::time::sleep(Duration::from_millis(500)).await;
        if let Some((rss, _)) = args.server_pid.and_then(memory) {
            peak_rss = peak_rss.max(rss);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let (mut delays, moves) = {
        let t = timings.lock().expect("timings");
        (t.delays.clone(), t.moves)
    };
    delays.sort_unstable();
    let early = delays.iter().filter(|&&d| d < 0).count();
    println!("streams: {}, games at once: {}", args.streams, args.games);
    println!(
        "moves: {moves} in {elapsed:.1} s ({:.0}/s)",
        moves as f64 / elapsed
    );
    println!(
        "201 -> your_turn: n={} p50={:.2} ms p99={:.2} ms max={:.2} ms ({early} events arrived before the 201 was read; counted as negative)",
        delays.len(),
        percentile(&delays, 50.0),
        percentile(&delays, 99.0),
        percentile(&delays, 100.0),
    );
    if let Some((rss, hwm)) = args.server_pid.and_then(memory) {
        println!(
            "server RSS: now {:.1} MB, peak sampled {:.1} MB, VmHWM {:.1} MB",
            rss as f64 / 1024.0,
            peak_rss as f64 / 1024.0,
            hwm as f64 / 1024.0
        );
    }
}
