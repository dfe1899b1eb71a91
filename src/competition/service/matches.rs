//! Matches: a challenge of several games starts a match; each game's end advances it
//! (the next game of a sequential match, the end of a decided one), and the timeout
//! sweeper advances the matches a crash or a lost race left behind.
//!
//! Advancing is idempotent: it reads the match and its games, decides from them
//! alone, and writes through the store's guards (the primary key (match, number) of
//! `match_games`, a conditional update of an ongoing match), so that any number of
//! advances, on any number of instances, create each game once and finish once.

use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Position, Side};

use crate::challenges::service::{closed, player};
use crate::competition::entity::{Match, NewMatch, first_in};
use crate::competition::json::{MatchJson, Tally};
use crate::competition::store::MatchStore;
use crate::domain::MatchRef;
use crate::domain::{
    DaysPerMove, EventKind, GameId, GameStatus, MatchId, MatchStatus, Schedule, Terms,
};
use crate::error::{Error, Result};
use crate::games::service::LoadedGame;
use crate::service::{Service, events};
use crate::store::{
    Account, Challenge, Game, GameState, GameWithMoves, NewEvent, NewGame, Player, StoreError,
};

/// A match with the states of its games.
#[derive(Debug, Clone)]
pub struct MatchView {
    /// The stored match.
    pub stored: Match,
    /// Its games as they stand, by number.
    pub games: Vec<Game>,
}

impl MatchView {
    /// The JSON of the API and of `match_finish` events.
    #[must_use]
    pub fn json(&self) -> MatchJson {
        MatchJson::of(&self.stored, &self.games)
    }

    /// The score so far.
    #[must_use]
    pub fn tally(&self) -> Tally {
        Tally::of(&self.games)
    }
}

/// How many matches one sweep advances at most.
const MATCHES_PER_SWEEP: u32 = 200;

/// A new game at ply 0 between `players` (South, North).
fn new_game(
    variant: seedpost_rules::Variant,
    players: BySide<crate::domain::AccountId>,
    first: Side,
    days_per_move: DaysPerMove,
    terms: Terms,
    now: DateTime<Utc>,
) -> NewGame {
    let start = Position::start(variant, first);
    NewGame {
        id: GameId::new(),
        variant,
        players,
        first,
        days_per_move,
        terms,
        state: GameState {
            status: GameStatus::Ongoing,
            ply: 0,
            to_move: Some(first),
            board: crate::games::json::board(&start),
            stores: start.stores(),
            deadline: Some(crate::deadline::deadline(
                now,
                days_per_move,
                terms.weekend_pause,
            )),
            result: None,
            updated_at: now,
        },
        created_at: now,
    }
}

/// The game `game` as it starts, for its `game_start` events.
fn started(
    game: &NewGame,
    players: &BySide<Player>,
    challenge_id: Option<crate::domain::ChallengeId>,
    match_ref: MatchRef,
) -> Result<LoadedGame> {
    let mut loaded = LoadedGame::new(GameWithMoves {
        game: Game {
            id: game.id,
            variant: game.variant,
            players: players.clone(),
            first: game.first,
            days_per_move: game.days_per_move,
            terms: game.terms,
            on_vacation: BySide::default(),
            plan_rev: 0,
            challenge_id,
            tournament: None,
            created_at: game.created_at,
            state: game.state.clone(),
        },
        moves: Vec::new(),
    })?;
    loaded.match_ref = Some(match_ref);
    Ok(loaded)
}

impl Service {
    /// Accepts a challenge of several games: starts its match with game 1 (whose
    /// first mover is `first`), or all its games when they are played at once.
    pub(crate) async fn accept_match(
        &self,
        account: &Account,
        challenge: &Challenge,
        first: Side,
        now: DateTime<Utc>,
    ) -> Result<Game> {
        let terms = challenge.match_terms;
        let ids = BySide::new(challenge.challenger.id, account.id);
        let players = BySide::new(challenge.challenger.clone(), player(account));
        let new_match = NewMatch {
            id: MatchId::new(),
            challenge_id: challenge.id,
            variant: challenge.variant,
            players: ids,
            days_per_move: challenge.days_per_move,
            terms: challenge.terms,
            match_terms: terms,
            first,
            created_at: now,
        };
        let count = match terms.schedule {
            Schedule::Sequential => 1,
            Schedule::Parallel => terms.games(),
        };
        let mut games = Vec::with_capacity(usize::from(count));
        let mut events = Vec::new();
        for number in 1..=count {
            let game = new_game(
                challenge.variant,
                ids,
                first_in(first, number),
                challenge.days_per_move,
                challenge.terms,
                now,
            );
            let match_ref = MatchRef {
                id: new_match.id,
                number,
                of: terms.games(),
            };
            let challenge_id = (number == 1).then_some(challenge.id);
            let loaded = started(&game, &players, challenge_id, match_ref)?;
            events.extend(events::game_events(
                &loaded,
                Some(EventKind::GameStart),
                now,
            ));
            games.push(game);
        }
        match self.store.accept_match(new_match, games, &events).await {
            Err(StoreError::Conflict) => Err(closed()),
            Ok(game) => Ok(game),
            Err(e) => Err(e.into()),
        }
    }

    /// A match with its games.
    ///
    /// # Errors
    /// `not_found` (404).
    pub async fn get_match(&self, id: MatchId) -> Result<MatchView> {
        let stored = match self.store.get_match(id).await {
            Err(StoreError::NotFound) => return Err(Error::NotFound("match")),
            other => other?,
        };
        let games = self.store.match_game_states(id).await?;
        Ok(MatchView { stored, games })
    }

    /// The matches of the player named `name`, newest first (at most 50).
    ///
    /// # Errors
    /// `not_found` (404) for an unknown player.
    pub async fn player_matches(&self, name: &str) -> Result<Vec<MatchView>> {
        let account = self.account(name).await?;
        let mut views = Vec::new();
        for stored in self.store.player_matches(account.id, 50).await? {
            let games = self.store.match_game_states(stored.id).await?;
            views.push(MatchView { stored, games });
        }
        Ok(views)
    }

    /// What follows the end of game `game` of match `of` (`None` for a game outside
    /// any match): the match advances. A failure is logged, not returned: the game's
    /// end is committed, and the sweeper advances the match later
    /// ([`Service::advance_matches`]).
    pub(crate) async fn game_ended(&self, game: GameId, of: Option<MatchId>) {
        let Some(id) = of else { return };
        if let Err(e) = self.advance_match(id).await {
            tracing::warn!(game = %game, error = %crate::error::Chain(&e), "match not advanced; the sweeper will");
        }
    }

    /// Advances every match that needs it (see [`Service::advance_match`]); returns
    /// how many were looked at. One failing match is logged and skipped.
    ///
    /// # Errors
    /// Storage errors listing the matches.
    pub async fn advance_matches(&self) -> Result<usize> {
        let ids = self.store.matches_to_advance(MATCHES_PER_SWEEP).await?;
        for id in &ids {
            if let Err(e) = self.advance_match(*id).await {
                tracing::warn!(r#match = %id, error = %crate::error::Chain(&e), "match not advanced");
            }
        }
        Ok(ids.len())
    }

    /// Brings a match up to date with its games: once decided (if it stops then) its
    /// games still going are aborted (they score nothing) and it finishes; once all
    /// its games are over it finishes; otherwise, played one game after another with
    /// none going, its next game starts, the other side moving first. Running it
    /// again, or on two instances at once, changes nothing more.
    ///
    /// # Errors
    /// `not_found`; storage errors.
    pub async fn advance_match(&self, id: MatchId) -> Result<()> {
        let mut view = self.get_match(id).await?;
        if view.stored.status == MatchStatus::Finished {
            return Ok(());
        }
        let terms = view.stored.match_terms;
        let of = terms.games();
        let mut tally = view.tally();
        let stop = terms.stop_when_decided && tally.decided(of);
        if stop && tally.going > 0 {
            for game in view
                .games
                .iter()
                .filter(|g| g.state.status == GameStatus::Ongoing)
            {
                self.abort_for_match(game.id).await?;
            }
            view = self.get_match(id).await?;
            tally = view.tally();
        }
        if tally.going > 0 {
            return Ok(());
        }
        if stop || tally.over() >= of {
            return self.finish_match(&view, tally).await;
        }
        if terms.schedule == Schedule::Sequential && tally.made < of {
            return self.start_next_game(&view.stored, tally.made + 1).await;
        }
        Ok(())
    }

    /// Starts game `number` of a sequential match, unless another writer did.
    async fn start_next_game(&self, stored: &Match, number: u8) -> Result<()> {
        let now = self.now();
        let players = BySide::new(stored.players.south.id, stored.players.north.id);
        let game = new_game(
            stored.variant,
            players,
            stored.first_in(number),
            stored.days_per_move,
            stored.terms,
            now,
        );
        let match_ref = MatchRef {
            id: stored.id,
            number,
            of: stored.match_terms.games(),
        };
        let loaded = started(&game, &stored.players, None, match_ref)?;
        let events = events::game_events(&loaded, Some(EventKind::GameStart), now);
        match self
            .store
            .start_match_game(stored.id, number, game, &events)
            .await
        {
            Ok(_) => {
                tracing::info!(r#match = %stored.id, number, "match game started");
                Ok(())
            }
            Err(StoreError::Conflict) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Finishes a match with its score and tells both players, unless another writer
    /// did.
    async fn finish_match(&self, view: &MatchView, tally: Tally) -> Result<()> {
        let now = self.now();
        let shown = MatchView {
            stored: Match {
                status: MatchStatus::Finished,
                half_points: Some(tally.half_points),
                finished_at: Some(now),
                ..view.stored.clone()
            },
            games: view.games.clone(),
        };
        let payload = events::match_payload(&shown.json());
        let events: Vec<NewEvent> = Side::ALL
            .into_iter()
            .map(|side| NewEvent {
                account: view.stored.players.get(side).id,
                kind: EventKind::MatchFinish,
                payload: payload.clone(),
                created_at: now,
            })
            .collect();
        match self
            .store
            .finish_match(view.stored.id, tally.half_points, now, &events)
            .await
        {
            Ok(_) => {
                tracing::info!(r#match = %view.stored.id, "match finished");
                Ok(())
            }
            Err(StoreError::Conflict) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}
