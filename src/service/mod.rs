//! The use cases of seedpost: sign up, tokens, challenges, moves, resignations,
//! timeouts and standings. Handlers parse input, call one of these, and render the
//! result; no SQL and no rules logic live in handlers.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::accounts::service::floods::{self, FloodLimits};
use crate::accounts::service::maillinks::{self, LinkLimits};
use crate::accounts::service::throttle::{self, LoginLimits};
use crate::analysis::service::Analyses;
use crate::clock::Clock;
use crate::competition::service::vacations::DEFAULT_VACATION_DAYS;
use crate::games::cache::GameCache;
use crate::notifications::service::digest::Mailer;
use crate::notifications::service::push::PushConfig;
use crate::store::Store;
use crate::store::replica::Reads;

pub(crate) mod events;
mod house;
mod leases;
pub(crate) mod webhooks;

pub use events::{EVENT_RETENTION, EventFeed, EventLine, GameFeed, StreamKey};
pub use house::{
    HouseReplies, HouseRound, QUICK_REPLIES_PER_CORE, SolvedTables, THINKING_REPLIES_PER_CORE,
};
pub use webhooks::{
    ATTEMPTS_PER_WEBHOOK, DELIVERY_TIMEOUT, DeliveryRound, MAX_ATTEMPTS, MAX_ATTEMPTS_IN_FLIGHT,
    MAX_WEBHOOKS, RETRY_BACKOFF, SIGNATURE_HEADER, parse_secret as parse_webhook_secret,
    parse_url as parse_webhook_url, signature,
};

/// The use cases, over a store and a clock. Cheap to clone: one `Arc` around its
/// [`ServiceParts`], which every handler's extractor clones (15 `Arc`s cloned and
/// dropped per extractor were 4.5% of a move's time, bench/README.md). Its
/// builder-style `with_*` methods change the parts through `DerefMut`, before the
/// service is shared.
#[derive(Clone)]
pub struct Service(Arc<ServiceParts>);

impl std::ops::Deref for Service {
    type Target = ServiceParts;

    fn deref(&self) -> &ServiceParts {
        &self.0
    }
}

impl std::ops::DerefMut for Service {
    /// The parts of this service alone: copied first if another clone shares them.
    fn deref_mut(&mut self) -> &mut ServiceParts {
        Arc::make_mut(&mut self.0)
    }
}

/// What the use cases reach: the store, the clock, the event bus and each feature's
/// state and settings.
#[derive(Clone)]
pub struct ServiceParts {
    // The features moved into their own folders (`crate::games`) still add their use
    // cases to this struct, and reach the store and their state through it.
    pub(crate) store: Arc<dyn Store>,
    /// Where the reads that may be a moment old go: the store's primary, or a read
    /// replica (see [`crate::store::replica`]).
    pub(crate) reads: Reads,
    clock: Arc<dyn Clock>,
    events: events::EventBus,
    /// Whether webhooks may call private addresses.
    pub(crate) private_webhooks: bool,
    /// Failed log-ins per account and address.
    pub(crate) login_throttle: Arc<throttle::LoginThrottle>,
    /// Mailed links (address verification, password reset) per account and address.
    pub(crate) link_throttle: Arc<maillinks::LinkThrottle>,
    /// Copies of recently played games (a hint for the next move).
    pub(crate) cache: Arc<GameCache>,
    /// Each account's vacation allowance, in days a year.
    pub(crate) vacation_days: u32,
    /// How daily digests and turn mails are sent; `None` sends none.
    pub(crate) mailer: Option<Arc<Mailer>>,
    /// Analyses of finished games, kept and running.
    pub(crate) analyses: Arc<Analyses>,
    /// The caps where floods are cheap.
    pub(crate) floods: FloodLimits,
    /// Recent sign-ups per client address.
    pub(crate) sign_ups: Arc<floods::SignUps>,
    /// Web Push: the VAPID key and contact.
    pub(crate) push: Arc<PushConfig>,
    /// The house bots' replies running and the solved tables they read.
    house: Arc<house::HouseBots>,
    /// Whether the players of a game may chat (`--chat`; on by default).
    pub(crate) chat: bool,
    /// The most chat lines an account writes in a minute (`--chat-lines-per-minute`).
    pub(crate) chat_lines_per_minute: u32,
}

impl Service {
    /// A service over `store`, telling time by `clock`.
    pub fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> Service {
        Service(Arc::new(ServiceParts {
            reads: Reads::primary(store.clone()),
            store,
            clock,
            events: events::EventBus::new(),
            private_webhooks: false,
            login_throttle: Arc::new(throttle::LoginThrottle::new(LoginLimits::DEFAULT)),
            link_throttle: Arc::new(maillinks::LinkThrottle::new(LinkLimits::DEFAULT)),
            cache: Arc::default(),
            vacation_days: DEFAULT_VACATION_DAYS,
            mailer: None,
            analyses: Arc::default(),
            floods: FloodLimits::DEFAULT,
            sign_ups: Arc::new(floods::SignUps::new(
                FloodLimits::DEFAULT.sign_ups_per_address,
            )),
            push: Arc::default(),
            house: Arc::new(house::HouseBots::new(Arc::new(
                crate::analysis::solved::table,
            ))),
            chat: true,
            chat_lines_per_minute: crate::chat::service::LINES_PER_WINDOW,
        }))
    }

    /// Lets an account write at most `lines` chat lines a minute, in all its games
    /// (`--chat-lines-per-minute`; at least one).
    #[must_use]
    pub fn with_chat_lines_per_minute(mut self, lines: u32) -> Service {
        self.chat_lines_per_minute = lines.max(1);
        self
    }

    /// Lets the players of a game chat, or not (`--chat false`: the chat is off for
    /// the whole server).
    #[must_use]
    pub fn with_chat(mut self, on: bool) -> Service {
        self.chat = on;
        self
    }

    /// Gives the perfect house bot its solved tables from `source` instead of
    /// [`crate::analysis::solved::table`] (tests hold a table back as though it were
    /// being built).
    #[must_use]
    pub fn with_solved_tables(mut self, source: SolvedTables) -> Service {
        self.house = Arc::new(house::HouseBots::new(source));
        self
    }

    /// Caps sign-ups, tokens and open challenges by `limits` instead of
    /// [`FloodLimits::DEFAULT`].
    #[must_use]
    pub fn with_flood_limits(mut self, limits: FloodLimits) -> Service {
        self.floods = limits;
        self.sign_ups = Arc::new(floods::SignUps::new(limits.sign_ups_per_address));
        self
    }

    /// Signs push requests with the VAPID key and contact of `config` (by default a
    /// key made at first start and kept in the database).
    #[must_use]
    pub fn with_push(mut self, config: PushConfig) -> Service {
        self.push = Arc::new(config);
        self
    }

    /// Throttles failed log-ins by `limits` instead of [`LoginLimits::DEFAULT`].
    #[must_use]
    pub fn with_login_limits(mut self, limits: LoginLimits) -> Service {
        self.login_throttle = Arc::new(throttle::LoginThrottle::new(limits));
        self
    }

    /// Lets webhooks call private, loopback and link-local addresses (for tests and
    /// closed networks; off by default).
    #[must_use]
    pub fn with_private_webhooks(mut self, allow: bool) -> Service {
        self.private_webhooks = allow;
        self
    }

    /// The store (for health checks).
    #[must_use]
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Sends the reads that may be a moment old where `reads` says (see
    /// [`Reads::with_replica`]), instead of to the store.
    #[must_use]
    pub fn with_reads(mut self, reads: Reads) -> Service {
        self.reads = reads;
        self
    }

    /// Where the reads that may be a moment old go (for the HTTP layer's read
    /// positions, `/readyz` and `/metrics`).
    #[must_use]
    pub fn reads(&self) -> &Reads {
        &self.reads
    }

    /// The current time by the service's clock.
    #[must_use]
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }
}
