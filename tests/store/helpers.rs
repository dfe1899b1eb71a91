//! Building the store's world for the tests: accounts, challenges, and games whose
//! cached state is the engine's, so that what the store keeps is what the server
//! would keep.

use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use seedpost::domain::{
    AccountId, ChallengeId, DaysPerMove, Ending, FirstChoice, GameId, GameStatus, MatchTerms,
    Scopes, Terms, TokenId, Username,
};
use seedpost::games::store::GameStore;
use seedpost::store::{
    Account, Challenge, Game, GameResult, GameState, Move, NewAccount, NewChallenge, NewGame,
    NewToken, Player, Store, StoreError,
};
use seedpost_rules::{BySide, Pit, Position, Side, Variant};
use uuid::Uuid;

use crate::support::db::TestDb;

/// Connects to the test database with a pool of `pool_size`.
pub async fn connect_with(db: &TestDb, pool_size: u32) -> Arc<dyn Store> {
    seedpost::store::connect(&db.url, pool_size)
        .await
        .unwrap_or_else(|e| panic!("{} connects: {e}", db.url))
}

/// Connects to the test database.
pub async fn connect(db: &TestDb) -> Arc<dyn Store> {
    connect_with(db, 8).await
}

/// The tests' epoch: a time with microseconds, as the store keeps them.
pub fn t0() -> DateTime<Utc> {
    DateTime::from_timestamp(1_764_504_000, 123_456_000).expect("a valid time")
}

/// `minutes` after [`t0`].
pub fn at(minutes: i64) -> DateTime<Utc> {
    t0() + TimeDelta::minutes(minutes)
}

/// `days` after [`t0`].
pub fn days(days: i64) -> DateTime<Utc> {
    t0() + TimeDelta::days(days)
}

/// Days per move.
pub fn dpm(days: i64) -> DaysPerMove {
    DaysPerMove::new(days).expect("an allowed number of days")
}

/// A token as the service would store it: a random 64-hex-digit hash.
pub fn new_token(label: &str, created_at: DateTime<Utc>) -> NewToken {
    NewToken {
        id: TokenId::new(),
        label: label.to_owned(),
        scopes: Scopes::ALL,
        hash: format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple()),
        created_at,
    }
}

/// A new account to create.
pub fn new_account(name: &str) -> NewAccount {
    NewAccount {
        id: AccountId::new(),
        username: Username::parse(name).expect("a valid user name"),
        password_hash: format!("$argon2id$v=19$m=19456,t=2,p=1$fake${name}"),
        bot: false,
        created_at: t0(),
        sign_up_address: None,
    }
}

/// Creates an account.
pub async fn account(store: &dyn Store, name: &str) -> Account {
    store
        .create_account(new_account(name), Some(new_token("first", t0())))
        .await
        .unwrap_or_else(|e| panic!("{name} signs up: {e}"))
}

/// Creates a challenge from `challenger` to `opponent` (or anyone).
pub async fn challenge(
    store: &dyn Store,
    challenger: &Account,
    opponent: Option<&Account>,
    variant: Variant,
    created_at: DateTime<Utc>,
) -> Challenge {
    store
        .create_challenge(
            NewChallenge {
                id: ChallengeId::new(),
                challenger: challenger.id,
                opponent: opponent.map(|o| o.id),
                variant,
                days_per_move: dpm(3),
                first: FirstChoice::Random,
                terms: Terms::default(),
                match_terms: MatchTerms::default(),
                declined: None,
                rematch_of: None,
                created_at,
            },
            &[],
            seedpost::store::ChallengeCaps::NONE,
        )
        .await
        .expect("the challenge is stored")
}

/// The state the server keeps for an engine game: over or not, the side to move with
/// its deadline, the rows, the stores and the result.
pub fn state_of(game: &seedpost_rules::Game, days: DaysPerMove, now: DateTime<Utc>) -> GameState {
    state_of_position(game.position(), game.ply(), days, now)
}

/// The state the server keeps at `position` after `ply` plies.
pub fn state_of_position(
    position: &Position,
    ply: usize,
    days: DaysPerMove,
    now: DateTime<Utc>,
) -> GameState {
    let rows = position.rows();
    let outcome = position.outcome();
    GameState {
        status: if outcome.is_some() {
            GameStatus::Finished
        } else {
            GameStatus::Ongoing
        },
        ply: u32::try_from(ply).expect("a short game"),
        to_move: position.to_move(),
        board: BySide::new(rows.south.to_vec(), rows.north.to_vec()),
        stores: position.stores(),
        deadline: position.to_move().map(|_| now + days.duration()),
        result: outcome.map(|o| GameResult {
            score: o.score,
            winner: o.winner,
            ending: Ending::Rules(o.ended_by),
        }),
        updated_at: now,
    }
}

/// The state after a player's `ending` (resign, timeout, abort) at `state`'s ply:
/// the stores as the score, and the winner given.
pub fn ended(
    state: &GameState,
    ending: Ending,
    winner: Option<Side>,
    now: DateTime<Utc>,
) -> GameState {
    GameState {
        status: if ending == Ending::Abort {
            GameStatus::Aborted
        } else {
            GameStatus::Finished
        },
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

/// The plies of `game` after the first `seen`, played at `now`.
pub fn plies_since(game: &seedpost_rules::Game, seen: usize, now: DateTime<Utc>) -> Vec<Move> {
    game.plies()[seen..]
        .iter()
        .zip(seen + 1..)
        .map(|(p, n)| Move {
            ply: u32::try_from(n).expect("a short game"),
            side: p.side(),
            pit: p.pit(),
            at: now,
        })
        .collect()
}

/// A pit by number.
pub fn pit(n: u8) -> Pit {
    Pit::new(n).expect("a pit number from 1 to 6")
}

/// The first legal pit of the side to move.
pub fn first_legal(game: &seedpost_rules::Game) -> Pit {
    game.position()
        .legal_moves()
        .next()
        .expect("the side to move has a move")
}

/// A game kept both in the store and in the engine.
pub struct Played {
    /// The stored game as accepted.
    pub stored: Game,
    /// The engine's game: the truth the store's cache must equal.
    pub engine: seedpost_rules::Game,
}

impl Played {
    /// Starts a game: `south` challenges `north`, who accepts at `now`.
    pub async fn start(
        store: &dyn Store,
        south: &Account,
        north: &Account,
        variant: Variant,
        first: Side,
        days: DaysPerMove,
        now: DateTime<Utc>,
    ) -> Played {
        let engine = seedpost_rules::Game::new(variant, first);
        let state = state_of(&engine, days, now);
        let stored = start_at(store, south, north, variant, first, days, now, state).await;
        Played { stored, engine }
    }

    /// Starts a game on `start`'s terms: `south` challenges `north`, who accepts at
    /// `now`.
    pub async fn start_with(
        store: &dyn Store,
        south: &Account,
        north: &Account,
        start: Start,
        now: DateTime<Utc>,
    ) -> Played {
        let engine = seedpost_rules::Game::new(start.variant, start.first);
        let state = state_of(&engine, start.days, now);
        let stored = start_with(store, south, north, start, now, state).await;
        Played { stored, engine }
    }

    /// The game's id.
    pub fn id(&self) -> GameId {
        self.stored.id
    }

    /// The number of plies played.
    pub fn ply(&self) -> u32 {
        u32::try_from(self.engine.ply()).expect("a short game")
    }

    /// Plays `pit` (with any automatic pass after it) in the engine and appends it to
    /// the store at `now`. On an error the engine's game is unchanged.
    pub async fn play(
        &mut self,
        store: &dyn Store,
        pit: Pit,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let seen = self.engine.ply();
        let mut next = self.engine.clone();
        next.play(pit).expect("a legal move");
        let plies = plies_since(&next, seen, now);
        let state = state_of(&next, self.stored.days_per_move, now);
        store
            .append_plies(
                self.id(),
                u32::try_from(seen).expect("a short game"),
                &plies,
                &state,
                &[],
            )
            .await?;
        self.engine = next;
        Ok(())
    }

    /// Plays the engine's first legal move.
    pub async fn play_first_legal(&mut self, store: &dyn Store, now: DateTime<Utc>) {
        let pit = first_legal(&self.engine);
        self.play(store, pit, now)
            .await
            .expect("the move is stored");
    }

    /// The state the store should hold now, last changed at `now`.
    pub fn state(&self, now: DateTime<Utc>) -> GameState {
        state_of(&self.engine, self.stored.days_per_move, now)
    }

    /// Ends the game by `ending` with `winner`, at the current ply.
    pub async fn end(
        &self,
        store: &dyn Store,
        ending: Ending,
        winner: Option<Side>,
        now: DateTime<Utc>,
    ) {
        let state = ended(&self.state(now), ending, winner, now);
        store
            .end_game(self.id(), self.ply(), &state, &[])
            .await
            .expect("the game ends");
    }
}

/// The game to create on accepting a challenge, at the engine's start.
pub fn new_game(
    variant: Variant,
    players: BySide<&Account>,
    first: Side,
    days: DaysPerMove,
    now: DateTime<Utc>,
) -> NewGame {
    NewGame {
        id: GameId::new(),
        variant,
        players: players.map(|a| a.id),
        first,
        days_per_move: days,
        terms: Terms::default(),
        state: state_of(&seedpost_rules::Game::new(variant, first), days, now),
        created_at: now,
    }
}

/// How a game shows an account.
pub fn player(account: &Account) -> Player {
    Player {
        id: account.id,
        username: account.username.clone(),
        bot: account.bot,
    }
}

/// Starts a game from any starting state: `south` challenges `north`, who accepts.
#[allow(clippy::too_many_arguments)]
pub async fn start_at(
    store: &dyn Store,
    south: &Account,
    north: &Account,
    variant: Variant,
    first: Side,
    days: DaysPerMove,
    now: DateTime<Utc>,
    state: GameState,
) -> Game {
    let start = Start {
        variant,
        first,
        days,
        terms: Terms::default(),
    };
    start_with(store, south, north, start, now, state).await
}

/// A game's variant, first mover, days per move and terms.
#[derive(Debug, Clone, Copy)]
pub struct Start {
    pub variant: Variant,
    pub first: Side,
    pub days: DaysPerMove,
    pub terms: Terms,
}

/// Starts a game on `start`'s terms from any starting state: `south` challenges
/// `north`, who accepts.
pub async fn start_with(
    store: &dyn Store,
    south: &Account,
    north: &Account,
    start: Start,
    now: DateTime<Utc>,
    state: GameState,
) -> Game {
    let Start {
        variant,
        first,
        days,
        terms,
    } = start;
    let challenge = store
        .create_challenge(
            NewChallenge {
                id: ChallengeId::new(),
                challenger: south.id,
                opponent: Some(north.id),
                variant,
                days_per_move: days,
                first: match first {
                    Side::South => FirstChoice::Challenger,
                    Side::North => FirstChoice::Opponent,
                },
                terms,
                match_terms: MatchTerms::default(),
                declined: None,
                rematch_of: None,
                created_at: now,
            },
            &[],
            seedpost::store::ChallengeCaps::NONE,
        )
        .await
        .expect("the challenge is stored");
    store
        .accept_challenge(
            challenge.id,
            NewGame {
                id: GameId::new(),
                variant,
                players: BySide::new(south.id, north.id),
                first,
                days_per_move: days,
                terms,
                state,
                created_at: now,
            },
            &[],
        )
        .await
        .expect("the challenge is accepted")
}

/// A whole engine game of `variant` that ends with `winner` (`None`: a draw), found
/// by playing seeded pseudo-random moves: the same game on every run.
pub fn finished_game(variant: Variant, first: Side, winner: Option<Side>) -> seedpost_rules::Game {
    let mut seed: u64 = 0x5eed;
    for _ in 0..10_000 {
        let mut game = seedpost_rules::Game::new(variant, first);
        while game.outcome().is_none() {
            let legal = game.position().legal_moves();
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let choice = usize::try_from(seed >> 33).expect("31 bits") % legal.len();
            let pit = legal.into_iter().nth(choice).expect("a legal move");
            game.play(pit).expect("a legal move");
        }
        if game.outcome().is_some_and(|o| o.winner == winner) {
            return game;
        }
    }
    panic!("no {variant} game ending with winner {winner:?} in 10,000 playouts");
}
