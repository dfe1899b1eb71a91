//! A player's page and the standings.

use askama::Template;
use axum::extract::{Query, State};
use axum::response::Html;
use seedpost_rules::Variant;
use serde::Deserialize;

use super::error::PageError;
use super::session::{PagePath, Visitor};
use super::view::{GameLine, Layout, VariantChoice, render, variant_choices, when};
use crate::error::Error;
use crate::http::AppState;
use crate::store::Standing;

/// A standings line as shown.
#[derive(Debug, Clone)]
pub struct StandingLine {
    rank: usize,
    username: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: String,
    /// The Glicko-2 rating, `?` after a provisional one; "—" when unrated.
    rating: String,
    /// Its deviation, `± 187`, or nothing when unrated (left out on a phone).
    deviation: String,
}

fn half_points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}½", halves / 2)
    }
}

/// A rating as shown: `1587`, and `?` after a provisional one (RD above 110).
fn rating(r: &crate::ratings::Rating) -> String {
    format!(
        "{:.0}{}",
        r.rating,
        if r.is_provisional() { "?" } else { "" },
    )
}

impl StandingLine {
    fn new(rank: usize, s: &Standing) -> StandingLine {
        StandingLine {
            rank,
            username: s.username.to_string(),
            games: s.games,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
            points: half_points(s.half_points),
            rating: s.rating.as_ref().map_or_else(|| "—".to_owned(), rating),
            deviation: s
                .rating
                .as_ref()
                .map(|r| format!("± {:.0}", r.deviation))
                .unwrap_or_default(),
        }
    }
}

/// A player's record in one variant (or all).
#[derive(Debug, Clone)]
pub struct RecordLine {
    variant: &'static str,
    line: Option<StandingLine>,
}

/// `templates/player.html`.
#[derive(Template)]
#[template(path = "player.html")]
struct PlayerPage {
    layout: Layout,
    username: String,
    bot: bool,
    joined: String,
    records: Vec<RecordLine>,
    games: Vec<GameLine>,
    /// The player's matches, newest first.
    matches: Vec<super::matches::MatchLine>,
}

/// `GET /players/{name}`.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PagePath(name): PagePath<String>,
) -> Result<Html<String>, PageError> {
    let account = state.service.account(&name).await?;
    let mut records = Vec::new();
    for variant in Variant::ALL.into_iter().map(Some).chain([None]) {
        let standings = state.service.standings(variant).await?;
        let line = standings
            .iter()
            .enumerate()
            .find(|(_, s)| s.username == account.username)
            .map(|(i, s)| StandingLine::new(i + 1, s));
        records.push(RecordLine {
            variant: variant.map_or("All games", Variant::title),
            line,
        });
    }
    let now = state.service.now();
    let games = state
        .service
        .games(
            visitor.account.as_ref(),
            None,
            Some(account.username.as_str()),
            false,
            20,
        )
        .await?;
    let refs = state.service.match_refs(&games).await?;
    // "You" is the viewer, never the player whose page it is.
    let games = GameLine::all(&games, &refs, visitor.account.as_ref(), now);
    render(&PlayerPage {
        layout: visitor.layout(account.username.as_str()),
        username: account.username.to_string(),
        bot: account.bot,
        joined: when(account.created_at),
        records,
        games,
        matches: state
            .service
            .player_matches(account.username.as_str())
            .await?
            .iter()
            .map(super::matches::MatchLine::new)
            .collect(),
    })
}

/// The standings' query: `?variant=mangala`, or none for all games.
#[derive(Debug, Deserialize)]
pub struct StandingsQuery {
    variant: Option<String>,
}

/// `templates/standings.html`.
#[derive(Template)]
#[template(path = "standings.html")]
struct StandingsPage {
    layout: Layout,
    heading: String,
    variants: Vec<VariantChoice>,
    all: bool,
    lines: Vec<StandingLine>,
}

/// `GET /standings?variant=`.
pub async fn standings(
    State(state): State<AppState>,
    visitor: Visitor,
    query: Result<Query<StandingsQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Html<String>, PageError> {
    let Query(query) = query.map_err(|e| Error::bad_request("invalid_query", e.body_text()))?;
    let variant = match query.variant.as_deref() {
        None | Some("" | "all") => None,
        Some(name) => Some(
            name.parse::<Variant>()
                .map_err(|_| Error::NotFound("variant"))?,
        ),
    };
    let lines = state
        .service
        .standings(variant)
        .await?
        .iter()
        .enumerate()
        .map(|(i, s)| StandingLine::new(i + 1, s))
        .collect();
    let heading = format!("Standings: {}", variant.map_or("all games", Variant::title));
    render(&StandingsPage {
        layout: visitor.layout(&heading),
        heading,
        variants: variant_choices(variant.map_or("", Variant::as_str)),
        all: variant.is_none(),
        lines,
    })
}
