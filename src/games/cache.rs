//! This instance's copies of the games it has just moved in or read: the starting
//! point of the next move's fast path, and the moves and replay of a read whose fresh
//! game row stands at the same ply. Only a hint — a move made from a copy is still
//! settled by the database's conditional append, which fails if the game changed
//! elsewhere, and a read takes only the copy's moves (which a ply number fixes: moves
//! are only appended) — so a stale copy costs a re-read, never a wrong answer.

use std::collections::HashMap;
use std::sync::Mutex;

use super::service::LoadedGame;
use crate::domain::{GameId, GameStatus};

/// Games kept at most; past it the copies are dropped and rebuilt as games are played.
const CAPACITY: usize = 1024;

/// Copies of recently played games.
#[derive(Debug, Default)]
pub struct GameCache {
    games: Mutex<HashMap<GameId, LoadedGame>>,
}

impl GameCache {
    /// The copy of game `id` if it stands, ongoing, at ply `seen`.
    pub fn get(&self, id: GameId, seen: i64) -> Option<LoadedGame> {
        let games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games
            .get(&id)
            .filter(|g| {
                let state = &g.game().state;
                state.status == GameStatus::Ongoing && i64::from(state.ply) == seen
            })
            .cloned()
    }

    /// The copy of game `id`, whatever its state.
    pub fn latest(&self, id: GameId) -> Option<LoadedGame> {
        let games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games.get(&id).cloned()
    }

    /// Keeps a copy of `game` as it stands now.
    pub fn put(&self, game: &LoadedGame) {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let id = game.game().id;
        if games.len() >= CAPACITY && !games.contains_key(&id) {
            games.clear();
        }
        games.insert(id, game.clone());
    }

    /// Forgets game `id`.
    pub fn forget(&self, id: GameId) {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        games.remove(&id);
    }
}
