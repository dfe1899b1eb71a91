//! Round-robin tournaments: create, join, leave or withdraw; the sweeper starts them
//! at their start time (every pairing at once) and finishes them when their last game
//! ends. The pairings and the crosstable are `crate::competition::tournament`'s.

use chrono::{DateTime, NaiveDateTime, Utc};
use seedpost_rules::{BySide, Position, Side, Variant};
use serde::Serialize;

use crate::competition::entity::{
    Entrant, NewTournament, NewTournamentGame, Tournament, TournamentGame,
};
use crate::competition::json::{StandingLineJson, TournamentJson};
use crate::competition::store::TournamentStore;
use crate::competition::tournament::{
    CrossRow, MAX_PLAYERS, Score, ScoredGame, TournamentStatus, crosstable, pairings,
};
use crate::domain::TournamentRef;
use crate::domain::{AccountId, DaysPerMove, EventKind, GameId, GameStatus, Terms, TournamentId};
use crate::error::{Error, Result};
use crate::games::service::LoadedGame;
use crate::service::{Service, events};
use crate::store::{Account, Game, GameState, GameWithMoves, NewEvent, NewGame, StoreError};

/// A tournament as asked for, before validation.
#[derive(Debug, Clone)]
pub struct TournamentRequest {
    /// 1 to 60 characters (trimmed).
    pub name: String,
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    pub variant: String,
    /// 1, 2, 3, 5, 7, 10 or 14; `None` for 3.
    pub days_per_move: Option<i64>,
    /// Each pair plays twice, sides swapped.
    pub double: bool,
    /// Rated games.
    pub rated: bool,
    /// Whether a player's vacation stops the clocks of its games here.
    pub vacation_allowed: bool,
    /// 2 to 32; `None` for 8.
    pub max_players: Option<i64>,
    /// When it starts: RFC 3339, or `YYYY-MM-DDTHH:MM` taken as UTC (what a browser's
    /// date-time field sends).
    pub starts_at: String,
}

/// Players when a tournament does not say.
const DEFAULT_MAX_PLAYERS: i64 = 8;

/// Days per move when a tournament does not say.
const DEFAULT_DAYS: i64 = 3;

/// A tournament with its players, games and crosstable.
#[derive(Debug, Clone)]
pub struct TournamentView {
    /// The tournament.
    pub tournament: Tournament,
    /// Its players, by join time.
    pub entrants: Vec<Entrant>,
    /// Its games.
    pub games: Vec<TournamentGame>,
    /// The crosstable, best first (final once the tournament has finished).
    pub table: Vec<CrossRow>,
}

impl TournamentView {
    /// Whether `account` plays in it (withdrawn or not).
    #[must_use]
    pub fn has(&self, account: AccountId) -> bool {
        self.entrants.iter().any(|e| e.player.id == account)
    }

    /// Whether `account` withdrew from it.
    #[must_use]
    pub fn withdrew(&self, account: AccountId) -> bool {
        self.entrants
            .iter()
            .any(|e| e.player.id == account && e.withdrawn_at.is_some())
    }
}

/// What a game scores in the crosstable.
fn scored(game: &Game) -> ScoredGame {
    let score = match (&game.state.result, game.state.status) {
        (Some(result), GameStatus::Finished) => match result.winner {
            Some(side) => Score::Win(side),
            None => Score::Draw,
        },
        _ => Score::None,
    };
    ScoredGame {
        south: game.players.south.id,
        north: game.players.north.id,
        score,
    }
}

/// Parses a start time: RFC 3339, or a browser's `YYYY-MM-DDTHH:MM[:SS]` as UTC.
fn parse_start(text: &str) -> Option<DateTime<Utc>> {
    let text = text.trim();
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
                .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"))
                .ok()
                .map(|t| t.and_utc())
        })
}

/// Checks a tournament's name: 1 to 60 characters once trimmed, none of them a
/// control character or a bidirectional override (the API and `crate::transfer`
/// check with it).
///
/// # Errors
/// `invalid_name` (422).
pub fn parse_name(name: &str) -> Result<&str> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 60 || crate::domain::check_text(name).is_err() {
        return Err(Error::unprocessable(
            "invalid_name",
            "a tournament's name has 1 to 60 characters, none of them a control character",
        ));
    }
    Ok(name)
}

impl Service {
    /// Creates an open tournament. Its creator does not play unless it joins.
    ///
    /// # Errors
    /// `invalid_name`, `invalid_variant`, `invalid_days_per_move`,
    /// `invalid_max_players`, `invalid_starts_at`, `too_many_tournaments` (422: the
    /// account has created as many open tournaments as
    /// [`FloodLimits::open_tournaments`](crate::accounts::service::floods::FloodLimits::open_tournaments)).
    pub async fn create_tournament(
        &self,
        account: &Account,
        request: TournamentRequest,
    ) -> Result<Tournament> {
        let name = parse_name(&request.name)?;
        let variant = Variant::parse_offered(&request.variant)
            .map_err(|e| Error::unprocessable("invalid_variant", format!("variant: {e}")))?;
        let days_per_move = DaysPerMove::new(request.days_per_move.unwrap_or(DEFAULT_DAYS))
            .map_err(|e| Error::unprocessable("invalid_days_per_move", e.to_string()))?;
        let max_players = request
            .max_players
            .unwrap_or(DEFAULT_MAX_PLAYERS)
            .clamp(0, i64::from(u32::MAX));
        let max_players = u32::try_from(max_players)
            .ok()
            .filter(|n| (2..=MAX_PLAYERS).contains(n))
            .ok_or_else(|| {
                Error::unprocessable(
                    "invalid_max_players",
                    format!("a tournament has 2 to {MAX_PLAYERS} players"),
                )
            })?;
        let now = self.now();
        let starts_at = parse_start(&request.starts_at)
            .filter(|t| *t > now)
            .ok_or_else(|| {
                Error::unprocessable(
                    "invalid_starts_at",
                    "starts_at is a time in the future: RFC 3339, or YYYY-MM-DDTHH:MM in UTC",
                )
            })?;
        let tournament = NewTournament {
            id: TournamentId::new(),
            name: name.to_owned(),
            creator: account.id,
            variant,
            days_per_move,
            double: request.double,
            rated: request.rated,
            vacation_allowed: request.vacation_allowed,
            max_players,
            starts_at,
            created_at: now,
        };
        let cap = self.floods.open_tournaments;
        match self.store.create_tournament(&tournament, cap).await {
            Err(StoreError::Full) => Err(Error::unprocessable(
                "too_many_tournaments",
                format!(
                    "an account has at most {cap} open tournaments of its own: wait for one \
                     to start"
                ),
            )),
            other => Ok(other?),
        }
    }

    /// Tournaments, of one status or all: open ones first, soonest start first, then
    /// the others, newest first; `limit` (100 for 0, at most 500) after the first
    /// `offset`.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn tournaments(
        &self,
        status: Option<TournamentStatus>,
        limit: u32,
        offset: u32,
    ) -> Result<Vec<Tournament>> {
        Ok(self
            .reads
            .run(|s| s.tournaments(status, limit, offset))
            .await?)
    }

    /// A tournament with its players, games and crosstable.
    ///
    /// # Errors
    /// `not_found` (404).
    pub async fn tournament(&self, id: TournamentId) -> Result<TournamentView> {
        // The three from one database: the crosstable adds up what the lists hold.
        let read = self
            .reads
            .run(|s| async move {
                let tournament = s.tournament(id).await?;
                Ok((
                    tournament,
                    s.entrants(id).await?,
                    s.tournament_games(id).await?,
                ))
            })
            .await;
        let (tournament, entrants, games) = match read {
            Err(StoreError::NotFound) => return Err(Error::NotFound("tournament")),
            other => other?,
        };
        let players: Vec<(AccountId, String)> = entrants
            .iter()
            .map(|e| (e.player.id, e.player.username.to_string()))
            .collect();
        let scores: Vec<ScoredGame> = games.iter().map(|g| scored(&g.game)).collect();
        let table = crosstable(&players, &scores);
        Ok(TournamentView {
            tournament,
            entrants,
            games,
            table,
        })
    }

    /// Joins an open tournament before its start.
    ///
    /// # Errors
    /// `not_found` (404); `tournament_started` (409) once it has started (or ended);
    /// `tournament_full` (409); `already_joined` (409).
    pub async fn join_tournament(
        &self,
        account: &Account,
        id: TournamentId,
    ) -> Result<TournamentView> {
        match self.store.join_tournament(id, account.id, self.now()).await {
            Ok(()) => self.tournament(id).await,
            Err(StoreError::NotFound) => Err(Error::NotFound("tournament")),
            Err(StoreError::Conflict) => {
                // Why, for the answer only: the join itself was settled in the store.
                let view = self.tournament(id).await?;
                Err(if view.has(account.id) {
                    Error::conflict("already_joined", "you are in this tournament already")
                } else if view.tournament.status != TournamentStatus::Open
                    || view.tournament.starts_at <= self.now()
                {
                    started()
                } else {
                    Error::conflict("tournament_full", "the tournament is full")
                })
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Leaves a tournament: before its start the player is simply taken out; once it
    /// runs, the player withdraws and each of its games still going on is resigned
    /// (a loss). Repeating a withdrawal resigns any game left.
    ///
    /// # Errors
    /// `not_found` (404); `not_in_tournament` (409) for a player who is not in it;
    /// `tournament_over` (409) once it has finished or was canceled.
    pub async fn withdraw_from_tournament(
        &self,
        account: &Account,
        id: TournamentId,
    ) -> Result<TournamentView> {
        let view = self.tournament(id).await?;
        if !view.has(account.id) {
            return Err(not_in());
        }
        match view.tournament.status {
            TournamentStatus::Open => match self.store.leave_tournament(id, account.id).await {
                Ok(()) => return self.tournament(id).await,
                Err(StoreError::NotFound) => return Err(not_in()),
                // It started meanwhile: withdraw from the running tournament.
                Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            },
            TournamentStatus::Running => {}
            TournamentStatus::Finished | TournamentStatus::Canceled => return Err(over()),
        }
        match self
            .store
            .withdraw_from_tournament(id, account.id, self.now())
            .await
        {
            Ok(_) => {}
            Err(StoreError::NotFound) => return Err(not_in()),
            Err(StoreError::Conflict) => return Err(over()),
            Err(e) => return Err(e.into()),
        }
        let games = self.store.tournament_games(id).await?;
        for game in games.iter().map(|g| &g.game).filter(|g| {
            g.state.status == GameStatus::Ongoing
                && crate::games::service::side_of(g, account.id).is_some()
        }) {
            match self.resign(account, game.id).await {
                Ok(_) | Err(Error::GameOver) => {}
                Err(e) => return Err(e),
            }
        }
        self.tournament(id).await
    }

    /// Starts every open tournament whose start has come (or cancels it, with fewer
    /// than two players), then finishes every running one whose games are all over;
    /// the sweeper calls it. Returns how many it started. A tournament that fails is
    /// logged and left for the next sweep, so that it cannot hold up the others (nor
    /// the timeouts swept after it).
    ///
    /// # Errors
    /// Storage errors while listing the tournaments to start or finish.
    pub async fn sweep_tournaments(&self) -> Result<usize> {
        let now = self.now();
        let mut started = 0;
        for id in self.store.due_tournaments(now).await? {
            match self.start_tournament(id).await {
                Ok(true) => started += 1,
                Ok(false) => {}
                Err(e) => {
                    tracing::warn!(tournament = %id, error = %crate::error::Chain(&e), "tournament not started")
                }
            }
        }
        for id in self.store.tournaments_to_finish().await? {
            if let Err(e) = self.finish_tournament(id).await {
                tracing::warn!(tournament = %id, error = %crate::error::Chain(&e), "tournament not finished");
            }
        }
        Ok(started)
    }

    /// Starts tournament `id` if its start has come: every pairing becomes a game, in
    /// one transaction with the tournament's change to running (another sweeper, or a
    /// late join, makes it give up: the next sweep tries again). Returns whether this
    /// call started it.
    async fn start_tournament(&self, id: TournamentId) -> Result<bool> {
        let view = self.tournament(id).await?;
        let tournament = &view.tournament;
        let now = self.now();
        if tournament.status != TournamentStatus::Open || tournament.starts_at > now {
            return Ok(false);
        }
        let players: Vec<AccountId> = view.entrants.iter().map(|e| e.player.id).collect();
        if players.len() < 2 {
            let events = tournament_events(&view, EventKind::TournamentFinish, now, |t| {
                t.status = TournamentStatus::Canceled;
                t.ended_at = Some(now);
            });
            match self.store.cancel_tournament(id, now, &events).await {
                Ok(_) => {
                    tracing::info!(tournament = %id, "canceled: fewer than two players");
                }
                Err(StoreError::Conflict | StoreError::NotFound) => {}
                Err(e) => return Err(e.into()),
            }
            return Ok(false);
        }
        let mut games = Vec::new();
        let mut events = Vec::new();
        for pairing in pairings(&players, tournament.double) {
            let (game, loaded) = self.new_game(&view, pairing.south, pairing.north, now)?;
            events.extend(events::game_events(
                &loaded,
                Some(EventKind::GameStart),
                now,
            ));
            games.push(NewTournamentGame {
                cycle: pairing.cycle,
                game,
            });
        }
        events.extend(tournament_events(
            &view,
            EventKind::TournamentStart,
            now,
            |t| t.status = TournamentStatus::Running,
        ));
        match self
            .store
            .start_tournament(id, &players, &games, now, &events)
            .await
        {
            Ok(_) => {
                tracing::info!(tournament = %id, games = games.len(), "tournament started");
                Ok(true)
            }
            Err(StoreError::Conflict | StoreError::NotFound) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// A new game of tournament `view` between `south` (who moves first) and `north`,
    /// with the game as events show it.
    fn new_game(
        &self,
        view: &TournamentView,
        south: AccountId,
        north: AccountId,
        now: DateTime<Utc>,
    ) -> Result<(NewGame, LoadedGame)> {
        let tournament = &view.tournament;
        let player = |id: AccountId| {
            view.entrants
                .iter()
                .find(|e| e.player.id == id)
                .map(|e| e.player.clone())
                .ok_or_else(|| Error::internal(format!("no entrant {id}")))
        };
        let first = Side::South;
        let start = Position::start(tournament.variant, first);
        let terms = Terms {
            rated: tournament.rated,
            weekend_pause: false,
        };
        let state = GameState {
            status: GameStatus::Ongoing,
            ply: 0,
            to_move: Some(first),
            board: crate::games::json::board(&start),
            stores: start.stores(),
            deadline: Some(crate::deadline::deadline(
                now,
                tournament.days_per_move,
                false,
            )),
            result: None,
            updated_at: now,
        };
        let game = NewGame {
            id: GameId::new(),
            variant: tournament.variant,
            players: BySide::new(south, north),
            first,
            days_per_move: tournament.days_per_move,
            terms,
            state: state.clone(),
            created_at: now,
        };
        let loaded = LoadedGame::new(GameWithMoves {
            game: Game {
                id: game.id,
                variant: game.variant,
                players: BySide::new(player(south)?, player(north)?),
                first,
                days_per_move: game.days_per_move,
                terms,
                on_vacation: BySide::default(),
                plan_rev: 0,
                challenge_id: None,
                tournament: Some(TournamentRef {
                    id: tournament.id,
                    name: tournament.name.clone(),
                }),
                created_at: now,
                state,
            },
            moves: Vec::new(),
        })?;
        Ok((game, loaded))
    }

    /// Finishes tournament `id` if it runs and none of its games goes on, telling
    /// each player the final standing. Idempotent: another writer finishing it first
    /// is no error.
    async fn finish_tournament(&self, id: TournamentId) -> Result<()> {
        let view = self.tournament(id).await?;
        let over = view
            .games
            .iter()
            .all(|g| g.game.state.status != GameStatus::Ongoing);
        if view.tournament.status != TournamentStatus::Running || !over {
            return Ok(());
        }
        let now = self.now();
        let events = tournament_events(&view, EventKind::TournamentFinish, now, |t| {
            t.status = TournamentStatus::Finished;
            t.ended_at = Some(now);
        });
        match self.store.finish_tournament(id, now, &events).await {
            Ok(_) => {
                tracing::info!(tournament = %id, "tournament finished");
                Ok(())
            }
            Err(StoreError::Conflict | StoreError::NotFound) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// After game `id` of tournament `of` (`None` for a game outside any) ended:
    /// finishes the tournament if that was its last game. A failure is logged, not
    /// returned (the game's end stands; the sweeper finishes the tournament later).
    pub(crate) async fn tournament_game_ended(&self, id: GameId, of: Option<TournamentId>) {
        let Some(tournament) = of else { return };
        if let Err(e) = self.finish_tournament(tournament).await {
            tracing::warn!(game = %id, error = %crate::error::Chain(&e), "tournament not finished yet");
        }
    }
}

/// An event of `kind` to every player of `view`, carrying the tournament as
/// `change` leaves it and its standings.
fn tournament_events(
    view: &TournamentView,
    kind: EventKind,
    at: DateTime<Utc>,
    change: impl FnOnce(&mut Tournament),
) -> Vec<NewEvent> {
    let mut tournament = view.tournament.clone();
    change(&mut tournament);
    let shown = TournamentView {
        tournament,
        ..view.clone()
    };
    let body = TournamentEventJson {
        tournament: TournamentJson::of(&shown.tournament),
        standings: StandingLineJson::all(&shown),
    };
    let payload = serde_json::to_string(&body).unwrap_or_else(|_| "{}".to_owned());
    view.entrants
        .iter()
        .map(|e| events::new_event(e.player.id, kind, &payload, at))
        .collect()
}

fn started() -> Error {
    Error::conflict(
        "tournament_started",
        "the tournament has started: joining is closed",
    )
}

fn over() -> Error {
    Error::conflict("tournament_over", "the tournament is over")
}

fn not_in() -> Error {
    Error::conflict("not_in_tournament", "you are not in this tournament")
}

/// The payload of `tournament_start` and `tournament_finish` events.
#[derive(Debug, Clone, Serialize)]
struct TournamentEventJson {
    tournament: TournamentJson,
    standings: Vec<StandingLineJson>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::time;

    #[test]
    fn a_start_time_is_rfc_3339_or_a_browser_date_time_in_utc() {
        let at = |s: &str| parse_start(s).map(time);
        assert_eq!(
            at("2026-12-05T12:00:00+02:00").as_deref(),
            Some("2026-12-05T10:00:00.000Z")
        );
        assert_eq!(
            at("2026-12-05T12:00").as_deref(),
            Some("2026-12-05T12:00:00.000Z")
        );
        assert_eq!(at("next friday"), None);
    }
}
