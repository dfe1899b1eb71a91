//! The analysis' use cases: a finished game's analysis ([`super::game`]) and a
//! position's ([`super::position`]), each computed once and kept, one at a time.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use seedpost_rules::search::Searcher;

use super::json::{AnalysisJson, PositionAnalysisJson};
use super::position::PositionQuery;
use crate::domain::{GameId, GameStatus};
use crate::error::{Error, Result};
use crate::service::Service;

/// Analyses kept: a finished game never changes, so its analysis is computed once (the
/// cache is emptied when full).
const CACHED: usize = 256;

/// Analyses queued at most for a page to start another.
const QUEUE_FOR_PAGES: usize = 4;

/// Position analyses kept (`GET /analysis`): a position's value never changes, so
/// each is computed once (the cache is emptied when full).
const POSITIONS_CACHED: usize = 4096;

/// A service's analyses: those kept, and the one running.
#[derive(Default)]
pub(crate) struct Analyses {
    kept: Mutex<HashMap<GameId, Arc<AnalysisJson>>>,
    /// Position analyses, by [`PositionQuery::key`].
    positions: Mutex<HashMap<String, Arc<PositionAnalysisJson>>>,
    /// The searcher of the analysis running, kept between analyses (`None` until the
    /// first, or after one was abandoned half-way). One analysis runs at a time.
    searcher: tokio::sync::Mutex<Option<Searcher>>,
    /// Analyses waiting or running.
    queued: AtomicUsize,
}

impl Analyses {
    /// The analysis of game `id`, if it is kept.
    fn kept(&self, id: GameId) -> Option<Arc<AnalysisJson>> {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .cloned()
    }

    /// The analysis of the position of `key`, if it is kept.
    fn position(&self, key: &str) -> Option<Arc<PositionAnalysisJson>> {
        self.positions
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(key)
            .cloned()
    }

    fn keep(&self, analysis: Arc<AnalysisJson>, id: GameId) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= CACHED {
            kept.clear();
        }
        kept.insert(id, analysis);
    }
}

/// What an analysis does while its solved table is being built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TableWait {
    /// Waits for it (a page's analysis, which appears once done).
    Wait,
    /// Answers `table_building` (the API's).
    Refuse,
}

/// Counts an analysis in [`Analyses::queued`] until it ends, however it ends.
struct Queued<'a>(&'a AtomicUsize);

impl<'a> Queued<'a> {
    fn new(queued: &'a AtomicUsize) -> Queued<'a> {
        queued.fetch_add(1, Ordering::Relaxed);
        Queued(queued)
    }
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Service {
    /// The analysis of a position (a tablebase's answer): its value for the side to
    /// move, each legal move's value and the best moves; exact in Tihbat and Modiar
    /// (with the positions seen since the last capture) and in Mangala's endgame
    /// tables, a search estimate elsewhere. Kept once computed; computed one at a
    /// time, with the searcher of the games' analyses. The solved table is in hand
    /// before that one place is taken: a table being built holds no one up.
    ///
    /// # Errors
    /// `table_building` (503, with `retry_after`) while the Modiar table is being
    /// built (see [`Service::solved_table_now`]); `internal` (the computation failed).
    pub async fn analyse_position(
        &self,
        query: PositionQuery,
    ) -> Result<Arc<PositionAnalysisJson>> {
        let key = query.key();
        let analyses = self.analyses.clone();
        if let Some(kept) = analyses.position(&key) {
            return Ok(kept);
        }
        let solved = self.solved_table_now(query.position.variant()).await?;
        let _queued = Queued::new(&analyses.queued);
        let mut slot = analyses.searcher.lock().await;
        if let Some(kept) = analyses.position(&key) {
            return Ok(kept);
        }
        let mut searcher = slot
            .take()
            .unwrap_or_else(|| Searcher::new(super::game::TABLE_BITS));
        let (found, searcher) = tokio::task::spawn_blocking(move || {
            searcher.clear();
            let found = super::position::analyse_position(&query, solved, &mut searcher);
            (found, searcher)
        })
        .await
        .map_err(|e| Error::internal_from("position analysis", e))?;
        *slot = Some(searcher);
        drop(slot);
        let found = Arc::new(found);
        let mut kept = analyses
            .positions
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= POSITIONS_CACHED {
            kept.clear();
        }
        kept.insert(key, found.clone());
        Ok(found)
    }

    /// The analysis of game `id`: every ply's value before and after, the best moves
    /// and the mistakes. Only finished games are analysed, so that no one can ask the
    /// computer during play.
    ///
    /// # Errors
    /// `not_found` (404); `game_not_over` (409) for a game still being played (or
    /// aborted); `table_building` (503, with `retry_after`) for a Modiar game while
    /// its table is being built.
    pub async fn analysis(&self, id: GameId) -> Result<Arc<AnalysisJson>> {
        if let Some(kept) = self.analyses.kept(id) {
            return Ok(kept);
        }
        let service = self.clone();
        tokio::spawn(async move { service.analyse_game(id, TableWait::Refuse).await })
            .await
            .map_err(|e| Error::internal_from("analysis", e))?
    }

    /// [`Service::analysis`], waiting at most `wait` for it: `None` when it is not done
    /// by then (it goes on, and is kept once done). While the game's solved table is
    /// being built, the analysis waits for it (without holding the analyses' place):
    /// the page says it is coming, and it appears once the table is ready.
    ///
    /// # Errors
    /// As [`Service::analysis`].
    pub async fn analysis_within(
        &self,
        id: GameId,
        wait: Duration,
    ) -> Result<Option<Arc<AnalysisJson>>> {
        if let Some(cached) = self.analyses.kept(id) {
            return Ok(Some(cached));
        }
        // Pages start no analysis while a few are queued already: at a peak (many
        // games just over, each page seen) the queue would only grow.
        if self.analyses.queued.load(Ordering::Relaxed) >= QUEUE_FOR_PAGES {
            return Ok(None);
        }
        let service = self.clone();
        let task = tokio::spawn(async move { service.analyse_game(id, TableWait::Wait).await });
        match tokio::time::timeout(wait, task).await {
            Ok(done) => done
                .map_err(|e| Error::internal_from("analysis", e))?
                .map(Some),
            Err(_) => Ok(None),
        }
    }

    /// Computes the analysis of game `id` unless it is kept already, its solved table
    /// as `table` says. It runs in a task of its own (see the callers): a request given
    /// up does not abandon it.
    async fn analyse_game(&self, id: GameId, table: TableWait) -> Result<Arc<AnalysisJson>> {
        let analyses = self.analyses.clone();
        let _queued = Queued::new(&analyses.queued);
        if let Some(cached) = analyses.kept(id) {
            return Ok(cached);
        }
        let loaded = self.game(id).await?;
        if loaded.game().state.status != GameStatus::Finished {
            return Err(Error::conflict(
                "game_not_over",
                "only finished games are analysed",
            ));
        }
        let variant = loaded.game().variant;
        // In hand before the one place is taken: a table being built holds no one up.
        let solved = match table {
            TableWait::Wait => self.solved_table(variant).await,
            TableWait::Refuse => self.solved_table_now(variant).await?,
        };
        // One analysis at a time, with one searcher: each takes a core and a 4 MiB
        // table, and the pages of many games finishing at once would otherwise run
        // as many side by side (under the load tool's `mix` scenario, the server's
        // peak RSS went past 100 MiB and game pages waited for seconds).
        let mut slot = analyses.searcher.lock().await;
        // Another request may have analysed this game while this one waited.
        if let Some(cached) = analyses.kept(id) {
            return Ok(cached);
        }
        let engine = loaded.engine;
        let mut searcher = slot
            .take()
            .unwrap_or_else(|| Searcher::new(super::game::TABLE_BITS));
        let (plies, searcher) = tokio::task::spawn_blocking(move || {
            let plies = super::game::analyse_with(&engine, solved, &mut searcher);
            (plies, searcher)
        })
        .await
        .map_err(|e| Error::internal_from("analysis", e))?;
        *slot = Some(searcher);
        drop(slot);
        let analysis = Arc::new(AnalysisJson {
            game_id: id.to_string(),
            variant,
            plies,
        });
        analyses.keep(analysis.clone(), id);
        Ok(analysis)
    }
}
