//! A game as lists and pages put it in words: the time left, how it ended, its
//! result in one line, its pace, and a game's line in a list.

use chrono::{DateTime, Utc};
use seedpost_rules::Side;

use super::service::side_of;
use crate::domain::{Ending, GameStatus};
use crate::i18n::{IntoArg, Tr};
use crate::store::{Account, Game};

/// "2 days 3 hours", "5 hours 12 minutes", "40 minutes" (the two largest units, in
/// the language of `tr`), or "no time left" once passed.
#[must_use]
pub fn time_left(tr: Tr, deadline: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let left = deadline - now;
    if left <= chrono::Duration::zero() {
        return tr.t("time-left-none");
    }
    let (days, hours, minutes) = (
        left.num_days(),
        left.num_hours() % 24,
        left.num_minutes() % 60,
    );
    let two = |larger: String, smaller: String| {
        tr.t2("time-two-units", "larger", larger, "smaller", smaller)
    };
    if days > 0 && hours == 0 {
        tr.t1("time-days", "count", days)
    } else if days > 0 {
        two(
            tr.t1("time-days", "count", days),
            tr.t1("time-hours", "count", hours),
        )
    } else if hours > 0 {
        two(
            tr.t1("time-hours", "count", hours),
            tr.t1("time-minutes", "count", minutes),
        )
    } else {
        tr.t1("time-minutes", "count", minutes.max(1))
    }
}

/// How a game ended, in words, in the language of `tr`.
#[must_use]
pub fn ending_words(tr: Tr, ending: Ending) -> String {
    tr.t(match ending {
        Ending::Rules(e) => match e {
            seedpost_rules::EndedBy::EmptyRow => "ending-empty-row",
            seedpost_rules::EndedBy::NoMoves => "ending-no-moves",
            seedpost_rules::EndedBy::Repetition => "ending-repetition",
            seedpost_rules::EndedBy::AllCaptured => "ending-all-captured",
            seedpost_rules::EndedBy::Majority => "ending-majority",
        },
        Ending::Resign => "ending-resign",
        Ending::Timeout => "ending-timeout",
        Ending::Abort => "ending-abort",
    })
}

/// `South` or `North`, in the language of `tr`.
#[must_use]
pub fn side_title(tr: Tr, side: Side) -> String {
    tr.t(match side {
        Side::South => "game-side-south",
        Side::North => "game-side-north",
    })
}

/// The result of an ended game in one line, or `None` while it goes on. One form
/// everywhere (the game page, every list): the winner first, then how, then the
/// stones, the winner's first: `mehmet won by resignation, 30 stones to 18.`; a draw
/// names both players in board order: `Draw (the position repeated): ayse 24
/// stones, mehmet 24.`
#[must_use]
pub fn result_line(tr: Tr, game: &Game) -> Option<String> {
    let result = game.state.result?;
    let names = game.players.clone().map(|p| p.username.to_string());
    if game.state.status == GameStatus::Aborted {
        return Some(tr.t("result-aborted"));
    }
    let stones = |side: Side| *result.score.get(side);
    Some(match result.winner {
        Some(w) => {
            let (id, how) = match result.ending {
                Ending::Resign => ("result-won-resign", String::new()),
                Ending::Timeout => ("result-won-timeout", String::new()),
                how => ("result-won", ending_words(tr, how)),
            };
            tr.args(
                id,
                [
                    ("winner", names.get(w).as_str().into_arg()),
                    ("how", how.into_arg()),
                    ("won", stones(w).into_arg()),
                    ("lost", stones(w.opposite()).into_arg()),
                ],
            )
        }
        None => tr.args(
            "result-draw",
            [
                ("how", ending_words(tr, result.ending).into_arg()),
                ("south", names.south.as_str().into_arg()),
                ("southstones", stones(Side::South).into_arg()),
                ("north", names.north.as_str().into_arg()),
                ("northstones", stones(Side::North).into_arg()),
            ],
        ),
    })
}

/// A time control as it reads: `1 day per move`, `3 days per move`.
#[must_use]
pub fn pace(tr: Tr, days: u8) -> String {
    tr.t1("time-per-move", "days", days)
}

/// A game in a list.
#[derive(Debug, Clone)]
pub struct GameLine {
    /// Its id.
    pub id: String,
    /// `Mangala`…
    pub variant: &'static str,
    /// South's name.
    pub south: String,
    /// North's name.
    pub north: String,
    /// The viewer's opponent, when the viewer plays.
    pub opponent: String,
    /// What tells it apart from the players' other games: `game 2 of 3 of a match`,
    /// the tournament's name, or nothing.
    pub context: String,
    /// The tournament's id, when `context` names one.
    pub tournament: Option<String>,
    /// The match's id, when `context` names one.
    pub match_id: Option<String>,
    /// `3 days per move`.
    pub pace: String,
    /// Time left for the side to move, or the result.
    pub status: String,
}

impl GameLine {
    /// A line for `game` as `viewer` sees it at `now`: "you" is the viewer, and
    /// anyone else is named.
    #[must_use]
    pub fn new(tr: Tr, game: &Game, viewer: Option<&Account>, now: DateTime<Utc>) -> GameLine {
        let names = game.players.clone().map(|p| p.username.to_string());
        let mine = viewer.and_then(|a| side_of(game, a.id));
        let status = match (game.state.to_move, game.state.deadline) {
            (Some(side), Some(deadline)) => {
                let you = Some(side) == mine;
                let name = names.get(side).as_str();
                let away: Vec<&str> = Side::ALL
                    .into_iter()
                    .filter(|&s| *game.on_vacation.get(s))
                    .map(|s| names.get(s).as_str())
                    .collect();
                if let [first, rest @ ..] = away.as_slice() {
                    let away_names = match rest {
                        [second, ..] => tr.t2("line-and", "first", *first, "second", *second),
                        [] => (*first).to_owned(),
                    };
                    tr.args(
                        if you {
                            "line-you-vacation"
                        } else {
                            "line-vacation"
                        },
                        [
                            ("name", name.into_arg()),
                            ("away", away_names.into_arg()),
                            ("count", away.len().into_arg()),
                        ],
                    )
                } else {
                    let hurry = game.days_per_move.running_out(deadline, now);
                    let id = match (you, hurry) {
                        (true, false) => "line-you-to-move",
                        (true, true) => "line-you-to-move-hurry",
                        (false, false) => "line-to-move",
                        (false, true) => "line-to-move-hurry",
                    };
                    tr.t2(id, "name", name, "time", time_left(tr, deadline, now))
                }
            }
            _ => result_line(tr, game).unwrap_or_default(),
        };
        GameLine {
            id: game.id.to_string(),
            variant: game.variant.title(),
            opponent: mine
                .map(|s| names.get(s.opposite()).clone())
                .unwrap_or_default(),
            south: names.south,
            north: names.north,
            context: game
                .tournament
                .as_ref()
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            tournament: game.tournament.as_ref().map(|t| t.id.to_string()),
            match_id: None,
            pace: pace(tr, game.days_per_move.days()),
            status,
        }
    }

    /// Lines for `games`, each with its match (`refs`, in the same order, from
    /// [`crate::service::Service::match_refs`]).
    #[must_use]
    pub fn all(
        tr: Tr,
        games: &[Game],
        refs: &[Option<crate::domain::MatchRef>],
        viewer: Option<&Account>,
        now: DateTime<Utc>,
    ) -> Vec<GameLine> {
        games
            .iter()
            .enumerate()
            .map(|(i, game)| {
                let mut line = GameLine::new(tr, game, viewer, now);
                if let Some(Some(m)) = refs.get(i) {
                    line.context = tr.t2("line-match-game", "number", m.number, "of", m.of);
                    line.match_id = Some(m.id.to_string());
                }
                line
            })
            .collect()
    }
}

/// The analysis board's address for the position after the first `n` of `plies`
/// (a game of `variant` that `first` began): the position, whose move it is, each
/// side's store (and Togyz kumalak tuzdyk), and the positions seen since the last capture (the repetition rules weigh them; the latest
/// [`crate::analysis::position::MAX_SEEN`] of them). `None` for a position where
/// nobody is to move: the game is over there, and there is nothing to analyse.
#[must_use]
pub fn analyse_href(
    variant: seedpost_rules::Variant,
    first: Side,
    plies: &[seedpost_rules::Ply],
    n: usize,
) -> Option<String> {
    use crate::analysis::position::{MAX_SEEN, notation};
    let mut game = seedpost_rules::Game::new(variant, first);
    let mut seen = vec![*game.position()];
    for &ply in plies.iter().take(n) {
        if game.push(ply).is_err() {
            break;
        }
        seen.push(*game.position());
    }
    let position = seen.pop()?;
    let side = position.to_move()?;
    // The positions of this segment: as many stones on the board as now.
    let since: Vec<String> = seen
        .iter()
        .rev()
        .take_while(|p| p.on_board() == position.on_board())
        .take(MAX_SEEN)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(notation)
        .collect();
    let row = |side: Side| {
        position
            .row(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut query = vec![
        ("variant", variant.as_str().to_owned()),
        ("south", row(Side::South)),
        ("north", row(Side::North)),
        ("to_move", side.as_str().to_owned()),
        // Oware's 25 and Togyz kumalak's 82 (§O8, §Z7) make the value depend on them.
        ("south_store", position.stores().south.to_string()),
        ("north_store", position.stores().north.to_string()),
    ];
    for (name, owner) in [("south_tuzdyk", Side::South), ("north_tuzdyk", Side::North)] {
        if let Some(pit) = position.tuzdyk(owner) {
            query.push((name, pit.number().to_string()));
        }
    }
    if !since.is_empty() {
        query.push(("seen", since.join(";")));
    }
    let query = serde_urlencoded::to_string(query).ok()?;
    Some(format!("/analysis?{query}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Lang;
    use chrono::TimeZone;

    #[test]
    fn time_left_reads_in_the_two_largest_units() {
        let now = Utc
            .with_ymd_and_hms(2026, 1, 1, 0, 0, 0)
            .single()
            .unwrap_or_default();
        let at = |h: i64, m: i64| now + chrono::Duration::hours(h) + chrono::Duration::minutes(m);
        let en = Tr::new(Lang::En);
        assert_eq!(time_left(en, at(51, 0), now), "2 days 3 hours");
        assert_eq!(time_left(en, at(48, 0), now), "2 days");
        assert_eq!(time_left(en, at(5, 12), now), "5 hours 12 minutes");
        assert_eq!(time_left(en, at(1, 1), now), "1 hour 1 minute");
        assert_eq!(time_left(en, at(0, 0), now), "no time left");
        let tr = Tr::new(Lang::Tr);
        assert_eq!(time_left(tr, at(51, 0), now), "2 gün 3 saat");
        let ar = Tr::new(Lang::Ar);
        assert_eq!(time_left(ar, at(48, 0), now), "يومان");
    }
}
