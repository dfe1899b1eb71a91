//! The `seedpost` command: parse the configuration, set up logging, connect the
//! store, serve.

use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use seedpost::clock::SystemClock;
use seedpost::config::{Cli, Command, LogFormat, ReplayArgs, ServeArgs};
use seedpost::http::{self, AppState, Settings};
use seedpost::service::Service;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Replay(args)) => replay(&args),
        Some(Command::Migrate(db)) => run_async(async move {
            init_tracing(LogFormat::Text);
            seedpost::store::connect(&db.database_url, 1).await?;
            tracing::info!("migrations applied");
            Ok(())
        }),
        Some(Command::Serve(args)) => run_async(serve(args)),
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
            eprintln!("error: {e}");
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

async fn serve(args: ServeArgs) -> Result<(), Box<dyn std::error::Error>> {
    init_tracing(args.log_format);
    let store =
        seedpost::store::connect(&args.database.database_url, args.database.pool_size).await?;
    let service = Service::new(store, Arc::new(SystemClock));
    let state = AppState {
        service: service.clone(),
        settings: Arc::new(Settings {
            secure_cookies: args.secure_cookies,
        }),
    };
    let listener = tokio::net::TcpListener::bind(args.bind).await?;
    tracing::info!(address = %listener.local_addr()?, "seedpost is listening");
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let mut sweeper_stop = stop_rx.clone();
    let sweeper = tokio::spawn(http::sweep_forever(
        service,
        Duration::from_secs(args.sweep_seconds),
        async move {
            let _ = sweeper_stop.wait_for(|&stop| stop).await;
        },
    ));
    http::serve(listener, state, async move {
        shutdown_signal().await;
        let _ = stop_tx.send(true);
    })
    .await?;
    let _ = sweeper.await;
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
