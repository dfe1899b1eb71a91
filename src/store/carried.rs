//! The rows an export carries beside the games and accounts: each account's
//! settings (play settings, challenge filters), how each rated game moved its
//! players' ratings, each player's conditional
//! lines with the plies played from them, and the players' notes, blocks, chat lines,
//! reports and mutes (issue 36). Read in the export's
//! snapshot and written in the import's transaction (see [`super::ops`]).

use chrono::{DateTime, Utc};
use sqlx::Transaction;
use uuid::Uuid;

use super::StoreError;
use super::common::micros;
use super::dialect::Backend;
use super::prefs::{FiltersRow, PlaySettings};
use super::sql::{AsConn, sql};
use crate::domain::{AccountId, ChallengeFilters, GameId};

/// One account's saved settings of some kind, with when they were saved.
#[derive(Debug, Clone, PartialEq)]
pub struct Saved<T> {
    /// The account.
    pub account: AccountId,
    /// What it saved.
    pub value: T,
    /// When.
    pub updated_at: DateTime<Utc>,
}

/// A player's rating before and after one rated game (`game_ratings`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameRatingRecord {
    /// The game.
    pub game: GameId,
    /// The player.
    pub account: AccountId,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

/// A player's conditional lines in one game (`conditional_lines`), the lines as
/// stored (JSON, see `games::conditional`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesRecord {
    /// The game.
    pub game: GameId,
    /// Whose lines.
    pub account: AccountId,
    /// The game's ply they start from.
    pub ply: i32,
    /// The lines, as stored.
    pub lines: String,
    /// When they were last written.
    pub updated_at: DateTime<Utc>,
}

/// A ply the server played from a player's lines (`conditional_plies`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayedRecord {
    /// The game.
    pub game: GameId,
    /// The ply.
    pub ply: i32,
    /// Whose lines it came from.
    pub account: AccountId,
}

/// A player's note on a game (`game_notes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoteRecord {
    /// The game.
    pub game: GameId,
    /// Whose note it is.
    pub account: AccountId,
    /// The note.
    pub text: String,
    /// When it was last saved.
    pub updated_at: DateTime<Utc>,
}

/// A block (`blocks`): `account` blocked `blocked`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRecord {
    /// Who blocked.
    pub account: AccountId,
    /// Whom.
    pub blocked: AccountId,
    /// When.
    pub created_at: DateTime<Utc>,
}

/// A line of a game's chat (`chat_lines`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLineRecord {
    /// Its id.
    pub id: Uuid,
    /// The game.
    pub game: GameId,
    /// Who wrote it.
    pub account: AccountId,
    /// The text, as written.
    pub text: String,
    /// When.
    pub created_at: DateTime<Utc>,
}

/// A report of a chat line (`chat_reports`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRecord {
    /// The line.
    pub line: Uuid,
    /// Who reported it.
    pub reporter: AccountId,
    /// When.
    pub created_at: DateTime<Utc>,
}

/// An account whose chat the operator stopped (`chat_mutes`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MuteRecord {
    /// The account.
    pub account: AccountId,
    /// Until when.
    pub until: DateTime<Utc>,
    /// When the mute was set.
    pub created_at: DateTime<Utc>,
}

/// Everything this module carries.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Carried {
    /// Every account's play settings, for the accounts that saved some.
    pub play_settings: Vec<Saved<PlaySettings>>,
    /// Every account's challenge filters, for the accounts that have some.
    pub challenge_filters: Vec<Saved<ChallengeFilters>>,
    /// How every rated game moved its players' ratings.
    pub game_ratings: Vec<GameRatingRecord>,
    /// Every player's conditional lines in force.
    pub conditional_lines: Vec<LinesRecord>,
    /// Every ply the server played from a player's lines.
    pub conditional_plies: Vec<PlayedRecord>,
    /// Every player's notes on games.
    pub notes: Vec<NoteRecord>,
    /// Every block.
    pub blocks: Vec<BlockRecord>,
    /// Every chat line, oldest first.
    pub chat_lines: Vec<ChatLineRecord>,
    /// Every report of a chat line.
    pub chat_reports: Vec<ReportRecord>,
    /// Every mute.
    pub chat_mutes: Vec<MuteRecord>,
}

/// A row of `challenge_filters` with its account.
#[derive(sqlx::FromRow)]
struct FiltersExportRow {
    account_id: Uuid,
    #[sqlx(flatten)]
    filters: FiltersRow,
    updated_at: DateTime<Utc>,
}

/// Reads everything this module carries on `conn` (the export's snapshot).
#[expect(clippy::too_many_lines, reason = "153 lines, to be split (issue 34)")]
pub(super) async fn read_carried<B: Backend>(
    conn: &mut impl AsConn<B>,
) -> Result<Carried, StoreError> {
    let play: Vec<(Uuid, bool, bool, bool, DateTime<Utc>)> = sql(
        "SELECT account_id, confirm_moves, still_moves, chat, updated_at FROM play_settings \
         ORDER BY account_id",
    )
    .all(&mut *conn)
    .await?;
    let filters: Vec<FiltersExportRow> = sql(
        "SELECT account_id, variants, min_days, max_days, rated, casual, from_bots, \
                from_humans, updated_at \
         FROM challenge_filters ORDER BY account_id",
    )
    .all(&mut *conn)
    .await?;
    let ratings: Vec<(Uuid, Uuid, f64, f64)> = sql(
        "SELECT game_id, account_id, rating_before, rating_after FROM game_ratings \
         ORDER BY game_id, account_id",
    )
    .all(&mut *conn)
    .await?;
    let conditional: Vec<(Uuid, Uuid, i32, String, DateTime<Utc>)> = sql(
        "SELECT game_id, account_id, ply, lines, updated_at FROM conditional_lines \
         ORDER BY game_id, account_id",
    )
    .all(&mut *conn)
    .await?;
    let notes: Vec<(Uuid, Uuid, String, DateTime<Utc>)> = sql(
        "SELECT game_id, account_id, text, updated_at FROM game_notes \
         ORDER BY game_id, account_id",
    )
    .all(&mut *conn)
    .await?;
    let played: Vec<(Uuid, i32, Uuid)> =
        sql("SELECT game_id, ply, account_id FROM conditional_plies ORDER BY game_id, ply")
            .all(&mut *conn)
            .await?;
    let blocks: Vec<(Uuid, Uuid, DateTime<Utc>)> = sql(
        "SELECT account_id, blocked_id, created_at FROM blocks ORDER BY account_id, blocked_id",
    )
    .all(&mut *conn)
    .await?;
    let lines: Vec<(Uuid, Uuid, Uuid, String, DateTime<Utc>)> = sql(
        "SELECT id, game_id, account_id, text, created_at FROM chat_lines \
         ORDER BY created_at, id",
    )
    .all(&mut *conn)
    .await?;
    let reports: Vec<(Uuid, Uuid, DateTime<Utc>)> =
        sql("SELECT line_id, reporter_id, created_at FROM chat_reports \
         ORDER BY created_at, line_id, reporter_id")
        .all(&mut *conn)
        .await?;
    let mutes: Vec<(Uuid, DateTime<Utc>, DateTime<Utc>)> =
        sql("SELECT account_id, until, created_at FROM chat_mutes ORDER BY account_id")
            .all(&mut *conn)
            .await?;
    Ok(Carried {
        conditional_lines: conditional
            .into_iter()
            .map(|(game, account, ply, lines, updated_at)| LinesRecord {
                game: GameId(game),
                account: AccountId(account),
                ply,
                lines,
                updated_at,
            })
            .collect(),
        conditional_plies: played
            .into_iter()
            .map(|(game, ply, account)| PlayedRecord {
                game: GameId(game),
                ply,
                account: AccountId(account),
            })
            .collect(),
        notes: notes
            .into_iter()
            .map(|(game, account, text, updated_at)| NoteRecord {
                game: GameId(game),
                account: AccountId(account),
                text,
                updated_at,
            })
            .collect(),
        blocks: blocks
            .into_iter()
            .map(|(account, blocked, created_at)| BlockRecord {
                account: AccountId(account),
                blocked: AccountId(blocked),
                created_at,
            })
            .collect(),
        chat_lines: lines
            .into_iter()
            .map(|(id, game, account, text, created_at)| ChatLineRecord {
                id,
                game: GameId(game),
                account: AccountId(account),
                text,
                created_at,
            })
            .collect(),
        chat_reports: reports
            .into_iter()
            .map(|(line, reporter, created_at)| ReportRecord {
                line,
                reporter: AccountId(reporter),
                created_at,
            })
            .collect(),
        chat_mutes: mutes
            .into_iter()
            .map(|(account, until, created_at)| MuteRecord {
                account: AccountId(account),
                until,
                created_at,
            })
            .collect(),
        play_settings: play
            .into_iter()
            .map(
                |(account, confirm_moves, still_moves, chat, updated_at)| Saved {
                    account: AccountId(account),
                    value: PlaySettings {
                        confirm_moves,
                        still_moves,
                        chat,
                    },
                    updated_at,
                },
            )
            .collect(),
        challenge_filters: filters
            .into_iter()
            .map(|row| {
                Ok(Saved {
                    account: AccountId(row.account_id),
                    value: row.filters.parse()?,
                    updated_at: row.updated_at,
                })
            })
            .collect::<Result<_, StoreError>>()?,
        game_ratings: ratings
            .into_iter()
            .map(|(game, account, before, after)| GameRatingRecord {
                game: GameId(game),
                account: AccountId(account),
                before,
                after,
            })
            .collect(),
    })
}

/// Writes everything `carried` holds, in the import's transaction (after the
/// accounts and games it names).
pub(super) async fn import_carried<B: Backend>(
    tx: &mut Transaction<'static, B>,
    carried: &Carried,
) -> Result<(), StoreError> {
    for s in &carried.play_settings {
        super::prefs::insert_play_settings(&mut *tx, s.account, s.value, s.updated_at).await?;
    }
    for s in &carried.challenge_filters {
        super::prefs::insert_filters(&mut *tx, s.account, &s.value, s.updated_at).await?;
    }
    for l in &carried.conditional_lines {
        sql(
            "INSERT INTO conditional_lines (game_id, account_id, ply, lines, updated_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(l.game.0)
        .bind(l.account.0)
        .bind(l.ply)
        .bind(l.lines.as_str())
        .bind(micros(l.updated_at))
        .execute(&mut *tx)
        .await?;
        // A move looks for lines in a game only once some were written there.
        sql("UPDATE games SET plan_rev = plan_rev + 1 WHERE id = $1")
            .bind(l.game.0)
            .execute(&mut *tx)
            .await?;
    }
    for p in &carried.conditional_plies {
        sql("INSERT INTO conditional_plies (game_id, ply, account_id) VALUES ($1, $2, $3)")
            .bind(p.game.0)
            .bind(p.ply)
            .bind(p.account.0)
            .execute(&mut *tx)
            .await?;
    }
    for n in &carried.notes {
        sql(
            "INSERT INTO game_notes (game_id, account_id, text, updated_at) \
             VALUES ($1, $2, $3, $4)",
        )
        .bind(n.game.0)
        .bind(n.account.0)
        .bind(n.text.as_str())
        .bind(micros(n.updated_at))
        .execute(&mut *tx)
        .await?;
    }
    for b in &carried.blocks {
        sql("INSERT INTO blocks (account_id, blocked_id, created_at) VALUES ($1, $2, $3)")
            .bind(b.account.0)
            .bind(b.blocked.0)
            .bind(micros(b.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for l in &carried.chat_lines {
        sql(
            "INSERT INTO chat_lines (id, game_id, account_id, text, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(l.id)
        .bind(l.game.0)
        .bind(l.account.0)
        .bind(l.text.as_str())
        .bind(micros(l.created_at))
        .execute(&mut *tx)
        .await?;
    }
    for r in &carried.chat_reports {
        sql("INSERT INTO chat_reports (line_id, reporter_id, created_at) VALUES ($1, $2, $3)")
            .bind(r.line)
            .bind(r.reporter.0)
            .bind(micros(r.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for m in &carried.chat_mutes {
        sql("INSERT INTO chat_mutes (account_id, until, created_at) VALUES ($1, $2, $3)")
            .bind(m.account.0)
            .bind(micros(m.until))
            .bind(micros(m.created_at))
            .execute(&mut *tx)
            .await?;
    }
    for r in &carried.game_ratings {
        sql(super::rate::INSERT_GAME_RATING)
            .bind(r.game.0)
            .bind(r.account.0)
            .bind(r.before)
            .bind(r.after)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}
