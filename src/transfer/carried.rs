//! The lines of an export for each account's play settings and challenge filters,
//! rated games' rating changes (see [`crate::store::carried`]),
//! written after the lines they name and checked as the API checks them.

use chrono::{DateTime, Utc};
use seedpost_rules::Variant;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Line, Reader};
use crate::domain::{AccountId, ChallengeFilters, DaysPerMove, GameId, GameStatus};
use crate::store::PlaySettings;
use crate::store::carried::{
    BlockRecord, Carried, ChatLineRecord, GameRatingRecord, LinesRecord, MuteRecord, NoteRecord,
    PlayedRecord, ReportRecord, Saved,
};

/// An account's play settings. Exports from before they were carried have none.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct PlaySettingsLine {
    account_id: Uuid,
    confirm_moves: bool,
    /// Absent from exports made before the setting existed: off.
    #[serde(default)]
    still_moves: bool,
    /// Exports from before the chat have none: on, the default.
    #[serde(default = "chat_on")]
    chat: bool,
    updated_at: DateTime<Utc>,
}

/// The chat setting of a line from before the chat.
fn chat_on() -> bool {
    true
}

/// An account's challenge filters, as `PUT /me/challenge-filters` takes them.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct FiltersLine {
    account_id: Uuid,
    variants: Vec<Variant>,
    min_days_per_move: u8,
    max_days_per_move: u8,
    rated: bool,
    casual: bool,
    from_bots: bool,
    from_humans: bool,
    updated_at: DateTime<Utc>,
}

/// A player's rating before and after one rated game.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct GameRatingLine {
    game_id: Uuid,
    account_id: Uuid,
    rating_before: f64,
    rating_after: f64,
}

/// A player's conditional lines in force in one game, as `PUT
/// /games/{id}/conditional` takes them. Exports from before them have none.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ConditionalLine {
    game_id: Uuid,
    account_id: Uuid,
    ply: u32,
    lines: Vec<Vec<u8>>,
    updated_at: DateTime<Utc>,
}

/// A ply the server played from a player's lines.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ConditionalPlyLine {
    game_id: Uuid,
    ply: u32,
    account_id: Uuid,
}

/// A player's note on a game. Exports from before notes have none.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct NoteLine {
    game_id: Uuid,
    account_id: Uuid,
    text: String,
    updated_at: DateTime<Utc>,
}

/// A block: `account_id` blocked `blocked_id`.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct BlockLine {
    account_id: Uuid,
    blocked_id: Uuid,
    created_at: DateTime<Utc>,
}

/// A line of a game's chat.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ChatLineLine {
    id: Uuid,
    game_id: Uuid,
    account_id: Uuid,
    text: String,
    created_at: DateTime<Utc>,
}

/// A report of a chat line.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ChatReportLine {
    line_id: Uuid,
    reporter_id: Uuid,
    created_at: DateTime<Utc>,
}

/// An account whose chat the operator stopped.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct ChatMuteLine {
    account_id: Uuid,
    until: DateTime<Utc>,
    created_at: DateTime<Utc>,
}

/// What the import has read of the chat's lines, to refuse repeats.
#[derive(Debug, Default)]
pub(super) struct ChatSeen {
    notes: std::collections::HashSet<(Uuid, Uuid)>,
    blocks: std::collections::HashSet<(Uuid, Uuid)>,
    /// Each chat line's game.
    lines: std::collections::HashMap<Uuid, Uuid>,
    reports: std::collections::HashSet<(Uuid, Uuid)>,
    mutes: std::collections::HashSet<Uuid>,
}

/// The lines of `carried`, in the order the import reads them.
pub(super) fn lines(carried: &Carried) -> Vec<Line> {
    let mut lines = Vec::new();
    lines.extend(carried.play_settings.iter().map(|s| {
        Line::PlaySettings(PlaySettingsLine {
            account_id: s.account.0,
            confirm_moves: s.value.confirm_moves,
            still_moves: s.value.still_moves,
            chat: s.value.chat,
            updated_at: s.updated_at,
        })
    }));
    lines.extend(carried.challenge_filters.iter().map(|s| {
        let (min, max) = s.value.days();
        let (rated, casual) = s.value.terms();
        let (from_bots, from_humans) = s.value.from();
        Line::ChallengeFilters(FiltersLine {
            account_id: s.account.0,
            variants: s.value.variants().to_vec(),
            min_days_per_move: min.days(),
            max_days_per_move: max.days(),
            rated,
            casual,
            from_bots,
            from_humans,
            updated_at: s.updated_at,
        })
    }));
    lines.extend(carried.conditional_lines.iter().map(|l| {
        let parsed = crate::games::conditional::parse_lines(&l.lines).unwrap_or_default();
        Line::Conditional(ConditionalLine {
            game_id: l.game.0,
            account_id: l.account.0,
            ply: u32::try_from(l.ply).unwrap_or_default(),
            lines: parsed
                .iter()
                .map(|line| line.iter().map(|p| p.number()).collect())
                .collect(),
            updated_at: l.updated_at,
        })
    }));
    lines.extend(carried.conditional_plies.iter().map(|p| {
        Line::ConditionalPly(ConditionalPlyLine {
            game_id: p.game.0,
            ply: u32::try_from(p.ply).unwrap_or_default(),
            account_id: p.account.0,
        })
    }));
    lines.extend(carried.notes.iter().map(|n| {
        Line::Note(NoteLine {
            game_id: n.game.0,
            account_id: n.account.0,
            text: n.text.clone(),
            updated_at: n.updated_at,
        })
    }));
    lines.extend(carried.blocks.iter().map(|b| {
        Line::Block(BlockLine {
            account_id: b.account.0,
            blocked_id: b.blocked.0,
            created_at: b.created_at,
        })
    }));
    lines.extend(carried.chat_lines.iter().map(|l| {
        Line::Chat(ChatLineLine {
            id: l.id,
            game_id: l.game.0,
            account_id: l.account.0,
            text: l.text.clone(),
            created_at: l.created_at,
        })
    }));
    lines.extend(carried.chat_reports.iter().map(|r| {
        Line::ChatReport(ChatReportLine {
            line_id: r.line,
            reporter_id: r.reporter.0,
            created_at: r.created_at,
        })
    }));
    lines.extend(carried.chat_mutes.iter().map(|m| {
        Line::ChatMute(ChatMuteLine {
            account_id: m.account.0,
            until: m.until,
            created_at: m.created_at,
        })
    }));
    lines.extend(carried.game_ratings.iter().map(|r| {
        Line::GameRating(GameRatingLine {
            game_id: r.game.0,
            account_id: r.account.0,
            rating_before: r.before,
            rating_after: r.after,
        })
    }));
    lines
}

/// Adds `account`'s settings to `list`, refused when the account has some already
/// (`what` names them).
fn save<T>(
    list: &mut Vec<Saved<T>>,
    account: Uuid,
    value: T,
    updated_at: DateTime<Utc>,
    what: &str,
) -> Result<(), String> {
    if list.iter().any(|s| s.account.0 == account) {
        return Err(format!("{what} appear twice"));
    }
    list.push(Saved {
        account: AccountId(account),
        value,
        updated_at,
    });
    Ok(())
}

impl Reader {
    pub(super) fn play_settings(&mut self, s: PlaySettingsLine) -> Result<(), String> {
        let what = format!("the play settings of account {}", s.account_id);
        self.player(s.account_id, &format!("{what}: its account"))?;
        let value = PlaySettings {
            confirm_moves: s.confirm_moves,
            still_moves: s.still_moves,
            chat: s.chat,
        };
        let list = &mut self.data.carried.play_settings;
        save(list, s.account_id, value, s.updated_at, &what)
    }

    pub(super) fn challenge_filters(&mut self, f: FiltersLine) -> Result<(), String> {
        let what = format!("the challenge filters of account {}", f.account_id);
        self.player(f.account_id, &format!("{what}: its account"))?;
        let days = |d: u8| DaysPerMove::new(i64::from(d)).map_err(|e| format!("{what}: {e}"));
        let filters = ChallengeFilters::new(
            &f.variants,
            (days(f.min_days_per_move)?, days(f.max_days_per_move)?),
            (f.rated, f.casual),
            (f.from_bots, f.from_humans),
        )
        .map_err(|e| format!("{what}: {e}"))?;
        let list = &mut self.data.carried.challenge_filters;
        save(list, f.account_id, filters, f.updated_at, &what)
    }

    /// The game of a line on `game_id`, and the side `account_id` plays in it.
    fn game_played(
        &self,
        game_id: Uuid,
        account_id: Uuid,
        what: &str,
    ) -> Result<(&crate::store::GameWithMoves, seedpost_rules::Side), String> {
        let game = self
            .game_index
            .get(&game_id)
            .and_then(|i| self.data.games.get(*i))
            .ok_or_else(|| format!("{what}: the game is not on an earlier line"))?;
        let side = crate::games::service::side_of(&game.game, AccountId(account_id))
            .ok_or_else(|| format!("{what}: the account does not play the game"))?;
        Ok((game, side))
    }

    pub(super) fn conditional(&mut self, l: ConditionalLine) -> Result<(), String> {
        let what = format!(
            "the conditional lines of account {} in game {}",
            l.account_id, l.game_id
        );
        let (game, side) = self.game_played(l.game_id, l.account_id, &what)?;
        let state = &game.game.state;
        if state.status != GameStatus::Ongoing
            || state.ply != l.ply
            || state.to_move != Some(side.opposite())
        {
            return Err(format!(
                "{what}: the game is not ongoing at ply {} with the opponent to move",
                l.ply
            ));
        }
        // Checked as the API checks them, from the game's position.
        let plies: Vec<seedpost_rules::Ply> = game
            .moves
            .iter()
            .map(|m| match m.pit {
                Some(pit) => seedpost_rules::Ply::Sow { side: m.side, pit },
                None => seedpost_rules::Ply::Pass { side: m.side },
            })
            .collect();
        let engine = seedpost_rules::Game::replay(game.game.variant, game.game.first, &plies)
            .map_err(|e| format!("{what}: the game does not replay: {e}"))?;
        let offered: Vec<Vec<i64>> = l
            .lines
            .iter()
            .map(|line| line.iter().map(|&n| i64::from(n)).collect())
            .collect();
        let lines = crate::games::conditional::check_lines(&engine, side, &offered)
            .map_err(|e| format!("{what}: {e}"))?;
        if lines.is_empty() || lines.len() != offered.len() {
            return Err(format!("{what}: none, or some twice"));
        }
        let list = &mut self.data.carried.conditional_lines;
        if list
            .iter()
            .any(|x| x.game.0 == l.game_id && x.account.0 == l.account_id)
        {
            return Err(format!("{what} appear twice"));
        }
        list.push(LinesRecord {
            game: GameId(l.game_id),
            account: AccountId(l.account_id),
            ply: i32::try_from(l.ply).map_err(|_| format!("{what}: ply {}", l.ply))?,
            lines: crate::games::conditional::lines_text(&lines),
            updated_at: l.updated_at,
        });
        Ok(())
    }

    pub(super) fn conditional_ply(&mut self, p: ConditionalPlyLine) -> Result<(), String> {
        let what = format!(
            "ply {} of game {} played from the lines of account {}",
            p.ply, p.game_id, p.account_id
        );
        let (game, side) = self.game_played(p.game_id, p.account_id, &what)?;
        let played = usize::try_from(p.ply)
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| game.moves.get(i));
        if !played.is_some_and(|m| m.side == side && m.pit.is_some()) {
            return Err(format!("{what}: no such ply of the account's side"));
        }
        let list = &mut self.data.carried.conditional_plies;
        if list
            .iter()
            .any(|x| x.game.0 == p.game_id && i64::from(x.ply) == i64::from(p.ply))
        {
            return Err(format!("{what} appears twice"));
        }
        list.push(PlayedRecord {
            game: GameId(p.game_id),
            ply: i32::try_from(p.ply).map_err(|_| format!("{what}: ply {}", p.ply))?,
            account: AccountId(p.account_id),
        });
        Ok(())
    }

    pub(super) fn game_rating(&mut self, r: GameRatingLine) -> Result<(), String> {
        let what = format!(
            "the rating change of account {} in game {}",
            r.account_id, r.game_id
        );
        let game = self
            .game_index
            .get(&r.game_id)
            .and_then(|i| self.data.games.get(*i))
            .ok_or_else(|| format!("{what}: the game is not on an earlier line"))?;
        let game = &game.game;
        if !game.terms.rated || game.state.status != GameStatus::Finished {
            return Err(format!("{what}: the game is not a finished rated game"));
        }
        if game.players.south.id.0 != r.account_id && game.players.north.id.0 != r.account_id {
            return Err(format!("{what}: the account did not play the game"));
        }
        let valid = |x: f64| x.is_finite() && x > 0.0 && x < 10_000.0;
        if !valid(r.rating_before) || !valid(r.rating_after) {
            return Err(format!(
                "{what}: a rating is not a number between 0 and 10000"
            ));
        }
        if !self.game_ratings.insert((r.game_id, r.account_id)) {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.game_ratings.push(GameRatingRecord {
            game: GameId(r.game_id),
            account: AccountId(r.account_id),
            before: r.rating_before,
            after: r.rating_after,
        });
        Ok(())
    }

    /// Whether `account` plays game `game`, read on an earlier line (`what` names the
    /// line).
    fn plays(&self, game: Uuid, account: Uuid, what: &str) -> Result<(), String> {
        let found = self
            .game_index
            .get(&game)
            .and_then(|i| self.data.games.get(*i))
            .ok_or_else(|| format!("{what}: its game is not on an earlier line"))?;
        let players = &found.game.players;
        if players.south.id.0 == account || players.north.id.0 == account {
            Ok(())
        } else {
            Err(format!("{what}: its account does not play its game"))
        }
    }

    pub(super) fn note(&mut self, n: NoteLine) -> Result<(), String> {
        let what = format!("the note of account {} on game {}", n.account_id, n.game_id);
        self.player(n.account_id, &format!("{what}: its account"))?;
        self.plays(n.game_id, n.account_id, &what)?;
        let text = crate::games::notes::parse_note(&n.text).map_err(|e| format!("{what}: {e}"))?;
        if text != n.text || text.is_empty() {
            return Err(format!("{what}: its text is not as the API keeps notes"));
        }
        if !self.chat_seen.notes.insert((n.game_id, n.account_id)) {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.notes.push(NoteRecord {
            game: GameId(n.game_id),
            account: AccountId(n.account_id),
            text,
            updated_at: n.updated_at,
        });
        Ok(())
    }

    pub(super) fn block(&mut self, b: BlockLine) -> Result<(), String> {
        let what = format!("the block of account {} by {}", b.blocked_id, b.account_id);
        self.player(b.account_id, &format!("{what}: its account"))?;
        self.player(b.blocked_id, &format!("{what}: the blocked account"))?;
        if b.account_id == b.blocked_id {
            return Err(format!("{what}: an account cannot block itself"));
        }
        if !self.chat_seen.blocks.insert((b.account_id, b.blocked_id)) {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.blocks.push(BlockRecord {
            account: AccountId(b.account_id),
            blocked: AccountId(b.blocked_id),
            created_at: b.created_at,
        });
        Ok(())
    }

    pub(super) fn chat_line(&mut self, l: ChatLineLine) -> Result<(), String> {
        let what = format!("chat line {}", l.id);
        self.player(l.account_id, &format!("{what}: its account"))?;
        self.plays(l.game_id, l.account_id, &what)?;
        crate::chat::service::parse_line(&l.text).map_err(|e| format!("{what}: {e}"))?;
        if self.chat_seen.lines.insert(l.id, l.game_id).is_some() {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.chat_lines.push(ChatLineRecord {
            id: l.id,
            game: GameId(l.game_id),
            account: AccountId(l.account_id),
            text: l.text,
            created_at: l.created_at,
        });
        Ok(())
    }

    pub(super) fn chat_report(&mut self, r: ChatReportLine) -> Result<(), String> {
        let what = format!("the report of chat line {} by {}", r.line_id, r.reporter_id);
        self.player(r.reporter_id, &format!("{what}: its account"))?;
        if !self.chat_seen.lines.contains_key(&r.line_id) {
            return Err(format!("{what}: the line is not on an earlier line"));
        }
        if !self.chat_seen.reports.insert((r.line_id, r.reporter_id)) {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.chat_reports.push(ReportRecord {
            line: r.line_id,
            reporter: AccountId(r.reporter_id),
            created_at: r.created_at,
        });
        Ok(())
    }

    pub(super) fn chat_mute(&mut self, m: ChatMuteLine) -> Result<(), String> {
        let what = format!("the mute of account {}", m.account_id);
        self.player(m.account_id, &format!("{what}: its account"))?;
        if !self.chat_seen.mutes.insert(m.account_id) {
            return Err(format!("{what} appears twice"));
        }
        self.data.carried.chat_mutes.push(MuteRecord {
            account: AccountId(m.account_id),
            until: m.until,
            created_at: m.created_at,
        });
        Ok(())
    }
}
