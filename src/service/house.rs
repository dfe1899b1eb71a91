//! House bots: accounts played by the server itself, at the levels of
//! [`crate::house::Level`]. They accept the challenges addressed to them and move when
//! it is their turn, through the same use cases as every player ([`Service::accept_challenge`],
//! [`Service::play_move`]).

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::password_hash::{Output, SaltString};

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::{Arc, Mutex, PoisonError};

use seedpost_rules::Variant;
use seedpost_rules::solve::Table;
use tokio::sync::{OnceCell, Semaphore};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::Service;
use crate::domain::{AccountId, ChallengeStatus, GameId, GameStatus, Username};
use crate::error::{Error, Result};
use crate::games::service::MoveOutcome;
use crate::house::Level;
use crate::store::{Account, GameFilter, NewAccount, Page, StoreError};

/// Games a bot looks at in one round.
const GAMES_PER_ROUND: u32 = 100;

/// What one round of the house bots did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HouseRound {
    /// Challenges accepted.
    pub accepted: usize,
    /// Moves played.
    pub moved: usize,
}

/// A password hash no password matches: an argon2id PHC string whose salt and hash are
/// random bytes, so nobody can log in as a house bot.
fn unusable_password_hash() -> Result<String> {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    let hash = Output::new(&bytes).map_err(|e| Error::internal_from("house bot password", e))?;
    let salt = SaltString::generate(&mut OsRng);
    Ok(format!(
        "$argon2id$v=19$m=7168,t=5,p=1${}${hash}",
        salt.as_str()
    ))
}

impl Service {
    /// Creates the house bots' accounts that are missing (flagged as bots, with an
    /// unusable password and a token whose secret is thrown away); returns all of them.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn ensure_house_bots(&self) -> Result<Vec<(Level, Account)>> {
        let mut out = Vec::with_capacity(Level::ALL.len());
        for level in Level::ALL {
            let account = match self.store.account_by_name(level.username()).await {
                Ok(account) => account,
                Err(StoreError::NotFound) => self.create_house_bot(level).await?,
                Err(e) => return Err(e.into()),
            };
            out.push((level, account));
        }
        Ok(out)
    }

    async fn create_house_bot(&self, level: Level) -> Result<Account> {
        let username = Username::parse(level.username())
            .map_err(|e| Error::internal_from("house bot name", e))?;
        let now = self.now();
        let account = NewAccount {
            id: AccountId::new(),
            username,
            password_hash: unusable_password_hash()?,
            bot: true,
            created_at: now,
            sign_up_address: None,
        };
        match self.store.create_account(account, None).await {
            Ok(account) => {
                tracing::info!(username = level.username(), "house bot created");
                Ok(account)
            }
            // Another instance made it meanwhile.
            Err(StoreError::Conflict) => Ok(self.store.account_by_name(level.username()).await?),
            Err(e) => Err(e.into()),
        }
    }

    /// The house bots that exist, with their levels (an account of a house bot's name
    /// that is not a bot is none).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn house_bots(&self) -> Result<Vec<(Level, Account)>> {
        let mut out = Vec::new();
        for level in Level::ALL {
            match self.store.account_by_name(level.username()).await {
                Ok(account) if account.bot => out.push((level, account)),
                Ok(_) | Err(StoreError::NotFound) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(out)
    }

    /// Creates a challenge from `account` ([`Service::create_challenge`]); when it names
    /// a house bot, the bot accepts it at once, and the game it starts is returned, so
    /// that the player lands on the game rather than waiting for the bots' next round.
    ///
    /// # Errors
    /// Those of [`Service::create_challenge`]. A bot that cannot accept (the challenge
    /// was taken meanwhile) is no error: the challenge is returned without a game.
    pub async fn challenge_house_at_once(
        &self,
        account: &Account,
        request: crate::challenges::service::ChallengeRequest,
    ) -> Result<(crate::store::Challenge, Option<crate::store::Game>)> {
        let challenge = self.create_challenge(account, request).await?;
        let Some(opponent) = challenge.opponent.as_ref().map(|o| o.id) else {
            return Ok((challenge, None));
        };
        let bot = self
            .house_bots()
            .await?
            .into_iter()
            .map(|(_, bot)| bot)
            .find(|bot| bot.id == opponent);
        let Some(bot) = bot else {
            return Ok((challenge, None));
        };
        match self.accept_challenge(&bot, challenge.id).await {
            Ok(game) => Ok((challenge, Some(game))),
            Err(e) => {
                tracing::debug!(error = %crate::error::Chain(&e), challenge = %challenge.id, "house bot could not accept at once");
                Ok((challenge, None))
            }
        }
    }

    /// One round of the house bots, waited for: [`Service::start_house_round`], then
    /// every reply it started.
    ///
    /// # Errors
    /// Storage errors while listing the bots, challenges or games.
    pub async fn run_house_bots_once(&self) -> Result<HouseRound> {
        let tasks = TaskTracker::new();
        let replies = self
            .start_house_round(&tasks, &CancellationToken::new())
            .await?;
        Ok(replies.finish().await)
    }

    /// Starts a round of the house bots: each accepts the open challenges addressed to
    /// it, then each game where a bot is to move is answered on a task of its own on
    /// `tasks` (returned at once, the replies under way). A game this instance is
    /// already answering for that bot is not answered twice: its reply looks at the
    /// game once more when it is done. A reply that waits for a solved table gives up
    /// when `stop` is cancelled (a reply past that runs to its end). A failure in one
    /// game is logged and the others go on.
    ///
    /// # Errors
    /// Storage errors while listing the bots, challenges or games.
    pub async fn start_house_round(
        &self,
        tasks: &TaskTracker,
        stop: &CancellationToken,
    ) -> Result<HouseReplies> {
        let bots = self.house_bots().await?;
        self.start_house_round_of(&bots, tasks, stop).await
    }

    /// [`Service::start_house_round`] for `bots` only (house bots, as
    /// [`Service::house_bots`] lists them): the round the jobs loop runs when events
    /// woke some of them, so that a move in a game of one bot does not make every
    /// bot list its challenges and games (with two games in flight, those lists were
    /// about 15 of the 33 statements per reply on Postgres).
    ///
    /// # Errors
    /// Storage errors while listing the challenges or games.
    pub async fn start_house_round_of(
        &self,
        bots: &[(Level, Account)],
        tasks: &TaskTracker,
        stop: &CancellationToken,
    ) -> Result<HouseReplies> {
        let mut replies = HouseReplies::default();
        for (level, bot) in bots.iter().cloned() {
            for challenge in self.store.open_challenges(bot.id, Page::first(500)).await? {
                let addressed = challenge.opponent.as_ref().map(|o| o.id) == Some(bot.id);
                if !addressed || challenge.status != ChallengeStatus::Open {
                    continue;
                }
                match self.accept_challenge(&bot, challenge.id).await {
                    Ok(_) => replies.accepted += 1,
                    Err(e) => {
                        tracing::debug!(error = %crate::error::Chain(&e), challenge = %challenge.id, "house bot could not accept");
                    }
                }
            }
            let filter = GameFilter {
                status: Some(GameStatus::Ongoing),
                player: Some(bot.id),
                to_move: Some(bot.id),
                viewer: Some(bot.id),
                limit: GAMES_PER_ROUND,
            };
            for game in self.games_matching(&filter).await? {
                let Some(claim) = self.house.claim(game.id, bot.id) else {
                    continue;
                };
                let reply = Reply {
                    level,
                    bot: bot.clone(),
                    game: game.id,
                    variant: game.variant,
                };
                let (service, stop) = (self.clone(), stop.clone());
                replies
                    .replies
                    .push(tasks.spawn(async move { service.answer(reply, claim, stop).await }));
            }
        }
        Ok(replies)
    }

    /// Answers one game for one bot: waits for the solved table the move needs (holding
    /// no place among the replies running), then plays while it is the bot's turn, at
    /// most twice a look (a game of a bot against a bot would otherwise go on for
    /// ever), and looks again while a round asked meanwhile. The moves played.
    async fn answer(&self, reply: Reply, mut claim: Claim, stop: CancellationToken) -> usize {
        let solved = if crate::house::needs_table(reply.level, reply.variant) {
            tokio::select! {
                biased;
                () = stop.cancelled() => return 0,
                table = self.house.table(reply.variant) => table,
            }
        } else {
            None
        };
        let mut moved = 0;
        loop {
            let _permit = self.house.lane(reply.level).acquire().await.ok();
            let mut moves_here = 0;
            while moves_here < 2 {
                match self.house_move(&reply, solved).await {
                    Ok(true) => {
                        moved += 1;
                        moves_here += 1;
                    }
                    Ok(false) => break,
                    Err(e) => {
                        tracing::warn!(error = %crate::error::Chain(&e), game = %reply.game, "house bot could not move");
                        break;
                    }
                }
            }
            if !claim.again() {
                return moved;
            }
        }
    }

    /// Plays one move of `reply` if it is the bot's turn; whether it moved (a move
    /// another instance played meanwhile is none of this one's).
    async fn house_move(&self, reply: &Reply, solved: Option<&'static Table>) -> Result<bool> {
        let loaded = self.game(reply.game).await?;
        let Some(side) = loaded.side_of(reply.bot.id) else {
            return Ok(false);
        };
        if loaded.game().state.status != GameStatus::Ongoing
            || loaded.engine.position().to_move() != Some(side)
        {
            return Ok(false);
        }
        let seen = i64::from(loaded.game().state.ply);
        let (level, engine) = (reply.level, loaded.engine);
        let pit = tokio::task::spawn_blocking(move || {
            crate::house::choose_move_with(level, &engine, solved, &mut rand::rng())
        })
        .await
        .map_err(|e| Error::internal_from("house bot search", e))?;
        let Some(pit) = pit else {
            return Ok(false);
        };
        // The ply seen settles a race with another instance answering the same game:
        // the second move is refused (stale ply) or was the same (already played).
        let outcome = self
            .play_move(&reply.bot, reply.game, seen, i64::from(pit.number()))
            .await?;
        Ok(matches!(outcome, MoveOutcome::Played(..)))
    }
}

/// One game a house bot is to answer.
struct Reply {
    level: Level,
    bot: Account,
    game: GameId,
    variant: Variant,
}

/// A round of the house bots under way ([`Service::start_house_round`]): its
/// challenges accepted, its replies running.
#[derive(Debug, Default)]
pub struct HouseReplies {
    accepted: usize,
    replies: Vec<JoinHandle<usize>>,
}

impl HouseReplies {
    /// The challenges the round accepted.
    #[must_use]
    pub fn accepted(&self) -> usize {
        self.accepted
    }

    /// The games the round started to answer.
    #[must_use]
    pub fn started(&self) -> usize {
        self.replies.len()
    }

    /// Waits for every reply the round started; what the round did.
    pub async fn finish(self) -> HouseRound {
        let mut round = HouseRound {
            accepted: self.accepted,
            moved: 0,
        };
        for reply in self.replies {
            match reply.await {
                Ok(moved) => round.moved += moved,
                Err(e) => tracing::warn!(error = %e, "a house bot's reply failed"),
            }
        }
        round
    }
}

/// Where the solved tables (of the perfect bot and the analysis) come from:
/// [`crate::analysis::solved::table`] unless the service is told otherwise
/// ([`Service::with_solved_tables`]). Called on a blocking thread, once per variant and
/// service; `None` for a variant without one.
pub type SolvedTables = Arc<dyn Fn(Variant) -> Option<&'static Table> + Send + Sync>;

/// Quick replies (random, greedy) running at once, per core: they are mostly waits on
/// the database.
pub const QUICK_REPLIES_PER_CORE: usize = 8;

/// Thinking replies (search, perfect) running at once, per core: their searches keep a
/// core busy. Apart from the quick ones, so that searches never hold those back.
pub const THINKING_REPLIES_PER_CORE: usize = 2;

/// How long a client is told to wait (`Retry-After`) while a solved table is being
/// built: Modiar's takes some 17 s on a small machine.
pub const TABLE_RETRY_AFTER: u64 = 10;

/// The house bots' replies in one instance: how many run at once, which games are being
/// answered, and the solved tables (of the bots and the analysis), each fetched once,
/// in the background.
pub(super) struct HouseBots {
    quick: Semaphore,
    thinking: Semaphore,
    /// The games being answered, by bot, and whether a round found one of them to
    /// answer again meanwhile.
    answering: Arc<Mutex<HashMap<(GameId, AccountId), bool>>>,
    source: SolvedTables,
    tihbat: OnceCell<Option<&'static Table>>,
    modiar: OnceCell<Option<&'static Table>>,
    /// The background build of both tables, started once.
    builds: std::sync::Once,
}

impl HouseBots {
    /// Replies limited per core of this machine, tables from `source`.
    pub(super) fn new(source: SolvedTables) -> HouseBots {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZero::get);
        HouseBots {
            quick: Semaphore::new(cores * QUICK_REPLIES_PER_CORE),
            thinking: Semaphore::new(cores * THINKING_REPLIES_PER_CORE),
            answering: Arc::default(),
            source,
            tihbat: OnceCell::new(),
            modiar: OnceCell::new(),
            builds: std::sync::Once::new(),
        }
    }

    fn lane(&self, level: Level) -> &Semaphore {
        match level {
            Level::Random | Level::Greedy => &self.quick,
            Level::Search | Level::Perfect => &self.thinking,
        }
    }

    /// Claims `game` for `bot`, or, when it is being answered already, asks that reply
    /// to look once more (`None`).
    fn claim(&self, game: GameId, bot: AccountId) -> Option<Claim> {
        let mut answering = self
            .answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match answering.entry((game, bot)) {
            Entry::Occupied(mut again) => {
                *again.get_mut() = true;
                None
            }
            Entry::Vacant(slot) => {
                slot.insert(false);
                Some(Claim {
                    answering: Arc::clone(&self.answering),
                    key: (game, bot),
                    held: true,
                })
            }
        }
    }

    /// The solved table of `variant`, fetched from the source on a blocking thread the
    /// first time (every caller meanwhile waits for that one fetch, asynchronously).
    pub(super) async fn table(&self, variant: Variant) -> Option<&'static Table> {
        let cell = self.cell(variant)?;
        let source = Arc::clone(&self.source);
        *cell
            .get_or_init(|| async move {
                let started = std::time::Instant::now();
                let table = tokio::task::spawn_blocking(move || source(variant))
                    .await
                    .unwrap_or_else(|e| {
                        tracing::warn!(error = %e, %variant, "solved table failed");
                        None
                    });
                let ms = started.elapsed().as_millis();
                tracing::info!(%variant, ms, "solved table ready");
                table
            })
            .await
    }

    /// The cell of `variant`'s solved table; `None` for a variant without one.
    fn cell(&self, variant: Variant) -> Option<&OnceCell<Option<&'static Table>>> {
        match variant {
            Variant::Tihbat => Some(&self.tihbat),
            Variant::Modiar => Some(&self.modiar),
            Variant::Mangala | Variant::Kalah | Variant::Oware | Variant::Togyz => None,
        }
    }

    /// The solved table of `variant` if it is ready, without waiting: `None` while it
    /// is being built (or not yet asked for), `Some(None)` for a variant without one.
    fn ready_table(&self, variant: Variant) -> Option<Option<&'static Table>> {
        self.cell(variant)
            .map_or(Some(None), |cell| cell.get().copied())
    }

    /// Starts building both tables in the background, once.
    fn start_building(house: &Arc<HouseBots>) {
        house.builds.call_once(|| {
            for variant in [Variant::Tihbat, Variant::Modiar] {
                let house = Arc::clone(house);
                tokio::spawn(async move { house.table(variant).await });
            }
        });
    }
}

impl Service {
    /// Builds (or reads, when `seedpost solve` wrote a current file) the solved tables
    /// of Tihbat and Modiar in the background, each on a blocking thread: the server
    /// calls it at start, so that no request waits for a build (RULES.md, "Solved
    /// values"). Until a table is ready, [`Service::solved_table_now`] answers
    /// `table_building` and the perfect bot waits for it.
    pub fn start_solved_tables(&self) {
        HouseBots::start_building(&self.house);
    }

    /// The solved table of `variant`, waiting for its build if it is under way (a
    /// page's analysis, which appears once done); `None` for a variant without one.
    pub(crate) async fn solved_table(&self, variant: Variant) -> Option<&'static Table> {
        self.house.table(variant).await
    }

    /// The solved table of `variant` for an answer that does not wait for a build:
    /// Tihbat's (built in a blink) is waited for; Modiar's, while it is being built
    /// (its build started if nothing had started it), is a 503 `table_building`.
    /// `None` for Mangala, which has none.
    ///
    /// # Errors
    /// [`Error::TableBuilding`] while Modiar's table is not ready.
    pub async fn solved_table_now(&self, variant: Variant) -> Result<Option<&'static Table>> {
        if variant == Variant::Tihbat {
            return Ok(self.house.table(variant).await);
        }
        match self.house.ready_table(variant) {
            Some(table) => Ok(table),
            None => {
                self.start_solved_tables();
                Err(Error::TableBuilding {
                    variant,
                    retry_after: TABLE_RETRY_AFTER,
                })
            }
        }
    }
}

/// A game being answered for a bot by one reply; let go when the reply is done.
struct Claim {
    answering: Arc<Mutex<HashMap<(GameId, AccountId), bool>>>,
    key: (GameId, AccountId),
    held: bool,
}

impl Claim {
    /// Whether a round asked for another look meanwhile (then the claim is kept and
    /// the request taken); otherwise the claim is let go.
    fn again(&mut self) -> bool {
        let mut answering = self
            .answering
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match answering.get_mut(&self.key) {
            Some(again) if *again => {
                *again = false;
                true
            }
            _ => {
                answering.remove(&self.key);
                self.held = false;
                false
            }
        }
    }
}

impl Drop for Claim {
    fn drop(&mut self) {
        if self.held {
            self.answering
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .remove(&self.key);
        }
    }
}
