//! Command-line flags and environment variables, with zero-config defaults.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand, ValueEnum};
use seedpost_rules::{Side, Variant};

/// A self-hostable correspondence server for Mangala, Modiar and Tihbat.
#[derive(Debug, Parser)]
#[command(version, about)]
pub struct Cli {
    /// What to do; `serve` when omitted.
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Server settings (for `serve`, the default).
    #[command(flatten)]
    pub serve: ServeArgs,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs the server (the default).
    Serve(ServeArgs),
    /// Applies the database migrations and exits.
    Migrate(DatabaseArgs),
    /// Plays pit numbers through the rules engine and prints every ply as a JSON line.
    Replay(ReplayArgs),
}

/// Where the data lives.
#[derive(Debug, Clone, Args)]
pub struct DatabaseArgs {
    /// The database: a `postgres://` URL selects Postgres; otherwise an SQLite file
    /// (a path or `sqlite:` URL), created on first start.
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://seedpost.db",
        global = true
    )]
    pub database_url: String,

    /// Database connections in the pool.
    #[arg(long, env = "SEEDPOST_POOL_SIZE", default_value_t = 16, global = true)]
    pub pool_size: u32,
}

/// How the server runs.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// The address and port to listen on.
    #[arg(
        long,
        env = "SEEDPOST_BIND",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: SocketAddr,

    /// Log format: `text` for people, `json` for log collectors.
    #[arg(long, env = "SEEDPOST_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text, global = true)]
    pub log_format: LogFormat,

    /// Seconds between two sweeps for games whose deadline has passed.
    #[arg(long, env = "SEEDPOST_SWEEP_SECONDS", default_value_t = 60, global = true,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub sweep_seconds: u64,

    /// Mark session cookies Secure (set when served over HTTPS).
    #[arg(
        long,
        env = "SEEDPOST_SECURE_COOKIES",
        default_value_t = false,
        global = true
    )]
    pub secure_cookies: bool,
}

/// Log output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// `seedpost replay` arguments (a stable contract: see the README).
#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The game: mangala, modiar or tihbat.
    #[arg(long)]
    pub variant: Variant,
    /// Who moves first: south or north.
    #[arg(long)]
    pub first: Side,
    /// The moves, as pit numbers 1..n from the mover's own left. Tihbat's automatic
    /// passes are inserted, not given.
    #[arg(allow_hyphen_values = true)]
    pub pits: Vec<String>,
}
