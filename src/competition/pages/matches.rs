//! The match page: the games of a match and its score.

use askama::Template;
use axum::extract::State;
use axum::response::Html;

use crate::competition::service::matches::MatchView;
use crate::domain::{GameStatus, MatchId, MatchStatus, Schedule};
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{PagePath, Visitor};
use crate::http::pages::view::{Layout, render};
use crate::i18n::{IntoArg, Tr};

/// One game in the match's table.
#[derive(Debug, Clone)]
struct MatchGameLine {
    number: u8,
    id: String,
    /// The name of the player who moves first.
    first: String,
    /// `Playing`, `South won`…
    status: String,
    /// South's and North's points, once over.
    points: Option<(String, String)>,
}

/// `templates/match.html`.
#[derive(Template)]
#[template(path = "match.html")]
struct MatchPage {
    layout: Layout,
    variant_title: &'static str,
    variant: &'static str,
    south: String,
    north: String,
    /// "A match of 5 games, one after another, ending once decided".
    terms: String,
    /// `1 day per move`, `3 days per move`.
    pace: String,
    /// South's and North's points.
    score: (String, String),
    /// `Under way`, `Won by ayse`, `Drawn`…
    standing: String,
    games: Vec<MatchGameLine>,
}

/// Points as people write them: `2½`, `½`, `3`.
fn points_text(points: f64) -> String {
    // Points are whole or halves, at most 9.
    let halves = (points * 2.0).round() as u32;
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

impl MatchPage {
    fn new(view: &MatchView, layout: Layout) -> MatchPage {
        let tr = layout.tr;
        let json = view.json();
        let stored = &view.stored;
        let names = &json.players;
        let terms = stored.match_terms;
        let games = json
            .match_games
            .iter()
            .map(|g| MatchGameLine {
                number: g.number,
                id: g.game_id.clone(),
                first: names.get(g.first).clone(),
                status: match (g.status, g.points) {
                    (GameStatus::Ongoing, _) => tr.t("match-playing"),
                    (GameStatus::Aborted, _) => tr.t("match-aborted"),
                    (GameStatus::Finished, Some(p)) if p.south > p.north => {
                        tr.t1("match-won-by", "name", &names.south)
                    }
                    (GameStatus::Finished, Some(p)) if p.north > p.south => {
                        tr.t1("match-won-by", "name", &names.north)
                    }
                    (GameStatus::Finished, _) => tr.t("match-drawn"),
                },
                points: g
                    .points
                    .map(|p| (points_text(p.south), points_text(p.north))),
            })
            .collect();
        let standing = match (stored.status, json.winner) {
            (MatchStatus::Ongoing, _) if json.decided => tr.t("match-under-way-decided"),
            (MatchStatus::Ongoing, _) => tr.t("match-under-way"),
            (MatchStatus::Finished, Some(side)) => tr.t1("match-won-by", "name", names.get(side)),
            (MatchStatus::Finished, None) => tr.t("match-drawn"),
        };
        let terms_id = match (terms.schedule, terms.stop_when_decided) {
            (Schedule::Sequential, false) => "match-terms-sequential",
            (Schedule::Sequential, true) => "match-terms-sequential-decided",
            (Schedule::Parallel, false) => "match-terms-parallel",
            (Schedule::Parallel, true) => "match-terms-parallel-decided",
        };
        MatchPage {
            layout,
            variant_title: stored.variant.title(),
            variant: stored.variant.as_str(),
            south: names.south.clone(),
            north: names.north.clone(),
            terms: tr.t1(terms_id, "games", terms.games()),
            pace: crate::games::view::pace(tr, stored.days_per_move.days()),
            score: (points_text(json.score.south), points_text(json.score.north)),
            standing,
            games,
        }
    }
}

/// A match in a list: its id, and `Mangala, 5 games: ayse 2½ – 1 mehmet, under way`.
#[derive(Debug, Clone)]
pub struct MatchLine {
    /// Its id.
    pub id: String,
    /// What it is and where it stands.
    pub text: String,
}

impl MatchLine {
    /// The line of `view`, in the language of `tr`.
    #[must_use]
    pub fn new(tr: Tr, view: &MatchView) -> MatchLine {
        let json = view.json();
        let standing = match (view.stored.status, json.winner) {
            (MatchStatus::Ongoing, _) => tr.t("match-line-under-way"),
            (MatchStatus::Finished, Some(side)) => {
                tr.t1("match-line-won-by", "name", json.players.get(side))
            }
            (MatchStatus::Finished, None) => tr.t("match-line-drawn"),
        };
        MatchLine {
            id: json.id.clone(),
            text: tr.args(
                "match-line",
                [
                    ("variant", view.stored.variant.title().into_arg()),
                    ("games", json.games.into_arg()),
                    ("south", json.players.south.as_str().into_arg()),
                    ("south-points", points_text(json.score.south).into_arg()),
                    ("north-points", points_text(json.score.north).into_arg()),
                    ("north", json.players.north.as_str().into_arg()),
                    ("standing", standing.into_arg()),
                ],
            ),
        }
    }
}

/// `GET /matches/{id}`: anyone may watch.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(id): PagePath<MatchId>,
) -> Result<Html<String>, PageError> {
    let view = state.service.get_match(id).await?;
    let title = visitor.tr().t3(
        "match-page-title",
        "variant",
        view.stored.variant.title(),
        "south",
        view.stored.players.south.username.as_str(),
        "north",
        view.stored.players.north.username.as_str(),
    );
    render(&MatchPage::new(&view, visitor.layout(&title)))
}

#[cfg(test)]
mod tests {
    use super::points_text;

    #[test]
    fn points_are_written_with_halves() {
        assert_eq!(points_text(0.0), "0");
        assert_eq!(points_text(0.5), "½");
        assert_eq!(points_text(2.5), "2½");
        assert_eq!(points_text(3.0), "3");
    }
}
