//! Games: load (replaying the moves), move, resign, abort, time out, standings.

use chrono::{DateTime, Utc};
use seedpost_rules::{Pit, Ply, Record, Side, Variant};

use super::conditional::{Lines, LinesAfter};
use super::store::{GameStore, Seen};
use crate::domain::{
    AccountId, DaysPerMove, Ending, EventKind, GameId, GameStatus, MatchRef, PlayerResult,
};
use crate::error::{Error, Result};
use crate::service::Service;
use crate::service::events;
use crate::store::{
    Account, FinishedFilter, Game, GameFilter, GameResult, GameState, GameWithMoves, Move,
    NewEvent, Standing, StoreError,
};

/// A stored game with its moves replayed through the engine: the engine's game is the
/// truth the cached state must agree with.
#[derive(Debug, Clone)]
pub struct LoadedGame {
    /// The stored game and moves.
    pub stored: GameWithMoves,
    /// The replay of the moves.
    pub engine: seedpost_rules::Game,
    /// The match the game is part of, if any (fixed when the game is created).
    pub match_ref: Option<MatchRef>,
}

impl LoadedGame {
    pub(crate) fn new(stored: GameWithMoves) -> Result<LoadedGame> {
        let game = &stored.game;
        let plies: Vec<Ply> = stored.moves.iter().map(to_ply).collect();
        let engine = seedpost_rules::Game::replay(game.variant, game.first, &plies)
            .map_err(|e| Error::internal_from(format!("game {} does not replay", game.id), e))?;
        Ok(LoadedGame {
            stored,
            engine,
            match_ref: None,
        })
    }

    /// The stored game.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.stored.game
    }

    /// The side `account` plays, if any.
    #[must_use]
    pub fn side_of(&self, account: AccountId) -> Option<Side> {
        side_of(self.game(), account)
    }
}

/// The side `account` plays in `game`, if any.
#[must_use]
pub fn side_of(game: &Game, account: AccountId) -> Option<Side> {
    Side::ALL
        .into_iter()
        .find(|&side| game.players.get(side).id == account)
}

fn to_ply(m: &Move) -> Ply {
    match m.pit {
        Some(pit) => Ply::Sow { side: m.side, pit },
        None => Ply::Pass { side: m.side },
    }
}

/// The retry policy of a game's writes, in one place.
///
/// Every write of a game is conditional on the ply its writer read: the store answers
/// [`StoreError::Conflict`] when another writer got there first, and nothing is
/// written. The loser reads the game again and decides afresh from what the winner
/// left (a stale ply, the same move already played, the game over), at most this many
/// attempts in all; past them the answer is 409 `conflict`. A move may start from
/// this instance's copy of the game, which may be stale: from a copy, an answer other
/// than success is given only after a fresh read, which costs an attempt.
#[derive(Debug, Clone, Copy)]
struct RetryPolicy {
    /// Attempts at a move, the first from a copy when there is one.
    move_attempts: usize,
    /// Attempts at resigning or aborting, the first from a fresh read.
    end_attempts: usize,
}

/// See [`RetryPolicy`].
const RETRY: RetryPolicy = RetryPolicy {
    move_attempts: 3,
    end_attempts: 2,
};

/// The game an attempt at a write starts from.
struct Read {
    game: LoadedGame,
    /// Read from the database for this request, rather than this instance's copy.
    fresh: bool,
}

impl Read {
    fn fresh(game: LoadedGame) -> Read {
        Read { game, fresh: true }
    }

    fn copy(game: LoadedGame) -> Read {
        Read { game, fresh: false }
    }
}

/// How an attempt at a write ended.
enum Attempt<T> {
    /// With this answer.
    Done(T),
    /// Without one: read the game again and decide afresh.
    ReadAgain,
}

/// What a move submission comes to on a game as read.
enum Decision {
    /// Play it: the write it makes.
    Play(Box<Planned>),
    /// The same move was already played at the ply seen.
    AlreadyPlayed,
}

/// A move decided: the game after it, and what its conditional append writes.
struct Planned {
    /// The game after the move.
    after: LoadedGame,
    /// The ply the move was decided at, which the append is conditional on.
    seen_ply: u32,
    /// The plies the move appends (a move and the passes it forces).
    plies: Vec<Move>,
    /// The game's JSON after the move, made once for the answer and the events.
    json: Box<serde_json::value::RawValue>,
    /// The events of the move, and of the moves played from the opponent's lines.
    events: Vec<NewEvent>,
    /// What the move does to the opponent's lines, when there are any.
    lines: Option<LinesAfter>,
    /// The moves the append holds: the mover's and those played from the lines.
    moves: usize,
}

/// What the checks before the rules decided.
enum Checked {
    /// Play `pit` for the side to move.
    Play { pit: Pit },
    /// The same move was already played at the ply seen.
    AlreadyPlayed,
}

/// What a move submission did.
#[derive(Debug, Clone)]
pub enum MoveOutcome {
    /// The move was played (201): the game after it, and its JSON as `GET
    /// /api/v1/games/{id}` serves it (made once for the answer and the events).
    Played(LoadedGame, Box<serde_json::value::RawValue>),
    /// The same move had already been played at that ply: a safe retry (200).
    AlreadyPlayed(LoadedGame),
}

/// The cached state of an engine game after its last ply.
fn state_of(
    engine: &seedpost_rules::Game,
    deadline: DateTime<Utc>,
    now: DateTime<Utc>,
) -> GameState {
    let position = engine.position();
    let result = engine.outcome().map(|o| GameResult {
        score: o.score,
        winner: o.winner,
        ending: Ending::Rules(o.ended_by),
    });
    GameState {
        status: if result.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Ongoing
        },
        ply: u32::try_from(engine.ply()).unwrap_or(u32::MAX),
        to_move: position.to_move(),
        board: super::json::board(position),
        stores: position.stores(),
        deadline: result.is_none().then_some(deadline),
        result,
        updated_at: now,
    }
}

impl Service {
    /// A game with its moves, replayed.
    ///
    /// # Errors
    /// `not_found` (404).
    #[tracing::instrument(level = "debug", skip_all, fields(game = %id))]
    pub async fn game(&self, id: GameId) -> Result<LoadedGame> {
        // With a copy of the game here, the game row alone is read: if it stands at
        // the copy's ply, the copy's moves and replay are the row's (moves are only
        // ever appended); otherwise the moves are read and replayed.
        //
        // A spectator's read may be the replica's, a moment old (see
        // `crate::store::replica`): the copy is then used only when it stands at the
        // replica's ply, and what is kept is the older game, which the next read of
        // the primary finds behind its row and reads again.
        let copy = self.cache.latest(id);
        let read = self
            .reads
            .run(|s| {
                let copy = copy.clone();
                async move {
                    if let Some(copy) = copy {
                        let game = s.game_state(id).await?;
                        if game.state.ply == copy.game().state.ply {
                            return Ok(Ok(LoadedGame {
                                stored: GameWithMoves {
                                    game,
                                    moves: copy.stored.moves,
                                },
                                engine: copy.engine,
                                match_ref: copy.match_ref,
                            }));
                        }
                    }
                    let stored = s.game(id).await?;
                    Ok(Err((stored, s.match_of_game(id).await?)))
                }
            })
            .await;
        let loaded = match read {
            Err(StoreError::NotFound) => {
                self.cache.forget(id);
                return Err(Error::NotFound("game"));
            }
            Err(e) => return Err(e.into()),
            Ok(Ok(loaded)) => loaded,
            Ok(Err((stored, match_ref))) => {
                let mut loaded = LoadedGame::new(stored)?;
                loaded.match_ref = match_ref;
                loaded
            }
        };
        self.cache.put(&loaded);
        Ok(loaded)
    }

    /// Games matching a filter, most urgent first for `viewer`.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown player name.
    pub async fn games(
        &self,
        viewer: Option<&Account>,
        status: Option<GameStatus>,
        player: Option<&str>,
        my_turn: bool,
        limit: u32,
    ) -> Result<Vec<Game>> {
        let player = match player {
            Some(name) => Some(self.account(name).await?.id),
            None => None,
        };
        let filter = GameFilter {
            status,
            player,
            to_move: if my_turn { viewer.map(|a| a.id) } else { None },
            viewer: viewer.map(|a| a.id),
            limit,
        };
        Ok(self.reads.run(|s| s.games(&filter)).await?)
    }

    /// The games matching `filter`, most urgent first for its viewer (see
    /// [`GameStore::games`]): the games' list for the other features.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn games_matching(&self, filter: &GameFilter) -> Result<Vec<Game>> {
        Ok(self.store.games(filter).await?)
    }

    /// The match of each of `games` that belongs to one, in the same order.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn match_refs(&self, games: &[Game]) -> Result<Vec<Option<MatchRef>>> {
        let ids: Vec<GameId> = games.iter().map(|g| g.id).collect();
        let refs = self.store.match_refs(&ids).await?;
        Ok(ids
            .iter()
            .map(|id| refs.iter().find(|(g, _)| g == id).map(|(_, m)| *m))
            .collect())
    }

    /// Page `page` (from 0) of `name`'s finished games, `per_page` to a page, the latest
    /// ended first, only of `variant` and with the player's `result` when given; and
    /// whether an older page follows.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown player name.
    pub async fn finished_games(
        &self,
        name: &str,
        variant: Option<Variant>,
        result: Option<PlayerResult>,
        page: u32,
        per_page: u32,
    ) -> Result<(Account, Vec<Game>, bool)> {
        let account = self.account(name).await?;
        let filter = FinishedFilter {
            player: account.id,
            variant,
            result,
            offset: page.saturating_mul(per_page),
            // One more tells whether another page follows.
            limit: per_page + 1,
        };
        let mut games = self.reads.run(|s| s.finished_games(&filter)).await?;
        let more = games.len() > per_page as usize;
        games.truncate(per_page as usize);
        Ok((account, games, more))
    }

    /// How many games wait for `account`'s move: one count, no game read.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn turn_count(&self, account: &Account) -> Result<usize> {
        let id = account.id;
        Ok(self.reads.run(|s| s.count_turns(id)).await?)
    }

    /// Plays `pit` for `account` in game `id`, which it saw at ply `seen`.
    ///
    /// The checks run in this order, the first failing one answering: the game exists
    /// (404), the account plays in it (403), it is not over (409 `game_over`), `seen`
    /// is the current ply (409 `stale_ply`, or an idempotent success when the very
    /// same move was already played at `seen`), it is the account's turn (409), the
    /// rules allow the move (422).
    ///
    /// One flow: read the game (this instance's copy when it stands at `seen`),
    /// decide the move on it (`decide_move`), append it with its events in
    /// one conditional write, and answer; the re-reads are `RETRY`'s.
    ///
    /// # Errors
    /// As above.
    #[tracing::instrument(level = "debug", skip_all, fields(game = %id, account = %account.id, seen, pit))]
    pub async fn play_move(
        &self,
        account: &Account,
        id: GameId,
        seen: i64,
        pit: i64,
    ) -> Result<MoveOutcome> {
        let first = match self.cache.get(id, seen) {
            Some(copy) => Read::copy(copy),
            None => Read::fresh(self.game(id).await?),
        };
        self.with_retries(id, first, RETRY.move_attempts, |read| {
            self.try_move(read, account, seen, pit)
        })
        .await
    }

    /// One attempt at a move from `read`: the decision, then the conditional append.
    async fn try_move(
        &self,
        read: Read,
        account: &Account,
        seen: i64,
        pit: i64,
    ) -> Result<Attempt<MoveOutcome>> {
        // The lines of the game, read fresh, only where some were ever set: a copy
        // that missed the first ones makes the append miss and the game read again.
        let game = read.game.game();
        let (plan_rev, lines) = if game.plan_rev > 0 {
            self.store.game_lines(game.id).await?
        } else {
            (game.plan_rev, Vec::new())
        };
        let decided = self.decide_move(&read.game, account, seen, pit, &lines);
        let planned = match (decided, read.fresh) {
            (Ok(Decision::Play(planned)), _) => planned,
            (Ok(Decision::AlreadyPlayed), true) => {
                return Ok(Attempt::Done(MoveOutcome::AlreadyPlayed(read.game)));
            }
            (Err(refusal), true) => return Err(refusal),
            // A copy may be stale: only a fresh read may refuse or call it a retry.
            (Ok(Decision::AlreadyPlayed) | Err(_), false) => return Ok(Attempt::ReadAgain),
        };
        let Planned {
            after,
            seen_ply,
            plies,
            json,
            events,
            lines,
            moves,
        } = *planned;
        let (id, state) = (after.game().id, &after.game().state);
        let seen = Seen {
            ply: seen_ply,
            plan_rev,
        };
        match self
            .store
            .append_move(id, seen, &plies, state, &events, lines.as_ref())
            .await
        {
            Ok(_) => {
                for _ in 0..moves {
                    crate::metrics::move_played(after.game().variant);
                }
                self.cache.put(&after);
                if state.status != GameStatus::Ongoing {
                    self.after_end(&after).await;
                }
                Ok(Attempt::Done(MoveOutcome::Played(after, json)))
            }
            Err(StoreError::Conflict) => Ok(Attempt::ReadAgain),
            Err(e) => Err(e.into()),
        }
    }

    /// What a move submission comes to on `loaded`: the checks in their documented
    /// order, then the rules; the game after the move, with its plies and events,
    /// made once for the write and the answer.
    ///
    /// `lines` are the game's conditional lines: where the opponent's lines start with
    /// this move, their owner's plies that follow are played at once, in the same
    /// write, each a move of its own with its events (see [`super::conditional`]).
    fn decide_move(
        &self,
        loaded: &LoadedGame,
        account: &Account,
        seen: i64,
        pit: i64,
        lines: &[Lines],
    ) -> Result<Decision> {
        let pit = match self.check_move(loaded, account, seen, pit)? {
            Checked::Play { pit } => pit,
            Checked::AlreadyPlayed => return Ok(Decision::AlreadyPlayed),
        };
        let mut engine = loaded.engine.clone();
        let before = engine.ply();
        engine.play(pit).map_err(Error::IllegalMove)?;
        let game = loaded.game();
        // The game after each move the append holds, in order.
        let mut after_each = vec![engine.clone()];
        // The lines that may answer are the opponent's (check_move made sure the
        // mover is to move).
        let owner_side = game.state.to_move.unwrap_or(Side::South).opposite();
        let owner = game.players.get(owner_side);
        let in_force = lines
            .iter()
            .find(|l| l.account == owner.id && l.ply == game.state.ply);
        let lines_after = match in_force {
            Some(l) => Some(super::conditional::follow(
                &mut engine,
                owner.id,
                owner_side,
                &l.lines,
                pit,
                |e| after_each.push(e.clone()),
            )),
            // Lines that no longer stand where the game is go with this move.
            None if !lines.is_empty() => Some(LinesAfter {
                owner: owner.id,
                kept: None,
                played: Vec::new(),
            }),
            None => None,
        };
        let now = self.now();
        let plies: Vec<Move> = engine.plies()[before..]
            .iter()
            .enumerate()
            .map(|(i, p)| Move {
                ply: u32::try_from(before + i + 1).unwrap_or(u32::MAX),
                side: p.side(),
                pit: p.pit(),
                at: now,
            })
            .collect();
        let due = crate::deadline::deadline(now, game.days_per_move, game.terms.weekend_pause);
        // The game as it stands after each move: what its events carry. Each move
        // tells both players; only the last tells whose turn it is, or the end.
        let moves = after_each.len();
        let mut events = Vec::new();
        let mut json = None;
        for (i, engine) in after_each.into_iter().enumerate() {
            let mut after = LoadedGame {
                stored: loaded.stored.clone(),
                engine,
                match_ref: loaded.match_ref,
            };
            let made = after.engine.ply() - before;
            after.stored.game.state = state_of(&after.engine, due, now);
            after.stored.moves.extend(plies[..made].iter().copied());
            let this_json = events::game_json(&after);
            let mut these = events::game_events_of(&after, Some(EventKind::Move), now, &this_json);
            if i + 1 < moves {
                these.retain(|e| e.kind == EventKind::Move);
                events.extend(these);
            } else {
                events.extend(these);
                json = Some((after, this_json));
            }
        }
        let (after, json) = json.ok_or_else(|| Error::internal("a move without its game"))?;
        Ok(Decision::Play(Box::new(Planned {
            after,
            seen_ply: game.state.ply,
            plies,
            json,
            events,
            lines: lines_after,
            moves,
        })))
    }

    /// Runs `attempt` from `first`, then from a fresh read of game `id` each time it
    /// asks to read again, as [`RETRY`] allows for `attempts`; past them, 409
    /// `conflict`.
    async fn with_retries<T, F, Fut>(
        &self,
        id: GameId,
        first: Read,
        attempts: usize,
        mut attempt: F,
    ) -> Result<T>
    where
        F: FnMut(Read) -> Fut,
        Fut: std::future::Future<Output = Result<Attempt<T>>>,
    {
        let mut read = first;
        for tried in 1..=attempts {
            match attempt(read).await? {
                Attempt::Done(answer) => return Ok(answer),
                // The game is read again only for an attempt still to come.
                Attempt::ReadAgain if tried < attempts => {
                    read = Read::fresh(self.game(id).await?);
                }
                Attempt::ReadAgain => break,
            }
        }
        Err(Error::conflict(
            "conflict",
            "the game changed meanwhile: retry",
        ))
    }

    /// What follows the end of `ended`'s game: its match advances, and its tournament
    /// finishes if that was its last game. The game knows both (they are fixed when it
    /// starts), so the end of a game in neither, most of them, waits on no database
    /// round trip: while Postgres is away each would wait 2 s for a connection before
    /// the committed end is answered (bench/faults.sh).
    async fn after_end(&self, ended: &LoadedGame) {
        let game = ended.game();
        self.game_ended(game.id, ended.match_ref.map(|m| m.id))
            .await;
        self.tournament_game_ended(game.id, game.tournament.as_ref().map(|t| t.id))
            .await;
    }

    /// The checks of a move submission before the rules, in the documented order.
    fn check_move(
        &self,
        loaded: &LoadedGame,
        account: &Account,
        seen: i64,
        pit: i64,
    ) -> Result<Checked> {
        let side = loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
        let state = &loaded.game().state;
        if state.status != GameStatus::Ongoing {
            return Err(Error::GameOver);
        }
        if seen != i64::from(state.ply) {
            let same = usize::try_from(seen)
                .ok()
                .and_then(|i| loaded.stored.moves.get(i))
                .is_some_and(|m| {
                    m.side == side && m.pit.map(|p| i64::from(p.number())) == Some(pit)
                });
            return if same {
                Ok(Checked::AlreadyPlayed)
            } else {
                Err(Error::StalePly {
                    current: state.ply,
                    seen,
                })
            };
        }
        if state.to_move != Some(side) {
            return Err(Error::NotYourTurn);
        }
        let pit = u8::try_from(pit)
            .ok()
            .and_then(Pit::new)
            .ok_or(Error::IllegalMove(seedpost_rules::IllegalMove::OutOfRange))?;
        Ok(Checked::Play { pit })
    }

    /// Resigns game `id` for `account`: a loss for it, a win for the opponent.
    ///
    /// # Errors
    /// `not_found`, `not_a_player`, `game_over`.
    #[tracing::instrument(level = "debug", skip_all, fields(game = %id, account = %account.id))]
    pub async fn resign(&self, account: &Account, id: GameId) -> Result<LoadedGame> {
        self.end_by(account, id, |_, side| {
            Ok((GameStatus::Finished, Some(side.opposite()), Ending::Resign))
        })
        .await
    }

    /// Aborts game `id`: allowed to either player before both sides have moved;
    /// scores nothing.
    ///
    /// # Errors
    /// `not_found`, `not_a_player`, `game_over`, `too_late_to_abort` (409).
    #[tracing::instrument(level = "debug", skip_all, fields(game = %id, account = %account.id))]
    pub async fn abort(&self, account: &Account, id: GameId) -> Result<LoadedGame> {
        self.end_by(account, id, |loaded, _| {
            let moved = |side: Side| {
                loaded
                    .stored
                    .moves
                    .iter()
                    .any(|m| m.side == side && m.pit.is_some())
            };
            if moved(Side::South) && moved(Side::North) {
                return Err(Error::conflict(
                    "too_late_to_abort",
                    "both sides have moved: the game can no longer be aborted",
                ));
            }
            Ok((GameStatus::Aborted, None, Ending::Abort))
        })
        .await
    }

    /// Ends a game for a player by resignation or abort, decided by `decide`, with
    /// [`RETRY`]'s re-reads.
    async fn end_by(
        &self,
        account: &Account,
        id: GameId,
        decide: impl Fn(&LoadedGame, Side) -> Result<(GameStatus, Option<Side>, Ending)>,
    ) -> Result<LoadedGame> {
        let first = Read::fresh(self.game(id).await?);
        self.with_retries(id, first, RETRY.end_attempts, |read| {
            self.try_end(read.game, account, &decide)
        })
        .await
    }

    /// One attempt at ending `loaded` for `account`: the checks, then the conditional
    /// write of the ended state.
    async fn try_end(
        &self,
        loaded: LoadedGame,
        account: &Account,
        decide: &impl Fn(&LoadedGame, Side) -> Result<(GameStatus, Option<Side>, Ending)>,
    ) -> Result<Attempt<LoadedGame>> {
        let side = loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
        if loaded.game().state.status != GameStatus::Ongoing {
            return Err(Error::GameOver);
        }
        let (status, winner, ending) = decide(&loaded, side)?;
        match self.write_end(loaded, status, winner, ending).await? {
            Some(after) => {
                self.after_end(&after).await;
                Ok(Attempt::Done(after))
            }
            None => Ok(Attempt::ReadAgain),
        }
    }

    /// Writes the end of `loaded`'s game by the server (resign, abort, timeout), if it
    /// still stands at the ply it was read at: the state [`ended_state`] makes of
    /// `status`, `winner` and `ending`, and the events that tell both players, in one
    /// conditional write; this instance's copy of the game goes. The one write of
    /// every such ending.
    ///
    /// Returns the game after it; `None` when another writer got there first and
    /// nothing was written.
    ///
    /// # Errors
    /// Storage errors.
    async fn write_end(
        &self,
        loaded: LoadedGame,
        status: GameStatus,
        winner: Option<Side>,
        ending: Ending,
    ) -> Result<Option<LoadedGame>> {
        let now = self.now();
        let (id, seen) = (loaded.game().id, loaded.game().state.ply);
        let mut after = loaded;
        after.stored.game.state = ended_state(&after.game().state, status, winner, ending, now);
        let events = events::game_events(&after, None, now);
        match self
            .store
            .end_game(id, seen, &after.game().state, &events)
            .await
        {
            Ok(_) => {
                self.cache.forget(id);
                Ok(Some(after))
            }
            Err(StoreError::Conflict) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Aborts a game of a decided match (no points), unless it ended meanwhile; a
    /// game still changing after [`RETRY`]'s attempts is left to the next sweep.
    pub(crate) async fn abort_for_match(&self, id: GameId) -> Result<()> {
        for _ in 0..RETRY.end_attempts {
            let loaded = self.game(id).await?;
            if loaded.game().state.status != GameStatus::Ongoing {
                return Ok(());
            }
            let written = self
                .write_end(loaded, GameStatus::Aborted, None, Ending::Abort)
                .await?;
            if written.is_some() {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Ends every game whose deadline has passed: the side to move loses on time, or,
    /// if it has not moved yet in the game, the game is aborted. Returns the games
    /// this call ended; a game another sweeper (or a move) got to first is skipped.
    /// Expired vacations end, due tournaments start ([`Service::sweep_tournaments`]) and
    /// deadline reminders go out first ([`Service::remind_deadlines`]); matches are
    /// advanced last ([`Service::advance_matches`]).
    ///
    /// # Errors
    /// Storage errors.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn sweep_timeouts(&self) -> Result<Vec<GameId>> {
        self.end_expired_vacations().await?;
        self.sweep_tournaments().await?;
        self.remind_deadlines().await?;
        let now = self.now();
        let mut ended = Vec::new();
        for game in self.store.overdue_games(now, 200).await? {
            let loaded = match self.game(game.id).await {
                Ok(l) => l,
                Err(Error::NotFound(_)) => continue,
                Err(e) => return Err(e),
            };
            let state = &loaded.game().state;
            let (Some(late), GameStatus::Ongoing) = (state.to_move, state.status) else {
                continue;
            };
            if state.deadline.is_none_or(|d| d >= now) {
                continue;
            }
            let has_moved = loaded
                .stored
                .moves
                .iter()
                .any(|m| m.side == late && m.pit.is_some());
            let (status, winner, ending) = if has_moved {
                (GameStatus::Finished, Some(late.opposite()), Ending::Timeout)
            } else {
                (GameStatus::Aborted, None, Ending::Abort)
            };
            if let Some(after) = self.write_end(loaded, status, winner, ending).await? {
                tracing::info!(game = %game.id, ending = ending.code(), "deadline passed");
                ended.push(game.id);
                self.after_end(&after).await;
            }
        }
        self.advance_matches().await?;
        Ok(ended)
    }

    /// Tells each player to move who has used 80% of the time for its move (that
    /// is, whose deadline is a fifth of the days per move away or nearer) with a
    /// `time_running_out` event, once per ply; returns how many were told. Players on
    /// vacation are not told while away. Under the weekend pause the fifth is of
    /// calendar time before the deadline.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn remind_deadlines(&self) -> Result<usize> {
        let now = self.now();
        let mut told = 0;
        for days in DaysPerMove::all() {
            let horizon = now + days.reminder_lead();
            for game in self.store.games_to_remind(days, horizon, 200).await? {
                if !game
                    .state
                    .deadline
                    .is_some_and(|d| days.running_out(d, now))
                {
                    continue;
                }
                let loaded = match self.game(game.id).await {
                    Ok(l) => l,
                    Err(Error::NotFound(_)) => continue,
                    Err(e) => return Err(e),
                };
                if loaded.game().state.ply != game.state.ply {
                    continue;
                }
                let Some(event) = events::reminder_event(&loaded, now) else {
                    continue;
                };
                let events = [event];
                match self.store.remind(game.id, game.state.ply, &events).await {
                    Ok(_) => {
                        told += 1;
                    }
                    Err(StoreError::Conflict | StoreError::NotFound) => {}
                    Err(e) => return Err(e.into()),
                }
            }
        }
        Ok(told)
    }

    /// The standings of one variant, or of all: `limit` lines (100 for 0, at most
    /// 500) after the first `offset`.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn standings(
        &self,
        variant: Option<Variant>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Standing>> {
        Ok(self
            .reads
            .run(|s| s.standings(variant, limit, offset))
            .await?)
    }

    /// The account's place (1 for the first) and line in the standings of one
    /// variant, or of all; `None` when it has finished no such game.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn standing_of(
        &self,
        variant: Option<Variant>,
        account: &Account,
    ) -> Result<Option<(u32, Standing)>> {
        Ok(self
            .reads
            .run(|s| s.standing_of(variant, account.id))
            .await?)
    }

    /// A game in the text notation, with its players, dates and result as tags.
    ///
    /// # Errors
    /// `not_found`.
    #[tracing::instrument(level = "debug", skip_all, fields(game = %id))]
    pub async fn record(&self, id: GameId) -> Result<String> {
        let loaded = self.game(id).await?;
        Ok(record_of(&loaded).to_string())
    }
}

/// The record of a loaded game (RULES.md §C8).
#[must_use]
pub fn record_of(loaded: &LoadedGame) -> Record {
    let game = loaded.game();
    let mut record = Record::of(&loaded.engine)
        .with_tag("South", game.players.south.username.as_str())
        .with_tag("North", game.players.north.username.as_str())
        .with_tag("Started", &game.created_at.to_rfc3339())
        .with_tag("DaysPerMove", &game.days_per_move.days().to_string());
    match &game.state.result {
        Some(result) if game.state.status == GameStatus::Finished => {
            record = record
                .with_tag("Ended", &game.state.updated_at.to_rfc3339())
                .with_tag("Result", seedpost_rules::result_tag(result.winner))
                .with_tag("EndedBy", result.ending.code());
        }
        Some(result) => {
            record = record
                .with_tag("Ended", &game.state.updated_at.to_rfc3339())
                .with_tag("Result", "*")
                .with_tag("EndedBy", result.ending.code());
        }
        None => record = record.with_tag("Result", "*"),
    }
    record
}

/// The state of a game ended by the server (resign, timeout, abort): the board stays
/// as it is and the score is the stores.
pub fn ended_state(
    state: &GameState,
    status: GameStatus,
    winner: Option<Side>,
    ending: Ending,
    now: DateTime<Utc>,
) -> GameState {
    GameState {
        status,
        to_move: None,
        deadline: None,
        result: Some(GameResult {
            score: state.stores,
            winner,
            ending,
        }),
        updated_at: now,
        ..state.clone()
    }
}
