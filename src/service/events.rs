//! Event streams: what each account hears about, stored in the same transaction as the
//! change that causes it (see `migrations/*/0003_events.sql`), and the wake-ups that
//! tell open streams to read the table.
//!
//! The `events` table is the truth; notifications only wake. A stream subscribes to
//! its account's wake-ups *before* it reads, then reads every event above the last seq
//! it has sent, on every wake-up: a notification that comes early, late, twice or
//! never (on Postgres, also a keep-alive re-read) cannot make it skip or repeat one.
//! Wake-ups come from one place, the store's notices (see
//! [`Store::listen_events`]): this process's commits, and on Postgres the other
//! instances' through `LISTEN`, fanned out here by one listener per service.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Weak};

use chrono::{DateTime, TimeDelta, Utc};
use serde::Serialize;
use serde_json::value::RawValue;
use tokio::sync::{OnceCell, broadcast, watch};

use super::Service;
use crate::challenges::json::ChallengeJson;
use crate::domain::{AccountId, EventKind, GameId, GameStatus};
use crate::error::{Error, Result};
use crate::games::json::GameJson;
use crate::games::service::LoadedGame;
use crate::store::{
    Account, Challenge, Event, EventWake, GameFilter, NewEvent, Notice, Page, Store,
};

/// How long events are kept: a client may resume with `since` for at least this long.
pub const EVENT_RETENTION: TimeDelta = TimeDelta::days(7);

/// At most this many events are read at once; a stream further behind reads again.
const EVENTS_PER_READ: u32 = 500;

/// How many wake-ups a listener to every account (a webhook sender) may fall behind.
const ALL_BUFFER: usize = 4096;

/// Credentials whose shared check is kept before those no stream waits on are
/// forgotten.
const CHECKS_KEPT: usize = 4096;

/// A credential, as [`EventBus::check`] knows it: session or token, and its hash.
type CheckKey = (bool, String);

/// The latest event a credential's streams were woken for, and the check that
/// answers for it.
type SharedCheck = (u64, Arc<OnceCell<bool>>);

/// What a wake-up carries: the events this process has just committed for the
/// account, in seq order, which a stream that has sent every earlier one sends without
/// reading the table; `None` when the streams should read the table.
type Wake = Option<Arc<[Event]>>;

/// The in-process wake-ups of event streams: one `watch` per account with open
/// streams (its value is the latest wake-up), one broadcast of every account for
/// listeners to all of them, and a shutdown signal.
#[derive(Clone)]
pub(super) struct EventBus {
    inner: Arc<BusInner>,
}

struct BusInner {
    accounts: Mutex<HashMap<AccountId, watch::Sender<Wake>>>,
    /// The credential checks of the latest wake-up of each credential with streams,
    /// shared by its streams (see [`EventBus::check`]).
    checks: Mutex<HashMap<CheckKey, SharedCheck>>,
    all: broadcast::Sender<AccountId>,
    closed: watch::Sender<bool>,
    listening: AtomicBool,
}

impl EventBus {
    pub(crate) fn new() -> EventBus {
        EventBus {
            inner: Arc::new(BusInner {
                accounts: Mutex::new(HashMap::new()),
                checks: Mutex::new(HashMap::new()),
                all: broadcast::channel(ALL_BUFFER).0,
                closed: watch::channel(false).0,
                listening: AtomicBool::new(false),
            }),
        }
    }

    /// Wakes the streams of `account` (with its events just committed, if known), or
    /// of every account for `None`.
    fn wake(inner: &BusInner, account: Option<AccountId>, events: &Wake) {
        let mut accounts = inner
            .accounts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match account {
            Some(account) => {
                if let Some(tx) = accounts.get(&account) {
                    if tx.receiver_count() == 0 {
                        accounts.remove(&account);
                    } else {
                        tx.send_replace(events.clone());
                    }
                }
                let _ = inner.all.send(account);
            }
            None => {
                accounts.retain(|_, tx| tx.receiver_count() > 0);
                for tx in accounts.values() {
                    tx.send_replace(None);
                }
            }
        }
    }

    /// A waker for `account`'s streams; starts listening to the store (once).
    fn waker(&self, account: AccountId, store: &Arc<dyn Store>) -> EventWaker {
        self.listen(store);
        let rx = self
            .inner
            .accounts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .entry(account)
            .or_insert_with(|| watch::channel(None).0)
            .subscribe();
        EventWaker {
            rx,
            closed: self.inner.closed.subscribe(),
        }
    }

    /// Whether the credential `key` still authenticates its account, by a check that
    /// started after the event `seq` was committed: one check for every stream of the
    /// credential woken by that event (a player's pages and bots may hold dozens,
    /// each of which checked on its own, a statement per stream and event), made by
    /// `check` on the first stream to ask. A check that fails is not shared: the next
    /// stream to ask makes its own.
    async fn check<F>(&self, key: &StoredKey, seq: u64, check: F) -> Result<bool>
    where
        F: Future<Output = Result<bool>>,
    {
        let cell = {
            let mut checks = self
                .inner
                .checks
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if checks.len() > CHECKS_KEPT {
                checks.retain(|_, (_, cell)| Arc::strong_count(cell) > 1);
            }
            let entry = checks
                .entry(key.check_key())
                .or_insert_with(|| (seq, Arc::new(OnceCell::new())));
            // A later event's check started later still: good for this one too.
            if entry.0 < seq {
                *entry = (seq, Arc::new(OnceCell::new()));
            }
            Arc::clone(&entry.1)
        };
        cell.get_or_try_init(|| check).await.copied()
    }

    /// Starts listening to the store's notices of committed events, once: before
    /// any stream subscribes, nobody needs them.
    fn listen(&self, store: &Arc<dyn Store>) {
        if self.inner.listening.swap(true, Ordering::SeqCst) {
            return;
        }
        let weak: Weak<BusInner> = Arc::downgrade(&self.inner);
        let wake: EventWake = Arc::new(move |notice| {
            let Some(inner) = weak.upgrade() else {
                return false;
            };
            match notice {
                Notice::Committed(events) => {
                    if let Some(first) = events.first() {
                        EventBus::wake(&inner, Some(first.account), &Some(events.clone()));
                    }
                }
                Notice::Elsewhere(account) => EventBus::wake(&inner, Some(account), &None),
                Notice::Missed => EventBus::wake(&inner, None, &None),
            }
            true
        });
        store.listen_events(wake);
    }
}

/// Wakes a stream when events may have arrived for its account, or the server stops.
struct EventWaker {
    rx: watch::Receiver<Wake>,
    closed: watch::Receiver<bool>,
}

impl EventWaker {
    /// Waits for a wake-up; `None` when the server is stopping.
    async fn wait(&mut self) -> Option<Wake> {
        if *self.closed.borrow() {
            return None;
        }
        tokio::select! {
            changed = self.rx.changed() => match changed {
                Ok(()) => Some(self.rx.borrow_and_update().clone()),
                Err(_) => None,
            },
            _ = self.closed.changed() => None,
        }
    }
}

/// The body of a challenge event: `{"challenge": {...}}`.
#[derive(Serialize)]
struct ChallengeBody {
    challenge: ChallengeJson,
}

fn json_text(body: &impl Serialize) -> String {
    // Serialising these plain structs cannot fail.
    serde_json::to_string(body).unwrap_or_else(|_| "{}".to_owned())
}

/// The payload of a game event: `{"game": {...}}`, with `"minutes_left"` after it in
/// a `time_running_out` event. The game is JSON already made ([`game_json`]), put in
/// as it is.
#[derive(Serialize)]
struct GameBody<'a> {
    game: &'a RawValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    minutes_left: Option<i64>,
}

/// The payload of a game event, the game as [`game_json`] writes it.
fn game_payload(loaded: &LoadedGame) -> String {
    game_payload_of(&game_json(loaded))
}

/// The payload of a game event, of the game's JSON.
fn game_payload_of(game: &RawValue) -> String {
    json_text(&GameBody {
        game,
        minutes_left: None,
    })
}

/// The body of a match event: `{"match": {...}}`.
#[derive(Serialize)]
struct MatchBody<'a> {
    #[serde(rename = "match")]
    body: &'a crate::competition::json::MatchJson,
}

/// The payload of a match event.
pub(crate) fn match_payload(json: &crate::competition::json::MatchJson) -> String {
    json_text(&MatchBody { body: json })
}

/// The payload of a challenge event.
fn challenge_payload(challenge: &Challenge) -> String {
    json_text(&ChallengeBody {
        challenge: ChallengeJson::from(challenge),
    })
}

pub(crate) fn new_event(
    account: AccountId,
    kind: EventKind,
    payload: &str,
    at: DateTime<Utc>,
) -> NewEvent {
    NewEvent {
        account,
        kind,
        payload: payload.to_owned(),
        created_at: at,
    }
}

/// The events of a change to a game, as `loaded` stands after it: `first` (game_start
/// or move) to both players; then `your_turn` to the player to move, or
/// `game_finish` to both once the game is over.
pub(crate) fn game_events(
    loaded: &LoadedGame,
    first: Option<EventKind>,
    at: DateTime<Utc>,
) -> Vec<NewEvent> {
    game_events_of(loaded, first, at, &game_json(loaded))
}

/// The game as `GET /api/v1/games/{id}` serves it: the JSON of [`GameJson::full`],
/// made once for a move's answer and its events.
pub(crate) fn game_json(loaded: &LoadedGame) -> Box<RawValue> {
    // Serialising this plain struct cannot fail.
    serde_json::value::to_raw_value(&GameJson::full(loaded))
        .unwrap_or_else(|_| RawValue::NULL.to_owned())
}

/// [`game_events`] of a game already serialised by [`game_json`]: its events carry
/// `{"game": ...}`, as [`game_payload`] writes it.
pub(crate) fn game_events_of(
    loaded: &LoadedGame,
    first: Option<EventKind>,
    at: DateTime<Utc>,
    game_json: &RawValue,
) -> Vec<NewEvent> {
    let payload = &game_payload_of(game_json);
    let game = loaded.game();
    let players = [game.players.south.id, game.players.north.id];
    let mut events = Vec::with_capacity(4);
    if let Some(kind) = first {
        events.extend(players.map(|p| new_event(p, kind, payload, at)));
    }
    if game.state.status == GameStatus::Ongoing {
        if let Some(side) = game.state.to_move {
            let player = game.players.get(side).id;
            events.push(new_event(player, EventKind::YourTurn, payload, at));
        }
    } else {
        events.extend(players.map(|p| new_event(p, EventKind::GameFinish, payload, at)));
    }
    events
}

/// The `time_running_out` event to the player to move in `loaded`, sent at `at`:
/// `{"game": ..., "minutes_left": n}`, the whole minutes left to the deadline.
pub(crate) fn reminder_event(loaded: &LoadedGame, at: DateTime<Utc>) -> Option<NewEvent> {
    let game = loaded.game();
    let side = game.state.to_move?;
    let left = game
        .state
        .deadline
        .map_or(0, |deadline| (deadline - at).num_minutes().max(0));
    let payload = json_text(&GameBody {
        game: &game_json(loaded),
        minutes_left: Some(left),
    });
    Some(new_event(
        game.players.get(side).id,
        EventKind::TimeRunningOut,
        &payload,
        at,
    ))
}

/// A `vacation_start` or `vacation_end` event to the opponent of `away` in `loaded`.
pub(crate) fn vacation_event(
    loaded: &LoadedGame,
    away: AccountId,
    kind: EventKind,
    at: DateTime<Utc>,
) -> Option<NewEvent> {
    let players = &loaded.game().players;
    let opponent = if players.south.id == away {
        players.north.id
    } else if players.north.id == away {
        players.south.id
    } else {
        return None;
    };
    Some(new_event(opponent, kind, &game_payload(loaded), at))
}

/// A challenge event to `account`.
pub(crate) fn challenge_event(
    account: AccountId,
    kind: EventKind,
    challenge: &Challenge,
    at: DateTime<Utc>,
) -> NewEvent {
    new_event(account, kind, &challenge_payload(challenge), at)
}

/// One line of an event stream: a stored event (with its seq) or a snapshot line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventLine {
    /// The event's seq; `None` for a snapshot line.
    pub seq: Option<u64>,
    /// The JSON object, on one line: `{"type": ..., "seq": ... or "snapshot": true, ...}`.
    pub json: String,
}

impl EventLine {
    /// The line of a stored event.
    #[must_use]
    pub fn of(event: &Event) -> EventLine {
        EventLine {
            seq: Some(event.seq),
            json: splice(
                &format!(
                    "{{\"type\":\"{}\",\"seq\":{}",
                    event.kind.as_str(),
                    event.seq
                ),
                &event.payload,
            ),
        }
    }

    /// A snapshot line: current state, not a stored event.
    fn snapshot(kind: EventKind, payload: &str) -> EventLine {
        EventLine {
            seq: None,
            json: splice(
                &format!("{{\"type\":\"{}\",\"snapshot\":true", kind.as_str()),
                payload,
            ),
        }
    }
}

/// `head` (an unclosed JSON object's first members) followed by the members of the
/// JSON object `payload`.
///
/// A stored payload is an object whose members go after `type` and `seq` in the line
/// sent. [`RawValue`] puts a whole value in place, not an object's members, and
/// re-parsing each stored payload into a map for every line of every stream would
/// undo the point of storing it as text; so the line is made by joining the texts,
/// from a payload this module wrote (a serialised object, [`game_payload`] and the
/// like).
fn splice(head: &str, payload: &str) -> String {
    let members = payload
        .trim()
        .strip_prefix('{')
        .map_or("}", str::trim_start);
    if members.starts_with('}') {
        format!("{head}}}")
    } else {
        format!("{head},{members}")
    }
}

/// What opened an event stream, and must stay valid for it to go on: an API token
/// (bots) or a browser session (the pages' `GET /live`), by its secret.
#[derive(Debug, Clone, Copy)]
pub enum StreamKey<'a> {
    /// The secret of an API token: the stream ends when the token is revoked.
    Token(&'a str),
    /// The secret of a session cookie: the stream ends when the session does.
    Session(&'a str),
}

/// The stored form of a [`StreamKey`]: which kind, and the secret's hash.
enum StoredKey {
    Token(String),
    Session(String),
}

impl StoredKey {
    fn check_key(&self) -> CheckKey {
        match self {
            StoredKey::Token(hash) => (false, hash.clone()),
            StoredKey::Session(hash) => (true, hash.clone()),
        }
    }
}

/// An open event stream of one account: the events above the last seq it returned,
/// as they are committed, for as long as the token or session that opened it is valid.
pub struct EventFeed {
    service: Service,
    account: AccountId,
    /// The stored hash of the token or session that opened the stream.
    key: StoredKey,
    last: u64,
    waker: EventWaker,
    dirty: bool,
    /// Whether to check the token before anything more goes out: after each
    /// wake-up and keep-alive.
    check: bool,
}

impl EventFeed {
    /// The seq of the last event returned (or the starting point).
    #[must_use]
    pub fn last_seq(&self) -> u64 {
        self.last
    }

    /// Asks for a re-read at the next [`EventFeed::next`] even without a wake-up, and
    /// a check of the token: a safety net for notifications lost between instances,
    /// and how a token revoked on another instance ends the stream (at the next
    /// keep-alive).
    pub fn poke(&mut self) {
        self.dirty = true;
        self.check = true;
    }

    /// Whether the token or session that opened the stream still authenticates its
    /// account.
    async fn token_valid(&self) -> Result<bool> {
        let now = self.service.now();
        let store = &self.service.store;
        let found = match &self.key {
            StoredKey::Token(hash) => store.account_by_token(hash, now).await.map(|(a, _)| a.id),
            StoredKey::Session(hash) => store.session(hash, now).await.map(|s| s.account.id),
        };
        match found {
            Ok(id) => Ok(id == self.account),
            Err(crate::store::StoreError::NotFound) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The next events, in seq order, waiting for them; `None` once the server
    /// stops or the token that opened the stream is revoked (checked before any
    /// event read from the table goes out, at each [`EventFeed::poke`] and after
    /// [`Service::end_streams_of_revoked`]). Cancel-safe: an interrupted call loses
    /// nothing.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn next(&mut self) -> Result<Option<Vec<Event>>> {
        loop {
            // Nothing goes out after a wake-up before the token is checked: a token
            // revoked on this instance wakes its streams; one revoked on another is
            // found at the next keep-alive or before the account's next events.
            if self.check {
                if !self.token_valid().await? {
                    return Ok(None);
                }
                self.check = false;
            }
            if self.dirty {
                let events = self
                    .service
                    .store
                    .events(self.account, self.last, EVENTS_PER_READ)
                    .await?;
                if events.len() < EVENTS_PER_READ as usize {
                    self.dirty = false;
                }
                if let Some(last) = events.last() {
                    self.last = last.seq;
                    return Ok(Some(events));
                }
            }
            let wake = self.waker.wait().await;
            self.check = true;
            match wake {
                None => return Ok(None),
                // Events of this process that follow the last one sent go out as they
                // are (once the token is checked); those already sent are skipped;
                // after a gap (a wake-up missed or out of order, events of another
                // instance) the table is read.
                Some(Some(events)) if !self.dirty => {
                    let (Some(first), Some(last)) = (events.first(), events.last()) else {
                        continue;
                    };
                    if first.seq == self.last + 1 {
                        let valid = self
                            .service
                            .events
                            .check(&self.key, last.seq, self.token_valid())
                            .await?;
                        if !valid {
                            return Ok(None);
                        }
                        self.check = false;
                        self.last = last.seq;
                        return Ok(Some(events.to_vec()));
                    }
                    self.dirty = last.seq > self.last;
                }
                Some(_) => self.dirty = true,
            }
        }
    }
}

/// An open stream of one game: the game after every change, until it is over.
pub struct GameFeed {
    service: Service,
    id: GameId,
    waker: EventWaker,
    sent: Option<(u32, GameStatus)>,
    dirty: bool,
}

impl GameFeed {
    /// Asks for a re-read at the next [`GameFeed::next`] even without a wake-up.
    pub fn poke(&mut self) {
        self.dirty = true;
    }

    /// The game now (at the first call) or after its next change; `None` after the
    /// game is over or once the server stops. Cancel-safe.
    ///
    /// # Errors
    /// Storage errors; `not_found` if the game disappeared.
    pub async fn next(&mut self) -> Result<Option<LoadedGame>> {
        loop {
            if self
                .sent
                .is_some_and(|(_, status)| status != GameStatus::Ongoing)
            {
                return Ok(None);
            }
            if self.dirty {
                let loaded = self.service.game(self.id).await?;
                self.dirty = false;
                let state = &loaded.game().state;
                let now = (state.ply, state.status);
                if self.sent != Some(now) {
                    self.sent = Some(now);
                    return Ok(Some(loaded));
                }
            }
            match self.waker.wait().await {
                None => return Ok(None),
                // This process's events of South's other games: nothing to read.
                Some(Some(events)) if !events.iter().any(|e| self.concerns(e)) => {}
                Some(_) => self.dirty = true,
            }
        }
    }

    /// Whether `event` may tell of a change of this game: a game event of this game,
    /// or any other kind of event (which is read again, to be safe).
    fn concerns(&self, event: &Event) -> bool {
        /// The game an event's payload names, if any.
        #[derive(serde::Deserialize)]
        struct About<'a> {
            #[serde(borrow)]
            game: Option<GameRef<'a>>,
        }
        #[derive(serde::Deserialize)]
        struct GameRef<'a> {
            #[serde(borrow)]
            id: std::borrow::Cow<'a, str>,
        }
        match serde_json::from_str::<About<'_>>(&event.payload) {
            Ok(About { game: Some(game) }) => {
                game.id.parse::<GameId>().is_ok_and(|id| id == self.id)
            }
            _ => true,
        }
    }
}

impl Service {
    /// Opens the event stream of `account`, authenticated by `key` (a token's or a
    /// session's secret), which ends when that token is revoked or that session ends: the snapshot lines (open challenges naming
    /// it, and its games where it is to move, with the full game), then a feed of
    /// the events above `since` — or, without `since`, of those committed from now on.
    ///
    /// # Errors
    /// `since_ahead` (409) when `since` is above the seq of the account's latest
    /// event; storage errors.
    pub async fn open_event_stream(
        &self,
        account: &Account,
        key: StreamKey<'_>,
        since: Option<u64>,
    ) -> Result<(Vec<EventLine>, EventFeed)> {
        // Subscribe first, then read the head and the snapshot: whatever commits in
        // between wakes the feed, so nothing falls between snapshot and events (it
        // may show in both).
        let feed = self.follow_events(account, key, since).await?;
        let snapshot = self.snapshot(account).await?;
        Ok((snapshot, feed))
    }

    /// Opens the event stream of `account` as [`Service::open_event_stream`] does,
    /// without its snapshot: for a page, which shows the present already.
    ///
    /// # Errors
    /// `since_ahead` (409) when `since` is above the seq of the account's latest
    /// event; storage errors.
    pub async fn follow_events(
        &self,
        account: &Account,
        key: StreamKey<'_>,
        since: Option<u64>,
    ) -> Result<EventFeed> {
        let waker = self.events.waker(account.id, &self.store);
        let head = self.store.event_head(account.id).await?;
        let last = match since {
            // Seqs only grow: a seq above the head is not this account's (a restore,
            // another server), and resuming there would withhold every event up to it.
            Some(since) if since > head => return Err(Error::SinceAhead { since, head }),
            Some(since) => since,
            None => head,
        };
        Ok(EventFeed {
            service: self.clone(),
            account: account.id,
            key: match key {
                StreamKey::Token(secret) => StoredKey::Token(crate::domain::token_hash(secret)),
                StreamKey::Session(secret) => StoredKey::Session(crate::domain::token_hash(secret)),
            },
            last,
            waker,
            dirty: true,
            check: true,
        })
    }

    /// The snapshot lines of `account`'s event stream: open challenges naming it, and
    /// its games where it is to move, with the full game.
    async fn snapshot(&self, account: &Account) -> Result<Vec<EventLine>> {
        let mut snapshot = Vec::new();
        for challenge in self
            .store
            .open_challenges(account.id, Page::first(500))
            .await?
        {
            if challenge.opponent.as_ref().map(|o| o.id) == Some(account.id) {
                snapshot.push(EventLine::snapshot(
                    EventKind::Challenge,
                    &challenge_payload(&challenge),
                ));
            }
        }
        let filter = GameFilter {
            status: Some(GameStatus::Ongoing),
            to_move: Some(account.id),
            viewer: Some(account.id),
            limit: 500,
            ..GameFilter::default()
        };
        for game in self.games_matching(&filter).await? {
            match self.game(game.id).await {
                Ok(loaded) => snapshot.push(EventLine::snapshot(
                    EventKind::YourTurn,
                    &game_payload(&loaded),
                )),
                Err(Error::NotFound(_)) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(snapshot)
    }

    /// Opens the stream of game `id`, for anyone.
    ///
    /// # Errors
    /// `not_found` (404).
    pub async fn open_game_stream(&self, id: GameId) -> Result<GameFeed> {
        let game = self.game(id).await?;
        // Every change of a game is an event to both players: South's wake-ups are
        // the game's.
        let waker = self.events.waker(game.game().players.south.id, &self.store);
        Ok(GameFeed {
            service: self.clone(),
            id,
            waker,
            sent: None,
            dirty: true,
        })
    }

    /// The events of `account` above `since`, at most `limit` (up to 500), for readers
    /// other than streams (webhooks).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn events_since(
        &self,
        account: AccountId,
        since: u64,
        limit: u32,
    ) -> Result<Vec<Event>> {
        Ok(self.store.events(account, since, limit).await?)
    }

    /// Every account that gets events from now on, as they are committed in this
    /// process or, on Postgres, in another instance (this starts listening). A
    /// lagging receiver should re-read the table of every account it serves.
    #[must_use]
    pub fn subscribe_event_accounts(&self) -> broadcast::Receiver<AccountId> {
        self.events.listen(&self.store);
        self.events.inner.all.subscribe()
    }

    /// Deletes events older than [`EVENT_RETENTION`]; returns how many.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn purge_events(&self) -> Result<u64> {
        Ok(self
            .store
            .purge_events(self.now() - EVENT_RETENTION)
            .await?)
    }

    /// Makes the open event streams of `account` in this process check their tokens
    /// now, so that those whose token was revoked (or no longer authenticates, as
    /// after a password change that ends them) end at once. The streams of other
    /// instances find out at their next keep-alive, or before they send the
    /// account's next events, whichever comes first.
    pub fn end_streams_of_revoked(&self, account: AccountId) {
        let accounts = self
            .events
            .inner
            .accounts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(tx) = accounts.get(&account) {
            tx.send_replace(None);
        }
    }

    /// Ends every open stream (at shutdown, so that graceful shutdown can finish).
    pub fn close_streams(&self) {
        self.events.inner.closed.send_replace(true);
    }
}

#[cfg(test)]
mod tests {
    use super::splice;

    #[test]
    fn a_payload_is_spliced_after_the_type_and_seq() {
        assert_eq!(
            splice("{\"type\":\"move\",\"seq\":3", "{\"game\":{\"id\":1}}"),
            "{\"type\":\"move\",\"seq\":3,\"game\":{\"id\":1}}"
        );
        assert_eq!(
            splice("{\"type\":\"move\",\"seq\":3", "{}"),
            "{\"type\":\"move\",\"seq\":3}"
        );
    }
}
