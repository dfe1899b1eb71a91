//! The `seedpost` command.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use seedpost_rules::{Side, Variant};

/// A self-hostable correspondence server for Mangala, Modiar and Tihbat.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Plays pit numbers through the rules engine and prints every ply as a JSON line.
    Replay {
        /// The game: mangala, modiar or tihbat.
        #[arg(long)]
        variant: Variant,
        /// Who moves first: south or north.
        #[arg(long)]
        first: Side,
        /// The moves, as pit numbers 1..n from the mover's own left. Tihbat's
        /// automatic passes are inserted, not given.
        #[arg(allow_hyphen_values = true)]
        pits: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Replay {
            variant,
            first,
            pits,
        }) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let result = seedpost::replay::run(variant, first, &pits, &mut out);
            let flushed = std::io::Write::flush(&mut out);
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
        None => {
            eprintln!("the server comes with issue 3; try `seedpost replay --help`");
            ExitCode::from(2)
        }
    }
}
