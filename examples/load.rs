//! The load tool: drives a running server through its HTTP API with C concurrent
//! clients and reports throughput, latency percentiles (p50, p99, max: of every
//! request sent while measuring, failed ones included), errors by kind and, given its
//! process id, the server's peak memory.
//!
//! ```text
//! cargo run --release --example load -- --url http://127.0.0.1:8080 --clients 64 --seconds 20
//! cargo run --release --example load -- --scenario reads --server-pid $SERVER_PID
//! cargo run --release --example load -- --scenario mix --streams 200
//! cargo run --release --example load -- --accepted moves.jsonl   # then, after a fault:
//! cargo run --release --example load -- --verify moves.jsonl
//! ```
//!
//! Each client has two accounts and a few games between them (both players' tokens).
//! The scenarios:
//!
//! - `moves` (the default): each client plays a random legal move in one of its games
//!   at a time, reading the next state from the move's answer; a finished game is
//!   replaced by a new one. Prints `moves/s: N`.
//! - `reads`: `GET /api/v1/games/{id}` of random games among all the clients' games
//!   (each has had `--setup-moves` moves). Prints `requests/s: N`.
//! - `mix`: of every ten requests, three game JSONs, two game pages (`/games/{id}`
//!   HTML), two game lists (`GET /api/v1/games?...`) and three moves; meanwhile
//!   `--streams N` streams are held open on connections of their own, as idle players
//!   hold them: in turn an account's event stream (`GET /api/v1/stream/events`, a
//!   bot), a signed-in page's `GET /live` (a session cookie) and a game page's
//!   `GET /api/v1/games/{id}/stream` (Server-Sent Events). Prints `requests/s: N` and
//!   a line per kind.
//!
//! Faults are counted, not fatal: a connection error, a timeout (`--timeout`) or an
//! unexpected status is counted by its kind (`503 unavailable`, `connect`, …) and the
//! client goes on after a short pause, re-reading the game before its next move (the
//! move may have been stored although its answer was lost). When there were errors the
//! report gives the outage as the clients saw it: the longest stall without an
//! accepted move after the first error, the recovery time (first error to the end of
//! that stall) and the slowest request that overlapped it.
//!
//! `--accepted FILE` writes every game created (`{"game"}`) and every move answered
//! 201 (`{"game","ply","side","pit"}`, `ply` being the move's own number) as JSON
//! lines. `--verify FILE` reads each of those games back through
//! `GET /api/v1/games/{id}` and checks that its plies run 1, 2, 3… to its `ply`
//! without gap or repeat, and that every accepted move is there exactly once, at its
//! ply, with its side and pit; it exits 1 when one is not.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use clap::{Parser, ValueEnum};
use futures_util::StreamExt;
use rand::Rng;
use reqwest::{Client, RequestBuilder};
use serde::Deserialize;
use serde_json::{Value, json};

/// The server's allocator, so that the tool takes as little of the machine from the
/// server and its database as it can.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Load settings.
#[derive(Debug, Parser)]
struct Args {
    /// The server's base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// What the clients do.
    #[arg(long, value_enum, default_value_t = Scenario::Moves)]
    scenario: Scenario,
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
    /// Moves played in each game before measuring `reads` and `mix`, so that the
    /// games read carry moves.
    #[arg(long, default_value_t = 10)]
    setup_moves: usize,
    /// Streams held open during `mix`, spread over the clients' accounts and games: a
    /// third each of event streams, `/live` page streams and game streams.
    #[arg(long, default_value_t = 0)]
    streams: usize,
    /// Only event streams (`/api/v1/stream/events`) for `--streams`, as before the
    /// page and game streams were added.
    #[arg(long)]
    event_streams_only: bool,
    /// Hold the `--streams` as this many idle players, accounts of their own that
    /// never move (each an event stream and a `/live` page in turn; the game streams
    /// are theirs as spectators of the clients' games), rather than as the clients'
    /// own accounts. 0: the clients' accounts, so that a move wakes every stream of
    /// its two players (some 230 at 10,000 streams).
    #[arg(long, default_value_t = 0)]
    idle_players: usize,
    /// Seconds a request may take before it counts as a `timeout` error.
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// The server's process id: its resident memory is sampled while measuring.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Write every game created and every move answered 201 to this file (JSON
    /// lines).
    #[arg(long)]
    accepted: Option<PathBuf>,
    /// Check the moves of a file written by `--accepted` against the server instead
    /// of making load.
    #[arg(long)]
    verify: Option<PathBuf>,
}

/// What the clients do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Scenario {
    /// Move submissions only.
    Moves,
    /// Game JSON reads only.
    Reads,
    /// Game JSON and pages, lists, moves, and open event streams.
    Mix,
}

/// What a request was for, in the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// `POST /api/v1/games/{id}/moves`.
    Move,
    /// `GET /api/v1/games/{id}`.
    Game,
    /// `GET /games/{id}` (HTML).
    Page,
    /// `GET /api/v1/games?...`.
    List,
    /// A challenge or its acceptance, for a new game.
    NewGame,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Move => "move",
            Kind::Game => "game JSON",
            Kind::Page => "game page",
            Kind::List => "game list",
            Kind::NewGame => "new game",
        }
    }
}

/// A request's answer: its status and body (empty when not wanted), or why there was
/// none.
enum Answer {
    Status(u16, Bytes),
    Failed(&'static str),
}

/// A body as JSON (`null` when it is not JSON).
fn json_of(body: &[u8]) -> Value {
    serde_json::from_slice(body).unwrap_or(Value::Null)
}

/// The error code of an error body.
#[derive(Deserialize)]
struct ErrorBody {
    error: String,
}

/// What a client needs of a game to move in it: the rest of the server's answer is
/// skipped, not built into a tree, so that the tool spends as little of the machine as
/// it can beside the server and its database.
#[derive(Deserialize)]
struct GameView {
    id: String,
    status: String,
    ply: u64,
    to_move: Option<String>,
    legal_moves: Vec<u8>,
}

/// One request, for the report.
struct Sample {
    kind: Kind,
    /// When it ended, in microseconds since the measurement began.
    end: u64,
    /// How long it took, in microseconds.
    micros: u64,
    ok: bool,
}

/// What one client saw.
struct Record {
    origin: Instant,
    samples: Vec<Sample>,
    /// Failed requests by kind: `"<status> <error code>"` or the connection failure.
    errors: BTreeMap<String, u64>,
    /// The `--accepted` lines.
    accepted: Vec<String>,
}

impl Record {
    fn new() -> Record {
        Record {
            origin: Instant::now(),
            samples: Vec::new(),
            errors: BTreeMap::new(),
            accepted: Vec::new(),
        }
    }

    /// Forgets the set-up's requests (not its accepted moves) and starts the clock.
    fn begin(&mut self, origin: Instant) {
        self.origin = origin;
        self.samples.clear();
        self.errors.clear();
    }

    /// Sends `request`, times it, and counts it as a success when its status is
    /// `expected`. The body is parsed only when `body` is set.
    async fn send(
        &mut self,
        kind: Kind,
        request: RequestBuilder,
        expected: u16,
        body: bool,
    ) -> Answer {
        let began = Instant::now();
        let answer = match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                // Read the body in full either way: the latency includes it and the
                // connection goes back to the pool.
                match response.bytes().await {
                    Ok(bytes) if body || status != expected => Answer::Status(status, bytes),
                    Ok(_) => Answer::Status(status, Bytes::new()),
                    Err(e) => Answer::Failed(failure(&e)),
                }
            }
            Err(e) => Answer::Failed(failure(&e)),
        };
        let ended = Instant::now();
        let ok = matches!(answer, Answer::Status(s, _) if s == expected);
        self.samples.push(Sample {
            kind,
            end: micros(ended.saturating_duration_since(self.origin)),
            micros: micros(ended - began),
            ok,
        });
        if !ok {
            let key = match &answer {
                Answer::Status(status, body) => match serde_json::from_slice(body) {
                    Ok(ErrorBody { error }) => format!("{status} {error}"),
                    Err(_) => format!("{status} (no code)"),
                },
                Answer::Failed(why) => (*why).to_owned(),
            };
            *self.errors.entry(key).or_default() += 1;
        }
        answer
    }
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

/// The kind of a request that got no answer.
fn failure(e: &reqwest::Error) -> &'static str {
    if e.is_timeout() {
        "timeout"
    } else if e.is_connect() {
        "connect"
    } else if e.is_body() || e.is_decode() {
        "body cut"
    } else {
        "connection lost"
    }
}

/// The pause after a failed request, so that an outage is not a busy loop.
async fn pause() {
    tokio::time::sleep(Duration::from_millis(50)).await;
}

/// What every client shares.
struct Ctx {
    http: Client,
    base: String,
    variant: String,
}

impl Ctx {
    fn api(&self, path: &str) -> String {
        format!("{}/api/v1{path}", self.base)
    }
}

/// A game a client plays.
struct Table {
    id: String,
    game: GameView,
    /// The last move's answer was lost: read the game again before moving.
    stale: bool,
}

/// One client: two accounts (South the challenger, North the opponent) and their
/// games.
struct Pair {
    names: [String; 2],
    tokens: [String; 2],
    tables: Vec<Table>,
}

/// Signs up `name`, retrying while the server is busy; panics on anything else.
async fn sign_up(ctx: &Ctx, name: &str) -> String {
    let mut record = Record::new();
    for _ in 0..50 {
        let request = ctx
            .http
            .post(ctx.api("/accounts"))
            .json(&json!({"username": name, "password": "load test password", "bot": true}));
        match record.send(Kind::NewGame, request, 201, true).await {
            Answer::Status(201, body) => {
                return json_of(&body)["token"]
                    .as_str()
                    .expect("a token")
                    .to_owned();
            }
            Answer::Status(503 | 429, _) | Answer::Failed(_) => {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Answer::Status(status, body) => panic!(
                "sign-up of {name} failed: {status} {}",
                String::from_utf8_lossy(&body)
            ),
        }
    }
    panic!("sign-up of {name} failed: {:?}", record.errors);
}

/// Starts a game between the pair's accounts, South to move first; `None` when a
/// request fails.
async fn new_game(
    ctx: &Ctx,
    record: &mut Record,
    names: &[String; 2],
    tokens: &[String; 2],
) -> Option<Table> {
    let request = ctx.http.post(ctx.api("/challenges")).bearer_auth(&tokens[0]).json(
        &json!({"variant": ctx.variant, "days_per_move": 14, "first": "challenger", "opponent": names[1]}),
    );
    let Answer::Status(201, challenge) = record.send(Kind::NewGame, request, 201, true).await
    else {
        return None;
    };
    let challenge = json_of(&challenge);
    let id = challenge["id"].as_str()?;
    let request = ctx
        .http
        .post(ctx.api(&format!("/challenges/{id}/accept")))
        .bearer_auth(&tokens[1])
        .json(&json!({}));
    let Answer::Status(201, game) = record.send(Kind::NewGame, request, 201, true).await else {
        return None;
    };
    let game: GameView = serde_json::from_slice(&game).ok()?;
    record.accepted.push(json!({ "game": game.id }).to_string());
    Some(Table {
        id: game.id.clone(),
        game,
        stale: false,
    })
}

/// Plays one random legal move in the pair's game `t` (re-reading it first when its
/// last answer was lost, replacing it when it is over).
async fn play(ctx: &Ctx, record: &mut Record, pair: &mut Pair, t: usize) {
    let table = &mut pair.tables[t];
    if table.stale {
        let request = ctx.http.get(ctx.api(&format!("/games/{}", table.id)));
        match record.send(Kind::Game, request, 200, true).await {
            Answer::Status(200, body) => match serde_json::from_slice(&body) {
                Ok(game) => {
                    table.game = game;
                    table.stale = false;
                }
                Err(_) => return pause().await,
            },
            _ => return pause().await,
        }
    }
    if table.game.status != "ongoing" {
        match new_game(ctx, record, &pair.names, &pair.tokens).await {
            Some(fresh) => *table = fresh,
            None => return pause().await,
        }
    }
    let legal = &table.game.legal_moves;
    if legal.is_empty() {
        table.stale = true;
        return pause().await;
    }
    let pit = legal[rand::rng().random_range(0..legal.len())];
    let side = table.game.to_move.clone().unwrap_or_default();
    let ply = table.game.ply;
    let request = ctx
        .http
        .post(ctx.api(&format!("/games/{}/moves", table.id)))
        .bearer_auth(&pair.tokens[usize::from(side == "north")])
        .json(&json!({"ply": ply, "pit": pit}));
    match record.send(Kind::Move, request, 201, true).await {
        Answer::Status(201, body) => {
            record.accepted.push(
                json!({"game": table.id, "ply": ply + 1, "side": side, "pit": pit}).to_string(),
            );
            match serde_json::from_slice(&body) {
                Ok(game) => table.game = game,
                Err(_) => table.stale = true,
            }
        }
        _ => {
            table.stale = true;
            pause().await;
        }
    }
}

/// Sends a read `request`, expecting a 200; pauses after a failure.
async fn read(record: &mut Record, kind: Kind, request: RequestBuilder) {
    if !matches!(
        record.send(kind, request, 200, false).await,
        Answer::Status(200, _)
    ) {
        pause().await;
    }
}

/// One client's measured loop.
async fn drive(
    ctx: Arc<Ctx>,
    scenario: Scenario,
    mut pair: Pair,
    mut record: Record,
    games: Arc<Vec<String>>,
    deadline: Instant,
) -> Record {
    let mut turn = 0usize;
    while Instant::now() < deadline {
        turn += 1;
        let t = turn % pair.tables.len();
        let (roll, pick) = {
            let mut rng = rand::rng();
            (rng.random_range(0..10), rng.random_range(0..games.len()))
        };
        let id = &games[pick];
        match (scenario, roll) {
            (Scenario::Moves, _) | (Scenario::Mix, 7..) => {
                play(&ctx, &mut record, &mut pair, t).await
            }
            (Scenario::Reads, _) | (Scenario::Mix, 0..3) => {
                let request = ctx.http.get(ctx.api(&format!("/games/{id}")));
                read(&mut record, Kind::Game, request).await;
            }
            (Scenario::Mix, 3..5) => {
                let request = ctx.http.get(format!("{}/games/{id}", ctx.base));
                read(&mut record, Kind::Page, request).await;
            }
            (Scenario::Mix, _) => {
                let query = if turn.is_multiple_of(2) {
                    format!("/games?player={}&limit=20", pair.names[0])
                } else {
                    "/games?status=ongoing&limit=50".to_owned()
                };
                read(&mut record, Kind::List, ctx.http.get(ctx.api(&query))).await;
            }
        }
    }
    record
}

/// Logs `name` in through the log-in form with `http` (which must not follow the
/// answer's redirect, whose cookie it reads); its session cookie's value.
async fn log_in(ctx: &Ctx, http: &Client, name: &str) -> String {
    // A signed-out form is checked against the form cookie it came with (any 64 hex
    // digits): send both.
    let form = format!("{:064x}", rand::rng().random::<u128>());
    for _ in 0..50 {
        let response = http
            .post(format!("{}/login", ctx.base))
            .header("cookie", format!("seedpost_form={form}"))
            .form(&[
                ("username", name),
                ("password", "load test password"),
                ("csrf", form.as_str()),
            ])
            .send()
            .await;
        let session = response.ok().and_then(|r| {
            r.headers()
                .get_all("set-cookie")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .find_map(|v| v.strip_prefix("seedpost_session="))
                .and_then(|v| v.split(';').next())
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
        });
        match session {
            Some(session) => return session,
            None => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
    panic!("log-in of {name} failed");
}

/// Signs up `count` idle players, two at a time (each sign-up hashes a password):
/// their names and tokens.
async fn idle_players(ctx: &Arc<Ctx>, run: u32, count: usize) -> (Vec<String>, Vec<String>) {
    let names: Vec<String> = (0..count).map(|k| format!("l{run:x}i{k}")).collect();
    let mut tokens = Vec::with_capacity(count);
    for pair in names.chunks(2) {
        let signing: Vec<_> = pair
            .iter()
            .map(|name| {
                let ctx = ctx.clone();
                let name = name.clone();
                tokio::spawn(async move { sign_up(&ctx, &name).await })
            })
            .collect();
        for task in signing {
            tokens.push(task.await.expect("a sign-up task"));
        }
    }
    (names, tokens)
}

/// How a held stream is opened: its URL and the header that goes with it.
struct StreamRequest {
    url: String,
    header: (&'static str, String),
}

/// Opens a stream, waiting out the stream rate limit; `None` when it does not open.
async fn open_stream(http: Client, request: StreamRequest) -> Option<reqwest::Response> {
    let (name, value) = request.header;
    for _ in 0..20 {
        match http.get(&request.url).header(name, &value).send().await {
            Ok(r) if r.status().is_success() => return Some(r),
            Ok(r) if r.status().as_u16() == 429 => {
                let wait = r
                    .headers()
                    .get("retry-after")
                    .and_then(|v| v.to_str().ok()?.parse().ok())
                    .unwrap_or(1);
                tokio::time::sleep(Duration::from_secs(wait)).await;
            }
            _ => return None,
        }
    }
    None
}

/// Reads an open stream until `deadline`; returns the lines received (keep-alives
/// included).
async fn hold_stream(response: reqwest::Response, deadline: Instant) -> u64 {
    let mut body = response.bytes_stream();
    let mut lines = 0;
    while let Ok(Some(Ok(chunk))) = tokio::time::timeout_at(deadline.into(), body.next()).await {
        lines += chunk.iter().filter(|b| **b == b'\n').count() as u64;
    }
    lines
}

/// The resident memory of process `pid` in KiB, from the `field` (`VmRSS`, `VmHWM`)
/// of `/proc/<pid>/status`.
fn memory(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank] as f64 / 1000.0
}

/// `p50: … ms  p99: … ms  max: … ms` of `micros` (sorted here).
fn latencies(micros: &mut [u64]) -> String {
    micros.sort_unstable();
    format!(
        "p50: {:.1} ms  p99: {:.1} ms  max: {:.1} ms",
        percentile(micros, 50.0),
        percentile(micros, 99.0),
        percentile(micros, 100.0),
    )
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let http = Client::builder()
        .pool_max_idle_per_host(args.clients * 2)
        .timeout(Duration::from_secs(args.timeout))
        .build()
        .expect("an HTTP client");
    let ctx = Arc::new(Ctx {
        http,
        base: args.url.trim_end_matches('/').to_owned(),
        variant: args.variant.clone(),
    });
    if let Some(path) = &args.verify {
        return verify(&ctx, path).await;
    }
    load(&args, ctx).await;
    ExitCode::SUCCESS
}

async fn load(args: &Args, ctx: Arc<Ctx>) {
    // Sign-ups hash passwords: one at a time, so that none is refused for a full queue.
    let run = rand::rng().random::<u32>();
    let mut accounts = Vec::new();
    for c in 0..args.clients {
        let names = [format!("l{run:x}s{c}"), format!("l{run:x}n{c}")];
        let tokens = [
            sign_up(&ctx, &names[0]).await,
            sign_up(&ctx, &names[1]).await,
        ];
        accounts.push((names, tokens));
    }
    let setup_moves = if args.scenario == Scenario::Moves {
        0
    } else {
        args.setup_moves
    };
    let mut setups = Vec::new();
    for (names, tokens) in accounts {
        let ctx = ctx.clone();
        let games = args.games_per_client;
        setups.push(tokio::spawn(async move {
            let mut record = Record::new();
            let mut pair = Pair {
                names,
                tokens,
                tables: Vec::new(),
            };
            while pair.tables.len() < games {
                match new_game(&ctx, &mut record, &pair.names, &pair.tokens).await {
                    Some(table) => pair.tables.push(table),
                    None => panic!("a new game failed: {:?}", record.errors),
                }
            }
            for t in 0..games * setup_moves {
                play(&ctx, &mut record, &mut pair, t % games).await;
            }
            (pair, record)
        }));
    }
    let mut pairs = Vec::new();
    for setup in setups {
        pairs.push(setup.await.expect("a set-up task"));
    }
    let games: Arc<Vec<String>> = Arc::new(
        pairs
            .iter()
            .flat_map(|(p, _)| p.tables.iter().map(|t| t.id.clone()))
            .collect(),
    );

    // The streams get connections of their own, without the request timeout.
    let mut opened = Vec::new();
    if args.scenario == Scenario::Mix && args.streams > 0 {
        let http = Client::builder()
            .connect_timeout(Duration::from_secs(args.timeout))
            .build()
            .expect("an HTTP client");
        let (names, tokens) = if args.idle_players > 0 {
            idle_players(&ctx, run, args.idle_players).await
        } else {
            pairs
                .iter()
                .flat_map(|(p, _)| p.names.iter().cloned().zip(p.tokens.iter().cloned()))
                .unzip()
        };
        let mut sessions = Vec::new();
        if !args.event_streams_only {
            let login = Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()
                .expect("an HTTP client");
            for name in &names {
                sessions.push(log_in(&ctx, &login, name).await);
            }
        }
        let kinds = if args.event_streams_only { 1 } else { 3 };
        let mut opening = tokio::task::JoinSet::new();
        for s in 0..args.streams {
            let i = s / kinds;
            let request = match s % kinds {
                0 => StreamRequest {
                    url: ctx.api("/stream/events"),
                    header: (
                        "authorization",
                        format!("Bearer {}", tokens[i % tokens.len()]),
                    ),
                },
                1 => StreamRequest {
                    url: format!("{}/live", ctx.base),
                    header: (
                        "cookie",
                        format!("seedpost_session={}", sessions[i % sessions.len()]),
                    ),
                },
                _ => StreamRequest {
                    url: ctx.api(&format!("/games/{}/stream", games[i % games.len()])),
                    header: ("accept", "text/event-stream".to_owned()),
                },
            };
            opening.spawn(open_stream(http.clone(), request));
        }
        opened = opening.join_all().await.into_iter().flatten().collect();
    }
    eprintln!(
        "set up {} clients with {} games each and {} of {} streams; measuring {} s",
        args.clients,
        args.games_per_client,
        opened.len(),
        args.streams,
        args.seconds
    );

    let started = Instant::now();
    let deadline = started + Duration::from_secs(args.seconds);
    let streams: Vec<_> = opened
        .into_iter()
        .map(|response| tokio::spawn(hold_stream(response, deadline)))
        .collect();
    let sampler = args.server_pid.map(|pid| {
        tokio::spawn(async move {
            let mut peak = 0;
            while Instant::now() < deadline {
                peak = peak.max(memory(pid, "VmRSS:").unwrap_or(0));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            peak
        })
    });
    let mut clients = Vec::new();
    for (pair, mut record) in pairs {
        record.begin(started);
        clients.push(tokio::spawn(drive(
            ctx.clone(),
            args.scenario,
            pair,
            record,
            games.clone(),
            deadline,
        )));
    }
    let mut records = Vec::new();
    for client in clients {
        records.push(client.await.expect("a client task"));
    }
    let elapsed = started.elapsed().as_secs_f64().max(args.seconds as f64);
    let mut stream_lines = 0;
    let held = streams.len();
    for stream in streams {
        stream_lines += stream.await.expect("a stream task");
    }
    let peak = match sampler {
        Some(sampler) => Some(sampler.await.expect("the memory sampler")),
        None => None,
    };

    if let Some(path) = &args.accepted {
        let file = std::fs::File::create(path).expect("the --accepted file opens");
        let mut out = std::io::BufWriter::new(file);
        for line in records.iter().flat_map(|r| &r.accepted) {
            writeln!(out, "{line}").expect("the --accepted file is written");
        }
        out.flush().expect("the --accepted file is written");
    }
    report(args, &records, elapsed);
    if held > 0 {
        println!("streams: {held} held open, {stream_lines} lines received");
    }
    if let (Some(pid), Some(peak)) = (args.server_pid, peak) {
        let hwm = memory(pid, "VmHWM:").unwrap_or(0);
        println!(
            "peak RSS: {} MiB (sampled every 100 ms while measuring; VmHWM since the server started: {} MiB)",
            peak / 1024,
            hwm / 1024
        );
    }
}

/// Prints the figures of a run.
fn report(args: &Args, records: &[Record], elapsed: f64) {
    let samples: Vec<&Sample> = records.iter().flat_map(|r| &r.samples).collect();
    let mut errors: BTreeMap<&str, u64> = BTreeMap::new();
    for (key, n) in records.iter().flat_map(|r| &r.errors) {
        *errors.entry(key).or_default() += n;
    }
    let failed: u64 = errors.values().sum();
    let mut all: Vec<u64> = samples.iter().map(|s| s.micros).collect();
    let ok = samples.iter().filter(|s| s.ok).count();
    if args.scenario == Scenario::Moves {
        let moves = samples
            .iter()
            .filter(|s| s.ok && s.kind == Kind::Move)
            .count();
        println!(
            "moves: {moves}  errors: {failed}  moves/s: {:.0}  {}  (clients {}, {})",
            moves as f64 / elapsed,
            latencies(&mut all),
            args.clients,
            args.variant,
        );
    } else {
        println!(
            "requests: {ok}  errors: {failed}  requests/s: {:.0}  {}  (clients {}, {}, {:?})",
            ok as f64 / elapsed,
            latencies(&mut all),
            args.clients,
            args.variant,
            args.scenario,
        );
    }
    let mut kinds: Vec<Kind> = samples.iter().map(|s| s.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    if kinds.len() > 1 {
        for kind in kinds {
            let mut of_kind: Vec<u64> = samples
                .iter()
                .filter(|s| s.kind == kind)
                .map(|s| s.micros)
                .collect();
            let ok = samples.iter().filter(|s| s.kind == kind && s.ok).count();
            println!(
                "  {}: {ok} ok, {:.0} a second, {}",
                kind.name(),
                ok as f64 / elapsed,
                latencies(&mut of_kind)
            );
        }
    }
    if errors.is_empty() {
        println!("errors by kind: none");
        return;
    }
    let listed: Vec<String> = errors.iter().map(|(k, n)| format!("{k}: {n}")).collect();
    println!("errors by kind: {}", listed.join(", "));
    outage(&samples, args.scenario);
}

/// The outage as the clients saw it. It starts at the first failure; the longest
/// stall after it — the longest time without an accepted move (in the `moves`
/// scenario; without any success otherwise) — ends it, and that end is the recovery.
/// A stall is used rather than the last failure because during a database restart
/// the requests first fail, then wait for a connection and succeed once the database
/// is back. Also: the slowest request overlapping the outage.
fn outage(samples: &[&Sample], scenario: Scenario) {
    let seconds = |micros: u64| micros as f64 / 1e6;
    let Some(first) = samples.iter().filter(|s| !s.ok).map(|s| s.end).min() else {
        return;
    };
    let last = samples
        .iter()
        .filter(|s| !s.ok)
        .map(|s| s.end)
        .max()
        .unwrap_or(first);
    let mut successes: Vec<u64> = samples
        .iter()
        .filter(|s| s.ok && (scenario != Scenario::Moves || s.kind == Kind::Move))
        .map(|s| s.end)
        .collect();
    successes.sort_unstable();
    // The stall: consecutive successes (or the first failure and the next success)
    // furthest apart, among those ending after the first failure.
    let starts = std::iter::once(first).chain(successes.iter().copied());
    let stall = starts
        .filter_map(|from| {
            let to = *successes.iter().find(|&&t| t > from)?;
            (to > first).then_some((from, to))
        })
        .max_by_key(|(from, to)| to - from);
    let after = successes.iter().filter(|&&t| t > last).count();
    println!(
        "outage: first failure at {:.2} s, last failure at {:.2} s; successes after the last failure: {after}",
        seconds(first),
        seconds(last),
    );
    let Some((from, to)) = stall.filter(|_| after > 0) else {
        println!("outage: not recovered");
        return;
    };
    let slowest = samples
        .iter()
        .filter(|s| s.end >= first && s.end - s.micros.min(s.end) <= to)
        .map(|s| s.micros)
        .max()
        .unwrap_or(0);
    println!(
        "outage: longest stall from {:.2} s to {:.2} s ({:.2} s); recovery: {:.2} s after the first failure; max latency during the outage: {:.1} ms",
        seconds(from),
        seconds(to),
        seconds(to - from),
        seconds(to.saturating_sub(first)),
        slowest as f64 / 1000.0,
    );
}

/// `--verify`: reads back every game of an `--accepted` file and checks its moves.
async fn verify(ctx: &Ctx, path: &std::path::Path) -> ExitCode {
    let file = std::fs::File::open(path).expect("the file to verify opens");
    let mut games: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for line in std::io::BufReader::new(file).lines() {
        let line = line.expect("the file to verify reads");
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(&line).expect("a JSON line");
        let id = value["game"].as_str().expect("a game id").to_owned();
        let moves = games.entry(id).or_default();
        if value.get("ply").is_some() {
            moves.push(value);
        }
    }
    let mut problems = Vec::new();
    let (mut accepted, mut stored, mut unseen) = (0, 0, 0);
    for (id, moves) in &games {
        let mut record = Record::new();
        let mut game = None;
        for _ in 0..40 {
            let request = ctx.http.get(ctx.api(&format!("/games/{id}")));
            if let Answer::Status(200, body) = record.send(Kind::Game, request, 200, true).await {
                game = Some(json_of(&body));
                break;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        let Some(game) = game else {
            problems.push(format!("game {id}: cannot be read: {:?}", record.errors));
            continue;
        };
        let plies = game["moves"].as_array().cloned().unwrap_or_default();
        let numbers: Vec<u64> = plies
            .iter()
            .map(|m| m["ply"].as_u64().unwrap_or(0))
            .collect();
        let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
        if numbers != expected || game["ply"].as_u64() != Some(numbers.len() as u64) {
            problems.push(format!(
                "game {id}: plies {numbers:?} do not run 1, 2, 3… to its ply {}",
                game["ply"]
            ));
        }
        let mut seen: HashMap<u64, usize> = HashMap::new();
        for m in moves {
            accepted += 1;
            let ply = m["ply"].as_u64().unwrap_or(0);
            *seen.entry(ply).or_default() += 1;
            let at: Vec<&Value> = plies
                .iter()
                .filter(|p| p["ply"].as_u64() == Some(ply))
                .collect();
            match at.as_slice() {
                [one] if one["side"] == m["side"] && one["pit"] == m["pit"] => {}
                [] => problems.push(format!("game {id}: accepted move {m} is missing")),
                [one] => problems.push(format!("game {id}: accepted move {m} is stored as {one}")),
                _ => problems.push(format!("game {id}: ply {ply} is stored {} times", at.len())),
            }
        }
        for (ply, n) in seen {
            if n > 1 {
                problems.push(format!(
                    "game {id}: {n} moves were answered 201 for ply {ply}"
                ));
            }
        }
        let sown = plies.iter().filter(|p| p.get("pit").is_some()).count();
        stored += sown;
        unseen += sown.saturating_sub(moves.len());
    }
    println!(
        "verify: {} games, {accepted} accepted moves, {stored} moves stored ({unseen} without a 201 seen: answers lost to the fault)",
        games.len()
    );
    if problems.is_empty() {
        println!(
            "verify: every accepted move is stored exactly once at its ply; every game's plies run 1, 2, 3… without gap or repeat"
        );
        ExitCode::SUCCESS
    } else {
        for problem in &problems {
            println!("verify: FAILED: {problem}");
        }
        ExitCode::FAILURE
    }
}
