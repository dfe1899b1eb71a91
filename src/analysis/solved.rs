//! The solved tables of Tihbat and Modiar and the endgame tables of Mangala, Kalah and
//! Oware, which the analysis and the house bots read: on disk, built by `seedpost
//! solve` and reused while the engine that built them is the current one (RULES.md,
//! "Solved values"), and in memory, each read or built once ([`table`],
//! [`endgame_tables`], [`oware_tables`]).
//!
//! Building a table on first use may take a while: callers in the server ask for one
//! on a blocking thread.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Once, OnceLock, PoisonError, RwLock};
use std::time::{Duration, Instant};

use seedpost_rules::endgame::{EndgameTables, LayerDone, Rules};
use seedpost_rules::oware_tables::OwareTables;
use seedpost_rules::solve::{Progress, Table};
use seedpost_rules::{Pit, Position, Variant};

/// FNV-1a over `sources`, one after another: a hash of the engine's source that tells a
/// table file built by another engine apart, computed at compile time.
const fn fnv1a(sources: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < sources.len() {
        let bytes = sources[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            hash = (hash ^ bytes[j] as u64).wrapping_mul(0x0000_0100_0000_01b3);
            j += 1;
        }
        i += 1;
    }
    hash
}

/// Identifies the engine code that values depend on: a hash of its sources, so that a
/// table built by another engine is rebuilt.
pub const ENGINE_VERSION: u64 = {
    let sources: [&str; 12] = [
        include_str!("../../rules/src/solve/mod.rs"),
        include_str!("../../rules/src/solve/graph.rs"),
        include_str!("../../rules/src/solve/layout.rs"),
        include_str!("../../rules/src/solve/cycles.rs"),
        include_str!("../../rules/src/solve/cycles_index.rs"),
        include_str!("../../rules/src/solve/history.rs"),
        include_str!("../../rules/src/position.rs"),
        include_str!("../../rules/src/modiar.rs"),
        include_str!("../../rules/src/tihbat.rs"),
        include_str!("../../rules/src/game.rs"),
        include_str!("../../rules/src/pit.rs"),
        include_str!("../../rules/src/variant.rs"),
    ];
    fnv1a(&sources)
};

/// The default file of `variant`'s table: `seedpost-<variant>.solved`.
#[must_use]
pub fn default_path(variant: Variant) -> PathBuf {
    PathBuf::from(format!("seedpost-{variant}.solved"))
}

/// Where a table came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Read from a current file.
    Cached,
    /// Built now (and written), of which `searching` went to the search that keeps
    /// the history (RULES.md, "Solved values").
    Built {
        /// The time the history search took.
        searching: Duration,
    },
}

/// Reads `variant`'s table from `path` if it is there and current, or builds it and
/// writes it there.
///
/// # Errors
/// The file could not be written.
///
/// # Panics
/// For Mangala, which is too large to solve.
pub fn load_or_build(variant: Variant, path: &Path) -> std::io::Result<(Table, Source)> {
    if let Some(table) = read_current(variant, path) {
        return Ok((table, Source::Cached));
    }
    let mut searching = Duration::ZERO;
    let mut began = Instant::now();
    let table =
        Table::solve_observed(
            variant,
            variant.total_stones(),
            &mut |progress| match progress {
                Progress::SearchStarted => began = Instant::now(),
                Progress::SearchFinished => searching += began.elapsed(),
                Progress::Layer(_) => {}
            },
        );
    write_table(&table, path)?;
    Ok((table, Source::Built { searching }))
}

/// `variant`'s table in the file at `path`, if it is there and current.
fn read_current(variant: Variant, path: &Path) -> Option<Table> {
    let bytes = std::fs::read(path).ok()?;
    Table::from_bytes(variant, ENGINE_VERSION, &bytes)
}

/// Writes `table` to `path`: aside first (a name of this process's own, as several
/// servers may write at once) and renamed, so that a reader never sees half a table.
fn write_table(table: &Table, path: &Path) -> std::io::Result<()> {
    let partial = path.with_extension(format!("partial-{}", std::process::id()));
    std::fs::write(&partial, table.to_bytes(ENGINE_VERSION))?;
    std::fs::rename(&partial, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&partial);
    })
}

/// The Mangala endgame tables' engine: a hash of the sources their values depend on.
pub const MANGALA_VERSION: u64 = {
    let sources: [&str; 4] = [
        include_str!("../../rules/src/endgame.rs"),
        include_str!("../../rules/src/mangala.rs"),
        include_str!("../../rules/src/position.rs"),
        include_str!("../../rules/src/outcome.rs"),
    ];
    fnv1a(&sources)
};

/// The Kalah endgame tables' engine: a hash of the sources their values depend on.
pub const KALAH_VERSION: u64 = {
    let sources: [&str; 4] = [
        include_str!("../../rules/src/endgame.rs"),
        include_str!("../../rules/src/kalah.rs"),
        include_str!("../../rules/src/position.rs"),
        include_str!("../../rules/src/outcome.rs"),
    ];
    fnv1a(&sources)
};

/// The stones on the board of the Mangala endgame tables `seedpost solve --variant
/// mangala` builds unless told otherwise: the largest whose file stays within a few GiB
/// (2.3 GiB, held in memory once read) and whose build stays well within an hour on a
/// small shared machine (RULES.md, "Mangala endgame tables", measures the curve).
pub const MANGALA_STONES: u8 = 24;

/// The seeds on the board of the Kalah endgame tables `seedpost solve --variant kalah`
/// builds unless told otherwise: the same size as Mangala's, whose curve Kalah's
/// follows (RULES.md, "Kalah endgame tables and the solve").
pub const KALAH_STONES: u8 = 24;

/// The endgame tables' engine for `variant` (Mangala or Kalah).
#[must_use]
pub fn endgame_version(variant: Variant) -> Option<u64> {
    match variant {
        Variant::Mangala => Some(MANGALA_VERSION),
        Variant::Kalah => Some(KALAH_VERSION),
        _ => None,
    }
}

/// The stones on the board of `variant`'s endgame tables unless told otherwise.
#[must_use]
pub fn endgame_stones(variant: Variant) -> u8 {
    match variant {
        Variant::Kalah => KALAH_STONES,
        _ => MANGALA_STONES,
    }
}

/// The default file of `variant`'s endgame tables: `seedpost-mangala.endgame`,
/// `seedpost-kalah.endgame`.
#[must_use]
pub fn endgame_path(variant: Variant) -> PathBuf {
    PathBuf::from(format!("seedpost-{variant}.endgame"))
}

/// Reads `variant`'s endgame tables from `path` when they are there and current.
#[must_use]
pub fn read_endgame(variant: Variant, path: &Path) -> Option<EndgameTables> {
    let rules = Rules::of(variant)?;
    let version = endgame_version(variant)?;
    let bytes = std::fs::read(path).ok()?;
    EndgameTables::from_bytes(rules, bytes, version)
}

/// Builds `variant`'s endgame tables up to `stones` on the board and writes them to
/// `path`, telling `done` of each layer with the time since the start.
///
/// # Errors
/// The file could not be written.
///
/// # Panics
/// For a variant without endgame tables (only Mangala and Kalah have them).
pub fn build_endgame(
    variant: Variant,
    stones: u8,
    path: &Path,
    done: &mut dyn FnMut(LayerDone, Duration),
) -> std::io::Result<EndgameTables> {
    let rules = Rules::of(variant).expect("Mangala or Kalah");
    let version = endgame_version(variant).expect("Mangala or Kalah");
    let began = Instant::now();
    let tables = EndgameTables::build(rules, stones, version, &mut |layer| {
        done(layer, began.elapsed());
    });
    let partial = path.with_extension("partial");
    std::fs::write(&partial, tables.to_bytes())?;
    std::fs::rename(&partial, path)?;
    Ok(tables)
}

/// The solved table of `variant`, built on first use (Tihbat at once, Modiar in some
/// seconds; callers meanwhile block); `None` for Mangala. A table file written by
/// `seedpost solve` in the working directory is read instead when it is current; a
/// table built here is written there for the next start, when the directory can be
/// written (solving Modiar's leaves some 30 MiB of the heap resident for good, where
/// reading it leaves none: bench/README.md, "Event streams"). The server asks for it in
/// the background at start (`Service::start_solved_tables`) and never under a lock
/// another variant needs.
#[must_use]
pub fn table(variant: Variant) -> Option<&'static Table> {
    static TIHBAT: OnceLock<Table> = OnceLock::new();
    static MODIAR: OnceLock<Table> = OnceLock::new();
    let cell = match variant {
        Variant::Tihbat => &TIHBAT,
        Variant::Modiar => &MODIAR,
        Variant::Mangala | Variant::Kalah | Variant::Oware | Variant::Togyz => return None,
    };
    Some(cell.get_or_init(|| {
        let path = default_path(variant);
        read_current(variant, &path).unwrap_or_else(|| {
            let table = Table::solve(variant);
            if let Err(e) = write_table(&table, &path) {
                tracing::warn!(%variant, path = %path.display(), error = %e,
                    "the solved table is not kept for the next start");
            }
            table
        })
    }))
}

/// The Mangala and Kalah endgame tables in use: none until installed or, on first use,
/// read from `seedpost-mangala.endgame` or `seedpost-kalah.endgame` in the working
/// directory when `seedpost solve --variant mangala|kalah` wrote it there (and it is
/// current).
static MANGALA: RwLock<Option<Arc<EndgameTables>>> = RwLock::new(None);
static MANGALA_READ: Once = Once::new();
static KALAH: RwLock<Option<Arc<EndgameTables>>> = RwLock::new(None);
static KALAH_READ: Once = Once::new();

/// The cell of `variant`'s endgame tables, with whether they were looked for.
fn endgame_cell(
    variant: Variant,
) -> Option<(&'static RwLock<Option<Arc<EndgameTables>>>, &'static Once)> {
    match variant {
        Variant::Mangala => Some((&MANGALA, &MANGALA_READ)),
        Variant::Kalah => Some((&KALAH, &KALAH_READ)),
        _ => None,
    }
}

/// The endgame tables of `variant` (Mangala, Kalah), if there are any (RULES.md,
/// "Mangala endgame tables", "Kalah endgame tables and the solve").
#[must_use]
pub fn endgame_tables(variant: Variant) -> Option<Arc<EndgameTables>> {
    let (cell, read) = endgame_cell(variant)?;
    read.call_once(|| {
        let path = endgame_path(variant);
        if let Some(tables) = read_endgame(variant, &path) {
            tracing::info!(%variant, stones = tables.stones(), "endgame tables read");
            *cell.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(tables));
        }
    });
    cell.read().unwrap_or_else(PoisonError::into_inner).clone()
}

/// Each legal move of `pos` with its exact value still to come for the side to move
/// (seeds already stored do not count), from the endgame tables of its game or, for
/// Kalah(6,4), the proven line of its solve ([`seedpost_rules::proven`]); `None` where
/// neither values it.
#[must_use]
pub fn exact_future_moves(pos: &Position) -> Option<Vec<(Pit, i16)>> {
    endgame_tables(pos.variant())
        .and_then(|tables| tables.move_values(pos))
        .map(|moves| moves.into_iter().map(|(p, v)| (p, i16::from(v))).collect())
        .or_else(|| seedpost_rules::proven::kalah_move_values(pos))
}

/// Uses `tables` from now on for their game in place of any others (tests build small
/// ones).
///
/// # Panics
/// Never: tables are built for Mangala or Kalah only.
pub fn install_endgame_tables(tables: EndgameTables) {
    let (cell, read) = endgame_cell(tables.rules().variant()).expect("Mangala or Kalah");
    read.call_once(|| {});
    *cell.write().unwrap_or_else(PoisonError::into_inner) = Some(Arc::new(tables));
}

/// Seeds on the board up to which the server builds the Oware endgame tables, on first
/// use (RULES.md, "Oware endgame tables": under a second at 6 in a release build; 8
/// takes some seconds, 12 some minutes).
pub const OWARE_SEEDS: u8 = 6;

/// The Oware endgame tables, built on first use ([`OWARE_SEEDS`]).
#[must_use]
pub fn oware_tables() -> &'static OwareTables {
    static OWARE: OnceLock<OwareTables> = OnceLock::new();
    OWARE.get_or_init(|| {
        let tables = OwareTables::build(OWARE_SEEDS, |_| {});
        tracing::info!(seeds = tables.seeds(), "Oware endgame tables built");
        tables
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_written_for_the_next_start_is_read_back_and_a_foreign_file_is_not() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("seedpost-tihbat.solved");
        assert!(
            read_current(Variant::Tihbat, &path).is_none(),
            "no file yet"
        );
        let table = Table::solve(Variant::Tihbat);
        write_table(&table, &path).expect("written");
        let read = read_current(Variant::Tihbat, &path).expect("read back");
        assert_eq!(
            read.to_bytes(ENGINE_VERSION),
            table.to_bytes(ENGINE_VERSION)
        );
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .expect("listed")
            .filter_map(Result::ok)
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left.len(), 1, "nothing left aside: {left:?}");
        assert!(
            read_current(Variant::Modiar, &path).is_none(),
            "another variant's table is not read as Modiar's"
        );
        std::fs::write(&path, b"not a table").expect("written");
        assert!(read_current(Variant::Tihbat, &path).is_none());
    }
}
