//! The reference bot: accepts challenges in the variants it plays and plays every game
//! where it is its turn, from one event stream that it resumes with `since` after a
//! disconnect.
//!
//! ```text
//! cargo run --example bot -- --url http://127.0.0.1:8080 --token <TOKEN> \
//!     --variants mangala,tihbat --strategy greedy
//! ```
//!
//! `random` plays any legal pit; `greedy` the pit that leaves the largest lead in
//! stores (the bot's store minus the opponent's) after one ply, by the engine.
//!
//! The tests include this file as a module and call [`run`]; `--max-games N` makes it
//! stop after N finished games.

#![forbid(unsafe_code)]

use std::collections::HashSet;
use std::time::Duration;

use futures_util::StreamExt;
use rand::seq::IndexedRandom;
use seedpost_rules::{Pit, Ply, Side, Variant};
use serde_json::{Value, json};

/// How the bot picks a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// Any legal pit.
    Random,
    /// The pit that maximises own store minus the opponent's after one ply.
    Greedy,
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(s: &str) -> Result<Strategy, String> {
        match s {
            "random" => Ok(Strategy::Random),
            "greedy" => Ok(Strategy::Greedy),
            other => Err(format!("unknown strategy {other:?}: random or greedy")),
        }
    }
}

/// What the bot needs.
#[derive(Debug, Clone)]
pub struct Config {
    /// The server, as `http://host:port`.
    pub url: String,
    /// An API token of the bot's account.
    pub token: String,
    /// The variants it accepts challenges for.
    pub variants: Vec<Variant>,
    /// How it picks moves.
    pub strategy: Strategy,
    /// Stop after this many finished games (`None`: run forever).
    pub max_games: Option<usize>,
}

/// What the bot did, when it stops.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    /// The games it saw finish, by id.
    pub finished: Vec<String>,
    /// Moves it played.
    pub moves: usize,
    /// Times it (re)connected its stream.
    pub connections: usize,
}

/// Why the bot stopped early.
#[derive(Debug)]
pub enum BotError {
    /// The token was refused.
    Unauthorized,
    /// Anything else that cannot be retried.
    Fatal(String),
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Unauthorized => f.write_str("the token was refused"),
            BotError::Fatal(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for BotError {}

struct Bot {
    config: Config,
    client: reqwest::Client,
    username: String,
    since: Option<u64>,
    finished: HashSet<String>,
    summary: Summary,
}

/// Runs the bot until it has seen `max_games` games finish (forever without).
///
/// # Errors
/// When the token is refused or the server is not a seedpost server.
pub async fn run(config: Config) -> Result<Summary, BotError> {
    let client = reqwest::Client::new();
    let me = client
        .get(format!("{}/api/v1/me", config.url))
        .bearer_auth(&config.token)
        .send()
        .await
        .map_err(|e| BotError::Fatal(format!("cannot reach {}: {e}", config.url)))?;
    if me.status() == reqwest::StatusCode::UNAUTHORIZED {
        return Err(BotError::Unauthorized);
    }
    let me: Value = me
        .json()
        .await
        .map_err(|e| BotError::Fatal(format!("GET /me: {e}")))?;
    let username = me["username"]
        .as_str()
        .ok_or_else(|| BotError::Fatal(format!("GET /me answered {me}")))?
        .to_owned();
    tracing::info!(%username, variants = ?config.variants, strategy = ?config.strategy, "bot starting");
    let mut bot = Bot {
        config,
        client,
        username,
        since: None,
        finished: HashSet::new(),
        summary: Summary::default(),
    };
    let mut backoff = Duration::from_millis(250);
    loop {
        match bot.follow_stream().await {
            Ok(true) => return Ok(bot.summary),
            Ok(false) => backoff = Duration::from_millis(250),
            Err(BotError::Unauthorized) => return Err(BotError::Unauthorized),
            Err(e) => {
                tracing::warn!(error = %e, "stream failed");
                backoff = (backoff * 2).min(Duration::from_secs(30));
            }
        }
        tracing::info!(since = ?bot.since, wait_ms = backoff.as_millis(), "reconnecting");
        tokio::time::sleep(backoff).await;
    }
}

impl Bot {
    /// Follows one connection of the event stream; `Ok(true)` when done.
    async fn follow_stream(&mut self) -> Result<bool, BotError> {
        let mut url = format!("{}/api/v1/stream/events", self.config.url);
        if let Some(since) = self.since {
            url.push_str(&format!("?since={since}"));
        }
        let response = self
            .client
            .get(&url)
            .bearer_auth(&self.config.token)
            .send()
            .await
            .map_err(|e| BotError::Fatal(e.to_string()))?;
        match response.status() {
            reqwest::StatusCode::UNAUTHORIZED => return Err(BotError::Unauthorized),
            s if !s.is_success() => return Err(BotError::Fatal(format!("stream answered {s}"))),
            _ => {}
        }
        self.summary.connections += 1;
        tracing::info!(since = ?self.since, "stream connected");
        let mut body = response.bytes_stream();
        let mut buffer: Vec<u8> = Vec::new();
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(|e| BotError::Fatal(format!("stream: {e}")))?;
            buffer.extend_from_slice(&chunk);
            while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                let line = String::from_utf8_lossy(&line);
                let line = line.trim();
                if line.is_empty() {
                    continue; // keep-alive
                }
                match serde_json::from_str::<Value>(line) {
                    Ok(event) => {
                        if self.handle(&event).await? {
                            return Ok(true);
                        }
                    }
                    Err(e) => tracing::warn!(error = %e, line, "not JSON"),
                }
            }
        }
        tracing::info!("stream ended");
        Ok(false)
    }

    /// Handles one line; `Ok(true)` when the bot is done.
    async fn handle(&mut self, event: &Value) -> Result<bool, BotError> {
        let kind = event["type"].as_str().unwrap_or_default();
        match kind {
            "challenge" => self.answer_challenge(&event["challenge"]).await,
            "your_turn" => self.play(&event["game"]).await,
            "game_start" => {
                let game = &event["game"];
                tracing::info!(game = %game["id"], variant = %game["variant"], players = %game["players"], "game started");
            }
            "game_finish" => {
                let game = &event["game"];
                let id = game["id"].as_str().unwrap_or_default().to_owned();
                if self.finished.insert(id.clone()) {
                    tracing::info!(game = %id, result = %game["result"], "game finished");
                    self.summary.finished.push(id);
                }
            }
            "move" | "challenge_canceled" | "challenge_declined" => {
                tracing::debug!(kind, "event");
            }
            other => tracing::debug!(kind = other, "unknown event"),
        }
        // Remember the seq only once the event is handled: a reconnect replays it.
        if let Some(seq) = event["seq"].as_u64() {
            self.since = Some(seq);
        }
        Ok(self
            .config
            .max_games
            .is_some_and(|max| self.finished.len() >= max))
    }

    async fn answer_challenge(&mut self, challenge: &Value) {
        let id = challenge["id"].as_str().unwrap_or_default();
        if challenge["status"] != "open" || challenge["opponent"] != self.username.as_str() {
            return;
        }
        let variant = challenge["variant"]
            .as_str()
            .and_then(|v| v.parse::<Variant>().ok());
        let answer = if variant.is_some_and(|v| self.config.variants.contains(&v)) {
            "accept"
        } else {
            "decline"
        };
        let status = self
            .post(&format!("/challenges/{id}/{answer}"), json!({}))
            .await;
        tracing::info!(challenge = id, variant = %challenge["variant"], from = %challenge["challenger"], answer, ?status, "challenge");
    }

    async fn play(&mut self, game: &Value) {
        if game["status"] != "ongoing" {
            return;
        }
        let id = game["id"].as_str().unwrap_or_default();
        let Some(pit) = choose(game, self.config.strategy) else {
            tracing::warn!(game = id, "no legal move");
            return;
        };
        let ply = &game["ply"];
        match self
            .post(
                &format!("/games/{id}/moves"),
                json!({"ply": ply, "pit": pit}),
            )
            .await
        {
            Some(201) => {
                self.summary.moves += 1;
                tracing::info!(game = id, %ply, pit, "played");
            }
            // A retry of a move already played, or a turn seen twice (snapshot and
            // event): the game moved on, and the next your_turn says so.
            status => tracing::debug!(game = id, %ply, pit, ?status, "move not played"),
        }
    }

    async fn post(&self, path: &str, body: Value) -> Option<u16> {
        let response = self
            .client
            .post(format!("{}/api/v1{path}", self.config.url))
            .bearer_auth(&self.config.token)
            .json(&body)
            .send()
            .await;
        match response {
            Ok(r) => Some(r.status().as_u16()),
            Err(e) => {
                tracing::warn!(path, error = %e, "request failed");
                None
            }
        }
    }
}

/// The pit to play in `game` (the full game JSON), by `strategy`.
pub fn choose(game: &Value, strategy: Strategy) -> Option<u8> {
    let legal: Vec<u8> = game["legal_moves"]
        .as_array()?
        .iter()
        .filter_map(|p| p.as_u64().and_then(|p| u8::try_from(p).ok()))
        .collect();
    match strategy {
        Strategy::Random => legal.choose(&mut rand::rng()).copied(),
        Strategy::Greedy => greedy(game, &legal).or_else(|| legal.first().copied()),
    }
}

/// The legal pit leaving the best store difference for the side to move, replaying
/// the game's moves through the engine.
fn greedy(game: &Value, legal: &[u8]) -> Option<u8> {
    let variant: Variant = game["variant"].as_str()?.parse().ok()?;
    let first: Side = game["first"].as_str()?.parse().ok()?;
    let me: Side = game["to_move"].as_str()?.parse().ok()?;
    let plies = game["moves"]
        .as_array()?
        .iter()
        .map(|m| {
            let side: Side = m["side"].as_str()?.parse().ok()?;
            Some(match m["pit"].as_u64() {
                Some(pit) => Ply::Sow {
                    side,
                    pit: Pit::new(u8::try_from(pit).ok()?)?,
                },
                None => Ply::Pass { side },
            })
        })
        .collect::<Option<Vec<Ply>>>()?;
    let now = seedpost_rules::Game::replay(variant, first, &plies).ok()?;
    legal
        .iter()
        .copied()
        .filter_map(|pit| {
            let mut next = now.clone();
            next.play(Pit::new(pit)?).ok()?;
            let stores = match next.outcome() {
                Some(outcome) => outcome.score,
                None => next.position().stores(),
            };
            let lead = i32::from(*stores.get(me)) - i32::from(*stores.get(me.opposite()));
            Some((lead, pit))
        })
        .max_by_key(|&(lead, pit)| (lead, std::cmp::Reverse(pit)))
        .map(|(_, pit)| pit)
}

/// The command line.
#[derive(Debug, clap::Parser)]
#[command(about = "The seedpost reference bot")]
struct Args {
    /// The server.
    #[arg(long, env = "SEEDPOST_URL", default_value = "http://127.0.0.1:8080")]
    url: String,
    /// An API token of the bot's account.
    #[arg(long, env = "SEEDPOST_TOKEN")]
    token: String,
    /// The variants to accept challenges for, comma-separated.
    #[arg(long, value_delimiter = ',', default_value = "mangala,modiar,tihbat")]
    variants: Vec<String>,
    /// `random` or `greedy`.
    #[arg(long, default_value = "greedy")]
    strategy: Strategy,
    /// Stop after this many finished games.
    #[arg(long)]
    max_games: Option<usize>,
}

#[allow(dead_code)] // a module of the tests, which call `run`
#[tokio::main]
async fn main() -> std::process::ExitCode {
    use clap::Parser;
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let args = Args::parse();
    let mut variants = Vec::new();
    for name in &args.variants {
        match name.trim().parse::<Variant>() {
            Ok(v) => variants.push(v),
            Err(e) => {
                eprintln!("error: --variants: {name}: {e}");
                return std::process::ExitCode::from(2);
            }
        }
    }
    let config = Config {
        url: args.url.trim_end_matches('/').to_owned(),
        token: args.token,
        variants,
        strategy: args.strategy,
        max_games: args.max_games,
    };
    match run(config).await {
        Ok(summary) => {
            tracing::info!(
                games = summary.finished.len(),
                moves = summary.moves,
                "done"
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
