//! Challenges: offer a game, accept, decline, cancel.

use rand::Rng;
use seedpost_rules::{BySide, Position, Side, Variant};

use crate::domain::{
    Asked, ChallengeFilters, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason, EventKind,
    FirstChoice, GameId, GameStatus, MatchTerms, Schedule, Terms,
};
use crate::error::{Error, Result};
use crate::games::service::LoadedGame;
use crate::service::{Service, events};
use crate::store::{
    Account, Challenge, Closing, Game, GameState, GameWithMoves, NewChallenge, NewEvent, NewGame,
    Page, Player, StoreError,
};

/// A challenge as asked for, before validation.
#[derive(Debug, Clone)]
pub struct ChallengeRequest {
    /// `mangala`, `modiar`, `tihbat`, `kalah`, `oware` or `togyz`.
    pub variant: String,
    /// 1, 2, 3, 5, 7, 10 or 14; `None` for the default, 3.
    pub days_per_move: Option<i64>,
    /// `random` (default), `challenger` or `opponent`.
    pub first: Option<String>,
    /// The opponent's name, or `None` for an open challenge.
    pub opponent: Option<String>,
    /// Whether the game is rated (moves the players' ratings); casual otherwise.
    pub rated: bool,
    /// Whether the game's clocks stop on Saturdays and Sundays (UTC).
    pub weekend_pause: bool,
    /// The number of games, 1 to 9; `None` for one (no match).
    pub games: Option<i64>,
    /// `sequential` (default) or `parallel`.
    pub schedule: Option<String>,
    /// Whether a match ends once decided; `None` for yes.
    pub stop_when_decided: Option<bool>,
}

/// The decline reason named `name`; none named is [`DeclineReason::Generic`].
///
/// # Errors
/// `invalid_decline_reason` (422) for a name of no reason.
pub fn parse_decline_reason(name: Option<&str>) -> Result<DeclineReason> {
    name.map_or(Ok(DeclineReason::Generic), |name| {
        DeclineReason::parse(name)
            .map_err(|e| Error::unprocessable("invalid_decline_reason", e.to_string()))
    })
}

/// The refusal of a challenge between two players one of whom blocked the other
/// (see [`Service::block`]).
fn blocked() -> Error {
    Error::unprocessable(
        "blocked",
        "you cannot play this player: one of you blocked the other",
    )
}

/// Days per move when a challenge does not say.
const DEFAULT_DAYS: i64 = 3;

impl Service {
    /// Creates a challenge from `account`.
    ///
    /// # Errors
    /// `invalid_variant`, `invalid_days_per_move`, `invalid_first`, `invalid_games`,
    /// `invalid_schedule`, `self_challenge`, `blocked` (one of the two blocked the
    /// other), `too_many_challenges` (422: the caps of
    /// [`FloodLimits`](crate::accounts::service::floods::FloodLimits)); `not_found` (404) for an unknown opponent.
    pub async fn create_challenge(
        &self,
        account: &Account,
        request: ChallengeRequest,
    ) -> Result<Challenge> {
        self.offer_challenge(account, request, None).await
    }

    /// Creates a challenge from `account`, the rematch of game `rematch_of` when
    /// `Some` (see [`Service::create_challenge`]).
    pub(crate) async fn offer_challenge(
        &self,
        account: &Account,
        request: ChallengeRequest,
        rematch_of: Option<GameId>,
    ) -> Result<Challenge> {
        let (variant, days_per_move, first) = parse_terms(&request)?;
        let match_terms = match_terms(&request)?;
        let opponent = match request.opponent.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name) => Some(self.named_opponent(account, name).await?),
        };
        // A challenge the named player's filters refuse is declined as it is made, with
        // the matching reason: the challenger hears of it, the player does not.
        let declined = match &opponent {
            Some(o) => self.store.challenge_filters(o.id).await?.and_then(|f| {
                f.refuses(Asked {
                    variant,
                    days_per_move,
                    rated: request.rated,
                    from_bot: account.bot,
                })
            }),
            None => None,
        };
        let challenge = NewChallenge {
            id: ChallengeId::new(),
            challenger: account.id,
            opponent: opponent.as_ref().map(|o| o.id),
            variant,
            days_per_move,
            first,
            terms: Terms {
                rated: request.rated,
                weekend_pause: request.weekend_pause,
            },
            match_terms,
            declined,
            rematch_of,
            created_at: self.now(),
        };
        let events = challenge_events(account, opponent.as_ref(), &challenge);
        let caps = self.floods.challenge_caps();
        match self.store.create_challenge(challenge, &events, caps).await {
            Err(StoreError::Full) => Err(Error::unprocessable(
                "too_many_challenges",
                format!(
                    "an account has at most {} open challenges, {} of them to one player: \
                     cancel one first",
                    caps.open, caps.per_opponent
                ),
            )),
            other => Ok(other?),
        }
    }

    /// The player `name` as `account`'s opponent: refused when it is `account` itself,
    /// a closed account, or one of the two blocks the other.
    async fn named_opponent(&self, account: &Account, name: &str) -> Result<Account> {
        let opponent = self.account(name).await?;
        if opponent.id == account.id {
            return Err(Error::unprocessable(
                "self_challenge",
                "you cannot challenge yourself",
            ));
        }
        if self.account_state(&opponent).await?.closed_at.is_some() {
            return Err(Error::unprocessable(
                "opponent_closed",
                "that player's account is closed",
            ));
        }
        if self.blocked_between(account.id, opponent.id).await? {
            return Err(blocked());
        }
        Ok(opponent)
    }

    /// The challenges `account` takes; `None` when it takes every challenge.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn challenge_filters(&self, account: &Account) -> Result<Option<ChallengeFilters>> {
        Ok(self.store.challenge_filters(account.id).await?)
    }

    /// Sets the challenges `account` takes (`None`: every one). A challenge naming the
    /// account that the filters refuse is declined as it is made, with the matching
    /// reason; the challenges already open stay.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn set_challenge_filters(
        &self,
        account: &Account,
        filters: Option<&ChallengeFilters>,
    ) -> Result<()> {
        Ok(self
            .store
            .set_challenge_filters(account.id, filters, self.now())
            .await?)
    }

    /// One challenge.
    ///
    /// # Errors
    /// `not_found` (404).
    pub async fn challenge(&self, id: ChallengeId) -> Result<Challenge> {
        match self.store.challenge(id).await {
            Err(StoreError::NotFound) => Err(Error::NotFound("challenge")),
            other => Ok(other?),
        }
    }

    /// One challenge as `viewer` may see it: its parties see it, and everyone sees one
    /// open to anyone; to others it does not exist.
    ///
    /// # Errors
    /// `not_found` (404), also for a challenge between others.
    pub async fn challenge_for(&self, viewer: &Account, id: ChallengeId) -> Result<Challenge> {
        let challenge = self.challenge(id).await?;
        let party = challenge.challenger.id == viewer.id
            || challenge
                .opponent
                .as_ref()
                .is_none_or(|o| o.id == viewer.id);
        if party {
            Ok(challenge)
        } else {
            Err(Error::NotFound("challenge"))
        }
    }

    /// The open challenges `account` can see: its own, those naming it, open ones;
    /// newest first, one `page` of them.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn open_challenges(
        &self,
        account: &Account,
        page: Page<ChallengeId>,
    ) -> Result<Vec<Challenge>> {
        Ok(self.store.open_challenges(account.id, page).await?)
    }

    /// How many open challenges wait for `account`'s answer (those naming it): counted
    /// with its turns in the pages' header.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn challenges_to_answer(&self, account: &Account) -> Result<usize> {
        Ok(self.store.count_challenges_to(account.id).await?)
    }

    /// The challenges `account` made in the last week that were declined, newest
    /// first, at most `limit`: what its home page tells it, with the reasons.
    ///
    /// # Errors
    /// Storage errors only.
    pub async fn recently_declined(&self, account: &Account, limit: u32) -> Result<Vec<Challenge>> {
        let since = self.now() - chrono::TimeDelta::days(7);
        Ok(self
            .store
            .declined_challenges(account.id, since, limit)
            .await?)
    }

    /// Accepts a challenge: starts its game, with the challenger as South.
    ///
    /// # Errors
    /// `not_found` (404); `own_challenge` (422) for one's own;
    /// `not_addressed_to_you` (403) for one naming someone else; `challenge_closed`
    /// (409) when it is no longer open.
    pub async fn accept_challenge(&self, account: &Account, id: ChallengeId) -> Result<Game> {
        let challenge = self.challenge(id).await?;
        if challenge.challenger.id == account.id {
            return Err(Error::unprocessable(
                "own_challenge",
                "you cannot accept your own challenge",
            ));
        }
        if let Some(opponent) = &challenge.opponent
            && opponent.id != account.id
        {
            return Err(Error::Forbidden(
                "this challenge is addressed to another player",
            ));
        }
        ensure_open(&challenge)?;
        if self
            .blocked_between(challenge.challenger.id, account.id)
            .await?
        {
            return Err(blocked());
        }
        let draw = if rand::rng().random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let first = challenge.first.side(draw);
        let now = self.now();
        if challenge.match_terms.is_match() {
            return self.accept_match(account, &challenge, first, now).await;
        }
        let start = Position::start(challenge.variant, first);
        let game = NewGame {
            id: GameId::new(),
            variant: challenge.variant,
            players: BySide::new(challenge.challenger.id, account.id),
            first,
            days_per_move: challenge.days_per_move,
            terms: challenge.terms,
            state: GameState {
                status: GameStatus::Ongoing,
                ply: 0,
                to_move: Some(first),
                board: crate::games::json::board(&start),
                stores: start.stores(),
                deadline: Some(crate::deadline::deadline(
                    now,
                    challenge.days_per_move,
                    challenge.terms.weekend_pause,
                )),
                result: None,
                updated_at: now,
            },
            created_at: now,
        };
        let started = LoadedGame::new(GameWithMoves {
            game: Game {
                id: game.id,
                variant: game.variant,
                players: BySide::new(challenge.challenger.clone(), player(account)),
                first,
                days_per_move: game.days_per_move,
                terms: game.terms,
                on_vacation: BySide::default(),
                plan_rev: 0,
                challenge_id: Some(id),
                tournament: None,
                created_at: now,
                state: game.state.clone(),
            },
            moves: Vec::new(),
        })?;
        let events = events::game_events(&started, Some(EventKind::GameStart), now);
        match self.store.accept_challenge(id, game, &events).await {
            Err(StoreError::Conflict) => Err(closed()),
            Ok(game) => Ok(game),
            Err(e) => Err(e.into()),
        }
    }

    /// Declines a challenge that names `account`, for `reason`, which the challenger
    /// is shown.
    ///
    /// # Errors
    /// `not_found` (404); `forbidden` (403) for a challenge not naming the account;
    /// `challenge_closed` (409).
    pub async fn decline_challenge(
        &self,
        account: &Account,
        id: ChallengeId,
        reason: DeclineReason,
    ) -> Result<Challenge> {
        let challenge = self.challenge(id).await?;
        if challenge.opponent.as_ref().map(|o| o.id) != Some(account.id) {
            return Err(Error::Forbidden(
                "only the player a challenge names can decline it",
            ));
        }
        self.close(id, &challenge, Closing::Declined(reason)).await
    }

    /// Cancels one's own challenge.
    ///
    /// # Errors
    /// `not_found` (404); `forbidden` (403) for someone else's; `challenge_closed` (409).
    pub async fn cancel_challenge(&self, account: &Account, id: ChallengeId) -> Result<Challenge> {
        let challenge = self.challenge(id).await?;
        if challenge.challenger.id != account.id {
            return Err(Error::Forbidden("only its creator can cancel a challenge"));
        }
        self.close(id, &challenge, Closing::Canceled).await
    }

    async fn close(
        &self,
        id: ChallengeId,
        challenge: &Challenge,
        closing: Closing,
    ) -> Result<Challenge> {
        ensure_open(challenge)?;
        // Declined: the challenger hears, and why; canceled: the player it named, if
        // any.
        let (to, kind, status, decline_reason) = match closing {
            Closing::Declined(reason) => (
                Some(challenge.challenger.id),
                EventKind::ChallengeDeclined,
                ChallengeStatus::Declined,
                Some(reason),
            ),
            Closing::Canceled => (
                challenge.opponent.as_ref().map(|o| o.id),
                EventKind::ChallengeCanceled,
                ChallengeStatus::Canceled,
                None,
            ),
        };
        let shown = Challenge {
            status,
            decline_reason,
            ..challenge.clone()
        };
        let now = self.now();
        let events: Vec<NewEvent> = to
            .into_iter()
            .map(|account| events::challenge_event(account, kind, &shown, now))
            .collect();
        match self.store.close_challenge(id, closing, &events).await {
            Err(StoreError::Conflict) => Err(closed()),
            other => Ok(other?),
        }
    }
}

/// The match terms a challenge asks for.
fn match_terms(request: &ChallengeRequest) -> Result<MatchTerms> {
    let schedule = match request.schedule.as_deref() {
        None => Schedule::Sequential,
        Some(s) => Schedule::parse(s).ok_or_else(|| {
            Error::unprocessable("invalid_schedule", "schedule is `sequential` or `parallel`")
        })?,
    };
    MatchTerms::new(
        request.games.unwrap_or(1),
        schedule,
        request.stop_when_decided.unwrap_or(true),
    )
    .map_err(|e| Error::unprocessable("invalid_games", e.to_string()))
}

/// An account as shown beside a challenge or game.
pub(crate) fn player(account: &Account) -> Player {
    Player {
        id: account.id,
        username: account.username.clone(),
        bot: account.bot,
    }
}

pub(crate) fn closed() -> Error {
    Error::conflict("challenge_closed", "the challenge is no longer open")
}

fn ensure_open(challenge: &Challenge) -> Result<()> {
    if challenge.status == ChallengeStatus::Open {
        Ok(())
    } else {
        Err(closed())
    }
}

/// The variant, the days per move and who moves first of `request`.
fn parse_terms(request: &ChallengeRequest) -> Result<(Variant, DaysPerMove, FirstChoice)> {
    let variant = Variant::parse_offered(&request.variant)
        .map_err(|e| Error::unprocessable("invalid_variant", format!("variant: {e}")))?;
    let days_per_move = DaysPerMove::new(request.days_per_move.unwrap_or(DEFAULT_DAYS))
        .map_err(|e| Error::unprocessable("invalid_days_per_move", e.to_string()))?;
    let first = match request.first.as_deref() {
        None => FirstChoice::Random,
        Some(s) => FirstChoice::parse(s).ok_or_else(|| {
            Error::unprocessable(
                "invalid_first",
                "first is `random`, `challenger` or `opponent`",
            )
        })?,
    };
    Ok((variant, days_per_move, first))
}

/// The event of a new challenge: to the player it names, or back to `account` when
/// that player's filters declined it as it was made; none for an open challenge (it
/// would go to all).
fn challenge_events(
    account: &Account,
    opponent: Option<&Account>,
    challenge: &NewChallenge,
) -> Vec<NewEvent> {
    let declined = challenge.declined;
    opponent
        .iter()
        .map(|o| {
            let shown = Challenge {
                id: challenge.id,
                challenger: player(account),
                opponent: Some(player(o)),
                variant: challenge.variant,
                days_per_move: challenge.days_per_move,
                first: challenge.first,
                terms: challenge.terms,
                match_terms: challenge.match_terms,
                status: if declined.is_some() {
                    ChallengeStatus::Declined
                } else {
                    ChallengeStatus::Open
                },
                decline_reason: declined,
                game_id: None,
                rematch_of: challenge.rematch_of,
                created_at: challenge.created_at,
            };
            let (to, kind) = match declined {
                Some(_) => (account.id, EventKind::ChallengeDeclined),
                None => (o.id, EventKind::Challenge),
            };
            events::challenge_event(to, kind, &shown, challenge.created_at)
        })
        .collect()
}
