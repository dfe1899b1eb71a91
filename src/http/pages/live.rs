//! `GET /live`: the signed-in visitor's own stream of changes, for every page: after
//! each of their events (an opponent's move, a challenge, a game's end), one `changed`
//! event whose data is `{"turns": n, "challenges": c, "waiting": n + c, "label":
//! "…"}`: the number of games where it is their turn, of challenges waiting for their
//! answer, both together, and the count's words in the visitor's language. The pages'
//! script updates the header's count and the tab title, and the home page's lists.
//! Each new line of a chat of the visitor's games is a `line` event of its own (see
//! [`crate::chat::pages::line_data`]), for the game page's chat: one stream per page
//! for all of this, since a browser holds only six connections to a server.
//!
//! Its keep-alive is short ([`KEEP_ALIVE`]): every page opens this stream, and a page
//! left behind is only noticed gone when a write fails, so a player opening pages
//! quickly would otherwise hold many connections against the per-address cap.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};

use super::error::PageError;
use super::session::Visitor;
use super::view::Waiting;
use crate::domain::{AccountId, EventKind};
use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::ClientAddr;
use crate::service::StreamKey;
use crate::store::Account;

/// How long one stream lasts before the browser reconnects.
const STREAM_LIFETIME: Duration = Duration::from_secs(300);

/// How often the stream reads the account's events even without a notice.
const RECHECK: Duration = Duration::from_secs(15);

/// How often a comment is written, which is also how soon a closed page's stream ends
/// (and gives back its place under the per-address cap).
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(3);

/// `GET /live`, for a signed-in visitor. It takes a place among the client address's
/// streams ([`crate::http::ratelimit::StreamSlots`]); past the cap, 429.
pub async fn account(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    visitor: Visitor,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, PageError> {
    let account = visitor.require()?.clone();
    let slot = state.settings.stream_slots.take(client)?;
    let tr = visitor.tr();
    let secret = visitor.session.clone().ok_or(Error::Unauthorized)?;
    // Only what changes from now on: the page shows the present already. The stream
    // ends when the session does (logging out, here or on another instance).
    let feed = state
        .service
        .follow_events(&account, StreamKey::Session(&secret), None)
        .await?;
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.reset();
    let events = stream::unfold(
        (state, account, feed, recheck, slot, Vec::<Event>::new()),
        move |(state, account, mut feed, mut recheck, slot, mut ready)| async move {
            loop {
                if let Some(event) = ready.pop() {
                    return Some((Ok(event), (state, account, feed, recheck, slot, ready)));
                }
                tokio::select! {
                    next = feed.next() => match next {
                        Ok(Some(events)) => {
                            // Chat lines change no count: only other events are `changed`.
                            let (lines, others): (Vec<_>, Vec<_>) =
                                events.iter().partition(|e| e.kind == EventKind::ChatLine);
                            if !others.is_empty() {
                                let waiting = state
                                    .settings
                                    .live_counts
                                    .of(&state, &account, feed.last_seq())
                                    .await;
                                let data = serde_json::json!({
                                    "turns": waiting.games,
                                    "challenges": waiting.challenges,
                                    "waiting": waiting.total(),
                                    "label": waiting.words(&tr),
                                });
                                ready.push(Event::default().event("changed").data(data.to_string()));
                            }
                            // `ready` is sent from its end: the lines in their order.
                            let me = account.username.as_str();
                            ready.extend(lines.iter().rev().filter_map(|e| {
                                crate::chat::pages::line_data(&e.payload, me, tr)
                                    .map(|data| Event::default().event("line").data(data))
                            }));
                        }
                        Ok(None) => return None,
                        Err(e) => {
                            tracing::warn!(error = %crate::error::Chain(&e), "account stream failed");
                            return None;
                        }
                    },
                    _ = recheck.tick() => feed.poke(),
                }
            }
        },
    )
    .take_until(tokio::time::sleep(STREAM_LIFETIME));
    Ok(Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE)))
}

/// Accounts whose shared count is kept before those no stream waits on are forgotten.
const COUNTS_KEPT: usize = 4096;

/// The header's count after each account's latest event, shared by that account's
/// `/live` streams: a player with many pages open, each woken by the same event, reads
/// the count once instead of once a page (two statements each, for every event).
#[derive(Clone, Default)]
pub struct LiveCounts {
    latest: Arc<Mutex<HashMap<AccountId, Reading>>>,
}

/// One account's shared reading: the event it follows, and the count once read.
type Reading = (u64, Arc<tokio::sync::OnceCell<Waiting>>);

impl std::fmt::Debug for LiveCounts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveCounts").finish_non_exhaustive()
    }
}

impl LiveCounts {
    /// What waits for `account` by a reading that started after its event `seq` was
    /// committed (made now by the first stream to ask, or already by another).
    async fn of(&self, state: &AppState, account: &Account, seq: u64) -> Waiting {
        let cell = {
            let mut latest = self.latest.lock().unwrap_or_else(PoisonError::into_inner);
            if latest.len() > COUNTS_KEPT {
                latest.retain(|_, (_, cell)| Arc::strong_count(cell) > 1);
            }
            let entry = latest
                .entry(account.id)
                .or_insert_with(|| (seq, Arc::default()));
            // A reading for a later event started later still: good for this one too.
            if entry.0 < seq {
                *entry = (seq, Arc::default());
            }
            Arc::clone(&entry.1)
        };
        *cell.get_or_init(|| Waiting::of(state, account)).await
    }
}
