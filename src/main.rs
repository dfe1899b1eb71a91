//! The `seedpost` command: parse the configuration, set up logging, connect the
//! store, serve.

#![warn(clippy::too_many_lines)]

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use seedpost::analysis::solved;
use seedpost::clock::SystemClock;
use seedpost::config::{Cli, Command, LogFormat, ReplayArgs, ServeArgs};
use seedpost::http::ratelimit::{RateLimiter, StreamSlots};
use seedpost::http::{self, AppState, Settings};
use seedpost::jobs::{Jobs, Schedule};
use seedpost::notifications::service::push::PushConfig;
use seedpost::service::Service;
use tokio_util::sync::CancellationToken;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let read_database_url = cli.serve.read_database_url().map(str::to_owned);
    match cli.command {
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Solve(args)) => solve(&args),
        Some(Command::Migrate(db)) => run_async(async move {
            init_tracing(LogFormat::Text);
            seedpost::store::connect(&db.database_url, 1).await?;
            tracing::info!("migrations applied");
            Ok(())
        }),
        Some(Command::Serve(args)) => run_async(serve(args)),
        Some(Command::Export(db)) => run_async(async move {
            // From the read replica when there is one: a snapshot a moment old, and
            // the primary spared the read of everything.
            let store = match read_database_url {
                Some(read) => seedpost::store::connect_replica(&read, 2).await?,
                None => seedpost::store::connect(&db.database_url, 2).await?,
            };
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let written = seedpost::transfer::export(store.as_ref(), &mut out).await?;
            out.flush()?;
            eprintln!("exported {written}");
            Ok(())
        }),
        Some(Command::Import(db)) => run_async(async move {
            let store = seedpost::store::connect(&db.database_url, 2).await?;
            let stdin = std::io::stdin();
            let read = seedpost::transfer::import(store.as_ref(), stdin.lock()).await?;
            eprintln!("imported {read}");
            Ok(())
        }),
        Some(Command::Admin(args)) => run_async(async move {
            let store = seedpost::store::connect(&args.database.database_url, 2).await?;
            let service = Service::new(store, Arc::new(SystemClock));
            let stdout = std::io::stdout();
            let mut out = stdout.lock();
            seedpost::admin::run(
                &service,
                &args.command,
                &mut std::io::stdin().lock(),
                &mut out,
            )
            .await?;
            out.flush()?;
            Ok(())
        }),
        Some(Command::Healthcheck(args)) => healthcheck(&args.url),
        None => run_async(serve(cli.serve)),
    }
}

fn run_async(
    work: impl std::future::Future<Output = Result<(), Box<dyn std::error::Error>>>,
) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(work) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", seedpost::error::Chain(&*e));
            ExitCode::FAILURE
        }
    }
}

fn init_tracing(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

/// The use cases as `args` configure them, over `store` and its `reads`.
fn configured_service(
    args: &ServeArgs,
    store: Arc<dyn seedpost::store::Store>,
    reads: seedpost::store::replica::Reads,
) -> Result<Service, Box<dyn std::error::Error>> {
    let mut service = Service::new(store, Arc::new(SystemClock))
        .with_reads(reads)
        .with_private_webhooks(args.webhook_allow_private)
        .with_vacation_days(args.vacation_days)
        .with_flood_limits(args.floods.limits())
        .with_chat(args.chat)
        .with_chat_lines_per_minute(args.chat_lines_per_minute)
        .with_push(PushConfig::new(
            args.push.vapid_private_key.clone(),
            args.push.vapid_subject.clone().unwrap_or_else(|| {
                args.public_url
                    .clone()
                    .filter(|u| u.starts_with("https://"))
                    .unwrap_or_else(|| "mailto:operator@seedpost.invalid".to_owned())
            }),
        ));
    if let (Some(url), Some(from)) = (&args.digest.smtp_url, &args.digest.smtp_from) {
        let links = args
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", args.bind));
        let mailer = seedpost::notifications::service::digest::Mailer::new(
            url,
            from,
            args.digest.digest_hour,
            &links,
        )?
        .with_turn_mail_minutes(args.digest.turn_mail_minutes)?;
        service = service.with_digest(mailer);
    }
    Ok(service)
}

/// The HTTP layer's settings as `args` configure them.
fn http_settings(args: &ServeArgs) -> Settings {
    Settings {
        secure_cookies: args.secure_cookies
            || args
                .public_url
                .as_deref()
                .is_some_and(|u| u.starts_with("https://")),
        public_url: args
            .public_url
            .as_deref()
            .map(|u| u.trim_end_matches('/').to_owned()),
        trust_proxy_headers: args.trust_proxy_headers,
        proxy_hops: usize::from(args.trusted_proxy_hops),
        body_limit: Some(args.body_limit),
        request_timeout: (args.request_timeout > 0)
            .then(|| Duration::from_secs(args.request_timeout)),
        rate_limiter: RateLimiter::new(args.rate_limits.limits()),
        connections: args.connection_limits(),
        stream_slots: StreamSlots::new(args.max_streams_per_address),
        live_counts: Default::default(),
    }
}

/// `seedpost serve`: connects the store, starts the background loops and serves until
/// a signal stops it.
async fn serve(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    init_tracing(args.log_format);
    if let Err(e) = args.check() {
        // The message is the whole story, with its code: no `error:` before it.
        eprintln!("{e}");
        std::process::exit(2);
    }
    let store =
        seedpost::store::connect(&args.database.database_url, args.database.pool_size()).await?;
    let reads = match args.read_database_url() {
        Some(url) => seedpost::store::replica::Reads::with_replica(
            store.clone(),
            url,
            args.database.pool_size(),
            args.replica_max_lag(),
        )?,
        None => seedpost::store::replica::Reads::primary(store.clone()),
    };
    let service = configured_service(&args, store, reads)?;
    // The solved tables are built (or read) in the background from now on: no request
    // waits for them under a lock (Modiar's answers 503 `table_building` meanwhile).
    service.start_solved_tables();
    let state = AppState {
        service: service.clone(),
        settings: Arc::new(http_settings(&args)),
    };
    let listener = tokio::net::TcpListener::bind(args.bind).await?;
    let connections = state.settings.connections;
    tracing::info!(
        address = %listener.local_addr()?,
        max_connections = connections.max_connections,
        per_address = connections.per_address,
        header_timeout = ?connections.header_timeout,
        "seedpost is listening"
    );
    if let Some(why) = args.public_url_missing() {
        tracing::warn!(
            "--public-url is not set while {why}: calendar feed URLs are built from each \
             request's Host header and mail links from the bind address; set --public-url \
             in production"
        );
    }
    // One token stops everything: the signal cancels it, the server drains its
    // requests and the background loops finish their rounds.
    let stop = CancellationToken::new();
    let jobs = Jobs::start(
        &service,
        Schedule {
            sweep: Duration::from_secs(args.sweep_seconds),
            webhooks: Duration::from_secs(1),
            push: Duration::from_secs(5),
            house_bots: args.house_bots.then_some(Duration::from_secs(30)),
        },
        stop.clone(),
    );
    http::serve(listener, state, async move {
        shutdown_signal().await;
        stop.cancel();
    })
    .await?;
    jobs.wait().await;
    tracing::info!("stopped");
    Ok(())
}

/// Resolves on SIGINT or SIGTERM.
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

/// GETs `url` and succeeds on a 200: the container's health check, so that the image
/// needs no curl.
fn healthcheck(url: &str) -> ExitCode {
    let check = async {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(4))
            .build()?;
        client.get(url).send().await?.error_for_status()?;
        Ok::<(), reqwest::Error>(())
    };
    // `run_async` exits with 1 on any failure.
    run_async(async { check.await.map_err(Into::into) })
}

fn replay(args: &ReplayArgs) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = seedpost::replay::run(args.variant, args.first, &args.pits, &mut out);
    let flushed = out.flush();
    match (result, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Err(Err(e)), _) => {
            eprintln!("error: ply {}: {}: {}", e.ply, e.code, e.message);
            ExitCode::from(2)
        }
        (Err(Ok(e)), _) | (Ok(()), Err(e)) => {
            eprintln!("error: writing the output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Builds the Mangala or Kalah endgame tables and reports each layer: stones,
/// positions, the time so far, and at the end the file's size and the peak memory (the
/// curve RULES.md reports).
fn solve_endgame(variant: seedpost_rules::Variant, args: &seedpost::config::SolveArgs) -> ExitCode {
    let max = seedpost_rules::endgame::MAX_STONES;
    let stones = args
        .stones
        .unwrap_or_else(|| solved::endgame_stones(variant));
    if stones > max {
        eprintln!("error: --stones is at most {max}");
        return ExitCode::from(2);
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| solved::endgame_path(variant));
    println!("stones  positions (layer)  positions (all)  time");
    let mut all = 0u64;
    let built = solved::build_endgame(variant, stones, &path, &mut |layer, took| {
        all += layer.positions;
        println!(
            "{:>6}  {:>17}  {:>15}  {took:.2?}",
            layer.stones, layer.positions, all
        );
    });
    match built {
        Ok(tables) => {
            println!(
                "{variant}: {} positions up to {} stones on the board, {} bytes written to {}; \
                 peak memory {}",
                tables.len(),
                tables.stones(),
                tables.to_bytes().len(),
                path.display(),
                peak_memory()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: writing {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}

/// The peak resident memory of this process (Linux's `VmHWM`), for the report.
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .map(|v| v.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}

fn solve(args: &seedpost::config::SolveArgs) -> ExitCode {
    let Ok(variant) = seedpost_rules::Variant::parse_offered(&args.variant) else {
        eprintln!("error: no such game: {}", args.variant);
        return ExitCode::from(2);
    };
    if seedpost_rules::endgame::Rules::of(variant).is_some() {
        return solve_endgame(variant, args);
    }
    let path = args
        .out
        .clone()
        .unwrap_or_else(|| solved::default_path(variant));
    let began = std::time::Instant::now();
    match solved::load_or_build(variant, &path) {
        Ok((table, source)) => {
            let how = match source {
                solved::Source::Cached => "read (current)",
                solved::Source::Built { .. } => "built",
            };
            println!(
                "{variant}: {} positions {how} in {:.2?}, {}",
                table.len(),
                began.elapsed(),
                path.display()
            );
            for first in [seedpost_rules::Side::South, seedpost_rules::Side::North] {
                if let Some(v) = table.start_value(first) {
                    println!("{first} moves first: {v:+} for {first} under perfect play");
                }
            }
            let stats = table.stats();
            if stats.on_cycles > 0 {
                let took = match source {
                    solved::Source::Built { searching } => format!(" in {searching:.2?}"),
                    solved::Source::Cached => String::new(),
                };
                println!(
                    "{} positions on cycles; {} of them settled by the search that keeps the \
                     history ({} nodes{took}): RULES.md \"Solved values\"",
                    stats.on_cycles, stats.searched, stats.search_nodes
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: writing {}: {e}", path.display());
            ExitCode::FAILURE
        }
    }
}
