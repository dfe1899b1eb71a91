//! What pages show, prepared for templates: the layout, game summaries, time left and
//! the words for endings.

use askama::Template;
use axum::response::Html;
use chrono::{DateTime, Utc};
use seedpost_rules::{Side, Variant};

use super::error::PageError;
use super::{assets, lang};
use crate::domain::{Ending, GameStatus, Lang};
use crate::error::Error;
use crate::i18n::{IntoArg, Tr};
use crate::service::side_of;
use crate::store::{Account, Game};

/// What `templates/base.html` needs.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The page's title.
    pub title: String,
    /// The signed-in user's name.
    pub viewer: Option<String>,
    /// The token of the log-out form.
    pub csrf: String,
    /// The stylesheet's URL.
    pub css: &'static str,
    /// The script's URL.
    pub js: &'static str,
    /// The icon's URL.
    pub icon: &'static str,
    /// The push script's URL (registers the service worker).
    pub push_js: &'static str,
    /// The games where it is the viewer's turn: counted in the header and the title.
    pub turns: usize,
    /// The translator of the page's language: `{{ layout.tr.t("nav-rules") }}` in any
    /// template (see [`crate::i18n`]); also gives `<html lang dir>`.
    pub tr: Tr,
    /// The languages of the menu in the footer.
    pub languages: &'static [Lang],
    /// This page's path and query (without `lang=`), where the language menu returns.
    pub here: String,
    /// The query the log-in and sign-up links carry so that the form comes back to
    /// this page (`?next=…`), or empty where there is nothing to come back to.
    pub come_back: String,
    /// A refused form's reason, shown first in `<main>` and linking to the form.
    pub alert: Option<FormAlert>,
}

/// A refused form's reason at the top of the page (`templates/base.html`): on a
/// phone the form may be screens below, so the page says first that something was
/// refused, and links to the form.
#[derive(Debug, Clone)]
pub struct FormAlert {
    /// Why, in the visitor's language.
    pub message: String,
    /// The `id` of the form's own message.
    pub anchor: &'static str,
}

/// The `?next=` query that brings log-in back to the page `current` shows, when it
/// can be opened again (a `GET` of a page other than home and the forms); else empty.
fn come_back(current: &lang::Current) -> String {
    let here = current.here.as_str();
    let path = here.split('?').next().unwrap_or_default();
    if !current.readable || matches!(path, "/" | "/login" | "/signup") {
        return String::new();
    }
    next_query(here)
}

/// `?next=<path>`, the query that brings the log-in and sign-up forms back to `path`;
/// empty for an empty path.
#[must_use]
pub fn next_query(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    serde_urlencoded::to_string([("next", path)])
        .map_or_else(|_| String::new(), |query| format!("?{query}"))
}

impl Layout {
    /// A layout for a visitor, in the language the request chose (see
    /// [`super::lang`]); pages get theirs from [`super::Visitor::layout`].
    #[must_use]
    pub fn new(title: &str, viewer: Option<String>, csrf: &str) -> Layout {
        let current = lang::current();
        Layout {
            title: title.to_owned(),
            viewer,
            csrf: csrf.to_owned(),
            css: assets::css_url(),
            js: assets::js_url(),
            icon: assets::icon_url(),
            push_js: assets::push_js_url(),
            turns: 0,
            tr: Tr::new(current.lang),
            languages: &Lang::ALL,
            come_back: come_back(&current),
            here: current.here,
            alert: None,
        }
    }

    /// This layout with a refused form's reason first on the page, linking to
    /// `anchor`, the form's own message (see [`FormAlert`]).
    #[must_use]
    pub fn alerting(self, message: Option<&String>, anchor: &'static str) -> Layout {
        Layout {
            alert: message.map(|message| FormAlert {
                message: message.clone(),
                anchor,
            }),
            ..self
        }
    }

    /// A layout that knows nobody (error pages), in the request's language; its
    /// language menu carries the visitor's token if the request read it.
    #[must_use]
    pub fn bare(title: &str) -> Layout {
        Layout::new(title, None, &lang::current().csrf)
    }

    /// Whether `lang` is the page's language (the menu marks it).
    #[must_use]
    pub fn is_current(&self, lang: &Lang) -> bool {
        *lang == self.tr.lang()
    }
}

/// Renders a page.
///
/// # Errors
/// An internal error when the template fails.
pub fn render(page: &impl Template) -> Result<Html<String>, PageError> {
    page.render()
        .map(Html)
        .map_err(|e| PageError(Error::internal_from("rendering a page", e)))
}

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
        refs: &[Option<crate::store::matches::MatchRef>],
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

/// A variant as offered in forms and links.
#[derive(Debug, Clone)]
pub struct VariantChoice {
    /// `mangala`…
    pub name: &'static str,
    /// `Mangala`…
    pub title: &'static str,
    /// Whether it is the one chosen.
    pub selected: bool,
}

/// The three variants, `chosen` selected.
#[must_use]
pub fn variant_choices(chosen: &str) -> Vec<VariantChoice> {
    Variant::OFFERED
        .into_iter()
        .map(|v| VariantChoice {
            name: v.as_str(),
            title: v.title(),
            selected: v.as_str() == chosen,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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
