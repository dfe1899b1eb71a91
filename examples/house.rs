//! The house bots' benchmark: human accounts play many games at once against the
//! house bots of one running server, and it reports how long the bots take to answer:
//! from the 201 of a human's move that leaves the bot to move to the `your_turn` event
//! that comes back to the human once the bot has replied (p50 / p99 / max, by bot),
//! and the replies per second.
//!
//! ```text
//! seedpost serve --database-url sqlite://bench.db --rate-moves 0 --rate-streams 0 \
//!     --rate-challenges 0 &
//! cargo run --release --example house -- --url http://127.0.0.1:8080 \
//!     --games 50 --humans 10 --perfect 2 --seconds 30 --server-pid $!
//! ```
//!
//! The games are shared out between the humans, and between `house-random` and
//! `house-greedy` in turn (Mangala); `--perfect N` more games are played at Modiar
//! against `house-perfect`, started first, so that on a fresh server its solved table
//! is being built while the quick bots are measured. Each human follows its own event
//! stream and plays a random legal pit on each `your_turn` after `--think-ms`; a
//! finished game is replaced by a new challenge to the same bot, so the games in
//! flight stay at `--games`. With `--server-pid`, the server's CPU time (user + system,
//! from `/proc/<pid>/stat`) while measuring, per reply.

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
    /// Games against house-random and house-greedy in flight at once.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// Human accounts playing them.
    #[arg(long, default_value_t = 10)]
    humans: usize,
    /// Games at Modiar against house-perfect, started before the others.
    #[arg(long, default_value_t = 0)]
    perfect: usize,
    /// Seconds to measure, after the warm-up.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// Seconds of warm-up once every game has started.
    #[arg(long, default_value_t = 2)]
    warmup: u64,
    /// How long a human waits before playing its turn.
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// The server's process id, to report its CPU time.
    #[arg(long)]
    server_pid: Option<u32>,
}

/// One game in flight: the bot it is played against, and what is known of the bot's
/// pending reply.
#[derive(Default)]
struct InFlight {
    bot: String,
    /// The ply after the human's move that left the bot to move, and when its 201 was
    /// read.
    answered: Option<(u64, Instant)>,
    /// A `your_turn` read before the 201 of the move it answers: its ply and time.
    early: Option<(u64, Instant)>,
}

/// What the run saw.
#[derive(Default)]
struct Seen {
    games: HashMap<String, InFlight>,
    /// Reply delays in microseconds by bot (negative: the event was read before the
    /// 201), while measuring.
    delays: HashMap<String, Vec<i64>>,
    measuring: bool,
    /// Human moves answered 201, and refused, while measuring.
    moves: u64,
    refused: u64,
    /// Games started and finished while measuring.
    started: u64,
    finished: u64,
}

impl Seen {
    fn delay(&mut self, game: &str, answered: Instant, event: Instant) {
        if !self.measuring {
            return;
        }
        let micros = if event >= answered {
            i64::try_from((event - answered).as_micros()).unwrap_or(i64::MAX)
        } else {
            -i64::try_from((answered - event).as_micros()).unwrap_or(i64::MAX)
        };
        let bot = self
            .games
            .get(game)
            .map(|g| g.bot.clone())
            .unwrap_or_default();
        self.delays.entry(bot).or_default().push(micros);
    }

    /// A `your_turn` for the human at `ply`, read at `now`.
    fn your_turn(&mut self, game: &str, ply: u64, now: Instant) {
        let Some(g) = self.games.get_mut(game) else {
            return;
        };
        match g.answered {
            Some((p, at)) if ply > p => {
                g.answered = None;
                self.delay(game, at, now);
            }
            _ => g.early = Some((ply, now)),
        }
    }

    /// A human's move answered 201 at `now`, the game then at `ply`, the bot to move
    /// if `bots_turn`.
    fn moved(&mut self, game: &str, ply: u64, bots_turn: bool, now: Instant) {
        if self.measuring {
            self.moves += 1;
        }
        let Some(g) = self.games.get_mut(game) else {
            return;
        };
        let early = g.early.take();
        if !bots_turn {
            return;
        }
        match early {
            Some((q, at)) if q > ply => self.delay(game, now, at),
            _ => g.answered = Some((ply, now)),
        }
    }
}

struct Human {
    name: String,
    token: String,
}

async fn post(client: &Client, url: String, token: &str, body: Value) -> (u16, Value) {
    match client.post(url).bearer_auth(token).json(&body).send().await {
        Ok(response) => {
            let status = response.status().as_u16();
            (status, response.json().await.unwrap_or(Value::Null))
        }
        Err(e) => (0, json!({ "error": e.to_string() })),
    }
}

async fn sign_up(client: &Client, base: &str, name: String) -> Human {
    let response = client
        .post(format!("{base}/api/v1/accounts"))
        .json(&json!({"username": name, "password": "bench password", "bot": true}))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    assert_eq!(status, 201, "sign-up failed: {body}");
    Human {
        name,
        token: body["token"].as_str().expect("a token").to_owned(),
    }
}

/// Challenges `bot` at `variant` for `me`, retrying while the challenge caps refuse it
/// (a human has at most five challenges open to one opponent) or the server fails it
/// (said on stderr), so that the games in flight stay as many.
async fn challenge(client: &Client, base: &str, me: &Human, bot: &str, variant: &str) {
    loop {
        let (status, body) = post(
            client,
            format!("{base}/api/v1/challenges"),
            &me.token,
            json!({"variant": variant, "opponent": bot, "first": "random"}),
        )
        .await;
        match status {
            201 => return,
            409 | 422 | 429 | 503 => tokio::time::sleep(Duration::from_millis(50)).await,
            _ => {
                eprintln!("challenge to {bot} answered {status}: {body}");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// Follows `me`'s event stream: plays each `your_turn` of its games, and challenges
/// the bot again when one of them finishes.
async fn follow(
    client: Client,
    base: String,
    me: Arc<Human>,
    think: Duration,
    seen: Arc<Mutex<Seen>>,
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
            if line.len() < 2 {
                continue;
            }
            let now = Instant::now();
            let Ok(event) = serde_json::from_slice::<Value>(&line) else {
                continue;
            };
            if event["snapshot"] == true {
                continue;
            }
            let game = &event["game"];
            let id = game["id"].as_str().unwrap_or_default().to_owned();
            let players = [&game["players"]["south"], &game["players"]["north"]];
            let Some(bot) = players
                .iter()
                .filter_map(|p| p.as_str())
                .find(|p| *p != me.name)
                .map(str::to_owned)
            else {
                continue;
            };
            match event["type"].as_str() {
                Some("your_turn") => {
                    let ply = game["ply"].as_u64().unwrap_or_default();
                    {
                        let mut s = seen.lock().expect("seen");
                        s.games.entry(id.clone()).or_default().bot = bot;
                        s.your_turn(&id, ply, now);
                    }
                    let legal: Vec<u64> = game["legal_moves"]
                        .as_array()
                        .map(|a| a.iter().filter_map(Value::as_u64).collect())
                        .unwrap_or_default();
                    let Some(&pit) = legal.choose(&mut rand::rng()) else {
                        continue;
                    };
                    let (client, base, me, seen) =
                        (client.clone(), base.clone(), me.clone(), seen.clone());
                    tokio::spawn(async move {
                        if !think.is_zero() {
                            tokio::time::sleep(think).await;
                        }
                        let (status, after) = post(
                            &client,
                            format!("{base}/api/v1/games/{id}/moves"),
                            &me.token,
                            json!({"ply": ply, "pit": pit}),
                        )
                        .await;
                        let answered = Instant::now();
                        let mut s = seen.lock().expect("seen");
                        if status == 201 {
                            let ply = after["ply"].as_u64().unwrap_or_default();
                            let to_move = after["to_move"].as_str().unwrap_or_default();
                            let bots_turn = after["status"] == "ongoing"
                                && after["players"][to_move] != me.name.as_str();
                            s.moved(&id, ply, bots_turn, answered);
                        } else {
                            if s.measuring {
                                s.refused += 1;
                            }
                            eprintln!("move answered {status}: {after}");
                        }
                    });
                }
                Some("game_start") => {
                    let mut s = seen.lock().expect("seen");
                    s.games.entry(id).or_default().bot = bot;
                    if s.measuring {
                        s.started += 1;
                    }
                }
                Some("game_finish") => {
                    {
                        let mut s = seen.lock().expect("seen");
                        s.games.remove(&id);
                        if s.measuring {
                            s.finished += 1;
                        }
                    }
                    let variant = game["variant"].as_str().unwrap_or("mangala").to_owned();
                    let (client, base, me) = (client.clone(), base.clone(), me.clone());
                    tokio::spawn(async move {
                        challenge(&client, &base, &me, &bot, &variant).await;
                    });
                }
                _ => {}
            }
        }
    }
}

/// The CPU time of a process so far (user + system), in clock ticks.
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis: utime and stime are the
    // 12th and 13th of them.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
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
    let client = Client::builder()
        .pool_max_idle_per_host(usize::MAX)
        .build()
        .expect("a client");
    let run = rand::random::<u32>();
    let humans_count = args.humans.max(1);
    eprintln!("signing up {humans_count} humans…");
    let mut humans = Vec::new();
    for i in 0..humans_count {
        humans.push(Arc::new(
            sign_up(&client, &base, format!("h{run:x}_{i}")).await,
        ));
    }
    let seen = Arc::new(Mutex::new(Seen::default()));
    let opened = Arc::new(tokio::sync::Barrier::new(humans_count + 1));
    for human in &humans {
        tokio::spawn(follow(
            client.clone(),
            base.clone(),
            human.clone(),
            Duration::from_millis(args.think_ms),
            seen.clone(),
            opened.clone(),
        ));
    }
    opened.wait().await;
    eprintln!(
        "starting {} games against house-perfect (modiar), then {} against house-random and house-greedy (mangala)…",
        args.perfect, args.games
    );
    let mut starts = Vec::new();
    for g in 0..args.perfect {
        let (client, base, me) = (
            client.clone(),
            base.clone(),
            humans[g % humans_count].clone(),
        );
        starts.push(tokio::spawn(async move {
            challenge(&client, &base, &me, "house-perfect", "modiar").await;
        }));
    }
    for g in 0..args.games {
        let bot = if g % 2 == 0 {
            "house-random"
        } else {
            "house-greedy"
        };
        let (client, base, me) = (
            client.clone(),
            base.clone(),
            humans[g % humans_count].clone(),
        );
        starts.push(tokio::spawn(async move {
            challenge(&client, &base, &me, bot, "mangala").await;
        }));
    }
    for start in starts {
        start.await.expect("a challenge");
    }
    tokio::time::sleep(Duration::from_secs(args.warmup)).await;
    seen.lock().expect("seen").measuring = true;
    let cpu_before = args.server_pid.and_then(cpu_ticks);
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(args.seconds)).await;
    let elapsed = started.elapsed().as_secs_f64();
    let cpu_after = args.server_pid.and_then(cpu_ticks);
    let s = {
        let mut s = seen.lock().expect("seen");
        s.measuring = false;
        std::mem::take(&mut *s)
    };
    println!(
        "house bots: {} games in flight against house-random/house-greedy, {} against house-perfect, {} humans, {elapsed:.1} s",
        args.games, args.perfect, humans_count
    );
    let mut all: Vec<i64> = Vec::new();
    let mut bots: Vec<_> = s.delays.into_iter().collect();
    bots.sort();
    for (bot, mut delays) in bots {
        delays.sort_unstable();
        println!(
            "{bot}: replies {} ({:.1}/s) p50 {:.1} ms p99 {:.1} ms max {:.1} ms",
            delays.len(),
            delays.len() as f64 / elapsed,
            percentile(&delays, 50.0),
            percentile(&delays, 99.0),
            percentile(&delays, 100.0),
        );
        if bot != "house-perfect" {
            all.extend(delays);
        }
    }
    all.sort_unstable();
    println!(
        "quick replies: {} ({:.1}/s) p50 {:.1} ms p99 {:.1} ms max {:.1} ms",
        all.len(),
        all.len() as f64 / elapsed,
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        percentile(&all, 100.0),
    );
    println!(
        "human moves: {} ({:.1}/s), refused {}; games started {}, finished {}",
        s.moves,
        s.moves as f64 / elapsed,
        s.refused,
        s.started,
        s.finished
    );
    if let (Some(before), Some(after)) = (cpu_before, cpu_after) {
        // Clock ticks are 1/100 s on Linux.
        let cpu = (after - before) as f64 / 100.0;
        println!(
            "server CPU: {cpu:.1} s ({:.0}% of a core), {:.2} ms per quick reply",
            100.0 * cpu / elapsed,
            1000.0 * cpu / all.len().max(1) as f64
        );
    }
}
