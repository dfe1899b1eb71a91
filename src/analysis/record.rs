//! The analysis board for a pasted record (`/analysis/record`, issue 36): a game in
//! the text notation (as `GET /api/v1/games/{id}/record` or a games file gives it) is
//! replayed, and the board steps through it, ply by ply, with the analysis of every
//! position, as plain GET links (no JavaScript needed). The analysis counts the
//! positions seen since the last capture, and the moves that would repeat one and end
//! the game are marked, as on the game page.

use std::fmt::Write as _;

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use seedpost_rules::{Game, Pit, Ply, Record, Side};
use serde::Deserialize;

use super::json::{Certainty, PositionAnalysisJson};
use super::pages::{MoveLine, move_lines, signed, to_move_words};
use super::position::PositionQuery;
use super::segment::{positions, segment_history};
use crate::error::Error;
use crate::http::AppState;
use crate::http::pages::error::{PageError, capitalise};
use crate::http::pages::session::{PageQuery, Visitor};
use crate::http::pages::view::{Layout, notation, render};
use crate::i18n::Tr;

/// The board's query: the record pasted (`text`, which may hold line breaks) and the
/// ply to show (0 for the start; the last by default).
#[derive(Debug, Default, Deserialize)]
pub struct RecordQuery {
    text: Option<String>,
    ply: Option<String>,
}

/// A ply of the record, as a link to the position after it.
struct PlyLink {
    /// The position's number (the ply after which it stands).
    number: usize,
    /// The ply as written (`S3`).
    text: String,
    /// Whether it is the position shown.
    current: bool,
}

/// `templates/analysis_record.html`.
#[derive(Template)]
#[template(path = "analysis_record.html")]
struct RecordPage {
    layout: Layout,
    /// The record as pasted.
    text: String,
    error: Option<String>,
    /// The replayed game's plies, each a link.
    plies: Vec<PlyLink>,
    /// The ply shown, and the number of plies.
    shown: usize,
    last: usize,
    /// The query of the links, without the ply.
    link: String,
    /// The position shown: North's row from its right, South's.
    north: Vec<u8>,
    south: Vec<u8>,
    to_move: String,
    value: String,
    exact: bool,
    moves: Vec<MoveLine>,
    /// The moves that would repeat a position and end the game, as plies (`S3`).
    repeating: Vec<String>,
    /// Why the position has no analysis (the game is over), if it has none.
    no_analysis: Option<String>,
}

/// Percent-encodes a query value.
fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// `GET /analysis/record`.
pub async fn show(
    State(state): State<AppState>,
    visitor: Visitor,
    PageQuery(query): PageQuery<RecordQuery>,
) -> Result<Response, PageError> {
    let tr = visitor.tr();
    let text = query.text.unwrap_or_default();
    let mut page = RecordPage {
        layout: visitor.layout(&tr.t("record-title")),
        text: text.clone(),
        error: None,
        plies: Vec::new(),
        shown: 0,
        last: 0,
        link: format!("/analysis/record?text={}", urlencode(&text)),
        north: Vec::new(),
        south: Vec::new(),
        to_move: String::new(),
        value: String::new(),
        exact: false,
        moves: Vec::new(),
        repeating: Vec::new(),
        no_analysis: None,
    };
    if text.trim().is_empty() {
        return Ok(render(&page)?.into_response());
    }
    let (record, game, shown) = match replayed(tr, &text, query.ply.as_deref()) {
        Ok(replayed) => replayed,
        Err(message) => {
            page.error = Some(message);
            return Ok((StatusCode::UNPROCESSABLE_ENTITY, render(&page)?).into_response());
        }
    };
    let last = game.ply();
    let at = Game::replay(record.variant, record.first, &game.plies()[..shown])
        .map_err(|e| Error::internal_from("replaying a record's prefix", e))?;
    let position = at.position();
    // The repetition rules weigh the positions seen since the last capture (§D12,
    // §T6, §O9, §Z9, P7): the analysis is given them, as the game's analysis is.
    let seen = segment_history(&positions(&at), shown);
    page.shown = shown;
    page.last = last;
    page.plies = game
        .plies()
        .iter()
        .enumerate()
        .map(|(i, ply)| PlyLink {
            number: i + 1,
            text: notation(tr, *ply),
            current: i + 1 == shown,
        })
        .collect();
    page.north = position.row(Side::North).iter().rev().copied().collect();
    page.south = position.row(Side::South).to_vec();
    let query = PositionQuery {
        position: *position,
        seen,
    };
    match state.service.analyse_position(query).await {
        Ok(found) => fill(&mut page, tr, &found, &at),
        Err(e @ Error::TableBuilding { .. }) => {
            page.no_analysis = Some(capitalise(&e.to_string()));
        }
        Err(e) if e.status() == StatusCode::UNPROCESSABLE_ENTITY => {
            page.no_analysis = Some(if position.outcome().is_some() {
                tr.t("record-over")
            } else {
                capitalise(&e.to_string())
            });
        }
        Err(e) => return Err(e.into()),
    }
    Ok(render(&page)?.into_response())
}

/// The record of `text` replayed, with the ply to show (`ply`, the last by default).
///
/// # Errors
/// Why the record cannot be shown, in the language of `tr`: its notation, a ply the
/// rules refuse, or no such ply to show.
fn replayed(tr: Tr, text: &str, ply: Option<&str>) -> Result<(Record, Game, usize), String> {
    let record: Record = text
        .trim()
        .parse()
        .map_err(|e: seedpost_rules::ParseRecordError| {
            tr.t1("record-error-notation", "why", e.to_string())
        })?;
    let game = Game::replay(record.variant, record.first, &record.plies)
        .map_err(|e| tr.t1("record-error-replay", "why", e.to_string()))?;
    let last = game.ply();
    let shown = match ply.map(str::trim) {
        None | Some("") => last,
        Some(n) => match n.parse::<usize>() {
            Ok(n) if n <= last => n,
            _ => return Err(tr.t1("record-error-ply", "last", last)),
        },
    };
    Ok((record, game, shown))
}

/// Puts `found`, the analysis of the position of `at`, on the page: the value and
/// each move's, those that would repeat a position marked.
fn fill(page: &mut RecordPage, tr: Tr, found: &PositionAnalysisJson, at: &Game) {
    let repeats = |pit: u8| Pit::new(pit).is_some_and(|pit| at.repeats(pit));
    page.to_move = to_move_words(tr, found);
    page.value = signed(found.value);
    page.exact = found.kind == Certainty::Exact;
    page.moves = move_lines(found, repeats);
    page.repeating = page
        .moves
        .iter()
        .filter(|m| m.repeats)
        .filter_map(|m| Pit::new(m.pit))
        .map(|pit| {
            let side = found.to_move;
            notation(tr, Ply::Sow { side, pit })
        })
        .collect();
}
