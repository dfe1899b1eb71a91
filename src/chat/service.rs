//! The chat's use cases: blocking, chatting, reporting and muting.
//!
//! A line goes to both players' event streams as a `chat_line` event, stored in the
//! line's own transaction and announced on the path that crosses instances (the
//! store's notices); the public game stream never carries it.

use chrono::{DateTime, TimeDelta, Utc};
use serde::Serialize;
use uuid::Uuid;

use super::store::{Added, ChatStore};
pub use super::store::{Blocked, ChatLine, Report};
use crate::domain::{Account, AccountId, EventKind, GameId, NewEvent, check_text};
use crate::error::{Error, Result};
use crate::service::Service;

/// The most characters of a chat line.
pub const LINE_MAX_CHARS: usize = 500;

/// The most lines one account writes in [`RATE_WINDOW`], in all its games, unless the
/// operator says otherwise (`--chat-lines-per-minute`).
pub const LINES_PER_WINDOW: u32 = 10;

/// The window of [`LINES_PER_WINDOW`].
pub const RATE_WINDOW: TimeDelta = TimeDelta::minutes(1);

/// The most days `seedpost admin mute` stops an account's chat for.
pub const MUTE_MAX_DAYS: i64 = 3650;

/// The payload of a `chat_line` event: `{"game_id": ..., "line": {...}}`.
#[derive(Serialize)]
struct LineEvent<'a> {
    game_id: String,
    line: &'a LineJson,
}

/// A chat line as the API shows it (and its events carry it).
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[schema(example = json!({"id": "0b7c7c6e-5a0a-4c47-9a53-43d8e1a0b0f4", "username": "ayse", "text": "Good game!", "at": "2026-11-30T12:00:00.000Z"}))]
pub struct LineJson {
    /// The line's id.
    pub id: String,
    /// Who wrote it (a deleted account's placeholder name).
    pub username: String,
    /// The text, as written.
    pub text: String,
    /// When.
    pub at: String,
}

impl From<&ChatLine> for LineJson {
    fn from(line: &ChatLine) -> LineJson {
        LineJson {
            id: line.id.to_string(),
            username: line.username.clone(),
            text: line.text.clone(),
            at: crate::wire::time(line.at),
        }
    }
}

/// A chat line's text as written.
///
/// # Errors
/// `invalid_text` (422) for a control character (a line break among them) or a
/// bidirectional override; `invalid_chat_line` (422) for an empty (or blank) line or
/// one longer than [`LINE_MAX_CHARS`].
pub fn parse_line(text: &str) -> Result<&str> {
    check_text(text).map_err(|_| Error::refused_text("text"))?;
    let chars = text.chars().count();
    if text.trim().is_empty() || chars > LINE_MAX_CHARS {
        return Err(Error::unprocessable(
            "invalid_chat_line",
            format!("a chat line holds 1 to {LINE_MAX_CHARS} characters"),
        ));
    }
    Ok(text)
}

/// Why `account` may not chat in a game now, if it may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatClosed {
    /// The operator turned the chat off for the server.
    Server,
    /// The account turned it off in its play settings.
    Mine,
    /// The opponent turned it off.
    Opponent,
    /// One of the two blocked the other.
    Blocked,
}

impl ChatClosed {
    /// The error of a line written anyway.
    fn error(self) -> Error {
        let (code, message) = match self {
            ChatClosed::Server => ("chat_off", "the chat is off on this server"),
            ChatClosed::Mine => ("chat_off", "you turned the chat off in your play settings"),
            ChatClosed::Opponent => ("chat_off", "your opponent does not chat"),
            ChatClosed::Blocked => ("blocked", "you cannot chat with this player"),
        };
        Error::Denied {
            code,
            message: message.to_owned(),
        }
    }
}

impl Service {
    /// Whether the server lets players chat (`--chat`).
    #[must_use]
    pub fn chat_served(&self) -> bool {
        self.chat
    }

    /// The accounts `account` blocked.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn blocks(&self, account: &Account) -> Result<Vec<Blocked>> {
        Ok(self.store.blocks(account.id).await?)
    }

    /// `account` blocks the player named `name`: it can no longer challenge
    /// `account`, nor chat with it. Blocking again changes nothing.
    ///
    /// # Errors
    /// `not_found` (404) for no such player; `self_block` (422) for `account` itself.
    pub async fn block(&self, account: &Account, name: &str) -> Result<()> {
        let other = self.account(name).await?;
        if other.id == account.id {
            return Err(Error::unprocessable(
                "self_block",
                "you cannot block yourself",
            ));
        }
        Ok(self.store.block(account.id, other.id, self.now()).await?)
    }

    /// `account` unblocks the player named `name` (not blocked: no change).
    ///
    /// # Errors
    /// `not_found` (404) for no such player.
    pub async fn unblock(&self, account: &Account, name: &str) -> Result<()> {
        let other = self.account(name).await?;
        self.store.unblock(account.id, other.id).await?;
        Ok(())
    }

    /// Whether `account` blocked `other`.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn blocked_by(&self, account: &Account, other: AccountId) -> Result<bool> {
        Ok(self
            .store
            .blocks(account.id)
            .await?
            .iter()
            .any(|b| b.account == other))
    }

    /// Whether `a` or `b` blocked the other.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn blocked_between(&self, a: AccountId, b: AccountId) -> Result<bool> {
        Ok(self.store.blocked_between(a, b).await?)
    }

    /// The two players of game `id`, `account` first; `not_found` to anyone who does
    /// not play it.
    async fn players_of(&self, account: &Account, id: GameId) -> Result<(AccountId, AccountId)> {
        let loaded = self.game(id).await?;
        let players = &loaded.game().players;
        if players.south.id == account.id {
            Ok((account.id, players.north.id))
        } else if players.north.id == account.id {
            Ok((account.id, players.south.id))
        } else {
            Err(Error::NotFound("game"))
        }
    }

    /// Why `account` may not chat with `opponent`, if it may not.
    async fn chat_closed(
        &self,
        account: &Account,
        opponent: AccountId,
    ) -> Result<Option<ChatClosed>> {
        if !self.chat {
            return Ok(Some(ChatClosed::Server));
        }
        if !self.store.play_settings(account.id).await?.chat {
            return Ok(Some(ChatClosed::Mine));
        }
        if !self.store.play_settings(opponent).await?.chat {
            return Ok(Some(ChatClosed::Opponent));
        }
        if self.store.blocked_between(account.id, opponent).await? {
            return Ok(Some(ChatClosed::Blocked));
        }
        Ok(None)
    }

    /// The chat of game `id`, oldest first, and why `account` may not write in it
    /// now, if it may not.
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game or one `account` does not play.
    pub async fn chat(
        &self,
        account: &Account,
        id: GameId,
    ) -> Result<(Vec<ChatLine>, Option<ChatClosed>)> {
        let (_, opponent) = self.players_of(account, id).await?;
        let closed = self.chat_closed(account, opponent).await?;
        Ok((self.store.chat_lines(id).await?, closed))
    }

    /// `account` writes `text` in the chat of game `id`: stored as written, and told
    /// to both players' event streams (`chat_line`).
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game or one `account` does not play;
    /// `invalid_text`, `invalid_chat_line` (422, see [`parse_line`]); `chat_off`
    /// (403) when the server, the account or its opponent turned the chat off;
    /// `blocked` (403) when one of the two blocked the other; `muted` (403) while the
    /// operator stopped the account's chat; `rate_limited` (429) past
    /// the server's lines a minute ([`LINES_PER_WINDOW`] unless set).
    pub async fn say(&self, account: &Account, id: GameId, text: &str) -> Result<ChatLine> {
        let text = parse_line(text)?;
        let (_, opponent) = self.players_of(account, id).await?;
        if let Some(closed) = self.chat_closed(account, opponent).await? {
            return Err(closed.error());
        }
        let now = self.now();
        if let Some(until) = self.store.muted_until(account.id).await?
            && until > now
        {
            return Err(Error::Denied {
                code: "muted",
                message: format!(
                    "the operator stopped your chat until {}",
                    crate::wire::time(until)
                ),
            });
        }
        let line = ChatLine {
            id: Uuid::new_v4(),
            game: id,
            account: account.id,
            username: account.username.as_str().to_owned(),
            text: text.to_owned(),
            at: now,
        };
        let payload = serde_json::to_string(&LineEvent {
            game_id: id.to_string(),
            line: &LineJson::from(&line),
        })
        .map_err(|e| Error::internal_from("writing a chat event", e))?;
        let events: Vec<NewEvent> = [account.id, opponent]
            .into_iter()
            .map(|to| NewEvent {
                account: to,
                kind: EventKind::ChatLine,
                payload: payload.clone(),
                created_at: now,
            })
            .collect();
        match self
            .store
            .add_chat_line(
                &line,
                &events,
                now - RATE_WINDOW,
                self.chat_lines_per_minute,
            )
            .await?
        {
            Added::Stored(_) => Ok(line),
            Added::TooMany => Err(Error::RateLimited {
                retry_after: u64::try_from(RATE_WINDOW.num_seconds()).unwrap_or(60),
            }),
        }
    }

    /// `account` reports line `line` of game `id` to the operator (again: no change).
    ///
    /// # Errors
    /// `not_found` (404) for an unknown game, one `account` does not play, or no such
    /// line in it; `own_line` (422) for a line `account` wrote.
    pub async fn report_line(&self, account: &Account, id: GameId, line: Uuid) -> Result<()> {
        self.players_of(account, id).await?;
        let found = match self.store.chat_line(id, line).await {
            Err(crate::store::StoreError::NotFound) => return Err(Error::NotFound("chat line")),
            other => other?,
        };
        if found.account == account.id {
            return Err(Error::unprocessable(
                "own_line",
                "you cannot report your own line",
            ));
        }
        Ok(self.store.report_line(line, account.id, self.now()).await?)
    }

    /// The reported lines, latest first (`seedpost admin reports`).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn chat_reports(&self, limit: u32) -> Result<Vec<Report>> {
        Ok(self.store.reports(limit).await?)
    }

    /// Stops the chat of the player named `name` for `days` days from now
    /// (`seedpost admin mute`; 0 lifts a mute); returns until when.
    ///
    /// # Errors
    /// `not_found` (404) for no such player; `invalid_days` (422) for more than
    /// [`MUTE_MAX_DAYS`].
    pub async fn mute(&self, name: &str, days: i64) -> Result<DateTime<Utc>> {
        if !(0..=MUTE_MAX_DAYS).contains(&days) {
            return Err(Error::unprocessable(
                "invalid_days",
                format!("a mute lasts 0 to {MUTE_MAX_DAYS} days"),
            ));
        }
        let account = self.account(name).await?;
        let now = self.now();
        let until = now + TimeDelta::days(days);
        self.store.mute(account.id, until, now).await?;
        Ok(until)
    }

    /// The chat of every game `account` played (for its export).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn chat_of_player(&self, account: &Account) -> Result<Vec<ChatLine>> {
        Ok(self.store.chat_of_player(account.id).await?)
    }
}
