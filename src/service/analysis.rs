//! The analysis of finished games ([`crate::analysis`]).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use super::Service;
use crate::analysis::AnalysisJson;
use crate::domain::{GameId, GameStatus};
use crate::error::{Error, Result};

/// Analyses kept: a finished game never changes, so its analysis is computed once (the
/// cache is emptied when full).
const CACHED: usize = 256;

fn cache() -> &'static Mutex<HashMap<GameId, Arc<AnalysisJson>>> {
    static CACHE: OnceLock<Mutex<HashMap<GameId, Arc<AnalysisJson>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

impl Service {
    /// The analysis of game `id`: every ply's value before and after, the best moves
    /// and the mistakes. Only finished games are analysed, so that no one can ask the
    /// computer during play.
    ///
    /// # Errors
    /// `not_found` (404); `game_not_over` (409) for a game still being played (or
    /// aborted).
    pub async fn analysis(&self, id: GameId) -> Result<Arc<AnalysisJson>> {
        if let Some(cached) = cache()
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
        {
            return Ok(cached.clone());
        }
        let loaded = self.game(id).await?;
        if loaded.game().state.status != GameStatus::Finished {
            return Err(Error::conflict(
                "game_not_over",
                "only finished games are analysed",
            ));
        }
        let variant = loaded.game().variant;
        let engine = loaded.engine;
        let plies = tokio::task::spawn_blocking(move || crate::analysis::analyse(&engine))
            .await
            .map_err(|e| Error::Internal(format!("analysis: {e}")))?;
        let analysis = Arc::new(AnalysisJson {
            game_id: id.to_string(),
            variant,
            plies,
        });
        let mut cache = cache().lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= CACHED {
            cache.clear();
        }
        cache.insert(id, analysis.clone());
        Ok(analysis)
    }
}
