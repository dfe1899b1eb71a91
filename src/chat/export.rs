//! The chat's lines of `seedpost export` and `seedpost import`: each block, each
//! line of a game's chat, each report of a line and each mute the operator set.
//! Exports from before a kind existed simply have no such lines. Checked on import
//! as the API checks them.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::domain::{AccountId, GameId};
use crate::store::carried::{BlockRecord, ChatLineRecord, MuteRecord, ReportRecord};
use crate::store::ops::DataSet;
use crate::transfer::{Counts, Known, Lines, ReadError, Stored};

/// Everything the chat carries, and what its import has read.
#[derive(Debug, Default)]
pub struct Chat {
    /// Every block.
    pub blocks: Vec<BlockRecord>,
    /// Every chat line, oldest first.
    pub lines: Vec<ChatLineRecord>,
    /// Every report of a chat line.
    pub reports: Vec<ReportRecord>,
    /// Every mute.
    pub mutes: Vec<MuteRecord>,
    /// The (account, blocked account) of each block read.
    seen_blocks: HashSet<(Uuid, Uuid)>,
    /// Each chat line's game.
    seen_lines: HashMap<Uuid, Uuid>,
    /// The (line, reporter) of each report read.
    seen_reports: HashSet<(Uuid, Uuid)>,
    /// The muted accounts read.
    seen_mutes: HashSet<Uuid>,
}

/// A line of the chat.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A block.
    Block(BlockLine),
    /// A chat line (`"type": "chat"`).
    Chat(ChatLineLine),
    /// A report of a chat line.
    ChatReport(ChatReportLine),
    /// A mute.
    ChatMute(ChatMuteLine),
}

/// A block: `account_id` blocked `blocked_id`.
#[derive(Debug, Serialize, Deserialize)]
pub struct BlockLine {
    account_id: Uuid,
    blocked_id: Uuid,
    created_at: DateTime<Utc>,
}

/// A line of a game's chat.
#[derive(Debug, Serialize, Deserialize)]
pub struct ChatLineLine {
    id: Uuid,
    game_id: Uuid,
    account_id: Uuid,
    text: String,
    created_at: DateTime<Utc>,
}

/// A report of a chat line.
#[derive(Debug, Serialize, Deserialize)]
pub struct ChatReportLine {
    line_id: Uuid,
    reporter_id: Uuid,
    created_at: DateTime<Utc>,
}

/// An account whose chat the operator stopped.
#[derive(Debug, Serialize, Deserialize)]
pub struct ChatMuteLine {
    account_id: Uuid,
    until: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

impl Lines for Chat {
    type Line = Line;

    const KINDS: &'static [&'static str] = &["block", "chat", "chat_report", "chat_mute"];

    const EXPORTED: &'static [&'static str] =
        &["blocks", "chat_lines", "chat_reports", "chat_mutes"];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[];

    fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self
            .blocks
            .iter()
            .map(|b| {
                Line::Block(BlockLine {
                    account_id: b.account.0,
                    blocked_id: b.blocked.0,
                    created_at: b.created_at,
                })
            })
            .collect();
        lines.extend(self.lines.iter().map(|l| {
            Line::Chat(ChatLineLine {
                id: l.id,
                game_id: l.game.0,
                account_id: l.account.0,
                text: l.text.clone(),
                created_at: l.created_at,
            })
        }));
        lines.extend(self.reports.iter().map(|r| {
            Line::ChatReport(ChatReportLine {
                line_id: r.line,
                reporter_id: r.reporter.0,
                created_at: r.created_at,
            })
        }));
        lines.extend(self.mutes.iter().map(|m| {
            Line::ChatMute(ChatMuteLine {
                account_id: m.account.0,
                until: m.until,
                created_at: m.created_at,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Block(b) => self.block(b, known),
            Line::Chat(l) => self.chat_line(l, known),
            Line::ChatReport(r) => self.report(r, known),
            Line::ChatMute(m) => self.mute(m, known),
        }
    }

    fn count(&self, _counts: &mut Counts) {
        // The summary names no chat rows (as before they were the chat's).
    }
}

impl Stored for Chat {
    fn from_set(set: &mut DataSet) -> Chat {
        Chat {
            blocks: std::mem::take(&mut set.carried.blocks),
            lines: std::mem::take(&mut set.carried.chat_lines),
            reports: std::mem::take(&mut set.carried.chat_reports),
            mutes: std::mem::take(&mut set.carried.chat_mutes),
            ..Chat::default()
        }
    }

    fn into_set(self, set: &mut DataSet) {
        set.carried.blocks = self.blocks;
        set.carried.chat_lines = self.lines;
        set.carried.chat_reports = self.reports;
        set.carried.chat_mutes = self.mutes;
    }
}

impl Chat {
    fn block(&mut self, b: BlockLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the block of account {} by {}", b.blocked_id, b.account_id);
        known.player(b.account_id, &format!("{what}: its account"))?;
        known.player(b.blocked_id, &format!("{what}: the blocked account"))?;
        if b.account_id == b.blocked_id {
            return Err(ReadError::refused(&what, "an account cannot block itself"));
        }
        if !self.seen_blocks.insert((b.account_id, b.blocked_id)) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.blocks.push(BlockRecord {
            account: AccountId(b.account_id),
            blocked: AccountId(b.blocked_id),
            created_at: b.created_at,
        });
        Ok(())
    }

    fn chat_line(&mut self, l: ChatLineLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("chat line {}", l.id);
        known.player(l.account_id, &format!("{what}: its account"))?;
        known.plays(l.game_id, l.account_id, &what)?;
        super::service::parse_line(&l.text).map_err(|e| ReadError::refused(&what, e))?;
        if self.seen_lines.insert(l.id, l.game_id).is_some() {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.lines.push(ChatLineRecord {
            id: l.id,
            game: GameId(l.game_id),
            account: AccountId(l.account_id),
            text: l.text,
            created_at: l.created_at,
        });
        Ok(())
    }

    fn report(&mut self, r: ChatReportLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the report of chat line {} by {}", r.line_id, r.reporter_id);
        known.player(r.reporter_id, &format!("{what}: its account"))?;
        if !self.seen_lines.contains_key(&r.line_id) {
            return Err(ReadError::refused(
                &what,
                "the line is not on an earlier line",
            ));
        }
        if !self.seen_reports.insert((r.line_id, r.reporter_id)) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.reports.push(ReportRecord {
            line: r.line_id,
            reporter: AccountId(r.reporter_id),
            created_at: r.created_at,
        });
        Ok(())
    }

    fn mute(&mut self, m: ChatMuteLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("the mute of account {}", m.account_id);
        known.player(m.account_id, &format!("{what}: its account"))?;
        if !self.seen_mutes.insert(m.account_id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.mutes.push(MuteRecord {
            account: AccountId(m.account_id),
            until: m.until,
            created_at: m.created_at,
        });
        Ok(())
    }
}
