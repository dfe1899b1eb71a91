//! Conditional moves (issue 36): a player plans ahead while it is the opponent's turn,
//! "if they play X, I play Y", as lines of plies from the current position. When the
//! opponent moves, the lines that start with the plies just played stay, the rest are
//! dropped, and where a line's next ply is its owner's the server plays it at once as
//! the owner's move, in the same write as the opponent's (see
//! [`Service::play_move`](crate::service::Service::play_move)).
//!
//! A line is a list of pits, each sown by whoever the rules say moves (Mangala's extra
//! turns make a side move twice; automatic passes are not written). Lines are checked
//! by replaying them through the engine when they are set ([`check_lines`]); two lines
//! may part only where the opponent moves, so that the lines in force always agree on
//! the owner's next ply.
//!
//! Nobody but their owner ever reads a player's lines: not the game's JSON, events,
//! pages or record, and not the opponent's export. The plies the server played from
//! them are marked for their owner alone.
//!
//! Concurrency is the game row's: every write of lines raises the game's `plan_rev`
//! under its row lock, and a move is written only if the game still stands at the ply
//! and the `plan_rev` its mover read; lines set meanwhile make the move read again.

use chrono::{DateTime, Utc};
use seedpost_rules::{Pit, Side};

use super::service::LoadedGame;
use super::store::GameStore;
use crate::domain::{AccountId, GameId, GameStatus};
use crate::error::{Error, Result};
use crate::service::Service;
use crate::store::{Account, StoreError};

/// The most lines a player may have in force in one game.
pub const MAX_LINES: usize = 64;

/// The most plies one line may hold.
pub const MAX_LINE_PLIES: usize = 40;

/// One line: the pits sown in turn from the position it starts at.
pub type Line = Vec<Pit>;

/// A player's lines in one game, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lines {
    /// The game.
    pub game: GameId,
    /// Whose lines.
    pub account: AccountId,
    /// The game's ply the lines start from.
    pub ply: u32,
    /// The lines, none empty.
    pub lines: Vec<Line>,
    /// When they were last written.
    pub updated_at: DateTime<Utc>,
}

/// A player's lines as the API and the pages show them to their owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The game's ply the lines start from (the current ply when none are in force).
    pub ply: u32,
    /// The lines in force.
    pub lines: Vec<Line>,
    /// The plies of the game the server played from the owner's lines.
    pub played: Vec<u32>,
}

/// What a move does to the lines of its game: the lines of `owner` left standing
/// (and the ply they now start from), and the plies played from them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesAfter {
    /// Whose lines.
    pub owner: AccountId,
    /// The lines left and the ply they start from; `None` when none is left.
    pub kept: Option<(u32, Vec<Line>)>,
    /// The plies the server played from them.
    pub played: Vec<u32>,
}

/// Lines as stored: a JSON array of arrays of pit numbers.
#[must_use]
pub fn lines_text(lines: &[Line]) -> String {
    let numbers: Vec<Vec<u8>> = lines
        .iter()
        .map(|l| l.iter().map(|p| p.number()).collect())
        .collect();
    serde_json::to_string(&numbers).unwrap_or_else(|_| "[]".to_owned())
}

/// Lines read back from [`lines_text`].
///
/// # Errors
/// What is wrong with the text.
pub fn parse_lines(text: &str) -> std::result::Result<Vec<Line>, String> {
    let numbers: Vec<Vec<u8>> =
        serde_json::from_str(text).map_err(|e| format!("lines {text:?}: {e}"))?;
    numbers
        .into_iter()
        .map(|line| {
            if line.is_empty() {
                return Err("an empty line".to_owned());
            }
            line.into_iter()
                .map(|n| Pit::new(n).ok_or_else(|| format!("no pit {n}")))
                .collect()
        })
        .collect()
}

/// The lines left after `pit` was sown: those that started with it, without it; a
/// line used up is gone.
#[must_use]
pub fn advance(lines: &[Line], pit: Pit) -> Vec<Line> {
    lines
        .iter()
        .filter(|l| l.first() == Some(&pit) && l.len() > 1)
        .map(|l| l[1..].to_vec())
        .collect()
}

/// The next ply of the lines: the first of the first line (the lines in force agree
/// on it where it is their owner's, see [`check_lines`]).
#[must_use]
pub fn next_ply(lines: &[Line]) -> Option<Pit> {
    lines.first().and_then(|l| l.first().copied())
}

/// Plays `raw`, line number `line_no` of those offered, on `game` ply by ply, each
/// pit sown by whoever the rules say moves (an automatic pass played with the ply
/// before it): who sowed each pit, in order. The one replay of a line, for the API's
/// lines ([`check_lines`]) and the plan board's line as it is being built.
///
/// # Errors
/// 422 `illegal_line` naming `line_no` and the ply at fault (from 1): a number that
/// is no pit, a ply once the game is over, or a move the rules forbid. `game` then
/// stands after the plies before it.
pub fn replay_line(
    game: &mut seedpost_rules::Game,
    line_no: usize,
    raw: &[i64],
) -> Result<Vec<(Side, Pit)>> {
    let mut played = Vec::with_capacity(raw.len());
    for (j, &n) in raw.iter().enumerate() {
        let illegal = |reason| Error::IllegalLine {
            line: line_no,
            ply: j + 1,
            reason,
        };
        let pit = u8::try_from(n)
            .ok()
            .and_then(Pit::new)
            .ok_or(illegal(seedpost_rules::IllegalMove::OutOfRange))?;
        let side = game
            .position()
            .to_move()
            .ok_or(illegal(seedpost_rules::IllegalMove::GameOver))?;
        game.play(pit).map_err(illegal)?;
        played.push((side, pit));
    }
    Ok(played)
}

/// Checks the lines `owner` offers from the position of `engine`, where the opponent
/// is to move: each is replayed through the engine; it must hold a ply of the owner;
/// two lines may part only at a ply of the opponent. Duplicates are dropped; the
/// order is kept.
///
/// # Errors
/// 422 `too_many_lines` (more than [`MAX_LINES`]), `line_too_long` (more than
/// [`MAX_LINE_PLIES`] plies), `illegal_line` (a ply the rules forbid, or no pit of
/// that number, naming the line and the ply), `line_without_reply` (no ply of the
/// owner), `conflicting_lines`.
pub fn check_lines(
    engine: &seedpost_rules::Game,
    owner: Side,
    offered: &[Vec<i64>],
) -> Result<Vec<Line>> {
    if offered.len() > MAX_LINES {
        return Err(Error::unprocessable(
            "too_many_lines",
            format!("at most {MAX_LINES} lines, not {}", offered.len()),
        ));
    }
    // Each line's pits and, beside them, who sows each.
    let mut checked: Vec<(Line, Vec<Side>)> = Vec::with_capacity(offered.len());
    for (i, raw) in offered.iter().enumerate() {
        let line_no = i + 1;
        if raw.len() > MAX_LINE_PLIES {
            return Err(Error::unprocessable(
                "line_too_long",
                format!(
                    "line {line_no} holds {} plies: at most {MAX_LINE_PLIES}",
                    raw.len()
                ),
            ));
        }
        let played = replay_line(&mut engine.clone(), line_no, raw)?;
        let (sides, line): (Vec<Side>, Line) = played.into_iter().unzip();
        if !sides.contains(&owner) {
            return Err(Error::unprocessable(
                "line_without_reply",
                format!("line {line_no} holds none of your plies: add your reply"),
            ));
        }
        if !checked.iter().any(|(l, _)| *l == line) {
            checked.push((line, sides));
        }
    }
    for (a, (first, sides)) in checked.iter().enumerate() {
        for (second, _) in checked.iter().skip(a + 1) {
            let parted = first.iter().zip(second).position(|(x, y)| x != y);
            if let Some(at) = parted.filter(|&at| sides[at] == owner) {
                let number = |line: &Line| {
                    offered
                        .iter()
                        .position(|raw| {
                            raw.len() == line.len()
                                && raw
                                    .iter()
                                    .zip(line)
                                    .all(|(&n, p)| n == i64::from(p.number()))
                        })
                        .map_or(0, |i| i + 1)
                };
                return Err(Error::ConflictingLines {
                    first: number(first),
                    second: number(second),
                    ply: at + 1,
                });
            }
        }
    }
    Ok(checked.into_iter().map(|(line, _)| line).collect())
}

impl Service {
    /// `account`'s lines in game `id` (none once they no longer stand at the game's
    /// ply), and the plies the server played from its lines.
    ///
    /// # Errors
    /// `not_found` (404), `not_a_player` (403).
    pub async fn conditional(&self, account: &Account, id: GameId) -> Result<Plan> {
        let loaded = self.game(id).await?;
        loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
        self.plan_of(&loaded, account).await
    }

    /// [`Service::conditional`] on a game already read.
    ///
    /// # Errors
    /// Storage errors.
    pub async fn plan_of(&self, loaded: &LoadedGame, account: &Account) -> Result<Plan> {
        let id = loaded.game().id;
        let state = &loaded.game().state;
        let played = self.store.played_from_lines(id, account.id).await?;
        let lines = match self.store.account_lines(id, account.id).await? {
            Some(l) if state.status == GameStatus::Ongoing && l.ply == state.ply => l.lines,
            _ => Vec::new(),
        };
        Ok(Plan {
            ply: state.ply,
            lines,
            played,
        })
    }

    /// Sets `account`'s lines in game `id`, seen at ply `seen`, replacing those in
    /// force (none clears them). The checks run in this order: the game exists (404),
    /// the account plays in it (403), it is not over (409 `game_over`), `seen` is the
    /// current ply (409 `stale_ply`), it is the opponent's turn (409
    /// `not_opponents_turn`), then the lines ([`check_lines`], 422).
    ///
    /// # Errors
    /// As above; 409 `conflict` when the game kept changing meanwhile.
    pub async fn set_conditional(
        &self,
        account: &Account,
        id: GameId,
        seen: i64,
        offered: &[Vec<i64>],
    ) -> Result<Plan> {
        for _ in 0..3 {
            let loaded = self.fresh_game(id).await?;
            let side = loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
            let state = &loaded.game().state;
            if state.status != GameStatus::Ongoing {
                return Err(Error::GameOver);
            }
            if seen != i64::from(state.ply) {
                return Err(Error::StalePly {
                    current: state.ply,
                    seen,
                });
            }
            if state.to_move != Some(side.opposite()) {
                return Err(Error::conflict(
                    "not_opponents_turn",
                    "it is your turn: lines are set while your opponent is to move",
                ));
            }
            let lines = check_lines(&loaded.engine, side, offered)?;
            let written = self
                .store
                .set_lines(
                    id,
                    account.id,
                    state.ply,
                    side.opposite(),
                    &lines,
                    self.now(),
                )
                .await;
            // This instance's copy of the game holds the old count of writes.
            self.cache.forget(id);
            match written {
                Ok(()) => {
                    return Ok(Plan {
                        ply: state.ply,
                        lines,
                        played: self.store.played_from_lines(id, account.id).await?,
                    });
                }
                Err(StoreError::Conflict) => {}
                Err(e) => return Err(e.into()),
            }
        }
        Err(Error::conflict(
            "conflict",
            "the game changed meanwhile: retry",
        ))
    }

    /// Clears `account`'s lines in game `id`.
    ///
    /// # Errors
    /// `not_found` (404), `not_a_player` (403).
    pub async fn clear_conditional(&self, account: &Account, id: GameId) -> Result<()> {
        let loaded = self.game(id).await?;
        loaded.side_of(account.id).ok_or(Error::NotAPlayer)?;
        self.store.clear_lines(id, account.id).await?;
        self.cache.forget(id);
        Ok(())
    }

    /// Every line `account` has in force, in any game (its export).
    ///
    /// # Errors
    /// Storage errors.
    pub async fn conditional_of_account(&self, account: &Account) -> Result<Vec<Lines>> {
        Ok(self.store.lines_of_account(account.id).await?)
    }

    /// Game `id` read from the database, not from this instance's copy.
    async fn fresh_game(&self, id: GameId) -> Result<LoadedGame> {
        self.cache.forget(id);
        self.game(id).await
    }
}

/// What the lines of `owner` (on `side`) do after the opponent's pit `played` was sown
/// on `engine`: the owner's plies are sown on `engine` while the lines say so; the
/// lines left and the plies played are returned.
pub(crate) fn follow(
    engine: &mut seedpost_rules::Game,
    owner: AccountId,
    side: Side,
    lines: &[Line],
    played: Pit,
    mut each_move: impl FnMut(&seedpost_rules::Game),
) -> LinesAfter {
    let mut lines = advance(lines, played);
    let mut marks = Vec::new();
    while engine.outcome().is_none() && engine.position().to_move() == Some(side) {
        let Some(pit) = next_ply(&lines) else {
            break;
        };
        let ply = u32::try_from(engine.ply() + 1).unwrap_or(u32::MAX);
        if engine.play(pit).is_err() {
            // Lines are checked when set, and the position is the one they were
            // checked from: a refusal here is a bug, and the lines go.
            tracing::error!(%owner, "a conditional line no longer plays");
            lines.clear();
            break;
        }
        marks.push(ply);
        each_move(engine);
        lines = advance(&lines, pit);
    }
    let kept = (engine.outcome().is_none() && !lines.is_empty())
        .then(|| (u32::try_from(engine.ply()).unwrap_or(u32::MAX), lines));
    LinesAfter {
        owner,
        kept,
        played: marks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seedpost_rules::Variant;

    fn pits(ns: &[u8]) -> Line {
        ns.iter().map(|&n| Pit::new(n).expect("a pit")).collect()
    }

    #[test]
    fn lines_round_trip_through_their_stored_text() {
        let lines = vec![pits(&[3, 5, 1]), pits(&[2, 4])];
        assert_eq!(parse_lines(&lines_text(&lines)), Ok(lines));
        assert!(parse_lines("[[]]").is_err());
        assert!(parse_lines("[[0]]").is_err());
    }

    #[test]
    fn a_line_is_replayed_with_who_sows_each_pit_and_an_illegal_ply_is_named_by_line_and_ply() {
        // §M6: South's pit 4 at the start ends in its store, and South moves again.
        let mut game = seedpost_rules::Game::new(Variant::Mangala, Side::South);
        let played = replay_line(&mut game, 1, &[4, 1, 2]).expect("a legal line");
        let sides: Vec<Side> = played.iter().map(|&(side, _)| side).collect();
        assert_eq!(sides, [Side::South, Side::South, Side::North]);
        assert_eq!(
            played.iter().map(|&(_, pit)| pit).collect::<Line>(),
            pits(&[4, 1, 2])
        );
        assert_eq!(game.ply(), 3);
        let mut game = seedpost_rules::Game::new(Variant::Mangala, Side::South);
        let refused = replay_line(&mut game, 3, &[4, 7]);
        assert!(
            matches!(
                refused,
                Err(Error::IllegalLine {
                    line: 3,
                    ply: 2,
                    reason: seedpost_rules::IllegalMove::OutOfRange
                })
            ),
            "{refused:?}"
        );
        assert_eq!(game.ply(), 1, "the plies before the illegal one are played");
    }

    #[test]
    fn advancing_keeps_the_lines_that_start_with_the_ply_played_and_drops_used_up_ones() {
        let lines = vec![pits(&[3, 5, 1]), pits(&[2, 4]), pits(&[3])];
        let pit = Pit::new(3).expect("a pit");
        assert_eq!(advance(&lines, pit), vec![pits(&[5, 1])]);
    }

    #[test]
    fn two_lines_that_answer_the_same_ply_differently_conflict_and_lines_parting_at_the_opponents_ply_do_not()
     {
        let engine = seedpost_rules::Game::new(Variant::Oware, Side::South);
        // North owns the lines; South is to move.
        let parting = [vec![1, 2], vec![3, 2], vec![1, 2, 4, 5]];
        assert!(check_lines(&engine, Side::North, &parting).is_ok());
        let conflicting = [vec![1, 2], vec![1, 3]];
        let refused = check_lines(&engine, Side::North, &conflicting);
        assert!(
            matches!(
                refused,
                Err(Error::ConflictingLines {
                    first: 1,
                    second: 2,
                    ply: 2
                })
            ),
            "{refused:?}"
        );
    }

    #[test]
    fn a_line_with_no_reply_of_its_owner_or_an_illegal_ply_is_refused_naming_it() {
        let engine = seedpost_rules::Game::new(Variant::Oware, Side::South);
        let refused = check_lines(&engine, Side::North, &[vec![1]]);
        assert!(matches!(
            refused,
            Err(Error::Unprocessable {
                code: "line_without_reply",
                ..
            })
        ));
        let refused = check_lines(&engine, Side::North, &[vec![1, 2], vec![2, 9]]);
        assert!(
            matches!(
                refused,
                Err(Error::IllegalLine {
                    line: 2,
                    ply: 2,
                    ..
                })
            ),
            "{refused:?}"
        );
    }
}
