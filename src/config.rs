//! Command-line flags and environment variables, with zero-config defaults.

use std::net::SocketAddr;

use clap::{Args, Parser, Subcommand, ValueEnum};
use seedpost_rules::{Side, Variant};

use crate::accounts::service::floods::FloodLimits;
use crate::http::ratelimit::{Rate, RateLimits};

/// A self-hostable correspondence server for Mangala, Modiar, Tihbat, Kalah, Oware and
/// Togyz kumalak.
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
// Parsed once at start-up: boxing `serve`'s flags would save nothing that matters.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Runs the server (the default).
    Serve(ServeArgs),
    /// Applies the database migrations and exits.
    Migrate(DatabaseArgs),
    /// Plays pit numbers through the rules engine and prints every ply as a JSON line.
    Replay(ReplayArgs),
    /// Solves Tihbat or Modiar (every position's value under perfect play) into a file,
    /// reused while it is current (RULES.md, "Solved values").
    Solve(SolveArgs),
    /// Writes all data (accounts with their event counters, tokens, challenges, games
    /// with their moves, ratings, vacations, events, webhooks with their deliveries,
    /// sessions, calendar feeds, digest settings) to standard output as JSON lines;
    /// read from the read replica (`--read-database-url`) when one is given.
    Export(DatabaseArgs),
    /// Reads what `export` wrote from standard input into an empty database, checking
    /// every game by replaying it.
    Import(DatabaseArgs),
    /// The operator's account tools, on the configured database: reset a password,
    /// close or reopen an account, list recent sign-ups, rename an account.
    Admin(AdminArgs),
    /// Asks a running server's `/healthz`; exits 0 when it answers 200, 1 otherwise
    /// (the Docker health check).
    Healthcheck(HealthcheckArgs),
}

/// `seedpost admin` arguments.
#[derive(Debug, Clone, Args)]
pub struct AdminArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// What to do.
    #[command(subcommand)]
    pub command: AdminCommand,
}

/// The operator's account tools.
#[derive(Debug, Clone, Subcommand)]
pub enum AdminCommand {
    /// Sets a new password: a random one, printed, or with `--stdin` the first line of
    /// standard input. Every browser session of the account ends; its tokens stay.
    ResetPassword {
        /// The account's name.
        name: String,
        /// Reads the new password from standard input instead of making one.
        #[arg(long)]
        stdin: bool,
    },
    /// Closes an account: its sessions and tokens end, its open challenges are
    /// canceled or declined, its ongoing games aborted (before both sides have moved)
    /// or resigned; it cannot log in until reopened, and its page says it is closed.
    Close {
        /// The account's name.
        name: String,
    },
    /// Reopens a closed account: it can log in again (its old tokens stay revoked).
    Reopen {
        /// The account's name.
        name: String,
    },
    /// Lists the accounts made recently, newest first, with the address each signed
    /// up from (tab-separated: time, name, address, state).
    SignUps {
        /// From when: an RFC 3339 time, or a span back from now such as `24h` or
        /// `7d`.
        #[arg(long, default_value = "7d")]
        since: String,
        /// At most this many (up to 500).
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// Renames an account (its games show the new name).
    Rename {
        /// The account's name now.
        old: String,
        /// Its new name.
        new: String,
    },
    /// Lists the reported chat lines, latest report first (tab-separated: time
    /// reported, reporter, game, line id, writer, text as written with its tabs and
    /// line breaks escaped).
    Reports {
        /// At most this many (up to 500).
        #[arg(long, default_value_t = 100)]
        limit: u32,
    },
    /// Stops an account's chat for a number of days from now (0 lifts the mute).
    Mute {
        /// The account's name.
        name: String,
        /// For how many days.
        #[arg(long)]
        days: i64,
    },
}

/// `seedpost healthcheck` arguments.
#[derive(Debug, Clone, Args)]
pub struct HealthcheckArgs {
    /// The URL to ask.
    #[arg(long, default_value = "http://127.0.0.1:8080/healthz")]
    pub url: String,
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

    /// Database connections in the pool [default: 16 on Postgres, 4 on SQLite].
    #[arg(long = "pool-size", env = "SEEDPOST_POOL_SIZE", global = true)]
    pub pool_size: Option<u32>,
}

impl DatabaseArgs {
    /// The pool size asked for, or the database's default: 16 connections to
    /// Postgres; 4 to SQLite, which runs in process with one writer at a time, and
    /// whose writers beyond the first wait for the lock in sleeps that grow to 100 ms
    /// (SQLite, the load tool's `moves`, 64 clients, side by side: 16 connections
    /// 998 moves/s with p99 335 ms and max 1,894 ms; 4: 1,019/s, 134 and 875 ms; and
    /// 15,008 against 17,068 reads/s).
    #[must_use]
    pub fn pool_size(&self) -> u32 {
        self.pool_size
            .unwrap_or(if crate::store::is_postgres(&self.database_url) {
                16
            } else {
                4
            })
    }
}

/// How the server runs.
#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// The database.
    #[command(flatten)]
    pub database: DatabaseArgs,

    /// A streaming read replica of the Postgres database (`postgres://`): reads that
    /// may be a moment old (spectators' pages, lists, standings, players' pages,
    /// tournaments) go to it while it is within `--replica-max-lag` of the primary;
    /// every write and every read that decides one go to the primary. Postgres only.
    #[arg(long, env = "SEEDPOST_READ_DATABASE_URL", global = true)]
    pub read_database_url: Option<String>,

    /// Seconds the read replica may lag behind the primary before reads go to the
    /// primary instead.
    #[arg(long, env = "SEEDPOST_REPLICA_MAX_LAG", default_value_t = 5.0, global = true,
          value_parser = parse_max_lag)]
    pub replica_max_lag: f64,

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

    /// Days of vacation each account may take a calendar year (UTC); while on
    /// vacation the clocks of all its games stand still. 0 turns vacations off.
    #[arg(long, env = "SEEDPOST_VACATION_DAYS", default_value_t = 20, global = true,
          value_parser = clap::value_parser!(u32).range(0..=366))]
    pub vacation_days: u32,

    /// Runs the house bots (`house-random`, `house-greedy`, `house-search`,
    /// `house-perfect`): created at start-up, they accept challenges addressed to
    /// them and play. `false` turns them off.
    #[arg(
        long,
        env = "SEEDPOST_HOUSE_BOTS",
        default_value_t = true,
        action = clap::ArgAction::Set,
        global = true
    )]
    pub house_bots: bool,

    /// Let the two players of a game chat (`--chat false` turns the chat off for the
    /// whole server; each player can also turn it off in its play settings).
    #[arg(
        long,
        env = "SEEDPOST_CHAT",
        default_value_t = true,
        action = clap::ArgAction::Set,
        global = true
    )]
    pub chat: bool,

    /// The most chat lines one account writes in a minute, in all its games (1 to
    /// 600); past them a line is refused with 429 `rate_limited`.
    #[arg(
        long,
        env = "SEEDPOST_CHAT_LINES_PER_MINUTE",
        default_value_t = crate::chat::service::LINES_PER_WINDOW,
        value_parser = clap::value_parser!(u32).range(1..=600),
        global = true
    )]
    pub chat_lines_per_minute: u32,

    /// Let webhooks call private, loopback and link-local addresses (off by default,
    /// so that users cannot make the server POST into the operator's network).
    #[arg(
        long,
        env = "SEEDPOST_WEBHOOK_ALLOW_PRIVATE",
        default_value_t = false,
        global = true
    )]
    pub webhook_allow_private: bool,

    /// Web Push.
    #[command(flatten)]
    pub push: PushArgs,

    /// Mark session cookies Secure (set when served over HTTPS).
    #[arg(
        long,
        env = "SEEDPOST_SECURE_COOKIES",
        default_value_t = false,
        global = true
    )]
    pub secure_cookies: bool,

    /// Rate limits per account.
    #[command(flatten)]
    pub rate_limits: RateLimitArgs,

    /// Caps where floods are cheap.
    #[command(flatten)]
    pub floods: FloodArgs,

    /// The daily e-mail digest.
    #[command(flatten)]
    pub digest: DigestArgs,

    /// The address players reach the server at, such as `https://seedpost.example.org`,
    /// for absolute links. An `https://` address also marks cookies Secure.
    #[arg(long, env = "SEEDPOST_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Believe `X-Forwarded-For` and `X-Forwarded-Proto` (set this only behind a
    /// reverse proxy that sets them).
    #[arg(
        long = "trust-proxy-headers",
        env = "SEEDPOST_TRUST_PROXY",
        default_value_t = false,
        global = true
    )]
    pub trust_proxy_headers: bool,

    /// With `--trust-proxy-headers`: how many proxies in front of seedpost append the
    /// address they see to `X-Forwarded-For` (nginx's `$proxy_add_x_forwarded_for`).
    /// The client's address is that many entries from the right: the entries further
    /// left came from the client and are not believed.
    #[arg(
        long = "trusted-proxy-hops",
        env = "SEEDPOST_TRUSTED_PROXY_HOPS",
        default_value_t = 1,
        value_parser = clap::value_parser!(u8).range(1..=16),
        global = true
    )]
    pub trusted_proxy_hops: u8,

    /// The largest request body accepted, in bytes.
    #[arg(long, env = "SEEDPOST_BODY_LIMIT", default_value_t = 64 * 1024, global = true)]
    pub body_limit: usize,

    /// Seconds a request may take to its response head before a 503; 0 for no limit.
    /// Streams (event and game streams, live pages) are never cut.
    #[arg(
        long,
        env = "SEEDPOST_REQUEST_TIMEOUT",
        default_value_t = 30,
        global = true
    )]
    pub request_timeout: u64,

    /// Seconds a client has to send a whole request head, which is also how long an
    /// idle connection stays open (SECURITY.md, "Connections"). Streams are not cut.
    #[arg(long, env = "SEEDPOST_HEADER_TIMEOUT", default_value_t = 10, global = true,
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub header_timeout: u64,

    /// Connections open at once, in all; past it new ones get a 503 and are closed.
    /// 0 (the default): the process's file-descriptor limit less 128 kept for the
    /// database, files and outgoing connections.
    #[arg(
        long,
        env = "SEEDPOST_MAX_CONNECTIONS",
        default_value_t = 0,
        global = true
    )]
    pub max_connections: usize,

    /// Connections open at once from one client address (not applied behind a
    /// trusted proxy, whose own address every connection has); 0 for no cap.
    #[arg(long, env = "SEEDPOST_MAX_CONNECTIONS_PER_ADDRESS",
          default_value_t = crate::http::conn::ConnectionLimits::PER_ADDRESS, global = true)]
    pub max_connections_per_address: usize,

    /// Streams open at once from one client address, API and page streams in one
    /// count (SECURITY.md, "Floods"); past it, 429. 0 for no cap.
    #[arg(long, env = "SEEDPOST_MAX_STREAMS_PER_ADDRESS",
          default_value_t = crate::http::ratelimit::StreamSlots::DEFAULT_PER_ADDRESS, global = true)]
    pub max_streams_per_address: usize,
}

/// A `--replica-max-lag`: seconds, from 0.1 to a day.
fn parse_max_lag(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.1..=86_400.0).contains(&seconds) => Ok(seconds),
        _ => Err("seconds from 0.1 to 86400".to_owned()),
    }
}

/// A configuration that cannot run, with a stable code (printed as
/// `error[code]: …`, and named in docs/operations.md).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A read replica of an SQLite database: only Postgres has replicas.
    #[error(
        "error[read_replica_needs_postgres]: --read-database-url (SEEDPOST_READ_DATABASE_URL) \
         needs a Postgres primary (a postgres:// --database-url) and a postgres:// URL of \
         its streaming replica"
    )]
    ReadReplicaNeedsPostgres,
}

impl ConfigError {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            ConfigError::ReadReplicaNeedsPostgres => "read_replica_needs_postgres",
        }
    }
}

impl ServeArgs {
    /// Checks what the flags cannot check one by one.
    ///
    /// # Errors
    /// [`ConfigError::ReadReplicaNeedsPostgres`] for a read replica beside an SQLite
    /// database, or one whose URL is not Postgres'.
    pub fn check(&self) -> Result<(), ConfigError> {
        if let Some(read) = self.read_database_url()
            && (!crate::store::is_postgres(&self.database.database_url)
                || !crate::store::is_postgres(read))
        {
            return Err(ConfigError::ReadReplicaNeedsPostgres);
        }
        Ok(())
    }

    /// The read replica's URL; an empty one (an unset variable passed on by a compose
    /// file) is none.
    #[must_use]
    pub fn read_database_url(&self) -> Option<&str> {
        self.read_database_url.as_deref().filter(|u| !u.is_empty())
    }

    /// The replica's lag bound.
    #[must_use]
    pub fn replica_max_lag(&self) -> std::time::Duration {
        std::time::Duration::from_secs_f64(self.replica_max_lag)
    }

    /// The limits on connections these flags set.
    #[must_use]
    pub fn connection_limits(&self) -> crate::http::conn::ConnectionLimits {
        let mut limits = crate::http::conn::ConnectionLimits::for_this_process(
            std::time::Duration::from_secs(self.header_timeout),
            self.max_connections_per_address,
        );
        if self.max_connections > 0 {
            limits.max_connections = self.max_connections;
        }
        limits
    }

    /// Why these settings look like production without `--public-url`, if they do:
    /// listening beyond this machine, behind a proxy, or sending mail. Then calendar
    /// feed URLs are built from each request's `Host` header, which a client chooses,
    /// and digest links point at the bind address; `serve` warns at start-up.
    #[must_use]
    pub fn public_url_missing(&self) -> Option<&'static str> {
        if self.public_url.is_some() {
            None
        } else if self.trust_proxy_headers {
            Some("behind a reverse proxy (--trust-proxy-headers)")
        } else if !self.bind.ip().is_loopback() {
            Some("listening beyond this machine")
        } else if self.digest.smtp_url.is_some() {
            Some("sending digest mails (--smtp-url)")
        } else {
            None
        }
    }
}

/// Caps where floods are cheap (SECURITY.md, "Floods").
#[derive(Debug, Clone, Args)]
pub struct FloodArgs {
    /// Sign-ups from one client address per hour; past it, 429. 0 for no cap.
    #[arg(long, env = "SEEDPOST_MAX_SIGN_UPS_PER_ADDRESS",
          default_value_t = FloodLimits::DEFAULT.sign_ups_per_address, global = true)]
    pub max_sign_ups_per_address: u32,
    /// API tokens one account holds; past it, 422 `too_many_tokens`.
    #[arg(long, env = "SEEDPOST_MAX_TOKENS_PER_ACCOUNT",
          default_value_t = FloodLimits::DEFAULT.tokens_per_account, global = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_tokens_per_account: u32,
    /// Open challenges one account has made; past it, 422 `too_many_challenges`.
    #[arg(long, env = "SEEDPOST_MAX_OPEN_CHALLENGES",
          default_value_t = FloodLimits::DEFAULT.open_challenges, global = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_open_challenges: u32,
    /// Open challenges one account has made naming one opponent; past it, 422
    /// `too_many_challenges`.
    #[arg(long, env = "SEEDPOST_MAX_OPEN_CHALLENGES_PER_OPPONENT",
          default_value_t = FloodLimits::DEFAULT.open_challenges_per_opponent, global = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_open_challenges_per_opponent: u32,
    /// Open tournaments (not yet started) one account has created; past it, 422
    /// `too_many_tournaments`.
    #[arg(long, env = "SEEDPOST_MAX_OPEN_TOURNAMENTS",
          default_value_t = FloodLimits::DEFAULT.open_tournaments, global = true,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub max_open_tournaments: u32,
}

impl FloodArgs {
    /// The caps these flags set.
    #[must_use]
    pub fn limits(&self) -> FloodLimits {
        FloodLimits {
            sign_ups_per_address: self.max_sign_ups_per_address,
            tokens_per_account: self.max_tokens_per_account,
            open_challenges: self.max_open_challenges,
            open_challenges_per_opponent: self.max_open_challenges_per_opponent,
            open_tournaments: self.max_open_tournaments,
        }
    }
}

/// Rate limits per API token (docs/api.md, "Rate limits"). A rate of 0 turns a limit off.
#[derive(Debug, Clone, Args)]
pub struct RateLimitArgs {
    /// Game actions (moves, resignations, aborts) per second, per token.
    #[arg(long, env = "SEEDPOST_RATE_MOVES", default_value_t = RateLimits::DEFAULT.moves.per_second, global = true)]
    pub rate_moves: u32,
    /// Game actions allowed at once after a quiet spell.
    #[arg(long, env = "SEEDPOST_RATE_MOVES_BURST", default_value_t = RateLimits::DEFAULT.moves.burst, global = true)]
    pub rate_moves_burst: u32,
    /// Challenges created per second, per token.
    #[arg(long, env = "SEEDPOST_RATE_CHALLENGES", default_value_t = RateLimits::DEFAULT.challenges.per_second, global = true)]
    pub rate_challenges: u32,
    /// Challenges created at once after a quiet spell.
    #[arg(long, env = "SEEDPOST_RATE_CHALLENGES_BURST", default_value_t = RateLimits::DEFAULT.challenges.burst, global = true)]
    pub rate_challenges_burst: u32,
    /// Stream connections opened per second, per token.
    #[arg(long, env = "SEEDPOST_RATE_STREAMS", default_value_t = RateLimits::DEFAULT.streams.per_second, global = true)]
    pub rate_streams: u32,
    /// Stream connections opened at once after a quiet spell.
    #[arg(long, env = "SEEDPOST_RATE_STREAMS_BURST", default_value_t = RateLimits::DEFAULT.streams.burst, global = true)]
    pub rate_streams_burst: u32,
}

impl RateLimitArgs {
    /// The limits these flags set.
    #[must_use]
    pub fn limits(&self) -> RateLimits {
        RateLimits {
            moves: Rate::new(self.rate_moves, self.rate_moves_burst),
            challenges: Rate::new(self.rate_challenges, self.rate_challenges_burst),
            streams: Rate::new(self.rate_streams, self.rate_streams_burst),
        }
    }
}

/// The daily e-mail digest of the games where it is a player's move
/// (docs/features.md, "Deadline reminders"), and the mails on a player's turn
/// (docs/notifications.md). Off unless `--smtp-url` is given.
#[derive(Clone, Args)]
pub struct DigestArgs {
    /// The SMTP server digests are sent through: `smtp://host:25` (plain),
    /// `smtp://user:password@host:587?tls=required` (STARTTLS) or
    /// `smtps://user:password@host:465` (TLS). No digests are sent without it.
    #[arg(
        long,
        env = "SEEDPOST_SMTP_URL",
        global = true,
        requires = "smtp_from",
        hide_env_values = true
    )]
    pub smtp_url: Option<String>,

    /// The sender of digests, such as `seedpost <seedpost@example.org>`.
    #[arg(long, env = "SEEDPOST_SMTP_FROM", global = true)]
    pub smtp_from: Option<String>,

    /// The hour of the day (UTC, 0 to 23) from which each day's digests go out.
    #[arg(long, env = "SEEDPOST_DIGEST_HOUR", default_value_t = crate::notifications::service::digest::DEFAULT_DIGEST_HOUR, global = true,
          value_parser = clap::value_parser!(u32).range(0..=23))]
    pub digest_hour: u32,

    /// The least time, in minutes (1 to 1440), between two mails on a player's turn:
    /// the turns that come meanwhile go together in the next mail.
    #[arg(long, env = "SEEDPOST_TURN_MAIL_MINUTES", default_value_t = crate::notifications::service::digest::DEFAULT_TURN_MAIL_MINUTES, global = true,
          value_parser = clap::value_parser!(u32).range(1..=1440))]
    pub turn_mail_minutes: u32,
}

impl std::fmt::Debug for DigestArgs {
    // The SMTP URL may hold a password: only whether it is set is shown.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DigestArgs")
            .field("smtp_url", &self.smtp_url.as_ref().map(|_| "<redacted>"))
            .field("smtp_from", &self.smtp_from)
            .field("digest_hour", &self.digest_hour)
            .field("turn_mail_minutes", &self.turn_mail_minutes)
            .finish()
    }
}

/// Log output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Human-readable lines.
    Text,
    /// One JSON object per line.
    Json,
}

/// `seedpost replay` arguments (a stable contract: see docs/api.md, "The replay command").
#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// The game: mangala, modiar, tihbat, kalah, oware or togyz.
    #[arg(long, value_parser = Variant::parse_offered)]
    pub variant: Variant,
    /// Who moves first: south or north.
    #[arg(long)]
    pub first: Side,
    /// The moves, as pit numbers 1..n from the mover's own left. Tihbat's automatic
    /// passes are inserted, not given.
    #[arg(allow_hyphen_values = true)]
    pub pits: Vec<String>,
}

/// `seedpost solve` arguments.
#[derive(Debug, Clone, Args)]
pub struct SolveArgs {
    /// The game: tihbat or modiar (solved whole), or mangala or kalah (endgame tables
    /// up to `--stones` on the board).
    #[arg(long, value_parser = ["tihbat", "modiar", "mangala", "kalah"])]
    pub variant: String,
    /// Mangala and Kalah only: the most stones on the board the endgame tables cover
    /// (RULES.md, "Mangala endgame tables" and "Kalah endgame tables and the solve",
    /// give the cost of each); 24 unless given.
    #[arg(long)]
    pub stones: Option<u8>,
    /// The table file; `seedpost-<variant>.solved` (`seedpost-mangala.endgame`,
    /// `seedpost-kalah.endgame`) when omitted.
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
}

/// Web Push (docs/notifications.md): the VAPID key signing the server's requests to
/// the browsers' push services, and the contact they are given.
#[derive(Clone, Args)]
pub struct PushArgs {
    /// The VAPID private key: base64url of a 32-byte P-256 scalar. Without it, one is
    /// made at the first start and kept in the database (so every instance signs with
    /// the same key, and subscriptions survive restarts).
    #[arg(long, env = "SEEDPOST_VAPID_PRIVATE_KEY", global = true)]
    pub vapid_private_key: Option<String>,

    /// The contact push services may write to about this server (the VAPID `sub`): a
    /// `mailto:` or `https:` URL. By default the public URL, else a placeholder.
    #[arg(long, env = "SEEDPOST_VAPID_SUBJECT", global = true)]
    pub vapid_subject: Option<String>,
}

impl std::fmt::Debug for PushArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PushArgs")
            .field(
                "vapid_private_key",
                &self.vapid_private_key.as_ref().map(|_| "<redacted>"),
            )
            .field("vapid_subject", &self.vapid_subject)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::Cli;

    fn missing(args: &[&str]) -> Option<&'static str> {
        let cli = Cli::try_parse_from(["seedpost"].iter().chain(args)).expect("good flags");
        cli.serve.public_url_missing()
    }

    #[test]
    fn a_read_replica_beside_sqlite_is_a_configuration_error_with_its_code() {
        let check = |args: &[&str]| {
            Cli::try_parse_from(["seedpost"].iter().chain(args))
                .expect("good flags")
                .serve
                .check()
        };
        let pg = "postgres://db/seedpost";
        let replica = "postgres://replica/seedpost";
        assert_eq!(check(&["--database-url", pg]), Ok(()));
        assert_eq!(check(&["--read-database-url", ""]), Ok(()), "empty: none");
        assert_eq!(
            check(&["--database-url", pg, "--read-database-url", replica]),
            Ok(())
        );
        for args in [
            &["--read-database-url", replica][..],
            &[
                "--database-url",
                "sqlite://x.db",
                "--read-database-url",
                replica,
            ],
            &["--database-url", pg, "--read-database-url", "sqlite://x.db"],
        ] {
            let refused = check(args).expect_err("refused");
            assert_eq!(refused.code(), "read_replica_needs_postgres");
            assert!(
                refused
                    .to_string()
                    .starts_with("error[read_replica_needs_postgres]")
            );
        }
        assert!(
            Cli::try_parse_from(["seedpost", "--replica-max-lag", "0"]).is_err(),
            "a bound of nothing"
        );
    }

    #[test]
    fn the_chat_limit_is_a_setting_and_a_limit_out_of_bounds_is_refused_naming_the_bounds() {
        let limit = |args: &[&str]| {
            Cli::try_parse_from(["seedpost"].iter().chain(args))
                .map(|cli| cli.serve.chat_lines_per_minute)
                .map_err(|e| e.to_string())
        };
        assert_eq!(limit(&[]), Ok(10), "ten a minute by default");
        assert_eq!(limit(&["--chat-lines-per-minute", "30"]), Ok(30));
        for bad in ["0", "601", "ten", ""] {
            let refused = limit(&["--chat-lines-per-minute", bad]).expect_err(bad);
            assert!(
                refused.contains("--chat-lines-per-minute"),
                "{bad}: {refused}"
            );
        }
        assert!(
            limit(&["--chat-lines-per-minute", "0"])
                .expect_err("0")
                .contains("1..=600"),
            "the bounds are named"
        );
    }

    #[test]
    fn production_settings_without_a_public_url_are_named() {
        assert_eq!(missing(&[]), None, "on this machine, for a try");
        assert!(missing(&["--bind", "0.0.0.0:8080"]).is_some());
        assert!(missing(&["--bind", "[::]:8080"]).is_some());
        assert!(missing(&["--trust-proxy-headers"]).is_some());
        let mail = [
            "--smtp-url",
            "smtp://mail:25",
            "--smtp-from",
            "s@example.org",
        ];
        assert!(
            missing(&mail).is_some(),
            "digest links would point at 127.0.0.1"
        );
        for args in [
            &["--bind", "0.0.0.0:8080"][..],
            &["--trust-proxy-headers"],
            &mail,
        ] {
            let mut args = args.to_vec();
            args.extend(["--public-url", "https://seedpost.example.org"]);
            assert_eq!(missing(&args), None, "{args:?}");
        }
    }
}
