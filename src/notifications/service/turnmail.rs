//! E-mail on your turn (issue 21; docs/notifications.md): a player who turned it on
//! (the e-mail channel's `your_turn` kind; off by default) gets a mail when an
//! opponent has moved and it is their turn, at the address of the Reminders page,
//! through the operator's SMTP server (the digest's [`Mailer`]).
//!
//! - **Queued once.** Each round reads the `your_turn` events written since the last
//!   (with a margin for writes committed late) and queues a turn per player, game
//!   and ply; the database keeps one row whichever instances queue it.
//! - **One mail per player at a time.** A player's mail is claimed with a lease in
//!   the database, and only once the last one is [`Mailer::with_turn_mail_minutes`]
//!   old (15 minutes by default): the turns queued meanwhile go together in the
//!   next mail, each named once.
//! - **Not while the game is open.** The live game page marks that the player has it
//!   open ([`Service::open_presence`]), in the database so that every instance sees
//!   it; a turn in a game the player has open when the mail would go out is dropped,
//!   as is one the player has answered already, one in a game that ended, or one
//!   while the player is on vacation.
//! - **Failures.** A mail the SMTP server refuses is tried again after the digest's
//!   back-off ([`DIGEST_BACKOFF`]) for that player only, and the round goes on; when
//!   the SMTP server cannot be reached, the round ends and the next tries again.

use std::collections::HashMap;

use chrono::{DateTime, TimeDelta, Utc};
use serde_json::Value;

use super::digest::{Compose, DIGEST_BACKOFF, Mailer, NotSent, mail_id, mail_text};
use crate::domain::{AccountId, GameId, GameStatus};
use crate::error::{Error, Result};
use crate::games::service::{LoadedGame, side_of};
use crate::notifications::entity::{Channel, NoticeKind};
use crate::notifications::store::turnmail::{Release, Turn, TurnEnd};
use crate::notifications::store::{CalendarStore, PushStore, TurnMailStore};
use crate::service::Service;
use crate::store::{Game, StoreError};

/// How long a game page counts as open after its stream last marked it.
pub const PRESENCE_TIMEOUT: TimeDelta = TimeDelta::seconds(90);

/// How far back the first round of an instance reads turns (a restart's moves).
const LOOKBACK: TimeDelta = TimeDelta::hours(1);

/// How far before the last round's time a round reads again: a move's event bears
/// the time it was made, and may commit a little later.
const MARGIN: TimeDelta = TimeDelta::minutes(5);

/// Events read at once, and reads in one round at most.
const EVENTS_PER_READ: u32 = 500;
const READS_PER_ROUND: usize = 20;

/// Players whose mail one round looks at, at most (the rest at the next).
const PLAYERS_PER_ROUND: u32 = 200;

/// How long a claim of a player's mail lasts: longer than an SMTP conversation.
const LEASE: TimeDelta = TimeDelta::minutes(2);

/// How long turns that ended are kept.
const KEEP: TimeDelta = TimeDelta::days(7);

/// What one round of [`Service::send_turn_mails`] did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TurnMailRound {
    /// Turns newly queued.
    pub queued: usize,
    /// Mails sent.
    pub sent: usize,
    /// Turns dropped unsent.
    pub skipped: usize,
    /// Mails the SMTP server refused (tried again later).
    pub failed: usize,
}

/// An open game page of a player: marks the player present in the game until it is
/// dropped (then forgotten), or until [`PRESENCE_TIMEOUT`] after its last
/// [`Presence::beat`].
pub struct Presence {
    service: Service,
    id: uuid::Uuid,
    account: AccountId,
    game: GameId,
}

impl std::fmt::Debug for Presence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Presence")
            .field("account", &self.account)
            .field("game", &self.game)
            .finish_non_exhaustive()
    }
}

impl Presence {
    /// Marks the page open now.
    pub async fn beat(&self) {
        let now = self.service.now();
        if let Err(e) = self
            .service
            .store
            .mark_presence(self.id, self.account, self.game, now)
            .await
        {
            tracing::warn!(error = %crate::error::Chain(&e), game = %self.game, "cannot mark a game page open");
        }
    }
}

impl Drop for Presence {
    fn drop(&mut self) {
        let (store, id) = (self.service.store.clone(), self.id);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                if let Err(e) = store.leave_presence(id).await {
                    tracing::debug!(error = %crate::error::Chain(&e), "a closed game page stays marked until it expires");
                }
            });
        }
    }
}

/// The game and ply a `your_turn` event names.
fn turn_of(event: &crate::store::Event) -> Option<(GameId, u32)> {
    let body: Value = serde_json::from_str(&event.payload).ok()?;
    let game = &body["game"];
    let id = game["id"].as_str()?.parse().ok()?;
    let ply = u32::try_from(game["ply"].as_u64()?).ok()?;
    Some((id, ply))
}

/// Whether `turn` is still to be answered in `loaded` (as it stands) by its player
/// after the opponent's move (not after the player's own, which may give another
/// move), and the player is not away.
fn still_due(loaded: &LoadedGame, turn: &Turn) -> bool {
    let game = loaded.game();
    let Some(side) = side_of(game, turn.account) else {
        return false;
    };
    game.state.status == GameStatus::Ongoing
        && game.state.to_move == Some(side)
        && game.state.ply == turn.ply
        && loaded.stored.moves.last().is_some_and(|m| m.side != side)
        && !*game.on_vacation.get(side)
}

impl Service {
    /// A mark that `account` has the page of game `game` open, kept while the
    /// returned [`Presence`] lives (its owner calls [`Presence::beat`] every
    /// [`PRESENCE_HEARTBEAT`](crate::games::pages::PRESENCE_HEARTBEAT)): no turn mail goes out for that game meanwhile. `None`
    /// when this server sends no mail, or the account does not play the game.
    pub async fn open_presence(&self, account: AccountId, game: &Game) -> Option<Presence> {
        self.mailer.as_ref()?;
        side_of(game, account)?;
        let presence = Presence {
            service: self.clone(),
            id: uuid::Uuid::new_v4(),
            account,
            game: game.id,
        };
        presence.beat().await;
        Some(presence)
    }

    /// One round of turn mails (the sweeper's): queues the turns of the `your_turn`
    /// events written since the last round, then sends each player whose throttle
    /// allows one mail naming their turns still due. Does nothing without a mailer.
    ///
    /// # Errors
    /// Storage errors. A mail the SMTP server refuses is logged and its player backs
    /// off ([`DIGEST_BACKOFF`]) while the round goes on; when the SMTP server cannot
    /// be reached, the round ends there (the next one tries again).
    pub async fn send_turn_mails(&self) -> Result<TurnMailRound> {
        let Some(mailer) = self.mailer.clone() else {
            return Ok(TurnMailRound::default());
        };
        let now = self.now();
        let mut round = TurnMailRound {
            queued: self.queue_turns(&mailer, now).await?,
            ..TurnMailRound::default()
        };
        self.store.purge_turn_mails(now - KEEP).await?;
        self.store
            .purge_presence(now - PRESENCE_TIMEOUT * 10)
            .await?;
        for account in self.store.turn_mail_accounts(PLAYERS_PER_ROUND).await? {
            let claimed = self
                .store
                .claim_turn_mail(account, now, now + LEASE, now - mailer.turn_interval)
                .await?;
            let Some(failures) = claimed else { continue };
            if !self
                .turn_mail(&mailer, account, failures, now, &mut round)
                .await?
            {
                break;
            }
        }
        Ok(round)
    }

    /// Queues the turns of the `your_turn` events since this instance's last round
    /// (less [`MARGIN`]; [`LOOKBACK`] at its first) of players with turn mails on.
    async fn queue_turns(&self, mailer: &Mailer, now: DateTime<Utc>) -> Result<usize> {
        let scanned = *mailer
            .turns_scanned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut since = scanned.map_or(now - LOOKBACK, |at| at - MARGIN);
        let mut wants: HashMap<AccountId, bool> = HashMap::new();
        let mut turns = Vec::new();
        for _ in 0..READS_PER_ROUND {
            let events = self.store.turn_events(since, EVENTS_PER_READ).await?;
            for event in &events {
                let wanted = match wants.get(&event.account) {
                    Some(wanted) => *wanted,
                    None => {
                        let settings = self.store.notification_settings(event.account).await?;
                        let wanted = settings.sends(Channel::Email, NoticeKind::YourTurn);
                        wants.insert(event.account, wanted);
                        wanted
                    }
                };
                // Ply 0 is a game's start: nobody moved yet.
                if let Some((game, ply)) = turn_of(event).filter(|(_, ply)| *ply > 0)
                    && wanted
                {
                    turns.push(Turn {
                        account: event.account,
                        game,
                        ply,
                    });
                }
            }
            match events.last() {
                Some(last) if events.len() == EVENTS_PER_READ as usize => {
                    since = last.created_at;
                }
                _ => break,
            }
        }
        let queued = self.store.queue_turn_mails(&turns, now).await?;
        *mailer
            .turns_scanned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(now);
        Ok(usize::try_from(queued).unwrap_or(usize::MAX))
    }

    /// Sends `account`'s mail (claimed, after `failures` failures in a row) naming
    /// its turns still due, and ends the claim. Returns `false` when the SMTP server
    /// cannot be reached (the round ends).
    async fn turn_mail(
        &self,
        mailer: &Mailer,
        account: AccountId,
        failures: u32,
        now: DateTime<Utc>,
        round: &mut TurnMailRound,
    ) -> Result<bool> {
        let pending = self.store.pending_turn_mails(account).await?;
        let email = match self.store.digest(account).await {
            Ok(settings) => Some(settings.email),
            Err(StoreError::NotFound) => None,
            Err(e) => return Err(e.into()),
        };
        let on = self
            .store
            .notification_settings(account)
            .await?
            .sends(Channel::Email, NoticeKind::YourTurn);
        let mut ended = Vec::new();
        let mut due = Vec::new();
        for turn in pending {
            let game = match self.game(turn.game).await {
                Ok(loaded) => Some(loaded),
                Err(Error::NotFound(_)) => None,
                Err(e) => return Err(e),
            };
            let send = match (&game, &email) {
                (Some(game), Some(_)) if on && still_due(game, &turn) => {
                    !self
                        .store
                        .present(account, turn.game, now - PRESENCE_TIMEOUT)
                        .await?
                }
                _ => false,
            };
            match game {
                Some(loaded) if send => due.push((turn, loaded.stored.game)),
                _ => ended.push((turn, TurnEnd::Skipped)),
            }
        }
        round.skipped += ended.len();
        let Some(email) = email.filter(|_| !due.is_empty()) else {
            self.store
                .finish_turn_mail(account, &ended, Release::Unsent, now)
                .await?;
            return Ok(true);
        };
        let message = self
            .turn_message(mailer, account, &email, &due, now)
            .await?;
        match mailer.send(message).await {
            Ok(()) => {
                ended.extend(due.iter().map(|(turn, _)| (*turn, TurnEnd::Sent)));
                self.store
                    .finish_turn_mail(account, &ended, Release::Mailed, now)
                    .await?;
                round.sent += 1;
                tracing::info!(%account, games = due.len(), "turn mail sent");
                Ok(true)
            }
            Err(NotSent::Unreachable(error)) => {
                tracing::warn!(%account, error = %crate::error::Chain(&error), "the SMTP server cannot be reached; turn mails retried at the next round");
                self.store
                    .finish_turn_mail(account, &ended, Release::Unsent, now)
                    .await?;
                Ok(false)
            }
            Err(NotSent::Refused(error)) => {
                let wait = DIGEST_BACKOFF[usize::try_from(failures)
                    .unwrap_or(usize::MAX)
                    .min(DIGEST_BACKOFF.len() - 1)];
                let release = Release::Failed {
                    failures: failures.saturating_add(1),
                    retry_at: now + wait,
                };
                tracing::warn!(%account, %error, again = %(now + wait), "a turn mail could not be sent; this player is tried again later, the others go on");
                self.store
                    .finish_turn_mail(account, &ended, release, now)
                    .await?;
                round.failed += 1;
                Ok(true)
            }
        }
    }

    /// The mail naming `due` turns of `account`, in its language.
    async fn turn_message(
        &self,
        mailer: &Mailer,
        account: AccountId,
        email: &str,
        due: &[(Turn, Game)],
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<lettre::Message, String>> {
        let tr = self.recipient_tr(account).await?;
        let games: Vec<Game> = due.iter().map(|(_, game)| game.clone()).collect();
        let (first_turn, first) = &due[0];
        let side = side_of(first, account).unwrap_or(seedpost_rules::Side::South);
        let username = first.players.get(side).username.to_string();
        let subject = if let [(_, game)] = due {
            tr.t2(
                "mail-turn-subject",
                "opponent",
                game.players.get(side.opposite()).username.as_str(),
                "variant",
                game.variant.title(),
            )
        } else {
            tr.t1("mail-turn-subject-many", "count", due.len())
        };
        let links = mailer.links();
        let text = mail_text(
            tr,
            links,
            &username,
            &games,
            now,
            &tr.t1("mail-turn-intro", "count", due.len()),
            &tr.t2(
                "mail-turn-footer",
                "minutes",
                mailer.turn_interval.num_minutes(),
                "link",
                format!("{links}/settings/notifications"),
            ),
        );
        let id = mail_id(
            links,
            &format!("turn.{}.{}.{account}", first_turn.game, first_turn.ply),
        );
        Ok(mailer.compose(
            email,
            Compose {
                subject,
                text,
                id,
                now,
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_read_from_the_game_of_a_your_turn_event() {
        let game = GameId::new();
        let event = |payload: String| crate::store::Event {
            account: AccountId::new(),
            seq: 1,
            kind: crate::domain::EventKind::YourTurn,
            payload,
            created_at: chrono::DateTime::UNIX_EPOCH,
        };
        assert_eq!(
            turn_of(&event(format!(
                r#"{{"game": {{"id": "{game}", "ply": 7}}}}"#
            ))),
            Some((game, 7))
        );
        assert_eq!(
            turn_of(&event(r#"{"game": {"id": "x", "ply": 7}}"#.to_owned())),
            None
        );
        assert_eq!(turn_of(&event("not json".to_owned())), None);
    }
}
